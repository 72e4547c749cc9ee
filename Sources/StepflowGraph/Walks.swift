import Stepflow

/// A walk a person can take on the live engine: the inputs, in order, and
/// the screens and steps they touch, up to a target node.
///
/// Every walk the tools print comes from the state graph, so it can be
/// replayed on a live coordinator input for input and reaches its target
/// through the same steps.
public struct Walk: Hashable, Sendable {
    /// The inputs, in order; their count is the walk's depth.
    package let inputs: [StateGraph.Input]
    /// The projection's nodes touched, from the start to the target.
    package let nodes: [NavigationGraph.NodeID]
    /// The state the last input was given in (0 when there is none).
    package let lastState: Int

    /// The number of inputs.
    package var depth: Int { inputs.count }
}

extension StateGraph {
    /// The walk that ends with `transitions` (from the start, in order),
    /// cut at the first touch of `target` in the last one.
    func walk(through transitions: [Transition], to target: NavigationGraph.NodeID) -> Walk {
        var nodes = initialNodes
        for (position, transition) in transitions.enumerated() {
            var touched = transition.nodes[...]
            if position == transitions.count - 1, let cut = touched.firstIndex(of: target) {
                touched = touched[...cut]
            }
            for node in touched where nodes.last != node { nodes.append(node) }
        }
        if transitions.isEmpty, let cut = nodes.firstIndex(of: target) { nodes = Array(nodes[...cut]) }
        return Walk(inputs: transitions.map(\.input), nodes: nodes, lastState: transitions.last?.from ?? 0)
    }

    /// A shortest walk into `state`, whole: every node its inputs touched.
    package func walk(toState state: Int) -> Walk {
        let transitions = shortestWalk(to: state)
        var nodes = initialNodes
        for node in transitions.flatMap(\.nodes) where nodes.last != node { nodes.append(node) }
        return Walk(inputs: transitions.map(\.input), nodes: nodes, lastState: transitions.last?.from ?? 0)
    }

    /// For each projection node, a shortest walk that touches it (fewest
    /// inputs; among those, the first found breadth first); `nil` for a node
    /// no walk touches.
    ///
    /// - Complexity: O(transitions × nodes touched + nodes × depth).
    package func shortestWalks() -> [Walk?] {
        var result = [Walk?](repeating: nil, count: projection.nodes.count)
        for node in initialNodes where result[node] == nil {
            result[node] = walk(through: [], to: node)
        }
        // States are numbered breadth first and transitions grouped by
        // source, so this visits them by the depth of their source.
        for transition in transitions {
            for node in transition.nodes where result[node] == nil {
                result[node] = walk(through: shortestWalk(to: transition.from) + [transition], to: node)
            }
        }
        return result
    }

    /// Whether each projection node is touched by some walk: which of
    /// ``shortestWalks()`` are not `nil`, without making the walks.
    ///
    /// - Complexity: O(transitions × nodes touched).
    package func touchedNodes() -> [Bool] {
        var touched = [Bool](repeating: false, count: projection.nodes.count)
        for node in initialNodes { touched[node] = true }
        for position in transitions.indices {
            for node in transitions[position].nodes { touched[node] = true }
        }
        return touched
    }

    /// ``shortestWalks()``'s walk to `target` alone: the first transition,
    /// breadth first, that touches it, after the shortest walk into its
    /// source; `nil` when no walk touches it.
    ///
    /// - Complexity: O(transitions × nodes touched + depth).
    package func shortestWalk(touching target: NavigationGraph.NodeID) -> Walk? {
        if initialNodes.contains(target) { return walk(through: [], to: target) }
        for transition in transitions where transition.nodes.contains(target) {
            return walk(through: shortestWalk(to: transition.from) + [transition], to: target)
        }
        return nil
    }

    /// Walks that touch `target`, shortest first, each visiting no state
    /// twice and each distinct in the screens and steps it touches; at most
    /// `limit`, giving up after `budget` transitions looked at. A reachable
    /// target always has one: its shortest walk, found over the states
    /// before the budget is spent on others.
    ///
    /// - Complexity: O(states + transitions + budget × depth).
    package func walks(
        to target: NavigationGraph.NodeID, limit: Int, budget: Int = 200_000
    ) -> (walks: [Walk], isTruncated: Bool) {
        guard limit > 0 else { return ([], true) }
        if initialNodes.contains(target) { return ([walk(through: [], to: target)], false) }
        guard let shortest = shortestWalk(touching: target) else { return ([], false) }
        if limit == 1 { return ([shortest], true) }
        // Breadth first over walks: each entry is a state reached by a walk,
        // kept as its last transition and the entry before it. Walks come
        // shortest first, so the shortest stays first.
        var entries: [(state: Int, transition: Int, previous: Int)] = [(0, -1, -1)]
        var head = 0
        var found: [Walk] = [shortest]
        var seen: Set<[NavigationGraph.NodeID]> = [shortest.nodes]
        var looked = 0
        func chain(_ entry: Int) -> [Transition] {
            var result: [Transition] = []
            var current = entry
            while current >= 0, entries[current].transition >= 0 {
                result.append(transitions[entries[current].transition])
                current = entries[current].previous
            }
            return result.reversed()
        }
        func visits(_ entry: Int, _ state: Int) -> Bool {
            var current = entry
            while current >= 0 {
                if entries[current].state == state { return true }
                current = entries[current].previous
            }
            return false
        }
        while head < entries.count {
            let entry = head
            head += 1
            let state = entries[entry].state
            for position in Int(offsets[state])..<Int(offsets[state + 1]) {
                looked += 1
                if looked > budget { return (found, true) }
                let transition = transitions[position]
                if transition.nodes.contains(target) {
                    let walk = walk(through: chain(entry) + [transition], to: target)
                    if seen.insert(walk.nodes).inserted {
                        found.append(walk)
                        if found.count >= limit { return (found, true) }
                    }
                } else if !visits(entry, transition.to) {
                    entries.append((transition.to, position, entry))
                }
            }
        }
        return (found, false)
    }

