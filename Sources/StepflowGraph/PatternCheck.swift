import StepflowManifest

/// The events of a walk a rule names: which projection nodes each name
/// stands for.
///
/// A name is a node's id (`result/review`, `result.show(positive, patient:
/// nil)`), a step without its values (`result.submitFailed`: every
/// `result.submitFailed(…)`, and a route's `app.result.done {…}` for
/// `app.result.done`), or every screen or step of an instance
/// (`result/*`, `result.*`).
struct EventSelector {
    /// For each node, whether the name stands for it.
    let matches: [Bool]

    init(_ name: String, in graph: NavigationGraph) {
        let screensOf = name.hasSuffix("/*") ? String(name.dropLast(2)) : nil
        let stepsOf = name.hasSuffix(".*") ? String(name.dropLast(2)) : nil
        matches = graph.nodes.map { node in
            if node.id == name { return true }
            if let screensOf { return node.kind == .screen && node.instance == screensOf }
            if let stepsOf { return node.kind == .step && node.instance == stepsOf }
            return node.kind == .step && (node.id.hasPrefix(name + "(") || node.id.hasPrefix(name + " {"))
        }
    }

    /// Any of `selectors`.
    init(anyOf selectors: [EventSelector]) {
        matches = selectors.dropFirst().reduce(selectors.first?.matches ?? []) { matches, selector in
            zip(matches, selector.matches).map { $0 || $1 }
        }
    }

    /// Whether the name stands for some node of the graph.
    var isKnown: Bool { matches.contains(true) }
}

/// A pattern's monitor, run along a walk event by event: the scope's
/// phase and the pattern's one bit of memory, or the verdict that the
/// walk broke it.
struct PatternMonitor {
    /// Where the walk is with respect to the scope.
    enum Phase: UInt8 {
        /// The scope has not opened (`after`, `between`), or opens again.
        case waiting = 0
        /// Inside the scope.
        case open = 1
        /// Past the scope for good (`before`, after its closing).
        case finished = 2
    }

    let pattern: PropertyPattern
    let first: EventSelector
    let second: EventSelector?
    let opening: EventSelector?
    let closing: EventSelector?
    /// For `always`: the kinds of node the pattern speaks of (screens, steps).
    let universalKinds: Set<NavigationGraph.NodeKind>
    let kinds: [NavigationGraph.NodeKind]
    /// For a pattern with `when`: for each state of the graph, whether
    /// the walk carries the values there; `nil`: always.
    let carrying: [Bool]?

    /// Whether a part of a walk counts only once its scope closes
    /// (`before`, `between`): a walk that never reaches the closing event
    /// is outside them.
    var needsClosing: Bool {
        switch pattern.scope {
        case .before, .between: true
        case .globally, .after, .afterUntil: false
        }
    }

    /// The monitor's state: a phase, a memory bit (seen `onlyAfter`'s event,
    /// owing `eventually`'s or `then`'s), a pending breach awaiting the
    /// scope's close, and whether the walk broke the pattern.
    struct State: Hashable {
        var phase: Phase
        var memory = false
        var pending = false
        var broken = false

        /// The state as a number below 16, for a table.
        var code: Int {
            Int(phase.rawValue) | (memory ? 4 : 0) | (pending ? 8 : 0)
        }
    }

    init(
        _ pattern: PropertyPattern, selectors: [String: EventSelector], graph: NavigationGraph, carrying: [Bool]? = nil
    ) {
        self.pattern = pattern
        self.carrying = carrying
        // Every name was checked to have a selector before a monitor is made.
        func selector(_ names: [String]) -> EventSelector { EventSelector(anyOf: names.map { selectors[$0]! }) }
        switch pattern.kind {
        case .absence(let event), .existence(let event), .universality(let event):
            first = selector(event)
            second = nil
        case .precedence(let event, let before):
            first = selector(event)
            second = selector(before)
        case .response(let trigger, let response):
            first = selector(trigger)
            second = selector(response)
        }
        switch pattern.scope {
        case .globally: (opening, closing) = (nil, nil)
        case .before(let event): (opening, closing) = (nil, selector(event))
        case .after(let event): (opening, closing) = (selector(event), nil)
        case .between(let open, let close), .afterUntil(let open, let close):
            (opening, closing) = (selector(open), selector(close))
        }
        kinds = graph.nodes.map(\.kind)
        universalKinds = Set(zip(first.matches, kinds).filter(\.0).map(\.1))
    }

    /// The state before the walk's first event.
    var initial: State {
        var state = State(phase: opening == nil ? .open : .waiting)
        if state.phase == .open { enter(&state) }
        return state
    }

