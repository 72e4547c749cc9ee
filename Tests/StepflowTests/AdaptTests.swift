import Dispatch
import Stepflow
import StepflowTesting
import Testing

@Suite("Adapting steps")
struct AdaptTests {
    @Test func adaptRewritesStepsFromTheFlowsOwnStepper() {
        let (coordinator, _, _) = makeCoordinator()
        let flow = TestFlow<TestStep, Never>("root", adapt: { $0 == .start ? .step(.a) : .step($0) }) { _ in .none }
        coordinator.coordinate(flow: flow, with: OneStepper(.start))
        coordinator.waitUntilIdle()

        #expect(flow.adapted == [.start])
        #expect(flow.navigated == [.a])
    }

    @Test func adaptRewritesStepsFromContributedSteppers() {
        let (coordinator, _, _) = makeCoordinator()
        let contributed = ManualStepper<TestStep>(initial: [.b], declared: [.b, .c])
        let flow = TestFlow<TestStep, Never>("root", adapt: { $0 == .b ? .step(.d) : .step($0) }) { step in
            step == .start ? .contribute(contributed) : .none
        }
        coordinator.coordinate(flow: flow, with: OneStepper(.start))
        coordinator.waitUntilIdle()
        contributed.emit(.c)
        coordinator.waitUntilIdle()

        #expect(flow.navigated == [.start, .d, .c])
    }

    @Test func adaptCanFilterAStepAndSaysSo() {
        let (coordinator, _, events) = makeCoordinator()
        let flow = TestFlow<TestStep, Never>("root", adapt: { $0 == .start ? .none : .step($0) }) { _ in .none }
        coordinator.coordinate(flow: flow, with: OneStepper(.start))
        coordinator.waitUntilIdle()

        #expect(flow.navigated.isEmpty)
        #expect(events.droppedSteps.map(\.step) == ["root.start"])
        #expect(events.droppedSteps.first?.reason == .filteredByAdapt)
    }

    @Test func aDeferredAdaptStillDeliversOnTheCoordinatorsQueue() {
        let (coordinator, _, _) = makeCoordinator()
        let onQueue = Locked<[Bool]>([])
        let answers = DispatchQueue(label: "test.permissions")
        let flow = TestFlow<TestStep, Never>(
            "root",
            adapt: { step in
                .deferred { completion in
                    answers.asyncAfter(deadline: .now()) { completion(step == .start ? .c : step) }
                }
            },
            navigate: { _ in
                onQueue.withLock { $0.append(coordinator.isOnQueue) }
                return .none
            }
        )
        coordinator.coordinate(flow: flow, with: OneStepper(.start))
        coordinator.waitUntilIdle()  // waits for the pending answer too

        #expect(flow.navigated == [.c])
        #expect(onQueue.withLock { $0 } == [true])
    }

    @Test func waitingAtMostALimitSaysWhetherADeferredAnswerCame() {
        // A tool that reads piped input waits for a deferred answer before
        // the next line, and says so when none comes in time.
        let (coordinator, _, _) = makeCoordinator()
        let pending = Locked<(@Sendable (TestStep?) -> Void)?>(nil)
        let flow = TestFlow<TestStep, Never>(
            "root",
            adapt: { step in
                step == .start ? .deferred { completion in pending.withLock { $0 = completion } } : .step(step)
            },
            navigate: { _ in .none })
        coordinator.coordinate(flow: flow, with: OneStepper(.start))
        #expect(coordinator.waitUntilIdle(atMost: .milliseconds(50)) == false, "no answer yet")
        #expect(flow.navigated.isEmpty)
        DispatchQueue.global().async { pending.withLock { $0 }?(.c) }
        #expect(coordinator.waitUntilIdle(atMost: .seconds(10)) == true)
        #expect(flow.navigated == [.c])
    }

    @Test func aDeferredAnswerJoinsTheBackOfTheQueue() {
        let (coordinator, _, _) = makeCoordinator()
        let pending = Locked<(@Sendable (TestStep?) -> Void)?>(nil)
        let stepper = ManualStepper<TestStep>(initial: [.start], declared: [.start, .b])
        let flow = TestFlow<TestStep, Never>(
            "root",
            adapt: { step in
                step == .start ? .deferred { completion in pending.withLock { $0 = completion } } : .step(step)
            },
            navigate: { _ in .none }
        )
        coordinator.coordinate(flow: flow, with: stepper)
        stepper.emit(.b)
        // The queue handles `.b` while `.start` waits for its answer.
        coordinator.waitUntilIdle(includingPendingAdaptations: false)
        #expect(flow.navigated == [.b])
        pending.withLock { $0 }?(.a)
        coordinator.waitUntilIdle()

        #expect(flow.navigated == [.b, .a])
    }

    @Test func aDeferredAnswerForAnEndedFlowIsReportedAsDropped() {
        let (coordinator, _, events) = makeCoordinator()
        let pending = Locked<(@Sendable (TestStep?) -> Void)?>(nil)
        let child = TestFlow<TestStep, TestExit>(
            "child",
            adapt: { step in step == .a ? .deferred { completion in pending.withLock { $0 = completion } } : .step(step)
            },
            navigate: { step in
                step == .start ? .multiple(.forward(.a), .forward(.done)) : step == .done ? .end(.finished) : .none
            }
        )
        let root = TestFlow<TestStep, Never>("root") { step in
            step == .start ? .start(child, with: OneStepper(.start), onExit: { _ in .done }) : .none
        }
        coordinator.coordinate(flow: root, with: OneStepper(.start))
        coordinator.waitUntilIdle(includingPendingAdaptations: false)
        pending.withLock { $0 }?(.b)
        coordinator.waitUntilIdle()

        #expect(child.navigated == [.start, .done])
        #expect(events.droppedSteps.map(\.step) == ["child.b"])
        #expect(events.droppedSteps.first?.reason == .flowEnded)
    }
}
