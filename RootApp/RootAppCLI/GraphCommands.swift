#if canImport(Glibc)
import Glibc
#endif
import BundledModules
import Dispatch
import Stepflow
import StepflowGraph
import StepflowManifest

/// Explores a manifest's variant, reporting load failures.
enum Exploring {
    /// The variant's graph. When exploring takes over a second, a line on
    /// stderr says what is happening, so a large variant does not look hung.
    static func variant(_ path: String, _ console: Console) throws(ExitCodeError) -> VariantGraph {
        let manifest = try Loading.manifest(path, console)
        let notice = DispatchWorkItem {
            console.error(console.dim("Exploring \(manifest.app.id): every step of every module… (large variants take a few seconds)"))
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 1, execute: notice)
        defer { notice.cancel() }
        return VariantGraph(manifest: manifest, registry: BundledModules.registry)
    }
}

/// Writes text to a file, or reports why it cannot.
/// Writing a command's output file: checked before any work is done,
/// never over one of the command's inputs, and atomic (a temporary file
/// beside it, then a rename), so a failure never leaves half a file or
/// destroys the one that was there.
enum OutputFile {
    /// Reports and throws (exit 73) unless `path` can be written: its
    /// folder exists and is writable, it is not a folder, and it is none
    /// of `inputs` (the manifest, a script).
    static func check(_ path: String, notOverwriting inputs: [String], _ console: Console) throws(ExitCodeError) {
        if path == "-" { return }  // standard output
        let target = canonical(path)
        if let input = inputs.first(where: { canonical($0) == target }) {
            console.error("error: '\(path)' is \(input == path ? "an input of this command" : "the same file as '\(input)'"), so writing it would destroy it. To fix, name another output file.")
            throw ExitCodeError(code: .cannotCreate)
        }
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            console.error("error: '\(path)' is a folder. To fix, name a file in it.")
            throw ExitCodeError(code: .cannotCreate)
        }
        let folder = directory(of: path)
        guard access(folder, W_OK) == 0 else {
            console.error("error: cannot write '\(path)': \(String(cString: strerror(errno))) (the folder '\(folder)'). To fix, create the folder or name another file.")
            throw ExitCodeError(code: .cannotCreate)
        }
    }

    /// Writes `text` to `path` atomically (`-`: standard output); reports
    /// a failure (exit 73).
    static func write(_ text: String, to path: String, _ console: Console) -> ExitCode {
        if path == "-" {
            console.out(text)
            return .success
        }
        let temporary = directory(of: path) + "/.\(base(of: path)).rootapp-\(getpid())"
        guard let file = fopen(temporary, "w") else {
            console.error("error: cannot write '\(path)': \(String(cString: strerror(errno))).")
            return .cannotCreate
        }
        var text = text
        let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
        let flushed = fflush(file) == 0 && fsync(fileno(file)) == 0
        let failure = errno
        fclose(file)
        guard written == text.utf8.count, flushed, rename(temporary, path) == 0 else {
            console.error("error: writing '\(path)' failed: \(String(cString: strerror(written == text.utf8.count && flushed ? errno : failure))). Nothing was changed.")
            unlink(temporary)
            return .cannotCreate
        }
        return .success
    }

    /// The folder `path` is in (`.` for a bare name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func base(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// The path with links and `..` resolved, when it exists.
    private static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

