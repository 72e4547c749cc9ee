import Stepflow
import StepflowScripts
import StepflowManifest

/// A ``Prototype`` as one HTML file: the variant in a phone-sized frame,
/// moving between the prototype's states as a person clicks, with the
/// trace beside it. It works offline from a file: no network request, no
/// external script, font or image (its content security policy forbids
/// them). The address names the walk taken, so a link opens the page on a
/// screen in context; the walk downloads as an acceptance script `rootapp
/// check` runs unchanged.
package enum PrototypePage {
    /// The generator line every page carries in its head, so a tool can
    /// tell a page it wrote from a file a person keeps at that path.
    package static let generator = "<meta name=\"generator\" content=\"Stepflow prototype\">"

    /// The page, opening in `locale` (by default the variant's first).
    package static func html(_ prototype: Prototype, locale: String? = nil, manifestPath: String) -> String {
        let initial = locale.flatMap { prototype.locales.firstIndex(of: $0) } ?? 0
        // The page's own words in the locale it opens in; the script
        // puts each element marked `data-word` in the locale chosen.
        let words = ToolWords(locale: prototype.locales[initial])
        func word(_ key: String, _ values: [String: String] = [:]) -> String {
            "<span data-word=\"\(key)\">\(Escaping.html(words[key, values]))</span>"
        }
        let title = Escaping.html(prototype.appNames[initial])
        let command = "rootapp check \(manifestPath) walk.txt"
        return """
            <!DOCTYPE html>
            <html lang="\(Escaping.html(prototype.locales[initial]))">
            <head>
            <meta charset="utf-8">
            \(generator)
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; \
            style-src 'unsafe-inline'; img-src data:">
            <title>\(title): prototype</title>
            <style>\(style)</style>
            </head>
            <body>
            <header>
            <h1><span id="app-name">\(title)</span> <span class="sub" data-word="page.prototypeOf">\
            \(Escaping.html(words["page.prototypeOf", ["app": prototype.app.id]]))</span></h1>
            <p class="note">\(word("page.note"))</p>
            </header>
            <main>
            <section id="phone" class="phone" aria-labelledby="screen-title">
            <ol id="layers" class="layers"></ol>
            <div id="sheet">
            <p id="ids" class="ids" hidden></p>
            <p id="stack" class="stack" hidden></p>
            <h2 id="screen-title" tabindex="-1"></h2>
            <div id="screen-body"></div>
            <div id="fields" class="fields"></div>
            <div id="question" role="group" aria-labelledby="question-label" hidden>
            <p id="question-label" class="question"></p><div id="answers" class="buttons"></div></div>
            <div id="actions" class="buttons"></div>
            <div id="timer" role="group" aria-labelledby="timer-label" hidden>
            <p id="timer-label" class="timer"></p>
            <button type="button" id="finish-timer">\(word("page.finishTimer"))</button></div>
            <div id="events" role="group" aria-label="\(Escaping.html(words["page.events"]))" class="buttons" \
            hidden></div>
            <div id="links" role="group" aria-label="\(Escaping.html(words["page.links"]))" class="buttons" \
            hidden></div>
            <p id="ended" class="ended" hidden></p>
            </div>
            <div id="tabs" role="tablist" class="tabs" aria-label="\(Escaping.html(words["page.tabs"]))" hidden></div>
            </section>
            <div class="side">
            <aside aria-labelledby="trace-title">
            <h2 id="trace-title">\(word("page.trace"))</h2>
            <p class="note">\(word("page.traceNote"))</p>
            <ol id="trace"></ol>
            <div class="buttons">
            <button type="button" id="restart">\(word("page.restart"))</button>
            <button type="button" id="download">\(word("page.download"))</button>
            </div>
            <p class="note" id="download-note" data-command="\(Escaping.html(command))">\
            \(word("page.downloadNote", ["command": command]))</p>
            </aside>
            <nav aria-labelledby="controls-title">
            <h2 id="controls-title">\(word("page.settings"))</h2>
            <p><label for="locale">\(word("page.language"))</label> <select id="locale"></select></p>
            <p><label for="speed">\(word("page.timersRun"))</label> <select id="speed">
            <option value="1" data-word="page.speed1">\(Escaping.html(words["page.speed1"]))</option>\
            <option value="10" data-word="page.speed10">\(Escaping.html(words["page.speed10"]))</option>
            <option value="60" data-word="page.speed60" selected>\(Escaping.html(words["page.speed60"]))</option>\
            <option value="600" data-word="page.speed600">\(Escaping.html(words["page.speed600"]))</option>
            </select></p>
            <p><input type="checkbox" id="show-ids"> <label for="show-ids">\(word("page.showIDs"))</label></p>
            <p id="notice" class="notice" role="status"></p>
            </nav>
            </div>
            </main>
            <p id="announce" class="visually-hidden" aria-live="polite"></p>
            <script type="application/json" id="prototype-data">\(data(prototype, initial: initial))</script>
            <script>\(script)</script>
            </body>
            </html>

            """
    }

    /// The prototype as the page's JSON: compact arrays, every `<` escaped
    /// (`\u003c`) so no text can end or confuse the script element.
    package static func data(_ prototype: Prototype, initial: Int) -> String {
        // Each text once: the steps and labels of a large variant's
        // thousands of transitions repeat.
        var written: [String: String] = [:]
        func string(_ text: String) -> String {
            if let known = written[text] { return known }
            let quoted = JSONText.string(text).replacing("<", with: "\\u003c")
            written[text] = quoted
            return quoted
        }
        func strings(_ texts: [String]) -> String { "[" + texts.map(string).joined(separator: ",") + "]" }
        func optional(_ text: String?) -> String { text.map(string) ?? "null" }
        func number(_ value: Double?) -> String { value.map { "\($0)" } ?? "null" }
        // A field: [name, label, kind, required, [[class, label, rule, refusal, representative]]], each rule
        // one the page evaluates as the engine does: ["p", pattern], ["r", lower, upper, includesUpper],
        // ["v", [values]] or ["d", first day, last day].
        func field(_ field: EntryField) -> String {
            let classes = field.classes.map { valueClass -> String in
                let rule: String =
                    switch valueClass.rule {
                    case .pattern(let pattern): "[\"p\",\(string(pattern))]"
                    case .range(let lower, let upper, let includesUpper):
                        "[\"r\",\(number(lower)),\(number(upper)),\(includesUpper)]"
                    case .values(let values): "[\"v\",\(strings(values))]"
                    case .dates(let from, let through):
                        // The days the class was judged on (ISO dates compare as text).
                        "[\"d\",\(optional(valueClass.day(from))),\(optional(valueClass.day(through)))]"
                    }
                return """
                    [\(string(valueClass.name)),\(string(valueClass.label)),\(rule),\(optional(valueClass.refusal)),\
                    \(string(valueClass.representative))]
                    """
            }
            return """
                [\(string(field.name)),\(string(field.label)),\(string(field.kind.rawValue)),\(field.isRequired),\
                [\(classes.joined(separator: ","))]]
                """
        }
        let views = prototype.views.map { view in
            let isBack = view.isBack.map(String.init).joined(separator: ",")
            let isCancel = view.isCancel.map(String.init).joined(separator: ",")
            let fields = view.fields.map { field($0) }.joined(separator: ",")
            let submits = view.submits.map(strings).joined(separator: ",")
            return """
                [\(string(view.title)),\(strings(view.body)),\(strings(view.actions)),[\(isBack)],[\(isCancel)],\
                [\(fields)],[\(submits)]]
                """
        }
        // A state: [screen, instance, ending, timer, [view per locale], [[screen id per layer]],
        // [[[title per layer]] per locale], busy question or null, [busy label per locale],
        // [tab name], [[tab label] per locale], selected tab or null].
        let states = prototype.states.map { state in
            let layers = state.layers.map(strings).joined(separator: ",")
            let titles = state.layerTitles.map { "[" + $0.map(strings).joined(separator: ",") + "]" }
            let views = state.views.map(String.init).joined(separator: ",")
            return """
                [\(optional(state.screen)),\(optional(state.instance)),\(optional(state.ending)),\
                \(state.timerSeconds.map(String.init) ?? "null"),[\(views)],\
                [\(layers)],[\(titles.joined(separator: ","))],\(optional(state.busy)),\(strings(state.busyLabels)),\
                \(strings(state.tabs)),[\(state.tabLabels.map(strings).joined(separator: ","))],\
                \(state.selectedTab.map(String.init) ?? "null")]
                """
        }
        let transitions = prototype.transitions.map { transition in
            let input: String
            var entries = "null"
            switch transition.input {
            case .choose(let action, let isBack): input = "\"c\",\(action),\(isBack)"
            case .submit(let action, let isBack, let entered):
                input = "\"c\",\(action),\(isBack)"
                entries =
                    "[" + entered.map { "[\(string($0.field)),\(string($0.valueClass))]" }.joined(separator: ",") + "]"
            case .timer(let stepper, let step): input = "\"t\",\(string(stepper)),\(string(step))"
            case .emit(let stepper, let step): input = "\"e\",\(string(stepper)),\(string(step))"
            case .answer(let source, let answer): input = "\"a\",\(string(source)),\(string(answer))"
            case .link(let address): input = "\"l\",\(string(address)),null"
            case .select(let section, let label): input = "\"s\",\(string(section)),\(string(label))"
            case .relaunch: input = "\"r\",null,null"
            }
            let labels = transition.answerLabels.map { "[\(string($0.question)),\(string($0.answer))]" }
            return """
                [\(transition.from),\(transition.to),\(input),\(strings(transition.steps)),\(string(transition.line)),\
                [\(labels.joined(separator: ","))],\(optional(transition.ending)),\(entries)]
                """
        }
        // The page's own words in each locale: keys sorted, so the page is the same every time.
        let words = prototype.locales.map { locale in
            let all = ToolWords(locale: locale).all.sorted { $0.key < $1.key }
            return "{" + all.map { "\(string($0.key)):\(string($0.value))" }.joined(separator: ",") + "}"
        }
        return """
            {"app":{"id":\(string(prototype.app.id)),"name":\(string(prototype.app.name)),\
            "names":\(strings(prototype.appNames))},"words":[\(words.joined(separator: ","))],\
            "locales":\(strings(prototype.locales)),"initial":\(initial),"start":\(strings(prototype.startSteps)),
            "byHand":\(strings(prototype.answeredOnPage)),
            "views":[\(views.joined(separator: ",\n"))],
            "states":[\(states.joined(separator: ",\n"))],
            "transitions":[\(transitions.joined(separator: ",\n"))]}
            """
    }
}
