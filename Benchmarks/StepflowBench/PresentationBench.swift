import BundledModules
import Stepflow
import StepflowManifest
import StepflowPresentation
import StepflowTesting

// The presentation model's cost per render: the tree read off the state
// and the batched update from the tree before, as a UI does on the main
// thread for every render, over a long session (no growth with history).

struct PresentationFigures {
    let renders: Int
    /// Mean ns per render over the first 1,000 renders and the last 1,000.
    let first: Double
    let last: Double
}

/// Makes the tree and the update of each render, and times them.
private final class TimingNavigator: Navigator, @unchecked Sendable {
    // @unchecked: used only on the coordinator's queue.
    var shown = PresentationTree(layers: [])
    var times: [UInt64] = []
    var operations = 0

    func render(_ state: NavigationState, changes: [NavigationChange]) {
        let start = now()
        let tree = PresentationTree(state)
        let update = PresentationUpdate(from: shown, to: tree)
        times.append(now() - start)
        operations += update.operations.count
        shown = tree
    }
}

/// 9: the presentation model per render.
func presentationSection(cycles: Int) -> PresentationFigures? {
    guard
        let manifest = try? ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).load(
            path: "RootApp/Manifests/covid-antigen-home.json")
    else {
        print("Presentation: skipped (run from the repository's root).")
        return nil
    }
    let navigator = TimingNavigator()
    // The restore section's long session: the onboarding's first page
    // forward and back, one input at a time.
    walkLong(
        Coordinator(navigator: navigator),
        RootFlow(
            manifest: manifest, registry: BundledModules.registry,
            environment: ModuleEnvironment(clock: ManualClock())),
        cycles: cycles)
    let times = navigator.times
    let window = min(1_000, times.count / 2)
    let first = Double(times.prefix(window).reduce(0, +)) / Double(max(window, 1))
    let last = Double(times.suffix(window).reduce(0, +)) / Double(max(window, 1))
    print("Presentation: the tree and the batched update of each render, on the")
    print("coordinator's queue as a UI does on the main thread, over \(times.count) renders:")
    print("  first \(window): \(fixed(first / 1000, 2)) µs a render; last \(window): \(fixed(last / 1000, 2)) µs")
    print("  (\(navigator.operations) toolkit operations in all)")
    print("")
    return PresentationFigures(renders: times.count, first: first, last: last)
}
