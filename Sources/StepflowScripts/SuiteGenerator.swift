import Stepflow
public import StepflowGraph
import StepflowManifest

/// Writes acceptance scripts that together take every state transition
/// (or reach every screen, take every pair of transitions, touch every
/// requirement's rules) of a variant, from its exact state graph; each
/// script starts the app afresh. `rootapp suite` is this generator.
///
/// Each walk is chosen greedily (the nearest input not yet covered, ties
/// broken by the graph's order, so a regenerated suite diffs cleanly) and
/// then replayed on the live engine, which writes the script's lines:
/// `expect screen` before every input and `expect end` (or the last
/// screen) after the last. A walk the live engine does not take as the
/// graph says is an error, never a script.
///
/// ```swift
/// let runner = ScriptRunner(manifest: manifest, registry: registry, services: services)
/// let suite = try SuiteGenerator(runner: runner).generate()
/// for script in suite.scripts { write(script.text, to: dir + "/" + script.fileName) }
/// ```
public struct SuiteGenerator: Sendable {
    /// What a suite must cover.
    public enum Target: String, CaseIterable, Hashable, Sendable {
        /// Every state transition: every input in every state.
        case transitions
        /// Every screen.
        case screens
        /// Every pair of transitions taken one after the other.
        case pairs
        /// Every requirement's rules: a walk through each node they name.
        case requirements
    }

    /// The runner whose variant is covered (and that replays each walk).
    public let runner: ScriptRunner
    /// What to cover.
    public var target: Target
    /// The most inputs one script may have; `nil`: no bound.
    public var maxInputs: Int?

    /// A generator for `runner`'s variant.
    public init(runner: ScriptRunner, target: Target = .transitions, maxInputs: Int? = nil) {
        self.runner = runner
        self.target = target
        self.maxInputs = maxInputs
    }

    /// One generated script.
    public struct GeneratedScript: Sendable {
        /// `03-camera-denied-to-result-done.txt`: its number and what it covers.
        public let fileName: String
        /// The script's text.
        public let text: String
        /// Its inputs.
        public let inputs: Int
        /// The state transitions it takes.
        public let transitions: [Int]
        /// The requirements its walk touches (its `covers` line).
        public let covers: [String]
    }

    /// A generated suite and how it compares.
    public struct Suite: Sendable {
        /// The scripts, in order.
        public let scripts: [GeneratedScript]
        /// What was covered.
        public let target: Target
        /// How many goals there are (transitions, screens, pairs,
        /// requirements), and how many the suite covers.
        public let goals: Int
        /// How many of them the suite (with the kept scripts) covers.
        public let covered: Int
        /// How many goals the kept scripts covered already.
        public let coveredByKept: Int
        /// The suite's inputs, all scripts together.
        public var totalInputs: Int { scripts.reduce(0) { $0 + $1.inputs } }
        /// No suite that starts each script afresh can cover every goal in
        /// fewer inputs (see ``SuiteGenerator/lowerBound(_:)``). For the
        /// goals left after kept scripts, when there are some.
        public let lowerBound: Int
        /// Inputs a random walk needed to cover every goal (GraphWalker's
        /// `random(edge_coverage(100))`, restarting at an end), measured
        /// in the same run with a fixed seed.
        public let random: RandomBaseline
    }

