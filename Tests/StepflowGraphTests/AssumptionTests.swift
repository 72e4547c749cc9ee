import Stepflow
import StepflowGraph
import Testing

/// A deferred `adapt` is analysed as answering with the step unchanged:
/// the graph names each such assumption, so no verdict hides it.
@Suite("Outside answers assumed, not explored")
struct AssumptionTests {
    /// A flow whose `adapt` of `.a` defers to the outside world.
    final class DeferringFlow: Flow {
        let name = "camera"
        func adapt(step: Crafted.Step) -> Adaptation<Crafted.Step> {
            step == .a ? .deferred { completion in completion(.b) } : .step(step)
        }
        func navigate(to step: Crafted.Step) -> Navigation<Crafted.Step, Crafted.Exit> {
            switch step {
            case .start: .show(Crafted.screen("home", ("Read", .a), ("Quit", .c)))
            case .a: .show(Crafted.screen("read", ("Done", .c)))
            case .b: .show(Crafted.screen("by-eye", ("Done", .c)))
            default: .end(.done)
            }
        }
    }

    @Test func aDeferredAdaptIsNamedAsAnAssumptionOfTheGraph() {
        let states = GraphExplorer.exploreStates(DeferringFlow(), with: OneStepper(.start))
        #expect(states.assumptions == [AssumedAnswer(flow: "camera", step: "a")])
        #expect(states.assumptions.map(\.description) == ["camera's adapt of a"])
        // The answer the outside world gives here (by eye) is never explored.
        #expect(states.projection.node(withID: "camera/by-eye") == nil)
    }

    @Test func aFlowWithNoDeferredAdaptAssumesNothing() {
        let flow = Crafted.TableFlow { step in
            step == .start ? .show(Crafted.screen("home", ("Quit", .c))) : .end(.done)
        }
        #expect(GraphExplorer.exploreStates(flow, with: OneStepper(.start)).assumptions.isEmpty)
    }
}

/// A screen that holds a service and a time-out in one `CompositeStepper`
/// is explored, labelled and walked as if each were given alone.
@Suite("A service and a time-out in one composite")
struct CompositeOutsideTests {
    /// A credit bureau: it answers once, approve or unavailable.
    final class Bureau: Stepper {
        let steps = StepRelay<Crafted.Step>()
        var declaredSteps: [Crafted.Step] { [.a, .b] }
        var emissions: [Emission<Crafted.Step>] { [Emission(declaredSteps, limit: .once)] }
        var outside: OutsideSource<Crafted.Step>? {
            OutsideSource(
                "credit-bureau", label: "credit bureau",
                answers: [Answer("approve", .a, label: "approved"), Answer("unavailable", .b, label: "unavailable")])
        }
        func readyToEmitSteps() {}
    }

    final class CheckingFlow: Flow {
        let name = "credit"
        func navigate(to step: Crafted.Step) -> Navigation<Crafted.Step, Crafted.Exit> {
            switch step {
            case .start:
                .show(
                    Crafted.screen("checking", ("Cancel", .back)),
                    stepper: CompositeStepper([
                        Bureau(), TimerStepper(.seconds(30), emitting: Crafted.Step.c, on: IdleClock()),
                    ]))
            case .a: .show(Crafted.screen("approved", ("Done", .stuck)), as: .replace)
            case .b: .show(Crafted.screen("unavailable", ("Done", .stuck)), as: .replace)
            case .c: .show(Crafted.screen("timed-out", ("Done", .stuck)), as: .replace)
            default: .end(.done)
            }
        }
    }

    @Test func eachHeldStepperIsAnInputOfItsOwnKind() {
        let states = GraphExplorer.exploreStates(CheckingFlow(), with: OneStepper(.start))
        let kinds = states.transitions(from: 0).map(\.input.kind)
        #expect(kinds.count == 4, "\(kinds)")
        #expect(
            kinds.contains {
                if case .answer("credit-bureau", _, "approve", "approved", false) = $0 { true } else { false }
            })
        #expect(
            kinds.contains {
                if case .answer("credit-bureau", _, "unavailable", _, false) = $0 { true } else { false }
            })
        #expect(kinds.contains { if case .emit(_, "c", true) = $0 { true } else { false } }, "the time-out is a wait")
        #expect(!kinds.contains { if case .emit("CompositeStepper", _, _) = $0 { true } else { false } })
    }
}
