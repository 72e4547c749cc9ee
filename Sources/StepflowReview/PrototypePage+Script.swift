// The page's script. It holds no logic of the app: it shows the state it
// is in and takes the transition a button names.
extension PrototypePage {
    package static let script = #"""
        "use strict";
        (function () {
        const data = JSON.parse(document.getElementById("prototype-data").textContent);
        const byId = (id) => document.getElementById(id);
        const leaving = data.states.map(() => []);
        data.transitions.forEach((t, index) => leaving[t[0]].push(index));
        let locale = data.initial, walk = [], state = 0, timer = null, speed = 60;
        // The values typed for each input of the walk that submitted fields.
        let typed = [];

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
          byId("links").setAttribute("aria-label", w("page.links"));
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
        function take(index, values) {
          if (data.transitions[index][0] !== state) return;
          walk.push(index);
          typed[walk.length - 1] = values || null;
          state = data.transitions[index][1];
          render(true);
        }
        // A value's class by the field's declared rules, as the engine
        // decides it: the first class whose rule takes the value.
        function number(text) {
          return /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(text) && text.replace(/[^0-9]/g, "").length <= 15
            ? Number(text.replace(",", ".")) : null;
        }
        function isDate(text) {
          const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
          if (!m) return false;
          const y = +m[1], mo = +m[2], d = +m[3];
          const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
          return mo >= 1 && mo <= 12 && d >= 1
            && d <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
        }
        function inRule(rule, value) {
          if (rule[0] === "p") return new RegExp("^(?:" + rule[1] + ")$", "u").test(value);
          if (rule[0] === "r") {
            const n = number(value);
            if (n === null) return false;
            if (rule[1] !== null && n < rule[1]) return false;
            if (rule[2] !== null && (rule[3] ? n > rule[2] : n >= rule[2])) return false;
            return true;
          }
          if (rule[0] === "d") {
            return isDate(value) && (rule[1] === null || value >= rule[1]) && (rule[2] === null || value <= rule[2]);
          }
          return rule[1].includes(value);
        }
        function classify(field, raw) {
          const value = raw.trim();
          if (!value) return { refused: field[3] ? w("page.required") : null, empty: true };
          const kind = field[2];
          const ofKind = kind === "number" ? number(value) !== null : kind === "date" ? isDate(value)
            : kind === "toggle" ? value === "true" || value === "false" : true;
          if (!ofKind) return { refused: w("page.notOfKind", { value: value }) };
          const found = field[4].find((c) => inRule(c[2], value));
          if (!found) {
            const classes = field[4].filter((c) => c[3] === null).map((c) => c[1]).join("; ");
            return { refused: w("page.inNoClass", { value: value, classes: classes }) };
          }
          if (found[3] !== null) return { refused: "'" + value + "': " + found[3] };
          return { value: value, cls: found[0] };
        }
        // An action that submits fields: each value checked by its field's
        // rules, then the transition for those classes taken.
        function submit(position) {
          const v = view(state), names = v[6][position] || [], values = {}, classes = {};
          let refused = false;
          names.forEach((name) => {
            const field = v[5].find((f) => f[0] === name), input = byId("field-" + name);
            const result = classify(field, input.value);
            byId("refusal-" + name).textContent = result.refused || "";
            input.setAttribute("aria-invalid", result.refused ? "true" : "false");
            if (result.refused) refused = true;
            else if (!result.empty) { values[name] = result.value; classes[name] = result.cls; }
          });
          if (refused) return;
          const index = find((t) => t[2] === "c" && t[3] === position
            && (t[9] || []).length === Object.keys(classes).length
            && (t[9] || []).every((e) => classes[e[0]] === e[1]))[0];
          if (index !== undefined) take(index, values);
        }
        // A value as an `enter` line writes it: bare, or quoted.
        function quoted(value) {
          if (value && !/[\s"#()\\]/.test(value)) return value;
          return '"' + value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n") + '"';
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
          // What the app's UI shows (the presentation model): the layers
          // under the top one as cards, the top one a sheet when modal, its
          // stack as a path, and the busy state while a question is open.
          const layers = s[5], titles = s[6].length ? s[6][locale] : [];
          byId("layers").replaceChildren(...layers.map((screens, n) => {
            const li = document.createElement("li");
            li.dataset.screens = screens.join(" ");
            li.textContent = (titles[n] || [])[screens.length - 1] || "";
            if (n === layers.length - 1) li.className = "top";
            return li;
          }));
          byId("sheet").className = layers.length > 1 ? "modal" : "";
          const path = titles.length ? titles[titles.length - 1] : [];
          byId("stack").hidden = path.length < 2;
          byId("stack").textContent = path.slice(0, -1).join(" › ") + " ›";
          byId("phone").classList.toggle("busy", s[7] !== null);
          const title = byId("screen-title");
          title.textContent = v ? v[0] : w("page.ended");
          const body = byId("screen-body");
          body.replaceChildren(...(v ? v[1] : []).map((line) => {
            const p = document.createElement("p"); p.textContent = line; return p;
          }));
          const answers = find((t) => t[2] === "a");
          byId("question").hidden = answers.length === 0 && s[7] === null;
          if (s[7] !== null) byId("question-label").textContent = w("page.asks", { question: s[8][locale] });
          if (answers.length) {
            const labels = answers.map((index) => data.transitions[index][7][locale]);
            if (s[7] === null) byId("question-label").textContent = w("page.asks", { question: labels[0][0] });
            byId("answers").replaceChildren(...answers.map((index, n) => {
              const t = data.transitions[index], element = button(labels[n][1], index);
              element.dataset.answer = t[3] + " " + t[4];
              return element;
            }));
          }
          // The screen's fields, kept as typed while the screen stays.
          const fields = byId("fields");
          if (moved || fields.dataset.state !== String(state)) {
            fields.dataset.state = String(state);
            fields.replaceChildren(...(v ? v[5] : []).map((field) => {
              const group = document.createElement("div"), label = document.createElement("label");
              label.htmlFor = "field-" + field[0];
              label.textContent = field[1] + (field[3] ? "" : " " + w("page.optional"));
              const accepted = field[4].filter((c) => c[3] === null);
              let input;
              if (field[2] === "choice" || field[2] === "toggle") {
                input = document.createElement("select");
                input.append(new Option("", ""));
                accepted.forEach((c) => c[2][1].forEach((value) => input.append(new Option(value, value))));
              } else {
                input = document.createElement("input");
                input.type = "text";
                input.inputMode = field[2] === "number" ? "decimal" : "text";
                if (field[2] === "date") input.placeholder = "YYYY-MM-DD";
              }
              input.id = "field-" + field[0];
              input.dataset.field = field[0];
              const classes = document.createElement("p"), refusal = document.createElement("p");
              classes.className = "classes";
              classes.textContent = accepted.map((c) => c[1]).join(" · ");
              refusal.className = "refusal";
              refusal.id = "refusal-" + field[0];
              refusal.setAttribute("role", "alert");
              input.setAttribute("aria-describedby", "refusal-" + field[0]);
              group.append(label, input, classes, refusal);
              return group;
            }));
          }
          const actions = [], backs = [];
          if (v) v[2].forEach((label, position) => {
            if (v[6] && v[6][position] && v[6][position].length) {
              // Its transitions differ by the classes entered: one button
              // that checks the values first.
              const element = document.createElement("button");
              element.type = "button";
              element.textContent = label;
              element.dataset.submits = v[6][position].join(" ");
              element.addEventListener("click", () => submit(position));
              actions.push(element);
              return;
            }
            const index = find((t) => t[2] === "c" && t[3] === position)[0];
            // A way back shows the module's own words ("Close" on a sheet), as a walk prints them.
            if (v[3][position]) backs.push(button(label, index, "back"));
            else actions.push(button(label, index, v[4] && v[4][position] ? "secondary" : undefined));
          });
          fields.querySelectorAll("input, select").forEach((element) => { element.disabled = s[7] !== null; });
          // While a question is open the engine refuses every action: none is offered.
          if (s[7] !== null) actions.concat(backs).forEach((element) => {
            element.disabled = true;
            element.title = w("page.waitsForAnswer");
          });
          // Ended with what the device keeps: the app can be opened again.
          if (s[0] === null) find((t) => t[2] === "r").forEach((index) => {
            actions.push(button(w("page.relaunch"), index));
          });
          byId("actions").replaceChildren(...actions, ...backs);
          const events = find((t) => t[2] === "e");
          byId("events").hidden = events.length === 0;
          byId("events").replaceChildren(...events.map((index) => {
            const t = data.transitions[index]; return button(t[3] + " emits " + t[4], index);
          }));
          // The section bar: every tab, the selected one marked; another
          // is a transition while the bar is not covered.
          byId("tabs").hidden = s[9].length === 0;
          byId("tabs").replaceChildren(...s[9].map((name, position) => {
            const label = s[10][locale][position];
            if (position === s[11]) {
              const element = button(label, undefined);
              element.disabled = false;
              element.removeAttribute("title");
              element.setAttribute("role", "tab");
              element.setAttribute("aria-selected", "true");
              return element;
            }
            const index = find((t) => t[2] === "s" && t[3] === name)[0];
            const element = button(label, index);
            if (index === undefined) element.title = w("page.tabsCovered");
            element.setAttribute("role", "tab");
            element.setAttribute("aria-selected", "false");
            element.dataset.section = name;
            return element;
          }));
          // A notification or a universal link may arrive in any state the app runs in.
          const links = find((t) => t[2] === "l");
          byId("links").hidden = links.length === 0;
          // Said as coming from outside, apart from the screen's own actions.
          const caption = document.createElement("p");
          caption.className = "note";
          caption.textContent = w("page.links") + ":";
          byId("links").replaceChildren(caption, ...links.map((index) => {
            const element = button(w("page.openLink", { address: data.transitions[index][3] }), index, "secondary");
            element.dataset.link = data.transitions[index][3];
            return element;
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
          // On the page every outside answer is a button: the script gives them too.
          if (data.byHand.length) lines.push("by-hand " + data.byHand.join(" "));
          walk.forEach((index, n) => {
            const t = data.transitions[index], from = data.states[t[0]];
            if (from[0]) lines.push("expect screen " + from[0]);
            // The values typed (a link's walk: each class's representative),
            // then the choice.
            if (t[9]) t[9].forEach((e) => {
              const field = view(t[0])[5].find((f) => f[0] === e[0]);
              const value = typed[n] && typed[n][e[0]] !== undefined ? typed[n][e[0]]
                : field[4].find((c) => c[0] === e[1])[4];
              lines.push("enter " + e[0] + " " + quoted(value) + " # " + e[1]);
            });
            lines.push(t[6].split("\n").pop());
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
          walk = []; typed = []; state = 0; byId("notice").textContent = "";
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
          walk = []; typed = []; state = 0; if (timer && timer.handle) clearInterval(timer.handle); timer = null;
          render(true);
        });
        byId("download").addEventListener("click", () => {
          const link = document.createElement("a");
          link.href = "data:text/plain;charset=utf-8," + encodeURIComponent(script());
          link.download = "walk-" + data.app.id + ".txt";
          document.body.append(link); link.click(); link.remove();
        });
        window.addEventListener("hashchange", () => { open(location.hash); render(true); });
        window.prototypeScript = script;
        // Opens the page where an address leads, as following it does (for tests).
        window.prototypeOpen = (fragment) => { open(fragment); render(true); };
        open(location.hash);
        render(false);
        })();
        """#
}
