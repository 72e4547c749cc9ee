import Dispatch
import BundledModules
import Stepflow
import StepflowManifest
import StepflowTesting

// The sessions run on a `ManualClock` (its timers never fire unless it is
// advanced) and render to a `NoOpNavigator`: the restore renders once, the
// live baseline every input.

struct RestoreFigures {
    let inputs: Int
    let entries: Int
    let bytes: Int
    /// Replaying the saved session and rendering it once, ns.
    let restore: Timing
    /// Reading its JSON, ns.
    let read: Timing
    /// The same inputs handled live, one at a time as taps arrive, ns.
    let live: Timing
    /// Replaying it on another release (by identity) and rendering once, ns.
    let otherRelease: Timing
}

/// A coordinator of the lay COVID variant, not started, and its root.
private func session(_ manifest: Manifest, saving: Bool) -> (Coordinator, RootFlow) {
    let clock = ManualClock(now: .seconds(1_800_000_000))
    let coordinator = Coordinator(navigator: NoOpNavigator(), savesNavigationOn: saving ? clock : nil)
    return (
        coordinator,
        RootFlow(manifest: manifest, registry: BundledModules.registry, environment: ModuleEnvironment(clock: clock))
    )
}

/// Starts `root` and walks the onboarding's pages forward and back
/// `cycles` times (each cycle two inputs, a push and a pop), one input at
/// a time as taps arrive, so the app never ends. Returns the inputs given.
@discardableResult
func walkLong(_ coordinator: Coordinator, _ root: RootFlow, cycles: Int) -> Int {
    coordinator.coordinate(flow: root, with: OneStepper(.start))
    coordinator.waitUntilIdle()
    var inputs = 0
    for _ in 0..<cycles {
        for label in ["Get started", "Back"] {
            guard let top = coordinator.currentState.topScreen else { return inputs }
            coordinator.select(actionLabeled: label, on: top)
            coordinator.waitUntilIdle()
            inputs += 1
        }
    }
    return inputs
}

/// 7: restoring a long session against handling the same inputs live.
func restoreSection(cycles: Int, quick: Bool) -> RestoreFigures? {
    guard
        let manifest = try? ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).load(
            path: "RootApp/Manifests/covid-antigen-home.json")
    else {
        print("Restore: skipped (run from the repository's root).")
        return nil
    }
    let (long, root) = session(manifest, saving: true)
    let inputs = walkLong(long, root, cycles: cycles)
    let saved = long.savedNavigation!  // made with savesNavigationOn:
    let text = SavedNavigationJSON.encode(saved)
    let bytes = Array(text.utf8)
    let runs = quick ? 3 : 7
    let read = measure(runs: runs) { consume(try? SavedNavigationJSON.decode(bytes, file: "bench.json")) }
    let restore = measureTimed(runs: runs) {
        let (coordinator, root) = session(manifest, saving: true)
        let start = now()
        try? coordinator.restore(saved, flow: root, with: OneStepper(.start))
        coordinator.waitUntilIdle()
        let time = now() - start
        precondition(
            coordinator.currentState.topScreen?.qualifiedID == saved.screens.last,
            "the benchmark's restore did not rebuild the session")
        return time
    }
    let live = measureTimed(runs: runs) {
        let (coordinator, root) = session(manifest, saving: false)
        let start = now()
        walkLong(coordinator, root, cycles: cycles)
        return now() - start
    }
    let otherRelease = measureTimed(runs: runs) {
        let (coordinator, root) = session(manifest, saving: true)
        let start = now()
        let outcome = try? coordinator.restore(
            saved, roots: [RootCoordination(root, with: OneStepper(.start))], fingerprint: "the next release",
            deepLinks: [], onAnotherRelease: .replay)
        coordinator.waitUntilIdle()
        let time = now() - start
        precondition(outcome?.kind == .otherRelease, "the benchmark's restore on another release did not replay")
        return time
    }
    let figures = RestoreFigures(
        inputs: inputs, entries: saved.entries.count, bytes: bytes.count, restore: restore, read: read, live: live,
        otherRelease: otherRelease)
    print(
        """
        Restore: a session of \(inputs) inputs (\(saved.entries.count) log entries, \(bytes.count / 1024) KiB of
        JSON), median (min-max) ms:
        """
    )
    print("  read the JSON:                \(spread(read.per(1_000_000), 2))")
    print(
        "  replay it, render once:       \(spread(restore.per(1_000_000), 2))  "
            + "(\(fixed(restore.median / Double(inputs) / 1000, 2)) µs per input)"
    )
    print(
        "    the same inputs live:       \(spread(live.per(1_000_000), 2))  "
            + "(\(fixed(live.median / Double(inputs) / 1000, 2)) µs per input)"
    )
    print("    restore / live \(fixed(restore.median / live.median, 2))")
    print(
        "  on another release, by identity: \(spread(otherRelease.per(1_000_000), 2))  "
            + "(\(fixed(otherRelease.median / restore.median, 2))x the exact replay)")
    print("")
    return figures
}