enum ModulesCommand {
    static let command = RootApp.Command(spec: CommandSpec(
        name: "modules",
        abstract: "List the bundled modules: options, entry fields, exits and screens.",
        discussion: "Exits and screens are found by exploring each module's flow with its default options, then with each other value of each choice or boolean option (the others at their defaults); one found only under some of these settings says which."
    )) { _, console in
        for module in BundledModules.registry.all {
            console.print(console.bold(module.id))
            for line in console.wrap(module.summary, indent: "  ", firstIndent: "  ") { console.print(line) }
            console.print("  options:")
            if module.options.isEmpty { console.print("    (none)") }
            for option in module.options {
                for line in console.wrap("\(option.name): \(option.kind), default \(option.defaultValue)", indent: "      ", firstIndent: "    ") { console.print(line) }
                for line in console.wrap(option.summary, indent: "      ", firstIndent: "      ") { console.print(console.dim(line)) }
            }
            if !module.entryFields.isEmpty {
                console.print("  entry needs:")
                for field in module.entryFields {
                    for line in console.wrap("\(field.name): \(field.kind)\(field.isRequired ? "" : " (optional)")", indent: "      ", firstIndent: "    ") { console.print(line) }
                }
            }
            let survey = ModuleSurvey(module)
            console.print("  exits:")
            for exit in survey.exits {
                let fields = exit.fields.isEmpty ? "" : " (hands on \(exit.fields.joined(separator: ", ")))"
                let when = exit.availability == .always ? "" : " (\(exit.availability))"
                for line in console.wrap("\(exit.name)\(fields)\(when): \(exit.summary).", indent: "      ", firstIndent: "    ") { console.print(line) }
            }
            console.print("  screens (a rule names one as '<instance>/<screen>'):")
            for screen in survey.screens {
                let when = screen.availability == .always ? "" : " (\(screen.availability))"
                for line in console.wrap("\(screen.id): \(screen.title)\(when)", indent: "      ", firstIndent: "    ") { console.print(line) }
            }
            console.print()
        }
        return .success
    }
}

enum TraceCommand {
    static let command = RootApp.Command(spec: CommandSpec(
        name: "trace",
        abstract: "Every reachable step with a shortest walk that reaches it.",
        discussion: "Each step comes after its depth, the fewest inputs a person needs to reach it, then the walk: one input a line, on the screen it is given on, as 'rootapp walk' and acceptance scripts take it (choose a label, b for back, s to let a timer finish).",
        arguments: [.init(name: "manifest", help: "The variant's manifest.")],
        options: [.init(name: "format", value: "format", help: "text (default) or json.", choices: ["text", "json"])]
    )) { arguments, console throws(ExitCodeError) in
        let variant = try Exploring.variant(arguments.positional[0], console)
        console.out(arguments.value("format") == "json" ? TraceExporter.json(variant.states) : TraceExporter.text(variant.states, width: console.width))
        return .success
    }
}

enum GraphCommand {
    static let command = RootApp.Command(spec: CommandSpec(
        name: "graph",
        abstract: "Export a variant's navigation graph: DOT, Mermaid, JSON or SVG.",
        discussion: "DOT and SVG draw, by default, the overview a reviewer reads on one page: the module instances and the routes taken between them, from the start at the top to the end at the bottom, with the data each route hands on. --detail draws every module's screens as a cluster (one node per screen, an arrow per action to the screen it leads to); --module X draws X's screens only; --steps draws every step and screen (as JSON and Mermaid do). svg runs Graphviz's dot, which must be installed.",
        arguments: [.init(name: "manifest", help: "The variant's manifest.")],
        options: [
            .init(name: "format", value: "format", help: "(required) dot, mermaid, json or svg.", choices: ["dot", "mermaid", "json", "svg"]),
            .init(name: "detail", help: "DOT and SVG: every module's screens, as clusters."),
            .init(name: "module", value: "instance", help: "DOT and SVG: this module instance's screens only."),
            .init(name: "steps", help: "DOT and SVG: every step and screen, the full graph."),
            .init(name: "output", short: "o", value: "file", help: "Write to this file instead of standard output (checked before any work; written whole, or not at all). '-' is standard output."),
        ]
    )) { arguments, console throws(ExitCodeError) in
        if let output = arguments.value("output") { try OutputFile.check(output, notOverwriting: [arguments.positional[0]], console) }
        let variant = try Exploring.variant(arguments.positional[0], console)
        let format = arguments.value("format") ?? "dot"
        let title = variant.manifest.app.name
        if let module = arguments.value("module"), variant.manifest.instance(module) == nil {
            let ids = variant.manifest.instances.map(\.id)
            let hint = Suggestion.nearest(to: module, in: ids).map { " Did you mean '\($0)'?" } ?? ""
            console.error(UsageError(message: "no module instance '\(module)' in '\(variant.manifest.app.id)'.\(hint) Instances: \(ids.joined(separator: ", ")).", command: "graph").text)
            return .usage
        }
        let dot: String
        if arguments.flag("steps") {
            dot = DOTExporter.export(variant.graph, title: title)
        } else if arguments.flag("detail") || arguments.value("module") != nil {
            dot = OverviewExporter.screens(variant, title: title, module: arguments.value("module"))
        } else {
            dot = OverviewExporter.overview(variant, title: title)
        }
        if format == "svg" { return Graphviz.svg(dot, output: arguments.value("output"), console) }
        let text = switch format {
        case "mermaid": MermaidExporter.export(variant.graph)
        case "json": JSONExporter.export(variant.graph)
        default: dot
        }
        if let output = arguments.value("output") { return OutputFile.write(text, to: output, console) }
        console.out(text)
        return .success
    }
}

