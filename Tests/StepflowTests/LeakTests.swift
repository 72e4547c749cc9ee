import Dispatch
import Stepflow
import StepflowTesting
import Testing

@Suite("Leaks")
struct LeakTests {
    @Test func tenThousandStartEndCyclesLeaveNoFlowScreenOrStepperAlive() {
        let cycles = 10_000
        let coordinator = Coordinator()
        let tracker = Tracker()
        @Sendable func child(_ n: Int) -> TestFlowWithoutLog<TestStep, TestExit> {
            let timer = tracker.track(ManualStepper<TestStep>(initial: [.a], declared: [.a]), "timer \(n)")
            let extra = tracker.track(ManualStepper<TestStep>(declared: [.b]), "extra \(n)")
            return tracker.track(
                TestFlowWithoutLog<TestStep, TestExit>(name: "child") { step in
                    switch step {
                    case .start: .multiple(.show(screen("work"), stepper: timer), .contribute(extra))
                    case .a: .show(screen("done", .done), as: .modal)
                    case .done: .end(.finishedWith(n))
                    default: .none
                    }
                }, "child \(n)")
        }
        let root = TestFlowWithoutLog<TestStep, Never> { step in
            switch step {
            case .spawn(let n):
                .start(
                    child(n), with: tracker.track(ManualStepper(initial: [.start, .done]), "child stepper \(n)"),
                    onExit: { exit in
                        if case .finishedWith(let n) = exit { .childEnded(n) } else { .done }
                    })
            case .childEnded(let n): n < cycles ? .forward(.spawn(n + 1)) : .none
            default: .none
            }
        }
        coordinator.coordinate(flow: root, with: OneStepper(.spawn(1)))
        coordinator.waitUntilIdle()

        #expect(tracker.tracked == cycles * 4)
        #expect(tracker.alive.isEmpty)
        let statistics = coordinator.statistics
        #expect(statistics.flowsStarted == cycles + 1)
        #expect(statistics.flowsEnded == cycles)
        #expect(statistics.liveFlows == 1 && statistics.liveSteppers == 1)
        let state = coordinator.currentState
        #expect(state.flows.count == 1 && state.topScreen == nil)
    }

    @Test func releasingTheCoordinatorReleasesItsFlows() {
        let tracker = Tracker()
        var coordinator: Coordinator? = Coordinator()
        coordinator!.coordinate(  // just made
            flow: tracker.track(TestFlowWithoutLog<TestStep, Never> { _ in .show(screen("home")) }, "root"),
            with: tracker.track(OneStepper(.start), "stepper")
        )
        coordinator!.waitUntilIdle()  // just made
        #expect(tracker.alive.count == 2)
        coordinator = nil
        #expect(tracker.alive.isEmpty)
    }

    @Test func releasingTheCoordinatorMidFlightReleasesItsTreeAndLateStepsAreHarmless() {
        // A root with a child and a grandchild, a stepper emitting from
        // another thread throughout, and a deferred `adapt` that never
        // answers: none of it may keep the coordinator or its flows alive,
        // and steps emitted after it is gone must not crash.
        let tracker = Tracker()
        let ticker = ManualStepper<TestStep>(declared: [.next(0)])
        let pendingAnswer = Locked<(@Sendable (TestStep?) -> Void)?>(nil)
        var coordinator: Coordinator? = Coordinator()
        // Made in a function so that no local keeps a flow alive.
        func makeRoot() -> TestFlowWithoutLog<TestStep, Never> {
            let grandchild = tracker.track(
                TestFlowWithoutLog<TestStep, TestExit>(name: "grandchild") { step in
                    switch step {
                    case .start: .contribute(ticker)
                    default: .none
                    }
                }, "grandchild")
            let child = tracker.track(
                TestFlow<TestStep, TestExit>(
                    "child",
                    adapt: { step in
                        guard case .b = step else { return .step(step) }
                        return .deferred { completion in pendingAnswer.withLock { $0 = completion } }
                    }
                ) { step in
                    switch step {
                    case .start:
                        .multiple(
                            .show(screen("work", .b)),
                            .start(grandchild, with: OneStepper(.start), onExit: { _ in .done }))
                    default: .none
                    }
                }, "child")
            return tracker.track(
                TestFlowWithoutLog<TestStep, Never> { step in
                    switch step {
                    case .start: .start(child, with: OneStepper(.start), onExit: { _ in .done })
                    default: .none
                    }
                }, "root")
        }
        coordinator!.coordinate(flow: makeRoot(), with: OneStepper(.start))  // just made
        coordinator!.waitUntilIdle()  // just made
        let work = coordinator!.currentState.topScreen!  // shown by the child
        coordinator!.select(actionLabeled: "b", on: work)  // defers, never answered
        coordinator!.waitUntilIdle(includingPendingAdaptations: false)
        #expect(pendingAnswer.withLock { $0 != nil })

        weak let released = coordinator
        let queue = coordinator!.queue  // just made
        let emitter = DispatchQueue(label: "emitter")
        let emitting = DispatchGroup()
        emitter.async(group: emitting) { for n in 0..<5_000 { ticker.steps.emit(.next(n)) } }
        coordinator = nil
        emitting.wait()
        // A batch that was running when the last reference went holds the
        // coordinator to its end; once it is done, nothing holds it.
        queue.sync {}
        #expect(released == nil)
        #expect(tracker.alive.isEmpty)
        #expect(ticker.stopCount == 1)
        // Late: after the coordinator is gone.
        ticker.steps.emit(.next(-1))
        pendingAnswer.withLock { $0?(.b) }
    }
}
