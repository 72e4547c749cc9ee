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
