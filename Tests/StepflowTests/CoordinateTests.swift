import Dispatch
import Stepflow
import StepflowTesting
import Testing

@Suite("Coordinating a flow")
struct CoordinateTests {
    @Test func aOneStepperHasNavigatedByTheTimeTheQueueIsIdle() {
        let (coordinator, navigator, events) = makeCoordinator()
        let flow = TestFlow<TestStep, Never>("root") { step in
            step == .start ? .show(screen("home", .a)) : .none
        }
        coordinator.coordinate(flow: flow, with: OneStepper(.start))
        coordinator.waitUntilIdle()

        #expect(flow.navigated == [.start])
        #expect(navigator.topScreen?.qualifiedID == "root/home")
        #expect(events.navigatedSteps == ["root.start"])
        #expect(coordinator.currentState.flows.count == 1)
    }

    @Test func theInitialStepComesBeforeAnythingTheStepperEmitsLater() {
        let (coordinator, _, _) = makeCoordinator()
        let flow = TestFlow<TestStep, Never>("root") { _ in .none }
        let stepper = ManualStepper<TestStep>(initial: [.start], declared: [.start, .a, .b, .c]) { stepper in
            stepper.emit(.c)  // from readyToEmitSteps
        }
        stepper.emit(.a)  // before it is coordinated: kept, delivered after the initial step
        coordinator.coordinate(flow: flow, with: stepper)
        coordinator.waitUntilIdle()
        stepper.emit(.b)  // later still
        coordinator.waitUntilIdle()

        #expect(flow.navigated == [.start, .a, .c, .b])
        #expect(stepper.readyCount == 1)
    }

    @Test func aFlowIsReadyOnceItHasNavigatedItsFirstStep() {
        let (coordinator, _, events) = makeCoordinator()
        let stepper = ManualStepper<TestStep>(initial: [.start])
        let flow = TestFlow<TestStep, Never>("root") { _ in .none }
        coordinator.coordinate(flow: flow, with: stepper)
        coordinator.waitUntilIdle()

        #expect(coordinator.currentState.flows.values.first?.isReady == true)
        #expect(stepper.readyCount == 1)
        #expect(
            events.lines == [
                "start root", "will navigate root.start from flow stepper ManualStepper<TestStep>", "ready root",
                "navigated root.start: ready root",
            ])
    }

    @Test func aLateObserverStillLearnsThatAFlowIsReady() {
        let coordinator = Coordinator()
        coordinator.coordinate(flow: TestFlow<TestStep, Never>("root") { _ in .none }, with: OneStepper(.start))
        coordinator.waitUntilIdle()

        let late = EventRecorder(observing: coordinator)
        coordinator.waitUntilIdle()
        #expect(late.lines == ["ready root"])
    }

    @Test func eventsAreAvailableAsAnAsyncStream() async {
        let coordinator = Coordinator()
        let stream = coordinator.events
        let flow = TestFlow<TestStep, TestExit>("root") { _ in .end(.finished) }
        coordinator.coordinate(flow: flow, with: OneStepper(.start))
        var lines: [String] = []
        for await event in stream {
            lines.append(event.description)
            if case .coordinationEnded = event { break }
        }
        #expect(lines.last == "coordination ended with root.finished")
        #expect(lines.contains("end root with finished"))
    }

    @Test func multipleContributionsApplyInOrder() {
        let (coordinator, navigator, _) = makeCoordinator()
        let flow = TestFlow<TestStep, Never>("root") { step in
            switch step {
            case .start: .multiple(.show(screen("one")), .show(screen("two"), as: .modal), .show(screen("three")))
            default: .none
            }
        }
        coordinator.coordinate(flow: flow, with: OneStepper(.start))
        coordinator.waitUntilIdle()

        #expect(navigator.presentedScreens == ["root/one", "root/two", "root/three"])
        #expect(navigator.topScreen?.screenID == "three")
        #expect(navigator.renders.count == 1, "the start and the whole navigation render once, settled")
    }

    @Test func aForwardedStepIsHandledAfterTheContributedSteppersInitialStep() {
        let (coordinator, _, _) = makeCoordinator()
        let flow = TestFlow<TestStep, Never>("root") { step in
            switch step {
            case .start: .multiple(.show(screen("one"), stepper: OneStepper(.a)), .forward(.b))
            default: .none
            }
        }
        coordinator.coordinate(flow: flow, with: OneStepper(.start))
        coordinator.waitUntilIdle()

        #expect(flow.navigated == [.start, .a, .b])
    }

    @Test func aNavigatorSeesEachNewStateAsAValue() {
        let (coordinator, navigator, _) = makeCoordinator()
        let flow = TestFlow<TestStep, Never>("root") { step in
            switch step {
            case .start: .show(screen("home", .a))
            case .a: .show(screen("detail", .b))
            case .b: .pop
            default: .none
            }
        }
        coordinator.coordinate(flow: flow, with: OneStepper(.start))
        coordinator.waitUntilIdle()
        let home = try! #require(navigator.topScreen)  // shown by the initial step
        coordinator.select(action: 0, on: home)
        coordinator.waitUntilIdle()
        let detail = try! #require(navigator.topScreen)
        coordinator.select(actionLabeled: "b", on: detail)
        coordinator.waitUntilIdle()

        let stacks = navigator.renders.map { $0.state.flows.values.first!.stack.map(\.screenID) }
        // The start is not rendered empty: its first screen follows at once.
        #expect(stacks == [["home"], ["home", "detail"], ["home"]])
        #expect(navigator.renders[0].state == navigator.renders[2].state, "popping returns to the same state value")
    }
}
