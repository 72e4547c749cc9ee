public import Stepflow
import StepflowGraph

/// The words Stepflow's own tools put around a variant's screens (the
/// terminal walk's prompts and notes, the prototype's frame and panel),
/// in each locale they speak: a German variant is walked and clicked
/// through in German, not in German screens with English around them.
///
/// A word is a template with `{name}` placeholders. A locale the tools do
/// not speak falls back to English (``speaks(_:)`` says which do, so a
/// tool can say so rather than mix languages silently).
///
/// ```swift
/// ToolWords(locale: "de")["walk.asks", ["question": "Kamerazugriff"]]
/// // "Die App fragt nach Kamerazugriff. Antwort:"
/// ```
public struct ToolWords: Sendable {
    /// The locale the words are in (``fallback`` when the tools do not speak the one asked).
    public let locale: String

    /// The locale every word is written in first: English.
    public static let fallback = "en"

    /// The locales the tools speak.
    public static var locales: [String] { table.keys.sorted() }

    /// Whether the tools have their own words in `locale` (`de`, or `de-AT` for `de`).
    public static func speaks(_ locale: String) -> Bool { resolve(locale) != nil }

    /// The words in `locale`, or in English when the tools do not speak it.
    public init(locale: String) {
        self.locale = Self.resolve(locale) ?? Self.fallback
    }

    /// `{count} step` or `{count} steps` (`key.one`, `key.other`) as
    /// `count` asks, in these words.
    package func counted(_ key: String, _ count: Int) -> String {
        self["\(key).\(count == 1 ? "one" : "other")", ["count": String(count)]]
    }

    /// The word `key` with its placeholders filled from `values`.
    public subscript(_ key: String, _ values: [String: String] = [:]) -> String {
        // Every key is in English, the table's first language.
        var text = Self.table[locale]?[key] ?? Self.table[Self.fallback]![key] ?? key
        for (name, value) in values { text = text.replacing("{\(name)}", with: value) }
        return text
    }

    /// Every word of `locale` (English where it has none), for a page
    /// that switches language by itself.
    public var all: [String: String] {
        Self.table[Self.fallback]!.merging(Self.table[locale] ?? [:]) { _, own in own }
    }

    /// `refusal` in these words (its English sentence for facts these
    /// words do not cover): as a clause after `file:line:`, or with
    /// `asSentence`, as a sentence of its own (capital first letter).
    public func refusal(_ refusal: SessionRefusal, asSentence: Bool) -> String {
        let clause = self.refusal(refusal)
        return asSentence ? clause.prefix(1).uppercased() + clause.dropFirst() : clause
    }

