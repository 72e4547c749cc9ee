import BundledFixtures
import BundledModules
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowTesting
import Testing

/// What a UI receives when one module hands on to the next: one render of
/// the next screen, never the empty tree between two flows (a host that
/// set `[]` and then `[next]`, both animated, flashed blank).
@Suite("A hand-off renders once")
struct HandOffRenderTests {
    @Test func everyInputOfAWalkThroughEveryModuleRendersOnceAndNeverAnEmptyTree() throws {
        let manifest = try BundledManifests.load("covid-antigen-home")
        let navigator = RecordingNavigator()
        let coordinator = Coordinator(navigator: navigator)
        let root = RootFlow(manifest: manifest, registry: BundledModules.registry)
        coordinator.coordinate(flow: root, with: OneStepper(.start))
        coordinator.waitUntilIdle()
        #expect(navigator.renders.count == 1, "the start: its first screen, not the empty tree before it")
        // Onboarding hands on to the test at "I agree", the test to the
        // result at "Read the result" (then answered by hand below).
        let labels = [
            "Get started", "Next", "Next", "Next", "I agree", "Everything is there", "Next", "Next", "Next",
            "Done, start the timer",
        ]
        var handOffs = 0
        for label in labels {
            let top = try #require(coordinator.currentState.topScreen)
            let before = navigator.renders.count
            coordinator.select(actionLabeled: label, on: top)
            coordinator.waitUntilIdle()
            let renders = navigator.renders.dropFirst(before)
            #expect(renders.count == 1, "\(label) on \(top.qualifiedID): \(renders.count) renders")
            let after = try #require(renders.last).state
            if after.topScreen?.flow.id != top.flow.id { handOffs += 1 }
        }
        #expect(handOffs == 1, "onboarding hands on to the test")
        for render in navigator.renders {
            #expect(!render.state.visibleScreens.isEmpty, "a running app rendered an empty tree: \(render.changes)")
        }
    }

    /// What the live engine renders is the state an input settles in: in
    /// every state of every bundled variant the app runs in, a screen is
    /// on top, so no render of a running app is empty.
    @Test(arguments: BundledManifests.wholeVariantNames)
    func everySettledStateOfARunningAppShowsAScreen(name: String) throws {
        let variant = VariantGraph(manifest: try BundledManifests.load(name), registry: BundledModules.registry)
        let states = variant.states.states
        let empty = states.indices.filter { !states[$0].isEnded && states[$0].top == nil }
        #expect(empty.isEmpty, "\(name): states \(empty.prefix(3)) show no screen")
    }
}
