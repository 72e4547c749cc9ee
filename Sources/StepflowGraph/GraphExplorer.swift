package import Stepflow

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
package enum GraphExplorer {
    /// The screen/step graph of `flow`: ``exploreStates(_:with:app:limits:)``'s projection.
    package static func explore<F: Flow>(
        _ flow: F, with stepper: any Stepper<F.StepType>, app: String? = nil
    ) -> NavigationGraph {
        exploreStates(flow, with: stepper, app: app).projection
    }

    /// Every waiting state of `flow` driven by `stepper`, and the inputs
    /// between them.
    package static func exploreStates<F: Flow>(
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
        describing describe: ((EngineState) -> StateFacts)?
    ) -> StateGraph {
        exploreStates(flow, with: stepper, app: app, limits: limits, opening: [], describing: describe)
    }

    /// As ``exploreStates(_:with:app:limits:)``, opening each of `links`
    /// from every live state, and recording the facts `describe` reads.
    package static func exploreStates<F: Flow>(
        _ flow: F,
        with stepper: any Stepper<F.StepType>,
        app: String?,
        limits: ExplorationLimits,
        opening links: [LinkDelivery],
        describing describe: ((EngineState) -> StateFacts)?
    ) -> StateGraph {
        func explore(composing: Bool) -> (StateGraph, SectionComposer?) {
            let start = { (state: inout EngineState, transaction: inout Transaction) in
                state.coordinate(flow, with: stepper, &transaction)
            }
            let explorer = StateExplorer(
                app: app ?? flow.name, limits: limits, links: links, composing: composing, describe: describe,
                relaunch: start)
            let graph = explorer.run(start: start)
            return (graph, explorer.composer)
        }
        var (graph, composer) = explore(composing: limits.composesSections)
        if let composer, let interaction = composer.interaction {
            // Sections that act on one another are explored whole; the
            // input that showed it is said as every tool says an input.
            (graph, _) = explore(composing: false)
            let input = StateGraph.Input(
                screen: interaction.top?.qualifiedID, kind: StateExplorer.kind(of: interaction.input))
            graph.composition = SectionComposition(
                composer, states: graph.states.count, interaction: interaction.words(input: "\(input)"))
        } else if let composer, !composer.slots.isEmpty {
            graph.composition = SectionComposition(composer, states: graph.states.count, interaction: nil)
        }
        return graph
    }
}

/// Builds the state graph from the engine's one explorer
/// (``StateSearch``): the states' summaries, the transitions' inputs and
/// projection nodes, and what is wrong on the way.
final class StateExplorer: StateSearchVisitor {
    private let limits: ExplorationLimits
    /// The phase this exploration counts its states in, if it is shown.
    private var progress: WorkProgress.Token?
    private let builder: ProjectionBuilder
    private let search: StateSearch
    // Unchecked exclusivity: one exploration runs on one thread.
    private let states = StateGraph.States()
    private let transitions = StateGraph.Transitions()
    private var initialNodes: [Int] = []
    private var findings: [Finding] = []
    private var findingSet: Set<Finding> = []
    private var truncated = false
    /// States a bound kept from being explored.
    private var unexplored: Set<Int> = []
    /// States just found past the growth bound, to report.
    private var grown: [(state: Int, detail: String)] = []

    private let describe: ((EngineState) -> StateFacts)?
    /// The search's composer of sections, when it composes them.
    var composer: SectionComposer? { search.composer }
    /// States with an input not taken because it would have left two
    /// sections away from their starts: counted as able to end.
    private var partial: Set<Int> = []
    private var facts: [StateFacts] = []
    /// What each input did to the record, by transition (none for most).
    private var recordEvents: [Int: [RecordEvent]] = [:]
    private var initialRecordEvents: [RecordEvent] = []
    private var recordReader = RecordEventReader()
    /// Each transition's trace, in order, when the limits ask for them.
    private var traces: [TransitionTrace] = []
    private let hasLinks: Bool
    private var links = LinkProof()
    /// Links a module declined without a reason: by address, the first
    /// state (breadth first: a shortest walk) and how many states.
    private var declinedLinks: [String: (first: Int, count: Int, by: String)] = [:]
    /// The number of `screen` among the transitions' screens (-1: none):
    /// each screen's qualified id is made once, and every state and
    /// transition on it shares the one string.
    private func screenNumber(of screen: PresentedScreen?) -> Int32 {
        screen.map { transitions.number($0) } ?? -1
    }

    init(
        app: String, limits: ExplorationLimits, links: [LinkDelivery], composing: Bool = false,
        describe: ((EngineState) -> StateFacts)?, relaunch: ((inout EngineState, inout Transaction) -> Void)? = nil
    ) {
        self.limits = limits
        self.describe = describe
        self.builder = ProjectionBuilder(app: app)
        self.search = StateSearch(
            maxStepsPerInput: limits.maxStepsPerInput, links: links, composingSections: composing,
            relaunch: relaunch)
        self.hasLinks = !links.isEmpty
        for link in links { self.links.count(link.address) { _ in } }
    }

