package import Stepflow
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
package struct ToolWords: Sendable {
    /// The locale the words are in (``fallback`` when the tools do not speak the one asked).
    package let locale: String

    /// The locale every word is written in first: English.
    package static let fallback = "en"

    /// The locales the tools speak.
    package static var locales: [String] { table.keys.sorted() }

    /// Whether the tools have their own words in `locale` (`de`, or `de-AT` for `de`).
    package static func speaks(_ locale: String) -> Bool { resolve(locale) != nil }

    /// The words in `locale`, or in English when the tools do not speak it.
    package init(locale: String) {
        self.locale = Self.resolve(locale) ?? Self.fallback
    }

    /// `{count} step` or `{count} steps` (`key.one`, `key.other`) as
    /// `count` asks, in these words.
    package func counted(_ key: String, _ count: Int) -> String {
        self["\(key).\(count == 1 ? "one" : "other")", ["count": String(count)]]
    }

    /// The word `key` with its placeholders filled from `values`.
    package subscript(_ key: String, _ values: [String: String] = [:]) -> String {
        // Every key is in English, the table's first language.
        var text = Self.table[locale]?[key] ?? Self.table[Self.fallback]![key] ?? key
        for (name, value) in values { text = text.replacing("{\(name)}", with: value) }
        return text
    }

    /// Every word of `locale` (English where it has none), for a page
    /// that switches language by itself.
    package var all: [String: String] {
        Self.table[Self.fallback]!.merging(Self.table[locale] ?? [:]) { _, own in own }
    }

    /// `refusal` in these words (its English sentence for facts these
    /// words do not cover): as a clause after `file:line:`, or with
    /// `asSentence`, as a sentence of its own (capital first letter).
    package func refusal(_ refusal: SessionRefusal, asSentence: Bool) -> String {
        let clause = self.refusal(refusal)
        return asSentence ? clause.prefix(1).uppercased() + clause.dropFirst() : clause
    }

    /// `refusal` in these words, as a clause after `file:line:`.
    package func refusal(_ refusal: SessionRefusal) -> String {
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
        case .notRefused(let field, let valueClass, let screen, let refused):
            let values = ["screen": screen, "field": field, "class": valueClass.map { " (\($0))" } ?? ""]
            guard let refused else { return self["walk.notRefused", values] }
            return self[
                "walk.refusedOtherwise",
                values.merging(["label": refused.label, "reason": reason(refused.reason)]) { $1 }]
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
}