/// Runs Graphviz's `dot` to turn DOT into SVG.
enum Graphviz {
    static func svg(_ dot: String, output: String?, _ console: Console) -> ExitCode {
        var template = Array("/tmp/rootapp-XXXXXX.dot".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }  // a writable buffer
        guard descriptor >= 0 else {
            console.error("error: cannot make a temporary file: \(String(cString: strerror(errno))).")
            return .missingFile
        }
        let input = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(input) }
        var text = dot
        _ = text.withUTF8 { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        // Rendered beside the output, then renamed over it: never half a file.
        // `-o -` (or none) lets dot write to standard output.
        let output = output == "-" ? nil : output
        let rendered = output.map { OutputFile.directory(of: $0) + "/.rootapp-\(getpid()).svg" }
        defer { if let rendered { unlink(rendered) } }
        var arguments = ["dot", "-Tsvg", input] + (rendered.map { ["-o", $0] } ?? [])
        var pid: pid_t = 0
        let status = arguments.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var pointers = buffer.map { strdup($0) } + [nil]
            defer { pointers.forEach { free($0) } }
            return posix_spawnp(&pid, "dot", nil, nil, &pointers, environ)
        }
        guard status == 0 else {
            console.error("error: svg needs Graphviz's 'dot', which is not installed. To fix, install Graphviz (Debian and Ubuntu: apt-get install graphviz; macOS: brew install graphviz), or export --format dot and render it elsewhere.")
            return .unavailable
        }
        var waitStatus: Int32 = 0
        waitpid(pid, &waitStatus, 0)
        let exited = waitStatus & 0x7F == 0
        let code = (waitStatus >> 8) & 0xFF
        guard exited, code == 0 else {
            let how = exited ? "exited with status \(code)" : "was stopped by signal \(waitStatus & 0x7F)"
            console.error("error: Graphviz's dot \(how) while rendering the SVG (its message is above). To fix, check that 'dot -Tsvg' works here, or export --format dot and render it elsewhere.")
            return .unavailable
        }
        guard let output, let rendered else { return .success }
        guard rename(rendered, output) == 0 else {
            console.error("error: cannot write '\(output)': \(String(cString: strerror(errno))).")
            return .cannotCreate
        }
        return .success
    }
}

