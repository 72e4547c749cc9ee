import Dispatch
import Stepflow
import StepflowTesting
import Testing

@Suite("Navigation the UI did itself, and awaited outcomes")
struct UIRemovalTests {
    /// The screens of the app's flow now, as the engine holds them.
    static func stack(_ coordinator: Coordinator) -> [String] {
        coordinator.engineState.navigation.flows.values.first?.stack.map(\.screenID) ?? []
    }

    /// A flow of three pushed screens (a, b, c), each with a `next` action
    /// and a timer-like stepper on `b` that emits `.d` when the test says.
    static func threeScreens(stepper: ManualStepper<TestStep>) -> TestFlow<TestStep, Never> {
        TestFlow<TestStep, Never>("app") { step in
            switch step {
            case .start: .show(Screen(id: "a", title: "A", actions: [ScreenAction("Next", .b)]))
            case .b: .show(Screen(id: "b", title: "B", actions: [ScreenAction("Next", .c)]), stepper: stepper)
            case .c: .show(Screen(id: "c", title: "C", actions: [ScreenAction("Done", .done)]))
            case .d: .show(Screen(id: "d", title: "D", actions: [ScreenAction("Done", .done)]))
            default: .none
            }
        }
    }

    @Test func aBackSwipeRemovesTheScreenWithoutARenderAndLaterStepsFromItAreDropped() throws {
        let (coordinator, navigator, events) = makeCoordinator()
        let stepper = ManualStepper<TestStep>(declared: [.d])
        coordinator.coordinate(flow: Self.threeScreens(stepper: stepper), with: OneStepper(TestStep.start))
        coordinator.waitUntilIdle()
        coordinator.select(action: 0, on: try #require(navigator.topScreen))
        coordinator.waitUntilIdle()
        coordinator.select(action: 0, on: try #require(navigator.topScreen))
        coordinator.waitUntilIdle()
        #expect(Self.stack(coordinator) == ["a", "b", "c"])
        let b = try #require(navigator.state.flows.values.first?.stack[1])
        let rendersBefore = navigator.renders.count
        // The person swipes back twice in the UI: c, then b, go.
        coordinator.screenRemovedByUI(b)
        coordinator.waitUntilIdle()
        #expect(navigator.renders.count == rendersBefore, "the UI already shows it: nothing is rendered")
        #expect(events.lines.last == "the UI removed app/c, app/b")
        // The state followed: only a is left.
        #expect(Self.stack(coordinator) == ["a"])
        // A choice on the removed screen, and its stepper's late step, are dropped.
        coordinator.select(action: 0, on: b)
        stepper.emit(.d)
        coordinator.waitUntilIdle()
        #expect(events.droppedSteps.map(\.step) == ["app.c", "app.d"], "\(events.lines)")
        #expect(Self.stack(coordinator) == ["a"])
        // The next render shows a and what comes after it.
        coordinator.select(action: 0, on: try #require(navigator.state.flows.values.first?.stack[0]))
        coordinator.waitUntilIdle()
        #expect(navigator.state.flows.values.first?.stack.map(\.screenID) == ["a", "b"])
    }

    @Test func removingAScreenNoLongerShownChangesNothingAndSaysSo() throws {
        let (coordinator, navigator, events) = makeCoordinator()
        coordinator.coordinate(
            flow: Self.threeScreens(stepper: ManualStepper(declared: [])), with: OneStepper(TestStep.start))
        coordinator.waitUntilIdle()
        coordinator.select(action: 0, on: try #require(navigator.topScreen))
        coordinator.waitUntilIdle()
        let b = try #require(navigator.topScreen)
        coordinator.screenRemovedByUI(b)
        coordinator.screenRemovedByUI(b)
        coordinator.waitUntilIdle()
        #expect(events.lines.suffix(2) == ["the UI removed app/b", "the UI removed app/b, which was no longer shown"])
    }

    @Test func aRemovalRacingAStepInFlightLeavesOneConsistentState() throws {
        // The UI pops b while b's own action is on its way: whichever the
        // queue takes first wins, and the other is reported, never lost.
        for _ in 0..<50 {
            let (coordinator, navigator, events) = makeCoordinator()
            coordinator.coordinate(
                flow: Self.threeScreens(stepper: ManualStepper(declared: [])), with: OneStepper(TestStep.start))
            coordinator.waitUntilIdle()
            coordinator.select(action: 0, on: try #require(navigator.topScreen))
            coordinator.waitUntilIdle()
            let b = try #require(navigator.topScreen)
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) { coordinator.select(action: 0, on: b) }
            DispatchQueue.global().async(group: group) { coordinator.screenRemovedByUI(b) }
            group.wait()
            coordinator.waitUntilIdle()
            let removed = events.events.compactMap { event -> [PresentedScreen]? in
                if case .removedByUI(_, let removed) = event { return removed }
                return nil
            }
            let navigatedC = events.navigatedSteps.contains("app.c")
            let dropped = events.droppedSteps.contains { $0.step == "app.c" }
            // Either c was shown first (and the UI removed b and c), or b was
            // removed first (and the choice on it dropped).
            #expect(navigatedC != dropped)
            #expect(removed.count == 1)
            #expect(Self.stack(coordinator) == ["a"])
        }
    }

    @Test func awaitingADeepLinkGivesItsOutcomeFromManyTasksAtOnce() async {
        let (coordinator, _, _) = makeCoordinator()
        let flow = TestFlow<TestStep, Never>("app") { step in
            switch step {
            case .next(let value): value.isMultiple(of: 2) ? .none : .unhandled
            default: .none
            }
        }
        coordinator.coordinate(flow: flow, with: OneStepper(TestStep.start))
        let results = await withTaskGroup(of: (Int, Bool).self) { group in
            for value in 0..<40 {
                group.addTask { (value, await coordinator.navigate(to: TestStep.next(value)).isHandled) }
            }
            var all: [Int: Bool] = [:]
            for await (value, handled) in group { all[value] = handled }
            return all
        }
        #expect(results.count == 40)
        #expect(results.allSatisfy { $0.value == $0.key.isMultiple(of: 2) })
    }

    @Test func cancellingTheAwaitingTaskNeitherCancelsNorLosesTheStep() async {
        let (coordinator, _, events) = makeCoordinator()
        let flow = TestFlow<TestStep, Never>("app") { _ in .none }
        coordinator.coordinate(flow: flow, with: OneStepper(TestStep.start))
        let task = Task { await coordinator.navigate(to: TestStep.a) }
        task.cancel()
        let result = await task.value
        #expect(result.handledBy.map(\.name) == ["app"])
        coordinator.waitUntilIdle()
        #expect(events.navigatedSteps.contains("app.a"))
    }
}
