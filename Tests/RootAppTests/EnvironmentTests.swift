import BundledFixtures
import Testing

/// Every environment variable `rootapp` reads is checked: a value out of
/// range is a usage error naming it, never a crash and never ignored.
@Suite("Environment variables")
struct EnvironmentTests {
    @Test(arguments: ["1e10", "1e11", "inf", "999999999999", "0", "-1", "abc", "nan", ""])
    func aTimeScaleOutOfRangeIsAUsageErrorThatNamesIt(_ value: String) {
        let run = Harness.runBinary(
            ["walk", BundledManifests.path("covid-antigen-home")], environment: ["ROOTAPP_TIME_SCALE=\(value)"])
        #expect(run.code == 64, "\(value): \(run.err)")
        #expect(run.err.contains("ROOTAPP_TIME_SCALE is '\(value)'"))
        #expect(run.err.replacing("\n", with: " ").contains("from 1 to 1000000"))
        #expect(!run.err.contains("Fatal error"))
    }

    @Test func theLargestTimeScaleRunsATimerWithoutACrash() {
        // Up to the timer, which starts at the largest scale.
        let lines = String(repeating: "1\n", count: 10)
        let folder = TemporaryFiles.folder(["input.txt": lines])
        let run = Harness.runBinary(
            ["walk", BundledManifests.path("covid-antigen-home")], environment: ["ROOTAPP_TIME_SCALE=1000000"],
            stdin: folder + "/input.txt")
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out.contains("test.startTimer"))
    }

    @Test(arguments: ["yesterday", "-5", "1e3", "99999999999999999999"])
    func aSourceDateEpochThatIsNoDateIsAUsageError(_ value: String) {
        let run = Harness.runBinary(
            ["report", BundledManifests.path("strep-a-home")], environment: ["SOURCE_DATE_EPOCH=\(value)"])
        #expect(run.code == 64, "\(value): \(run.err)")
        #expect(run.err.contains("SOURCE_DATE_EPOCH is '"))
    }
}