    /// What a part of the scope starts with.
    private func enter(_ state: inout State) {
        state.pending = false
        if case .existence = pattern.kind { state.memory = true } else { state.memory = false }
    }

    /// The pattern's verdict when a part of the scope ends: whether it
    /// still owes an event or holds a breach.
    private func owes(_ state: State) -> Bool {
        if state.pending { return true }
        switch pattern.kind {
        case .existence, .response: return state.memory
        case .absence, .universality, .precedence: return false
        }
    }

    /// The walk touches `node`, carrying what `graphState` carries.
    func step(_ state: inout State, _ node: Int, in graphState: Int) {
        let counts = carrying?[graphState] ?? true
        guard !state.broken else { return }
        if state.phase == .open, let closing, closing.matches[node] {
            if owes(state) {
                state.broken = true
                return
            }
            state.phase = opening == nil ? .finished : .waiting
            state.memory = false
            state.pending = false
        }
        if state.phase == .waiting, let opening, opening.matches[node] {
            state.phase = .open
            enter(&state)
        }
        guard state.phase == .open else { return }
        func breach() {
            if needsClosing { state.pending = true } else { state.broken = true }
        }
        switch pattern.kind {
        case .absence:
            if counts, first.matches[node] { breach() }
        case .universality:
            if counts, universalKinds.contains(kinds[node]), !first.matches[node] { breach() }
        case .existence:
            if first.matches[node] { state.memory = false }
        case .precedence:
            // `onlyAfter`'s event on the same node as the event comes first.
            if let second, second.matches[node] { state.memory = true }
            if counts, first.matches[node], !state.memory { breach() }
        case .response:
            if counts, first.matches[node] { state.memory = true }
            if let second, second.matches[node] { state.memory = false }
        }
    }

    /// The app ended: a part of the scope that needs no closing is judged.
    func end(_ state: inout State) {
        guard !state.broken, state.phase == .open, !needsClosing else { return }
        if owes(state) { state.broken = true }
    }
}

extension StateGraph {
    /// A shortest walk that breaks `monitor`'s pattern: breadth first over
    /// the states paired with the monitor's; `nil` when no walk does.
    ///
    /// - Complexity: O((states + transitions × nodes touched) × 16).
    func walk(breaking monitor: PatternMonitor) -> Walk? {
        /// The walk along `positions`, up to `node` in the last (the node
        /// that broke the pattern; without one, the whole last input).
        func walk(along positions: [Int], to node: NavigationGraph.NodeID?) -> Walk {
            let taken = positions.map { transitions[$0] }
            return self.walk(through: taken, to: node ?? taken.last?.nodes.last ?? initialNodes[initialNodes.count - 1])
        }
        var start = monitor.initial
        for node in initialNodes {
            monitor.step(&start, node, in: 0)
            if start.broken { return walk(along: [], to: node) }
        }
        // Each pair (state, monitor) once; for each, the transition and the
        // pair it was reached from.
        let width = 16
        var via = [Int32](repeating: -2, count: states.count * width)  // -2: not reached
        var from = [Int32](repeating: -1, count: states.count * width)
        var queue: [(state: Int, monitor: PatternMonitor.State)] = [(0, start)]
        via[start.code] = -1
        var head = 0
        func chain(_ pair: Int) -> [Int] {
            var positions: [Int] = []
            var current = pair
            while via[current] >= 0 {
                positions.append(Int(via[current]))
                current = Int(from[current])
            }
            return positions.reversed()
        }
        while head < queue.count {
            let (state, current) = queue[head]
            head += 1
            let pair = state * width + current.code
            for position in positions(from: state) {
                // The app opened again is a walk of its own: the monitor
                // starts afresh (the last walk ended at its end).
                var next = isRelaunch(position) ? monitor.initial : current
                let touched = transitions[position].nodes
                let target = transitions.target(of: position)
                // The screen it was given on with what the walk carried
                // there; what it touched with what it carries after.
                for (index, node) in touched.enumerated() {
                    monitor.step(&next, node, in: index == 0 ? state : target)
                    if next.broken { return walk(along: chain(pair) + [position], to: node) }
                }
                if self.states[target].isEnded {
                    monitor.end(&next)
                    if next.broken { return walk(along: chain(pair) + [position], to: nil) }
                }
                let reached = target * width + next.code
                guard via[reached] == -2 else { continue }
                via[reached] = Int32(position)
                from[reached] = Int32(pair)
                queue.append((target, next))
            }
        }
        return nil
    }
}
