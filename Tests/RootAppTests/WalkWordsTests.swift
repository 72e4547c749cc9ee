import BundledFixtures
import StepflowTesting
import Testing

/// What a person reads in a walk: a help key, and errors that quote what
/// was typed without echoing a huge line back.
@Suite("Words in a walk")
struct WalkWordsTests {
    static let strep = BundledManifests.path("strep-a-home")

    @Test(arguments: ["?", "h", "help", "HELP"])
    func aHelpKeyListsWhatCanBeTypedOnThisScreen(_ key: String) {
        let run = Harness.run(["walk", Self.strep], input: [key])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out.contains("What you can type here:"))
        #expect(run.out.contains("the action with that number; or type its label (Get started)"))
        #expect(!run.err.contains("No action"), "help is not taken for an action")
    }

    @Test func helpOnAScreenWithAWayBackAndATimerNamesBothKeys() {
        // To the waiting screen: its timer can be let finish, and the
        // instructions before it have a way back.
        let run = Harness.run(["walk", Self.strep], input: Array(repeating: "1", count: 9) + ["?"])
        #expect(run.out.contains("  s             let the running timer finish now"), "\(run.out)")
    }

    @Test func aLongLineIsCutInTheErrorThatQuotesIt() {
        let long = String(repeating: "x", count: 100_000)
        let run = Harness.run(["walk", Self.strep], input: [long])
        #expect(run.err.replacing("\n", with: " ").contains("(100000 characters)"))
        #expect(run.err.count < 1_000)
    }

    static let german = BundledManifests.path("covid-antigen-home-de")
    /// The German variant up to its question, with a wrong line and help on the way.
    static let toTheQuestion = [
        "Los geht’s", "Weiter", "Weiter", "Weiter", "Ich stimme zu", "Alles ist da", "Weiter", "Weiter", "Weiter",
        "Fertig, Timer starten", "?", "xyz", "s", "answer lab ok", "Ergebnis ablesen", "Foto machen", "vielleicht",
    ]

    @Test func aGermanVariantIsWalkedInGermanWords() {
        let run = Harness.run(["walk", Self.german], input: Self.toTheQuestion)
        let all = (run.out + run.err).replacing("\n", with: " ").replacing("  ", with: " ")
        #expect(run.out.hasPrefix("COVID-19 Antigen-Selbsttest (covid-antigen-home-de, lay)"))
        #expect(all.contains("Die App fragt nach Kamerazugriff. Antwort:"), "\(all)")
        #expect(all.contains("(ein Timer läuft: noch 15:00; s lässt ihn jetzt ablaufen)"))
        #expect(all.contains("Was Sie hier tippen können:"))
        #expect(all.contains("Keine Aktion 'xyz' auf test/timer. Wählen Sie 1 oder eine Beschriftung"))
        #expect(all.contains("Die App wartet auf Kamerazugriff: tippen Sie 1 (granted), 2 (denied), t oder q."))
        #expect(all.contains("Auf test/ready wartet nichts auf eine Antwort von 'lab'."))
        for english in ["The app asks", "a timer is running", "What you can type", "No action", "Or type", "waits for"]
        {
            #expect(!all.contains(english), "\(english)")
        }
    }

    @Test func aGermanWalkSaysWhatBecameOfALinkInGermanToTheEnd() {
        let run = Harness.run(["walk", Self.german], input: ["link result/x", "link result", "q"])
        let all = (run.out + run.err).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(all.contains("'result/x' ist kein Link dieser Variante. Diese Variante öffnet Adressen wie 'result',"))
        #expect(all.contains("Link result: abgelehnt: Die Empfehlung erscheint am Ende eines Tests"), "\(all)")
        #expect(all.contains("Abgebrochen. Verlauf (2 Schritte):"))
        for english in ["is no link", "declined", "Quit.", "Trace ("] { #expect(!all.contains(english), "\(english)") }
        // The same variant walked in English says it in English, the reason too.
        let english = Harness.run(["walk", Self.german, "--locale", "en"], input: ["link result", "q"])
        #expect(
            english.out.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(
                "link result: declined: The advice shows at the end of a test: open the app to take one."),
            "\(english.out)")
    }

    @Test func theAppsNameIsShownInTheLocaleAsked() {
        let run = Harness.run(["walk", Self.german, "--locale", "en"], input: ["xyz"])
        #expect(run.out.hasPrefix("COVID-19 Antigen Self-Test (covid-antigen-home-de, lay)"), "\(run.out)")
        #expect(run.err.contains("No action 'xyz' on onboarding/welcome."))
    }

    @Test func aLongTitleWrapsAndKeepsTheInstanceOnTheRule() throws {
        let path = BundledManifests.path("strep-a-home")
        let text = try #require(GoldenFile.read(path))
        let title = String(repeating: "Ein sehr langer Titel ", count: 6) + "zum Schluss"
        let changed = text.replacing(
            #""scripts": "../Scripts/strep-a-home","#,
            with: #""texts": {"onboarding/welcome.title": "\#(title)"},"#)
        let folder = TemporaryFiles.folder(["long.json": changed])
        let run = Harness.run(["walk", folder + "/long.json"], input: [])
        #expect(run.code == 0, "\(run.err)")
        let lines = run.out.split(separator: "\n", omittingEmptySubsequences: false)
        let first = try #require(lines.firstIndex { $0.hasPrefix("── Ein sehr langer") })
        #expect(
            lines[first...].prefix(3).contains { $0.hasSuffix("─ onboarding") && $0.hasPrefix("   ") }, "\(run.out)")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines[first...].prefix(3).joined(separator: " ").contains("zum Schluss"))
    }
}
