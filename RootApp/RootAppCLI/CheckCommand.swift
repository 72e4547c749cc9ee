import StepflowGraph
import StepflowPlatform
import StepflowManifest
import StepflowReview
import StepflowScripts

enum CheckCommand {
    static let junit = OptionKey<String>(
        "junit", value: "file",
        help: "Also write the results as JUnit XML (a test case per script) to this file, for CI.")
    static let redundant = FlagKey(
        "redundant", help: "Also name the scripts whose state transitions the others take already.")

    static let command = RootApp.Command(
        spec: CommandSpec(
            name: "check",
            abstract: "Run acceptance scripts against a variant and report coverage.",
            discussion: """
                A script is plain text, one instruction a line:
                  choose <label, number, [key]>  choose an action
                  back                           the screen's back action
                  wait                           let a waiting timer finish now
                  answer <source> <answer>       the outside world answers
                  emit <stepper> <step>          a live stepper emits
                  link <address>                 the outside world opens a link
                  expect screen <inst/screen>    this screen must be showing
                  expect end [<inst.exit>]       the app must have ended (so)
                  expect layers <ids> | <ids>    the UI shows this stack | sheet
                  covers <requirement ids>       what the script exercises
                  # …                            a comment
                A script with an answer line answers that source (a permission, a service) itself; without one the \
                app's service answers, and each line waits until the app no longer waits for it (10 s at most). Each \
                script runs in a fresh walk. A failing line is reported with the screen actually showing. With no \
                script named, the scripts in the manifest's "scripts" folder run. Coverage counts the screens, edges \
                and state transitions of the variant's graph the scripts walked, and how each requirement stands: \
                passed (its rules hold and its scripts pass), failed, or uncovered. 'rootapp walk --record' writes a \
                script.
                Run on the variant's own scripts (none named), check ends with the sign-off verdict the review report \
                prints, from the same evidence, and exits 1 when the variant is not ready (coverage below the \
                manifest's "coverage" minimum among the reasons). --junit records the manifest's and catalog's \
                digests, the date, the tool and each module's package as properties.
                Given only manifests (every argument ends in .json), check runs each on its own scripts, on every \
                core, each report whole and in the order named, and exits with the worst status.
                """,
            arguments: [
                .init(name: "manifest", help: "The variant's manifest (several: a family, see above)."),
                .init(
                    name: "script",
                    help: "Acceptance scripts to run (default: those in the manifest's scripts folder).",
                    isRepeating: true, isOptional: true),
            ],
            options: [junit.option, redundant.option, OptionKey.locale.option]
        )
    ) { arguments, console, app throws(ExitCodeError) in
        let positional = arguments.positional
        // A family: every argument a manifest, each run on its own scripts,
        // on every core, each one's report whole and in the order named.
        if positional.count > 1 && positional.allSatisfy({ $0.hasSuffix(".json") }) {
            if arguments[Self.junit] != nil {
                console.error(
                    UsageError(
                        message:
                            "--junit records one variant: name one manifest (and its scripts), or run check once per "
                            + "manifest.",
                        command: "check"
                    ).text(program: app.name))
                throw ExitCodeError(code: .usage)
            }
            let codes = Family.run(positional, doing: "checking", console: console) { path, console in
                do throws(ExitCodeError) {
                    return try check(path, scripts: [], arguments, console, app)
                } catch {
                    return error.code
                }
            }
            return Family.worst(codes)
        }
        if let junit = arguments[Self.junit] {
            try OutputFile.check(junit, notOverwriting: positional, console)
        }
        return try check(positional[0], scripts: Array(positional.dropFirst()), arguments, console, app)
    }

