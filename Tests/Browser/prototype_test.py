#!/usr/bin/env python3
"""Drives `rootapp prototype` pages in headless Chromium as a person would.

For every bundled variant: every walk `rootapp trace` prints is clicked
through, button by button; the page's trace must be the one `rootapp walk
--script` prints for the same inputs, and list the walk's step (or the
page asks the outside world about it). Each walk, as the page writes it
for download, must pass `rootapp check`: the live engine shows the same
screens (an expect line for each). A seeded random walk of 200 clicks
(starting again each time the app ends) is replayed on the live engine the
same way, and so is the file the Download button saves. The locale switch
must show each locale's own words (from `rootapp graph --format json
--locale`), the page must make no network request, and it must pass the
accessibility checks below. Every state, opened by its walk, must draw
the layers the live engine's presentation model shows (the page's walk
plus `expect layers` passes `rootapp check`), modal layers as a sheet,
and a busy state with its question and no action offered. Screenshots at
phone width go to the folder given with --screenshots.

Usage: prototype_test.py ROOTAPP [--screenshots FOLDER] [--only NAME]
Exits 1 when a check fails, naming the variant, the walk and the click.
"""

import argparse
import json
import os
import re
import random
import subprocess
import sys
import tempfile

from selenium import webdriver
from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MANIFESTS = os.path.join(ROOT, "RootApp", "Manifests")
RANDOM_CLICKS = 200


class Failure(Exception):
    pass


def run(rootapp, *arguments):
    return subprocess.run([rootapp, *arguments], capture_output=True, text=True, cwd=ROOT)


def browser(downloads):
    options = Options()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=412,915"]:
        options.add_argument(argument)
    options.add_experimental_option(
        "prefs", {"download.default_directory": downloads, "download.prompt_for_download": False})
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=options)


def state(driver):
    return driver.execute_script(
        "const s = new URLSearchParams(location.hash.slice(1)).get('s'); return Number(s);")


def click(driver, element, what):
    if not element.is_enabled():
        raise Failure(f"{what}: the button is disabled")
    element.click()


# The button a person would press, found in one round trip to the browser
# (a walk of the largest variant is 3,000 clicks): the first shown under
# the selector whose words (or the attribute) are the key, a back button
# never standing for a choice; or, when there is none, the words shown.
BUTTON = """
const [selector, by, key] = arguments;
const buttons = [...document.querySelectorAll(selector)];
const words = (b) => b.innerText.trim();
const found = buttons.find((b) => (by === "text" ? words(b) === key && !b.classList.contains("back")
                                                 : b.getAttribute(by) === key));
return found || buttons.map(words);
"""

# The texts of the page's trace, in one round trip.
TRACE = "return [...document.querySelectorAll('#trace li')].map((li) => li.innerText.trim());"

# The buttons a person can press: shown and enabled.
PRESSABLE = """
return [...document.querySelectorAll("#phone button")]
  .filter((b) => !b.disabled && (b.offsetWidth || b.offsetHeight || b.getClientRects().length));
"""


