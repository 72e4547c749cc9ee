import Stepflow

/// The String Catalog beside the manifest (`strings`): it reads, it holds
/// texts of this variant's modules, and each translation for a shipped
/// locale keeps the placeholders of the module's English and is finished
/// (`new` and `needs_review` are warnings). Whether every text a person
/// can see is translated is decided from the variant's graph, which knows
/// which texts are shown (`missingTranslation`).
struct CatalogTranslations: ManifestValidator {
    let draft: ManifestDraft
    let instances: [ValidatedInstance]
    let locales: [String]
    let folder: ManifestFolder
    /// Reads a file the manifest names, by its resolved path.
    let readFile: @Sendable (String) -> Result<[UInt8], FileReadFailure>
    /// A missing catalog is a warning (for the command that writes it).
    var catalogMayBeMissing = false
    var log: DiagnosticLog

    /// A catalog that is not there: an error, or a warning for `strings`.
    private mutating func missing(_ path: JSONPath, _ location: TextLocation?, _ message: String) {
        if catalogMayBeMissing { log.warning(path, location, message) } else { log.error(path, location, message) }
    }

    /// The catalog, when it reads.
    consuming func check() -> Checked<StringCatalog?> {
        let translated = locales.filter { $0 != "en" }
        guard let strings = draft.strings else {
            if !translated.isEmpty, let locales = draft.locales {
                missing(
                    JSONPath.root.key("locales"), locales.location,
                    """
                    the variant ships \(translated.joined(separator: ", ")) but names no String Catalog to \
                    translate it. To fix, add \"strings\": \"<name>.xcstrings\" beside the manifest (the strings \
                    command writes one to start from).
                    """
                )
            }
            return log.checked(nil)
        }
        let path = JSONPath.root.key("strings")
        let bytes: [UInt8]
        let file = folder.resolve(strings.value)
        switch readFile(file) {
        case .success(let read): bytes = read
        case .failure(.notFound):
            missing(
                path, strings.location,
                """
                no String Catalog '\(strings.value)' beside the manifest. To fix, check the name, or write one \
                with the strings command.
                """
            )
            return log.checked(nil)
        case .failure(.unreadable(let reason)):
            log.error(path, strings.location, "cannot read the String Catalog '\(strings.value)': \(reason).")
            return log.checked(nil)
        }
        guard bytes.count <= StringCatalog.maximumFileSize else {
            log.error(
                path, strings.location,
                "the String Catalog '\(strings.value)' is over 8 MiB. To fix, check that it is a catalog.")
            return log.checked(nil)
        }
        let (catalog, diagnostics) = StringCatalog.read(bytes, file: file)
        log.append(diagnostics)
        guard let catalog else { return log.checked(nil) }
        var catalogLog = DiagnosticLog(file: catalog.file)
        let used = Dictionary(
            instances.compactMap { $0.module.map { ($0.id, $0) } }, uniquingKeysWith: { first, _ in first })
        let translatable = Set(
            instances.flatMap { instance in
                instance.translatableOptions.map { VariantTexts.optionKey(instance: instance.id, option: $0) }
            })
        for entry in catalog.entries.values.sorted(by: { $0.location < $1.location }) {
            let entryPath = JSONPath.root.key("strings").key(entry.key)
            // The app's name in each locale.
            if entry.key == VariantTexts.appNameKey { continue }
            // A declining link route's reason: `link:<pattern>`.
            if VariantTexts.isLinkReasonKey(entry.key) {
                var patterns: [String] = []
                if let links = draft.links, case .object(let members) = links.value.value {
                    patterns = members.map(\.key)
                }
                let pattern = String(entry.key.dropFirst("link:".count))
                if !patterns.contains(pattern) {
                    let known = patterns.map(VariantTexts.linkReasonKey(pattern:))
                    catalogLog.warning(
                        entryPath, entry.location,
                        """
                        '\(entry.key)' names no link route of this variant. \
                        \(Suggestion.didYouMean(entry.key, known))Its routes: \(Suggestion.list(known)). To fix, \
                        rename or remove it.
                        """
                    )
                }
                continue
            }
            // A translatable option's words: `option:<instance>.<option>`.
            if VariantTexts.isOptionKey(entry.key) {
                if !translatable.contains(entry.key) {
                    let known = translatable.sorted()
                    let listed = known.isEmpty ? "It has none." : "It has: \(Suggestion.list(known))."
                    catalogLog.warning(
                        entryPath, entry.location,
                        """
                        '\(entry.key)' is no translatable option of this variant. \
                        \(Suggestion.didYouMean(entry.key, known))\(listed) To fix, rename or remove it.
                        """
                    )
                }
                continue
            }
            guard let slash = entry.key.firstIndex(of: "/") else {
                catalogLog.warning(
                    entryPath, entry.location,
                    """
                    '\(entry.key)' is not a module's text. Keys are '<module>/<key>' (\"procedure/timer.title\"). \
                    To fix, rename or remove it.
                    """
                )
                continue
            }
            let moduleID = String(entry.key[..<slash])
            let key = String(entry.key[entry.key.index(after: slash)...])
            guard let module = used[moduleID] else {
                catalogLog.warning(
                    entryPath, entry.location,
                    """
                    no instance of this variant is of module '\(moduleID)', so '\(entry.key)' is never shown. \
                    \(Suggestion.didYouMean(moduleID, used.keys.sorted()))To fix, remove it, or check the module \
                    id.
                    """
                )
                continue
            }
            guard let spec = module.texts.first(where: { $0.key == key }) else {
                let keys = module.texts.map(\.key)
                catalogLog.warning(
                    entryPath, entry.location,
                    """
                    module '\(moduleID)' has no text '\(key)'. \(Suggestion.didYouMean(key, keys))To fix, rename \
                    or remove it; the strings command lists every text of the variant.
                    """
                )
                continue
            }
            for locale in translated {
                guard let localization = entry.localizations[locale] else { continue }
                let localePath = entryPath.key("localizations").key(locale)
                // A counted text may hold Xcode's format specifiers (`%lld`).
                let template =
                    spec.plural == nil
                    ? localization.template
                    : CatalogFormat.named(localization.template, placeholders: CatalogFormat.order(of: spec))
                if let problem = TextOverrides.placeholderProblem(template.placeholders, english: spec.placeholders) {
                    catalogLog.error(
                        localePath, localization.location,
                        """
                        the \(locale) text \(problem) (the English: \"\(spec.english)\"). To fix, keep exactly the \
                        placeholders of the English.
                        """
                    )
                }
                if localization.state != "translated" {
                    catalogLog.warning(
                        localePath, localization.location,
                        """
                        the \(locale) text is in state '\(localization.state)': it is shown, but nobody has signed \
                        it off. To fix, review it and set \"state\": \"translated\".
                        """
                    )
                }
            }
        }
        log.append(catalogLog.items)
        return log.checked(catalog)
    }
}
