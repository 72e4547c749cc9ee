package import Stepflow

/// A variant's own texts: the locales it ships, the manifest's overrides
/// (`"texts"`) and its String Catalog's translations. Made by
/// ``ManifestLoader``; ``RootFlow`` gives each module instance its
/// `TextSource` for the locale shown.
///
/// For a text `key` of an instance of module `M` in locale `L`, the
/// instance shows, first found: the manifest's override of
/// `<instance>/<key>` for `L`; for a locale other than English, the
/// catalog's `M/<key>` for `L`; the module's English.
package struct VariantTexts: Hashable, Sendable {
    /// The locales the variant ships, the default first (`["en"]` when the
    /// manifest names none).
    package let locales: [String]
    /// The catalog beside the manifest, if it names one.
    package let catalog: StringCatalog?
    /// Overrides by instance, key and locale.
    package let overrides: [String: [String: [String: String]]]
    /// Each instance's module id.
    let modules: [String: String]
    /// The placeholder that counts, by module and key, for counted texts.
    let counts: [String: [String: String]]
    /// A counted text's placeholders in its English's order, by module and
    /// key: how a catalog's format specifiers (`%lld`) name them
    /// (``CatalogFormat``).
    let orders: [String: [String: [String]]]

    /// Texts for `locales` from `catalog` and `overrides`.
    init(
        locales: [String], catalog: StringCatalog?, overrides: [String: [String: [String: String]]],
        modules: [String: String], counts: [String: [String: String]], orders: [String: [String: [String]]] = [:]
    ) {
        self.locales = locales
        self.catalog = catalog
        self.overrides = overrides
        self.modules = modules
        self.counts = counts
        self.orders = orders
    }

    /// English only, no overrides.
    static let english = VariantTexts(locales: ["en"], catalog: nil, overrides: [:], modules: [:], counts: [:])

    /// The texts `instance` shows in `locale`.
    package func source(for instance: String, locale: String) -> TextSource {
        var templates: [String: TextTemplate] = [:]
        if let module = modules[instance] {
            let counted = counts[module] ?? [:]
            if locale != "en", let catalog {
                let prefix = module + "/"
                for (catalogKey, entry) in catalog.entries where catalogKey.hasPrefix(prefix) {
                    guard let localization = entry.localizations[locale] else { continue }
                    let key = String(catalogKey.dropFirst(prefix.count))
                    // A counted text may hold Xcode's format specifiers.
                    let template = CatalogFormat.named(
                        localization.template, placeholders: orders[module]?[key] ?? [])
                    templates[key] = TextTemplate(other: template.other, one: template.one, count: counted[key])
                }
            }
            for (key, byLocale) in overrides[instance] ?? [:] {
                if let text = byLocale[locale] { templates[key] = TextTemplate(other: text) }
            }
        }
        return TextSource(locale: locale, templates: templates)
    }

    /// Whether `instance` has its own text for `key` in `locale`: an
    /// override, or for a locale other than English a translation.
    /// English always has the module's own.
    package func has(_ key: String, instance: String, locale: String) -> Bool {
        if locale == "en" || overrides[instance]?[key]?[locale] != nil { return true }
        guard let module = modules[instance] else { return false }
        return catalog?.entries["\(module)/\(key)"]?.localizations[locale] != nil
    }

    /// The catalog's text of `instance`'s translatable option `option` in
    /// `locale`: its entry `option:<instance>.<option>`, when it has one.
    package func optionText(instance: String, option: String, locale: String) -> String? {
        catalog?.entries[Self.optionKey(instance: instance, option: option)]?.localizations[locale]?.template.other
    }

    /// The catalog key of an instance's translatable option:
    /// `option:<instance>.<option>` (no slash, so never a module's text).
    package static func optionKey(instance: String, option: String) -> String {
        optionKeyPrefix + "\(instance).\(option)"
    }

    /// Whether a catalog key names an option (``optionKey(instance:option:)``)
    /// rather than a module's text (`<module>/<key>`).
    package static func isOptionKey(_ key: String) -> Bool { key.hasPrefix(optionKeyPrefix) }

    private static let optionKeyPrefix = "option:"

    /// The catalog key of a declining link route's reason: `link:<pattern>`
    /// (`link:kept/{result}/{patient}`).
    package static func linkReasonKey(pattern: String) -> String { linkKeyPrefix + pattern }

    /// Whether a catalog key names a link route's reason (``linkReasonKey(pattern:)``).
    package static func isLinkReasonKey(_ key: String) -> Bool { key.hasPrefix(linkKeyPrefix) }

    private static let linkKeyPrefix = "link:"

    /// The catalog's words for the reason of the route `pattern` in `locale`.
    package func linkReason(pattern: String, locale: String) -> String? {
        catalog?.entries[Self.linkReasonKey(pattern: pattern)]?.localizations[locale]?.template.other
    }

    /// The catalog key of the app's name in each locale: `app:name` (the
    /// manifest's `app.name` is the name in the variant's first locale).
    package static let appNameKey = "app:name"

    /// The app's name in `locale` from the String Catalog, if it has one.
    package func appName(locale: String) -> String? {
        catalog?.entries[Self.appNameKey]?.localizations[locale]?.template.other
    }

    /// The module id of `instance`.
    package func module(of instance: String) -> String? { modules[instance] }
}
