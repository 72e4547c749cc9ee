import Stepflow

/// `locales` lists the languages the variant ships, each once, each with
/// a known plural rule; English when there is no list.
struct Locales: ManifestValidator {
    let draft: ManifestDraft
    var log: DiagnosticLog

    /// The locales; English when none are listed or none is valid.
    consuming func check() -> Checked<[String]> {
        guard let written = draft.locales else { return log.checked(["en"]) }
        let path = JSONPath.root.key("locales")
        guard !written.values.isEmpty else {
            log.error(
                path, written.location,
                "the variant ships no locale. To fix, name at least one (\"en\"), or leave 'locales' out for English.")
            return log.checked(["en"])
        }
        var locales: [String] = []
        for (index, locale) in written.values.enumerated() {
            let language = PluralRule.language(of: locale.value)
            if locales.contains(locale.value) {
                log.error(
                    path.index(index), locale.location,
                    "'\(locale.value)' is listed twice. To fix, list each locale once.")
            } else if !PluralRule.knownLanguages.contains(language) || locale.value.isEmpty {
                let known = PluralRule.knownLanguages.sorted()
                log.error(
                    path.index(index), locale.location,
                    """
                    Stepflow has no plural rule for '\(locale.value)' yet, so counted texts could not be chosen. \
                    \(Suggestion.didYouMean(locale.value, known))Known languages: \(Suggestion.list(known)).
                    """
                )
            } else {
                locales.append(locale.value)
            }
        }
        return log.checked(locales.isEmpty ? ["en"] : locales)
    }
}
