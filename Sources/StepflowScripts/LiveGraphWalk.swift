package import Stepflow
package import StepflowGraph

/// Every state and every transition of a variant's state graph, reached on
/// the live engine, each transition given live once.
///
/// The walk goes down the graph's shortest-walk tree: a state's session is
/// the live one that just took the tree's transition into it, and each
/// transition out of a state is given to a fork of it
/// (``VariantSession/init(forking:of:locale:states:names:)``: the engine restores the
/// state's save, replaying its inputs without rendering or hopping
/// threads). So a graph of `n` transitions costs `n` live inputs and `n`
/// restores, not one live replay of the shortest walk per state and per
/// transition. A fork that does not restore, or lands elsewhere, is
/// replaced by a session walked live from the start: the walk is never
/// less exact than the replay it shortens.
package struct LiveGraphWalk {
    /// The graph walked.
    package let graph: StateGraph
    /// How many forks were replaced by a walk from the start (tested: none
    /// on the bundled variants).
    package private(set) var replayedFromStart = 0
    /// How many sessions were forked from a snapshot (restored).
    package private(set) var restores = 0
    /// The step and screen names every fork's restore shares (the walk's
    /// own: dropped with it).
    package let names = StepNames()

    package init(graph: StateGraph) {
        self.graph = graph
    }

    /// Walks every state and transition reachable along the tree.
    ///
    /// - Parameters:
    ///   - start: A fresh session of the variant, in the graph's first state.
    ///   - fresh: Makes another fresh session (to replay from the start).
    ///   - give: Gives transition `position` of the graph to a session in
    ///     its source state.
    ///   - lost: The error to throw when a session is not in the state the
    ///     graph says (`expected`).
    ///   - state: Called once per state, in tree order, with a session that
    ///     has just reached it live (the start, for the first state).
    ///   - transition: Called once per transition with a session that has
    ///     just taken it and the steps the transition ran (its trace since
    ///     the fork).
    package mutating func run<Failure: Error>(
        start: VariantSession,
        fresh: () -> VariantSession,
        give: (_ position: Int, _ session: VariantSession) throws(Failure) -> Void,
        lost: (_ expected: Int, _ session: VariantSession) -> Failure,
        state: (_ state: Int, _ session: VariantSession) throws(Failure) -> Void,
        transition: (_ position: Int, _ session: VariantSession, _ steps: [String]) throws(Failure) -> Void
    ) throws(Failure) {
        guard !graph.states.isEmpty else { return }
        let progress = WorkProgress.start("replaying live", unit: "transitions", total: graph.transitions.count)
        defer { WorkProgress.finish(progress) }
        guard start.stateIndex == 0 else { throw lost(0, start) }
        try state(0, start)
        var pending: [(state: Int, snapshot: VariantSession.Snapshot)] = [(0, start.snapshot)]
        let model = start
        while let (from, snapshot) = pending.popLast() {
            for position in graph.positions(from: from) {
                let session = try fork(snapshot, at: from, of: model, fresh: fresh, give: give, lost: lost)
                let before = session.trace.count
                try give(position, session)
                let to = graph.transitions.target(of: position)
                guard session.stateIndex == to else { throw lost(to, session) }
                try transition(position, session, Array(session.trace.dropFirst(before)))
                WorkProgress.advance(progress)
                // The tree's transition into `to`: its session is the state's.
                if graph.parent[to] == Int32(position) {
                    try state(to, session)
                    pending.append((to, session.snapshot))
                }
            }
        }
    }

    /// Walks every state once along the shortest-walk tree, each reached
    /// live: a state's session goes on down to its first child in the tree
    /// (no fork), and each other child's transition is given to a fork of
    /// the state's snapshot. So a graph of `s` states costs `s - 1` live
    /// inputs and fewer than `s` restores, whatever its transitions; what
    /// the transitions off the tree do is the explorer's (the same engine,
    /// pure), and ``run(start:fresh:give:lost:state:transition:)`` gives
    /// each of them live.
    ///
    /// - Parameters:
    ///   - start: A fresh session of the variant, in the graph's first state.
    ///   - fresh: Makes another fresh session (to replay from the start).
    ///   - give: Gives transition `position` of the graph to a session in
    ///     its source state.
    ///   - lost: The error to throw when a session is not in the state the
    ///     graph says (`expected`).
    ///   - state: Called once per state with a session that has just
    ///     reached it live (the start, for the first state); it must leave
    ///     the session where it is.
    package mutating func runStates<Failure: Error>(
        start: VariantSession,
        fresh: () -> VariantSession,
        give: (_ position: Int, _ session: VariantSession) throws(Failure) -> Void,
        lost: (_ expected: Int, _ session: VariantSession) -> Failure,
        state: (_ state: Int, _ session: VariantSession) throws(Failure) -> Void
    ) throws(Failure) {
        guard !graph.states.isEmpty else { return }
        let progress = WorkProgress.start("replaying live", unit: "states", total: graph.states.count)
        defer { WorkProgress.finish(progress) }
        guard start.stateIndex == 0 else { throw lost(0, start) }
        // The tree's transitions out of each state wait here with the
        // snapshot of their source, to be given to a fork of it.
        var pending: [(position: Int, snapshot: VariantSession.Snapshot)] = []
        var current: (state: Int, session: VariantSession)? = (0, start)
        let model = start
        while true {
            if current == nil, let (position, snapshot) = pending.popLast() {
                let from = graph.transitions.source(of: position)
                let session = try fork(snapshot, at: from, of: model, fresh: fresh, give: give, lost: lost)
                try give(position, session)
                let to = graph.transitions.target(of: position)
                guard session.stateIndex == to else { throw lost(to, session) }
                current = (to, session)
            }
            guard let (at, session) = current else { break }
            current = nil
            try state(at, session)
            WorkProgress.advance(progress)
            let children = graph.positions(from: at).filter {
                graph.parent[graph.transitions.target(of: $0)] == Int32($0)
            }
            guard let first = children.first else { continue }
            if children.count > 1 {
                let snapshot = session.snapshot
                for position in children.dropFirst().reversed() { pending.append((position, snapshot)) }
            }
            try give(first, session)
            let to = graph.transitions.target(of: first)
            guard session.stateIndex == to else { throw lost(to, session) }
            current = (to, session)
        }
    }

    /// A session in state `at`, forked from `snapshot`, or walked live from
    /// the start when the fork does not restore there.
    private mutating func fork<Failure: Error>(
        _ snapshot: VariantSession.Snapshot, at state: Int, of model: VariantSession,
        fresh: () -> VariantSession,
        give: (_ position: Int, _ session: VariantSession) throws(Failure) -> Void,
        lost: (_ expected: Int, _ session: VariantSession) -> Failure
    ) throws(Failure) -> VariantSession {
        restores += 1
        if let forked = try? VariantSession(forking: snapshot, of: model, names: names), forked.stateIndex == state {
            return forked
        }
        replayedFromStart += 1
        let session = fresh()
        for position in graph.shortestWalkPositions(to: state) {
            guard session.stateIndex == graph.transitions.source(of: position) else {
                throw lost(graph.transitions.source(of: position), session)
            }
            try give(position, session)
        }
        guard session.stateIndex == state else { throw lost(state, session) }
        return session
    }
}
