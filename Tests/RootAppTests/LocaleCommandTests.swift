import BundledFixtures
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowScripts
import StepflowTesting
import Testing

@Suite("Locales on the command line")
struct LocaleCommandTests {
    static let german = BundledManifests.path("covid-antigen-home-de")

    @Test func theGermanVariantWalksInGermanByDefaultAndInEnglishOnRequest() {
        let de = Harness.run(["walk", Self.german], input: ["Los geht’s", "q"])
        #expect(de.code == 0)
        #expect(
            de.out.contains("── Willkommen ─") && de.out.contains("1) Los geht’s")
                && de.out.contains("── Was Sie brauchen (1 von 3) ─"))
        let en = Harness.run(["walk", Self.german, "--locale", "en"], input: ["Get started", "q"])
        #expect(en.out.contains("── What you need (1 of 3) ─"))
        let unknown = Harness.run(["walk", Self.german, "--locale", "dee"])
        #expect(unknown.code == 64)
        #expect(
            unknown.err
                == """
                error: 'covid-antigen-home-de' does not ship the locale 'dee'. Did you mean 'de'? It ships: de, \
                en.\n
                """
        )
    }

    @Test func scriptsByKeyRunInEveryLocaleAndByLabelInTheirOwn() {
        let scripts = BundledManifests.scripts("covid-antigen-home-de")
        let byKey = scripts.filter { !$0.hasSuffix("positive-by-photo-then-help.txt") }
        for locale in ["de", "en"] {
            let run = Harness.run(["check", Self.german, "--locale", locale] + byKey)
            #expect(run.code == 0, "\(locale): \(run.out)\(run.err)")
        }
        let byGermanLabel = scripts.filter { $0.hasSuffix("positive-by-photo-then-help.txt") }
        #expect(Harness.run(["check", Self.german] + byGermanLabel).code == 0)
        let inEnglish = Harness.run(["check", Self.german, "--locale", "en"] + byGermanLabel)
        #expect(
            inEnglish.code == 1
                && inEnglish.unwrappedOut.contains(
                    "failed: no action 'Los geht’s' on onboarding/welcome. Choose 1 or a label: 'Get started'.")
        )
    }

    @Test func aVariantMissingAGermanTextIsRefusedByWalkAndCheckAndListedByValidate() throws {
        let manifest = try #require(GoldenFile.read(Self.german)).replacing(
            #""scripts": "../Scripts/covid-antigen-home-de""#,
            with: #""scripts": "\#(BundledManifests.repositoryRoot)/RootApp/Scripts/covid-antigen-home-de""#)
        let catalog = try #require(GoldenFile.read(BundledManifests.folder + "/covid-antigen-home-de.xcstrings"))
        // One German string deleted: the negative result's title.
        let lines = catalog.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.contains("\"results/negative.title\"") })
        let end = try #require(lines[start...].firstIndex { $0 == "    }," })
        let broken = (lines[..<start] + lines[(end + 1)...]).joined(separator: "\n")
        let folder = TemporaryFiles.folder(["v.json": manifest, "covid-antigen-home-de.xcstrings": broken])
        let walk = Harness.run(["walk", folder + "/v.json"])
        #expect(walk.code == 65)
        #expect(
            walk.err.contains(
                """
                error: missing translation: result/negative.title: \(folder)/covid-antigen-home-de.xcstrings: \
                'results/negative.title' has no 'de' text, so it would show in English.
                """
            ))
        #expect(
            Harness.run(["check", folder + "/v.json"] + BundledManifests.scripts("covid-antigen-home-de")).code == 65)
        #expect(
            Harness.run(
                ["check", folder + "/v.json", "--locale", "en"]
                    + BundledManifests.scripts("covid-antigen-home-de").prefix(1)
            ).code == 0, "English has the module's own text")
        let validate = Harness.run(["validate", folder + "/v.json"])
        #expect(validate.code == 1 && validate.out.contains("1 error"))
    }

    @Test func aGermanSignOffRecordsTheCatalogsDigestBesideTheManifests() throws {
        let manifest = try BundledManifests.load("covid-antigen-home-de")
        let catalog = try #require(manifest.texts.catalog?.signedDigest)
        #expect(catalog.count == 64 && catalog != manifest.signedDigest)
        let output = TemporaryFiles.folder([:]) + "/r.html"
        let junit = TemporaryFiles.folder([:]) + "/j.xml"
        #expect(Harness.run(["report", Self.german, "-o", output]).code == 0)
        #expect(Harness.run(["check", Self.german, "--junit", junit]).code == 0)
        #expect(
            GoldenFile.read(output)?.contains(
                "Manifest digest <code>\(manifest.signedDigest)</code> · catalog digest <code>\(catalog)</code>")
                == true)
        #expect(GoldenFile.read(junit)?.contains("<property name=\"catalog digest\" value=\"\(catalog)\"/>") == true)
    }

    /// The catalog a variant names is what `strings` writes: a variant
    /// without one yet gets it, while validate still refuses the variant.
    @Test func stringsWritesTheCatalogAVariantDoesNotHaveYet() throws {
        let text = try #require(GoldenFile.read(Self.german))
        let folder = TemporaryFiles.folder([
            "v.json": text.replacing("\"strings\": \"covid-antigen-home-de.xcstrings\",", with: "")
        ])
        let written = Harness.run(["strings", folder + "/v.json", "-o", folder + "/v.xcstrings"])
        #expect(written.code == 0, "\(written.err)")
        #expect(written.err.contains("warning: locales: the variant ships de but names no String Catalog"))
        #expect(written.err.contains("de: 4 translated, 0 not signed off, 93 missing"), "\(written.err)")
        #expect(GoldenFile.read(folder + "/v.xcstrings")?.contains("\"sourceLanguage\" : \"en\"") == true)
        let validate = Harness.run(["validate", folder + "/v.json"])
        #expect(validate.code == 1 && (validate.out + validate.err).contains("error: locales: the variant ships de"))
    }

    @Test func stringsExportsEveryTextWithEachLocalesProgress() throws {
        let output = TemporaryFiles.folder([:]) + "/de.xcstrings"
        let run = Harness.run(["strings", Self.german, "-o", output])
        #expect(run.code == 0)
        #expect(
            run.err
                == """
                covid-antigen-home-de: 97 texts a person can see (93 module texts, 2 option values, 1 link \
                reason, the app's name).\n  de: 97 \
                translated, 0 not signed off, 0 missing\n
                """
        )
        let text = try #require(GoldenFile.read(output))
        #expect(text.hasPrefix("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"))
        #expect(text.contains("\"value\" : \"Ihr Ergebnis: negativ\""))
        // Never over its input.
        #expect(Harness.run(["strings", Self.german, "-o", Self.german]).code == 73)
    }

    @Test func aKeyIsChosenInBracketsWithOnlyACommentAfterIt() throws {
        let script = try Script.parse("choose [privacy.agree] # Ich stimme zu\nchoose [next]\n", file: "k.txt")
        #expect(
            script.lines.map(\.instruction) == [.input(.choose(.key("privacy.agree"))), .input(.choose(.key("next")))])
        #expect(throws: Script.SyntaxError.self) { try Script.parse("choose [privacy.agree\n", file: "k.txt") }
        do {
            _ = try Script.parse("\nchoose [privacy.agree] Ich stimme zu\n", file: "k.txt")
            Issue.record("a label after a key is refused")
        } catch {
            #expect(
                error.description.hasPrefix(
                    """
                    k.txt:2: error: 'Ich stimme zu' follows the key [privacy.agree]; only a # comment may. Write \
                    choose [<key>] # <label>.
                    """
                ))
        }
        let wrongKey = Harness.run([
            "check", Self.german, TemporaryFiles.folder(["w.txt": "choose [welcome.start]\n"]) + "/w.txt",
        ])
        #expect(
            wrongKey.unwrappedOut.contains(
                "failed: no action with the key [welcome.start] on onboarding/welcome. Its keys: [welcome.lay.start]."))
    }
}