enum PathsCommand {
    static let command = RootApp.Command(spec: CommandSpec(
        name: "paths",
        abstract: "Walks from the start to a node, shortest first, as many as a limit allows.",
        discussion: "Each walk visits no state twice, and no two print the same screens and steps. Every walk can be replayed in 'rootapp walk' input for input.",
        arguments: [.init(name: "manifest", help: "The variant's manifest.")],
        options: [
            .init(name: "to", value: "node", help: "(required) The node id, as trace prints it: onboarding/privacy, test.timerDone, end."),
            .init(name: "limit", value: "n", help: "At most this many paths (1-10000, default 10)."),
        ]
    )) { arguments, console throws(ExitCodeError) in
        let limitText = arguments.value("limit") ?? "10"
        guard let limit = Int(limitText), (1...10_000).contains(limit) else {
            console.error(UsageError(message: "--limit takes a whole number from 1 to 10000, not '\(limitText)'.", command: "paths").text)
            return .usage
        }
        let variant = try Exploring.variant(arguments.positional[0], console)
        let graph = variant.graph
        let id = arguments.value("to") ?? ""
        guard let target = graph.node(withID: id) else {
            let hint = Suggestion.nearest(to: id, in: graph.nodes.map(\.id)).map { " Did you mean '\($0)'?" } ?? ""
            console.error(UsageError(message: "no node '\(id)' in the graph of '\(graph.app)'.\(hint) 'rootapp trace' lists the steps; screens are '<instance>/<screen>'.", command: "paths").text)
            return .usage
        }
        let found = variant.states.walks(to: target, limit: limit)
        if found.walks.isEmpty {
            console.print("No walk from the start reaches \(id).")
            return .success
        }
        for (index, walk) in found.walks.enumerated() {
            console.print("\(index + 1). \(walk.depth) input\(walk.depth == 1 ? "" : "s")")
            if walk.inputs.isEmpty { console.print("     (at the start, before any input)") }
            for input in walk.inputs { console.out(TraceExporter.line(for: input, width: console.width)) }
        }
        if found.isTruncated {
            let count = found.walks.count
            console.error(console.dim("Stopped at \(count) walk\(count == 1 ? "" : "s")\(count < limit ? " (search budget reached)" : ""); raise --limit for more."))
        }
        return .success
    }
}

enum DiffCommand {
    static let command = RootApp.Command(spec: CommandSpec(
        name: "diff",
        abstract: "What differs between two variants: modules, options, routes and screens first, then the steps.",
        discussion: "Exits 1 when the variants differ, 0 when they reach the same steps and screens by the same edges.",
        arguments: [.init(name: "manifest-a", help: "The first variant."), .init(name: "manifest-b", help: "The second variant.")]
    )) { arguments, console throws(ExitCodeError) in
        let a = try Exploring.variant(arguments.positional[0], console)
        let b = try Exploring.variant(arguments.positional[1], console)
        let diff = VariantDiff(a, b)
        let (nameA, nameB) = (a.manifest.app.id, b.manifest.app.id)
        if diff.isEmpty {
            console.print("\(nameA) and \(nameB) have the same modules, routes, screens, steps and edges.")
            return .success
        }
        func section(_ title: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            console.print(console.bold("\(title) (\(items.count)):"))
            for item in items { for line in console.wrap(item, indent: "      ", firstIndent: "  ") { console.print(line) } }
            console.print()
        }
        console.print(console.bold("Summary: \(nameA) → \(nameB)"))
        if diff.summaryIsEmpty { console.print("  Same modules, options, routes and screens; the steps below differ.") }
        console.print()
        section("Modules only in \(nameA)", diff.instancesOnlyInA)
        section("Modules only in \(nameB)", diff.instancesOnlyInB)
        section("Options changed", diff.changedOptions)
        section("Routes only in \(nameA)", diff.routesOnlyInA)
        section("Routes only in \(nameB)", diff.routesOnlyInB)
        section("Routes changed", diff.changedRoutes)
        section("Screens only in \(nameA)", diff.screensOnlyInA)
        section("Screens only in \(nameB)", diff.screensOnlyInB)
        let detail = diff.detail
        if !detail.isEmpty {
            console.print(console.bold("Detail, inside the modules (the app's own steps are summed up by the routes):"))
            console.print()
            section("Steps and screens only in \(nameA)", detail.nodesOnlyInA)
            section("Steps and screens only in \(nameB)", detail.nodesOnlyInB)
            section("Edges only in \(nameA)", detail.edgesOnlyInA)
            section("Edges only in \(nameB)", detail.edgesOnlyInB)
        }
        return .findings
    }
}