    /// `refusal` in these words, as a clause after `file:line:`.
    public func refusal(_ refusal: SessionRefusal) -> String {
        switch refusal {
        case .noSuchAction(let choice, let screen, _, let labels) where labels.isEmpty:
            return self["walk.noActionAtAll", ["choice": choice.shortened(), "screen": screen]]
        case .noSuchAction(let choice, let screen, let numbered, let labels):
            let numbers =
                numbered == 0 ? "" : numbered == 1 ? "1 \(self["walk.or"]) " : "1-\(numbered) \(self["walk.or"]) "
            return self[
                "walk.noAction",
                [
                    "choice": choice.shortened(), "screen": screen, "numbers": numbers,
                    "labels": labels.map { "'\($0)'" }.joined(separator: ", "),
                ]]
        case .nothingAwaits(let source, let screen, let waiting):
            let now = waiting.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value.joined(separator: ", ")))" }
            return self["walk.noAnswer", ["source": source.shortened(), "screen": screen ?? "—"]]
                + (now.isEmpty ? "" : " " + self["walk.canAnswer", ["sources": now.joined(separator: "; ")]])
        case .noWayBack(let screen):
            return self["walk.noWayBack", ["screen": screen]]
        case .noTimer(let screen):
            return self["walk.noTimer", ["screen": screen ?? "—"]]
        case .questionOpen(let source, let question, let answers):
            return self[
                "walk.answerFirst",
                [
                    "question": question,
                    "line": Input.answer(source: source, answer: "<\(answers.joined(separator: ", "))>").scriptLine,
                ]]
        case .entryRefused(_, let refused):
            return self["walk.entryRefused", ["label": refused.label, "reason": reason(refused.reason)]]
        case .ended:
            return self["walk.refused.ended"]
        case .noSuchField(let field, let screen, let fields):
            let listed = fields.isEmpty ? "—" : fields.joined(separator: ", ")
            return self["walk.noSuchField", ["field": field.shortened(), "screen": screen, "fields": listed]]
        case .noSuchSection(let section, let isCovered, let selectable):
            let can =
                selectable.isEmpty
                ? self["walk.noSelectable"] : self["walk.selectable", ["names": selectable.joined(separator: ", ")]]
            return self[isCovered ? "walk.sectionCovered" : "walk.noSuchSection", ["section": section.shortened()]]
                + " " + can
        default:
            return refusal.description
        }
    }

    /// Why a value was refused, in these words: the class's own refusal
    /// (the module's words, in the variant's locale), or what the field
    /// takes by its classes' labels.
    package func reason(_ reason: EntryRefusal.Reason) -> String {
        switch reason {
        case .empty: self["walk.reason.empty"]
        case .notOfKind(let value, let kind):
            self["walk.reason.notOfKind", ["value": value.shortened(), "kind": self["walk.kind.\(kind.rawValue)"]]]
        case .inNoClass(let value, let accepted):
            self[
                "walk.reason.inNoClass",
                ["value": value.shortened(), "classes": accepted.map(\.shown).joined(separator: "; ")]]
        case .refusedClass(let value, let valueClass):
            "'\(value.shortened())': \((valueClass.refusal ?? valueClass.label).withoutFullStop)"
        case .noSuchField: self["walk.reason.noSuchField"]
        }
    }

    /// What became of a link that showed nothing new, in these words:
    /// `link kept/normal/P-1024: declined: <the route's reason>`.
    package func link(_ opened: VariantSession.LinkOpened) -> String {
        let address = opened.address
        switch opened.outcome {
        case .declined(let reason): return self["walk.link.declined", ["address": address, "reason": reason]]
        case .held: return self["walk.link.held", ["address": address]]
        case .endedWhileHeld: return self["walk.link.endedWhileHeld", ["address": address]]
        case .delivered(let result), .restarted(let result):
            return self["walk.link.notTaken", ["address": address, "result": result.description]]
        }
    }

    /// An address the variant's routing refused, in these words: a
    /// parameter's value and why (the class's refusal, in the variant's
    /// words), or no link of the variant with the addresses it opens
    /// (`example`, listed).
    package func linkRefused(address: String, _ refusal: LinkRefusal, example: String?) -> String {
        let shown = address.shortened()
        if let entry = refusal.entry {
            return self[
                "walk.link.refusedValue", ["address": shown, "field": entry.field, "reason": reason(entry.reason)]]
        }
        return self["walk.link.unknown", ["address": shown]]
            + (example.map { " " + self["walk.linkExamples", ["addresses": $0]] } ?? "")
    }

    private static func resolve(_ locale: String) -> String? {
        if table[locale] != nil { return locale }
        let language = String(locale.prefix { $0 != "-" && $0 != "_" })
        return table[language] != nil ? language : nil
    }

    /// The words, by locale then key.
    package static let table: [String: [String: String]] = [
        "en": [
            "walk.asks": "The app asks for {question}. Answer:",
            "walk.layer.stack": "stack",
            "walk.layer.sheet": "sheet",
            "walk.layer.tabs": "tabs",
            "walk.tabs.covered": "(covered: close what is over them first)",
            "walk.help.select": "select another tab: select {names}, or type its label",
            "walk.waitsFor": "The app waits for {question}: type {answers}, t or q.",
            "walk.timer": "(a timer is running: {left} left; s lets it finish now)",
            "walk.prompt.timer": "{left} left, s to finish now",
            "walk.finished": "Finished: {exit}.",
            "walk.endOfInput": "End of input.",
            "walk.quit": "Quit.",
            "walk.interrupted": "Interrupted.",
            "walk.stopped.script": "Stopped: the script failed.",
            "walk.stopped.noAnswer": "Stopped: no answer came.",
            "walk.trace": "Trace ({steps}):",
            "walk.trace.sinceResuming": "Trace since resuming ({steps}):",
            "walk.steps.one": "{count} step",
            "walk.steps.other": "{count} steps",
            "walk.inputs.one": "{count} input",
            "walk.inputs.other": "{count} inputs",
            "walk.saved": "Saved the walk ({inputs}) as {path}; continue it with --resume {path}.",
            "walk.saved.finished":
                "Saved the finished walk ({inputs}) as {path}; it ended, so there is nothing to continue.",
            "walk.recorded": "Recorded the session as {path}.",
            "walk.recorded.stdout": "Recorded the session as a script, on standard output.",
            "walk.screenChanged": "The screen changed while you typed, so '{typed}' was not used.",
            "walk.waitingFor": "(waiting for {what}…)",
            "walk.orType": "Or type {keys}.",
            "walk.noAnswer": "Nothing waits for an answer from '{source}' on {screen}.",
            "walk.canAnswer": "What can answer now: {sources}.",
            "walk.noWayBack": "{screen} has no way back.",
            "walk.noTimer": "No timer is waiting on {screen}.",
            "walk.answerFirst": "The app waits for {question}; give its answer first: {line}.",
            "walk.linkExamples": "This variant opens addresses such as {addresses}.",
            "walk.byHand":
                "If the app's own service answers '{source}', walk with --by-hand {source} to give its answers "
                + "yourself.",
            "walk.noAction": "no action '{choice}' on {screen}. Choose {numbers}a label: {labels}.",
            "walk.refused.ended": "the app has ended; there is nothing to give it",
            "walk.noSuchField": "{screen} has no field '{field}'; its fields: {fields}.",
            "walk.noSuchSection": "No section '{section}' can be selected now.",
            "walk.sectionCovered":
                "The section '{section}' is covered (by a sheet or a screen over the tabs): go back first.",
            "walk.reason.empty": "a value is required",
            "walk.reason.notOfKind": "'{value}' is not {kind}",
            "walk.reason.inNoClass": "'{value}' is outside what the field takes ({classes})",
            "walk.reason.noSuchField": "the screen has no such field",
            "walk.kind.text": "a text",
            "walk.kind.number": "a number",
            "walk.kind.date": "a date written YYYY-MM-DD",
            "walk.kind.toggle": "true or false",
            "walk.kind.choice": "one of the choices",
            "walk.or": "or",
            "walk.link.declined": "link {address}: declined: {reason}",
            "walk.link.refusedValue": "Link '{address}': {field} was refused: {reason}.",
            "walk.link.unknown": "'{address}' is no link of this variant.",
            "walk.link.held": "link {address}: held until its flow starts",
            "walk.link.endedWhileHeld": "link {address}: held, and the app ended before its flow started",
            "walk.link.notTaken": "link {address}: no flow took it ({result})",
            "walk.selectable": "Sections that can be selected now: {names}.",
            "walk.noSelectable": "No section can be selected now.",
            "walk.noActionAtAll": "no action '{choice}' on {screen}: it has none.",
            "walk.field.classes": "Values: {classes}. An empty line cancels.",
            "walk.field.optional": "(optional)",
            "walk.field.cancelled": "Nothing was submitted.",
            "walk.field.entered": "{label}: {value} ({class})",
            "walk.field.empty": "{label}: — (left empty)",
            "walk.orAction": "An action is chosen by {numbers}its label: {labels}.",
            "walk.entryRefused": "{label} was refused: {reason}.",
            "walk.help.field": "type a value for {label}: {classes}",
            "walk.help.field.only": "type a value for {label} ({classes}); or type the value alone",
            "walk.help.field.optional": "(optional: enter {name} \"\" leaves it empty)",
            "walk.help.title": "What you can type here:",
            "walk.help.number": "the action with that number; or type its label{example}",
            "walk.help.answerNumber": "the answer with that number to {question} (actions wait until then)",
            "walk.help.back": "go back",
            "walk.help.timer": "let the running timer finish now",
            "walk.help.answer": "{line}: give {question}'s answer",
            "walk.help.trace": "the trace so far",
            "walk.help.help": "this help",
            "walk.help.quit": "quit (the trace is printed)",
            "walk.help.record": "what the variant's record holds now",
            "walk.help.relaunch": "open the app again, with what the device keeps",
            "walk.record.title": "The record:",
            "walk.record.empty": "Nothing is recorded.",
            "walk.kept": "The app has ended. The device keeps {kept}. Type relaunch to open the app again, or q.",
            "walk.ended": "The app has ended: type relaunch or q.",
            "page.note":
                "Every screen and every way on is the variant's own, from its exact state graph. Click through as "
                + "a person would; the address names where you are, to send as a link.",
            "page.prototypeOf": "prototype of {app}",
            "page.asks": "The app asks for {question}. Answer:",
            "page.waitsForAnswer": "Not now: the app waits for an answer first.",
            "page.timer": "A timer is running.",
            "page.timerLeft": "A timer is running: {left} left.",
            "page.finishTimer": "Let it finish now",
            "page.required": "Required: enter a value.",
            "page.optional": "(optional)",
            "page.notOfKind": "'{value}' is no value of this field.",
            "page.inNoClass": "'{value}' is outside what the field takes ({classes}).",
            "page.ended": "The app has ended",
            "page.endedThrough": "The app ended through {exit}.",
            "page.announce": "Screen: {title}",
            "page.trace": "Trace",
            "page.traceNote": "The steps so far, one step id a line, as rootapp walk prints them.",
            "page.restart": "Start again",
            "page.download": "Download this walk",
            "page.downloadNote": "The walk downloads as an acceptance script: {command} replays it on the app.",
            "page.settings": "Settings",
            "page.language": "Language",
            "page.timersRun": "Timers run",
            "page.speed1": "in real time",
            "page.speed10": "10 times faster",
            "page.speed60": "60 times faster",
            "page.speed600": "600 times faster",
            "page.showIDs": "Show module instance and step ids",
            "page.events": "What the app may receive",
            "page.links": "Links the app may be opened with",
            "page.openLink": "Open the link {address}",
            "page.tabs": "Sections",
            "page.tabsCovered": "The sections are covered: close what is over them first.",
            "page.relaunch": "Open the app again",
        ],
        "de": [
            "walk.asks": "Die App fragt nach {question}. Antwort:",
            "walk.layer.stack": "Stapel",
            "walk.layer.sheet": "Blatt",
            "walk.layer.tabs": "Reiter",
            "walk.tabs.covered": "(verdeckt: erst schließen, was darüber liegt)",
            "walk.help.select": "einen anderen Reiter wählen: select {names}, oder seine Beschriftung tippen",
            "walk.waitsFor": "Die App wartet auf {question}: tippen Sie {answers}, t oder q.",
            "walk.timer": "(ein Timer läuft: noch {left}; s lässt ihn jetzt ablaufen)",
            "walk.prompt.timer": "noch {left}, s lässt ihn ablaufen",
            "walk.finished": "Beendet: {exit}.",
            "walk.endOfInput": "Ende der Eingabe.",
            "walk.quit": "Abgebrochen.",
            "walk.interrupted": "Unterbrochen.",
            "walk.stopped.script": "Angehalten: das Skript ist fehlgeschlagen.",
            "walk.stopped.noAnswer": "Angehalten: es kam keine Antwort.",
            "walk.trace": "Verlauf ({steps}):",
            "walk.trace.sinceResuming": "Verlauf seit dem Fortsetzen ({steps}):",
            "walk.steps.one": "{count} Schritt",
            "walk.steps.other": "{count} Schritte",
            "walk.inputs.one": "{count} Eingabe",
            "walk.inputs.other": "{count} Eingaben",
            "walk.saved": "Der Durchlauf ({inputs}) ist als {path} gespeichert; mit --resume {path} geht er weiter.",
            "walk.saved.finished":
                "Der beendete Durchlauf ({inputs}) ist als {path} gespeichert; es gibt nichts fortzusetzen.",
            "walk.recorded": "Die Sitzung ist als {path} aufgezeichnet.",
            "walk.recorded.stdout": "Die Sitzung ist als Skript auf der Standardausgabe aufgezeichnet.",
            "walk.screenChanged":
                "Der Bildschirm hat sich beim Tippen geändert, darum wurde '{typed}' nicht verwendet.",
            "walk.waitingFor": "(warte auf {what} …)",
            "walk.orType": "Oder tippen Sie {keys}.",
            "walk.noAnswer": "Auf {screen} wartet nichts auf eine Antwort von '{source}'.",
            "walk.canAnswer": "Jetzt kann antworten: {sources}.",
            "walk.noWayBack": "{screen} hat keinen Weg zurück.",
            "walk.noTimer": "Auf {screen} wartet kein Timer.",
            "walk.answerFirst": "Die App wartet auf {question}; geben Sie zuerst die Antwort: {line}.",
            "walk.linkExamples": "Diese Variante öffnet Adressen wie {addresses}.",
            "walk.byHand":
                "Wenn der Dienst der App '{source}' beantwortet, starten Sie mit --by-hand {source}, um selbst "
                + "zu antworten.",
            "walk.noAction": "keine Aktion '{choice}' auf {screen}. Wählen Sie {numbers}eine Beschriftung: {labels}.",
            "walk.refused.ended": "die App ist beendet; es gibt nichts mehr einzugeben",
            "walk.noSuchField": "{screen} hat kein Feld '{field}'; seine Felder: {fields}.",
            "walk.noSuchSection": "Der Bereich '{section}' ist jetzt nicht wählbar.",
            "walk.sectionCovered":
                "Der Bereich '{section}' ist verdeckt (von einem Blatt oder Bildschirm darüber): "
                + "gehen Sie zuerst zurück.",
            "walk.reason.empty": "ein Wert ist nötig",
            "walk.reason.notOfKind": "'{value}' ist nicht {kind}",
            "walk.reason.inNoClass": "'{value}' liegt außerhalb dessen, was das Feld nimmt ({classes})",
            "walk.reason.noSuchField": "der Bildschirm hat kein solches Feld",
            "walk.kind.text": "ein Text",
            "walk.kind.number": "eine Zahl",
            "walk.kind.date": "ein Datum im Format JJJJ-MM-TT",
            "walk.kind.toggle": "wahr oder falsch",
            "walk.kind.choice": "eine der Möglichkeiten",
            "walk.or": "oder",
            "walk.link.declined": "Link {address}: abgelehnt: {reason}",
            "walk.link.refusedValue": "Link '{address}': {field} wurde abgelehnt: {reason}.",
            "walk.link.unknown": "'{address}' ist kein Link dieser Variante.",
            "walk.link.held": "Link {address}: gehalten, bis sein Ablauf startet",
            "walk.link.endedWhileHeld": "Link {address}: gehalten, und die App endete, bevor sein Ablauf startete",
            "walk.link.notTaken": "Link {address}: kein Ablauf hat ihn angenommen ({result})",
            "walk.selectable": "Jetzt wählbare Bereiche: {names}.",
            "walk.noSelectable": "Jetzt ist kein Bereich wählbar.",
            "walk.noActionAtAll": "keine Aktion '{choice}' auf {screen}: es hat keine.",
            "walk.field.classes": "Werte: {classes}. Eine leere Zeile bricht ab.",
            "walk.field.optional": "(optional)",
            "walk.field.cancelled": "Es wurde nichts abgeschickt.",
            "walk.field.entered": "{label}: {value} ({class})",
            "walk.field.empty": "{label}: — (leer gelassen)",
            "walk.orAction": "Eine Aktion wählen Sie mit {numbers}ihrer Beschriftung: {labels}.",
            "walk.entryRefused": "{label} wurde abgelehnt: {reason}.",
            "walk.help.field": "einen Wert für {label} tippen: {classes}",
            "walk.help.field.only": "einen Wert für {label} tippen ({classes}); oder nur den Wert tippen",
            "walk.help.field.optional": "(optional: enter {name} \"\" lässt es leer)",
            "walk.help.title": "Was Sie hier tippen können:",
            "walk.help.number": "die Aktion mit dieser Nummer; oder tippen Sie ihre Beschriftung{example}",
            "walk.help.answerNumber": "die Antwort mit dieser Nummer auf {question} (Aktionen warten bis dahin)",
            "walk.help.back": "zurück",
            "walk.help.timer": "den laufenden Timer jetzt ablaufen lassen",
            "walk.help.answer": "{line}: die Antwort auf {question} geben",
            "walk.help.trace": "den bisherigen Verlauf",
            "walk.help.help": "diese Hilfe",
            "walk.help.quit": "beenden (der Verlauf wird ausgegeben)",
            "walk.help.record": "was die Aufzeichnung der Variante jetzt enthält",
            "walk.help.relaunch": "die App wieder öffnen, mit dem, was das Gerät behält",
            "walk.record.title": "Die Aufzeichnung:",
            "walk.record.empty": "Nichts ist aufgezeichnet.",
            "walk.kept":
                "Die App ist beendet. Das Gerät behält {kept}. Tippen Sie relaunch, um die App wieder zu öffnen, "
                + "oder q.",
            "walk.ended": "Die App ist beendet: tippen Sie relaunch oder q.",
            "page.note":
                "Jeder Bildschirm und jeder Weg ist der der Variante, aus ihrem exakten Zustandsgraphen. Klicken Sie "
                + "sich durch wie eine Anwenderin; die Adresse nennt, wo Sie sind, zum Versenden als Link.",
            "page.prototypeOf": "Prototyp von {app}",
            "page.asks": "Die App fragt nach {question}. Antwort:",
            "page.waitsForAnswer": "Jetzt nicht: Die App wartet zuerst auf eine Antwort.",
            "page.timer": "Ein Timer läuft.",
            "page.timerLeft": "Ein Timer läuft: noch {left}.",
            "page.finishTimer": "Jetzt ablaufen lassen",
            "page.required": "Pflichtfeld: Bitte einen Wert eingeben.",
            "page.optional": "(optional)",
            "page.notOfKind": "'{value}' ist kein Wert für dieses Feld.",
            "page.inNoClass": "'{value}' liegt außerhalb dessen, was das Feld annimmt ({classes}).",
            "page.ended": "Die App ist beendet",
            "page.endedThrough": "Die App wurde über {exit} beendet.",
            "page.announce": "Bildschirm: {title}",
            "page.trace": "Verlauf",
            "page.traceNote": "Die bisherigen Schritte, eine Schritt-ID je Zeile, wie rootapp walk sie ausgibt.",
            "page.restart": "Neu beginnen",
            "page.download": "Diesen Weg herunterladen",
            "page.downloadNote": "Der Weg wird als Abnahmeskript geladen: {command} spielt ihn in der App ab.",
            "page.settings": "Einstellungen",
            "page.language": "Sprache",
            "page.timersRun": "Timer laufen",
            "page.speed1": "in Echtzeit",
            "page.speed10": "10-mal schneller",
            "page.speed60": "60-mal schneller",
            "page.speed600": "600-mal schneller",
            "page.showIDs": "Modulinstanz- und Schritt-IDs zeigen",
            "page.events": "Was die App empfangen kann",
            "page.links": "Links, mit denen die App geöffnet werden kann",
            "page.openLink": "Link {address} öffnen",
            "page.tabs": "Bereiche",
            "page.tabsCovered": "Die Bereiche sind verdeckt: erst schließen, was darüber liegt.",
            "page.relaunch": "App wieder öffnen",
        ],
    ]
}
