import Stepflow
import StepflowTesting
import Testing

@Suite("Ending flows")
struct EndingTests {
    @Test func endForwardsTheExitToTheParentsAdaptAndNavigate() {
        let (coordinator, _, _) = makeCoordinator()
        let root = TestFlow<TestStep, Never>(
            "root",
            adapt: { step in
                step == .childEnded(7) ? .step(.childEnded(8)) : .step(step)
            }
        ) { step in
            switch step {
            case .start:
                .start(
                    TestFlow<TestStep, TestExit>("child") { $0 == .start ? .end(.finishedWith(7)) : .none },
                    with: OneStepper(.start),
                    onExit: { exit in if case .finishedWith(let n) = exit { .childEnded(n) } else { .done } }
                )
            default: .none
            }
        }
        coordinator.coordinate(flow: root, with: OneStepper(.start))
        coordinator.waitUntilIdle()

        #expect(root.adapted == [.start, .childEnded(7)])
        #expect(root.navigated == [.start, .childEnded(8)])
        #expect(coordinator.currentState.flows.count == 1)
    }

    @Test func theEndedSubtreeIsReleasedBeforeTheParentHandlesTheExit() {
        let (coordinator, _, _) = makeCoordinator()
        let tracker = Tracker()
        let aliveWhenParentAdapts = Locked<[String]?>(nil)
        let aliveWhenParentNavigates = Locked<[String]?>(nil)

        @Sendable func grandchild() -> TestFlow<TestStep, TestExit> {
            let timer = tracker.track(ManualStepper<TestStep>(declared: [.d]), "grandchild screen stepper")
            return tracker.track(
                TestFlow<TestStep, TestExit>("grandchild") { step in
                    step == .start ? .show(screen("clock"), stepper: timer) : .none
                }, "grandchild")
        }
        @Sendable func child() -> TestFlow<TestStep, TestExit> {
            let contributed = tracker.track(ManualStepper<TestStep>(declared: [.c]), "child stepper")
            return tracker.track(
                TestFlow<TestStep, TestExit>("child") { step in
                    switch step {
                    case .start:
                        .multiple(
                            .show(screen("welcome", .done)),
                            .contribute(contributed),
                            .start(
                                grandchild(), with: tracker.track(OneStepper(.start), "grandchild's own stepper"),
                                onExit: { _ in .done })
                        )
                    case .done: .end(.finished)
                    default: .none
                    }
                }, "child")
        }
        let root = TestFlow<TestStep, Never>(
            "root",
            adapt: { step in
                if step == .childEnded(0) { aliveWhenParentAdapts.withLock { $0 = tracker.alive } }
                return .step(step)
            },
            navigate: { step in
                switch step {
                case .start: return .start(child(), with: OneStepper(.start), onExit: { _ in .childEnded(0) })
                case .childEnded:
                    aliveWhenParentNavigates.withLock { $0 = tracker.alive }
                    return .none
                default: return .none
                }
            }
        )
        coordinator.coordinate(flow: root, with: OneStepper(.start))
        coordinator.waitUntilIdle()
        #expect(tracker.alive.count == 5, "everything is live before the end")
        #expect(coordinator.currentState.flows.count == 3)

        let welcome = coordinator.currentState.flows.values.flatMap(\.stack).first { $0.screenID == "welcome" }!
        coordinator.select(action: 0, on: welcome)  // covered by the grandchild's clock: dropped
        coordinator.waitUntilIdle()
        #expect(tracker.alive.count == 5)

        // End the child from its own deep link instead.
        coordinator.navigate(to: TestStep.done)
        coordinator.waitUntilIdle()

        #expect(aliveWhenParentAdapts.withLock { $0 } == [])
        #expect(aliveWhenParentNavigates.withLock { $0 } == [])
        #expect(coordinator.currentState.flows.count == 1)
        #expect(coordinator.statistics.liveSteppers == 1, "only the root's own stepper")
    }

    @Test func endingStopsTheSubtreesSteppersAndReportsTheirLateSteps() {
        let (coordinator, _, events) = makeCoordinator()
        let contributed = ManualStepper<TestStep>(declared: [.c])
        let child = TestFlow<TestStep, TestExit>("child") { step in
            step == .start ? .contribute(contributed) : step == .done ? .end(.finished) : .none
        }
        let root = TestFlow<TestStep, Never>("root") { step in
            step == .start ? .start(child, with: OneStepper(.start), onExit: { _ in .done }) : .none
        }
        coordinator.coordinate(flow: root, with: OneStepper(.start))
        coordinator.waitUntilIdle()
        coordinator.navigate(to: TestStep.done)  // root ignores it, the child ends
        coordinator.waitUntilIdle()
        contributed.emit(.c)
        coordinator.waitUntilIdle()

        #expect(contributed.stopCount == 1)
        #expect(events.droppedSteps.map(\.step) == ["child.c"])
        #expect(events.droppedSteps.map(\.reason) == [.flowEnded])
    }

    @Test func endingTheRootIsReportedNotDropped() {
        let (coordinator, navigator, events) = makeCoordinator()
        let root = TestFlow<TestStep, TestExit>("root") { step in
            step == .start ? .show(screen("bye", .done)) : step == .done ? .end(.finished) : .none
        }
        coordinator.coordinate(flow: root, with: OneStepper(.start))
        coordinator.waitUntilIdle()
        coordinator.select(action: 0, on: navigator.topScreen!)  // shown by .start
        coordinator.waitUntilIdle()

        #expect(
            events.lines.suffix(3) == [
                "end root with finished",
                "navigated root.done: removed root/bye; ended root",
                "coordination ended with root.finished",
            ])
        #expect(coordinator.currentState == NavigationState())
    }

    @Test func partsAfterEndAreRejectedWithAReason() {
        let (coordinator, navigator, _) = makeCoordinator()
        let child = TestFlow<TestStep, TestExit>("child") { step in
            step == .start ? .multiple(.end(.finished), .show(screen("late"))) : .none
        }
        let root = TestFlow<TestStep, Never>("root") { step in
            step == .start ? .start(child, with: OneStepper(.start), onExit: { _ in .done }) : .none
        }
        coordinator.coordinate(flow: root, with: OneStepper(.start))
        coordinator.waitUntilIdle()

        let rejected = navigator.renders.flatMap(\.changes).compactMap { change -> String? in
            if case .rejected(let reason) = change { return reason }
            return nil
        }
        #expect(
            rejected == [
                "child ended earlier in this navigation, so its later parts were not applied. To fix, put .end(…) last."
            ])
        #expect(navigator.presentedScreens.isEmpty)
    }

    @Test func forwardToParentHandsAStepUpWithoutEnding() {
        let (coordinator, _, _) = makeCoordinator()
        let child = TestFlow<TestStep, TestExit>("child") { step in
            step == .start ? .forwardToParent(.note("hello")) : .none
        }
        let root = TestFlow<TestStep, Never>("root") { step in
            step == .start
                ? .start(child, with: OneStepper(.start), onExit: { exit in exit == .note("hello") ? .b : .c }) : .none
        }
        coordinator.coordinate(flow: root, with: OneStepper(.start))
        coordinator.waitUntilIdle()

        #expect(root.navigated == [.start, .b])
        #expect(coordinator.currentState.flows.count == 2)
    }
}
