import Stepflow
import StepflowTesting
import Testing

@Suite("Leaks")
struct LeakTests {
    @Test func tenThousandStartEndCyclesLeaveNoFlowScreenOrStepperAlive() {
        let cycles = 10_000
        let (coordinator, navigator, _) = (Coordinator(), (), ())
        _ = navigator
        let tracker = Tracker()
        @Sendable func child(_ n: Int) -> TestFlowWithoutLog<TestStep, TestExit> {
            let timer = tracker.track(ManualStepper<TestStep>(initial: [.a], declared: [.a]), "timer \(n)")
            let extra = tracker.track(ManualStepper<TestStep>(declared: [.b]), "extra \(n)")
            return tracker.track(TestFlowWithoutLog<TestStep, TestExit>(name: "child") { step in
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
                .start(child(n), with: tracker.track(ManualStepper(initial: [.start, .done]), "child stepper \(n)"), onExit: { exit in
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
}
