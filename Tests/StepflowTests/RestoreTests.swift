import Dispatch
import Stepflow
import StepflowTesting
import Testing

/// A flow with an incubation timer: `start` shows a waiting screen whose
/// 15-minute timer emits `done`; `done` shows the result; `a` on the
/// result asks for a retest (a new timer).
func timerFlow(_ clock: ManualClock) -> TestFlow<TestStep, TestExit> {
    TestFlow("test") { step in
        switch step {
        case .start: .show(screen("wait", .c), stepper: TimerStepper(.seconds(900), emitting: .done, on: clock))
        case .done: .show(screen("result", .a, .b))
        case .a: .show(screen("wait-again", .c), stepper: TimerStepper(.seconds(900), emitting: .done, on: clock))
        case .b: .end(.finished)
        case .c: .pop
        default: .none
        }
    }
}

/// A coordinator that saves, on `clock`, with a recording navigator.
func savingCoordinator(_ clock: ManualClock) -> (Coordinator, RecordingNavigator, EventRecorder) {
    let navigator = RecordingNavigator()
    let coordinator = Coordinator(
        queue: DispatchQueue(label: "test.restore"), navigator: navigator, savesNavigationOn: clock)
    return (coordinator, navigator, EventRecorder(observing: coordinator))
}

let restoreEpoch: Duration = .seconds(1_800_000_000)

/// Saves the timer flow `elapsed` after its timer started.
private func savedWhileWaiting() -> SavedNavigation {
    let clock = ManualClock(now: restoreEpoch)
    let (coordinator, _, _) = savingCoordinator(clock)
    coordinator.coordinate(flow: timerFlow(clock), with: OneStepper(.start))
    coordinator.waitUntilIdle()
    clock.advance(by: .seconds(60))  // the person reads the screen; the timer runs
    return coordinator.savedNavigation!  // made with savesNavigationOn:
}

@Suite("Saving and restoring a navigation")
struct RestoreTests {
    @Test("A coordinator made without a clock saves nothing")
    func noClockNoLog() {
        let coordinator = Coordinator()
        #expect(coordinator.savedNavigation == nil)
    }

    @Test("The restored state is rendered once, with every screen presented, and observers are told")
    func rendersOnce() throws {
        let saved = savedWhileWaiting()
        #expect(saved.screens == ["test/wait"])
        let clock = ManualClock(now: restoreEpoch + .seconds(120))
        let (coordinator, navigator, events) = savingCoordinator(clock)
        try coordinator.restore(saved, flow: timerFlow(clock), with: OneStepper(.start))
        coordinator.waitUntilIdle()
        #expect(navigator.renders.count == 1)
        let changes = navigator.renders.first?.changes.map(\.description) ?? []
        #expect(changes == ["started test", "ready test", "showed test/wait (push)"])
        #expect(navigator.state.topScreen?.qualifiedID == "test/wait")
        #expect(events.lines.contains("restored a saved navigation: \(saved.inputCount) inputs replayed"))
        // Nothing was navigated live: the replay reports nothing else.
        #expect(events.navigatedSteps.isEmpty)
    }

    @Test("A timer restored before its deadline runs for the time really left")
    func timerBeforeDeadline() throws {
        let saved = savedWhileWaiting()
        // Killed one minute in; back ten minutes after the timer started.
        let clock = ManualClock(now: restoreEpoch + .seconds(600))
        let (coordinator, navigator, _) = savingCoordinator(clock)
        try coordinator.restore(saved, flow: timerFlow(clock), with: OneStepper(.start))
        coordinator.waitUntilIdle()
        #expect(clock.pendingCount == 1)
        clock.advance(by: .seconds(299))
        coordinator.waitUntilIdle()
        #expect(navigator.state.topScreen?.qualifiedID == "test/wait")
        clock.advance(by: .seconds(1))
        coordinator.waitUntilIdle()
        #expect(navigator.state.topScreen?.qualifiedID == "test/result")
    }

    @Test(
        "A timer restored at or after its deadline says time is up at once, and only once",
        arguments: [900, 901, 86_400])
    func timerAtOrAfterDeadline(secondsLater: Int) throws {
        let saved = savedWhileWaiting()
        let clock = ManualClock(now: restoreEpoch + .seconds(secondsLater))
        let (coordinator, navigator, events) = savingCoordinator(clock)
        try coordinator.restore(saved, flow: timerFlow(clock), with: OneStepper(.start))
        coordinator.waitUntilIdle()
        #expect(navigator.state.topScreen?.qualifiedID == "test/result")
        #expect(clock.pendingCount == 0)
        #expect(events.navigatedSteps.filter { $0.hasSuffix(".done") }.count == 1)
        // The test is not started again: no new timer, no waiting screen.
        #expect(navigator.state.shownIDs == ["test/wait", "test/result"])
    }

