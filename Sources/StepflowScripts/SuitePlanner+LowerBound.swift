import Stepflow
package import StepflowGraph
import StepflowManifest

// The lower bound a suite is measured against: each goal once, plus
// the inputs no suite can avoid to reach what it must cover.
extension SuitePlanner {
    /// No set of walks from the start covers the goals not in
    /// `coveredAlready` in fewer inputs (see
    /// ``SuiteGenerator/lowerBound(_:)``).
    package func lowerBound(coveredAlready: [Bool]? = nil) -> Int {
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
    /// states from the start (without limit) or from `surpluses`: an
    /// uncapacitated transshipment over the state graph itself (each
    /// transition a unit of distance), solved by the primal-dual method:
    /// each phase finds the distances of the residual graph from a hub
    /// feeding the start and the surpluses (a bucket queue: costs are
    /// small integers), then sends a blocking flow along the transitions
    /// whose reduced cost is 0. The cost of a shortest way grows every
    /// phase and never passes the deepest state's depth, so there are at
    /// most that many phases, each linear in the transitions.
    package static func transportCost(
        _ states: StateGraph, deficits: [(state: Int, amount: Int)], surpluses: [(state: Int, amount: Int)]
    ) -> Int {
        guard !deficits.isEmpty else { return 0 }
        var network = TransportNetwork(states, deficits: deficits, surpluses: surpluses)
        return network.minimumCost()
    }

    /// ``transportCost(_:deficits:surpluses:)`` solved as the
    /// transportation problem it is, between every source and every sink
    /// by successive shortest paths: quadratic and more, kept as the
    /// reference the faster solution is tested against.
    package static func transportCostBetweenPairs(
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

/// The residual network of ``SuitePlanner/transportCost(_:deficits:surpluses:)``:
/// the states, a source hub and a sink hub, edges in arrays (each edge
/// beside its reverse, `edge ^ 1`).
private struct TransportNetwork {
    private let source: Int
    private let sink: Int
    private var target: [Int32] = []
    private var capacity: [Int] = []
    private var cost: [Int32] = []
    /// Edges by node: `edges[first[node]..<first[node + 1]]`.
    private var first: [Int32] = []
    private var edges: [Int32] = []
    private var potential: [Int]
    private static let unlimited = Int.max / 4

    init(_ states: StateGraph, deficits: [(state: Int, amount: Int)], surpluses: [(state: Int, amount: Int)]) {
        let count = states.states.count
        source = count
        sink = count + 1
        potential = [Int](repeating: 0, count: count + 2)
        var from: [Int32] = []
        func add(_ tail: Int, _ head: Int, _ capacity: Int, _ cost: Int32) {
            from.append(Int32(tail))
            target.append(Int32(head))
            self.capacity.append(capacity)
            self.cost.append(cost)
            from.append(Int32(head))
            target.append(Int32(tail))
            self.capacity.append(0)
            self.cost.append(-cost)
        }
        add(source, 0, deficits.reduce(0) { $0 + $1.amount }, 0)
        for surplus in surpluses { add(source, surplus.state, surplus.amount, 0) }
        // One edge a pair of states: parallel transitions are one way.
        var seen = [Int32](repeating: -1, count: count)
        for state in 0..<count {
            for position in states.positions(from: state) {
                let next = states.transitions.target(of: position)
                guard next != state, seen[next] != Int32(state) else { continue }
                seen[next] = Int32(state)
                add(state, next, Self.unlimited, 1)
            }
        }
        for deficit in deficits { add(deficit.state, sink, deficit.amount, 0) }
        // Adjacency by tail, as offsets (a counting sort of the edges).
        first = [Int32](repeating: 0, count: count + 3)
        for tail in from { first[Int(tail) + 1] += 1 }
        for node in 0..<(count + 2) { first[node + 1] += first[node] }
        var fill = first
        edges = [Int32](repeating: 0, count: from.count)
        for (edge, tail) in from.enumerated() {
            edges[Int(fill[Int(tail)])] = Int32(edge)
            fill[Int(tail)] += 1
        }
    }

    private func reduced(_ edge: Int, from node: Int) -> Int {
        Int(cost[edge]) + potential[node] - potential[Int(target[edge])]
    }

    /// The distances from the source over residual edges by reduced cost
    /// (all at least 0), with a queue of buckets; `nil` when the sink is
    /// out of reach.
    private func distances() -> [Int]? {
        let count = potential.count
        var distance = [Int](repeating: Int.max, count: count)
        var buckets: [[Int32]] = [[Int32(source)]]
        distance[source] = 0
        var current = 0
        while current < buckets.count {
            while let node32 = buckets[current].popLast() {
                let node = Int(node32)
                guard distance[node] == current else { continue }
                for slot in Int(first[node])..<Int(first[node + 1]) {
                    let edge = Int(edges[slot])
                    guard capacity[edge] > 0 else { continue }
                    let next = Int(target[edge])
                    let candidate = current + reduced(edge, from: node)
                    guard candidate < distance[next] else { continue }
                    distance[next] = candidate
                    while buckets.count <= candidate { buckets.append([]) }
                    buckets[candidate].append(Int32(next))
                }
            }
            current += 1
        }
        return distance[sink] == Int.max ? nil : distance
    }

    mutating func minimumCost() -> Int {
        var total = 0
        let count = potential.count
        var level = [Int32](repeating: -1, count: count)
        var next = [Int32](repeating: 0, count: count)
        while let distance = distances() {
            // Reduced costs stay at least 0; shortest ways cost 0 now.
            let reach = distance[sink]
            for node in 0..<count { potential[node] += min(distance[node], reach) }
            let phaseCost = potential[sink] - potential[source]
            // A blocking flow over the edges of reduced cost 0 (Dinic):
            // levels by breadth first, then paths by depth first.
            while true {
                for node in 0..<count { level[node] = -1 }
                level[source] = 0
                var queue = [Int32(source)]
                var head = 0
                while head < queue.count {
                    let node = Int(queue[head])
                    head += 1
                    for slot in Int(first[node])..<Int(first[node + 1]) {
                        let edge = Int(edges[slot])
                        let to = Int(target[edge])
                        guard capacity[edge] > 0, level[to] < 0, reduced(edge, from: node) == 0 else { continue }
                        level[to] = level[node] + 1
                        queue.append(Int32(to))
                    }
                }
                guard level[sink] >= 0 else { break }
                for node in 0..<count { next[node] = first[node] }
                while true {
                    let pushed = augment(level: level, next: &next)
                    if pushed == 0 { break }
                    total += pushed * phaseCost
                }
            }
        }
        return total
    }

    /// Sends flow along one path of the level graph from the source to
    /// the sink (iteratively: a path can be as long as the graph is deep);
    /// what it sent, 0 when no path is left.
    private mutating func augment(level: [Int32], next: inout [Int32]) -> Int {
        var path: [Int] = []  // edges from the source
        var node = source
        while node != sink {
            var advanced = false
            while next[node] < first[node + 1] {
                let edge = Int(edges[Int(next[node])])
                let to = Int(target[edge])
                if capacity[edge] > 0, level[to] == level[node] + 1, reduced(edge, from: node) == 0 {
                    path.append(edge)
                    node = to
                    advanced = true
                    break
                }
                next[node] += 1
            }
            guard !advanced else { continue }
            // A dead end: retreat, and skip the edge that led here.
            guard let last = path.popLast() else { return 0 }
            node = Int(target[last ^ 1])
            next[node] += 1
        }
        let pushed = path.reduce(Int.max) { min($0, capacity[$1]) }
        for edge in path {
            capacity[edge] -= pushed
            capacity[edge ^ 1] += pushed
        }
        return pushed
    }
}
