import Stepflow
import StepflowTesting
import Testing

@Suite("Steps from screens that are not on top")
struct VisibilityTests {
    /// Shows `first` with `visibility`, then what `.b` asks for on top of it.
    private func run(
        visibility: Visibility,
        presentation: Presentation = .push,
        then cover: Navigation<TestStep, Never>
    ) -> (TestFlow<TestStep, Never>, Coordinator, RecordingNavigator, EventRecorder) {
        let (coordinator, navigator, events) = makeCoordinator()
        let flow = TestFlow<TestStep, Never>("root") { step in
            switch step {
            case .start: .show(screen("base"))
            case .a: .show(screen("first", .c, .b), as: presentation, visibility: visibility)
            case .b: cover
            default: .none
            }
        }
        coordinator.coordinate(flow: flow, with: ManualStepper(initial: [.start, .a]))
        coordinator.waitUntilIdle()
        return (flow, coordinator, navigator, events)
    }

    private func select(
        _ label: String, onScreen screenID: String, _ navigator: RecordingNavigator, _ coordinator: Coordinator
    ) {
        let screen = navigator.renders.lazy.compactMap { render in
            render.state.flows.values.lazy.flatMap(\.stack).first { $0.screenID == screenID }
        }.first!  // the test showed it
        coordinator.select(actionLabeled: label, on: screen)
        coordinator.waitUntilIdle()
    }

    @Test func aStepFromTheScreenOnTopIsDelivered() {
        let (flow, coordinator, navigator, events) = run(visibility: [], then: .none)
        select("c", onScreen: "first", navigator, coordinator)
        #expect(flow.navigated == [.start, .a, .c])
        #expect(events.droppedSteps.isEmpty)
    }

    @Test func aStepFromACoveredScreenIsDroppedWithAnEvent() {
        let (flow, coordinator, navigator, events) = run(visibility: [], then: .show(screen("cover")))
        select("b", onScreen: "first", navigator, coordinator)  // shows the cover
        select("c", onScreen: "first", navigator, coordinator)  // now covered

        #expect(flow.navigated == [.start, .a, .b])
        #expect(events.droppedSteps.map(\.step) == ["root.c"])
        #expect(events.droppedSteps.first?.reason == .screenCovered(screen: "root/first", topScreen: "root/cover"))
        #expect(
            events.lines.last?.hasSuffix(
                "To deliver steps from a covered screen, show it with visibility: .allowStepsWhenCovered.") == true)
    }

    @Test func aCoveredScreenThatAllowsItStillDelivers() {
        let (flow, coordinator, navigator, events) = run(
            visibility: .allowStepsWhenCovered, then: .show(screen("cover")))
        select("b", onScreen: "first", navigator, coordinator)
        select("c", onScreen: "first", navigator, coordinator)

        #expect(flow.navigated == [.start, .a, .b, .c])
        #expect(events.droppedSteps.isEmpty)
    }

    @Test func aStepFromADismissedScreenIsDroppedWithAnEvent() {
        let (flow, coordinator, navigator, events) = run(visibility: [], presentation: .modal, then: .dismiss)
        select("b", onScreen: "first", navigator, coordinator)  // dismisses it
        select("c", onScreen: "first", navigator, coordinator)

        #expect(navigator.topScreen?.screenID == "base")
        #expect(flow.navigated == [.start, .a, .b])
        #expect(events.droppedSteps.first?.reason == .screenDismissed(screen: "root/first"))
    }

    @Test func aDismissedScreenThatAllowsItStillDelivers() {
        let (flow, coordinator, navigator, events) = run(
            visibility: .allowStepsWhenDismissed, presentation: .modal, then: .dismiss)
        select("b", onScreen: "first", navigator, coordinator)
        select("c", onScreen: "first", navigator, coordinator)

        #expect(flow.navigated == [.start, .a, .b, .c])
        #expect(events.droppedSteps.isEmpty)
    }

    @Test func aStepperBoundToACoveredScreenIsGatedLikeTheScreen() {
        let (coordinator, _, events) = makeCoordinator()
        let timer = ManualStepper<TestStep>(declared: [.c])
        let flow = TestFlow<TestStep, Never>("root") { step in
            switch step {
            case .start: .show(screen("timer"), stepper: timer)
            case .a: .show(screen("help"), as: .modal)
            case .b: .dismiss
            default: .none
            }
        }
        let driver = ManualStepper<TestStep>(initial: [.start], declared: [.a, .b])
        coordinator.coordinate(flow: flow, with: driver)
        coordinator.waitUntilIdle()
        driver.emit(.a)
        coordinator.waitUntilIdle()
        timer.emit(.c)  // covered by help: dropped
        driver.emit(.b)
        coordinator.waitUntilIdle()
        timer.emit(.c)  // on top again: delivered
        coordinator.waitUntilIdle()

        #expect(flow.navigated == [.start, .a, .b, .c])
        #expect(events.droppedSteps.map(\.reason) == [.screenCovered(screen: "root/timer", topScreen: "root/help")])
        #expect(timer.readyCount == 1)
    }

    @Test func aStepperBoundToADismissedScreenIsStoppedAndItsLateStepsReported() {
        let (coordinator, _, events) = makeCoordinator()
        let timer = ManualStepper<TestStep>(declared: [.c])
        let flow = TestFlow<TestStep, Never>("root") { step in
            switch step {
            case .start: .multiple(.show(screen("base")), .show(screen("timer"), stepper: timer))
            case .a: .pop
            default: .none
            }
        }
        coordinator.coordinate(flow: flow, with: ManualStepper(initial: [.start, .a]))
        coordinator.waitUntilIdle()
        timer.emit(.c)
        coordinator.waitUntilIdle()

        #expect(timer.stopCount == 1)
        #expect(events.droppedSteps.map(\.reason) == [.screenDismissed(screen: "root/timer")])
    }

    @Test func anUnknownActionIsReportedNotIgnored() {
        let (coordinator, navigator, events) = makeCoordinator()
        let flow = TestFlow<TestStep, Never>("root") { step in step == .start ? .show(screen("home", .a)) : .none }
        coordinator.coordinate(flow: flow, with: OneStepper(.start))
        coordinator.waitUntilIdle()
        let home = navigator.topScreen!  // shown by .start
        coordinator.select(action: 5, on: home)
        coordinator.select(actionLabeled: "Nope", on: home)
        coordinator.waitUntilIdle()

        #expect(
            events.droppedSteps.map(\.reason) == [
                .noSuchAction(screen: "root/home", action: "5; it has 0 'a'"),
                .noSuchAction(screen: "root/home", action: "'Nope'; it has 'a'"),
            ])
    }
}