def give(driver, line):
    """Clicks the button that gives one input of a walk `trace` prints."""
    if line.startswith("choose "):
        label = json.loads(line[len("choose "):])
        found = driver.execute_script(BUTTON, "#actions button", "text", label)
        if isinstance(found, list):
            raise Failure(f"no button '{label}' (the page shows {found})")
        click(driver, found, line)
    elif line.startswith("back "):
        click(driver, driver.find_element(By.CSS_SELECTOR, "#actions button.back"), line)
    elif line.startswith("wait "):
        click(driver, driver.find_element(By.ID, "finish-timer"), line)
    elif line.startswith("answer "):
        _, source, answer = line.split(" ")[:3]
        click(driver, driver.find_element(By.CSS_SELECTOR, f'#answers button[data-answer="{source} {answer}"]'),
              line)
    elif line.startswith("enter "):
        # `enter reading 6.1 (prediabetes)`: the value typed into the field.
        _, field, rest = line.split(" ", 2)
        if rest.startswith('"'):
            value = json.loads(rest[:rest.index('"', 1) + 1])
        else:
            value = rest.split(" ")[0]
        inputs = driver.find_elements(By.CSS_SELECTOR, f'#fields [data-field="{field}"]')
        if not inputs:
            raise Failure(f"no field '{field}' on the page")
        if inputs[0].tag_name == "select":
            Select(inputs[0]).select_by_value(value)
        else:
            inputs[0].clear()
            inputs[0].send_keys(value)
    elif line.startswith("link "):
        # `link kept/normal/P-1024`: the page's button for that address.
        address = line[len("link "):].split(" ")[0]
        # Found by the address it carries, not by its words (a German page says
        # "Link … öffnen").
        found = driver.execute_script(BUTTON, "#links button", "data-link", address)
        if isinstance(found, list):
            raise Failure(f"no button for the link '{address}' (the page shows {found})")
        click(driver, found, line)
    elif line.startswith("select "):
        # `select kept ("Kept results")`: the tab of that section.
        section = line[len("select "):].split(" ")[0]
        tabs = driver.find_elements(By.CSS_SELECTOR, f'#tabs button[data-section="{section}"]')
        if not tabs:
            raise Failure(f"no tab '{section}' on the page")
        click(driver, tabs[0], line)
    elif " emits " in line:
        found = driver.execute_script(BUTTON, "#events button", "text", line)
        if isinstance(found, list):
            raise Failure(f"no button '{line}' (the page shows {found})")
        click(driver, found, line)
    else:
        raise Failure(f"an input this test does not know: {line}")


def check_scripts(rootapp, manifest, scripts):
    """`rootapp check` must replay each of the page's walks (what, text) on
    the live engine: one run for them all."""
    folder = tempfile.mkdtemp(prefix="stepflow-walks-")
    paths = []
    for number, (what, text) in enumerate(scripts):
        path = os.path.join(folder, f"{number:04}.txt")
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        paths.append((path, what, text))
    result = run(rootapp, "check", manifest, *[path for path, _, _ in paths])
    failed = [(what, text) for path, what, text in paths if f"{path}: passed" not in result.stdout]
    for path, _, _ in paths:
        os.unlink(path)
    os.rmdir(folder)
    if failed or result.returncode != 0:
        what, text = failed[0] if failed else ("?", "")
        raise Failure(f"{what}: rootapp check refused the page's walk:\n{text}\n{result.stdout}{result.stderr}")
    return len(scripts)


def live_trace(rootapp, manifest, script):
    """The trace `rootapp walk --script` prints for the page's walk."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as file:
        file.write(script)
    try:
        result = subprocess.run([rootapp, "walk", manifest, "--script", file.name], capture_output=True, text=True,
                                cwd=ROOT, stdin=subprocess.DEVNULL, env={**os.environ, "COLUMNS": "1000"})
    finally:
        os.unlink(file.name)
    # The walk closes in the variant's words: "Trace (…)", "Verlauf (…)".
    text = re.split(r"\n(?:Trace|Verlauf) \(", result.stdout)[-1].split("\n")[1:]
    return [line.split(". ", 1)[1] for line in text if line.startswith("  ") and ". " in line]


FIELD_VALUES = """
const data = JSON.parse(document.getElementById("prototype-data").textContent);
const state = Number(new URLSearchParams(location.hash.slice(1)).get('s'));
const views = data.states[state][4];
if (!views.length) return [];
const field = data.views[views[0]][5].find((f) => f[0] === arguments[0]);
return field ? field[4].map((c) => c[4]) : [];
"""

NEAREST = """
const data = JSON.parse(document.getElementById("prototype-data").textContent);
const via = new Map([[0, []]]), queue = [0];
while (queue.length) {
  const state = queue.shift();
  const leaving = data.transitions.map((t, i) => [t, i]).filter(([t]) => t[0] === state);
  if (leaving.some(([t]) => t[2] === arguments[0])) return via.get(state);
  for (const [t, i] of leaving) if (!via.has(t[1])) { via.set(t[1], via.get(state).concat([i])); queue.push(t[1]); }
}
return null;
"""

ACCESSIBILITY = r"""
const problems = [];
const visible = (e) => !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length);
const name = (e) => {
  if (e.getAttribute("aria-label")) return e.getAttribute("aria-label");
  if (e.getAttribute("aria-labelledby"))
    return e.getAttribute("aria-labelledby").split(" ").map((id) => document.getElementById(id)?.textContent || "").join(" ");
  if (e.id && document.querySelector(`label[for="${e.id}"]`)) return document.querySelector(`label[for="${e.id}"]`).textContent;
  return e.textContent;
};
for (const e of document.querySelectorAll("button, select, input, a[href]"))
  if (visible(e) && !name(e).trim()) problems.push("a control without a name: " + e.outerHTML.slice(0, 80));
