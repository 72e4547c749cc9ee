import BundledFixtures
import StepflowManifest
import Testing

/// `rootapp update-check` as a release pipeline runs it: its verdicts,
/// exit codes and JSON, on the bundled home variant's next releases.
@Suite("rootapp update-check")
struct UpdateCheckCommandTests {
    static let home = BundledManifests.path("covid-antigen-home")
    static func release(_ name: String) -> String {
        BundledManifests.repositoryRoot + "/RootApp/Releases/covid-antigen-home-\(name).json"
    }

    @Test func wordingAndATimerKeepEveryWalkAndSaySo() {
        let reworded = Harness.run(["update-check", Self.home, Self.release("reworded")])
        #expect(reworded.code == 0)
        #expect(reworded.unwrappedOut.contains("✓ Every walk restores"))
        #expect(reworded.unwrappedOut.contains("1 text re-worded (no walk depends on wording)"))
        let timer = Harness.run(["update-check", Self.home, Self.release("10-minutes")])
        #expect(timer.code == 0)
        #expect(timer.unwrappedOut.contains("timer test: timerDone after 15 min → 10 min"))
    }

    @Test func aReleaseThatThrowsWalksAwayExitsOneUnlessItsPolicyResumesThem() {
        let refusing = Harness.run(["update-check", Self.home, Self.release("no-photo"), "--limit", "1"])
        #expect(refusing.code == 1)
        #expect(refusing.unwrappedOut.contains("✗ The update throws away walks of 62 of 76 states"))
        #expect(refusing.unwrappedOut.contains("1. A walk to test/read lands elsewhere"))
        #expect(refusing.unwrappedOut.contains("… and 2 more places (--limit 3 lists them all)."))
        let resuming = Harness.run(["update-check", Self.home, Self.release("no-photo-ask-again")])
        #expect(resuming.code == 0)
        #expect(
            resuming.out.replacing("\n     ", with: " ").contains(
                "the policy ask-again resumes such a walk at test/ready"))
    }

    @Test func jsonListsEveryPlaceWithItsWalkForAPipeline() throws {
        let run = Harness.run(["update-check", Self.home, Self.release("no-photo"), "--format", "json"])
        #expect(run.code == 1)
        // The whole output is one JSON object, its first member the app.
        let parsed = try JSONParser.parse(Array(run.out.utf8))
        guard case .object(let members) = parsed.value else {
            Issue.record("not a JSON object: \(run.out.prefix(80))")
            return
        }
        #expect(members.first?.key == "app")
        #expect(members.first?.value.value == .string("covid-antigen-home"))
        #expect(run.out.contains("\"thrownAway\": 62,"))
        #expect(run.out.contains("\"kind\": \"refused\", \"screen\": \"test/read\""))
        #expect(run.out.contains("\"walk\": [\"choose \\\"Get started\\\"\", \"choose \\\"Next\\\"\""))
    }

    @Test func wrongInputIsRefusedWithTheFixAndItsExitCode() {
        let otherApp = Harness.run(["update-check", Self.home, BundledManifests.path("strep-a-home")])
        #expect(otherApp.code == 64)
        #expect(otherApp.err.replacing("\n", with: " ").contains("a walk is only ever resumed by the same app"))
        #expect(Harness.run(["update-check", Self.home, "/nonexistent/next.json"]).code == 66)
        #expect(Harness.run(["update-check", Self.home, Self.home, "--limit", "0"]).code == 64)
    }
}
