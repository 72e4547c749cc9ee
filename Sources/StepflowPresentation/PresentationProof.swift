public import Stepflow

/// Proof, over every transition of a flow's exact state graph, that a UI
/// driven by the presentation model cannot drift from the engine: the
/// batched update applied to the previous tree gives exactly the next one,
/// with only operations a navigation controller accepts and at most one
/// animated; no busy state lets a person go back; and wherever the UI lets
/// a person go back by its own gesture (a back swipe, a sheet dragged
/// away), the UI's own result, the engine told of it, and the engine's
/// next update land on the state the engine reaches. It covers what a UI
/// receives: every input a person gives, every routed link opened from
/// every state of a running app (a manifest's `RootFlow` offers its own;
/// see ``init(proving:from:opening:maxStates:maxStepsPerInput:)``),
/// every tab tap and every back gesture, each one render (the coordinator
/// renders once per settled queue), none of them an empty tree while the
/// app runs.
///
/// It runs the engine's own transitions (the explorer `rootapp graph`
/// uses), with no Dispatch and no UI; a team proves its own variant the
/// same way the bundled ones are:
///
/// ```swift
/// let proof = PresentationProof(proving: RootFlow(manifest: manifest, registry: registry), from: .start)
/// #expect(proof.holds, "\(proof)")   // 1060 transitions, … 0 drifts
/// ```
///
/// A verdict says how much it checked: ``isComplete`` is `false` when the
/// exploration stopped at `maxStates`, and then ``holds`` is `false` too.
public struct PresentationProof: Sendable, CustomStringConvertible {
    /// The waiting states explored.
    public let states: Int
    /// The transitions checked: every input from every state, links
    /// opened from outside included.
    public let transitions: Int
    /// Of ``transitions``, the routed links opened from outside (each
    /// route's representative addresses, from every state of a running
    /// app).
    public let linkOpenings: Int
    /// The states in which the app runs (those the links are opened from).
    public let runningStates: Int
    /// The renders checked: the first, one per transition, and one after
    /// each tab tap and back gesture. Each applies as an update, and none
    /// is an empty tree while the app runs.
    public let renders: Int
    /// The toolkit operations applied, over all transitions and gestures.
    public let operations: Int
    /// Of ``operations``, those animated.
    package let animatedOperations: Int
    /// The back gestures checked (one per state that allows one).
    public let backGestures: Int
    /// Of ``backGestures``, those after which the engine's next update
    /// still changes what is shown (the flow did more than the gesture).
    package let gesturesNeedingAnUpdate: Int
    /// The tab taps checked: each section a person can select, in each
    /// state; the tab bar's own result must be what the engine does.
    public let tabTaps: Int
    /// Each way the UI would drift, or an operation a toolkit refuses:
    /// where, and what. Empty when the proof holds.
    package let drifts: [String]
    /// Whether every state was explored (none was past `maxStates`).
    public let isComplete: Bool

    /// Whether the UI cannot drift, over the whole state graph.
    public var holds: Bool { drifts.isEmpty && isComplete }

    /// One sentence with the counts, and the first drifts if any.
    public var description: String {
        let counts = """
            \(states) states\(isComplete ? "" : " (stopped at the bound: not all)"), \(transitions) transitions \
            (\(linkOpenings) of them links opened from \(runningStates) running states), \(renders) renders, \
            \(operations) operations (\(animatedOperations) animated), \(backGestures) back gestures \
            (\(gesturesNeedingAnUpdate) needing an update after), \(tabTaps) tab taps, \(drifts.count) drifts
            """
        return drifts.isEmpty ? counts : counts + ": " + drifts.prefix(3).joined(separator: "; ")
    }

    /// Explores `flow` started with `step`, and checks every transition,
    /// every link opened, every tab tap and every back gesture the UI
    /// allows.
    ///
    /// - Parameters:
    ///   - flow: The root flow (a variant's `RootFlow`).
    ///   - step: The step it starts with (`.start`).
    ///   - links: The links opened from every state of the running app.
    ///     `nil`: a manifest's `RootFlow` opens each of its routes with its
    ///     parameters' representative values, as `validate` does; another
    ///     flow opens none.
    ///   - maxStates: States past this many are not explored (the proof
    ///     then says it is not complete).
    ///   - maxStepsPerInput: Steps one input may run before it counts as
    ///     not settling.
    public init<F: Flow>(
        proving flow: F, from step: F.StepType, opening links: [LinkDelivery]? = nil, maxStates: Int = 200_000,
        maxStepsPerInput: Int = 10_000
    ) {
        let checker = Checker(maxStates: maxStates)
        let links = links ?? (flow as? any RepresentativeLinks)?.representativeLinks ?? []
        StateSearch(maxStepsPerInput: maxStepsPerInput, links: links).run(visitor: checker) { state, transaction in
            state.coordinate(flow, with: OneStepper(step), &transaction)
        }
        states = checker.trees.count
        transitions = checker.transitions
        linkOpenings = checker.linkOpenings
        runningStates = checker.running
        renders = checker.renders
        operations = checker.operations
        animatedOperations = checker.animated
        backGestures = checker.moves
        gesturesNeedingAnUpdate = checker.movesNeedingMore
        tabTaps = checker.taps
        drifts = checker.drifts
        isComplete = !checker.stopped
    }

