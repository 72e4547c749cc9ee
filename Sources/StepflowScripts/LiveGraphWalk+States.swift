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
    /// fork); each other child's transition waits in a pool with a
    /// snapshot of the state. A session that reaches a leaf takes the
    /// waiting transition nearest to it: when the graph leads from the
    /// leaf to its source in a few inputs (a summary's Change and back),
    /// the session goes there live, each input checked against the graph;
    /// otherwise a fork restores the snapshot. So a graph of `s` states
    /// costs about `s` live inputs and at most `s - 1` restores, whatever
    /// its transitions; what the transitions off the tree do is the
    /// explorer's (the same engine, pure), and
    /// ``run(start:fresh:give:lost:state:transition:)`` gives each of them
    /// live. With `workers` above 1 the subtrees are walked on that many
    /// threads at once, each on sessions of its own: the closures are then
    /// called from several threads and must be safe to.
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
        // The workers share one pool of branches: each goes down a chain
        // live and leaves the other children in the pool, so none waits
        // while another has work. The first chain is the start's.
        let pool = Locked((branches: BranchPool(), busy: 1, failure: Failure?.none))
        let arrived = DispatchSemaphore(value: 0)
        let found = Locked([(state: Int, result: Result)]())
        let counts = Locked((restores: restores, replayed: replayedFromStart, moves: liveMoves))
        // The closures and the model session are shared by the workers, as
        // the caller was told: each worker makes sessions of its own, and
        // reads the model's settings only (what a fork copies).
        let shares = Shared(model: start, fresh: fresh, give: give, lost: lost, state: state)
        let graph = self.graph
        let depths = graph.states.map(\.depth)
        let deepest = depths.max() ?? 0
        DispatchQueue.concurrentPerform(iterations: max(1, workers)) { worker in
            let give = shares.give
            let lost = shares.lost
            let state = shares.state
            var walk = LiveGraphWalk(graph: graph)
            var local: [(state: Int, result: Result)] = []
            var top: (state: Int, session: VariantSession)? = worker == 0 ? (0, shares.model) : nil
            while true {
                // Down a chain to its leaf, then to the nearest branch.
                var next: (branch: Branch?, move: [Int], session: VariantSession?, done: Bool)
                do throws(Failure) {
                    if let (reached, session) = top {
                        top = nil
                        let leaf = try walk.walkChain(at: reached, session, progress: progress, give: give, lost: lost)
                        {
                            from, branches in
                            pool.withLock { $0.branches.add(branches, at: from) }
                            for _ in branches { arrived.signal() }
                        } read: { (reached, session) throws(Failure) in
                            local.append((reached, try state(reached, session)))
                        }
                        let near = walk.near(leaf, depths: depths, deepest: deepest)
                        next = pool.withLock { pool in
                            pool.busy -= 1
                            return Self.next(from: &pool, near: near, session: session)
                        }
                    } else {
                        next = pool.withLock { Self.next(from: &$0, near: [], session: nil) }
                    }
                } catch {
                    pool.withLock { pool in
                        pool.busy -= 1
                        if pool.failure == nil { pool.failure = error }
                    }
                    next = (nil, [], nil, true)
                }
                if next.done { break }
                guard let branch = next.branch else {
                    _ = arrived.wait(timeout: .now() + .milliseconds(1))
                    continue
                }
                do throws(Failure) {
                    top = try walk.take(
                        branch, moving: next.session.map { ($0, next.move) }, model: shares.model,
                        fresh: shares.fresh, give: give, lost: lost)
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
                $0.moves += walk.liveMoves
            }
        }
        if let error = pool.withLock({ $0.failure }) { throw error }
        (restores, replayedFromStart, liveMoves) = counts.withLock { $0 }
        var results = [Result?](repeating: nil, count: graph.states.count)
        for (reached, result) in found.withLock({ $0 }) { results[reached] = result }
        return results.map { $0! }  // every state is on the tree
    }

    /// The branch a worker takes next, under the pool's lock: the first
    /// waiting at a state of `near` (with the moves there), else any
    /// (forked); `done` when none is left and nobody is going on.
    private static func next<Failure>(
        from pool: inout (branches: BranchPool, busy: Int, failure: Failure?), near: [(state: Int, moves: [Int])],
        session: VariantSession?
    ) -> (branch: Branch?, move: [Int], session: VariantSession?, done: Bool) {
        if pool.failure != nil { return (nil, [], nil, true) }
        for (state, moves) in near {
            if let branch = pool.branches.take(at: state) {
                pool.busy += 1
                return (branch, moves, session, false)
            }
        }
        guard let branch = pool.branches.takeLast() else { return (nil, [], nil, pool.busy == 0) }
        pool.busy += 1
        return (branch, [], nil, false)
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

    /// The states a live session in `state` reaches in fewer inputs than a
    /// fork would replay to them, nearest first, each with the graph's
    /// transitions there: a breadth-first search of at most
    /// ``nearSearchBudget`` states. A live input costs about as much as
    /// ``liveInputCost`` replayed ones (it renders and hops threads);
    /// `deepest` is the largest of `depths`.
    func near(_ state: Int, depths: [Int], deepest: Int) -> [(state: Int, moves: [Int])] {
        // Each state found: the transition into it (-1: the start) and
        // how many inputs it is away.
        var reached: [Int: (position: Int, steps: Int)] = [state: (-1, 0)]
        var queue = [state]
        var head = 0
        var near: [(state: Int, moves: [Int])] = []
        while head < queue.count, reached.count < Self.nearSearchBudget {
            let at = queue[head]
            head += 1
            let steps = reached[at]!.steps  // queued states are reached
            if (steps + 1) * Self.liveInputCost < depths[at] + 1 {
                var moves: [Int] = []
                var back = at
                while let position = reached[back]?.position, position >= 0 {
                    moves.append(position)
                    back = graph.transitions.source(of: position)
                }
                near.append((at, moves.reversed()))
            }
            guard (steps + 2) * Self.liveInputCost < deepest + 1 else { continue }
            for position in graph.positions(from: at) {
                let target = graph.transitions.target(of: position)
                guard reached[target] == nil else { continue }
                reached[target] = (position, steps + 1)
                queue.append(target)
            }
        }
        return near
    }

    /// How many states a search for a branch near a leaf looks at.
    static var nearSearchBudget: Int { 256 }
    /// About how many replayed inputs one live input costs.
    static var liveInputCost: Int { 4 }

    /// The state `branch` leads to, and a session just taken there live:
    /// `moving`'s session moved live along its transitions to the branch's
    /// source, or a fork of the branch's snapshot.
    private mutating func take<Failure: Error>(
        _ branch: Branch, moving: (session: VariantSession, moves: [Int])?, model: VariantSession,
        fresh: () -> VariantSession,
        give: (_ position: Int, _ session: VariantSession) throws(Failure) -> Void,
        lost: (_ expected: Int, _ session: VariantSession) -> Failure
    ) throws(Failure) -> (Int, VariantSession) {
        let from = graph.transitions.source(of: branch.position)
        let session: VariantSession
        if let (moved, moves) = moving {
            for position in moves {
                try give(position, moved)
                let to = graph.transitions.target(of: position)
                guard moved.stateIndex == to else { throw lost(to, moved) }
            }
            guard moved.stateIndex == from else { throw lost(from, moved) }
            liveMoves += moves.count
            session = moved
        } else {
            session = try fork(branch.snapshot, at: from, of: model, fresh: fresh, give: give, lost: lost)
        }
        try give(branch.position, session)
        let to = graph.transitions.target(of: branch.position)
        guard session.stateIndex == to else { throw lost(to, session) }
        return (to, session)
    }

    /// Reads the states down the tree from `state` (its live `session`
    /// in it), going on live to each state's first child until a leaf,
    /// which it returns; each state's other children go to `spill`, from
    /// its snapshot.
    private func walkChain<Failure: Error>(
        at state: Int, _ session: VariantSession, progress: WorkProgress.Token?,
        give: (_ position: Int, _ session: VariantSession) throws(Failure) -> Void,
        lost: (_ expected: Int, _ session: VariantSession) -> Failure,
        spill: (_ from: Int, [Branch]) -> Void,
        read: (_ state: Int, _ session: VariantSession) throws(Failure) -> Void
    ) throws(Failure) -> Int {
        var at = state
        while true {
            try read(at, session)
            WorkProgress.advance(progress)
            let next = children(of: at)
            guard let first = next.first else { return at }
            if next.count > 1 {
                let snapshot = session.snapshot
                spill(at, next.dropFirst().map { Branch($0, snapshot) })
            }
            try give(first, session)
            at = graph.transitions.target(of: first)
            guard session.stateIndex == at else { throw lost(at, session) }
        }
    }
}

/// The tree transitions waiting for a worker, by source state: taken from
/// a given state (a live session near it) or the last left (a fork).
struct BranchPool {
    private var bySource: [Int: [LiveGraphWalk.Branch]] = [:]
    /// Sources in the order their branches were left (some since taken).
    private var order: [Int] = []

    /// Leaves `branches` out of `source`; the first is taken first.
    mutating func add(_ branches: [LiveGraphWalk.Branch], at source: Int) {
        guard !branches.isEmpty else { return }
        bySource[source, default: []] += branches.reversed()
        order.append(source)
    }

    /// A branch out of `source`, if one waits.
    mutating func take(at source: Int) -> LiveGraphWalk.Branch? {
        guard var waiting = bySource[source], let branch = waiting.popLast() else { return nil }
        bySource[source] = waiting.isEmpty ? nil : waiting
        return branch
    }

    /// A branch out of the source left last.
    mutating func takeLast() -> LiveGraphWalk.Branch? {
        while let source = order.last {
            if let branch = take(at: source) { return branch }
            order.removeLast()
        }
        return nil
    }
}
