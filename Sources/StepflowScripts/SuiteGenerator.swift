import Stepflow
package import StepflowGraph
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
    package var target: Target
    /// The most inputs one script may have; `nil`: no bound.
    package var maxInputs: Int?

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
        package let inputs: Int
        /// The state transitions it takes.
        package let transitions: [Int]
        /// The requirements its walk touches (its `covers` line).
        package let covers: [String]
    }

    /// A generated suite and how it compares.
    public struct Suite: Sendable {
        /// The scripts, in order.
        public let scripts: [GeneratedScript]
        /// What was covered.
        package let target: Target
        /// How many goals there are (transitions, screens, pairs,
        /// requirements), and how many the suite covers.
        public let goals: Int
        /// How many of them the suite (with the kept scripts) covers.
        public let covered: Int
        /// How many goals the kept scripts covered already.
        package let coveredByKept: Int
        /// The planned scripts' inputs, all together (the edge scripts
        /// after them are not part of the plan the bound is for).
        package var totalInputs: Int { scripts.dropLast(edgeScripts).reduce(0) { $0 + $1.inputs } }
        /// No suite that starts each script afresh can cover every goal in
        /// fewer inputs (see ``SuiteGenerator/lowerBound(_:)``). For the
        /// goals left after kept scripts, when there are some.
        package let lowerBound: Int
        /// Inputs a random walk needed to cover every goal (GraphWalker's
        /// `random(edge_coverage(100))`, restarting at an end), measured
        /// in the same run with a fixed seed.
        package let random: RandomBaseline
        /// The refused values the scripts enter, each expecting its
        /// refusal: every refusing class of each field, once per screen
        /// and action that submits it (where a script first submits it).
        package let refusedValues: Int
        /// The edge scripts, last: each enters one value at or just past
        /// a class's edge (``Stepflow/EntryField/edgeTries``) where its
        /// class is first submitted, and expects the screen its class's
        /// representative leads to.
        package var edgeScripts = 0
        /// The class edge values analysis tries, of which the edge scripts
        /// enter those the live engine takes as their class's
        /// representative.
        package var edgeValues = 0
    }

    /// Why no suite was written.
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        /// What is wrong and how to fix it.
        package let message: String
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
            case .pattern: return nil
            case .neverReaches: return nil
            case .linkLandsOn(_, let nodes): return nodes.map { (requirement, $0) }
            case .valueReaches(_, let typedOn, let screens):
                return ([typedOn].compactMap { $0 } + screens).map { (requirement, $0) }
            case .kept: return nil
            case .canAlwaysReach(let target, _): return target.map { (requirement, $0) }
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
            throw Refusal(
                message:
                    """
                    exploration of '\(runner.manifest.app.id)' stopped at a bound, so its states are not all known \
                    and no suite can cover them. To fix, find out why it grows (rootapp validate says where).
                    """
            )
        }
        if target == .requirements {
            let known = Set(states.projection.nodes.map(\.id) + states.projection.nodes.map(\.instance))
            for (requirement, node) in ruleNodes where !known.contains(node) {
                throw Refusal(
                    message:
                        """
                        requirement '\(requirement)' cannot be covered: its rule names '\(node)', which no walk of \
                        '\(runner.manifest.app.id)' reaches. To fix, correct the rule, or cover another target.
                        """
                )
            }
            if ruleNodes.isEmpty {
                throw Refusal(
                    message:
                        """
                        no rule of '\(runner.manifest.app.id)' names a requirement that a walk can touch, so there \
                        is nothing to cover with --cover requirements. To fix, give rules a \"requirement\", or \
                        cover transitions or screens.
                        """
                )
            }
        }
        let planner = SuitePlanner(states: states, target: target, maxInputs: maxInputs, ruleNodes: ruleNodes)
        var covered = [Bool](repeating: false, count: planner.goals.count)
        var coveredByKept = 0
        for script in kept {
            let result = runner.run(script)
            guard result.passed else {
                throw Refusal(
                    message:
                        """
                        \(result.description). A kept script must pass before a suite is built on it. To fix, \
                        correct it or leave it out.
                        """
                )
            }
            for goal in planner.metGoals(of: result.walk) where !covered[goal] {
                covered[goal] = true
                coveredByKept += 1
            }
        }
        let plan = try planner.plan(coveredAlready: covered)
        var scripts: [GeneratedScript] = []
        var taken = Set<Int>()
        var refused = Set<RefusalCheck>()
        // Each class edge value analysis tries, in a script of its own.
        let edges = ClassEdgeValue.all(of: runner.variant)
        let count = plan.walks.count + edges.count
        // The scripts' sessions run one after another: they name each
        // distinct step and screen once, in one table.
        let names = StepNames()
        for (number, walk) in plan.walks.enumerated() {
            // Named after the first transition no script before it took.
            let first = walk.first { !taken.contains($0) }
            taken.formUnion(walk)
            if let script = try write(
                walk, number: number + 1, of: count, states: states, first: first, names: names, refused: &refused)
            {
                scripts.append(script)
            }
        }
        let planned = scripts.count
        for (number, edge) in edges.enumerated() {
            let walk = states.shortestWalkPositions(to: states.transitions[edge.transition].from) + [edge.transition]
            if let script = try write(
                walk, number: planned + number + 1, of: count, states: states, first: nil, names: names,
                refused: &refused, edge: edge)
            {
                scripts.append(script)
            }
        }
        return Suite(
            scripts: scripts, target: target, goals: plan.goals, covered: plan.covered, coveredByKept: coveredByKept,
            lowerBound: plan.lowerBound, random: plan.random, refusedValues: refused.count,
            edgeScripts: scripts.count - planned, edgeValues: edges.count
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
    package func lowerBound(_ states: StateGraph) -> Int {
        SuitePlanner(states: states, target: target, maxInputs: maxInputs, ruleNodes: ruleNodes).lowerBound(
            coveredAlready: nil)
    }

    // MARK: - Writing

    /// Replays `walk` on the live engine and writes its script; its
    /// session names steps and screens in `names`.
    func write(
        _ walk: [Int], number: Int, of count: Int, states: StateGraph, first: Int?, names: StepNames,
        refused: inout Set<RefusalCheck>, edge: ClassEdgeValue? = nil
    ) throws(Refusal) -> GeneratedScript? {
        func source(_ transition: StateGraph.Transition) -> String? {
            if case .answer(let source, _, _, _, _) = transition.input.kind { return source }
            return nil
        }
        let answered = Set(walk.compactMap { source(states.transitions[$0]) })
        // A source that may answer in a state the walk leaves another way
        // (back, or a link, while a service is asked), or in the state it
        // ends in, is held by the script: live, its service could answer
        // first, or while the script's last line is checked.
        let visited = walk.map { states.transitions[$0].from } + walk.suffix(1).map(states.transitions.target(of:))
        let waiting = Set(visited.flatMap { states.transitions(from: $0).compactMap(source) }).subtracting(answered)
        let session = VariantSession(
            manifest: runner.manifest, registry: runner.registry, services: runner.services, locale: runner.locale,
            clock: WalkClock(), states: states, answeredByHand: answered.union(waiting), names: names
        )
        var lines: [String] = waiting.isEmpty ? [] : ["by-hand \(waiting.sorted().joined(separator: " "))"]
        for (offset, position) in walk.enumerated() {
            let transition = states.transitions[position]
            // An edge script's last input types the edge value instead.
            let edge = offset == walk.count - 1 ? edge : nil
            // The app ended with what the device keeps, and is opened again.
            if case .relaunch = transition.input.kind, session.stateIndex == transition.from {
                if let exit = session.endingExit { lines.append("expect end \(exit)") }
                do throws(SessionRefusal) { try session.run(.input(.relaunch)) } catch {
                    throw Refusal(
                        message: """
                            the live engine refused 'relaunch' of script \(number): \(error.description) This is a \
                            bug in Stepflow; please report it with the manifest.
                            """)
                }
                lines.append(StepflowGraph.Input.relaunch.scriptLine)
                continue
            }
            guard session.stateIndex == transition.from, let top = session.top else {
                throw Refusal(
                    message:
                        """
                        the live engine left the walk of script \(number) before '\(transition.input)': it is in \
                        \(session.top?.qualifiedID ?? "no screen"), the graph says \
                        \(transition.input.screen ?? "the start"). This is a bug in Stepflow; please report it \
                        with the manifest.
                        """
                )
            }
            lines.append("expect screen \(top.qualifiedID)")
            lines += try refusalLines(
                for: transition.input, on: top, session: session, script: number, entered: &refused)
            for (entry, line) in Self.entries(for: transition.input, edge: edge) {
                do throws(SessionRefusal) { try session.run(entry) } catch {
                    throw Refusal(
                        message:
                            """
                            the live engine refused '\(line)' of script \(number) on \(top.qualifiedID): \
                            \(error.description) This is a bug in Stepflow; please report it with the manifest.
                            """
                    )
                }
                lines.append(line)
            }
            let (instruction, line) = try Self.instruction(for: transition.input, on: top)
            do throws(SessionRefusal) { try session.run(instruction) } catch {
                let failure = error.description
                throw Refusal(
                    message:
                        """
                        the live engine refused '\(line)' of script \(number) on \(top.qualifiedID): \(failure) \
                        This is a bug in Stepflow; please report it with the manifest.
                        """
                )
            }
            lines.append(line)
        }
        // The edge value does what the representative does: the live
        // engine shows the screen the graph's transition leads to (its
        // state holds the edge value, so it is no state of the graph).
        if edge != nil {
            let target = states.states[states.transitions.target(of: walk[walk.count - 1])]
            let landed = session.endingExit != nil ? nil : session.top?.qualifiedID
            guard landed == target.top, (session.endingExit != nil) == target.isEnded else { return nil }
        }
        guard walk.dropLast(edge == nil ? 0 : 1).allSatisfy(session.walkedTransitions.contains) else {
            throw Refusal(
                message:
                    """
                    script \(number) did not take on the live engine every transition the graph says it does. This \
                    is a bug in Stepflow; please report it with the manifest.
                    """
            )
        }
        let last =
            session.endingExit.map { "expect end \($0)" } ?? session.top.map { "expect screen \($0.qualifiedID)" }
        if let last { lines.append(last) }
        let touched = session.touched
        let covers = runner.manifest.requirements.map(\.id).filter { requirement in
            ruleNodes.contains { $0.requirement == requirement && Self.touches(touched, $0.node) }
        }
        let ending = session.endingExit ?? session.top?.qualifiedID ?? "start"
        let highlight =
            edge.map { "edge \($0.field) \($0.value)" } ?? first.map { Self.name(of: states.transitions[$0]) }
        let name =
            padded(number, width: max(2, "\(count)".count)) + "-"
            + Self.slug(highlight.map { "\($0) then \(ending)" } ?? ending) + ".txt"
        var header = [
            """
            # \(runner.manifest.app.name): generated by rootapp suite (\(target.rawValue)), script \(number) of \
            \(count).
            """,
            "# \(walk.count) inputs, ending \(session.endingExit.map { "through \($0)" } ?? "on \(ending)")"
                + (first.map {
                    "; first to take \(states.transitions[$0].input.screen ?? "start"): \(states.transitions[$0].input)"
                } ?? "") + ".",
        ]
        if let edge {
            header.append("# Enters \(edge.field) \(edge.said), which does what the class's representative does.")
        }
        if !covers.isEmpty { header.append("covers \(covers.joined(separator: ", "))") }
        return GeneratedScript(
            fileName: name, text: (header + [""] + lines).joined(separator: "\n") + "\n", inputs: walk.count,
            transitions: walk, covers: covers)
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
        let done: String =
            switch transition.input.kind {
            case .choose(_, let label, let role): role == .back ? "back" : label
            case .submit(_, let label, _, let entries):
                ([label] + entries.map { "\($0.field) \($0.valueClass)" }).joined(separator: " ")
            case .emit(let stepper, let step, let isTimer): isTimer ? "wait" : "\(stepper) \(step)"
            case .answer(let source, _, let answer, _, _): "\(source) \(answer)"
            case .link(let address): Input.link(address).scriptLine
            case .select(let section, _, _): Input.select(section).scriptLine
            case .relaunch: Input.relaunch.scriptLine
            @unknown default: "\(transition.input)"
            }
        return "\(screen) \(done)"
    }
}
