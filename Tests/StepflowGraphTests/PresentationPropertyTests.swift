import BundledFixtures
import BundledModules
import Stepflow
import StepflowGraph
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
    @Test(arguments: BundledManifests.wholeVariantNames)
    func everyTransitionAndEveryBackGestureKeepTheUIOnTheEngine(_ name: String) throws {
        let manifest = try BundledManifests.load(name)
        let root = RootFlow(
            manifest: manifest, registry: BundledModules.registry, environment: ModuleEnvironment(clock: IdleClock()))
        let proof = PresentationProof(proving: root, from: .start)
        #expect(proof.holds, "\(proof)")
        #expect(proof.transitions > 100)
        #expect(proof.backGestures > 10)
        // Every routed link is opened from every state of the running app,
        // as validate opens them; on a variant without sections or
        // relaunches, the same openings as its graph.
        #expect(proof.linkOpenings == proof.runningStates * root.representativeLinks.count)
        #expect(proof.linkOpenings > 0)
        let graph = VariantGraph(manifest: manifest, registry: BundledModules.registry).states
        if graph.states.count == proof.states {
            let opened = graph.transitions.count { if case .link = $0.input.kind { true } else { false } }
            #expect(proof.linkOpenings == opened)
        }
        #expect(proof.renders == 1 + proof.transitions + proof.tabTaps + proof.backGestures)
        print("PRESENTATION \(name): \(proof)")
    }

    @Test func aProofStoppedAtItsBoundDoesNotHold() throws {
        let root = RootFlow(
            manifest: try BundledManifests.load("covid-antigen-clinic"), registry: BundledModules.registry,
            environment: ModuleEnvironment(clock: IdleClock()))
        let proof = PresentationProof(proving: root, from: .start, maxStates: 20)
        #expect(!proof.isComplete && !proof.holds && proof.drifts.isEmpty)
        #expect("\(proof)".contains("stopped at the bound: not all"))
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
        let proof = PresentationProof(proving: ModalFlow(), from: .start, maxStepsPerInput: 1_000)
        #expect(proof.holds, "\(proof)")
        #expect(proof.backGestures > 5)
        print("PRESENTATION modal flow: \(proof)")
    }

    /// A flow whose only screen is a sheet, and whose link dismisses it:
    /// no input of the screen's leaves it blank, the link does.
    enum BlankStep: Step { case start, again, close }
    final class BlankingFlow: Flow {
        let name = "blank"
        func navigate(to step: BlankStep) -> Navigation<BlankStep, Never> {
            switch step {
            case .start, .again:
                .show(Screen(id: "sheet", title: "Sheet", actions: [ScreenAction("Again", .again)]), as: .modal)
            case .close: .dismiss
            }
        }
    }

    @Test("The proof opens the links a UI receives, and a running app that renders no screen is a drift")
    func linksAreOpenedAndAnEmptyRenderIsADrift() {
        let link = LinkDelivery(
            address: "close", target: "blank", step: BlankStep.close, otherwise: .decline(reason: "Not now."))
        let without = PresentationProof(proving: BlankingFlow(), from: .start)
        #expect(without.holds && without.linkOpenings == 0, "\(without)")
        let with = PresentationProof(proving: BlankingFlow(), from: .start, opening: [link])
        #expect(!with.holds)
        #expect(with.linkOpenings == with.runningStates && with.linkOpenings == 2, "\(with)")
        #expect(with.drifts.contains { $0.hasSuffix("the app runs, yet renders no screen") }, "\(with.drifts)")
        #expect("\(with)".contains("2 of them links opened from 2 running states"))
    }

    @Test func theModalFlowHasAModalOverAModalAndAPushInsideOne() {
        // What the proof above ran over: the presentations it claims to cover.
        var trees: [PresentationTree] = []
        let coordinator = Coordinator(navigator: TreeRecorder { trees.append($0) })
        coordinator.coordinate(flow: ModalFlow(), with: OneStepper(ModalStep.start))
        coordinator.waitUntilIdle()
        for label in ["modal", "inner", "dismiss", "modal", "over"] {
            guard let top = coordinator.currentState.topScreen else { break }
            coordinator.select(actionLabeled: label, on: top)
            coordinator.waitUntilIdle()
        }
        #expect(trees.contains { ($0.layers.dropFirst().first?.screens.count ?? 0) > 1 }, "a push in a modal")
        #expect(trees.last?.layers.count == 3, "a modal over a modal")
    }

    /// A navigator that hands each render's tree to a closure (on the queue).
    final class TreeRecorder: Navigator, @unchecked Sendable {
        let record: (PresentationTree) -> Void
        init(_ record: @escaping (PresentationTree) -> Void) { self.record = record }
        func render(_ state: NavigationState, changes: [NavigationChange]) { record(PresentationTree(state)) }
    }

    @Test func aToolkitsRefusalsAreNamed() {
        let empty = PresentationTree(layers: [])
        let update = PresentationUpdate(from: empty, to: empty)
        #expect(update.isEmpty)
        let dismissNothing = PresentationUpdate.Operation.dismiss(keeping: 1, animated: true)
        #expect(dismissNothing.isAnimated)
    }
}
