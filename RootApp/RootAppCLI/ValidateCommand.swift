import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowReview
import StepflowScripts

enum ValidateCommand {
    static let command = RootApp.Command(
        spec: CommandSpec(
            name: "validate",
            abstract: "Check manifests: errors and warnings in each, graph findings, path rules.",
            discussion:
                """
                Prints one line per manifest on standard output (valid, or how many errors). Each problem goes to \
                standard error as 'file:line:column: error: …' (or 'file: error: …' for the variant as a whole), \
                so editors can jump to it; a refuted rule's counter-example follows it, one input a line. Many \
                manifests are checked on every core, and each one's lines come whole, in the order named. Exits 1 \
                when any manifest has an error, a finding of error severity or a refuted rule; 66 when a file is \
                missing.
                """,
            arguments: [
                .init(
                    name: "manifest", help: "The manifests to check; '-' reads one from standard input.",
                    isRepeating: true)
            ]
        )
    ) { arguments, console, app throws(ExitCodeError) in
        // Manifests are checked on every core; each one's lines are written
        // whole and in the order named. The worst status wins: a missing
        // file (66), then an error (1).
        return Family.worst(
            Family.run(arguments.positional, doing: "validating", console: console) { path, console in
                validate(path, console, app)
            })
    }

    /// Checks the manifest at `path`, writing its verdict line to `console`
    /// and each problem to its errors; `.findings` when it has an error,
    /// `.missingFile` when it cannot be read.
    static func validate(_ path: String, _ console: Console, _ app: RootApp) -> ExitCode {
        let manifest: Manifest
        do throws(ManifestLoadError) {
            manifest = try app.loader.load(path: path)
        } catch {
            switch error {
            case .invalid(let diagnostics):
                let errors = diagnostics.filter { $0.severity == .error }.count
                console.print(console.red("\(path): \(errors) error\(errors == 1 ? "" : "s")"))
                for diagnostic in diagnostics { console.error(diagnostic.description) }
                return .findings
            case .fileNotFound, .unreadable:
                console.print(console.red("\(path): not checked"))
                console.error(error.description)
                return .missingFile
            }
        }
        let variant = VariantGraph(manifest: manifest, registry: app.registry, services: app.services)
        let findings = variant.findings()
        let (rules, ruleDiagnostics) = variant.checkRules()
        let (requirements, requirementProblems) = requirementCoverage(of: manifest, rules: rules)
        // An outside answer analysis assumed rather than explored: every
        // verdict below rests on it, and says so.
        let assumptions = variant.states.assumptions
        let refuted = rules.filter { !$0.holds }
        // Every problem, typed, in the order they are printed; the verdict
        // is made from them.
        let verdict = ValidationVerdict(
            problems: assumptions.map { .init(.assumption, .warning, "\(path): \(RootApp.assumptionWarning($0))") }
                + manifest.warnings.map { .init(.manifest, $0) } + ruleDiagnostics.map { .init(.rule, $0) }
                + requirementProblems + findings.map { .init($0, in: path) }
                + ValidationVerdict.toolWordProblems(locales: manifest.locales, in: path)
                + refuted.map { .init(.rule, .error, refutation($0, in: path)) })
        let graph = variant.graph
        var summary =
            """
            \(variant.states.states.count) states, \(graph.nodes.count) nodes, \(graph.edges.count) edges; \
            \(rules.filter(\.holds).count) of \(manifest.rules.count) rules proved
            """
        if !assumptions.isEmpty {
            summary += "; \(assumptions.count) outside answer\(assumptions.count == 1 ? "" : "s") assumed, not explored"
        }
        // Every routed link, opened from every live state: where each ended.
        if !manifest.links.isEmpty { summary += "; " + variant.states.links.summary }
        // Tabs explored as components, or as their product and why.
        if let composition = variant.states.composition { summary += "; " + composition.summary }
        // Each class tried at its edges, beside its representative.
        let edges = variant.states.classEdgesTried
        if edges > 0 { summary += "; \(edges) class edge\(edges == 1 ? "" : "s") tried" }
        // A class relative to a day ("18 or over") was judged on this one.
        if let day = variant.datesJudgedOn { summary += "; date classes judged on \(day)" }
        if let requirements, !requirements.entries.isEmpty {
            summary +=
                """
                ; \(requirements.entries.count - requirements.count(.uncovered)) of \
                \(requirements.entries.count) requirements covered
                """
        }
        // Said per locale, over every text a person can see (declared,
        // literal and option values): never more than was counted.
        for locale in manifest.locales where locale != "en" {
            let coverage = variant.translationCoverage(in: locale)
            summary +=
                coverage.isComplete
                ? "; all \(coverage.total) texts a person can see have \(locale) words"
                : "; \(coverage.untranslated) of \(coverage.total) texts a person can see have no \(locale) words"
        }
        // The summary wrapped after room for the headline, which is then
        // written coloured: escape codes must not count as width.
        let room = String(repeating: " ", count: "\(path): \(verdict.headline) ".count)
        let lines = console.wrap("(\(summary))", indent: "    ", firstIndent: room)
        let colour: (String) -> String =
            switch verdict.worst {
            case .error: console.red
            case .warning: console.yellow
            case nil: console.green
            }
        console.print("\(path): " + colour(verdict.headline) + " " + lines[0].dropFirst(room.count))
        for line in lines.dropFirst() { console.print(line) }
        for problem in verdict.problems.dropLast(refuted.count) { console.error(problem.description) }
        for rule in refuted { report(rule, in: path, console) }
        return verdict.isValid ? .success : .findings
    }

