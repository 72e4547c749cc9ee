import Stepflow

/// `texts` re-words module texts for this variant: each key names an
/// instance and a text its module declares, gives every locale the variant
/// ships (re-wording only the English would leave another language showing
/// the old text), and keeps the English's placeholders.
struct TextOverrides: ManifestValidator {
    /// What is wrong with `given` placeholders against the English's, if
    /// anything: `drops {minutes}`, `invents {min}`.
    static func placeholderProblem(_ given: [String], english: [String]) -> String? {
        let dropped = english.filter { !given.contains($0) }
        let invented = given.filter { !english.contains($0) }
        var parts: [String] = []
        if !dropped.isEmpty { parts.append("drops " + dropped.map { "{\($0)}" }.joined(separator: ", ")) }
        if !invented.isEmpty { parts.append("invents " + invented.map { "{\($0)}" }.joined(separator: ", ")) }
        return parts.isEmpty ? nil : parts.joined(separator: " and ")
    }

    let draft: ManifestDraft
    let instances: [ValidatedInstance]
    let locales: [String]
    var log: DiagnosticLog

    /// The re-worded texts: by instance, key and locale.
    consuming func check() -> Checked<[String: [String: [String: String]]]> {
        let ids = instances.map(\.id)
        var overrides: [String: [String: [String: String]]] = [:]
        for text in draft.texts {
            guard let slash = text.key.firstIndex(of: "/"), slash != text.key.startIndex,
                text.key.index(after: slash) != text.key.endIndex
            else {
                log.error(
                    text.path, text.keyLocation,
                    """
                    '\(text.key)' does not name a text. Write \"<instance>/<key>\" (\"test/timer.title\"); the \
                    strings command lists every key.
                    """
                )
                continue
            }
            let instanceID = String(text.key[..<slash])
            let key = String(text.key[text.key.index(after: slash)...])
            guard let instance = instances.first(where: { $0.id == instanceID }) else {
                log.error(
                    text.path, text.keyLocation,
                    """
                    unknown instance '\(instanceID)'. \(Suggestion.didYouMean(instanceID, ids))Instances: \
                    \(Suggestion.list(ids)).
                    """
                )
                continue
            }
            guard let module = instance.module else { continue }
            guard let spec = module.texts.first(where: { $0.key == key }) else {
                let keys = module.texts.map(\.key)
                let known =
                    keys.isEmpty
                    ? "Module '\(module.id)' declares no texts, so none can be re-worded."
                    : "The strings command lists its texts."
                log.error(
                    text.path, text.keyLocation,
                    "module '\(module.id)' has no text '\(key)'. \(Suggestion.didYouMean(key, keys))\(known)")
                continue
            }
            var byLocale: [String: String] = [:]
            if let english = text.english {
                byLocale["en"] = english.value
                if let other = locales.first(where: { $0 != "en" }) {
                    let others = locales.filter { $0 != "en" }
                    log.error(
                        text.path, english.location,
                        """
                        '\(text.key)' re-words the English only, but the variant ships \
                        \(others.joined(separator: ", ")): \(other) would still show the module's old text. To \
                        fix, give every locale: {\(locales.map { "\"\($0)\": \"…\"" }.joined(separator: ", "))}.
                        """
                    )
                }
                if let problem = Self.placeholderProblem(
                    TextTemplate(other: english.value).placeholders, english: spec.placeholders)
                {
                    log.error(
                        text.path, english.location,
                        """
                        the text \(problem) (the module's English: \"\(spec.english)\"). To fix, keep exactly its \
                        placeholders.
                        """
                    )
                }
            }
            for (locale, value) in text.byLocale ?? [] {
                guard locales.contains(locale) else {
                    log.error(
                        text.path.key(locale), value.location,
                        """
                        the variant does not ship '\(locale)'. \(Suggestion.didYouMean(locale, locales))Its \
                        locales: \(Suggestion.list(locales)).
                        """
                    )
                    continue
                }
                if let problem = Self.placeholderProblem(
                    TextTemplate(other: value.value).placeholders, english: spec.placeholders)
                {
                    log.error(
                        text.path.key(locale), value.location,
                        """
                        the \(locale) text \(problem) (the module's English: \"\(spec.english)\"). To fix, keep \
                        exactly its placeholders.
                        """
                    )
                }
                byLocale[locale] = value.value
            }
            if text.byLocale != nil {
                let missing = locales.filter { byLocale[$0] == nil }
                if !missing.isEmpty {
                    log.error(
                        text.path, text.keyLocation,
                        """
                        '\(text.key)' has no \(missing.joined(separator: ", ")) text, so \
                        \(missing.count == 1 ? "that locale" : "those locales") would show the module's old one. \
                        To fix, add \(missing.map { "\"\($0)\": \"…\"" }.joined(separator: ", ")).
                        """
                    )
                }
            }
            overrides[instanceID, default: [:]][key] = byLocale
        }
        return log.checked(overrides)
    }
}
