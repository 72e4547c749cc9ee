#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import BundledFixtures
import Stepflow
import StepflowManifest
import StepflowTesting
import Testing

@Suite("Saving and resuming a walk")
struct ResumeTests {
    static let home = BundledManifests.path("covid-antigen-home")
    static let toTheTimer = [
        "Get started", "Next", "Next", "Next", "I agree", "Everything is there", "Next", "Next", "Next",
        "Done, start the timer",
    ]

    /// A fresh temporary path for this test.
    static func temporary(_ name: String) -> String { "/tmp/rootapp-resume-\(getpid())-\(name)" }

    @Test("A walk saved on its way resumes on the same screen, and goes on to the end")
    func saveThenResume() throws {
        let file = Self.temporary("walk.json")
        defer { unlink(file) }
        let first = Harness.run(["walk", Self.home, "--save", file], input: Array(Self.toTheTimer.prefix(5)))
        #expect(first.code == 0)
        #expect(
            first.err.replacing("\n", with: " ").contains(
                "Saved the walk (5 inputs) as \(file); continue it with --resume \(file)."))
        let saved = try SavedNavigationJSON.load(path: file)
        #expect(saved.screens == ["test/checklist"])

        // Resumed and saved again to the same file: the rest of the way.
        let second = Harness.run(
            ["walk", Self.home, "--resume", file, "--save", file],
            input: Array(Self.toTheTimer.dropFirst(5)) + [
                "s", "Read the result", "Read it myself", "only the C line (negative)",
            ])
        #expect(second.code == 0)
        #expect(second.err.contains("Resumed \(file): 5 inputs replayed."))
        #expect(second.out.contains("── Check your kit"), "the saved screen is shown first")
        #expect(!second.out.contains("── Welcome"), "the onboarding is not shown again")
        #expect(second.unwrappedOut.contains("Trace since resuming ("))
        // Resumed once more: the result recorded stays, the test is not started again.
        let third = Harness.run(["walk", Self.home, "--resume", file], input: [])
        #expect(third.code == 0)
        #expect(!third.out.contains("── Waiting for the result"))
        #expect(try SavedNavigationJSON.load(path: file).screens.last?.hasPrefix("result/") == true)
    }

    @Test("Saves that cannot be resumed are refused with the file, the reason and the fix, and distinct exit codes")
    func refusals() throws {
        let file = Self.temporary("refused.json")
        defer { unlink(file) }
        _ = Harness.run(["walk", Self.home, "--save", file], input: ["Get started"])
        let missing = Harness.run(["walk", Self.home, "--resume", Self.temporary("none.json")])
        #expect(missing.code == 66)
        #expect(missing.err.contains("none.json: error: cannot open the file"))

        let text = try #require(GoldenFile.read(file))
        let cut = Self.temporary("cut.json")
        defer { unlink(cut) }
        Harness.write(String(text.prefix(text.count / 2)), to: cut)
        let truncated = Harness.run(["walk", Self.home, "--resume", cut])
        #expect(truncated.code == 65)
        #expect(truncated.err.contains("Was it cut short? Start afresh."))

        let other = Harness.run(["walk", BundledManifests.path("strep-a-home"), "--resume", file])
        #expect(other.code == 65)
        #expect(other.err.replacing("\n", with: " ").contains("it is a walk of 'covid-antigen-home'"))

        // The next release, with an option changed that the walk never
        // passed: resumed there, and said so.
        let edited = Self.temporary("edited.json")
        defer { unlink(edited) }
        let source = try #require(GoldenFile.read(Self.home))
        Harness.write(source.replacing(#""waitMinutes": 15"#, with: #""waitMinutes": 10"#), to: edited)
        let changed = Harness.run(["walk", edited, "--resume", file])
        #expect(changed.code == 0, "\(changed.err)")
        #expect(changed.err.replacing("\n", with: " ").contains("on another release"), "\(changed.err)")
        #expect(changed.err.replacing("\n", with: " ").contains("changed since the walk was saved"))
        // A release that removed a screen the walk passed: refused, naming
        // the input, the screen and what changed there.
        let further = Self.temporary("further.json")
        defer { unlink(further) }
        _ = Harness.run(["walk", Self.home, "--save", further], input: ["Get started", "Next"])
        Harness.write(source.replacing(#""howItWorksPages": 3"#, with: #""howItWorksPages": 1"#), to: edited)
        let removed = Harness.run(["walk", edited, "--resume", further])
        #expect(removed.code == 65)
        #expect(
            removed.err.replacing("\n", with: " ").contains(
                "'Next' (step howItWorks(page: 2)) was chosen on onboarding/how-it-works-1, and "
                    + "onboarding/how-it-works-1 has no action with that step now"), "\(removed.err)")

        // A save whose steps no longer fit, though the manifest is the same.
        var mismatched = try SavedNavigationJSON.load(path: file)
        mismatched.entries = mismatched.entries.map { entry in
            if case .select(let flow, let screen, let id, let action, _, let label) = entry {
                return .select(flow: flow, screen: screen, id: id, action: action, step: "gone", label: label)
            }
            return entry
        }
        let changedSteps = Self.temporary("steps.json")
        defer { unlink(changedSteps) }
        Harness.write(SavedNavigationJSON.encode(mismatched), to: changedSteps)
        let notFitting = Harness.run(["walk", Self.home, "--resume", changedSteps])
        #expect(notFitting.code == 65)
        #expect(
            notFitting.err.replacing("\n", with: " ").contains(
                "'Get started' (step gone) was chosen on onboarding/welcome, and onboarding/welcome has no action with "
                    + "that step now"), "\(notFitting.err)")

        #expect(Harness.run(["walk", Self.home, "--resume", file, "--record", Self.temporary("r.txt")]).code == 64)
        #expect(Harness.run(["walk", Self.home, "--save", "-"]).code == 64)
        // Never over the manifest; never into a folder that is not there.
        #expect(Harness.run(["walk", Self.home, "--save", Self.home]).code == 73)
        let nowhere = Harness.run(["walk", Self.home, "--save", "/nonexistent/walk.json"], input: ["Get started"])
        #expect(nowhere.code == 73)
        #expect(!nowhere.out.contains("── Welcome"), "refused before the walk starts, so nothing typed is lost")
    }

    @Test("On a terminal: a resumed timer finishes while the person waits, and Ctrl-C saves")
    func resumedTimerOnATerminal() throws {
        let file = Self.temporary("timer.json")
        defer { unlink(file) }
        _ = Harness.run(["walk", Self.home, "--save", file], input: Self.toTheTimer)
        // As if the app had been killed near the end of the 15-minute
        // timer: 20 seconds left under STEPFLOW_EXHAUSTIVE=1 (CI, whose
        // sanitized build starts slowly) before the countdown shows, 6 in
        // a plain `swift test`, which waits for them.
        let left: Int64 = BundledManifests.isExhaustive ? 20_000 : 6_000
        var saved = try SavedNavigationJSON.load(path: file)
        let last = try #require(saved.entries.lastIndex { if case .started = $0 { true } else { false } })
        guard case .started(let stepper, let milliseconds) = saved.entries[last] else { return }
        saved.entries[last] = .started(stepper: stepper, milliseconds: milliseconds - (900_000 - left))
        Harness.write(SavedNavigationJSON.encode(saved), to: file)

        let directory = String(
            CommandLine.arguments[0].split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
                separator: "/"))
        let terminal = try #require(
            PseudoTerminal(
                arguments: [directory + "/rootapp", "walk", Self.home, "--resume", file, "--save", file],
                environment: ["TERM=xterm", "NO_COLOR=1", "PATH=/usr/bin:/bin"]
            ))
        #expect(terminal.waitFor("── Waiting for the result", seconds: 15))
        #expect(terminal.waitFor("0:0", seconds: 20), "a countdown of seconds, not 15 minutes")
        #expect(terminal.waitFor("── Time is up", seconds: 30))
        terminal.type("\u{3}")
        #expect(terminal.waitFor("Interrupted."))
        #expect(terminal.waitFor("Saved the walk"))
        #expect(terminal.finish() == 130)
        // Resumed after the timer fired: time is up, and stays up.
        let again = Harness.run(["walk", Self.home, "--resume", file])
        #expect(again.out.contains("── Time is up"))
        #expect(!again.out.contains("── Waiting for the result"))
        #expect(again.out.contains("Read the result within 5 minutes."), "the read window runs on")
    }
}