    /// How `manifest`'s requirements are covered by its `rules` and the
    /// scripts in its scripts folder (not run): the coverage, and the
    /// problems (a script that does not read, a requirement a script names
    /// but the manifest does not list, one nothing covers).
    static func requirementCoverage(
        of manifest: Manifest, rules: [PathRuleResult]
    ) -> (RequirementCoverage?, [ValidationVerdict.Problem]) {
        guard !manifest.requirements.isEmpty || manifest.scriptsFolder != nil else { return (nil, []) }
        var problems: [ValidationVerdict.Problem] = []
        var scripts: [Script] = []
        if let folder = manifest.scriptsFolder {
            if let paths = Script.paths(in: folder) {
                for path in paths {
                    do throws(ScriptLoadError) {
                        scripts.append(try Script.load(path: path))
                    } catch {
                        problems.append(.init(.script, .error, error.description))
                    }
                }
            } else {
                problems.append(
                    .init(
                        .script, .error,
                        """
                        \(manifest.file): error: scripts: cannot open the scripts folder '\(folder)'. To fix, \
                        check the name in \"scripts\" (beside the manifest).
                        """))
            }
        }
        let coverage = RequirementCoverage(manifest: manifest, rules: rules, scripts: scripts)
        problems += coverage.unknown.map { .init(.requirement, .error, $0.description) }
        problems += coverage.uncovered(in: manifest.file).map { .init(.requirement, $0) }
        return (coverage, problems)
    }

    /// A refuted rule: where it is written, why, and the walk that breaks
    /// it, one input a line.
    static func report(_ rule: PathRuleResult, in path: String, _ console: Console) {
        console.error(refutation(rule, in: path))
        guard let walk = rule.walk else { return }
        if walk.inputs.isEmpty { console.error("     (at the start, before any input)") }
        for input in walk.inputs { console.err(TraceExporter.line(for: input, width: console.width)) }
        // A link rule's walk ends with the link: say where it landed.
        if case .linkLandsOn = rule.rule.kind, let landed = rule.counterExample?.last {
            console.error("     and the link lands on \(landed)")
        }
        if let detail = rule.detail {
            for line in console.wrap(detail, indent: "       ", firstIndent: "     ") { console.error(line) }
        }
    }
}

extension ValidateCommand {
    /// A refuted rule's first line: where it is written, and that a walk breaks it.
    static func refutation(_ rule: PathRuleResult, in path: String) -> String {
        let place = "\(path):\(rule.rule.location)"
        guard let walk = rule.walk else {
            return "\(place): error: \(rule.rule.path): rule refuted: \(rule.rule.name): no walk reaches it."
        }
        return """
            \(place): error: \(rule.rule.path): rule refuted: \(rule.rule.name). A walk that breaks it \
            (\(walk.depth) input\(walk.depth == 1 ? "" : "s")):
            """
    }
}

extension RootApp {
    /// The warning for an outside answer analysis assumed: what it rests
    /// on and how to have it explored instead.
    static func assumptionWarning(_ assumed: AssumedAnswer) -> String {
        """
        warning: answer assumed, not explored: \(assumed) defers its answer (Adaptation.deferred), so every \
        verdict here takes it as the step unchanged and never sees another answer. To fix, declare the answers: \
        return .ask(Question(…)) from adapt(step:).
        """
    }
}
