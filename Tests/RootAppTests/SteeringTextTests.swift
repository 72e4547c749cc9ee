import BundledFixtures
import RootAppCLI
import StepflowTesting
import Testing

/// Text from a manifest that would steer a terminal (ESC, a carriage
/// return) or turn text around (a right-to-left override): validate warns
/// about it, and a terminal shows it escaped.
@Suite("Characters that steer a terminal")
struct SteeringTextTests {
    /// The home self-test, its app named with a clear-screen code and a
    /// right-to-left override.
    static func hostile() throws -> String {
        let original = try #require(GoldenFile.read(BundledManifests.path("covid-antigen-home")))
        let scripts = BundledManifests.repositoryRoot + "/RootApp/Scripts/covid-antigen-home"
        let text =
            original
            .replacing(#""scripts": "../Scripts/covid-antigen-home""#, with: #""scripts": "\#(scripts)""#)
            .replacing(#""name": "COVID Antigen Self-Test""#, with: #""name": "COVID \u001b[2J\u202eTest""#)
        return TemporaryFiles.folder(["hostile.json": text]) + "/hostile.json"
    }

    @Test func validateWarnsNamingTheCharactersAndWhere() throws {
        let file = try Self.hostile()
        let run = Harness.run(["validate", file])
        #expect(run.code == 0, "a warning, not an error: \(run.err)")
        let said = run.unwrappedErr + run.unwrappedOut
        #expect(said.contains("app.name"), "\(said)")
        #expect(said.contains("U+001B (ESCAPE)") && said.contains("U+202E (RIGHT-TO-LEFT OVERRIDE)"), "\(said)")
        #expect(said.contains("To fix, write the text as people read it"), "\(said)")
    }

    @Test func aTranslationThatTurnsTextAroundIsWarnedAboutInItsCatalog() throws {
        let manifest = try #require(GoldenFile.read(BundledManifests.path("covid-antigen-home-de")))
        let catalog = try #require(
            GoldenFile.read(BundledManifests.repositoryRoot + "/RootApp/Manifests/covid-antigen-home-de.xcstrings"))
        let scripts = BundledManifests.repositoryRoot + "/RootApp/Scripts/covid-antigen-home-de"
        let folder = TemporaryFiles.folder([
            "covid-antigen-home-de.json": manifest.replacing(
                #""scripts": "../Scripts/covid-antigen-home-de""#, with: #""scripts": "\#(scripts)""#),
            "covid-antigen-home-de.xcstrings": catalog.replacing("Los geht’s", with: #"Los \u202Egeht’s"#),
        ])
        let run = Harness.run(["validate", folder + "/covid-antigen-home-de.json"])
        let said = run.unwrappedErr + run.unwrappedOut
        #expect(said.contains("covid-antigen-home-de.xcstrings:"), "\(said)")
        #expect(said.contains("U+202E (RIGHT-TO-LEFT OVERRIDE), which turns the text around"), "\(said)")
    }

    @Test func aTerminalShowsThemEscapedAndKeepsItsOwnColours() throws {
        let file = try Self.hostile()
        let walk = Harness.run(["walk", file], input: ["q"], onTerminal: true)
        #expect(walk.code == 0)
        #expect(walk.out.contains("COVID \\u{1B}[2J\\u{202E}Test"), "\(walk.out)")
        #expect(!walk.out.contains("\u{1B}[2J") && !walk.out.contains("\u{202E}"))
        // The walk's own bold title is still bold.
        #expect(walk.out.contains("\u{1B}[1m"))
        // Piped (no terminal), the text is written as the manifest says.
        let piped = Harness.run(["walk", file], input: ["q"])
        #expect(piped.out.contains("COVID \u{1B}[2J\u{202E}Test"))
    }
}
