public import Stepflow

/// Explores what a flow tree can do by running the engine's own transition
/// function (the one the coordinator runs live) breadth first over its
/// waiting states, from the steps `stepper` starts the root with.
///
/// In each waiting state the inputs are the actions of the screen on top
/// and each step a live stepper declares it may still emit. Each input is
/// applied to a copy of the state and the queue drained, with no Dispatch
/// and no rendering; states the engine cannot tell apart are merged. The
/// result is exact: a step or screen is listed if and only if some walk of
/// the live engine reaches it, and every walk it prints can be taken.
///
/// Exploration is bounded (``ExplorationLimits``): a state with more
/// screens or flows than the bound is not explored further and is
/// reported as unbounded growth, with the walk that grows.
///
/// - Complexity: O(states × inputs × transition cost).
public enum GraphExplorer {
    /// The screen/step graph of `flow`: ``exploreStates(_:with:app:limits:)``'s projection.
    public static func explore<F: Flow>(
        _ flow: F, with stepper: any Stepper<F.StepType>, app: String? = nil
    ) -> NavigationGraph {
        exploreStates(flow, with: stepper, app: app).projection
    }

    /// Every waiting state of `flow` driven by `stepper`, and the inputs
    /// between them.
    public static func exploreStates<F: Flow>(
        _ flow: F,
        with stepper: any Stepper<F.StepType>,
        app: String? = nil,
        limits: ExplorationLimits = .standard
    ) -> StateGraph {
        exploreStates(flow, with: stepper, app: app, limits: limits, describing: nil)
    }

    /// As ``exploreStates(_:with:app:limits:)``, recording for each state
    /// the facts `describe` reads off it (for rules about data).
    package static func exploreStates<F: Flow>(
        _ flow: F,
        with stepper: any Stepper<F.StepType>,
        app: String?,
        limits: ExplorationLimits,
        describing describe: ((EngineState) -> [String])?
    ) -> StateGraph {
        let explorer = StateExplorer(app: app ?? flow.name, limits: limits, describe: describe)
        return StepIdentity.withRenderingsRemembered {
            explorer.run { state, transaction in state.coordinate(flow, with: stepper, &transaction) }
        }
    }
}

/// The breadth-first search over engine states.
final class StateExplorer {
    private let limits: ExplorationLimits
    private let builder: ProjectionBuilder
    private var keys: [StateKey: Int] = [:]
    private let parts = StateKeyParts()
    /// States waiting to be expanded (dropped once expanded).
    private var pending: [EngineState?] = []
    private var states: [StateGraph.State] = []
    private var parent: [Int] = []
    private var transitions: [StateGraph.Transition] = []
    private var offsets: [Int] = [0]
    private var findings: [Finding] = []
    private var findingSet: Set<Finding> = []
    private var truncated = false
    /// States a bound kept from being explored.
    private var unexplored: Set<Int> = []
    /// States just found past the growth bound, to report.
    private var grown: [(state: Int, detail: String)] = []

    private let describe: ((EngineState) -> [String])?
    private var facts: [[String]] = []

    init(app: String, limits: ExplorationLimits, describe: ((EngineState) -> [String])?) {
        self.limits = limits
        self.describe = describe
        self.builder = ProjectionBuilder(app: app)
    }

    func run(start: (inout EngineState, inout Transaction) -> Void) -> StateGraph {
        var initial = EngineState()
        let (initialNodes, _) = transition(&initial, from: nil, start)
        _ = add(initial, depth: 0, via: -1)
        var head = 0
        while head < states.count {
            // A state a bound left unexplored has no transitions, but its
            // (empty) range is recorded all the same: ranges stay aligned.
            if let state = pending[head] {
                pending[head] = nil
                expand(state, index: head)
            }
            offsets.append(transitions.count)
            head += 1
        }
        findStuckStates()
        let projection = builder.finish(findings: findings)
        return StateGraph(
            app: builder.app, states: states, transitions: transitions, initialNodes: initialNodes,
            projection: projection, isTruncated: truncated, offsets: offsets, parent: parent, keys: keys, parts: parts,
            facts: facts
        )
    }

