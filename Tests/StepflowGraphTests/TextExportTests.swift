import BundledFixtures
import BundledModules
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowTesting
import Testing

// What the strings export and a translated variant show.
extension TextTests {
    @Test func theStringsExportListsEveryShownTextAndReadsBackAsACatalog() throws {
        let german = try BundledManifests.load("covid-antigen-home-de")
        let variant = VariantGraph(manifest: german, registry: BundledModules.registry)
        let (text, progress) = StringsExporter.catalog(variant, registry: BundledModules.registry)
        #expect(progress.map { "\($0.locale) \($0.translated) \($0.unfinished) \($0.missing)" } == ["de 97 0 0"])
        let path = TemporaryFiles.folder(["export.xcstrings": text]) + "/export.xcstrings"
        // The export is a catalog a variant can name: every entry, German kept.
        let manifest = try #require(GoldenFile.read(BundledManifests.path("covid-antigen-home-de")))
        let copy =
            TemporaryFiles.folder([
                "v.json": manifest.replacing("\"covid-antigen-home-de.xcstrings\"", with: "\"\(path)\"")
            ]) + "/v.json"
        let reloaded = try Self.loader.load(path: copy)
        // 93 module texts, 2 option values, 1 link reason, the app's name.
        #expect(reloaded.texts.catalog?.entries.count == 97)
        #expect(
            VariantGraph(manifest: reloaded, registry: BundledModules.registry).findings().filter {
                $0.kind == .missingTranslation
            }.isEmpty)
        // An English-only variant exports its English, nothing else.
        let home = VariantGraph(
            manifest: try BundledManifests.load("covid-antigen-home"), registry: BundledModules.registry)
        let english = StringsExporter.catalog(home, registry: BundledModules.registry)
        #expect(english.progress.isEmpty)
        // One entry per module text shown, one per translatable option, one per link reason.
        #expect(
            english.text.split(separator: "\"comment\"").count - 1 == Set(
                home.shownTexts.map { "\(home.manifest.texts.module(of: $0.instance)!)/\($0.key)" }
            ).count + home.translatableOptions.count + home.translationCoverage(in: "en").linkReasons + 1)
    }

    /// A question's label and answers, and an outside source's, are read
    /// in a walk and a UI: texts a catalog translates like a screen's.
    @Test func questionsAndOutsideSourcesAreTextsAPersonReads() throws {
        let german = VariantGraph(
            manifest: try BundledManifests.load("covid-antigen-home-de"), registry: BundledModules.registry)
        for key in ["camera.question", "camera.granted", "camera.denied"] {
            #expect(german.shownTexts.contains { $0.instance == "test" && $0.key == key }, "\(key)")
        }
        #expect(
            StringsExporter.catalog(german, registry: BundledModules.registry).text.contains(
                "\"procedure/camera.question\""))
        let clinic = VariantGraph(
            manifest: try BundledManifests.load("hba1c-clinic"), registry: BundledModules.registry)
        for (instance, key) in [
            ("intake", "lookUp.question"), ("intake", "lookUp.found"), ("home", "outbox.label"),
            ("home", "outbox.sent"),
            ("result", "labLink.label"), ("result", "labLink.sent"),
        ] {
            #expect(clinic.shownTexts.contains { $0.instance == instance && $0.key == key }, "\(instance)/\(key)")
        }
    }

    /// The app's name is a text too: the manifest's is the first locale's,
    /// and a catalog that loses another locale's is told.
    @Test func anAppNameMissingFromTheCatalogIsAMissingTranslation() throws {
        let folder = BundledManifests.folder
        let catalog = try #require(GoldenFile.read(folder + "/covid-antigen-home-de.xcstrings"))
        let start = try #require(catalog.firstRange(of: "    \"app:name\" : {"))
        let end = try #require(catalog[start.upperBound...].firstRange(of: "\n    },\n"))
        let copy = TemporaryFiles.folder([
            "v.json": try #require(GoldenFile.read(BundledManifests.path("covid-antigen-home-de"))),
            "covid-antigen-home-de.xcstrings": String(catalog[..<start.lowerBound] + catalog[end.upperBound...]),
        ])
        let manifest = try Self.loader.load(path: copy + "/v.json")
        let findings = VariantGraph(manifest: manifest, registry: BundledModules.registry).missingTranslations()
        #expect(findings.map(\.subject) == ["app:name"], "\(findings)")
        #expect(findings.first?.detail.contains("the app's name has no 'en' words") == true)
    }

    @Test func theGermanVariantIsTranslatedEverywhereAPersonCanLook() throws {
        let german = try BundledManifests.load("covid-antigen-home-de")
        let variant = VariantGraph(manifest: german, registry: BundledModules.registry)
        #expect(variant.findings().filter { $0.kind == .missingTranslation }.isEmpty)
        #expect(german.warnings.isEmpty)
        // Its re-worded text shows in both languages.
        #expect(variant.graph.nodes.contains { $0.label == "Ihr Ergebnis: positiv" })
    }
}
