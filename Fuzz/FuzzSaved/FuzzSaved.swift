import BundledModules
import FuzzDriver
import Stepflow
import StepflowManifest
import StepflowTesting

// libFuzzer target: any bytes as a saved navigation. What reads must write
// back to the same value, and restoring it into a live coordinator of a
// bundled variant must either work or be refused: never crash. It is also
// restored as a save of another release, on the variant and on a next
// release of it (typed ids removed), under a policy: that works, and its
// log then restores exactly on that release, or it is refused and leaves
// nothing behind.

/// The variant restores are tried on (run from the repository's root, as
/// `.ci/fuzz` does); without it, inputs are only read.
private let manifest = try? ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).load(
    path: "RootApp/Manifests/covid-antigen-clinic.json")

/// The variant's next release: patients identified by scan only, so the
/// typed-id screens are gone.
private let nextRelease: Manifest? = {
    let path = "RootApp/Manifests/covid-antigen-clinic.json"
    guard let bytes = try? FileBytes.read(path: path, stoppingAfter: 1 << 20, kind: ".json file") else { return nil }
    let text = String(decoding: bytes, as: UTF8.self)
    guard let range = text.firstRange(of: #""identifyBy": "both""#) else { return nil }
    var edited = text
    edited.replaceSubrange(range, with: #""identifyBy": "scan""#)
    return try? ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).decode(
        Array(edited.utf8), file: path)
}()

/// LeakSanitizer's switch for the allocations that follow (the fuzzer
/// build links it: `-sanitize=fuzzer,address`).
@_silgen_name("__lsan_disable") private func lsanDisable()
@_silgen_name("__lsan_enable") private func lsanEnable()

/// Loads the variant once, before the first input, with leak checking off:
/// it is kept for the whole run, and LeakSanitizer cannot follow a pointer
/// Swift keeps with an enum's case in its spare bits (a rule's list of
/// events), so it would call the manifest's own storage leaked. Inputs are
/// checked for leaks as before.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
    lsanDisable()
    _ = manifest
    _ = nextRelease
    lsanEnable()
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSaved(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let saved = try? SavedNavigationJSON.decode(bytes, file: "fuzz.json") else { return 0 }
    let again = try? SavedNavigationJSON.decode(Array(SavedNavigationJSON.encode(saved).utf8), file: "again.json")
    precondition(again == saved, "a saved navigation did not read back as it was written")
    guard let manifest else { return 0 }
    // Restoring starts timers; a manual clock's never fire on their own,
    // so no work runs on behind an input.
    let clock = ManualClock(now: .seconds(1_800_000_000))
    let coordinator = Coordinator(savesNavigationOn: clock)
    let root = RootFlow(
        manifest: manifest, registry: BundledModules.registry, environment: ModuleEnvironment(clock: clock))
    do {
        try coordinator.restore(saved, flow: root, with: OneStepper(.start), fingerprint: saved.fingerprint)
        coordinator.waitUntilIdle(includingPendingAdaptations: false)
        // The log goes on from the saved one: work the flows had queued
        // runs after the restore, and may add to its last entry.
        let log = coordinator.savedNavigation?.entries ?? []
        let kept = saved.entries.dropLast()
        var continues = log.starts(with: kept) && log.count >= saved.entries.count
        if continues, let last = saved.entries.last, log[kept.count] != last {
            if case .work(let saved) = last, case .work(let now) = log[kept.count] {
                continues = now >= saved
            } else {
                continues = false
            }
        }
        precondition(continues, "a restored coordinator's log does not go on from the saved one")
    } catch {
        precondition(coordinator.currentState.flows.isEmpty, "a refused restore left flows behind")
    }
    for (release, policy) in [(manifest, LostWalkPolicy.askAgain), (nextRelease, .restartModule)] {
        guard let release else { continue }
        restoreOnAnotherRelease(saved, release, policy)
    }
    return 0
}

/// Restores `saved` as a save of another release on `release`'s variant,
/// under `policy`.
private func restoreOnAnotherRelease(_ saved: SavedNavigation, _ release: Manifest, _ policy: LostWalkPolicy) {
    let clock = ManualClock(now: .seconds(1_800_000_000))
    func root() -> RootCoordination {
        RootCoordination(
            RootFlow(
                manifest: release, registry: BundledModules.registry, environment: ModuleEnvironment(clock: clock)),
            with: OneStepper(.start))
    }
    let fingerprint = "next " + saved.fingerprint
    let coordinator = Coordinator(savesNavigationOn: clock)
    let outcome: RestoreOutcome
    do throws(RestoreError) {
        outcome = try coordinator.restore(
            saved, roots: [root()], fingerprint: fingerprint, deepLinks: [], onAnotherRelease: .replay { _ in policy })
    } catch {
        precondition(coordinator.currentState.flows.isEmpty, "a refused restore left flows behind")
        return
    }
    do throws(RestoreError) {
        precondition(outcome.kind != .sameRelease, "another release's save was taken as this release's")
        // Saved again, in this release's numbering (read on the queue: the
        // log and the screens it names agree, whatever timers resumed
        // since): restored exactly, to the screens it names.
        guard let again = coordinator.savedNavigation else { return }
        coordinator.waitUntilIdle(includingPendingAdaptations: false)
        let exact = Coordinator(savesNavigationOn: clock)
        let second = try exact.restore(
            again, roots: [root()], fingerprint: fingerprint, deepLinks: [], onAnotherRelease: .refuse)
        exact.waitUntilIdle(includingPendingAdaptations: false)
        precondition(second.kind == .sameRelease, "a save in this release's numbering was not replayed exactly")
        precondition(second.top == again.screens.last, "a re-saved walk restored elsewhere")
    } catch {
        preconditionFailure("a walk saved in this release's numbering was refused: \(error)")
    }
}

/// The target's entry point, as SwiftPM links it: libFuzzer's driver.
@_cdecl("FuzzSaved_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzzSaved)
}
