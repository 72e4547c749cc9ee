import Dispatch
import Stepflow
import StepflowTesting
import Testing

/// The timer flow's next release: the result lists its actions the other
/// way round, and the retest's timer runs 10 minutes; with `withoutRetest`,
/// the result has no retest at all.
func nextReleaseTimerFlow(_ clock: ManualClock, withoutRetest: Bool = false) -> TestFlow<TestStep, TestExit> {
    TestFlow("test") { step in
        switch step {
        case .start: .show(screen("wait", .c), stepper: TimerStepper(.seconds(900), emitting: .done, on: clock))
        case .done: .show(withoutRetest ? screen("result", .b) : screen("result", .b, .a))
        case .a: .show(screen("wait-again", .c), stepper: TimerStepper(.seconds(600), emitting: .done, on: clock))
        case .b: .end(.finished)
        case .c: .pop
        default: .none
        }
    }
}

@Suite("Restoring a save on another release")
struct OtherReleaseRestoreTests {
    /// Saved by release "1" on the retest's timer, 60 s after it started.
    static func savedOnTheRetest() -> SavedNavigation {
        let clock = ManualClock(now: restoreEpoch)
        let coordinator = Coordinator(savesNavigationOn: clock)
        coordinator.coordinate(flow: timerFlow(clock), with: OneStepper(.start))
        coordinator.waitUntilIdle()
        clock.advance(by: .seconds(900))
        coordinator.waitUntilIdle()
        let result = coordinator.currentState.topScreen!  // the timer has shown it
        coordinator.select(action: 0, on: result)  // retest: `.a`, first in release 1
        coordinator.waitUntilIdle()
        clock.advance(by: .seconds(60))
        var saved = coordinator.savedNavigation!  // made with savesNavigationOn:
        saved.fingerprint = "1"
        return saved
    }

    @Test("By default another release's save is refused; told to, it replays by what each input was")
    func replaysByIdentity() throws {
        let saved = Self.savedOnTheRetest()
        #expect(saved.screens.last == "test/wait-again")
        let clock = ManualClock(now: restoreEpoch + .seconds(900 + 120))
        let refusing = Coordinator(savesNavigationOn: clock)
        #expect(throws: RestoreError.self) {
            try refusing.restore(saved, flow: nextReleaseTimerFlow(clock), with: OneStepper(.start), fingerprint: "2")
        }
        let coordinator = Coordinator(savesNavigationOn: clock)
        let outcome = try coordinator.restore(
            saved, roots: [RootCoordination(nextReleaseTimerFlow(clock), with: OneStepper(.start))], fingerprint: "2",
            deepLinks: [], onAnotherRelease: .replay)
        coordinator.waitUntilIdle()
        #expect(outcome.kind == .otherRelease)
        #expect(outcome.inputs == 2, "the timer's step and the retest chosen")
        #expect(coordinator.currentState.topScreen?.qualifiedID == "test/wait-again")
        // The retest's timer is release 2's: 600 s, of which 60 had passed
        // when saved and 60 more since.
        clock.advance(by: .seconds(479))
        coordinator.waitUntilIdle()
        #expect(coordinator.currentState.topScreen?.qualifiedID == "test/wait-again")
        clock.advance(by: .seconds(1))
        coordinator.waitUntilIdle()
        #expect(coordinator.currentState.topScreen?.qualifiedID == "test/result")
        // Saved again, in release 2's numbering: it restores there exactly.
        var again = try #require(coordinator.savedNavigation)
        #expect(again.fingerprint == "2")
        again.fingerprint = "2"
        let exact = Coordinator(savesNavigationOn: clock)
        let second = try exact.restore(
            again, roots: [RootCoordination(nextReleaseTimerFlow(clock), with: OneStepper(.start))], fingerprint: "2",
            deepLinks: [], onAnotherRelease: .refuse)
        #expect(second.kind == .sameRelease)
        #expect(exact.currentState.topScreen?.qualifiedID == "test/result")
    }

    @Test("An input that no longer applies is refused, naming it and its screen, or asked again under the policy")
    func refusedOrAskedAgain() throws {
        let saved = Self.savedOnTheRetest()
        let clock = ManualClock(now: restoreEpoch + .seconds(900 + 120))
        let roots = [RootCoordination(nextReleaseTimerFlow(clock, withoutRetest: true), with: OneStepper(.start))]
        let refused = #expect(throws: RestoreError.self) {
            try Coordinator(savesNavigationOn: clock).restore(
                saved, roots: roots, fingerprint: "2", deepLinks: [], onAnotherRelease: .replay)
        }
        #expect(refused?.screen == "test/result")
        #expect(
            refused?.problem.contains("test/result has no action with that step now (its actions' steps: b)") == true,
            "\(String(describing: refused))")
        let coordinator = Coordinator(savesNavigationOn: clock)
        let outcome = try coordinator.restore(
            saved, roots: roots, fingerprint: "2", deepLinks: [], onAnotherRelease: .replay { _ in .askAgain })
        coordinator.waitUntilIdle()
        #expect(outcome.kind == .fellBack(.askAgain))
        #expect(outcome.refusal?.screen == "test/result")
        #expect(coordinator.currentState.topScreen?.qualifiedID == "test/result")
        #expect(coordinator.currentState.topScreen?.actions.map(\.step) == ["b"])
    }
}

@Suite("A timer that fired stays fired when restored")
struct SpentTimerRestoreTests {
    @Test func aTimerThatFiredBeforeTheSaveIsNotCountingDownAfterTheRestore() throws {
        let clock = ManualClock(now: restoreEpoch)
        let coordinator = Coordinator(savesNavigationOn: clock)
        coordinator.coordinate(flow: timerFlow(clock), with: OneStepper(.start))
        coordinator.waitUntilIdle()
        clock.advance(by: .seconds(900))
        coordinator.waitUntilIdle()
        // The result is on top; the waiting screen, and its timer, beneath.
        #expect(coordinator.currentState.topScreen?.qualifiedID == "test/result")
        #expect(clock.pendingCount == 0)
        let saved = try #require(coordinator.savedNavigation)
        // Restored when, by the clock, the timer would still run: as after
        // a walk's `s` finished it early, or a clock set back.
        let later = ManualClock(now: restoreEpoch + .seconds(60))
        let restored = Coordinator(savesNavigationOn: later)
        try restored.restore(saved, flow: timerFlow(later), with: OneStepper(.start))
        restored.waitUntilIdle()
        #expect(restored.currentState.topScreen?.qualifiedID == "test/result")
        #expect(later.pendingCount == 0, "a fired timer counts down again")
    }
}
