import BundledFixtures
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
}