    /// A shortest walk that touches `target` without touching `avoided`
    /// before it; `nil` when every walk to `target` passes through
    /// `avoided` first (or none reaches it).
    ///
    /// - Complexity: O(states + transitions × nodes touched).
    package func walk(to target: NavigationGraph.NodeID, avoiding avoided: NavigationGraph.NodeID) -> Walk? {
        func order<Nodes: Collection<NavigationGraph.NodeID>>(_ nodes: Nodes) -> (target: Int?, avoided: Int?)
        where Nodes.Index == Int {
            (nodes.firstIndex(of: target), nodes.firstIndex(of: avoided))
        }
        let start = order(initialNodes)
        if let reached = start.target, start.avoided.map({ reached < $0 }) ?? true {
            return walk(through: [], to: target)
        }
        if start.avoided != nil { return nil }
        var via = [Int](repeating: -2, count: states.count)  // -2: not reached
        via[0] = -1
        var queue = [0]
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            for position in Int(offsets[state])..<Int(offsets[state + 1]) {
                let transition = transitions[position]
                let (reached, passed) = order(transition.nodes)
                if let reached, passed.map({ reached < $0 }) ?? true {
                    var chain = [transition]
                    var current = state
                    while via[current] >= 0 {
                        chain.append(transitions[via[current]])
                        current = transitions[via[current]].from
                    }
                    return walk(through: chain.reversed(), to: target)
                }
                if passed == nil, via[transition.to] == -2 {
                    via[transition.to] = position
                    queue.append(transition.to)
                }
            }
        }
        return nil
    }

    /// A shortest walk that touches `target` without touching `avoided`
    /// before it since the app last started: a walk may pass `avoided`,
    /// end the app and open it again (relaunch, with what its device
    /// kept), and the new launch must pass it again. What a rule that
    /// every path to `target` passes through `avoided` means, each launch
    /// being a walk of its own. `nil` when there is none.
    ///
    /// - Complexity: O(states + transitions × nodes touched).
    package func walk(to target: NavigationGraph.NodeID, avoidingInItsLaunch avoided: NavigationGraph.NodeID) -> Walk? {
        func order<Nodes: Collection<NavigationGraph.NodeID>>(_ nodes: Nodes) -> (target: Int?, avoided: Int?)
        where Nodes.Index == Int {
            (nodes.firstIndex(of: target), nodes.firstIndex(of: avoided))
        }
        let start = order(initialNodes)
        if let reached = start.target, start.avoided.map({ reached < $0 }) ?? true {
            return walk(through: [], to: target)
        }
        // Breadth first over (state, passed): whether this launch of the app
        // has passed `avoided` yet. A walk that passed it may still end the
        // app and open it again (relaunch): the new launch must pass it too.
        let passedAtStart = start.avoided != nil
        var via = [Int](repeating: -2, count: states.count * 2)  // -2: not reached
        var from = [Int](repeating: -1, count: states.count * 2)
        func slot(_ state: Int, _ passed: Bool) -> Int { state * 2 + (passed ? 1 : 0) }
        via[slot(0, passedAtStart)] = -1
        var queue = [(0, passedAtStart)]
        var head = 0
        while head < queue.count {
            let (state, passed) = queue[head]
            head += 1
            for position in Int(offsets[state])..<Int(offsets[state + 1]) {
                let transition = transitions[position]
                let fresh = isRelaunch(position)
                let (reached, passing) = order(transition.nodes)
                let alreadyPassed = passed && !fresh
                if let reached, !alreadyPassed, passing.map({ reached < $0 }) ?? true {
                    var chain = [transition]
                    var current = slot(state, passed)
                    while via[current] >= 0 {
                        chain.append(transitions[via[current]])
                        current = from[current]
                    }
                    return walk(through: chain.reversed(), to: target)
                }
                let next = slot(transition.to, alreadyPassed || passing != nil)
                if via[next] == -2 {
                    via[next] = position
                    from[next] = slot(state, passed)
                    queue.append((transition.to, alreadyPassed || passing != nil))
                }
            }
        }
        return nil
    }
}
