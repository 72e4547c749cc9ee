/// A text a module shows, declared with a stable key and its English
/// default, so that tools list every text without running anything, a
/// manifest can re-word it, and a String Catalog can translate it.
///
/// Values go in named placeholders: `{minutes}`. A text that counts
/// something has a singular form chosen by the count's placeholder (CLDR
/// `one`; every other number takes `other`):
///
/// ```swift
/// public static let texts: [TextSpec] = [
///     TextSpec("welcome.title", "Welcome"),
///     TextSpec("timer.body", one: "The result is ready in {minutes} minute.",
///              other: "The result is ready in {minutes} minutes.", count: "minutes"),
/// ]
/// ```
public struct TextSpec: Hashable, Sendable {
    /// The key, unique within the module (`timer.body`).
    public let key: String
    /// The English text (for a counted text, its `other` form).
    package let english: String
    /// For a counted text: its English `one` form and the placeholder
    /// that counts.
    package let plural: Plural?

    /// The singular form of a counted text.
    public struct Plural: Hashable, Sendable {
        /// The placeholder whose number picks the form (`minutes`).
        package let count: String
        /// The English `one` form.
        package let one: String
    }

    /// A text with `key` and the English `english`.
    public init(_ key: String, _ english: String) {
        self.key = key
        self.english = english
        self.plural = nil
    }

    /// A counted text: `one` when the placeholder `count` is 1, else `other`.
    public init(_ key: String, one: String, other: String, count: String) {
        self.key = key
        self.english = other
        self.plural = Plural(count: count, one: one)
    }

    /// The English template.
    package var template: TextTemplate {
        TextTemplate(other: english, one: plural?.one, count: plural?.count)
    }

    /// The placeholders the English text uses, sorted.
    package var placeholders: [String] { template.placeholders }
}

/// A text in one language, ready to fill in: its forms and, when counted,
/// the placeholder that counts.
public struct TextTemplate: Hashable, Sendable {
    /// The text, or the form for every count but one.
    package let other: String
    /// The form for a count of one, when the text counts.
    package let one: String?
    /// The placeholder that counts, when the text counts.
    package let count: String?

    /// A template of these forms.
    package init(other: String, one: String? = nil, count: String? = nil) {
        self.other = other
        self.one = one
        self.count = count
    }

    /// Every placeholder any form uses, sorted, without repeats.
    package var placeholders: [String] {
        Set(Self.placeholders(in: other) + (one.map(Self.placeholders(in:)) ?? [])).sorted()
    }

    /// The `{name}` placeholders of `text`, in order.
    package static func placeholders(in text: String) -> [String] {
        var names: [String] = []
        // Braces are ASCII: the text is scanned byte by byte rather than
        // character by character.
        let bytes = text.utf8
        var position = bytes.startIndex
        while let open = bytes[position...].firstIndex(of: UInt8(ascii: "{")) {
            let nameStart = bytes.index(after: open)
            guard let close = bytes[nameStart...].firstIndex(of: UInt8(ascii: "}")) else { break }
            let name = text[nameStart..<close]
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                names.append(String(name))
            }
            position = bytes.index(after: close)
        }
        return names
    }

    /// The text for `arguments` in `locale`: the plural form its count
    /// picks, each `{name}` replaced by its argument (one not given stays
    /// as written). One pass over the template: a value that itself holds
    /// `{name}` is shown as it is, never filled again.
    package func filled(_ arguments: [String: String], locale: String) -> String {
        // Without arguments nothing is filled and no count picks `one`:
        // the text is `other` as written (most texts; no copy made).
        if arguments.isEmpty { return other }
        return filled(locale: locale) { arguments[$0] }
    }

    /// As ``filled(_:locale:)``, each argument's text read only for a
    /// placeholder that uses it (no dictionary of texts made first).
    func filled(_ arguments: [String: any TextArgument], locale: String) -> String {
        if arguments.isEmpty { return other }
        return filled(locale: locale) { arguments[$0]?.argumentText }
    }

    /// The text with each `{name}` whose `argument(name)` is not `nil`
    /// replaced by it, in the form the count argument picks.
    private func filled(locale: String, _ argument: (String) -> String?) -> String {
        var form = other
        if let one, let count, let value = argument(count), let number = Int(value),
            PluralRule.isOne(number, locale: locale)
        {
            form = one
        }
        // Each `{` opens a placeholder with an argument, replaced by it, or
        // is kept as written and the scan goes on after it. Braces are
        // ASCII: the form's bytes are scanned in place (made contiguous
        // first if they are not).
        return form.withUTF8 { Self.fill($0, argument) } ?? form
    }

    /// `bytes` (a form's UTF-8) with each `{name}` that has an argument
    /// replaced by it; `nil` when no placeholder is filled. A run copied ends before a `{`
    /// (ASCII), so it is whole characters.
    private static func fill(_ bytes: UnsafeBufferPointer<UInt8>, _ argument: (String) -> String?) -> String? {
        let (open, close) = (UInt8(ascii: "{"), UInt8(ascii: "}"))
        var text = ""
        var written = 0
        var position = 0
        while position < bytes.count {
            guard bytes[position] == open else {
                position += 1
                continue
            }
            let nameStart = position + 1
            var end = nameStart
            while end < bytes.count && bytes[end] != close { end += 1 }
            // No `}` after it: none after any later `{` either.
            guard end < bytes.count else { break }
            guard
                let value = argument(
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<end]), as: UTF8.self))
            else {
                position = nameStart
                continue
            }
            text += String(decoding: UnsafeBufferPointer(rebasing: bytes[written..<position]), as: UTF8.self)
            text += value
            position = end + 1
            written = position
        }
        guard written > 0 else { return nil }
        return text + String(decoding: UnsafeBufferPointer(rebasing: bytes[written...]), as: UTF8.self)
    }
}