    func run(start: (inout EngineState, inout Transaction) -> Void) -> StateGraph {
        progress = WorkProgress.start("exploring", unit: "states")
        defer { WorkProgress.finish(progress) }
        search.run(visitor: self, start: start)
        WorkProgress.advance(progress, by: states.count % 64)
        transitions.finish(states)
        // A composing search that met an interaction stopped half way: its
        // client explores the product instead, and this graph is let go.
        if search.composer?.interaction != nil {
            return StateGraph(
                app: builder.app, states: states, transitions: transitions, initialNodes: initialNodes,
                projection: builder.finish(findings: findings), isTruncated: true, offsets: search.offsets,
                parent: search.parent, keys: search.keys, parts: search.parts, facts: facts)
        }
        for tally in links.tallies {
            guard let (first, count, by) = declinedLinks[tally.address] else { continue }
            report(
                Finding(
                    .linkDeclined, tally.address,
                    """
                    \(by.isEmpty ? "no flow" : by) declines it without a reason in \(count) of the states it is \
                    opened in (its navigate returns .unhandled, or its adapt filters it), so a person who opens it \
                    there sees nothing happen. To fix, take the link in every state the module can be in, or route \
                    it to decline with a reason. The first walk: \(walkText(to: first)); link \(tally.address)
                    """))
        }
        findStuckStates()
        let projection = builder.finish(findings: findings)
        var graph = StateGraph(
            app: builder.app, states: states, transitions: transitions, initialNodes: initialNodes,
            projection: projection, isTruncated: truncated, offsets: search.offsets, parent: search.parent,
            keys: search.keys, parts: search.parts, facts: facts, assumptions: search.assumptions.sorted()
        )
        graph.recordEvents = recordEvents
        graph.traces = traces
        graph.initialRecordEvents = initialRecordEvents
        if hasLinks {
            links.liveStates = states.indices.count { !states.isEnded($0) && !unexplored.contains($0) }
            graph.links = links
        }
        graph.classEdgesTried = search.classEdgesTried
        return graph
    }

    func started(_ state: EngineState, events: [NavigationEvent]) {
        initialRecordEvents = recordReader.read(events)
        initialNodes = builder.project(
            events, from: nil, to: state.navigation.topScreen, hidden: state.navigation.isHidden, report: report)
    }

    func discovered(_ state: EngineState, index: Int, depth: Int) -> Bool {
        if index & 63 == 63 { WorkProgress.advance(progress, by: 64) }
        let top = state.navigation.topScreen
        let screen = screenNumber(of: top)
        transitions.addState(screen: screen)
        states.append(screen: screen, isEnded: state.navigation.roots.isEmpty, depth: depth)
        if let describe { facts.append(describe(state)) }
        let screens = state.navigation.flows.values.reduce(0) { $0 + $1.stack.count }
        if screens > limits.maxScreens || state.navigation.flows.count > limits.maxScreens {
            unexplored.insert(index)
            // Reported once the transition that reached it is recorded.
            grown.append(
                (
                    index,
                    "\(screens) screens and \(state.navigation.flows.count) flows are live after \(depth) inputs, "
                        + "more than the bound of \(limits.maxScreens): something is pushed or started inside a loop "
                        + "and never removed. In an app that is a leak. To fix, show the screen with .replace, pop "
                        + "before pushing again, or end the flow. The walk that grows: "
                ))
            return false
        }
        if states.count > limits.maxStates {
            unexplored.insert(index)
            if !truncated {
                truncated = true
                report(
                    Finding(
                        .explorationLimit, "start",
                        "exploration stopped at \(limits.maxStates) states; later states are not listed."))
            }
            return false
        }
        return true
    }

    func took(
        _ input: SearchInput, from index: Int, to target: Int, top: PresentedScreen?, reached: EngineState,
        events: [NavigationEvent], settled: Bool
    ) {
        let nodes = builder.project(
            events, from: top, to: reached.navigation.topScreen, hidden: reached.navigation.isHidden, report: report)
        let kind = Self.kind(of: input)
        if !settled {
            let input = StateGraph.Input(screen: transitions.top(ofState: index), kind: kind)
            report(
                Finding(
                    .neverSettles, input.screen ?? "start",
                    "\(input) causes more than \(limits.maxStepsPerInput) steps without waiting for anyone: a flow "
                        + "forwards or emits steps in a loop. To fix, end the loop. The walk: "
                        + walkText(to: index) + "; \(input)"))
        }
        let recorded = recordReader.read(events)
        if !recorded.isEmpty { recordEvents[transitions.count] = recorded }
        if limits.recordsTraces {
            traces.append(TraceReader(reading: events).asTransition)
        }
        transitions.append(from: index, to: target, kind: kind, nodes: nodes)
        if case .link(let link) = input { countLink(link, from: index, reached: reached, events: events) }
        for (state, detail) in grown {
            report(Finding(.unboundedGrowth, transitions.top(ofState: state) ?? "start", detail + walkText(to: state)))
        }
        grown.removeAll()
    }

    func skipped(from index: Int) { partial.insert(index) }

