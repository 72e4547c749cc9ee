import BundledModules
import Stepflow
import StepflowGraph
import StepflowManifest
import SyntheticVariant

// The update check: exploring an old release in lockstep with the new,
// against exploring one release alone, for the synthetic variant at 10k
// states and for two bundled variants against a next release of each.

struct UpdateFigures {
    /// The synthetic variant's states.
    let states: Int
    /// Its lockstep search against itself (every input replayed by
    /// identity on the other side), ns.
    let lockstep: Timing
    /// Exploring it alone, ns.
    let explore: Timing
    /// `UpdateCheck` of a bundled variant against a next release (both
    /// explored, the lockstep search, each lost walk's restore), ns.
    let bundled: [(name: String, states: Int, check: Timing, explore: Timing)]
}

/// 8: the update check.
func updateSection(quick: Bool) -> UpdateFigures {
    print("Update check: the old release explored in lockstep with the new, each")
    print("input replayed by identity, against exploring one release alone.")
    print("")
    let runs = quick ? 3 : 7
    let (root, stepper) = SyntheticVariant.make(modules: 10, stepsPerModule: 1_000)
    var states = 0
    let explore = measure(runs: runs) {
        states = GraphExplorer.exploreStates(root, with: stepper).states.count
    }
    let lockstep = measure(runs: runs) {
        let search = LockstepSearch(maxStepsPerInput: 10_000, maxPairs: 500_000)
        do throws(RestoreError) {
            try search.run(
                old: { state, transaction in state.coordinate(root, with: stepper, &transaction) },
                new: RootCoordination(root, with: stepper))
        } catch {
            preconditionFailure("the synthetic variant refused its own start: \(error)")
        }
        precondition(search.pairs.count == states, "the lockstep search did not pair each state with itself")
    }
    print(
        "  synthetic, \(states) states: lockstep \(fixed(lockstep.median / 1e6, 1)) ms, explore one "
            + "\(fixed(explore.median / 1e6, 1)) ms (\(fixed(lockstep.median / explore.median, 1))x)")
    var bundled: [(String, Int, Timing, Timing)] = []
    let loader = ManifestLoader(registry: BundledModules.registry, services: BundledModules.services)
    for (name, next) in [
        ("covid-antigen-home", "Releases/covid-antigen-home-no-photo-ask-again"),
        ("covid-antigen-clinic", "Manifests/covid-antigen-clinic"),
    ] {
        guard let old = try? loader.load(path: "RootApp/Manifests/\(name).json"),
            let new = try? loader.load(path: "RootApp/\(next).json")
        else {
            print("  \(name): skipped (run from the repository's root).")
            continue
        }
        var count = 0
        let check = measure(runs: runs) {
            let check = UpdateCheck(
                old: old, new: new, registry: BundledModules.registry, services: BundledModules.services)
            count = check.old.states.states.count
        }
        let alone = measure(runs: runs) {
            consume(VariantGraph(manifest: old, registry: BundledModules.registry, services: BundledModules.services))
        }
        print(
            "  \(name) → \(next), \(count) states: check "
                + "\(fixed(check.median / 1e6, 1)) ms, explore one \(fixed(alone.median / 1e6, 1)) ms")
        bundled.append((name, count, check, alone))
    }
    print("")
    return UpdateFigures(states: states, lockstep: lockstep, explore: explore, bundled: bundled)
}
