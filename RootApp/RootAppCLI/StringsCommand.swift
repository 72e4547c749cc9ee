import StepflowGraph
import StepflowManifest

enum StringsCommand {
    static let command = RootApp.Command(
        spec: CommandSpec(
            name: "strings",
            abstract: "Export every text a variant can show as a String Catalog.",
            discussion:
                """
                One entry per module text a person can see on some walk ('<module>/<key>'), and one per \
                translatable option of an instance ('option:<instance>.<option>', opening hours say), with its \
                English and, for each locale the manifest ships, the translation and its state (from the variant's \
                catalog, or for an option the manifest's own words). Texts no walk shows are left out. Literal \
                texts a module writes without a key cannot be translated and are not listed: validate names them. \
                Each locale's progress goes to standard error. Give the file to translators (Xcode opens it), then \
                name it in the manifest's \"strings\".
                """,
            arguments: [.init(name: "manifest", help: "The variant's manifest.")],
            options: [OptionKey.outputFile.option]
        )
    ) { arguments, console, app throws(ExitCodeError) in
        if let output = arguments[.outputFile] {
            try OutputFile.check(output, notOverwriting: [arguments.positional[0]], console)
        }
        // It writes the catalog a variant names: one not there yet is no error here.
        let manifest = try app.manifest(arguments.positional[0], console, catalogMayBeMissing: true)
        let variant = VariantGraph(manifest: manifest, registry: app.registry, services: app.services)
        let (text, progress) = StringsExporter.catalog(variant, registry: app.registry)
        // Counted as validate counts them (literal texts aside: no catalog holds them).
        let coverage = variant.translationCoverage(in: manifest.locales.first ?? "en")
        let keyed = coverage.keyed
        let options = coverage.options
        let reasons = coverage.linkReasons
        let total = keyed + options + reasons + coverage.appName
        var kinds: [String] = []
        if options > 0 { kinds.append("\(options) option value\(options == 1 ? "" : "s")") }
        if reasons > 0 { kinds.append("\(reasons) link reason\(reasons == 1 ? "" : "s")") }
        kinds.append("the app's name")
        let parts = " (\(keyed) module texts, \(kinds.joined(separator: ", ")))"
        console.error(
            console.dim("\(manifest.app.id): \(total) text\(total == 1 ? "" : "s") a person can see\(parts)."))
        if !variant.literalTexts.isEmpty {
            console.error(
                console.dim(
                    "  and \(variant.literalTexts.count) literal text\(variant.literalTexts.count == 1 ? "" : "s") "
                        + "no catalog can translate (validate names them)."
                ))
        }
        for locale in progress {
            console.error(
                console.dim(
                    "  \(locale.locale): \(locale.translated) translated, \(locale.unfinished) not signed "
                        + "off, \(locale.missing) missing"
                ))
        }
        return OutputFile.write(text, to: arguments[.outputFile] ?? "-", console)
    }
}
