import BundledFixtures
import BundledModules
import Stepflow
import StepflowManifest
import StepflowPresentation
import StepflowTesting
import Testing

/// Proof that a UI driven by the presentation model cannot drift from the
/// engine: over every transition of every bundled variant's exact state
/// graph, the batched update applied to the previous presentation gives
/// exactly the next one, with only operations a navigation controller
/// accepts; and every move a person can make through the UI itself leads,
/// with the engine's next update, to the state the engine reaches.
@Suite("The presentation model follows the engine, transition by transition")
struct PresentationPropertyTests {
    /// Checks each transition and each UI move as the search finds them.
    final class Checker: StateSearchVisitor {
        var trees: [PresentationTree] = []
        var transitions = 0
        var operations = 0
        var animated = 0
        var moves = 0
        var movesNeedingMore = 0
        var drifts: [String] = []

        func started(_ state: EngineState, events: [NavigationEvent]) {}

        func discovered(_ state: EngineState, index: Int, depth: Int) -> Bool {
            let tree = PresentationTree(engine: state)
            trees.append(tree)
            checkUserMove(on: state, tree)
            return true
        }

        func took(
            _ input: SearchInput, from: Int, to: Int, top: PresentedScreen?, reached: EngineState,
            events: [NavigationEvent], settled: Bool
        ) {
            transitions += 1
            check(from: trees[from], to: PresentationTree(engine: reached), "\(from) → \(to)")
        }

        /// The update from `old` to `new` applies, and lands on `new`.
        func check(from old: PresentationTree, to new: PresentationTree, _ what: String) {
            let update = PresentationUpdate(from: old, to: new)
            operations += update.operations.count
            let animations = update.operations.filter(\.isAnimated).count
            animated += animations
            if animations > 1 { drifts.append("\(what): \(animations) animated operations") }
            do throws(PresentationUpdate.Refusal) {
                let applied = try update.apply(to: old)
                if applied.layers != new.layers { drifts.append("\(what): \(update.operations) drifts") }
            } catch {
                drifts.append("\(what): \(error)")
            }
        }

        /// Where the UI lets a person go back by its own gesture: the UI's
        /// own result, the engine told, and the engine's update from there.
        func checkUserMove(on state: EngineState, _ tree: PresentationTree) {
            guard tree.canGoBack, let layer = tree.layers.last else { return }
            let move: UserMove =
                layer.screens.count > 1
                ? .popped(to: layer.screens[layer.screens.count - 2].id)
                : .dismissed(root: layer.screens[0].id)
            guard let local = tree.after(move) else {
                drifts.append("\(move) does not fit the tree it was offered on")
                return
            }
            moves += 1
            var engine = state
            let removed = layer.screens.count > 1 ? [layer.screens[layer.screens.count - 1]] : layer.screens.reversed()
            for screen in removed {
                guard let presented = engine.navigation.screen(screen.id) else { continue }
                _ = StateSearch.settle(
                    &engine, maxStepsPerInput: 10_000, names: nil, observes: false,
                    { state, transaction in state.removedByUI(presented, &transaction) }, assume: { _ in })
            }
            let followed = PresentationTree(engine: engine)
            if !PresentationUpdate(from: local, to: followed).isEmpty { movesNeedingMore += 1 }
            check(from: local, to: followed, "\(move)")
        }
    }

    @Test(arguments: BundledManifests.names)
    func everyTransitionAndEveryBackGestureKeepTheUIOnTheEngine(_ name: String) throws {
        let manifest = try BundledManifests.load(name)
        let root = RootFlow(
            manifest: manifest, registry: BundledModules.registry, environment: ModuleEnvironment(clock: IdleClock()))
        let checker = Checker()
        StateSearch(maxStepsPerInput: 10_000).run(visitor: checker) { state, transaction in
            state.coordinate(root, with: OneStepper(RootStep.start), &transaction)
        }
        #expect(checker.drifts.isEmpty, "\(checker.drifts.prefix(5))")
        #expect(checker.transitions > 100)
        #expect(checker.moves > 10)
        // A busy state allows no back gesture.
        #expect(checker.trees.allSatisfy { $0.busy == nil || !$0.canGoBack })
        print(
            """
            PRESENTATION \(name): \(checker.trees.count) states, \(checker.transitions) transitions, \
            \(checker.operations) operations (\(checker.animated) animated), \(checker.moves) back gestures \
            (\(checker.movesNeedingMore) needing an update after), \(checker.drifts.count) drifts
            """)
    }

