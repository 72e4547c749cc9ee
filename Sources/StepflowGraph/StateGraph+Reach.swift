extension StateGraph {
    /// Which states some walk leads from to a node `target` holds: a state
    /// whose own screen is one, or from which an input touches one, and
    /// every state with a walk to those. (An ended app reaches nothing.) A
    /// link opened from outside is no way on: the person cannot make it
    /// come, as for ``Finding/Kind/noWayOut``.
    ///
    /// - Complexity: O(states + transitions × nodes touched).
    package func statesReaching(_ target: [Bool]) -> [Bool] {
        var reaching = [Bool](repeating: false, count: states.count)
        // Each state's incoming transitions' sources, in one array (counting
        // sort by target): the walk goes backwards from what reaches.
        var starts = [Int32](repeating: 0, count: states.count + 1)
        let byPerson = transitions.indices.map { !transitions.isLink(at: $0) }
        for position in transitions.indices where byPerson[position] {
            starts[transitions.target(of: position) + 1] += 1
        }
        for state in states.indices { starts[state + 1] += starts[state] }
        var sources = [Int32](repeating: 0, count: transitions.count)
        var filled = starts
        var queue: [Int] = []
        for position in transitions.indices where byPerson[position] {
            let (from, to) = (transitions.source(of: position), transitions.target(of: position))
            sources[Int(filled[to])] = Int32(from)
            filled[to] += 1
            if !reaching[from], transitions[position].nodes.contains(where: { target[$0] }) {
                reaching[from] = true
                queue.append(from)
            }
        }
        for state in states.indices where !reaching[state] && !states[state].isEnded {
            if let top = states[state].top, let node = projection.node(withID: top), target[node] {
                reaching[state] = true
                queue.append(state)
            }
        }
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            for source in sources[Int(starts[state])..<Int(starts[state + 1])] where !reaching[Int(source)] {
                reaching[Int(source)] = true
                queue.append(Int(source))
            }
        }
        return reaching
    }

    /// The state, fewest inputs first, that the app runs in, is `within`
    /// the scope and from which no walk reaches a node `target` holds,
    /// with its shortest walk and a sentence saying so; `nil` when every
    /// state in the scope can reach one.
    package func walk(
        stuckAwayFrom target: [Bool], named: String, within scope: (State) -> Bool
    ) -> (walk: Walk, detail: String)? {
        let reaching = statesReaching(target)
        // States are numbered breadth first: the first found has the
        // fewest inputs.
        guard let stuck = states.indices.first(where: { !reaching[$0] && !states[$0].isEnded && scope(states[$0]) })
        else { return nil }
        // What the person can still do from there: the states a walk
        // reaches (links aside), none of which reaches the target either.
        var seen: Set = [stuck]
        var queue = [stuck]
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            for position in Int(offsets[state])..<Int(offsets[state + 1]) where !transitions.isLink(at: position) {
                let next = transitions.target(of: position)
                if seen.insert(next).inserted { queue.append(next) }
            }
        }
        let screen = states[stuck].top.map { "on \($0)" } ?? "at the start"
        let others = seen.count - 1
        let detail =
            others == 0
            ? "From there (\(screen)) no input leads anywhere, so \(named) cannot be reached."
            : """
            From there (\(screen)) \(others) other state\(others == 1 ? " is" : "s are") reachable, and no walk from \
            any of them reaches \(named).
            """
        return (walk(toState: stuck), detail)
    }
}
