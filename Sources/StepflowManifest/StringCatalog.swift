package import Stepflow

/// A String Catalog (`.xcstrings`, the JSON Xcode edits), read with
/// locations: the part Stepflow needs. Keys are `<module>/<key>`
/// (`procedure/timer.body`); each localization is a `stringUnit` with a
/// `state` and a `value`, or plural `variations` (`one`, `other`) of them.
///
/// ```json
/// { "sourceLanguage": "en", "version": "1.0", "strings": {
///     "procedure/timer.title": { "localizations": {
///         "de": { "stringUnit": { "state": "translated", "value": "Warten auf das Ergebnis" } } } },
///     "procedure/timer.body": { "localizations": {
///         "de": { "variations": { "plural": {
///             "one": { "stringUnit": { "state": "translated", "value": "… in %lld Minute." } },
///             "other": { "stringUnit": { "state": "translated", "value": "… in %lld Minuten." } } } } } } } } }
/// ```
///
/// A counted text holds Xcode's format specifiers, so Xcode varies it by
/// plural (`%lld` for the count); the variant reads them as the module's
/// named placeholders (`{minutes}`), which a catalog may also hold.
///
/// Foundation's localisation does not work on Linux (`String(localized:)`
/// is missing and `.xcstrings` is not compiled there), so Stepflow reads
/// the catalog's JSON itself.
package struct StringCatalog: Hashable, Sendable {
    /// The file's path: the manifest's folder and the name it gives.
    package let file: String
    /// The largest catalog read, in bytes (8 MiB).
    package static let maximumFileSize = 8 << 20

    /// The language the keys' texts are written in (`en`).
    package let sourceLanguage: String
    /// The entries by key.
    package let entries: [String: Entry]
    /// A digest of what the catalog says (as ``Manifest/digest``: its
    /// JSON with keys sorted and no whitespace): a review report records
    /// it beside the manifest's, since a changed translation changes what
    /// a person reads.
    package internal(set) var digest = ""
    /// The SHA-256 digest of the same (see ``Manifest/signedDigest``).
    package internal(set) var signedDigest = ""

    /// One key's translations.
    package struct Entry: Hashable, Sendable {
        /// The key (`procedure/timer.body`).
        public let key: String
        /// Where the key is written.
        package let location: TextLocation
        /// Its localizations by locale.
        package let localizations: [String: Localization]
    }

    /// One key in one locale.
    package struct Localization: Hashable, Sendable {
        /// The text: one form, or `one` and `other`.
        package let template: TextTemplate
        /// The least finished `state` of its units: `translated`, or
        /// `new` / `needs_review` (shown, but flagged).
        package let state: String
        /// Where the localization is written.
        package let location: TextLocation
        /// Whether the text is plural variations.
        package let isPlural: Bool
    }

    /// A catalog of `entries`.
    package init(file: String, sourceLanguage: String, entries: [String: Entry]) {
        self.file = file
        self.sourceLanguage = sourceLanguage
        self.entries = entries
    }

    /// Reads `bytes` as the catalog `file`; every problem is a diagnostic
    /// with its line and JSON path.
    ///
    /// What it reads is a function of the name and the bytes, so the last
    /// few catalogs read are kept: a family of variants names the same
    /// catalog again and again (a fifth of validating a German variant was
    /// parsing it).
    package static func read(_ bytes: [UInt8], file: String) -> (StringCatalog?, [ManifestDiagnostic]) {
        recentlyRead.value(for: ReadKey(file: file, bytes: bytes)) { parse(bytes, file: file) }
    }

    private struct ReadKey: Hashable, Sendable {
        let file: String
        let bytes: [UInt8]
    }

    private static let recentlyRead = Memo<ReadKey, (StringCatalog?, [ManifestDiagnostic])>(capacity: 8)

    private static func parse(_ bytes: [UInt8], file: String) -> (StringCatalog?, [ManifestDiagnostic]) {
        var log = DiagnosticLog(file: file)
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            log.error(.root, error.location, error.isEncodingError ? error.message : "invalid JSON: \(error.message)")
            return (nil, log.items)
        }
        guard
            let top = log.object(
                root, .root, what: "a String Catalog", required: ["sourceLanguage", "strings"], optional: ["version"])
        else {
            return (nil, log.items)
        }
        let source = log.string(top["sourceLanguage"], JSONPath.root.key("sourceLanguage"))
        if let source, source.value != "en" {
            log.error(
                JSONPath.root.key("sourceLanguage"), source.location,
                """
                the catalog's source language is '\(source.value)'; modules write their texts in English. To fix, \
                set \"sourceLanguage\": \"en\".
                """
            )
        }
        var entries: [String: Entry] = [:]
        if let strings = top["strings"] {
            let path = JSONPath.root.key("strings")
            guard case .object(let members) = strings.value.value else {
                log.error(
                    path, strings.value.location,
                    "expected the strings (a JSON object by key), found \(DiagnosticLog.describe(strings.value)).")
                return (nil, log.items)
            }
            for member in log.uniqueMembers(members, path) {
                let entryPath = path.key(member.key)
                guard
                    let fields = log.object(
                        member.value, entryPath, what: "a catalog entry", required: [],
                        optional: ["comment", "extractionState", "localizations", "shouldTranslate"])
                else { continue }
                var localizations: [String: Localization] = [:]
                if let localizationsMember = fields["localizations"] {
                    guard case .object(let byLocale) = localizationsMember.value.value else {
                        log.error(
                            entryPath.key("localizations"), localizationsMember.value.location,
                            """
                            expected the localizations (a JSON object by locale), found \
                            \(DiagnosticLog.describe(localizationsMember.value)).
                            """
                        )
                        continue
                    }
                    for locale in log.uniqueMembers(byLocale, entryPath.key("localizations")) {
                        if let localization = Self.localization(
                            locale.value, entryPath.key("localizations").key(locale.key), &log)
                        {
                            localizations[locale.key] = localization
                        }
                    }
                }
                entries[member.key] = Entry(key: member.key, location: member.keyLocation, localizations: localizations)
            }
        }
        guard !log.hasErrors else { return (nil, log.items) }
        // A translation that would steer a terminal or turn text around.
        log.append(ControlCharacters(root: root, log: DiagnosticLog(file: file)).check().problems)
        var catalog = StringCatalog(file: file, sourceLanguage: source?.value ?? "en", entries: entries)
        catalog.digest = Manifest.digest(of: root)
        catalog.signedDigest = Manifest.signedDigest(of: root)
        return (catalog, log.items)
    }

    private static func localization(_ node: JSONNode, _ path: JSONPath, _ log: inout DiagnosticLog) -> Localization? {
        guard
            let fields = log.object(
                node, path, what: "a localization", required: [], optional: ["stringUnit", "variations"])
        else { return nil }
        if let unit = fields["stringUnit"] {
            guard let (value, state) = stringUnit(unit.value, path.key("stringUnit"), &log) else { return nil }
            return Localization(
                template: TextTemplate(other: value), state: state, location: node.location, isPlural: false)
        }
        guard let variations = fields["variations"] else {
            log.error(
                path, node.location,
                """
                a localization needs a \"stringUnit\" or plural \"variations\". To fix, add {\"stringUnit\": \
                {\"state\": \"translated\", \"value\": \"…\"}}.
                """
            )
            return nil
        }
        let variationsPath = path.key("variations")
        guard let kinds = log.object(variations.value, variationsPath, what: "variations", required: ["plural"]),
            let plural = kinds["plural"],
            let forms = log.object(
                plural.value, variationsPath.key("plural"), what: "plural forms", required: ["other"],
                optional: ["zero", "one", "two", "few", "many"])
        else { return nil }
        var values: [String: String] = [:]
        var states: [String] = []
        for name in forms.keys.sorted() {
            let member = forms[name]!  // a key of `forms`
            let formPath = variationsPath.key("plural").key(name)
            guard let unitFields = log.object(member.value, formPath, what: "a plural form", required: ["stringUnit"]),
                let unit = unitFields["stringUnit"],
                let (value, state) = stringUnit(unit.value, formPath.key("stringUnit"), &log)
            else { continue }
            values[name] = value
            states.append(state)
        }
        guard let other = values["other"] else { return nil }
        let state = states.first { $0 != "translated" } ?? "translated"
        return Localization(
            template: TextTemplate(other: other, one: values["one"]), state: state, location: node.location,
            isPlural: true)
    }

    private static func stringUnit(_ node: JSONNode, _ path: JSONPath, _ log: inout DiagnosticLog) -> (String, String)?
    {
        guard let fields = log.object(node, path, what: "a stringUnit", required: ["state", "value"]) else {
            return nil
        }
        guard let state = log.string(fields["state"], path.key("state")),
            let value = log.string(fields["value"], path.key("value"))
        else { return nil }
        let states = ["translated", "new", "needs_review", "stale"]
        guard states.contains(state.value) else {
            log.error(
                path.key("state"), state.location,
                """
                unknown state '\(state.value)'. \(Suggestion.didYouMean(state.value, states))Allowed: \
                \(Suggestion.list(states)).
                """
            )
            return nil
        }
        return (value.value, state.value)
    }
}
