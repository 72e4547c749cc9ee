package import Stepflow
package import StepflowGraph

/// Every state and every transition of a variant's state graph, reached on
/// the live engine, each transition given live once
/// (``run(start:fresh:give:lost:state:transition:)``, the proof a test
/// makes), or every state reached live once (``runStates(start:workers:fresh:give:lost:state:)``,
/// what the prototype and the report read each screen off).
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
    package internal(set) var replayedFromStart = 0
    /// How many sessions were forked from a snapshot (restored).
    package internal(set) var restores = 0
    /// How many inputs sessions were given live to reach a branch near
    /// them instead of a fork (``runStates(start:workers:fresh:give:lost:state:)``).
    package internal(set) var liveMoves = 0
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

    /// A session in state `at`, forked from `snapshot`, or walked live from
    /// the start when the fork does not restore there.
    mutating func fork<Failure: Error>(
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
