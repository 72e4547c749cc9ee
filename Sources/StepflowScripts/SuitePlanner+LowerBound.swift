import Stepflow
import StepflowGraph
import StepflowManifest

// The lower bound a suite is measured against: each goal once, plus
// the inputs no suite can avoid to reach what it must cover.
extension SuitePlanner {
    /// No set of walks from the start covers the goals not in
    /// `coveredAlready` in fewer inputs (see
    /// ``SuiteGenerator/lowerBound(_:)``).
    public func lowerBound(coveredAlready: [Bool]? = nil) -> Int {
        lowerBound(states, goals: goals, covered: coveredAlready ?? [Bool](repeating: false, count: goals.count))
    }

    func lowerBound(_ states: StateGraph, goals: Goals, covered: [Bool]) -> Int {
        switch target {
        case .transitions:
            var incoming = [Int](repeating: 0, count: states.states.count)
            var outgoing = [Int](repeating: 0, count: states.states.count)
            for (position, transition) in states.transitions.enumerated() where !covered[position] {
                incoming[transition.to] += 1
                outgoing[transition.from] += 1
            }
            // Each transition once; then every state but the start left
            // more often than entered needs that many more arrivals, each
            // brought from the start or from a state entered more often
            // than left, along a shortest way: the cheapest such transport
            // (a min-cost flow) is a bound no suite of walks from the start
            // can beat.
            var flow = 0
            var deficits: [(state: Int, amount: Int)] = []
            var surpluses: [(state: Int, amount: Int)] = []
            for state in states.states.indices {
                flow += incoming[state]
                guard state != 0 else { continue }
                if outgoing[state] > incoming[state] { deficits.append((state, outgoing[state] - incoming[state])) }
                if incoming[state] > outgoing[state], !states.positions(from: state).isEmpty {
                    surpluses.append((state, incoming[state] - outgoing[state]))
                }
            }
            flow += Self.transportCost(states, deficits: deficits, surpluses: surpluses)
            var endings = 0
            for (position, transition) in states.transitions.enumerated()
            where !covered[position] && states.positions(from: transition.to).isEmpty {
                endings += states.states[transition.from].depth + 1
            }
            return max(flow, endings)
        case .pairs:
            return covered.filter { !$0 }.count
        case .screens, .requirements:
            // Some script reaches each goal: at least as far as the
            // nearest transition that meets it.
            var nearest = [Int](repeating: Int.max, count: goals.count)
            for (position, transition) in states.transitions.enumerated() {
                for goal in goals.met[position] where !covered[goal] {
                    nearest[goal] = min(nearest[goal], states.states[transition.from].depth + 1)
                }
            }
            return nearest.filter { $0 != Int.max }.max() ?? 0
        }
    }

    /// The least total distance that brings `deficits` arrivals to their
    /// states from the start (without limit) or from `surpluses`: a
    /// transportation problem, solved by successive shortest paths.
    static func transportCost(
        _ states: StateGraph, deficits: [(state: Int, amount: Int)], surpluses: [(state: Int, amount: Int)]
    ) -> Int {
        guard !deficits.isEmpty else { return 0 }
        func distances(from origin: Int) -> [Int] {
            var distance = [Int](repeating: -1, count: states.states.count)
            distance[origin] = 0
            var queue = [origin]
            var head = 0
            while head < queue.count {
                let state = queue[head]
                head += 1
                for position in states.positions(from: state) {
                    let target = states.transitions.target(of: position)
                    guard distance[target] < 0 else { continue }
                    distance[target] = distance[state] + 1
                    queue.append(target)
                }
            }
            return distance
        }
        let sources = [(state: 0, amount: deficits.reduce(0) { $0 + $1.amount })] + surpluses
        // Nodes: 0 source hub, 1... sources, then sinks, then the sink hub.
        let sinkHub = 1 + sources.count + deficits.count
        var edges: [(to: Int, capacity: Int, cost: Int)] = []
        var adjacency = [[Int]](repeating: [], count: sinkHub + 1)
        func add(_ from: Int, _ to: Int, _ capacity: Int, _ cost: Int) {
            adjacency[from].append(edges.count)
            edges.append((to, capacity, cost))
            adjacency[to].append(edges.count)
            edges.append((from, 0, -cost))
        }
        for (index, source) in sources.enumerated() {
            add(0, 1 + index, source.amount, 0)
            let distance = distances(from: source.state)
            for (sink, deficit) in deficits.enumerated() where distance[deficit.state] >= 0 {
                add(1 + index, 1 + sources.count + sink, Int.max / 4, distance[deficit.state])
            }
        }
        for (sink, deficit) in deficits.enumerated() { add(1 + sources.count + sink, sinkHub, deficit.amount, 0) }
        var total = 0
        while true {
            // Bellman-Ford (SPFA) on the residual graph.
            var cost = [Int](repeating: Int.max, count: sinkHub + 1)
            var via = [Int](repeating: -1, count: sinkHub + 1)
            var inQueue = [Bool](repeating: false, count: sinkHub + 1)
            cost[0] = 0
            var queue = [0]
            inQueue[0] = true
            var head = 0
            while head < queue.count {
                let node = queue[head]
                head += 1
                inQueue[node] = false
                for edge in adjacency[node]
                where edges[edge].capacity > 0 && cost[node] + edges[edge].cost < cost[edges[edge].to] {
                    cost[edges[edge].to] = cost[node] + edges[edge].cost
                    via[edges[edge].to] = edge
                    if !inQueue[edges[edge].to] {
                        inQueue[edges[edge].to] = true
                        queue.append(edges[edge].to)
                    }
                }
            }
            guard cost[sinkHub] != Int.max else { break }
            var push = Int.max
            var node = sinkHub
            while node != 0 {
                push = min(push, edges[via[node]].capacity)
                node = edges[via[node] ^ 1].to
            }
            node = sinkHub
            while node != 0 {
                edges[via[node]].capacity -= push
                edges[via[node] ^ 1].capacity += push
                node = edges[via[node] ^ 1].to
            }
            total += push * cost[sinkHub]
        }
        return total
    }
}