    /// Why no suite was written.
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        /// What is wrong and how to fix it.
        public let message: String
        /// The message.
        public var description: String { message }
    }

    /// The rules' nodes each requirement's walks must touch: every node a
    /// `passesThrough`, `reaches` or `carriesNone` rule naming it names.
    /// (`neverReaches` is proved by no walk reaching its node.)
    private var ruleNodes: [(requirement: String, node: String)] {
        runner.manifest.rules.compactMap { rule -> [(String, String)]? in
            guard let requirement = rule.requirement else { return nil }
            switch rule.kind {
            case .passesThrough(let node, let via): return [(requirement, node), (requirement, via)]
            case .reaches(let node): return [(requirement, node)]
            case .carriesNone(_, let entering): return [(requirement, entering)]
            case .neverReaches: return nil
            }
        }.flatMap { $0 }
    }

    // MARK: - Generating

    /// Generates the suite; with `keeping`, only what those scripts (a
    /// team's own) do not cover already.
    ///
    /// - Throws: ``Refusal`` when exploration stopped at a bound, a goal
    ///   cannot be reached (within ``maxInputs``), or the live engine does
    ///   not take a walk as the graph says.
    public func generate(keeping kept: [Script] = []) throws(Refusal) -> Suite {
        let states = runner.variant.states
        guard !states.isTruncated else {
            throw Refusal(message: "exploration of '\(runner.manifest.app.id)' stopped at a bound, so its states are not all known and no suite can cover them. To fix, find out why it grows (rootapp validate says where).")
        }
        if target == .requirements {
            let known = Set(states.projection.nodes.map(\.id) + states.projection.nodes.map(\.instance))
            for (requirement, node) in ruleNodes where !known.contains(node) {
                throw Refusal(message: "requirement '\(requirement)' cannot be covered: its rule names '\(node)', which no walk of '\(runner.manifest.app.id)' reaches. To fix, correct the rule, or cover another target.")
            }
            if ruleNodes.isEmpty {
                throw Refusal(message: "no rule of '\(runner.manifest.app.id)' names a requirement that a walk can touch, so there is nothing to cover with --cover requirements. To fix, give rules a \"requirement\", or cover transitions or screens.")
            }
        }
        let planner = SuitePlanner(states: states, target: target, maxInputs: maxInputs, ruleNodes: ruleNodes)
        var covered = [Bool](repeating: false, count: planner.goals.count)
        var coveredByKept = 0
        for script in kept {
            let result = runner.run(script)
            guard result.passed else {
                throw Refusal(message: "\(result.description). A kept script must pass before a suite is built on it. To fix, correct it or leave it out.")
            }
            for goal in planner.metGoals(of: result.walk) where !covered[goal] {
                covered[goal] = true
                coveredByKept += 1
            }
        }
        let plan = try planner.plan(coveredAlready: covered)
        var scripts: [GeneratedScript] = []
        var taken = Set<Int>()
        for (number, walk) in plan.walks.enumerated() {
            // Named after the first transition no script before it took.
            let first = walk.first { !taken.contains($0) }
            taken.formUnion(walk)
            scripts.append(try write(walk, number: number + 1, of: plan.walks.count, states: states, first: first))
        }
        return Suite(
            scripts: scripts, target: target, goals: plan.goals, covered: plan.covered, coveredByKept: coveredByKept,
            lowerBound: plan.lowerBound, random: plan.random
        )
    }

    /// A lower bound on the inputs of any suite that starts each script
    /// afresh and covers every goal left: for transitions, each state but
    /// the start is entered at least as often as it is left (a script can
    /// only leave what it entered) and as often as it has transitions
    /// into it, so the inputs are at least the sum over states of the
    /// larger of the two counts (the transitions into the start besides).
    /// A transition that ends the app ends its script, so each needs a
    /// script at least as long as the way to it; the larger bound counts.
    /// For pairs, one per pair; for screens and requirements, the depth
    /// of the goal farthest from the start.
    public func lowerBound(_ states: StateGraph) -> Int {
        SuitePlanner(states: states, target: target, maxInputs: maxInputs, ruleNodes: ruleNodes).lowerBound(coveredAlready: nil)
    }

    // MARK: - Writing

    /// Replays `walk` on the live engine and writes its script.
    private func write(_ walk: [Int], number: Int, of count: Int, states: StateGraph, first: Int?) throws(Refusal) -> GeneratedScript {
        let answered = Set(walk.compactMap { position -> String? in
            if case .answer(let source, _, _, _, _) = states.transitions[position].input.kind { return source }
            return nil
        })
        let session = VariantSession(
            manifest: runner.manifest, registry: runner.registry, services: runner.services, locale: runner.locale,
            clock: WalkClock(), states: states, answeredByHand: answered
        )
        var lines: [String] = []
        for position in walk {
            let transition = states.transitions[position]
            guard session.stateIndex == transition.from, let top = session.top else {
                throw Refusal(message: "the live engine left the walk of script \(number) before '\(transition.input)': it is in \(session.top?.qualifiedID ?? "no screen"), the graph says \(transition.input.screen ?? "the start"). This is a bug in Stepflow; please report it with the manifest.")
            }
            lines.append("expect screen \(top.qualifiedID)")
            let instruction: Script.Instruction
            let line: String
            switch transition.input.kind {
            case .choose(let index, let label, let role):
                let action = top.actions[index]
                if role == .back, top.actions.firstIndex(where: { $0.role == .back }) == index {
                    instruction = .back
                    line = "back"
                } else if let key = action.key, top.actions.filter({ $0.key == key }).count == 1 {
                    instruction = .choose("[\(key)]")
                    line = "choose [\(key)] # \(label)"
                } else if top.actions.firstIndex(where: { $0.label.lowercased() == label.lowercased() }) == index {
                    instruction = .choose(label)
                    line = "choose \(label)"
                } else if let number = VariantSession.numbered(top).firstIndex(of: index) {
                    instruction = .choose("\(number + 1)")
                    line = "choose \(number + 1) # \(label)"
                } else {
                    throw Refusal(message: "action \(index) of \(top.qualifiedID) ('\(label)') cannot be named in a script: another action has its label and key. To fix, give the module's actions distinct labels.")
                }
            case .emit(let stepper, let step, let isTimer):
                instruction = isTimer ? .wait : .emit(stepper: stepper, step: step)
                line = isTimer ? "wait" : "emit \(stepper) \(step)"
            case .answer(let source, _, let answer, let label, _):
                instruction = .answer(source: source, answer: answer)
                line = "answer \(source) \(answer) # \(label)"
            }
            if let failure = session.perform(instruction) {
                throw Refusal(message: "the live engine refused '\(line)' of script \(number) on \(top.qualifiedID): \(failure) This is a bug in Stepflow; please report it with the manifest.")
            }
            lines.append(line)
        }
        guard walk.allSatisfy(session.walkedTransitions.contains) else {
            throw Refusal(message: "script \(number) did not take on the live engine every transition the graph says it does. This is a bug in Stepflow; please report it with the manifest.")
        }
        let last = session.endingExit.map { "expect end \($0)" } ?? session.top.map { "expect screen \($0.qualifiedID)" }
        if let last { lines.append(last) }
        let touched = session.touched
        let covers = runner.manifest.requirements.map(\.id).filter { requirement in
            ruleNodes.contains { $0.requirement == requirement && Self.touches(touched, $0.node) }
        }
        let ending = session.endingExit ?? session.top?.qualifiedID ?? "start"
        let highlight = first.map { Self.name(of: states.transitions[$0]) }
        let name = padded(number, width: max(2, "\(count)".count)) + "-" + Self.slug(highlight.map { "\($0) then \(ending)" } ?? ending) + ".txt"
        var header = [
            "# \(runner.manifest.app.name): generated by rootapp suite (\(target.rawValue)), script \(number) of \(count).",
            "# \(walk.count) inputs, ending \(session.endingExit.map { "through \($0)" } ?? "on \(ending)")"
                + (first.map { "; first to take \(states.transitions[$0].input.screen ?? "start"): \(states.transitions[$0].input)" } ?? "") + ".",
        ]
        if !covers.isEmpty { header.append("covers \(covers.joined(separator: ", "))") }
        return GeneratedScript(fileName: name, text: (header + [""] + lines).joined(separator: "\n") + "\n", inputs: walk.count, transitions: walk, covers: covers)
    }

    /// Whether a walk that touched `touched` touched `node`, or any node
    /// of the instance `node` names.
    static func touches(_ touched: Set<String>, _ node: String) -> Bool {
        touched.contains(node) || touched.contains { $0.hasPrefix(node + "/") || $0.hasPrefix(node + ".") }
    }

    /// A transition in a few words: the screen's id and what was done
    /// (`nasal-2 back`, `read camera-permission denied`).
    private static func name(of transition: StateGraph.Transition) -> String {
        let screen = transition.input.screen.map { String($0.split(separator: "/").last ?? "") } ?? "start"
        let done: String = switch transition.input.kind {
        case .choose(_, let label, let role): role == .back ? "back" : label
        case .emit(let stepper, let step, let isTimer): isTimer ? "wait" : "\(stepper) \(step)"
        case .answer(let source, _, let answer, _, _): "\(source) \(answer)"
        }
        return "\(screen) \(done)"
    }

    /// Lower case, letters, digits and dashes.
    static func slug(_ text: String) -> String {
        var out = ""
        for character in text.lowercased() {
            if character.isLetter && character.isASCII || character.isNumber && character.isASCII {
                out.append(character)
            } else if !out.hasSuffix("-") {
                out.append("-")
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return String(out.prefix(72))
    }
}

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
public struct SuitePlanner: Sendable {
    /// The graph planned over.
    public let states: StateGraph
    /// What to cover.
    public let target: SuiteGenerator.Target
    /// The most inputs one walk may have; `nil`: no bound.
    public let maxInputs: Int?
    /// For ``SuiteGenerator/Target/requirements``: the nodes each
    /// requirement's rules name.
    let ruleNodes: [(requirement: String, node: String)]
    let goals: Goals

    /// A planner covering `target` of `states`, each walk at most
    /// `maxInputs` long.
    public init(states: StateGraph, target: SuiteGenerator.Target = .transitions, maxInputs: Int? = nil) {
        self.init(states: states, target: target, maxInputs: maxInputs, ruleNodes: [])
    }

    init(states: StateGraph, target: SuiteGenerator.Target, maxInputs: Int?, ruleNodes: [(requirement: String, node: String)]) {
        self.states = states
        self.target = target
        self.maxInputs = maxInputs
        self.ruleNodes = ruleNodes
        self.goals = Self.goals(states, target: target, ruleNodes: ruleNodes)
    }

    /// The walks, and how they compare.
    public struct Plan: Sendable {
        /// Each walk: transitions of ``SuitePlanner/states`` in order, from the start.
        public let walks: [[Int]]
        /// How many goals there are.
        public let goals: Int
        /// How many are covered (all of them).
        public let covered: Int
        /// The walks' inputs together.
        public var totalInputs: Int { walks.reduce(0) { $0 + $1.count } }
        /// No set of walks from the start covers the goals left in fewer inputs.
        public let lowerBound: Int
        /// What a seeded random walk needed (GraphWalker's
        /// `random(edge_coverage(100))`).
        public let random: SuiteGenerator.RandomBaseline
    }

    /// Plans walks covering every goal not in `coveredAlready` (by index:
    /// transitions, screens, pairs or requirements).
    ///
    /// - Throws: ``SuiteGenerator/Refusal`` when a goal is out of reach
    ///   (within ``maxInputs``).
    public func plan(coveredAlready: [Bool]? = nil) throws(SuiteGenerator.Refusal) -> Plan {
        var covered = coveredAlready ?? [Bool](repeating: false, count: goals.count)
        let bound = lowerBound(coveredAlready: covered)
        let random = randomInputs(covered: covered)
        // Distances to the start's states, to refuse what a bound puts out of reach.
        if let maxInputs {
            for (position, transition) in states.transitions.enumerated() where states.states[transition.from].depth + 1 > maxInputs {
                let unmet = target == .pairs ? [] : goals.met[position].filter { !covered[$0] }
                if let goal = unmet.first {
                    throw SuiteGenerator.Refusal(message: "'\(goals.names[goal])' needs at least \(states.states[transition.from].depth + 1) inputs from the start, more than --max-inputs \(maxInputs). To fix, raise --max-inputs.")
                }
            }
        }
        var walks: [[Int]] = []
        while covered.contains(false) {
            guard let walk = nextWalk(covered: &covered) else {
                let missing = covered.indices.filter { !covered[$0] }.prefix(3).map { goals.names[$0] }
                throw SuiteGenerator.Refusal(message: "no walk from the start covers \(missing.joined(separator: "; "))\(maxInputs.map { " within \($0) inputs" } ?? ""). To fix, raise --max-inputs, or cover another target.")
            }
            walks.append(walk)
        }
        return Plan(walks: walks, goals: goals.count, covered: covered.filter { $0 }.count, lowerBound: bound, random: random)
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

    static func goals(_ states: StateGraph, target: SuiteGenerator.Target, ruleNodes: [(requirement: String, node: String)]) -> Goals {
        let graph = states.projection
        switch target {
        case .transitions:
            return Goals(count: states.transitions.count, pairIndex: [:], met: states.transitions.indices.map { [$0] }, names: states.transitions.map { "\($0.input.screen ?? "start"): \($0.input)" })
        case .screens:
            var index: [Int: Int] = [:]
            var names: [String] = []
            for (id, node) in graph.nodes.enumerated() where node.kind == .screen {
                index[id] = names.count
                names.append(node.id)
            }
            return Goals(count: names.count, pairIndex: [:], met: states.transitions.map { $0.nodes.compactMap { index[$0] } }, names: names)
        case .requirements:
            var names: [String] = []
            var byNode: [String: [Int]] = [:]
            for (requirement, node) in ruleNodes {
                let goal: Int
                if let known = names.firstIndex(of: requirement) { goal = known } else {
                    goal = names.count
                    names.append(requirement)
                }
                byNode[node, default: []].append(goal)
            }
            return Goals(count: names.count, pairIndex: [:], met: states.transitions.map { transition in
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

    private static func pairKey(_ previous: Int, _ next: Int) -> Int64 { Int64(previous) << 32 | Int64(next & 0xffff_ffff) }

    func goalsMet(by transition: Int, after previous: Int, _ goals: Goals) -> [Int] {
        if target == .pairs { return goals.pairIndex[Self.pairKey(previous, transition)].map { [$0] } ?? [] }
        return goals.met[transition]
    }

    /// The goals a walk (transitions in order from the start) meets.
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
            guard budget > 0, let path = nearestGoal(states, from: state, after: previous, goals: goals, covered: covered, budget: budget, endingToo: false)
                ?? nearestGoal(states, from: state, after: previous, goals: goals, covered: covered, budget: budget, endingToo: true) else { break }
            for transition in path {
                for goal in goalsMet(by: transition, after: previous, goals) { covered[goal] = true }
                walk.append(transition)
                previous = transition
            }
            state = states.transitions[previous].to
        }
        return walk.isEmpty ? nil : walk
    }

    /// The shortest path (transitions) from `state` whose last transition
    /// meets an uncovered goal, at most `budget` long. Breadth first over
    /// transitions, so pairs are found as easily as single transitions.
    func nearestGoal(_ states: StateGraph, from state: Int, after previous: Int, goals: Goals, covered: [Bool], budget: Int, endingToo: Bool) -> [Int]? {
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
                for position in states.transitions(from: at).indices {
                    let ends = states.transitions(from: states.transitions[position].to).isEmpty
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
                    next.append((position, states.transitions[position].to))
                }
            }
            frontier = next
        }
        return nil
    }

    // MARK: - Bounds

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
                if incoming[state] > outgoing[state], !states.transitions(from: state).isEmpty { surpluses.append((state, incoming[state] - outgoing[state])) }
            }
            flow += Self.transportCost(states, deficits: deficits, surpluses: surpluses)
            var endings = 0
            for (position, transition) in states.transitions.enumerated() where !covered[position] && states.transitions(from: transition.to).isEmpty {
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
    static func transportCost(_ states: StateGraph, deficits: [(state: Int, amount: Int)], surpluses: [(state: Int, amount: Int)]) -> Int {
        guard !deficits.isEmpty else { return 0 }
        func distances(from origin: Int) -> [Int] {
            var distance = [Int](repeating: -1, count: states.states.count)
            distance[origin] = 0
            var queue = [origin]
            var head = 0
            while head < queue.count {
                let state = queue[head]
                head += 1
                for transition in states.transitions(from: state) where distance[transition.to] < 0 {
                    distance[transition.to] = distance[state] + 1
                    queue.append(transition.to)
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
                for edge in adjacency[node] where edges[edge].capacity > 0 && cost[node] + edges[edge].cost < cost[edges[edge].to] {
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

    /// The inputs a seeded random walk takes to cover every goal left,
    /// restarting from the start where the app ends (GraphWalker's
    /// `random(edge_coverage(100))`); `nil` when ``randomLimit`` inputs
    /// did not cover them all.
    func randomInputs(covered: [Bool]) -> SuiteGenerator.RandomBaseline { randomInputs(states, goals: goals, covered: covered) }

    func randomInputs(_ states: StateGraph, goals: Goals, covered start: [Bool]) -> SuiteGenerator.RandomBaseline {
        var covered = start
        var left = covered.filter { !$0 }.count
        var random = SplitMix(seed: 0x5eed)
        var inputs = 0
        var state = 0
        var previous = -1
        while left > 0 {
            let choices = states.transitions(from: state).indices
            if choices.isEmpty {
                state = 0
                previous = -1
                continue
            }
            guard inputs < SuiteGenerator.randomLimit else { return SuiteGenerator.RandomBaseline(inputs: inputs, covered: goals.count - left, finished: false) }
            let position = choices.lowerBound + Int(random.next() % UInt64(choices.count))
            inputs += 1
            for goal in goalsMet(by: position, after: previous, goals) where !covered[goal] {
                covered[goal] = true
                left -= 1
            }
            previous = position
            state = states.transitions[position].to
        }
        return SuiteGenerator.RandomBaseline(inputs: inputs, covered: goals.count, finished: true)
    }

}

extension SuiteGenerator {
    /// The most inputs the random baseline takes before it gives up.
    public static let randomLimit = 5_000_000

    /// What a seeded random walk took to cover the goals.
    public struct RandomBaseline: Hashable, Sendable {
        /// The inputs it took (``SuiteGenerator/randomLimit`` when it gave up).
        public let inputs: Int
        /// The goals it had covered (all of them, when it finished).
        public let covered: Int
        /// Whether it covered every goal.
        public let finished: Bool
    }
}

/// `number` with leading zeros to `width` digits.
private func padded(_ number: Int, width: Int) -> String {
    let digits = "\(number)"
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// A small seeded generator (SplitMix64): the same numbers on every
/// platform, so the random baseline is the same in every run.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