/// CLDR cardinal plural rules for whole numbers: which numbers take the
/// `one` form. English, German, Dutch, Swedish, Danish, Norwegian,
/// Italian, Spanish and Greek: exactly 1. French and Portuguese: 0 and 1.
/// Other languages are not shipped yet: they take 1 as `one`, and a
/// catalog for them is refused by validation until a rule is added here.
package enum PluralRule {
    /// The languages whose rule is known.
    package static let knownLanguages: Set<String> = ["en", "de", "nl", "sv", "da", "nb", "it", "es", "el", "fr", "pt"]

    /// Whether `number` takes the `one` form in `locale` (`de`, `de-AT`).
    package static func isOne(_ number: Int, locale: String) -> Bool {
        if number == 1 { return true }
        return number == 0 && (isLanguage(locale, "fr") || isLanguage(locale, "pt"))
    }

    /// Whether `locale`'s language is `language` (two lowercase ASCII
    /// letters), read without making a string: a counted text asks on
    /// every screen it fills.
    static func isLanguage(_ locale: String, _ language: String) -> Bool {
        var bytes = locale.utf8.makeIterator()
        var expected = language.utf8.makeIterator()
        guard let first = bytes.next(), let second = bytes.next() else { return false }
        let third = bytes.next()
        guard third == nil || third == UInt8(ascii: "-") || third == UInt8(ascii: "_") else { return false }
        // ASCII letters: setting bit 5 lowercases them.
        return first | 0x20 == expected.next() && second | 0x20 == expected.next()
    }

    /// The language part of a locale: `de` of `de-AT`.
    package static func language(of locale: String) -> String {
        String(locale.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }
}

/// A text as shown, with the key it was made from (`nil` for a text a
/// flow wrote as a literal).
public struct LocalizedText: Hashable, Sendable, CustomStringConvertible, TextArgument {
    /// The module's key (`timer.body`).
    public let key: String?
    /// The text in the variant's words and language.
    public let value: String
    /// The keys of the texts filled into its placeholders, nested ones
    /// included: they are shown too, and need translating too.
    public let nestedKeys: [String]

    /// A text with its key.
    public init(key: String?, value: String, nestedKeys: [String] = []) {
        self.key = key
        self.value = value
        self.nestedKeys = nestedKeys
    }

    /// Its key and the keys filled into it.
    public var keys: [String] { (key.map { [$0] } ?? []) + nestedKeys }

    /// The text.
    public var description: String { value }

    /// The text, filled into another.
    public var argumentText: String { value }
}

/// A value filled into a text's placeholder: a string, a number, or
/// another module text (whose key then counts as shown).
public protocol TextArgument: Sendable {
    /// The text that replaces the placeholder.
    var argumentText: String { get }
}

extension String: TextArgument {
    /// The string itself.
    public var argumentText: String { self }
}

extension Int: TextArgument {
    /// The number in digits.
    public var argumentText: String { String(self) }
}

/// Where a module instance's texts come from when they are not its English
/// defaults: the manifest's overrides and the String Catalog's
/// translations for the locale shown. The app (a `RootFlow`) makes one
/// per instance; an empty source gives the English defaults.
public struct TextSource: Sendable {
    /// The locale the texts are in (`en`, `de`).
    public let locale: String
    private let templates: [String: TextTemplate]

    /// English defaults only.
    public init() {
        self.locale = "en"
        self.templates = [:]
    }

    /// `templates` by key, in `locale`; keys not among them show their
    /// English default.
    public init(locale: String, templates: [String: TextTemplate]) {
        self.locale = locale
        self.templates = templates
    }

    /// The template for `key`, when the source has one.
    package func template(_ key: String) -> TextTemplate? {
        // English defaults (most instances) have none: no key is hashed.
        templates.isEmpty ? nil : templates[key]
    }
}

/// A module's texts for one instance: its declared ``TextSpec``s, resolved
/// through the instance's ``TextSource`` (an override, a translation, or
/// the English default). Made in `launch`, read by the flow:
///
/// ```swift
/// let text = ModuleTexts(Self.texts, environment)
/// Screen(id: "welcome", title: text["welcome.title"], actions: [
///     ScreenAction(text["welcome.start"], .howItWorks(page: 1)),
/// ])
/// text["timer.body", ["minutes": "15"]]
/// ```
public struct ModuleTexts: Sendable {
    private let specs: [String: TextSpec]
    /// Where overrides and translations come from.
    public let source: TextSource

    /// The texts `specs` as `environment` gives them.
    public init(_ specs: [TextSpec], _ environment: ModuleEnvironment) {
        self.init(specs, source: environment.texts)
    }

    /// The texts `specs` from `source`.
    public init(_ specs: [TextSpec], source: TextSource) {
        self.specs = Self.table(of: specs)
        self.source = source
    }

    /// `specs` by key (the first of a key wins), made once per array: a
    /// module makes its texts in every `launch`, and an explorer launches
    /// a module in every transition that enters it, with the module's one
    /// `static let` array. An array is known by its storage, which the
    /// cache keeps alive, so no other array can take its address.
    private static func table(of specs: [TextSpec]) -> [String: TextSpec] {
        let storage = specs.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
        if let storage, let known = tables.withLock({ $0[storage] }), known.specs.count == specs.count {
            return known.table
        }
        var byKey: [String: TextSpec] = [:]
        for spec in specs { byKey[spec.key] = byKey[spec.key] ?? spec }
        if let storage {
            tables.withLock { tables in
                // Bounded: a program that makes texts from many arrays
                // (not a module's static list) starts over.
                if tables.count >= 256 { tables.removeAll() }
                tables[storage] = (specs, byKey)
            }
        }
        return byKey
    }

    private static let tables = Locked<[UnsafeRawPointer: (specs: [TextSpec], table: [String: TextSpec])]>([:])

    /// The text `key` with its placeholders filled from `arguments`
    /// (strings, numbers, or other texts of the module). A key the module
    /// did not declare shows as `[key]`, which `ModuleContract` reports.
    public subscript(_ key: String, _ arguments: [String: any TextArgument] = [:]) -> LocalizedText {
        guard let spec = specs[key] else {
            return LocalizedText(key: key, value: "[\(key)]", nestedKeys: Self.nestedKeys(of: arguments))
        }
        let template = source.template(key)
        // A text without placeholders (most): the template as written,
        // with nothing sorted, converted or filled.
        if arguments.isEmpty { return LocalizedText(key: key, value: template?.other ?? spec.english) }
        return LocalizedText(
            key: key,
            value: (template ?? spec.template).filled(arguments, locale: source.locale),
            nestedKeys: Self.nestedKeys(of: arguments))
    }

    /// The keys of the module texts among `arguments`, in the order of
    /// their placeholders' names.
    private static func nestedKeys(of arguments: [String: any TextArgument]) -> [String] {
        if arguments.isEmpty { return [] }
        // One argument (most texts that have any): nothing to order.
        if arguments.count == 1 { return (arguments.first?.value as? LocalizedText)?.keys ?? [] }
        return arguments.keys.sorted().flatMap { (arguments[$0] as? LocalizedText)?.keys ?? [] }
    }

    /// Whether the module declared `key`.
    public func declares(_ key: String) -> Bool { specs[key] != nil }
}