    @Test func aModuleHandOffIsOneSetStackAndABackIsOnePopTo() throws {
        let manifest = try BundledManifests.load("covid-antigen-home")
        let coordinator = Coordinator(savesNavigationOn: ManualClock())
        coordinator.coordinate(
            flow: RootFlow(
                manifest: manifest, registry: BundledModules.registry,
                environment: ModuleEnvironment(clock: IdleClock())),
            with: OneStepper(RootStep.start))
        coordinator.waitUntilIdle()
        func tree() -> PresentationTree { PresentationTree(coordinator.currentState) }
        func choose(_ label: String) throws {
            let top = try #require(coordinator.currentState.topScreen)
            coordinator.select(actionLabeled: label, on: top)
            coordinator.waitUntilIdle()
        }
        for label in ["Get started", "Next", "Next", "Next"] { try choose(label) }
        let privacy = tree()
        #expect(privacy.layers.count == 1)
        #expect(privacy.layers[0].screens.map(\.qualifiedID).last == "onboarding/privacy")
        try choose("I agree")
        let hand = PresentationUpdate(from: privacy, to: tree())
        // The onboarding's five screens go, the procedure's first comes.
        #expect(hand.operations.count == 1)
        guard case .setStack(0, let screens, animated: true) = hand.operations.first else {
            Issue.record("\(hand.operations)")
            return
        }
        #expect(screens.map(\.qualifiedID) == ["test/checklist"])
        try choose("Everything is there")
        let pushed = tree()
        try choose("Back")
        let back = PresentationUpdate(from: pushed, to: tree())
        #expect(back.operations == [.popTo(layer: 0, pushed.layers[0].screens[0].id, animated: true)])
    }

    /// A flow that uses every presentation: pushes, modals, a push inside a
    /// modal, a modal over a modal, a push while a modal is up, a dismiss,
    /// a replace of the whole stack.
    enum ModalStep: Step { case start, push, modal, inner, over, dismiss, pop, replace, pushOver }

    final class ModalFlow: Flow {
        let name = "m"
        func navigate(to step: ModalStep) -> Navigation<ModalStep, Never> {
            func screen(_ id: String, _ steps: ModalStep...) -> Screen<ModalStep> {
                Screen(
                    id: id, title: id,
                    actions: steps.map { ScreenAction($0.stepID, $0, role: $0 == .pop ? .back : .primary) })
            }
            switch step {
            case .start: return .show(screen("a", .push, .modal, .replace))
            case .push: return .show(screen("b", .pop, .modal))
            case .modal: return .show(screen("sheet", .inner, .over, .dismiss, .replace, .pushOver), as: .modal)
            case .inner: return .show(screen("inner", .pop, .dismiss))
            case .over: return .show(screen("over", .dismiss), as: .modal)
            case .pushOver: return .show(screen("pushed-over-sheet", .pop))
            case .dismiss: return .dismiss
            case .pop: return .pop
            case .replace: return .show(screen("r", .push), as: .replace)
            }
        }
    }

    @Test func modalsPushesInsideThemAndDismissalsAllApplyAndLand() {
        let checker = Checker()
        StateSearch(maxStepsPerInput: 1_000).run(visitor: checker) { state, transaction in
            state.coordinate(ModalFlow(), with: OneStepper(ModalStep.start), &transaction)
        }
        #expect(checker.drifts.isEmpty, "\(checker.drifts.prefix(5))")
        #expect(checker.trees.contains { $0.layers.count == 3 }, "a modal over a modal")
        #expect(checker.trees.contains { ($0.layers.dropFirst().first?.screens.count ?? 0) > 1 }, "a push in a modal")
        #expect(checker.moves > 5)
        print(
            """
            PRESENTATION modal flow: \(checker.trees.count) states, \(checker.transitions) transitions, \
            \(checker.operations) operations, \(checker.moves) back gestures \
            (\(checker.movesNeedingMore) needing an update after), \(checker.drifts.count) drifts
            """)
    }

    @Test func aToolkitsRefusalsAreNamed() {
        let empty = PresentationTree(layers: [])
        let update = PresentationUpdate(from: empty, to: empty)
        #expect(update.isEmpty)
        let dismissNothing = PresentationUpdate.Operation.dismiss(keeping: 1, animated: true)
        #expect(dismissNothing.isAnimated)
    }
}