    /// The state's index, added if new (and queued for expansion).
    private func add(_ state: EngineState, depth: Int, via transition: Int) -> Int {
        let key = StateKey(state, parts: parts)
        if let known = keys[key] { return known }
        let index = states.count
        keys[key] = index
        let top = state.navigation.topScreen
        states.append(StateGraph.State(top: top?.qualifiedID, isEnded: state.navigation.roots.isEmpty, depth: depth))
        if let describe { facts.append(describe(state)) }
        parent.append(transition)
        let screens = state.navigation.flows.values.reduce(0) { $0 + $1.stack.count }
        if screens > limits.maxScreens || state.navigation.flows.count > limits.maxScreens {
            pending.append(nil)
            unexplored.insert(index)
            // Reported once the transition that reached it is recorded.
            grown.append(
                (
                    index,
                    "\(screens) screens and \(state.navigation.flows.count) flows are live after \(depth) inputs, more than the bound of \(limits.maxScreens): something is pushed or started inside a loop and never removed. In an app that is a leak. To fix, show the screen with .replace, pop before pushing again, or end the flow. The walk that grows: "
                ))
        } else if states.count > limits.maxStates {
            pending.append(nil)
            unexplored.insert(index)
            if !truncated {
                truncated = true
                report(
                    Finding(
                        .explorationLimit, "start",
                        "exploration stopped at \(limits.maxStates) states; later states are not listed."))
            }
        } else {
            pending.append(state)
        }
        return index
    }

    private func walkText(to state: Int) -> String {
        StateGraph.shortestWalk(to: state, parent: parent, transitions: transitions)
            .map { "\($0.input.screen ?? "start"): \($0.input)" }
            .joined(separator: "; ")
    }

    private func expand(_ state: EngineState, index: Int) {
        let top = state.navigation.topScreen
        // While a question is open the engine refuses a person's actions:
        // its answers are the inputs, beside what steppers emit.
        for question in state.openQuestions {
            for answer in question.answers {
                var next = state
                let input = StateGraph.Input(
                    screen: top?.qualifiedID,
                    kind: .answer(
                        source: question.id, sourceLabel: question.label, answer: answer.name, label: answer.label,
                        isQuestion: true))
                let (nodes, settled) = transition(&next, from: top) { state, transaction in
                    state.perform(answer.work, &transaction)
                }
                record(next, from: index, input: input, nodes: nodes, settled: settled)
            }
        }
        guard let top, state.openQuestions.isEmpty else {
            expandSteppers(state, index: index, top: top)
            return
        }
        for (position, action) in top.actions.enumerated() {
            var next = state
            let input = StateGraph.Input(
                screen: top.qualifiedID, kind: .choose(index: position, label: action.label, role: action.role))
            let (nodes, settled) = transition(&next, from: top) { state, transaction in
                state.select(action: position, on: top, &transaction)
            }
            record(next, from: index, input: input, nodes: nodes, settled: settled)
        }
        expandSteppers(state, index: index, top: top)
    }

    private func expandSteppers(_ state: EngineState, index: Int, top: PresentedScreen?) {
        for record in state.emittingAttachments {
            for emission in record.unit.emissionInputs(spent: record.spent) {
                var next = state
                let kind: StateGraph.Input.Kind
                if let outside = record.unit.outside, let answer = emission.answer {
                    kind = .answer(
                        source: outside.id, sourceLabel: outside.label, answer: answer.name, label: answer.label,
                        isQuestion: false)
                } else {
                    kind = .emit(stepper: record.unit.stepperName, step: emission.stepID, isTimer: record.unit.isTimer)
                }
                let input = StateGraph.Input(screen: top?.qualifiedID, kind: kind)
                let (nodes, settled) = transition(&next, from: top) { state, transaction in
                    state.perform(emission.work, &transaction)
                }
                self.record(next, from: index, input: input, nodes: nodes, settled: settled)
            }
        }
    }

