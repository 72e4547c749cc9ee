import Dispatch
import Stepflow
import StepflowTesting
import Testing

/// When the example's app is first launched.
private let launchTime: Duration = .seconds(1_800_000_000)

/// The "In an app" sketch of the article "Saving and restoring"
/// (Sources/Stepflow/Stepflow.docc/SavingAndRestoring.md), compiled and
/// run: a store that keeps the save in memory stands for the app's file.
@Suite("The saving article's app example")
struct ReadmeRestoreExampleTests {
    final class Store: @unchecked Sendable {
        var file: SavedNavigation?
        var refused: [(SavedNavigation, RestoreError)] = []
        func load() throws -> SavedNavigation? { file }
        func save(_ saved: SavedNavigation) throws { file = saved }
        func keepForSupport(_ saved: SavedNavigation, reason: RestoreError) { refused.append((saved, reason)) }
    }

    /// One launch of the app, as the article writes it.
    func launch(_ store: Store, build: String, clock: ManualClock) throws -> (Coordinator, RecordingNavigator) {
        let ui = RecordingNavigator()
        let appFlow = timerFlow(clock)
        let coordinator = Coordinator(queue: DispatchQueue(label: "readme"), navigator: ui, savesNavigationOn: clock)
        let root = RootCoordination(appFlow, with: OneStepper(.start))
        if let saved = try store.load() {
            do {
                try coordinator.restore(saved, roots: [root], fingerprint: build, deepLinks: [TestStep.a])
            } catch {
                store.keepForSupport(saved, reason: error)
                coordinator.coordinate(flow: appFlow, with: OneStepper(.start))
            }
        } else {
            coordinator.coordinate(flow: appFlow, with: OneStepper(.start))
        }
        coordinator.waitUntilIdle()
        return (coordinator, ui)
    }

    func goToBackground(_ coordinator: Coordinator, _ store: Store, build: String) throws {
        if var saved = coordinator.savedNavigation {
            saved.fingerprint = build
            try store.save(saved)
        }
    }

    @Test func killedAndLaunchedAgain() throws {
        let store = Store()
        let clock = ManualClock(now: launchTime)
        let (first, _) = try launch(store, build: "1", clock: clock)
        try goToBackground(first, store, build: "1")
        // Killed; launched again five minutes later by the same build.
        let later = ManualClock(now: launchTime + .seconds(300))
        let (second, ui) = try launch(store, build: "1", clock: later)
        #expect(ui.renders.count == 1)
        #expect(ui.state.topScreen?.qualifiedID == "test/wait")
        later.advance(by: .seconds(600))
        second.waitUntilIdle()
        #expect(ui.state.topScreen?.qualifiedID == "test/result")
        // A new build refuses the old save, keeps it for support, starts afresh.
        let (_, fresh) = try launch(store, build: "2", clock: later)
        #expect(store.refused.count == 1)
        #expect(fresh.state.topScreen?.qualifiedID == "test/wait")
    }
}

extension NavigationState {
    /// The ids of the screens shown, bottom to top.
    var shownIDs: [String] { shownScreens.map(\.qualifiedID) }
}
