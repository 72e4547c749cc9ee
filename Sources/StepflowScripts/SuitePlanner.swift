import Stepflow
package import StepflowGraph
import StepflowManifest

/// Plans walks that together cover a state graph (every transition,
/// screen, pair of transitions or requirement's rule nodes), each from the
/// start: the planning half of ``SuiteGenerator``, for any
/// ``StepflowGraph/StateGraph`` (a variant's, or a flow's explored with
/// ``StepflowGraph/GraphExplorer/exploreStates(_:with:limits:)``), with
/// the lower bound and the random baseline measured on the same graph.
///
/// ```swift
/// let states = GraphExplorer.exploreStates(MyFlow(), with: OneStepper(.start))
/// let plan = try SuitePlanner(states: states).plan()
/// print(plan.totalInputs, plan.lowerBound, plan.random.inputs)
/// ```
package struct SuitePlanner: Sendable {
    /// The graph planned over.
    package let states: StateGraph
    /// What to cover.
    package let target: SuiteGenerator.Target
    /// The most inputs one walk may have; `nil`: no bound.
    package let maxInputs: Int?
    /// For ``SuiteGenerator/Target/requirements``: the nodes each
    /// requirement's rules name.
    let ruleNodes: [(requirement: String, node: String)]
    let goals: Goals

    /// A planner covering `target` of `states`, each walk at most
    /// `maxInputs` long.
    package init(states: StateGraph, target: SuiteGenerator.Target = .transitions, maxInputs: Int? = nil) {
        self.init(states: states, target: target, maxInputs: maxInputs, ruleNodes: [])
    }

    init(
        states: StateGraph, target: SuiteGenerator.Target, maxInputs: Int?,
        ruleNodes: [(requirement: String, node: String)]
    ) {
        self.states = states
        self.target = target
        self.maxInputs = maxInputs
        self.ruleNodes = ruleNodes
        self.goals = Self.goals(states, target: target, ruleNodes: ruleNodes)
    }

    /// The walks, and how they compare.
    package struct Plan: Sendable {
        /// Each walk: transitions of ``SuitePlanner/states`` in order, from the start.
        package let walks: [[Int]]
        /// How many goals there are.
        package let goals: Int
        /// How many are covered (all of them).
        package let covered: Int
        /// The walks' inputs together.
        package var totalInputs: Int { walks.reduce(0) { $0 + $1.count } }
        /// No set of walks from the start covers the goals left in fewer inputs.
        package let lowerBound: Int
        /// What a seeded random walk needed (GraphWalker's
        /// `random(edge_coverage(100))`).
        package let random: SuiteGenerator.RandomBaseline
    }

    /// Plans walks covering every goal not in `coveredAlready` (by index:
    /// transitions, screens, pairs or requirements).
    ///
    /// - Throws: ``SuiteGenerator/Refusal`` when a goal is out of reach
    ///   (within ``maxInputs``).
    package func plan(coveredAlready: [Bool]? = nil) throws(SuiteGenerator.Refusal) -> Plan {
        var covered = coveredAlready ?? [Bool](repeating: false, count: goals.count)
        let bound = lowerBound(coveredAlready: covered)
        let random = randomInputs(covered: covered)
        // Distances to the start's states, to refuse what a bound puts out of reach.
        if let maxInputs {
            for (position, transition) in states.transitions.enumerated()
            where states.states[transition.from].depth + 1 > maxInputs {
                let unmet = target == .pairs ? [] : goals.met[position].filter { !covered[$0] }
                if let goal = unmet.first {
                    throw SuiteGenerator.Refusal(
                        message:
                            """
                            '\(goals.names[goal])' needs at least \(states.states[transition.from].depth + 1) \
                            inputs from the start, more than --max-inputs \(maxInputs). To fix, raise --max-inputs.
                            """
                    )
                }
            }
        }
        var walks: [[Int]] = []
        while covered.contains(false) {
            guard let walk = nextWalk(covered: &covered) else {
                let missing = covered.indices.filter { !covered[$0] }.prefix(3).map { goals.names[$0] }
                throw SuiteGenerator.Refusal(
                    message:
                        """
                        no walk from the start covers \
                        \(missing.joined(separator: "; "))\(maxInputs.map { " within \($0) inputs" } ?? ""). To \
                        fix, raise --max-inputs, or cover another target.
                        """
                )
            }
            walks.append(walk)
        }
        return Plan(
            walks: walks, goals: goals.count, covered: covered.filter { $0 }.count, lowerBound: bound, random: random)
    }

    // MARK: - Goals

    /// The goal each transition meets (as a function of the transition
    /// taken before it, for pairs).
    struct Goals: Sendable {
        let count: Int
        /// For target pairs, the goal of taking `next` right after `previous`
        /// (`previous` -1: at the start).
        let pairIndex: [Int64: Int]
        /// For other targets, the goals each transition meets.
        let met: [[Int]]
        let names: [String]
    }

    static func goals(
        _ states: StateGraph, target: SuiteGenerator.Target, ruleNodes: [(requirement: String, node: String)]
    ) -> Goals {
        let goals = targetGoals(states, target: target, ruleNodes: ruleNodes)
        guard target == .screens || target == .requirements else { return goals }
        return withLinks(goals, states)
    }

    /// `goals`, and one more for each routed link opened in some module:
    /// a suite opens every link from at least one state of each module it
    /// can arrive in (the transitions and pairs targets take every link
    /// from every state already).
    private static func withLinks(_ goals: Goals, _ states: StateGraph) -> Goals {
        var names = goals.names
        var index: [String: Int] = [:]
        var met = goals.met
        for (position, transition) in states.transitions.enumerated() {
            guard case .link(let address) = transition.input.kind else { continue }
            // The instance of the node it was opened on (links open only where a screen is up).
            let instance = states.projection.nodes[transition.nodes[0]].instance
            let name = "\(Input.link(address).scriptLine) in \(instance)"
            let goal: Int
            if let known = index[name] {
                goal = known
            } else {
                goal = names.count
                index[name] = goal
                names.append(name)
            }
            met[position].append(goal)
        }
        return Goals(count: names.count, pairIndex: goals.pairIndex, met: met, names: names)
    }

    private static func targetGoals(
        _ states: StateGraph, target: SuiteGenerator.Target, ruleNodes: [(requirement: String, node: String)]
    ) -> Goals {
        let graph = states.projection
        switch target {
        case .transitions:
            return Goals(
                count: states.transitions.count, pairIndex: [:], met: states.transitions.indices.map { [$0] },
                names: states.transitions.map { "\($0.input.screen ?? "start"): \($0.input)" })
        case .screens:
            var index: [Int: Int] = [:]
            var names: [String] = []
            for (id, node) in graph.nodes.enumerated() where node.kind == .screen {
                index[id] = names.count
                names.append(node.id)
            }
            return Goals(
                count: names.count, pairIndex: [:], met: states.transitions.map { $0.nodes.compactMap { index[$0] } },
                names: names)
        case .requirements:
            var names: [String] = []
            var byNode: [String: [Int]] = [:]
            for (requirement, node) in ruleNodes {
                let goal: Int
                if let known = names.firstIndex(of: requirement) {
                    goal = known
                } else {
                    goal = names.count
                    names.append(requirement)
                }
                byNode[node, default: []].append(goal)
            }
            return Goals(
                count: names.count, pairIndex: [:],
                met: states.transitions.map { transition in
                    var met: [Int] = []
                    for node in transition.nodes {
                        let id = graph.nodes[node].id
                        met += byNode[id] ?? []
                        // A rule about entering an instance: any node of it.
                        met += byNode[graph.nodes[node].instance] ?? []
                    }
                    return met
                }, names: names)
        case .pairs:
            var index: [Int64: Int] = [:]
            var names: [String] = []
            var into = [[Int]](repeating: [], count: states.states.count)
            for (position, transition) in states.transitions.enumerated() { into[transition.to].append(position) }
            for (position, transition) in states.transitions.enumerated() {
                let incoming = (transition.from == 0 ? [-1] : []) + into[transition.from]
                for previous in incoming {
                    index[Self.pairKey(previous, position)] = names.count
                    names.append("\(previous) → \(position)")
                }
            }
            return Goals(count: names.count, pairIndex: index, met: [], names: names)
        }
    }

    private static func pairKey(_ previous: Int, _ next: Int) -> Int64 {
        Int64(previous) << 32 | Int64(next & 0xffff_ffff)
    }

    func goalsMet(by transition: Int, after previous: Int, _ goals: Goals) -> [Int] {
        if target == .pairs { return goals.pairIndex[Self.pairKey(previous, transition)].map { [$0] } ?? [] }
        return goals.met[transition]
    }

    /// The goals a walk (transitions in order from the start) meets.
    func metGoals(of walk: [Int]) -> [Int] { metGoals(of: walk, goals) }

    func metGoals(of walk: [Int], _ goals: Goals) -> [Int] {
        var previous = -1
        var met: [Int] = []
        for transition in walk {
            met += goalsMet(by: transition, after: previous, goals)
            previous = transition
        }
        return met
    }

    /// From the start, again and again the nearest transition that meets
    /// a goal not yet met, until none is in reach (or the bound is).
    func nextWalk(covered: inout [Bool]) -> [Int]? { nextWalk(states, goals: goals, covered: &covered) }

    func nextWalk(_ states: StateGraph, goals: Goals, covered: inout [Bool]) -> [Int]? {
        var walk: [Int] = []
        var state = 0
        var previous = -1
        while true {
            let budget = maxInputs.map { $0 - walk.count } ?? Int.max
            // A goal that ends the app ends the script: taken only when no
            // other is in reach, so each script pays its way in once.
            guard budget > 0,
                let path = nearestGoal(
                    states, from: state, after: previous, goals: goals, covered: covered, budget: budget,
                    endingToo: false)
                    ?? nearestGoal(
                        states, from: state, after: previous, goals: goals, covered: covered, budget: budget,
                        endingToo: true)
            else { break }
            for transition in path {
                for goal in goalsMet(by: transition, after: previous, goals) { covered[goal] = true }
                walk.append(transition)
                previous = transition
            }
            state = states.transitions.target(of: previous)
        }
        return walk.isEmpty ? nil : walk
    }

    /// The shortest path (transitions) from `state` whose last transition
    /// meets an uncovered goal, at most `budget` long. Breadth first over
    /// transitions, so pairs are found as easily as single transitions.
    func nearestGoal(
        _ states: StateGraph, from state: Int, after previous: Int, goals: Goals, covered: [Bool], budget: Int,
        endingToo: Bool
    ) -> [Int]? {
        // Nodes of the search: the last transition taken, so that a pair
        // is judged with the transition before it.
        var parent: [Int: Int] = [:]
        var frontier: [(last: Int, state: Int)] = [(previous, state)]
        var seen: Set<Int> = [previous]
        var depth = 0
        while !frontier.isEmpty && depth < budget {
            depth += 1
            var next: [(last: Int, state: Int)] = []
            for (last, at) in frontier {
                for position in states.positions(from: at) {
                    let ends = states.positions(from: states.transitions.target(of: position)).isEmpty
                    if ends && !endingToo { continue }
                    if goalsMet(by: position, after: last, goals).contains(where: { !covered[$0] }) {
                        var path = [position]
                        var cursor = last
                        while cursor != previous, let up = parent[cursor] {
                            path.append(cursor)
                            cursor = up
                        }
                        return path.reversed()
                    }
                    guard seen.insert(position).inserted else { continue }
                    parent[position] = last
                    next.append((position, states.transitions.target(of: position)))
                }
            }
            frontier = next
        }
        return nil
    }

    /// The inputs a seeded random walk takes to cover every goal left,
    /// restarting from the start where the app ends (GraphWalker's
    /// `random(edge_coverage(100))`); `nil` when ``randomLimit`` inputs
    /// did not cover them all.
    func randomInputs(covered: [Bool]) -> SuiteGenerator.RandomBaseline {
        randomInputs(states, goals: goals, covered: covered)
    }

    func randomInputs(_ states: StateGraph, goals: Goals, covered start: [Bool]) -> SuiteGenerator.RandomBaseline {
        var covered = start
        var left = covered.filter { !$0 }.count
        var random = SplitMix(seed: 0x5eed)
        var inputs = 0
        var state = 0
        var previous = -1
        while left > 0 {
            let choices = states.positions(from: state)
            if choices.isEmpty {
                state = 0
                previous = -1
                continue
            }
            guard inputs < SuiteGenerator.randomLimit else {
                return SuiteGenerator.RandomBaseline(inputs: inputs, covered: goals.count - left, finished: false)
            }
            let position = choices.lowerBound + Int(random.next() % UInt64(choices.count))
            inputs += 1
            for goal in goalsMet(by: position, after: previous, goals) where !covered[goal] {
                covered[goal] = true
                left -= 1
            }
            previous = position
            state = states.transitions.target(of: position)
        }
        return SuiteGenerator.RandomBaseline(inputs: inputs, covered: goals.count, finished: true)
    }

}
