public import Stepflow
public import StepflowGraph
public import StepflowManifest

/// Runs acceptance scripts on the live engine against one variant, and
/// measures what they cover of the variant's explored graph. `rootapp
/// check` is this runner; a team's tests use it directly:
///
/// ```swift
/// @Test func laySymptomaticPath() throws {
///     let manifest = try ManifestLoader(registry: registry, services: services).load(path: manifestPath)
///     let runner = ScriptRunner(manifest: manifest, registry: registry, services: services)
///     let result = runner.run(try Script.load(path: scriptPath))
///     #expect(result.failure == nil, "\(result)")
/// }
/// ```
public struct ScriptRunner: Sendable {
    /// The variant's manifest.
    public let manifest: Manifest
    /// The modules it names.
    public let registry: ModuleRegistry
    /// The services its modules get.
    public let services: ModuleServices
    /// The variant explored: what coverage is measured against.
    public let variant: VariantGraph
    /// The locale the scripts' labels are read in.
    package var locale: String { variant.locale }

    /// A runner for `manifest`'s variant in `locale` (by default the first
    /// it ships); explores it once.
    public init(
        manifest: Manifest, registry: ModuleRegistry, services: ModuleServices = ModuleServices(), locale: String? = nil
    ) {
        self.manifest = manifest
        self.registry = registry
        self.services = services
        self.variant = VariantGraph(manifest: manifest, registry: registry, services: services, locale: locale)
    }

    /// A runner for `manifest`'s variant explored in `locale` within
    /// `limits` (a report that draws the variant keeps each transition's
    /// trace, and explores it once for both).
    package init(
        manifest: Manifest, registry: ModuleRegistry, services: ModuleServices, locale: String?,
        limits: ExplorationLimits
    ) {
        self.manifest = manifest
        self.registry = registry
        self.services = services
        self.variant = VariantGraph(
            manifest: manifest, registry: registry, services: services, locale: locale, limits: limits)
    }

    /// How one script went.
    public struct Result: Sendable, CustomStringConvertible {
        /// The script's file.
        public let file: String
        /// The number of instructions.
        package let lineCount: Int
        /// The first line that failed and why; `nil` when the script passed.
        public let failure: (line: Int, message: String)?
        /// The projection's edges (`from → to : label`) the walk took.
        public let edges: Set<String>
        /// The projection's nodes the walk touched.
        public let nodes: Set<String>
        /// The state transitions the walk took.
        public let transitions: Set<Int>
        /// The state transitions the walk took, in order.
        public let walk: [Int]
        /// The refusing classes it entered, each refused as its script
        /// expected: `instance/screen field: class`.
        package var refused: Set<String> = []
        /// The values it submitted, as typed: `instance/screen action field
        /// value`, the action by its position.
        package var submitted: Set<String> = []

        /// Whether every line held.
        public var passed: Bool { failure == nil }

        /// `file: passed (n lines)` or `file:line: failed: why`.
        public var description: String {
            failure.map { "\(file):\($0.line): failed: \($0.message)" } ?? "\(file): passed (\(lineCount) lines)"
        }
    }

    /// Runs `script` in a fresh walk, stopping at the first line that
    /// fails. The outside sources it gives answers for (`answer …` lines)
    /// are answered by it alone; for the others the app's services answer,
    /// and each line waits while the app waits for them.
    public func run(_ script: Script) -> Result {
        let session = VariantSession(
            manifest: manifest, registry: registry, services: services, locale: locale, states: variant.states,
            answeredByHand: script.answeredSources)
        var failure: (line: Int, message: String)?
        // A script that walks nothing, or claims a requirement the variant
        // does not state, is no evidence: it fails, never passes.
        let ids = manifest.requirements.map(\.id)
        if let unknown = script.covers.first(where: { !ids.contains($0.id) }) {
            let listed = ids.isEmpty ? "The manifest lists no requirements." : "Requirements: \(Suggestion.list(ids))."
            failure = (
                unknown.line,
                """
                covers '\(unknown.id)', which is no requirement of '\(manifest.app.id)'. \
                \(Suggestion.didYouMean(unknown.id, ids))\(listed)
                """
            )
        } else if script.lines.isEmpty {
            failure = (
                1,
                "the script has no walk, so it shows nothing. To fix, write the walk's lines in it, or remove the file."
            )
        }
        var refused: Set<String> = []
        for line in script.lines where failure == nil {
            let top = session.top
            do throws(SessionRefusal) {
                try session.run(line)
                // A value refused as expected: its class was entered.
                if line.refusal != nil, let top, case .input(.enter(let name, let value)) = line.instruction,
                    let field = top.fields.first(where: { $0.name == name }),
                    case .refused(.refusedClass(_, let valueClass)) = field.classify(value)
                {
                    refused.insert("\(top.qualifiedID) \(name): \(valueClass.name)")
                }
            } catch {
                // A refusal other than expected is the expecting line's.
                if case .notRefused = error, let expecting = line.refusal {
                    failure = (expecting.line, error.description)
                    break
                }
                failure = (line.number, error.description)
                break
            }
        }
        var result = Result(
            file: script.file, lineCount: script.lines.count, failure: failure, edges: session.recorder.edges,
            nodes: session.touched, transitions: session.walkedTransitions, walk: session.walk)
        result.refused = refused
        result.submitted = session.submitted
        return result
    }

    /// So many of so many.
    package struct Share: Hashable, Sendable, CustomStringConvertible {
        /// How many were covered.
        package let covered: Int
        /// Of how many.
        package let total: Int
        /// Whole percent, rounded down (100 of none).
        package var percent: Int { total == 0 ? 100 : covered * 100 / total }
        /// `12 of 20 (60%)`.
        package var description: String { "\(covered) of \(total) (\(percent)%)" }

        /// `covered` of `total`.
        package init(covered: Int, total: Int) {
            self.covered = covered
            self.total = total
        }
    }

