package import StepflowManifest
import Stepflow

/// Every text a variant can show, as a String Catalog for translators and
/// reviewers: one entry per module text a person can see (`<module>/<key>`),
/// with its English and, for each locale the variant ships, its
/// translation and state from the variant's catalog. A text no walk shows
/// is left out; a text the manifest re-words says so in its comment (its
/// words are in the manifest's `texts`).
package enum StringsExporter {
    /// How far one locale is.
    package struct Progress: Hashable, Sendable {
        /// The locale.
        package let locale: String
        /// Texts translated and signed off.
        package let translated: Int
        /// Texts translated but `new`, `needs_review` or `stale`.
        package let unfinished: Int
        /// Texts with no translation.
        package let missing: Int
    }

    /// The catalog text, and each shipped locale's progress.
    package static func catalog(
        _ variant: VariantGraph, registry: ModuleRegistry
    ) -> (text: String, progress: [Progress]) {
        let manifest = variant.manifest
        let texts = manifest.texts
        // Each module text shown, with the instances that show it.
        var shownBy: [String: [String]] = [:]
        var specs: [String: TextSpec] = [:]
        for shown in variant.shownTexts {
            guard let moduleID = texts.module(of: shown.instance), let module = registry.module(moduleID),
                let spec = module.texts.first(where: { $0.key == shown.key })
            else { continue }
            let key = "\(moduleID)/\(shown.key)"
            specs[key] = spec
            if !(shownBy[key] ?? []).contains(shown.instance) { shownBy[key, default: []].append(shown.instance) }
        }
        let locales = manifest.locales.filter { $0 != "en" }
        var counts: [String: (translated: Int, unfinished: Int, missing: Int)] = [:]
        var entries: [String] = []
        for key in specs.keys.sorted() {
            let spec = specs[key]!  // keys of `specs`
            let instances = shownBy[key] ?? []
            let reworded = instances.filter { texts.overrides[$0]?[spec.key] != nil }
            var comment = "Shown by \(instances.joined(separator: ", "))."
            // A counted text in Xcode's form: format specifiers, so Xcode
            // varies it by plural (`%lld` for the count).
            let order = CatalogFormat.order(of: spec)
            func xcode(_ template: TextTemplate) -> TextTemplate {
                guard let counted = spec.plural?.count else { return template }
                let named = CatalogFormat.named(template, placeholders: order)
                return TextTemplate(
                    other: CatalogFormat.specifiers(named.other, placeholders: order, counted: counted),
                    one: named.one.map { CatalogFormat.specifiers($0, placeholders: order, counted: counted) },
                    count: named.count)
            }
            if let counted = spec.plural?.count {
                let kept = order.enumerated().map { index, name in
                    let kind = name == counted ? "lld" : "@"
                    return (order.count == 1 ? "%\(kind)" : "%\(index + 1)$\(kind)") + " (\(name))"
                }
                comment += " Keep " + kept.joined(separator: ", ") + ": Xcode varies it by plural of the count."
            } else if !spec.placeholders.isEmpty {
                comment += " Keep " + spec.placeholders.map { "{\($0)}" }.joined(separator: ", ") + "."
            }
            if !reworded.isEmpty {
                comment += " Re-worded for \(reworded.joined(separator: ", ")) in the manifest's \"texts\"."
            }
            var localizations = [
                ("en", unit(xcode(spec.template), state: "translated", plural: spec.plural != nil, indent: 8))
            ]
            for locale in locales {
                guard let localization = texts.catalog?.entries[key]?.localizations[locale] else {
                    counts[locale, default: (0, 0, 0)].missing += 1
                    continue
                }
                if localization.state == "translated" {
                    counts[locale, default: (0, 0, 0)].translated += 1
                } else {
                    counts[locale, default: (0, 0, 0)].unfinished += 1
                }
                localizations.append(
                    (
                        locale,
                        unit(
                            xcode(localization.template), state: localization.state, plural: localization.isPlural,
                            indent: 8)
                    ))
            }
            entries.append(entry(key, comment: comment, localizations: localizations))
        }
        // The variant's own words (an option's value, the app's name, a
        // link's reason): English, then each locale's as the manifest gives
        // them (`given`), else the catalog's, counted.
        func variantEntry(_ key: String, english: String, given: (String) -> String?, comment: String) {
            var localizations = [
                ("en", unit(TextTemplate(other: english), state: "translated", plural: false, indent: 8))
            ]
            for locale in locales {
                if let words = given(locale) {
                    counts[locale, default: (0, 0, 0)].translated += 1
                    localizations.append(
                        (locale, unit(TextTemplate(other: words), state: "translated", plural: false, indent: 8)))
                } else if let localization = texts.catalog?.entries[key]?.localizations[locale] {
                    if localization.state == "translated" {
                        counts[locale, default: (0, 0, 0)].translated += 1
                    } else {
                        counts[locale, default: (0, 0, 0)].unfinished += 1
                    }
                    localizations.append(
                        (locale, unit(localization.template, state: localization.state, plural: false, indent: 8)))
                } else {
                    counts[locale, default: (0, 0, 0)].missing += 1
                }
            }
            entries.append(entry(key, comment: comment, localizations: localizations))
        }
        // Translatable option values (opening hours), one entry per
        // instance: `option:<instance>.<option>`, with the manifest's words
        // for each locale it gives, or the catalog's.
        for option in variant.translatableOptions {
            guard let instance = manifest.instance(option.instance),
                case .text(let given) = instance.options.values[option.option]
            else { continue }
            variantEntry(
                VariantTexts.optionKey(instance: option.instance, option: option.option),
                english: instance.optionTexts[option.option]?["en"] ?? given,
                given: { instance.optionTexts[option.option]?[$0] },
                comment: """
                    The option '\(option.option)' of \(option.instance), shown as it is. Given per locale in the \
                    manifest, or translated here.
                    """)
        }
        // The app's name: the manifest's `app.name` is its first locale's
        // words, the catalog's `app:name` every other's.
        let first = manifest.locales.first ?? "en"
        let appNames = texts.catalog?.entries[VariantTexts.appNameKey]?.localizations ?? [:]
        variantEntry(
            VariantTexts.appNameKey, english: appNames["en"]?.template.other ?? manifest.app.name,
            given: { appNames[$0] == nil && $0 == first ? manifest.app.name : nil },
            comment: "The app's name, as people see it in each locale.")
        // Each declining link's reason: `link:<pattern>`, the manifest's
        // words for each locale it gives, or the catalog's.
        for route in manifest.links {
            guard case .decline(let given) = route.policy else { continue }
            variantEntry(
                VariantTexts.linkReasonKey(pattern: route.pattern),
                english: manifest.declineReason(of: route, in: "en") ?? given,
                given: { route.reasons[$0] ?? (route.reasons.isEmpty && $0 == first ? given : nil) },
                comment: """
                    Why the link '\(route.pattern)' is declined while \(route.instance) is not running. Given per \
                    locale in the manifest, or translated here.
                    """)
        }
        let text = """
            {
              "sourceLanguage" : "en",
              "strings" : {
            \(entries.joined(separator: ",\n"))
              },
              "version" : "1.0"
            }

            """
        let progress = locales.map { locale in
            let count = counts[locale] ?? (0, 0, 0)
            return Progress(
                locale: locale, translated: count.translated, unfinished: count.unfinished, missing: count.missing)
        }
        return (text, progress)
    }

    /// One catalog entry: its key, comment and localizations (sorted).
    private static func entry(_ key: String, comment: String, localizations: [(String, String)]) -> String {
        let body = localizations.sorted { $0.0 < $1.0 }.map { "        \(JSONText.string($0.0)) : \($0.1)" }.joined(
            separator: ",\n")
        return """
                \(JSONText.string(key)) : {
                  "comment" : \(JSONText.string(comment)),
                  "extractionState" : "manual",
                  "localizations" : {
            \(body)
                  }
                }
            """
    }

    /// A `stringUnit`, or plural `variations` of them.
    private static func unit(_ template: TextTemplate, state: String, plural: Bool, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        func stringUnit(_ value: String, _ pad: String) -> String {
            """
            {\n\(pad)  \"stringUnit\" : {\n\(pad)    \"state\" : \(JSONText.string(state)),\n\(pad)    \"value\" : \
            \(JSONText.string(value))\n\(pad)  }\n\(pad)}
            """
        }
        guard plural, let one = template.one else { return stringUnit(template.other, pad) }
        let inner = pad + "      "
        return """
            {
            \(pad)  "variations" : {
            \(pad)    "plural" : {
            \(inner)"one" : \(stringUnit(one, inner)),
            \(inner)"other" : \(stringUnit(template.other, inner))
            \(pad)    }
            \(pad)  }
            \(pad)}
            """
    }
}