    @Test("A clock set back does not make a restored timer run longer than its duration")
    func clockSetBack() throws {
        let saved = savedWhileWaiting()
        let clock = ManualClock(now: restoreEpoch - .seconds(3600))
        let (coordinator, navigator, _) = savingCoordinator(clock)
        try coordinator.restore(saved, flow: timerFlow(clock), with: OneStepper(.start))
        coordinator.waitUntilIdle()
        clock.advance(by: .seconds(900))
        coordinator.waitUntilIdle()
        #expect(navigator.state.topScreen?.qualifiedID == "test/result")
    }

    @Test("A timer that had fired is not started again; the saved result stays")
    func firedTimerStaysFired() throws {
        let clock = ManualClock(now: restoreEpoch)
        let (coordinator, _, _) = savingCoordinator(clock)
        coordinator.coordinate(flow: timerFlow(clock), with: OneStepper(.start))
        coordinator.waitUntilIdle()
        clock.advance(by: .seconds(900))
        coordinator.waitUntilIdle()
        let saved = coordinator.savedNavigation!  // made with savesNavigationOn:
        let later = ManualClock(now: restoreEpoch + .seconds(7200))
        let (restored, navigator, _) = savingCoordinator(later)
        try restored.restore(saved, flow: timerFlow(later), with: OneStepper(.start))
        restored.waitUntilIdle()
        #expect(navigator.state.topScreen?.qualifiedID == "test/result")
        #expect(later.pendingCount == 0)
        // And it goes on as the original would: a retest starts a fresh timer.
        restored.select(action: 0, on: navigator.state.topScreen!)  // shown above
        restored.waitUntilIdle()
        #expect(navigator.state.topScreen?.qualifiedID == "test/wait-again")
        #expect(later.pendingCount == 1)
    }

