// The page's style: plain CSS, within the page (no file beside it).
extension PrototypePage {
    static let style = #"""
        * { box-sizing: border-box; }
        [hidden] { display: none !important; }
        body { font: 16px/1.45 "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; color: #1b1b1b; margin: 0;
        background: #eef1f4; }
        header { padding: 0.8em 1.2em 0.2em; }
        h1 { font-size: 1.35em; margin: 0; } h1 .sub { font-size: 0.65em; font-weight: normal; color: #4a4a4a; }
        h2 { font-size: 1.15em; }
        main { display: flex; flex-wrap: wrap; gap: 1.2em; padding: 0.6em 1.2em 1.5em; align-items: flex-start; }
        .phone { width: 360px; max-width: 100%; min-height: 600px; background: #fff; border: 10px solid #22262b;
        border-radius: 28px; padding: 1.1em 1em; }
        .phone h2 { font-size: 1.3em; margin: 0.2em 0 0.6em; }
        .phone p { margin: 0.4em 0; }
        .side { display: flex; flex-direction: column; gap: 1.2em; }
        aside, nav { background: #fff; border-radius: 8px; padding: 0.4em 1em 0.8em; width: 330px; max-width: 100%; }
        aside h2, nav h2 { margin: 0.4em 0; }
        .buttons { display: flex; flex-direction: column; gap: 0.5em; margin-top: 1em; }
        button { font: inherit; padding: 0.6em 0.9em; border-radius: 8px; border: 1px solid #1a5fb4;
        background: #1a5fb4; color: #fff; text-align: left; cursor: pointer; }
        button.back, button.secondary, #restart, #download, #finish-timer { background: #fff; color: #1a5fb4; }
        button:disabled { background: #e4e6e9; color: #555; border-color: #999; cursor: not-allowed; }
        :focus-visible { outline: 3px solid #c64600; outline-offset: 2px; }
        h2:focus { outline: none; } h2:focus-visible { outline: 3px solid #c64600; }
        .question { font-weight: bold; margin-top: 0; }
        #question { margin-top: 1em; padding: 0.8em; border: 1px solid #8a8f96; border-radius: 12px;
        background: #f7f8fa; box-shadow: 0 4px 14px rgba(0, 0, 0, 0.25); }
        .layers { list-style: none; margin: 0; padding: 0; }
        .layers li { background: #dfe3e8; color: #1b1b1b; border-radius: 12px 12px 0 0; padding: 0.25em 0.8em;
        font-size: 0.85em; }
        .layers li.top { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
        #sheet.modal { border-radius: 16px 16px 0 0; box-shadow: 0 -3px 10px rgba(0, 0, 0, 0.3); padding: 0.6em 0.8em;
        margin: 0 -0.4em; }
        #sheet.modal::before { content: ""; display: block; width: 3em; height: 5px; border-radius: 3px;
        background: #8a8f96; margin: 0 auto 0.5em; }
        .stack { font-size: 0.85em; color: #3a3a3a; margin: 0 0 0.3em; }
        #phone { display: flex; flex-direction: column; }
        .tabs { display: flex; gap: 0.3em; margin-top: auto; border-top: 1px solid #c4c8ce; padding-top: 0.5em; }
        .tabs[hidden] { display: none; }
        .tabs button { flex: 1; text-align: center; font-size: 0.85em; padding: 0.5em 0.3em; background: #fff;
        color: #1a5fb4; }
        .tabs button[aria-selected="true"] { background: #1a5fb4; color: #fff; cursor: default; }
        .busy #screen-body, .busy #fields, .busy #actions { opacity: 0.55; }
        .fields label { display: block; font-weight: bold; margin-top: 0.8em; }
        .fields input, .fields select { font: inherit; width: 100%; padding: 0.4em; border: 1px solid #5a5a5a;
        border-radius: 6px; }
        .fields .classes { font-size: 0.85em; color: #4a4a4a; margin: 0.2em 0; }
        .fields .refusal { color: #8a1c00; margin: 0.2em 0; }
        .timer { font-weight: bold; color: #7a3e00; }
        .ended { font-weight: bold; }
        .ids { font: 13px/1.3 monospace; color: #3a3a3a; background: #f4f4f4; padding: 0.3em; margin: 0 0 0.5em; }
        #trace { font: 13px/1.4 monospace; padding-left: 2.6em; max-height: 24em; overflow-y: auto; }
        .note { font-size: 0.85em; color: #4a4a4a; }
        .notice { color: #8a1c00; }
        select { font: inherit; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
        white-space: nowrap; }
        """#
}
