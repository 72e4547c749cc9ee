import BundledFixtures
import StepflowTesting
import Testing

/// The terminal walk over a variant whose help shows two tabs.
@Suite("Tabs in the terminal walk")
struct SectionWalkTests {
    static let toHelp = [
        "Sign in", "Sign in (password accepted)", "Main clinic", "I acknowledge", "Start a test",
        "Scan wristband (reads P-1024)", "Details are correct", "Consent given", "Get help",
    ]

    @Test func theWalkDrawsTheTabBarTakesATabByItsLabelOrSelectAndRecordsIt() throws {
        let manifest = BundledManifests.path("hba1c-clinic")
        let script = TemporaryFiles.folder([:]) + "/walk.txt"
        let run = Harness.run(
            ["walk", manifest, "--record", script],
            input: Self.toHelp + [
                "Taking the sample", "Talk to a person", "select topics", "select settings", "t", "q",
            ])
        #expect(run.code == 0, "\(run.err)")
        // The bar, the selected tab in brackets, above the screen; the topics tab kept its stack.
        #expect(
            run.out.contains(
                "  tabs    [Topics]  Talk to a person (contact)\n  stack   help/topics › help/topic-sample"))
        #expect(run.out.contains("  tabs    Topics (topics)  [Talk to a person]\n  stack   help/contact"))
        // A tab the bar does not have is refused with the ones it has.
        #expect(
            run.err.replacing("\n", with: " ").contains(
                "No section 'settings' can be selected now. Sections that can be selected now: help.topics, "
                    + "help.contact."),
            "\(run.err)")
        // The trace lists the selections; the recorded script replays.
        #expect(run.out.contains("help: select contact") && run.out.contains("help: select topics"))
        let recorded = try #require(GoldenFile.read(script))
        #expect(recorded.contains("select contact\n") && recorded.contains("select topics\n"), "\(recorded)")
        let check = Harness.run(["check", manifest, script])
        #expect(check.code == 0, "\(check.out)\(check.err)")
    }
}
