import Dispatch
import Stepflow
import StepflowGraph

extension LiveGraphWalk {
    /// A tree transition to take, from a snapshot of its source state.
    typealias Branch = (position: Int, snapshot: VariantSession.Snapshot)

    /// Walks every state once along the shortest-walk tree, each reached
    /// live, and returns what `state` read off each, by state.
    ///
    /// A state's session goes on down to its first child in the tree (no
    /// fork), and each other child's transition is given to a fork of the
    /// state's snapshot. So a graph of `s` states costs `s - 1` live inputs
    /// and fewer than `s` restores, whatever its transitions; what the
    /// transitions off the tree do is the explorer's (the same engine,
    /// pure), and ``run(start:fresh:give:lost:state:transition:)`` gives
    /// each of them live. With `workers` above 1 the subtrees are walked
    /// on that many threads at once, each on sessions of its own: the
    /// closures are then called from several threads and must be safe to.
    ///
    /// - Parameters:
    ///   - start: A fresh session of the variant, in the graph's first state.
    ///   - workers: How many threads walk subtrees at once.
    ///   - fresh: Makes another fresh session (to replay from the start).
    ///   - give: Gives transition `position` of the graph to a session in
    ///     its source state.
    ///   - lost: The error to throw when a session is not in the state the
    ///     graph says (`expected`).
    ///   - state: Called once per state with a session that has just
    ///     reached it live (the start, for the first state); it must leave
    ///     the session where it is.
    package mutating func runStates<Result, Failure: Error>(
        start: VariantSession,
        workers: Int = 1,
        fresh: @escaping () -> VariantSession,
        give: @escaping (_ position: Int, _ session: VariantSession) throws(Failure) -> Void,
        lost: @escaping (_ expected: Int, _ session: VariantSession) -> Failure,
        state: @escaping (_ state: Int, _ session: VariantSession) throws(Failure) -> Result
    ) throws(Failure) -> [Result] {
        guard !graph.states.isEmpty else { return [] }
        let progress = WorkProgress.start("replaying live", unit: "states", total: graph.states.count)
        defer { WorkProgress.finish(progress) }
        guard start.stateIndex == 0 else { throw lost(0, start) }
        var results = [Result?](repeating: nil, count: graph.states.count)
        if workers <= 1 {
            var branches: [Branch] = []
            var top: (state: Int, session: VariantSession)? = (0, start)
            while let (reached, session) = top {
                try walkChain(at: reached, session, progress: progress, give: give, lost: lost) {
                    branches += $0.reversed()
                } read: { (reached, session) throws(Failure) in
                    results[reached] = try state(reached, session)
                }
                top = try branches.popLast().map { branch throws(Failure) in
                    try take(branch, model: start, fresh: fresh, give: give, lost: lost)
                }
            }
            return results.map { $0! }  // every state is on the tree
        }
        // The workers share one pool of branches: each goes down a chain
        // live and leaves the other children in the pool, so none waits
        // while another has work. The first chain is the start's.
        let pool = Locked((branches: [Branch](), busy: 1, failure: Failure?.none))
        let arrived = DispatchSemaphore(value: 0)
        let found = Locked([(state: Int, result: Result)]())
        let counts = Locked((restores: restores, replayed: replayedFromStart))
        // The closures and the model session are shared by the workers, as
        // the caller was told: each worker makes sessions of its own, and
        // reads the model's settings only (what a fork copies).
        let shares = Shared(model: start, fresh: fresh, give: give, lost: lost, state: state)
        let graph = self.graph
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let start = shares.model
            let give = shares.give
            let lost = shares.lost
            let state = shares.state
            var walk = LiveGraphWalk(graph: graph)
            var local: [(state: Int, result: Result)] = []
            var top: (state: Int, session: VariantSession)? = worker == 0 ? (0, start) : nil
            while true {
                do throws(Failure) {
                    if let (reached, session) = top {
                        top = nil
                        try walk.walkChain(at: reached, session, progress: progress, give: give, lost: lost) {
                            branches in
                            pool.withLock { $0.branches += branches.reversed() }
                            for _ in branches { arrived.signal() }
                        } read: { (reached, session) throws(Failure) in
                            local.append((reached, try state(reached, session)))
                        }
                        pool.withLock { $0.busy -= 1 }
                    }
                } catch {
                    pool.withLock { pool in
                        pool.busy -= 1
                        if pool.failure == nil { pool.failure = error }
                    }
                }
                // The next branch, or the end: none left and nobody going on.
                let next = pool.withLock { pool -> (branch: Branch?, done: Bool) in
                    if pool.failure != nil { return (nil, true) }
                    guard let branch = pool.branches.popLast() else { return (nil, pool.busy == 0) }
                    pool.busy += 1
                    return (branch, false)
                }
                if next.done { break }
                guard let branch = next.branch else {
                    _ = arrived.wait(timeout: .now() + .milliseconds(1))
                    continue
                }
                do throws(Failure) {
                    top = try walk.take(branch, model: start, fresh: shares.fresh, give: give, lost: lost)
                } catch {
                    pool.withLock { pool in
                        pool.busy -= 1
                        if pool.failure == nil { pool.failure = error }
                    }
                }
            }
            found.withLock { $0 += local }
            counts.withLock {
                $0.restores += walk.restores
                $0.replayed += walk.replayedFromStart
            }
        }
        if let error = pool.withLock({ $0.failure }) { throw error }
        (restores, replayedFromStart) = counts.withLock { $0 }
        for (reached, result) in found.withLock({ $0 }) { results[reached] = result }
        return results.map { $0! }  // every state is on the tree
    }

    /// What the workers of one walk share: the caller's closures, which
    /// it was told must be safe to call from several threads, and the
    /// model session, read only.
    private struct Shared<Result, Failure: Error>: @unchecked Sendable {
        let model: VariantSession
        let fresh: () -> VariantSession
        let give: (_ position: Int, _ session: VariantSession) throws(Failure) -> Void
        let lost: (_ expected: Int, _ session: VariantSession) -> Failure
        let state: (_ state: Int, _ session: VariantSession) throws(Failure) -> Result
    }

    /// The tree's transitions out of `state`.
    private func children(of state: Int) -> [Int] {
        graph.positions(from: state).filter { graph.parent[graph.transitions.target(of: $0)] == Int32($0) }
    }

    /// The state `branch` leads to, and a session just taken there live.
    private mutating func take<Failure: Error>(
        _ branch: Branch, model: VariantSession, fresh: () -> VariantSession,
        give: (_ position: Int, _ session: VariantSession) throws(Failure) -> Void,
        lost: (_ expected: Int, _ session: VariantSession) -> Failure
    ) throws(Failure) -> (Int, VariantSession) {
        let from = graph.transitions.source(of: branch.position)
        let session = try fork(branch.snapshot, at: from, of: model, fresh: fresh, give: give, lost: lost)
        try give(branch.position, session)
        let to = graph.transitions.target(of: branch.position)
        guard session.stateIndex == to else { throw lost(to, session) }
        return (to, session)
    }

    /// Reads the states down the tree from `state` (its live `session`
    /// in it), going on live to each state's first child until a leaf;
    /// each state's other children go to `spill`, from its snapshot.
    private func walkChain<Failure: Error>(
        at state: Int, _ session: VariantSession, progress: WorkProgress.Token?,
        give: (_ position: Int, _ session: VariantSession) throws(Failure) -> Void,
        lost: (_ expected: Int, _ session: VariantSession) -> Failure,
        spill: ([Branch]) -> Void,
        read: (_ state: Int, _ session: VariantSession) throws(Failure) -> Void
    ) throws(Failure) {
        var at = state
        while true {
            try read(at, session)
            WorkProgress.advance(progress)
            let next = children(of: at)
            guard let first = next.first else { return }
            if next.count > 1 {
                let snapshot = session.snapshot
                spill(next.dropFirst().map { Branch($0, snapshot) })
            }
            try give(first, session)
            at = graph.transitions.target(of: first)
            guard session.stateIndex == at else { throw lost(at, session) }
        }
    }
}