    private func record(_ state: EngineState, from index: Int, input: StateGraph.Input, nodes: [Int], settled: Bool) {
        let target = add(state, depth: states[index].depth + 1, via: transitions.count)
        if !settled {
            report(
                Finding(
                    .neverSettles, input.screen ?? "start",
                    "\(input) causes more than \(limits.maxStepsPerInput) steps without waiting for anyone: a flow forwards or emits steps in a loop. To fix, end the loop. The walk: "
                        + walkText(to: index) + "; \(input)"))
        }
        transitions.append(StateGraph.Transition(from: index, to: target, input: input, nodes: nodes))
        for (state, detail) in grown {
            report(Finding(.unboundedGrowth, states[state].top ?? "start", detail + walkText(to: state)))
        }
        grown.removeAll()
    }

    /// Runs one input on `state` and drains the queue, as the coordinator
    /// would; returns the projection nodes it touched and whether it settled.
    private func transition(
        _ state: inout EngineState,
        from top: PresentedScreen?,
        _ input: (inout EngineState, inout Transaction) -> Void
    ) -> (nodes: [Int], settled: Bool) {
        var transaction = Transaction(observes: true, renders: false)
        input(&state, &transaction)
        var queue: [PendingWork] = []
        var head = 0
        var cursor = 0
        var events: [NavigationEvent] = []
        func absorb() {
            while cursor < transaction.effects.count {
                switch transaction.effects[cursor] {
                case .enqueue(let work): queue.append(work)
                case .deferred(let adaptation):
                    // A question stays open in the state: its answers are inputs.
                    if let work = adaptation.asIfUnchanged { queue.append(work) }
                case .event(let event): events.append(event)
                default: break
                }
                cursor += 1
            }
        }
        absorb()
        var settled = true
        while head < queue.count {
            if head >= limits.maxStepsPerInput {
                settled = false
                break
            }
            let work = queue[head]
            head += 1
            state.perform(work, &transaction)
            absorb()
        }
        let nodes = builder.project(events, from: top, to: state.navigation.topScreen, report: report)
        return (nodes, settled)
    }

    /// States with no input that have not ended (dead ends), and states
    /// from which no walk ends the app when some walk does (no way out):
    /// each reported once per screen on top, with the shortest walk.
    private func findStuckStates() {
        // A state a bound kept unexplored may well end: counted as ending.
        var reachesEnd = states.indices.map { states[$0].isEnded || unexplored.contains($0) }
        var incoming = [[Int]](repeating: [], count: states.count)
        for transition in transitions { incoming[transition.to].append(transition.from) }
        var stack = reachesEnd.indices.filter { reachesEnd[$0] }
        let anyEnd = states.contains(where: \.isEnded)
        while let state = stack.popLast() {
            for previous in incoming[state] where !reachesEnd[previous] {
                reachesEnd[previous] = true
                stack.append(previous)
            }
        }
        var reported: Set<String> = []
        for (index, state) in states.enumerated() where !state.isEnded && !unexplored.contains(index) {
            if offsets[index] == offsets[index + 1] {
                let subject = state.top ?? "start"
                if reported.insert("dead:" + subject).inserted {
                    report(
                        Finding(
                            .deadEnd, subject,
                            "nothing can happen here: the screen offers no action and no stepper can emit. To fix, give it an action or end the flow. The walk: "
                                + walkText(to: index)))
                }
            } else if anyEnd && !reachesEnd[index] && !truncated {
                let subject = state.top ?? "start"
                if reported.insert("out:" + subject).inserted {
                    report(
                        Finding(
                            .noWayOut, subject,
                            "no walk from here ends the app: every way on loops or stops. To fix, give it a way to finish. The walk here: "
                                + walkText(to: index)))
                }
            }
        }
    }

    private func report(_ finding: Finding) {
        if findingSet.insert(finding).inserted { findings.append(finding) }
    }
}