let level = 0;
for (const h of document.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
  if (!visible(h)) continue;
  const next = Number(h.tagName[1]);
  if (next > level + 1) problems.push("heading " + h.tagName + " after h" + level + ": " + h.textContent);
  level = next;
}
if (!document.querySelector("main")) problems.push("no main landmark");
for (const e of document.querySelectorAll("main, aside, nav, section, [role=group]"))
  if (e.tagName !== "MAIN" && visible(e) && !name(e).trim()) problems.push("a region without a label: " + e.tagName);
if (!document.documentElement.lang) problems.push("the page names no language");
const luminance = (color) => {
  const [r, g, b] = color.match(/[\d.]+/g).slice(0, 3).map((v) => { v = v / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const background = (e) => {
  for (; e; e = e.parentElement) { const c = getComputedStyle(e).backgroundColor; if (!c.startsWith("rgba(0, 0, 0, 0)")) return c; }
  return "rgb(255, 255, 255)";
};
for (const e of document.querySelectorAll("p, li, button:not(:disabled), label, h1, h2, select")) {
  if (!visible(e) || !e.textContent.trim()) continue;
  const a = luminance(getComputedStyle(e).color), b = luminance(background(e));
  const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  if (ratio < 4.5) problems.push("contrast " + ratio.toFixed(2) + " under 4.5: " + e.textContent.slice(0, 40));
}
return problems;
"""


WALKS = """
const data = JSON.parse(document.getElementById("prototype-data").textContent);
const via = new Map([[0, []]]), queue = [0];
while (queue.length) {
  const state = queue.shift();
  data.transitions.forEach((t, i) => {
    if (t[0] === state && !via.has(t[1])) { via.set(t[1], via.get(state).concat([i])); queue.push(t[1]); }
  });
}
return data.states.map((s, n) => via.has(n) ? via.get(n) : null);
"""

DRAWN = """
// Opens every state by its walk (as following its address does), and reads
// what it draws: the layers, the sheet, the busy state, the walk's script.
return arguments[0].map((walk) => {
  window.prototypeOpen("#w=" + walk.join("."));
  const layers = [...document.querySelectorAll("#layers li")].map((li) => li.dataset.screens.split(" "));
  return {
    layers: layers,
    modal: document.getElementById("sheet").classList.contains("modal"),
    under: [...document.querySelectorAll("#layers li:not(.top)")].filter((li) => li.offsetHeight > 0).length,
    busy: document.getElementById("phone").classList.contains("busy"),
    question: !document.getElementById("question").hidden,
    offered: [...document.querySelectorAll("#actions button, #fields input, #fields select")]
      .filter((e) => !e.disabled).length,
    script: window.prototypeScript(),
  };
});
"""


def check_layers(rootapp, manifest, name, driver, url):
    """Every state of the page (an even spread of about 400 in a larger
    variant), opened by its walk: the layers the page
    draws (the root stack, each sheet above it) must be the ones the live
    engine's presentation model shows after the same inputs (`expect
    layers`, one `rootapp check` run for them all); a modal layer is drawn
    as a sheet over cards of the layers beneath; a busy state shows its
    question and offers no action or field."""
    driver.get(url + "#")
    driver.refresh()
    walks = driver.execute_script(WALKS)
    for number, walk in enumerate(walks):
        if walk is None:
            raise Failure(f"{name}: state {number} cannot be reached on the page")
    # Each state's drawing is replayed by a script on the live engine: every
    # state of the lay variants; of the clinics' 1,600 states and more (their
    # record), an even spread of about 400, so CI keeps its time.
    stride = max(1, len(walks) // 400)
    chosen = list(range(0, len(walks), stride))
    scripts, sheets, busy = [], 0, 0
    for number, drawn in zip(chosen, driver.execute_script(DRAWN, [walks[n] for n in chosen])):
        what = f"{name}: state {number}"
        if drawn["modal"] != (len(drawn["layers"]) > 1) or drawn["under"] != max(0, len(drawn["layers"]) - 1):
            raise Failure(f"{what}: layers {drawn['layers']} are not drawn as a sheet over cards")
        if drawn["busy"] and (not drawn["question"] or drawn["offered"]):
            raise Failure(f"{what}: busy with a question, yet the question is hidden or {drawn['offered']} "
                          "actions or fields are offered")
        sheets += len(drawn["layers"]) > 1
        busy += drawn["busy"]
        # The page's walk to the state, then what it draws.
        expect = "expect layers " + " | ".join(" ".join(layer) for layer in drawn["layers"])
        scripts.append((what, drawn["script"] + (expect + "\n" if drawn["layers"] else "")))
    check_scripts(rootapp, manifest, scripts)
    return len(chosen), sheets, busy


def check_keyboard(driver, what):
    """Every enabled control is reached by Tab, shows its focus, and an
    action works from the keyboard."""
    driver.execute_script("document.activeElement.blur(); window.scrollTo(0, 0);")
    controls = driver.execute_script(
        "return [...document.querySelectorAll('button:not(:disabled), select, input')]"
        ".filter((e) => e.offsetWidth || e.offsetHeight).map((e) => e.id || e.textContent);")
    reached = []
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    for _ in range(len(controls) + 5):
        focused = driver.switch_to.active_element
        key = focused.get_attribute("id") or focused.text
        outline = driver.execute_script(
            "const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth];")
        if focused.tag_name in ("button", "select", "input"):
            if outline[0] == "none" or outline[1] in ("0px", ""):
                raise Failure(f"{what}: no visible focus on {key}")
            reached.append(key)
        focused.send_keys(Keys.TAB)
    missing = [c for c in controls if c not in reached]
    if missing:
        raise Failure(f"{what}: Tab does not reach {missing}")
    # Operable: Enter on the first action moves on.
    before = state(driver)
    first = driver.find_elements(By.CSS_SELECTOR, "#actions button:not(:disabled)")
    if first:
        first[0].send_keys(Keys.ENTER)
        if state(driver) == before:
            raise Failure(f"{what}: Enter on '{first[0].text}' did nothing")


def check_network(driver, what):
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            if not (url.startswith("file://") or url.startswith("data:")):
                raise Failure(f"{what}: the page asked the network for {url}")


def test_variant(rootapp, name, driver, downloads, shots):
    manifest = os.path.join(MANIFESTS, name + ".json")
    page = os.path.join(downloads, name + ".html")
    made = run(rootapp, "prototype", manifest, "-o", page)
    if made.returncode != 0:
        raise Failure(f"{name}: rootapp prototype failed:\n{made.stderr}")
    url = "file://" + page
    trace = json.loads(run(rootapp, "trace", manifest, "--format", "json").stdout)
    figures = {"variant": name, "bytes": os.path.getsize(page), "walks": 0, "clicks": 0, "random": 0, "agree": 0}

    # Every walk trace prints, clicked through.
    walks = []
    driver.get(url + "#")
    driver.refresh()
    for step in trace["steps"]:
        driver.find_element(By.ID, "restart").click()
        for number, entry in enumerate(step["inputs"]):
            try:
                give(driver, entry["input"])
            except Failure as failure:
                raise Failure(f"{name}: walk to {step['id']}, input {number + 1} ({entry['input']}): {failure}")
            figures["clicks"] += 1
        lines = driver.execute_script(TRACE)
        script = driver.execute_script("return window.prototypeScript();")
        # The live engine, walked with the page's inputs, runs the same steps.
        live = live_trace(rootapp, manifest, script)
        if live != lines:
            raise Failure(f"{name}: walk to {step['id']}: the page's trace {lines} is not the live walk's {live}")
        # The step is run, or the app asks the outside world about it.
        asked = driver.find_element(By.ID, "question").is_displayed()
        if step["id"] not in lines and not asked:
            raise Failure(f"{name}: the walk to {step['id']} does not reach it on the page; its trace: {lines}")
        walks.append((f"{name}: walk to {step['id']}", script))
        figures["walks"] += 1
    figures["agree"] = check_scripts(rootapp, manifest, walks)

    # A seeded random walk of 200 clicks, replayed on the live engine.
    generator = random.Random(name)
    driver.get(url + "#")
    driver.refresh()
    segments = []
    while figures["random"] < RANDOM_CLICKS:
        buttons = driver.execute_script(PRESSABLE)
        if not buttons:  # the app ended: this walk is done, start again
            segments.append(driver.execute_script("return window.prototypeScript();"))
            driver.find_element(By.ID, "restart").click()
            continue
        # Fields get a value of one of their classes, or one refused, or stay empty.
        for field in driver.find_elements(By.CSS_SELECTOR, "#fields [data-field]"):
            if not field.is_enabled():  # the app is busy with a question
                continue
            values = driver.execute_script(FIELD_VALUES, field.get_attribute("data-field"))
            value = generator.choice(values + ["", "?!"])
            if field.tag_name == "select":
                Select(field).select_by_value(value if value in values else "")
            else:
                field.clear()
                field.send_keys(value)
        generator.choice(buttons).click()
        figures["random"] += 1
    segments.append(driver.execute_script("return window.prototypeScript();"))
    check_scripts(rootapp, manifest, [(f"{name}: random walk, part {n + 1}", t) for n, t in enumerate(segments)])

    # The Download button saves the same script.
    for old in os.listdir(downloads):
        if old.startswith("walk-"):
            os.unlink(os.path.join(downloads, old))
    expected = driver.execute_script("return window.prototypeScript();")
    driver.find_element(By.ID, "download").click()
    saved = os.path.join(downloads, "walk-" + trace["app"] + ".txt")
    # Chromium writes the download on its own thread and tells the page
    # nothing: wait for the file itself, and for what it holds (the file
    # can be there, empty or part-written, before Chromium finishes it; a
    # CI run caught it so), with a failure that says what did not come.
    def written():
        try:
            with open(saved, encoding="utf-8") as file:
                return file.read()
        except (OSError, UnicodeDecodeError):
            return None
    try:
        WebDriverWait(driver, 5, poll_frequency=0.02).until(lambda _: os.path.exists(saved))
    except TimeoutException:
        raise Failure(f"{name}: the Download button saved no {os.path.basename(saved)} within 5 s")
    try:
        WebDriverWait(driver, 5, poll_frequency=0.05).until(lambda _: written() == expected)
    except TimeoutException:
        raise Failure(f"{name}: the downloaded walk is not the page's walk:\n{written()}\n---\n{expected}")
    check_scripts(rootapp, manifest, [(f"{name}: the downloaded walk", expected)])

    # A link names the place: opening it shows the same state.
    link = driver.current_url
    driver.get("about:blank")
    driver.get(link)
    if driver.current_url.split("#")[1] != link.split("#")[1]:
        raise Failure(f"{name}: the link {link} opened elsewhere: {driver.current_url}")

    # Locales: the switch shows each locale's own texts.
    driver.get(url + "#")
    driver.refresh()
    for locale in json.loads(driver.execute_script(
            "return JSON.stringify(JSON.parse(document.getElementById('prototype-data').textContent).locales)")):
        graph = json.loads(run(rootapp, "graph", manifest, "--format", "json", "--locale", locale).stdout)
        labels = {node["id"]: node["label"] for node in graph["nodes"]}
        Select(driver.find_element(By.ID, "locale")).select_by_visible_text(locale)
        screen = driver.execute_script("return JSON.parse(document.getElementById('prototype-data').textContent)"
                                       ".states[0][0]")
        title = driver.find_element(By.ID, "screen-title").text
        if labels.get(screen) != title:
            raise Failure(f"{name}: in {locale} the first screen reads '{title}', the variant says "
                          f"'{labels.get(screen)}'")
        if driver.execute_script("return document.documentElement.lang") != locale:
            raise Failure(f"{name}: the page does not say it is in {locale}")

    problems = driver.execute_script(ACCESSIBILITY)
    if problems:
        raise Failure(f"{name}: accessibility: " + "; ".join(problems))
    check_keyboard(driver, name)
    check_network(driver, name)

    # Every state's layers, against the live engine's presentation model.
    figures["states"], figures["sheets"], figures["busy"] = check_layers(rootapp, manifest, name, driver, url)
    return figures


def screenshots(rootapp, driver, downloads, folder):
    """The README's pictures: a screen in English and German, the timer,
    a permission question (the app busy), a sheet over a stack."""
    os.makedirs(folder, exist_ok=True)
    german = os.path.join(downloads, "covid-antigen-home-de.html")
    home = os.path.join(downloads, "covid-antigen-home.html")
    for path, manifest in ((german, "covid-antigen-home-de"), (home, "covid-antigen-home")):
        run(rootapp, "prototype", os.path.join(MANIFESTS, manifest + ".json"), "-o", path)

    def walk_to(path, locale, kind):
        """Opens the page on the nearest state with a transition of `kind`
        (t: a timer, a: an answer), by the walk the address names."""
        driver.get(f"file://{path}#l={locale}")
        driver.refresh()
        walk = driver.execute_script(NEAREST, kind)
        if walk is None:
            raise Failure(f"no state with a transition of kind {kind} for the screenshot")
        driver.get(f"file://{path}#l={locale}&w={'.'.join(map(str, walk))}")
        driver.refresh()

    for locale in ("en", "de"):
        driver.get(f"file://{german}#l={locale}&w=0.1.3.5.7.9")
        driver.refresh()
        driver.save_screenshot(os.path.join(folder, f"prototype-{locale}.png"))
    walk_to(home, "en", "t")
    driver.save_screenshot(os.path.join(folder, "prototype-timer.png"))
    walk_to(home, "en", "a")
    driver.save_screenshot(os.path.join(folder, "prototype-question.png"))
    clinic = os.path.join(downloads, "covid-antigen-clinic.html")
    run(rootapp, "prototype", os.path.join(MANIFESTS, "covid-antigen-clinic.json"), "-o", clinic)
    driver.get(f"file://{clinic}#")
    driver.refresh()
    walk = driver.execute_script(WALKS)
    sheets = driver.execute_script("""
        const data = JSON.parse(document.getElementById("prototype-data").textContent);
        return data.states.map((s, n) => s[5].length > 1 ? n : -1).filter((n) => n >= 0);""")
    if not sheets:
        raise Failure("no state of covid-antigen-clinic shows a sheet, for the screenshot")
    nearest = min(sheets, key=lambda n: len(walk[n]))
    driver.get(f"file://{clinic}#w={'.'.join(map(str, walk[nearest]))}")
    driver.refresh()
    driver.save_screenshot(os.path.join(folder, "prototype-sheet.png"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("rootapp")
    parser.add_argument("--screenshots")
    parser.add_argument("--only", help="the variants to test, comma-separated (default: every bundled one)")
    options = parser.parse_args()
    rootapp = os.path.abspath(options.rootapp)
    names = sorted(n[:-5] for n in os.listdir(MANIFESTS) if n.endswith(".json"))
    if options.only:
        wanted = options.only.split(",")
        names = [n for n in names if n in wanted]
        unknown = sorted(set(wanted) - set(names))
        if unknown:
            print(f"--only: no bundled variant {', '.join(unknown)}", file=sys.stderr)
            sys.exit(2)
    downloads = tempfile.mkdtemp(prefix="stepflow-browser-")
    driver = browser(downloads)
    failed = False
    print(f"{'variant':24} {'KiB':>5} {'walks':>6} {'clicks':>7} {'random':>7} {'agree':>6} {'states':>6} "
          f"{'sheets':>6} {'busy':>5}")
    try:
        for name in names:
            try:
                f = test_variant(rootapp, name, driver, downloads, options.screenshots)
                print(f"{name:24} {f['bytes'] // 1024:>5} {f['walks']:>6} {f['clicks']:>7} {f['random']:>7} "
                      f"{f['agree']:>5}/{f['walks']} {f['states']:>6} {f['sheets']:>6} {f['busy']:>5}", flush=True)
            except (Failure, WebDriverException) as failure:
                failed = True
                print(f"FAILED {failure}", file=sys.stderr, flush=True)
        if options.screenshots and not failed:
            try:
                screenshots(rootapp, driver, downloads, options.screenshots)
            except (Failure, WebDriverException) as failure:
                failed = True
                print(f"FAILED screenshots: {failure}", file=sys.stderr, flush=True)
    finally:
        driver.quit()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
