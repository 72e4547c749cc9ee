import StepflowGraph
import StepflowPlatform
import StepflowManifest
import StepflowReview
import StepflowScripts

enum ReportCommand {
    static let scripts = OptionKey<String>(
        "scripts", value: "folder",
        help: "Run the acceptance scripts in this folder (default: the manifest's \"scripts\" folder).")
    static let against = OptionKey<String>(
        "against", value: "manifest", help: "Also list the differences from this variant.")

    static let command = RootApp.Command(
        spec: CommandSpec(
            name: "report",
            abstract: "Write a variant's review package: one self-contained HTML page to sign off.",
            discussion:
                """
                The page holds the variant (modules, options, routes), its requirements with the rules and scripts \
                behind each and their status, every path rule with its proof or the walk that breaks it, the \
                scripts' results and coverage, every screen with its words and where each action leads, the \
                navigation diagram (inline SVG when Graphviz's dot is installed, else an outline and a note), the \
                findings, and with --against the differences from another variant. It uses no script and no \
                network, and prints on A4. The cover says whether the variant is ready for sign-off and on what \
                evidence: the rules proved, the scripts passed and the share of the variant they took, the \
                requirements, error findings, shown texts per locale, against the manifest's \"coverage\" minimum \
                (without one, coverage is stated, not judged); and it records the manifest's and catalog's \
                digests, the date (SOURCE_DATE_EPOCH when set), the tool, Stepflow's version and each module's \
                package. Exits 1 when the variant is not ready: a rule refuted, a script failed, a requirement \
                failed or a critical one uncovered, an error finding, or coverage below the minimum (the report is \
                written all the same).
                """,
            arguments: [.init(name: "manifest", help: "The variant's manifest.")],
            options: [scripts.option, against.option, OptionKey.outputFile.option, OptionKey.locale.option]
        )
    ) { arguments, console, app throws(ExitCodeError) in
        let inputs = [arguments.positional[0]] + (arguments[Self.against].map { [$0] } ?? [])
        if let output = arguments[.outputFile] { try OutputFile.check(output, notOverwriting: inputs, console) }
        let manifest = try app.manifest(arguments.positional[0], console)
        let locale = try RootApp.locale(arguments[.locale], of: manifest, console)
        var scripts: [Script] = []
        if let folder = arguments[Self.scripts] ?? manifest.scriptsFolder {
            guard let paths = Script.paths(in: folder) else {
                console.error("error: cannot open the scripts folder '\(folder)'. To fix, check the path.")
                throw ExitCodeError(code: .missingFile)
            }
            for path in paths { scripts.append(try InputFile.script(path, console)) }
        }
        let runner = ScriptRunner(manifest: manifest, registry: app.registry, services: app.services, locale: locale)
        let results = scripts.map(runner.run)
        let (rules, ruleDiagnostics) = runner.variant.checkRules()
        for diagnostic in ruleDiagnostics { console.error(diagnostic.description) }
        let requirements = RequirementCoverage(
            manifest: manifest, rules: rules, scripts: scripts, results: scripts.isEmpty ? nil : results)
        for problem in requirements.unknown { console.error(problem.description) }
        var against: (variant: VariantGraph, diff: VariantDiff)?
        if let other = arguments[Self.against] {
            let otherManifest = try app.manifest(other, console)
            // In this report's locale when the other ships it, else its own.
            let shared = otherManifest.locales.contains(runner.variant.locale) ? runner.variant.locale : nil
            let otherVariant = VariantGraph(
                manifest: otherManifest, registry: app.registry, services: app.services, locale: shared)
            against = (otherVariant, VariantDiff(runner.variant, otherVariant))
        }
        let diagram: ReviewReport.Diagram
        switch Graphviz.render(OverviewExporter.overview(runner.variant)) {
        case .success(let svg): diagram = .svg(svg)
        case .failure(.notInstalled):
            diagram = .outline(
                reason: "Graphviz's dot was not installed where this report was made, so the diagram is not drawn.")
        case .failure(.failed(let why)): diagram = .outline(reason: "Graphviz could not draw the diagram (\(why)).")
        }
        if case .outline(let reason) = diagram {
            console.error(console.yellow("warning: \(reason) To draw it, install Graphviz and run report again."))
        }
        let (html, verdict) = ReviewReport.render(
            ReviewReport.Contents(
                variant: runner.variant, rules: rules, scripts: scripts, results: results,
                coverage: scripts.isEmpty ? nil : runner.coverage(of: results), requirements: requirements,
                diagram: diagram, against: against, generator: app.toolDescription,
                record: ReviewRecord(
                    manifest: manifest, registry: app.registry, tool: app.toolDescription, date: Platform.utcDate())
            ))
        let written = OutputFile.write(html, to: arguments[.outputFile] ?? "-", console)
        guard written == .success else { return written }
        if let output = arguments[.outputFile], output != "-" {
            for line in console.wrap("Wrote \(output). \(verdict.headline)", indent: "  ", firstIndent: "") {
                console.error(verdict.standing == .notReady ? console.red(line) : console.dim(line))
            }
        }
        if !requirements.unknown.isEmpty { return .badInput }
        return verdict.standing == .notReady ? .findings : .success
    }
}
