// The page's style and its script. The script holds no logic of the app:
// it shows the state it is in and takes the transition a button names.
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
        .question { font-weight: bold; margin-top: 1em; }
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

    package static let script = #"""
        "use strict";
        (function () {
        const data = JSON.parse(document.getElementById("prototype-data").textContent);
        const byId = (id) => document.getElementById(id);
        const leaving = data.states.map(() => []);
        data.transitions.forEach((t, index) => leaving[t[0]].push(index));
        let locale = data.initial, walk = [], state = 0, timer = null, speed = 60;

        const kind = (index) => data.transitions[index][2];
        const find = (test) => leaving[state].filter((index) => test(data.transitions[index]));
        const view = (s) => data.states[s][4].length ? data.views[data.states[s][4][locale]] : null;
        // The page's own words in the locale chosen, placeholders filled.
        function w(key, values) {
          let text = data.words[locale][key];
          Object.keys(values || {}).forEach((name) => { text = text.split("{" + name + "}").join(values[name]); });
          return text;
        }
        function words() {
          document.querySelectorAll("[data-word]").forEach((element) => {
            const key = element.dataset.word;
            element.textContent = key === "page.prototypeOf" ? w(key, { app: data.app.id })
              : key === "page.downloadNote" ? w(key, { command: byId("download-note").dataset.command }) : w(key);
          });
          byId("events").setAttribute("aria-label", w("page.events"));
          byId("app-name").textContent = data.app.names[locale];
          document.title = data.app.names[locale] + ": prototype";
        }
        function trace() {
          let lines = data.start.slice();
          walk.forEach((index) => { lines = lines.concat(data.transitions[index][5]); });
          return lines;
        }
        function button(text, index, className) {
          const element = document.createElement("button");
          element.type = "button";
          element.textContent = text;
          if (className) element.className = className;
          if (index === undefined) {
            element.disabled = true;
            element.title = w("page.waitsForAnswer");
          } else {
            element.dataset.transition = index;
            element.addEventListener("click", () => take(index));
          }
          return element;
        }
        function take(index) {
          if (data.transitions[index][0] !== state) return;
          walk.push(index);
          state = data.transitions[index][1];
          render(true);
        }
        function clock(seconds) {
          const whole = Math.max(0, Math.ceil(seconds));
          return Math.floor(whole / 60) + ":" + String(whole % 60).padStart(2, "0");
        }
        function runTimer() {
          const finishing = find((t) => t[2] === "t")[0];
          if (finishing === undefined) { if (timer) clearInterval(timer.handle); timer = null; return; }
          const t = data.transitions[finishing];
          const key = t[3] + " " + t[4];
          // A timer still running on the next screen keeps the time it has left.
          if (!timer || timer.key !== key) {
            if (timer) clearInterval(timer.handle);
            timer = { key: key, left: data.states[state][3], handle: null };
            if (timer.left !== null) {
              timer.handle = setInterval(() => {
                timer.left -= 0.1 * speed;
                if (timer.left <= 0) {
                  clearInterval(timer.handle);
                  const index = find((t) => t[2] === "t")[0];
                  timer = null;
                  if (index !== undefined) take(index);
                } else {
                  showTimer();
                }
              }, 100);
            }
          }
          showTimer();
        }
        function showTimer() {
          byId("timer").hidden = !timer;
          if (timer) {
            byId("timer-label").textContent = timer.left === null
              ? w("page.timer") : w("page.timerLeft", { left: clock(timer.left) });
          }
        }
        // Ended states are one state whatever the way out: how the app
        // ended is the last transition's.
        const ending = () => walk.length ? data.transitions[walk[walk.length - 1]][8] : data.states[state][2];
        function render(moved) {
          const s = data.states[state], v = view(state), lines = trace();
          byId("ids").textContent = s[0]
            ? "module instance " + s[1] + " · screen " + s[0] + " · step " + lines[lines.length - 1]
            : "ended through " + ending() + " · step " + lines[lines.length - 1];
          byId("ids").hidden = !byId("show-ids").checked;
          const title = byId("screen-title");
          title.textContent = v ? v[0] : w("page.ended");
          const body = byId("screen-body");
          body.replaceChildren(...(v ? v[1] : []).map((line) => {
            const p = document.createElement("p"); p.textContent = line; return p;
          }));
          const answers = find((t) => t[2] === "a");
          byId("question").hidden = answers.length === 0;
          if (answers.length) {
            const labels = answers.map((index) => data.transitions[index][7][locale]);
            byId("question-label").textContent = w("page.asks", { question: labels[0][0] });
            byId("answers").replaceChildren(...answers.map((index, n) => {
              const t = data.transitions[index], element = button(labels[n][1], index);
              element.dataset.answer = t[3] + " " + t[4];
              return element;
            }));
          }
          const actions = [], backs = [];
          if (v) v[2].forEach((label, position) => {
            const index = find((t) => t[2] === "c" && t[3] === position)[0];
            if (v[3][position]) backs.push(button(backs.length ? label : w("page.back"), index, "back"));
            else actions.push(button(label, index, v[4] && v[4][position] ? "secondary" : undefined));
          });
          byId("actions").replaceChildren(...actions, ...backs);
          const events = find((t) => t[2] === "e");
          byId("events").hidden = events.length === 0;
          byId("events").replaceChildren(...events.map((index) => {
            const t = data.transitions[index]; return button(t[3] + " emits " + t[4], index);
          }));
          runTimer();
          byId("ended").hidden = s[0] !== null;
          byId("ended").textContent = s[0] === null ? w("page.endedThrough", { exit: ending() }) : "";
          byId("trace").replaceChildren(...lines.map((line) => {
            const li = document.createElement("li"); li.textContent = line; return li;
          }));
          byId("trace").scrollTop = byId("trace").scrollHeight;
          document.documentElement.lang = data.locales[locale];
          words();
          history.replaceState(null, "", "#l=" + data.locales[locale] + "&s=" + state + "&w=" + walk.join("."));
          if (moved) {
            byId("announce").textContent = w("page.announce", { title: title.textContent });
            title.focus();
          }
        }
        function script() {
          const lines = ["# " + data.app.name + ": clicked through in rootapp prototype, " + walk.length + " inputs"];
          walk.forEach((index) => {
            const from = data.states[data.transitions[index][0]];
            if (from[0]) lines.push("expect screen " + from[0]);
            lines.push(data.transitions[index][6]);
          });
          const last = data.states[state];
          lines.push(last[0] ? "expect screen " + last[0] : "expect end " + ending());
          return lines.join("\n") + "\n";
        }
        function open(fragment) {
          const fields = {};
          fragment.replace(/^#/, "").split("&").forEach((pair) => {
            const [key, value] = pair.split("="); if (key) fields[key] = decodeURIComponent(value || "");
          });
          if (fields.l && data.locales.includes(fields.l)) locale = data.locales.indexOf(fields.l);
          walk = []; state = 0; byId("notice").textContent = "";
          const steps = fields.w ? fields.w.split(".").map(Number) : [];
          for (let n = 0; n < steps.length; n++) {
            const index = steps[n];
            if (!(index >= 0 && index < data.transitions.length) || data.transitions[index][0] !== state) {
              byId("notice").textContent = "The link's walk does not fit this page after input " + n
                + ": it opens where those inputs lead.";
              break;
            }
            walk.push(index); state = data.transitions[index][1];
          }
          if (fields.s !== undefined && Number(fields.s) !== state && !byId("notice").textContent) {
            byId("notice").textContent = "The link names state " + fields.s + ", but its walk leads to state "
              + state + ": it opens where the walk leads.";
          }
          byId("locale").value = String(locale);
        }
        data.locales.forEach((code, index) => {
          const option = document.createElement("option"); option.value = String(index); option.textContent = code;
          byId("locale").append(option);
        });
        byId("locale").addEventListener("change", (event) => { locale = Number(event.target.value); render(false); });
        byId("speed").addEventListener("change", (event) => { speed = Number(event.target.value); });
        byId("show-ids").addEventListener("change", () => render(false));
        byId("finish-timer").addEventListener("click", () => {
          const index = find((t) => t[2] === "t")[0];
          if (timer && timer.handle) clearInterval(timer.handle);
          timer = null;
          if (index !== undefined) take(index);
        });
        byId("restart").addEventListener("click", () => {
          walk = []; state = 0; if (timer && timer.handle) clearInterval(timer.handle); timer = null; render(true);
        });
        byId("download").addEventListener("click", () => {
          const link = document.createElement("a");
          link.href = "data:text/plain;charset=utf-8," + encodeURIComponent(script());
          link.download = "walk-" + data.app.id + ".txt";
          document.body.append(link); link.click(); link.remove();
        });
        window.addEventListener("hashchange", () => { open(location.hash); render(true); });
        window.prototypeScript = script;
        open(location.hash);
        render(false);
        })();
        """#
}