    /// What a set of script runs covered of the variant.
    public struct Coverage: Hashable, Sendable {
        /// Screens walked, of all the variant's screens.
        package let screens: Share
        /// The projection's edges taken, of all of them.
        package let edges: Share
        /// State transitions taken, of all of them.
        package let transitions: Share
    }

    /// The classes of the variant's fields that `results` entered, as
    /// `instance/screen field: class`, beside every class the variant
    /// tells apart: those it takes (entered by the transitions walked) and
    /// those it refuses (entered by a script that expects the refusal,
    /// `(refused)` in the list of those missing); `nil` when it has no
    /// field.
    package static func classesEntered(
        by results: [Result], in variant: VariantGraph
    ) -> (share: Share, missing: [String])? {
        let states = variant.states
        let walked = results.reduce(into: Set<Int>()) { $0.formUnion($1.transitions) }
        var all: [String] = []
        var seen: Set<String> = []
        var entered = results.reduce(into: Set<String>()) { $0.formUnion($1.refused) }
        var refusing: [String] = []
        let fields = Dictionary(
            variant.screens.map { ($0.id, $0.fields) }, uniquingKeysWith: { first, _ in first })
        for (position, transition) in states.transitions.enumerated() {
            let screen = transition.input.screen ?? "start"
            for entry in transition.input.entries {
                let name = "\(screen) \(entry.field): \(entry.valueClass)"
                if seen.insert(name).inserted {
                    all.append(name)
                    // The field's refusing classes, where it is submitted.
                    let field = fields[screen]?.first { $0.name == entry.field }
                    for valueClass in field?.classes ?? [] where valueClass.refusal != nil {
                        let refused = "\(screen) \(entry.field): \(valueClass.name)"
                        if seen.insert(refused).inserted { refusing.append(refused) }
                    }
                }
                if walked.contains(position) { entered.insert(name) }
            }
        }
        guard !all.isEmpty else { return nil }
        let missing =
            all.filter { !entered.contains($0) } + refusing.filter { !entered.contains($0) }.map { $0 + " (refused)" }
        return (
            Share(covered: (all + refusing).count { entered.contains($0) }, total: all.count + refusing.count), missing
        )
    }

    /// The state transitions `results` took, by kind of input: actions,
    /// backs, timers, outside answers, other stepper emissions (kinds the
    /// variant has none of are left out).
    package func transitionsByKind(of results: [Result]) -> [(kind: String, share: Share)] {
        Self.transitionsByKind(of: results, in: variant.states)
    }

    /// The transitions of `states` that `results` took, by kind of input
    /// (see ``transitionsByKind(of:)``).
    package static func transitionsByKind(of results: [Result], in states: StateGraph) -> [(kind: String, share: Share)]
    {
        let walked = results.reduce(into: Set<Int>()) { $0.formUnion($1.transitions) }
        // An action that submits fields counts apart: one transition per
        // class entered, so its share says how many classes were tried.
        let kinds = [
            "actions", "backs", "timers", "outside answers", "stepper emissions", "values entered by class", "links",
            "sections selected", "relaunches",
        ]
        var totals = [Int](repeating: 0, count: kinds.count)
        var taken = [Int](repeating: 0, count: kinds.count)
        for (position, transition) in states.transitions.enumerated() {
            let kind: Int =
                switch transition.input.kind {
                case .choose(_, _, let role): role == .back ? 1 : 0
                case .submit: 5
                case .emit(_, _, let isTimer): isTimer ? 2 : 4
                case .answer: 3
                case .link: 6
                case .select: 7
                case .relaunch: 8
                @unknown default: 0
                }
            totals[kind] += 1
            if walked.contains(position) { taken[kind] += 1 }
        }
        return kinds.indices.filter { totals[$0] > 0 }.map { (kinds[$0], Share(covered: taken[$0], total: totals[$0])) }
    }

    /// The scripts among `results` whose state transitions the others
    /// (those not themselves redundant) take already, each with the
    /// scripts that take them; the shortest are dropped first.
    package func redundant(_ results: [Result]) -> [(file: String, coveredBy: [String])] {
        var kept = results.indices.filter { results[$0].passed }
        var redundant: [(file: String, coveredBy: [String])] = []
        for index in kept.sorted(by: {
            (results[$0].transitions.count, results[$1].file) < (results[$1].transitions.count, results[$0].file)
        }) {
            let others = kept.filter { $0 != index }
            let union = others.reduce(into: Set<Int>()) { $0.formUnion(results[$1].transitions) }
            guard results[index].transitions.isSubset(of: union) else { continue }
            kept.removeAll { $0 == index }
            let givers = others.filter { !results[$0].transitions.isDisjoint(with: results[index].transitions) }.map {
                results[$0].file
            }
            redundant.append((results[index].file, givers))
        }
        return redundant.sorted { $0.file < $1.file }
    }

    /// What `results` covered together.
    public func coverage(of results: [Result]) -> Coverage {
        let graph = variant.graph
        let screens = Set(graph.nodes.filter { $0.kind == .screen }.map(\.id))
        let edges = graph.edgeNames
        let visited = results.reduce(into: Set<String>()) { $0.formUnion($1.nodes) }.intersection(screens)
        let taken = results.reduce(into: Set<String>()) { $0.formUnion($1.edges) }.intersection(edges)
        let walked = results.reduce(into: Set<Int>()) { $0.formUnion($1.transitions) }
        return Coverage(
            screens: Share(covered: visited.count, total: screens.count),
            edges: Share(covered: taken.count, total: edges.count),
            transitions: Share(covered: walked.count, total: variant.states.transitions.count)
        )
    }
}