    /// Checks each transition and each UI move as the search finds them.
    private final class Checker: StateSearchVisitor {
        let maxStates: Int
        var trees: [PresentationTree] = []
        var transitions = 0
        var linkOpenings = 0
        var running = 0
        var renders = 0
        var operations = 0
        var animated = 0
        var moves = 0
        var movesNeedingMore = 0
        var taps = 0
        var drifts: [String] = []
        var stopped = false

        init(maxStates: Int) { self.maxStates = maxStates }

        func started(_ state: EngineState, events: [NavigationEvent]) {
            renders += 1
            checkShown(PresentationTree(engine: state), of: state, "the first render")
        }

        func discovered(_ state: EngineState, index: Int, depth: Int) -> Bool {
            let tree = PresentationTree(engine: state)
            trees.append(tree)
            if !state.navigation.roots.isEmpty { running += 1 }
            if tree.busy != nil, tree.canGoBack { drifts.append("state \(index): busy, yet Back is allowed") }
            guard index < maxStates else {
                stopped = true
                return false
            }
            checkUserMove(on: state, tree, at: index)
            checkTabTaps(on: state, tree, at: index)
            return true
        }

        func took(
            _ input: SearchInput, from: Int, to: Int, top: PresentedScreen?, reached: EngineState,
            events: [NavigationEvent], settled: Bool
        ) {
            transitions += 1
            if case .link = input { linkOpenings += 1 }
            check(from: trees[from], to: PresentationTree(engine: reached), of: reached, "state \(from) → \(to)")
        }

        /// A running app shows a screen: a render of no screen while a
        /// flow runs is a blank flash on a device.
        func checkShown(_ tree: PresentationTree, of state: EngineState, _ what: String) {
            guard !state.navigation.roots.isEmpty, tree.layers.allSatisfy(\.screens.isEmpty) else { return }
            drifts.append("\(what): the app runs, yet renders no screen")
        }

        /// The update from `old` to `new` applies, and lands on `new`: one
        /// render, of a screen while `state` runs.
        func check(from old: PresentationTree, to new: PresentationTree, of state: EngineState, _ what: String) {
            renders += 1
            checkShown(new, of: state, what)
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

        /// Each tab a person can tap on the top layer: the tab bar's own
        /// result is the engine's, to the last screen.
        func checkTabTaps(on state: EngineState, _ tree: PresentationTree, at index: Int) {
            guard let layer = tree.layers.last else { return }
            for bar in layer.sections where bar.isSelectable {
                for tab in bar.tabs.indices where tab != bar.selected {
                    let move = UserMove.selected(section: bar.tabs[tab].name, of: bar.owner)
                    guard let local = tree.after(move) else {
                        drifts.append("state \(index): \(move) does not fit the tree it was offered on")
                        continue
                    }
                    taps += 1
                    var engine = state
                    _ = StateSearch.settle(
                        &engine, maxStepsPerInput: 10_000, names: nil, observes: false,
                        { state, transaction in state.selectSection(bar.tabs[tab].name, of: bar.owner, &transaction) },
                        assume: { _ in })
                    let followed = PresentationTree(engine: engine)
                    if !PresentationUpdate(from: local, to: followed).isEmpty {
                        drifts.append("state \(index): \(move) shows other than the engine selects")
                    }
                    check(from: local, to: followed, of: engine, "state \(index): \(move)")
                }
            }
        }

        /// Where the UI lets a person go back by its own gesture: the UI's
        /// own result, the engine told, and the engine's update from there.
        func checkUserMove(on state: EngineState, _ tree: PresentationTree, at index: Int) {
            guard tree.canGoBack, let layer = tree.layers.last else { return }
            let move: UserMove =
                layer.screens.count > 1
                ? .popped(to: layer.screens[layer.screens.count - 2].id)
                : .dismissed(root: layer.screens[0].id)
            guard let local = tree.after(move) else {
                drifts.append("state \(index): \(move) does not fit the tree it was offered on")
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
            check(from: local, to: followed, of: engine, "state \(index): \(move)")
        }
    }
}