enum ValidateCommand {
    static let command = RootApp.Command(spec: CommandSpec(
        name: "validate",
        abstract: "Check manifests: errors and warnings in each, graph findings, path rules.",
        discussion: "Prints one line per manifest on standard output (valid, or how many errors). Each problem goes to standard error as 'file:line:column: error: …' (or 'file: error: …' for the variant as a whole), so editors can jump to it; a refuted rule's counter-example follows it, one input a line. Exits 1 when any manifest has an error, a finding of error severity or a refuted rule; 66 when a file is missing.",
        arguments: [.init(name: "manifest", help: "The manifests to check; '-' reads one from standard input.", isRepeating: true)]
    )) { arguments, console throws(ExitCodeError) in
        var worst = ExitCode.success
        for path in arguments.positional {
            let manifest: Manifest
            do throws(ManifestLoadError) {
                manifest = try Loading.loader.load(path: path)
            } catch {
                switch error {
                case .invalid(let diagnostics):
                    let errors = diagnostics.filter { $0.severity == .error }.count
                    console.print(console.red("\(path): \(errors) error\(errors == 1 ? "" : "s")"))
                    for diagnostic in diagnostics { console.error(diagnostic.description) }
                    if worst == .success { worst = .findings }
                case .fileNotFound, .unreadable:
                    console.print(console.red("\(path): not checked"))
                    console.error(error.description)
                    worst = .missingFile
                }
                continue
            }
            let variant = VariantGraph(manifest: manifest, registry: BundledModules.registry)
            let findings = variant.findings()
            let (rules, ruleDiagnostics) = variant.checkRules()
            let errors = findings.filter { $0.severity == .error }.count + rules.filter { !$0.holds }.count
                + ruleDiagnostics.filter { $0.severity == .error }.count
            let warnings = manifest.warnings.count + findings.filter { $0.severity == .warning }.count
                + ruleDiagnostics.filter { $0.severity == .warning }.count
            let graph = variant.graph
            let summary = "\(variant.states.states.count) states, \(graph.nodes.count) nodes, \(graph.edges.count) edges; \(rules.filter(\.holds).count) of \(manifest.rules.count) rules proved"
            let verdict = errors > 0 ? console.red("\(errors) error\(errors == 1 ? "" : "s")") : warnings > 0 ? console.yellow("valid, \(warnings) warning\(warnings == 1 ? "" : "s")") : console.green("valid")
            console.print("\(path): \(verdict) (\(summary))")
            for diagnostic in manifest.warnings + ruleDiagnostics { console.error(diagnostic.description) }
            for finding in findings { console.error("\(path): \(finding.description)") }
            for rule in rules where !rule.holds { report(rule, in: path, console) }
            if errors > 0 && worst == .success { worst = .findings }
        }
        return worst
    }

    /// A refuted rule: where it is written, why, and the walk that breaks
    /// it, one input a line.
    static func report(_ rule: PathRuleResult, in path: String, _ console: Console) {
        let place = "\(path):\(rule.rule.location)"
        guard let walk = rule.walk else {
            console.error("\(place): error: \(rule.rule.path): rule refuted: \(rule.rule.name): no walk reaches it.")
            return
        }
        console.error("\(place): error: \(rule.rule.path): rule refuted: \(rule.rule.name). A walk that breaks it (\(walk.depth) input\(walk.depth == 1 ? "" : "s")):")
        if walk.inputs.isEmpty { console.error("     (at the start, before any input)") }
        for input in walk.inputs { console.err(TraceExporter.line(for: input, width: console.width)) }
    }
}
