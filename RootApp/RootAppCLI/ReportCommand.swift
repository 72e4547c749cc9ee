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
    static let force = FlagKey(
        "force", help: "Replace a prototype page beside the report that this tool did not write.")

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
                written all the same). Written to a file (-o report.html), the report also writes the variant's \
                page to click through beside it (report.prototype.html, as 'rootapp prototype' writes it) and links \
                to it; it never replaces a file there that it did not write itself, unless --force, and writes no \
                page beside a device or a pipe. Given several manifests, report writes each one's page into the \
                folder -o names (its file name, .html), on every core, and exits with the worst status.
                """,
            arguments: [
                .init(
                    name: "manifest", help: "The variant's manifest (several: a family, each page into -o's folder).",
                    isRepeating: true)
            ],
            options: [
                scripts.option, against.option, OptionKey.outputFile.option, OptionKey.locale.option, force.option,
            ]
        )
    ) { arguments, console, app throws(ExitCodeError) in
        let positional = arguments.positional
        guard positional.count > 1 else {
            let inputs = [positional[0]] + (arguments[Self.against].map { [$0] } ?? [])
            if let output = arguments[.outputFile] { try OutputFile.check(output, notOverwriting: inputs, console) }
            return try report(positional[0], to: arguments[.outputFile], arguments, console, app)
        }
        // A family: each manifest's page into one folder, on every core.
        let pages = try familyPages(positional, arguments, console, app)
        let codes = Family.run(pages, doing: "reporting", console: console) { family, console in
            do throws(ExitCodeError) {
                return try report(family.manifest, to: family.page, arguments, console, app)
            } catch {
                return error.code
            }
        }
        return Family.worst(codes)
    }

    /// Each manifest of a family and the page it is written to: `-o`'s
    /// folder and the manifest's file name, `.json` made `.html`. Refuses
    /// (64, 73) what a family cannot do: no folder, options for one variant,
    /// two manifests of one file name.
    static func familyPages(
        _ manifests: [String], _ arguments: ParsedArguments, _ console: Console, _ app: RootApp
    ) throws(ExitCodeError) -> [(manifest: String, page: String)] {
        func refuse(_ message: String) -> ExitCodeError {
            console.error(UsageError(message: message, command: "report").text(program: app.name))
            return ExitCodeError(code: .usage)
        }
        if arguments[Self.against] != nil || arguments[Self.scripts] != nil {
            throw refuse(
                "--against and --scripts are for one variant: with several manifests each runs its own scripts. "
                    + "To fix, name one manifest.")
        }
        guard let folder = arguments[.outputFile], folder != "-" else {
            throw refuse("several manifests write several pages: name a folder with -o (one page a manifest in it).")
        }
        guard OutputFile.isFolder(folder) else {
            console.error("error: '\(folder)' is not a folder. To fix, create it, or name one manifest.")
            throw ExitCodeError(code: .cannotCreate)
        }
        var pages: [(manifest: String, page: String)] = []
        var byPage: [String: String] = [:]
        for manifest in manifests {
            var name = manifest.split(separator: "/").last.map(String.init) ?? manifest
            if name.hasSuffix(".json") { name.removeLast(5) }
            let page = folder + "/" + name + ".html"
            if let other = byPage[page] {
                throw refuse(
                    other == manifest
                        ? "'\(manifest)' is named twice. To fix, name it once."
                        : "'\(other)' and '\(manifest)' would both write '\(page)'. To fix, rename one.")
            }
            byPage[page] = manifest
            try OutputFile.check(page, notOverwriting: manifests, console)
            pages.append((manifest, page))
        }
        return pages
    }

    /// Writes the review page of the manifest at `path` to `output`
    /// (`nil` or `-`: standard output); the status to exit with.
    static func report(
        _ path: String, to output: String?, _ arguments: ParsedArguments, _ console: Console, _ app: RootApp
    ) throws(ExitCodeError) -> ExitCode {
        let epoch = try EnvironmentSettings.sourceDateEpoch(console)
        let manifest = try app.manifest(path, console)
        let locale = try RootApp.locale(arguments[.locale], of: manifest, console)
        var scripts: [Script] = []
        if let folder = arguments[Self.scripts] ?? manifest.scriptsFolder {
            guard let paths = Script.paths(in: folder) else {
                console.error("error: cannot open the scripts folder '\(folder)'. To fix, check the path.")
                throw ExitCodeError(code: .missingFile)
            }
            for path in paths { scripts.append(try InputFile.script(path, console)) }
        }
        // Beside a report file, the page to click through the variant: the
        // variant is explored once for both, each transition's trace kept.
        let drawsPrototype = output.map { OutputFile.target(of: $0).isRegularFile } ?? false
        let runner = ScriptRunner(
            manifest: manifest, registry: app.registry, services: app.services, locale: locale,
            limits: drawsPrototype ? Prototype.explorationLimits : .standard)
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
        // Beside a report file, the page to click through the variant; the
        // report links to it.
        var prototype: (path: String, link: String)?
        if let output, drawsPrototype {
            let stem = output.hasSuffix(".html") ? String(output.dropLast(5)) : output
            let path = stem + ".prototype.html"
            try OutputFile.check(path, notOverwriting: [output, manifest.file], console)
            try OutputFile.checkBeside(
                path, writtenBy: PrototypePage.generator, force: arguments[Self.force], option: "--force", console)
            do throws(Prototype.Refusal) {
                let page = PrototypePage.html(
                    try Prototype(
                        manifest: manifest, registry: app.registry, services: app.services, explored: runner.variant),
                    locale: locale, manifestPath: manifest.file)
                let written = OutputFile.write(page, to: path, console)
                guard written == .success else { return written }
                prototype = (path, path.split(separator: "/").last.map(String.init) ?? path)
            } catch {
                console.error(console.yellow("warning: no prototype: \(error.message)"))
            }
        }
        var contents = ReviewReport.Contents(
            variant: runner.variant, rules: rules, scripts: scripts, results: results,
            coverage: scripts.isEmpty ? nil : runner.coverage(of: results), requirements: requirements,
            diagram: diagram, against: against, generator: app.toolDescription,
            record: ReviewRecord(
                manifest: manifest, registry: app.registry, tool: app.toolDescription,
                date: Platform.utcDate(epoch: epoch),
                locale: runner.locale, scripts: scripts))
        contents.prototype = prototype?.link
        let (html, verdict) = ReviewReport.render(contents)
        let written = OutputFile.write(html, to: output ?? "-", console)
        guard written == .success else { return written }
        if let output, output != "-" {
            let wrote = prototype.map { "Wrote \(output) and its prototype \($0.path)." } ?? "Wrote \(output)."
            for line in console.wrap("\(wrote) \(verdict.headline)", indent: "  ", firstIndent: "") {
                console.error(verdict.standing == .notReady ? console.red(line) : console.dim(line))
            }
        }
        if !requirements.unknown.isEmpty { return .badInput }
        return verdict.standing == .notReady ? .findings : .success
    }
}