    /// Runs `named` scripts (none: the manifest's own) against the variant
    /// at `path` and reports them on `console`; the status to exit with.
    static func check(
        _ path: String, scripts named: [String], _ arguments: ParsedArguments, _ console: Console, _ app: RootApp
    ) throws(ExitCodeError) -> ExitCode {
        // The JUnit file's date, checked before any script runs.
        let epoch = arguments[Self.junit] == nil ? nil : try EnvironmentSettings.sourceDateEpoch(console)
        let manifest = try app.manifest(path, console)
        let locale = try RootApp.locale(arguments[.locale], of: manifest, console)
        var paths = named
        if paths.isEmpty {
            guard let folder = manifest.scriptsFolder else {
                console.error(
                    UsageError(
                        message: "no script to run: name scripts, or a \"scripts\" folder in the manifest.",
                        command: "check"
                    ).text(program: app.name))
                throw ExitCodeError(code: .usage)
            }
            guard let found = Script.paths(in: folder) else {
                console.error(
                    """
                    \(manifest.file): error: scripts: cannot open the scripts folder '\(folder)'. To fix, check \
                    the name in \"scripts\" (beside the manifest).
                    """
                )
                throw ExitCodeError(code: .missingFile)
            }
            paths = found
        }
        // Every script is read and run: a broken one is reported and the
        // others still run; the exit code is the worst status met (66 for
        // a missing script, then 65 for a broken one, then 1 for a failure).
        var scripts: [Script] = []
        var unreadable: [ExitCode] = []
        for path in paths {
            do throws(ExitCodeError) {
                scripts.append(try InputFile.script(path, console))
            } catch {
                unreadable.append(error.code)
            }
        }
        let runner = ScriptRunner(manifest: manifest, registry: app.registry, services: app.services, locale: locale)
        try app.requireTexts(of: runner.variant, console)
        var results: [ScriptRunner.Result] = []
        for script in scripts {
            let result = runner.run(script)
            results.append(result)
            // Wrapped plain, then coloured: escape codes must not count as width.
            let text = result.passed ? "\(script.file): passed (\(script.lines.count) lines)" : result.description
            for line in console.wrap(text, indent: "    ", firstIndent: "") {
                console.print(result.passed ? console.green(line) : console.red(line))
            }
        }
        let failed = results.filter { !$0.passed }.count
        let coverage = runner.coverage(of: results)
        console.print("")
        // Every line wrapped to the terminal's width, indented as its table.
        func show(_ text: String, indent: String = "", continuation: String = "    ") {
            for line in console.wrap(text, indent: indent + continuation, firstIndent: indent) { console.print(line) }
        }
        show("Coverage of \(manifest.app.id) by \(scripts.count) script\(scripts.count == 1 ? "" : "s") that ran:")
        show("screens \(coverage.screens)", indent: "  ", continuation: "        ")
        show("edges   \(coverage.edges)", indent: "  ", continuation: "        ")
        show("inputs  \(coverage.transitions) state transitions", indent: "  ", continuation: "        ")
        let kinds = runner.transitionsByKind(of: results).map { "\($0.kind) \($0.share)" }.joined(separator: ", ")
        for line in console.wrap("by kind: " + kinds, indent: "            ", firstIndent: "          ") {
            console.print(line)
        }
        if let classes = ScriptRunner.classesEntered(by: results, in: runner.variant) {
            let missing = classes.missing.isEmpty ? "" : "; not entered: " + classes.missing.joined(separator: ", ")
            show(
                "classes \(classes.share) of the fields' value classes\(missing)", indent: "  ",
                continuation: "        ")
        }
        if let edges = ScriptRunner.classEdgesEntered(by: results, in: runner.variant) {
            let missing = edges.missing.isEmpty ? "" : "; not entered: " + edges.missing.joined(separator: "; ")
            show(
                "bounds  \(edges.share) of the class edge values validate tries\(missing)", indent: "  ",
                continuation: "        ")
        }
        // A date's class depends on the day: the scripts ran on this one.
        if let day = runner.variant.datesJudgedOn {
            show("dates   judged on \(day)", indent: "  ", continuation: "        ")
        }
        let (rules, _) = runner.variant.checkRules()
        let requirements = RequirementCoverage(manifest: manifest, rules: rules, scripts: scripts, results: results)
        for problem in requirements.unknown { console.error(problem.description) }
        if !requirements.entries.isEmpty {
            let entries = requirements.entries
            show(
                "requirements \(requirements.count(.passed)) of \(entries.count) "
                    + "passed, \(requirements.count(.failed)) failed, \(requirements.count(.uncovered)) uncovered",
                indent: "  ", continuation: "    ")
            for entry in entries {
                let evidence =
                    entry.rules.map { "rule \"\($0.name)\"" } + entry.scripts.map { "script \(fileName($0.file))" }
                let status = entry.verdict + (entry.requirement.critical ? ", critical" : "")
                let line =
                    "\(entry.requirement.id) \(status)"
                    + (evidence.isEmpty ? "" : ": " + evidence.joined(separator: ", "))
                for (index, wrapped) in console.wrap(line, indent: "        ", firstIndent: "    ").enumerated() {
                    console.print(index == 0 && entry.status == .failed ? console.red(wrapped) : wrapped)
                }
            }
        }
        if failed > 0 {
            console.print(console.red("\(failed) of \(scripts.count) script\(scripts.count == 1 ? "" : "s") failed."))
        }
        if arguments[Self.redundant] {
            let redundant = runner.redundant(results)
            console.print("")
            if redundant.isEmpty {
                console.print("Redundant: none; each passing script takes a state transition no other takes.")
            } else {
                console.print(
                    """
                    Redundant: \(redundant.count) of \(results.filter(\.passed).count) passing scripts take only \
                    state transitions the others take:
                    """
                )
                for entry in redundant {
                    for line in console.wrap(
                        """
                        \(fileName(entry.file)): all taken by \
                        \(entry.coveredBy.map(fileName).joined(separator: ", "))
                        """,
                        indent: "      ", firstIndent: "  ")
                    { console.print(line) }
                }
            }
        }
        // The same verdict the review report prints, from the same
        // evidence: only for the variant's own scripts (its folder), not a
        // few scripts named on the command line.
        var verdict: SignOffVerdict?
        if named.isEmpty {
            let signOff = SignOffVerdict(
                variant: runner.variant, rules: rules, results: results, coverage: coverage, requirements: requirements,
                findings: runner.variant.findings())
            verdict = signOff
            console.print("")
            for line in console.wrap(signOff.headline, indent: "    ", firstIndent: "") {
                switch signOff.standing {
                case .ready: console.print(console.green(line))
                case .unjudged: console.print(console.yellow(line))
                case .notReady: console.print(console.red(line))
                }
            }
        }
        if !unreadable.isEmpty {
            let count = unreadable.count
            console.print(console.red("\(count) script\(count == 1 ? "" : "s") could not be run (see above)."))
        }
        if let junit = arguments[Self.junit] {
            let record = ReviewRecord(
                manifest: manifest, registry: app.registry, tool: app.toolDescription,
                date: Platform.utcDate(epoch: epoch), locale: runner.locale,
                scripts: scripts)
            let written = OutputFile.write(
                JUnitReport.xml(
                    app: manifest.app.id, scripts: scripts, results: results, requirements: requirements, record: record
                ), to: junit, console)
            if written != .success { return written }
        }
        if unreadable.contains(.missingFile) { return .missingFile }
        if unreadable.contains(.badInput) || !requirements.unknown.isEmpty { return .badInput }
        return failed > 0 || requirements.count(.failed) > 0 || verdict?.standing == .notReady ? .findings : .success
    }
}

/// A script's file name without its folder, as `check` lists evidence.
private func fileName(_ path: String) -> String {
    path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
}
