import BundledFixtures
import BundledModules
import Stepflow
import StepflowManifest
import StepflowTesting
import Testing

/// One live run of a variant for the restore tests: a coordinator that
/// saves its navigation, on a manual clock.
struct SavingRun {
    let coordinator: Coordinator
    let clock: ManualClock
    let root: RootFlow

    /// A run of `manifest`, not started, its clock at `now`.
    init(_ manifest: Manifest, now: Duration = .seconds(1_800_000_000)) {
        clock = ManualClock(now: now)
        coordinator = Coordinator(savesNavigationOn: clock)
        root = RootFlow(
            manifest: manifest, registry: BundledModules.registry, environment: ModuleEnvironment(clock: clock))
    }

    func start() {
        coordinator.coordinate(flow: root, with: OneStepper(.start))
        coordinator.waitUntilIdle()
    }

    /// Restores `saved` (through its JSON text, as an app would read it).
    func restore(_ saved: SavedNavigation) throws {
        let read = try SavedNavigationJSON.decode(Array(SavedNavigationJSON.encode(saved).utf8), file: "saved.json")
        try coordinator.restore(read, flow: root, with: OneStepper(.start))
        coordinator.waitUntilIdle()
    }

    /// One seeded input, as a person and the UI give them: mostly an
    /// action on the screen on top; sometimes time passing for a waiting
    /// timer; sometimes a back swipe the UI did itself. Returns `false`
    /// once the app has ended.
    @discardableResult
    func input(_ random: inout SeededRandom) -> Bool {
        let state = coordinator.currentState
        guard let top = state.topScreen else { return false }
        let roll = random.next() % 10
        if clock.pendingCount > 0, roll < 3 {
            clock.advance(by: .seconds(3600))
        } else if roll == 3, let stack = state.flows[top.flow.id]?.stack, stack.count > 1 {
            coordinator.screenRemovedByUI(top)
        } else if !top.actions.isEmpty {
            coordinator.select(action: Int(random.next() % UInt64(top.actions.count)), on: top)
        } else {
            return false
        }
        coordinator.waitUntilIdle()
        return true
    }

    /// What must be equal after a restore: the screens and stacks (with
    /// their handoff texts), the steppers and what they have spent, the
    /// timers waiting.
    func snapshot(_ parts: StateKeyParts) -> Snapshot {
        let engine = coordinator.engineState
        return Snapshot(
            navigation: engine.navigation, key: StateKeys.key(of: engine, parts: parts), timers: clock.pendingCount)
    }

    struct Snapshot: Equatable {
        let navigation: NavigationState
        let key: [UInt8]
        let timers: Int
    }
}

@Suite("A saved navigation restores the same state")
struct RestorePropertyTests {
    /// A thousand walks a variant under `STEPFLOW_EXHAUSTIVE=1` (CI), a
    /// tenth of them (the same first seeds) in a plain `swift test`.
    static let walksPerVariant = BundledManifests.isExhaustive ? 1000 : 100
    static let longestCut = 40
    static let inputsAfter = 6

    /// For each bundled variant, seeded random walks cut at a random
    /// point, saved, written as JSON, read back and restored in a fresh
    /// coordinator: the restored state equals the original, and the same
    /// next inputs lead both to equal states. Each save, with its last
    /// choice's step renamed, is refused.
    @Test(arguments: BundledManifests.wholeVariantNames)
    func restoredWalksMatchTheOriginal(variant: String) throws {
        let manifest = try BundledManifests.load(variant)
        var failures: [String] = []
        var cuts = Set<Int>()
        var refused = 0, mutated = 0
        for seed in 0..<UInt64(Self.walksPerVariant) {
            var random = SeededRandom(seed: seed &* 7919 &+ 17)
            let original = SavingRun(manifest)
            original.start()
            let cut = Int(random.next() % UInt64(Self.longestCut + 1))
            var taken = 0
            while taken < cut, original.input(&random) { taken += 1 }
            cuts.insert(taken)
            guard let saved = original.coordinator.savedNavigation else {
                Issue.record("a saving coordinator gave no saved navigation")
                return
            }
            let restored = SavingRun(manifest, now: original.clock.now)
            do {
                try restored.restore(saved)
            } catch {
                failures.append("seed \(seed), cut after \(taken) inputs: \(error)")
                continue
            }
            let parts = StateKeyParts()
            if original.snapshot(parts) != restored.snapshot(parts) {
                failures.append("seed \(seed), cut after \(taken) inputs: the restored state differs")
                continue
            }
            // The restored coordinator saves on: its log is the original's.
            if restored.coordinator.savedNavigation != saved {
                failures.append("seed \(seed): the restored coordinator's log differs from the saved one")
            }
            // The same next inputs (the same random numbers) on both.
            var after = random
            var afterRestored = random
            for step in 0..<Self.inputsAfter {
                let went = original.input(&after)
                let wentRestored = restored.input(&afterRestored)
                if went != wentRestored || original.snapshot(parts) != restored.snapshot(parts) {
                    failures.append(
                        "seed \(seed), cut after \(taken) inputs: input \(step + 1) after the restore led elsewhere")
                    break
                }
                if !went { break }
            }
            // A save whose last choice no longer fits is refused, and
            // leaves the coordinator fresh.
            if let last = saved.entries.lastIndex(where: { if case .select = $0 { true } else { false } }),
                case .select(let flow, let screen, let id, let action, _, let label) = saved.entries[last]
            {
                var changed = saved
                changed.entries[last] = .select(
                    flow: flow, screen: screen, id: id, action: action, step: "renamedInANewVersion", label: label)
                mutated += 1
                let fresh = SavingRun(manifest)
                do {
                    try fresh.restore(changed)
                    failures.append("seed \(seed): a save whose step was renamed was restored")
                } catch let error as RestoreError where error.kind == .mismatch && error.entry == last {
                    refused += 1
                    fresh.start()
                    if fresh.coordinator.currentState.topScreen == nil {
                        failures.append("seed \(seed): after a refused restore, a fresh start shows nothing")
                    }
                }
            }
        }
        #expect(
            failures.count == 0,
            """
            \(failures.count) of \(Self.walksPerVariant) walks of \(variant) failed; first: \
            \(failures.prefix(5).joined(separator: "; "))
            """
        )
        #expect(refused == mutated)
        #expect(cuts.count > Self.longestCut / 2, "the walks were cut at too few points: \(cuts.sorted())")
        print(
            """
            restore \(variant): \(Self.walksPerVariant) walks, cut after 0-\(cuts.max() ?? 0) inputs \
            (\(cuts.count) distinct cut points), \(refused) of \(mutated) mismatched saves refused
            """
        )
    }
}
