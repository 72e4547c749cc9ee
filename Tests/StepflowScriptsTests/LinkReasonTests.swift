import BundledFixtures
import BundledModules
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowTesting
import Testing

/// A declining link's reason is a text a person reads: given per locale in
/// the manifest or translated in the String Catalog, shown in the locale
/// walked, exported by `strings`, and missing words are a finding.
@Suite("A link's decline reason, in every locale")
struct LinkReasonTests {
    static let english = "The advice shows at the end of a test: open the app to take one."
    static let german = "Die Empfehlung erscheint am Ende eines Tests: Öffnen Sie die App, um einen zu machen."

    /// covid-antigen-home-de with its `links` member replaced by `links`, beside its catalog.
    static func german(links: String) throws -> Manifest {
        let folder = BundledManifests.folder
        let text = try #require(GoldenFile.read(folder + "/covid-antigen-home-de.json"))
        let start = try #require(text.firstRange(of: "\"links\": {"))
        let end = try #require(text[start.upperBound...].firstRange(of: "\n  },"))
        let changed = text[..<start.lowerBound] + "\"links\": {" + links + text[end.lowerBound...]
        let copy = TemporaryFiles.folder([
            "covid-antigen-home-de.json": String(changed),
            "covid-antigen-home-de.xcstrings": try #require(
                GoldenFile.read(folder + "/covid-antigen-home-de.xcstrings")),
        ])
        return try ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).load(
            path: copy + "/covid-antigen-home-de.json")
    }

    @Test("Given per locale, the reason is declined with in the locale walked")
    func perLocale() throws {
        let manifest = try BundledManifests.load("covid-antigen-home-de")
        for (locale, words) in [("de", Self.german), ("en", Self.english)] {
            let root = RootFlow(manifest: manifest, registry: BundledModules.registry, locale: locale)
            #expect(try root.route(link: "result").get().otherwise == .decline(reason: words), "\(locale)")
        }
        let variant = VariantGraph(manifest: manifest, registry: BundledModules.registry)
        #expect(variant.missingTranslations().isEmpty)
    }

    @Test("One string is the first locale's words: the others are a missing translation, until the catalog has them")
    func oneString() throws {
        let plain = try Self.german(
            links: #""result": {"to": "result.advice", "whenNotRunning": "decline", "reason": "\#(Self.german)"}"#)
        let findings = VariantGraph(manifest: plain, registry: BundledModules.registry).missingTranslations()
            .filter { $0.subject == "link:result" }
        #expect(findings.count == 1)
        #expect(findings.first?.detail.contains("has no 'en' words, so 'en' shows it in 'de'") == true)
        let root = RootFlow(manifest: plain, registry: BundledModules.registry, locale: "en")
        #expect(try root.route(link: "result").get().otherwise == .decline(reason: Self.german))
    }

    @Test("A locale the variant does not ship, or none for its first, is an error at its place")
    func mistakes() {
        func error(_ reason: String) -> String {
            do {
                _ = try Self.german(
                    links: #""result": {"to": "result.advice", "whenNotRunning": "decline", "reason": \#(reason)}"#)
                return ""
            } catch {
                return "\(error)"
            }
        }
        #expect(
            error(#"{"de": "x", "fr": "y"}"#).contains("links.result.reason.fr: 'fr' is not a locale the variant ships")
        )
        #expect(error(#"{"en": "x"}"#).contains("the reason has no words in 'de', the variant's first locale"))
    }
}