    @Test("A restore needs a fresh coordinator, and a refused restore leaves it fresh")
    func freshOnly() throws {
        let saved = savedWhileWaiting()
        let clock = ManualClock(now: restoreEpoch)
        let (used, _, _) = savingCoordinator(clock)
        used.coordinate(flow: timerFlow(clock), with: OneStepper(.start))
        #expect(throws: RestoreError.self) { try used.restore(saved, flow: timerFlow(clock), with: OneStepper(.start)) }
        do {
            try used.restore(saved, flow: timerFlow(clock), with: OneStepper(.start))
        } catch {
            #expect(error.kind == .notFresh)
        }

        let (fresh, navigator, _) = savingCoordinator(clock)
        #expect(throws: RestoreError(.fingerprint, "it was saved by '', and this is 'build 2'. Start afresh.")) {
            try fresh.restore(saved, flow: timerFlow(clock), with: OneStepper(.start), fingerprint: "build 2")
        }
        // Refused: nothing started, and it can be restored or started now.
        #expect(fresh.currentState.flows.isEmpty)
        try fresh.restore(saved, flow: timerFlow(clock), with: OneStepper(.start))
        fresh.waitUntilIdle()
        #expect(navigator.state.topScreen?.qualifiedID == "test/wait")
    }

    @Test("Saves that no longer fit the flows are refused with the entry and the reason")
    func mismatches() throws {
        let saved = savedWhileWaiting()
        let clock = ManualClock(now: restoreEpoch)
        func refusal(
            _ changed: SavedNavigation, flow: TestFlow<TestStep, TestExit>? = nil, roots: Int = 1
        ) -> RestoreError? {
            let (coordinator, _, _) = savingCoordinator(clock)
            let flow = flow ?? timerFlow(clock)
            do {
                try coordinator.restore(
                    changed, roots: Array(repeating: RootCoordination(flow, with: OneStepper(.start)), count: roots))
                return nil
            } catch {
                #expect(coordinator.currentState.flows.isEmpty)
                return error
            }
        }
        // Another format.
        var format = saved
        format.format = 4
        #expect(refusal(format)?.kind == .format)
        // Another root flow.
        let renamed = TestFlow<TestStep, TestExit>("renamed") { _ in .none }
        #expect(
            refusal(saved, flow: renamed)?.description
                == """
                entries[0]: it coordinates the flow 'test', and the restore was given 'renamed' in its place. To \
                fix, give the roots it was saved with, in order.
                """
        )
        #expect(refusal(saved, roots: 2)?.kind == .mismatch)
        // A flow that now shows another screen first.
        let changedFlow = TestFlow<TestStep, TestExit>("test") { step in
            step == .start ? .show(screen("intro", .c)) : .none
        }
        #expect(
            refusal(saved, flow: changedFlow)?.message.contains(
                "it was saved showing test/wait, and replaying it now shows test/intro") == true)
        // Truncated: the entries that showed the screen are gone.
        var truncated = saved
        truncated.entries.removeLast(truncated.entries.count - 1)
        #expect(refusal(truncated)?.kind == .mismatch)
        // More queued work than the flows make.
        var extraWork = saved
        extraWork.entries.append(.work(count: 5))
        #expect(refusal(extraWork)?.entry == saved.entries.count)
        // A stepper that emits what it does not declare.
        var undeclared = saved
        let timer = saved.entries.compactMap { entry -> UInt64? in
            if case .started(let stepper, _) = entry { return stepper }
            return nil
        }.max()!  // the timer, attached after the root's stepper
        undeclared.entries.append(.emit(stepper: timer, name: "TimerStepper", step: "b"))
        #expect(refusal(undeclared)?.message.contains("which it does not declare") == true)
        // A stepper of another kind at that place.
        var otherStepper = saved
        otherStepper.entries.append(.emit(stepper: timer, name: "ConnectivityStepper", step: "done"))
        #expect(refusal(otherStepper)?.message.contains("is now a TimerStepper of test") == true)
        // An answer to an adaptation never asked.
        var answer = saved
        answer.entries.append(.answer(adaptation: 3, step: nil))
        #expect(refusal(answer)?.kind == .mismatch)
        // A deep link the restore was not given.
        var link = saved
        link.entries.append(.deepLink(step: "a"))
        #expect(refusal(link)?.message.contains("pass every step the app deep-links to") == true)
    }

    @Test("Deep links and deferred adaptations are replayed; one not answered when saved is asked again")
    func deepLinksAndDeferredAnswers() throws {
        let asked = Locked<[@Sendable (TestStep?) -> Void]>([])
        let flow = { @Sendable () -> TestFlow<TestStep, TestExit> in
            TestFlow(
                "links",
                adapt: { step in
                    guard step == .b else { return .step(step) }
                    return .deferred { answer in asked.withLock { $0.append(answer) } }
                }
            ) { step in
                switch step {
                case .start: .show(screen("home", .b))
                case .a: .show(screen("linked", .b))
                case .b: .show(screen("allowed"))
                default: .none
                }
            }
        }
        let clock = ManualClock(now: restoreEpoch)
        let (coordinator, _, _) = savingCoordinator(clock)
        coordinator.coordinate(flow: flow(), with: OneStepper(.start))
        coordinator.waitUntilIdle()
        coordinator.navigate(to: TestStep.a)
        coordinator.waitUntilIdle()
        let linked = coordinator.currentState.topScreen!  // shown by the deep link
        coordinator.select(action: 0, on: linked)
        coordinator.waitUntilIdle(includingPendingAdaptations: false)
        asked.withLock { $0.removeFirst()(.b) }  // the first permission question: allowed
        coordinator.waitUntilIdle(includingPendingAdaptations: false)
        coordinator.select(action: 0, on: linked)  // covered now: dropped
        coordinator.navigate(to: TestStep.b)  // asks again; not answered before the save
        coordinator.waitUntilIdle(includingPendingAdaptations: false)
        let saved = coordinator.savedNavigation!  // made with savesNavigationOn:
        #expect(saved.screens == ["links/home", "links/linked", "links/allowed"])

        let (restored, navigator, _) = savingCoordinator(clock)
        try restored.restore(saved, flow: flow(), with: OneStepper(.start), deepLinks: [TestStep.a, TestStep.b])
        restored.waitUntilIdle(includingPendingAdaptations: false)
        #expect(navigator.state.shownIDs == ["links/home", "links/linked", "links/allowed"])
        // The question left open is asked again; its answer is handled and saved.
        let pending = asked.withLock { $0 }
        #expect(pending.count == 2)  // the original's, and the restored one's
        pending.last?(.b)
        restored.waitUntilIdle()
        #expect(navigator.state.shownIDs == ["links/home", "links/linked", "links/allowed", "links/allowed"])
        #expect(restored.savedNavigation?.entries.last == .answer(adaptation: 1, step: "b"))
    }

    @Test("An answer replayed on another release is saved by the number this release asked it with")
    func answerRenumberedOnAnotherRelease() throws {
        let asked = Locked<[@Sendable (TestStep?) -> Void]>([])
        let flow = { @Sendable () -> TestFlow<TestStep, TestExit> in
            TestFlow(
                "ask",
                adapt: { step in
                    guard step == .b else { return .step(step) }
                    return .deferred { answer in asked.withLock { $0.append(answer) } }
                }
            ) { step in
                switch step {
                case .start: .show(screen("home", .b))
                case .b: .show(screen("answered"))
                default: .none
                }
            }
        }
        let clock = ManualClock(now: restoreEpoch)
        let (coordinator, _, _) = savingCoordinator(clock)
        coordinator.coordinate(flow: flow(), with: OneStepper(.start))
        coordinator.waitUntilIdle()
        coordinator.select(action: 0, on: coordinator.currentState.topScreen!)
        coordinator.waitUntilIdle(includingPendingAdaptations: false)
        asked.withLock { $0.removeFirst()(.b) }
        coordinator.waitUntilIdle()
        var saved = try #require(coordinator.savedNavigation)
        // Another release asked four questions before this one.
        saved.entries = saved.entries.map { entry in
            guard case .answer(0, let step) = entry else { return entry }
            return .answer(adaptation: 4, step: step)
        }
        let roots = { [RootCoordination(flow(), with: OneStepper(.start))] }
        let replayed = Coordinator(savesNavigationOn: clock)
        let outcome = try replayed.restore(
            saved, roots: roots(), fingerprint: "2", deepLinks: [], onAnotherRelease: .replay)
        replayed.waitUntilIdle()
        #expect(outcome.kind == .otherRelease)
        let again = try #require(replayed.savedNavigation)
        #expect(again.entries.contains(.answer(adaptation: 0, step: "b")), "\(again.entries)")
        let exact = Coordinator(savesNavigationOn: clock)
        let second = try exact.restore(
            again, roots: roots(), fingerprint: "2", deepLinks: [], onAnotherRelease: .refuse)
        #expect(second.kind == .sameRelease)
        #expect(exact.currentState.topScreen?.qualifiedID == "ask/answered")
    }

    @Test("Steps emitted from many threads at once, saved while they arrive, restore to the very state they led to")
    func manyThreads() throws {
        let threads = 8, perThread = 150
        let declared = (0..<threads * perThread).map(TestStep.next)
        let flow = { @Sendable (stepper: ManualStepper<TestStep>) -> TestFlow<TestStep, TestExit> in
            TestFlow("busy") { step in
                switch step {
                case .start: .multiple(.show(screen("home")), .contribute(stepper))
                case .next(let n) where n % 3 == 2: .pop
                case .next(let n): .show(screen("n\(n % 7)"))
                default: .none
                }
            }
        }
        let clock = ManualClock(now: restoreEpoch)
        let stepper = ManualStepper<TestStep>(declared: declared)
        let (coordinator, _, _) = savingCoordinator(clock)
        coordinator.coordinate(flow: flow(stepper), with: OneStepper(.start))
        coordinator.waitUntilIdle()
        let saves = Locked<[SavedNavigation]>([])
        DispatchQueue.concurrentPerform(iterations: threads + 1) { thread in
            if thread == threads {
                // Saves taken while the steps arrive.
                for _ in 0..<20 { if let saved = coordinator.savedNavigation { saves.withLock { $0.append(saved) } } }
                return
            }
            for index in 0..<perThread { stepper.emit(.next(thread * perThread + index)) }
        }
        coordinator.waitUntilIdle()
        let final = try #require(coordinator.savedNavigation)
        for saved in saves.withLock({ $0 }) + [final] {
            let (restored, navigator, _) = savingCoordinator(clock)
            try restored.restore(saved, flow: flow(ManualStepper(declared: declared)), with: OneStepper(.start))
            #expect(navigator.state.shownIDs == saved.screens)
        }
        let (restored, navigator, _) = savingCoordinator(clock)
        try restored.restore(final, flow: flow(ManualStepper(declared: declared)), with: OneStepper(.start))
        #expect(navigator.state == coordinator.currentState)
        #expect(restored.statistics.navigated == coordinator.statistics.navigated)
    }

    @Test("A UI pop is saved and restored")
    func uiPop() throws {
        let clock = ManualClock(now: restoreEpoch)
        let flow = { @Sendable () -> TestFlow<TestStep, TestExit> in
            TestFlow("pops") { step in
                switch step {
                case .start: .show(screen("one", .a))
                case .a: .show(screen("two", .b))
                case .b: .show(screen("three"))
                default: .none
                }
            }
        }
        let (coordinator, _, _) = savingCoordinator(clock)
        coordinator.coordinate(flow: flow(), with: OneStepper(.start))
        coordinator.waitUntilIdle()
        coordinator.select(action: 0, on: coordinator.currentState.topScreen!)  // "one" is shown
        coordinator.waitUntilIdle()
        let two = coordinator.currentState.topScreen!  // "two" is shown
        coordinator.select(action: 0, on: two)
        coordinator.waitUntilIdle()
        coordinator.screenRemovedByUI(two)
        coordinator.waitUntilIdle()
        let saved = coordinator.savedNavigation!  // made with savesNavigationOn:
        #expect(saved.screens == ["pops/one"])
        let (restored, navigator, _) = savingCoordinator(clock)
        try restored.restore(saved, flow: flow(), with: OneStepper(.start))
        #expect(navigator.state == coordinator.currentState)
    }
}