    static func kind(of input: SearchInput) -> StateGraph.Input.Kind {
        switch input {
        case .answer(let question, let answer):
            .answer(
                source: question.id, sourceLabel: question.label, answer: answer.name, label: answer.label,
                isQuestion: true)
        case .choose(let position, let action, let entries):
            action.submits.isEmpty
                ? .choose(index: position, label: action.label, role: action.role)
                : .submit(index: position, label: action.label, role: action.role, entries: entries)
        case .emit(let unit, let emission):
            if let outside = unit.outside, let answer = emission.answer {
                .answer(
                    source: outside.id, sourceLabel: outside.label, answer: answer.name, label: answer.label,
                    isQuestion: false)
            } else {
                .emit(stepper: unit.stepperName, step: emission.stepID, isTimer: unit.isTimer)
            }
        case .link(let link):
            .link(address: link.address)
        case .select(let owner, let section):
            .select(section: section.name, label: section.label, flow: owner.name)
        case .relaunch:
            .relaunch
        }
    }

    /// Counts how opening `link` in state `index` ended, from the event it
    /// caused; a module that declined it without a reason is a finding.
    private func countLink(_ link: LinkDelivery, from index: Int, reached: EngineState, events: [NavigationEvent]) {
        let outcome = events.lazy.compactMap { event -> LinkOutcome? in
            if case .link(let address, let outcome) = event, address == link.address { return outcome }
            return nil
        }.first
        let top = reached.navigation.topScreen?.qualifiedID ?? "the end"
        switch outcome {
        case .delivered(let result), .restarted(let result):
            if result.isHandled {
                links.count(link.address) { $0.landed[top, default: 0] += 1 }
            } else {
                links.count(link.address) { $0.declinedByModule += 1 }
                let by = result.declinedBy.map(\.name).joined(separator: ", ")
                declinedLinks[link.address, default: (index, 0, by)].count += 1
            }
        case .held: links.count(link.address) { $0.held += 1 }
        case .declined(let reason): links.count(link.address) { $0.declined[reason, default: 0] += 1 }
        case .endedWhileHeld, nil: links.count(link.address) { $0.asked += 1 }
        }
    }

    func walkText(to state: Int) -> String {
        StateGraph.shortestWalk(to: state, parent: search.parent, transitions: transitions)
            .map { "\($0.input.screen ?? "start"): \($0.input)" }
            .joined(separator: "; ")
    }

    /// States with no input that have not ended (dead ends), and states
    /// from which no walk ends the app when some walk does (no way out):
    /// each reported once per screen on top, with the shortest walk.
    private func findStuckStates() {
        // A state a bound kept unexplored may well end: counted as ending.
        // So may one with an input not taken (composed sections): what it
        // would do is done from a state kept.
        var reachesEnd = states.indices.map {
            states.isEnded($0) || unexplored.contains($0) || partial.contains($0)
        }
        // Each state's incoming sources, packed: those of state s are
        // `sources[offsets[s]..<offsets[s + 1]]` (one array, not one a state).
        var offsets = [Int32](repeating: 0, count: states.count + 1)
        // A link comes from outside, not from the person: a state only a
        // link leaves is still stuck for the person in it.
        let byPerson = transitions.indices.map { !transitions.isLink(at: $0) }
        for position in transitions.indices where byPerson[position] {
            offsets[transitions.target(of: position) + 1] += 1
        }
        for state in states.indices { offsets[state + 1] += offsets[state] }
        var fill = offsets
        var sources = [Int32](repeating: 0, count: transitions.count)
        for position in transitions.indices where byPerson[position] {
            let target = transitions.target(of: position)
            sources[Int(fill[target])] = Int32(transitions.source(of: position))
            fill[target] += 1
        }
        fill = []
        var stack = reachesEnd.indices.filter { reachesEnd[$0] }
        let anyEnd = states.contains(where: \.isEnded)
        while let state = stack.popLast() {
            for position in Int(offsets[state])..<Int(offsets[state + 1]) {
                let previous = Int(sources[position])
                guard !reachesEnd[previous] else { continue }
                reachesEnd[previous] = true
                stack.append(previous)
            }
        }
        var reported: Set<String> = []
        for (index, state) in states.enumerated() where !state.isEnded && !unexplored.contains(index) {
            let inputs = Int(search.offsets[index])..<Int(search.offsets[index + 1])
            if !inputs.contains(where: { byPerson[$0] }) && !partial.contains(index) {
                let subject = state.top ?? "start"
                if reported.insert("dead:" + subject).inserted {
                    report(
                        Finding(
                            .deadEnd, subject,
                            "nothing can happen here: the screen offers no action and no stepper can emit. To fix, "
                                + "give it an action or end the flow. The walk: "
                                + walkText(to: index)))
                }
            } else if anyEnd && !reachesEnd[index] && !truncated {
                let subject = state.top ?? "start"
                if reported.insert("out:" + subject).inserted {
                    report(
                        Finding(
                            .noWayOut, subject,
                            "no walk from here ends the app: every way on loops or stops. To fix, give it a way to "
                                + "finish. The walk here: "
                                + walkText(to: index)))
                }
            }
        }
    }

    func report(_ finding: Finding) {
        if findingSet.insert(finding).inserted { findings.append(finding) }
    }
}
