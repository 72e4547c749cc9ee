import Stepflow
import StepflowTesting
import Testing

@Suite("Composite steppers and duplicate contributions")
struct CompositeStepperTests {
    @Test func aCompositeEmitsEveryInnerInitialStepInOrderThenTheirLaterSteps() {
        let (coordinator, _, _) = makeCoordinator()
        let first = ManualStepper<TestStep>(initial: [.start, .a], declared: [.start, .a, .c])
        let second = ManualStepper<TestStep>(initial: [.b], declared: [.b, .d])
        let flow = TestFlow<TestStep, Never>("root") { _ in .none }
        coordinator.coordinate(flow: flow, with: CompositeStepper([first, second]))
        coordinator.waitUntilIdle()
        second.emit(.d)
        first.emit(.c)
        coordinator.waitUntilIdle()

        #expect(flow.navigated == [.start, .a, .b, .d, .c])
        #expect(first.readyCount == 1 && second.readyCount == 1)
    }

    @Test func aCompositeDeclaresTheUnionOfItsSteppersSteps() {
        let first = ManualStepper<TestStep>(declared: [.a, .b])
        let second = ManualStepper<TestStep>(declared: [.b, .c])
        #expect(CompositeStepper([first, second]).declaredSteps == [.a, .b, .c])
    }

    @Test func aStepperListedTwiceInACompositeIsUsedOnce() {
        let (coordinator, _, _) = makeCoordinator()
        let stepper = ManualStepper<TestStep>(initial: [.start], declared: [.start, .a])
        let flow = TestFlow<TestStep, Never>("root") { _ in .none }
        coordinator.coordinate(flow: flow, with: CompositeStepper([stepper, stepper]))
        coordinator.waitUntilIdle()
        stepper.emit(.a)
        coordinator.waitUntilIdle()

        #expect(flow.navigated == [.start, .a])
        #expect(stepper.readyCount == 1)
    }

    @Test func theSameStepperContributedTwiceDoesNotNavigateTwice() {
        let (coordinator, _, events) = makeCoordinator()
        let stepper = ManualStepper<TestStep>(initial: [.a], declared: [.a, .b])
        let flow = TestFlow<TestStep, Never>("root") { step in
            switch step {
            case .start: .multiple(.contribute(stepper), .contribute(stepper))
            case .c: .contribute(stepper)  // again, later
            default: .none
            }
        }
        let driver = ManualStepper<TestStep>(initial: [.start], declared: [.start, .c])
        coordinator.coordinate(flow: flow, with: driver)
        coordinator.waitUntilIdle()
        driver.emit(.c)
        coordinator.waitUntilIdle()
        stepper.emit(.b)
        coordinator.waitUntilIdle()

        #expect(flow.navigated == [.start, .a, .c, .b])
        let ignored = events.events.filter { if case .duplicateStepper = $0 { true } else { false } }
        #expect(ignored.count == 2)
        #expect(stepper.readyCount == 1)
    }

    @Test func anUndeclaredStepIsDeliveredAndReported() {
        let (coordinator, _, events) = makeCoordinator()
        let stepper = ManualStepper<TestStep>(initial: [.start], declared: [.start])
        let flow = TestFlow<TestStep, Never>("root") { _ in .none }
        coordinator.coordinate(flow: flow, with: stepper)
        coordinator.waitUntilIdle()
        stepper.emit(.b)
        coordinator.waitUntilIdle()

        #expect(flow.navigated == [.start, .b])
        #expect(
            events.lines.contains(
                """
                undeclared step root.b from ManualStepper<TestStep>. To fix, add it to \
                ManualStepper<TestStep>.declaredSteps so analysis sees it.
                """
            ))
    }

    /// A step type with many values, for a stepper that declares many.
    enum Numbered: Step {
        case number(Int)
    }

    @Test func aStepperThatDeclaresManyStepsIsCheckedAgainstAllOfThem() {
        let (coordinator, _, events) = makeCoordinator()
        // More than a short list: the declared steps are looked up in a set.
        let stepper = ManualStepper<Numbered>(initial: [.number(0)], declared: (0..<40).map(Numbered.number))
        let flow = TestFlow<Numbered, Never>("root") { _ in .none }
        coordinator.coordinate(flow: flow, with: stepper)
        coordinator.waitUntilIdle()
        stepper.emit(.number(39))
        stepper.emit(.number(40))
        coordinator.waitUntilIdle()

        #expect(flow.navigated == [.number(0), .number(39), .number(40)])
        let reported = events.events.compactMap { event -> String? in
            if case .undeclaredStep(let record, _) = event { record.step } else { nil }
        }
        #expect(reported == ["number(40)"])
    }
}
