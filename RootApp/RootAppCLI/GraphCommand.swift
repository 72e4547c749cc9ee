#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowPlatform

enum GraphCommand {
    /// What `graph` writes.
    enum Format: String, CaseIterable, Sendable {
        case dot, mermaid, json, svg
    }

    static let format = OptionKey<Format>(
        "format", value: "format",
        help: """
            dot, mermaid, json or svg. Without it, the output file's extension says (.dot, .mmd or .mermaid, \
            .json, .svg); standard output gets dot.
            """)
    static let detail = FlagKey("detail", help: "DOT and SVG: every module's screens, as clusters.")
    static let module = OptionKey<String>(
        "module", value: "instance", help: "DOT and SVG: this module instance's screens only.")
    static let steps = FlagKey("steps", help: "DOT and SVG: every step and screen, the full graph.")
    static let output = OptionKey.outputFile

    static let command = RootApp.Command(
        spec: CommandSpec(
            name: "graph",
            abstract: "Export a variant's navigation graph: DOT, Mermaid, JSON or SVG.",
            discussion: """
                DOT and SVG draw, by default, the overview a reviewer reads on one page: the module instances and \
                the routes taken between them, from the start at the top to the end at the bottom, with the data \
                each route hands on. --detail draws every module's screens as a cluster (one node per screen, an \
                arrow per action to the screen it leads to); --module X draws X's screens only; --steps draws \
                every step and screen (as JSON and Mermaid do). svg runs Graphviz's dot, which must be installed.
                """,
            arguments: [.init(name: "manifest", help: "The variant's manifest.")],
            options: [
                format.option, detail.option, module.option, steps.option, output.option, OptionKey.locale.option,
            ]
        )
    ) { arguments, console, app throws(ExitCodeError) in
        let format: Format
        if let given = arguments[Self.format] {
            format = given
        } else if let output = arguments[Self.output], output != "-" {
            guard let inferred = Self.format(ofFile: output) else {
                console.error(
                    UsageError(
                        message: """
                            cannot tell the format from '\(output)': name it with --format (dot, mermaid, json or \
                            svg), or end the file name in .dot, .mmd, .json or .svg.
                            """,
                        command: "graph"
                    ).text(program: app.name))
                return .usage
            }
            format = inferred
        } else {
            format = .dot
        }
        // Mermaid and JSON write the whole step graph: a flag that draws
        // otherwise would be ignored, so it is refused.
        if format == .mermaid || format == .json {
            let given =
                (arguments[Self.detail] ? ["--detail"] : []) + (arguments[Self.module] != nil ? ["--module"] : [])
                + (arguments[Self.steps] ? ["--steps"] : [])
            if let first = given.first {
                console.error(
                    UsageError(
                        message: """
                            \(first) draws DOT and SVG only; \(format) is always the whole step graph. To fix, \
                            leave \(given.joined(separator: " and ")) out, or write --format dot or svg.
                            """,
                        command: "graph"
                    ).text(program: app.name))
                return .usage
            }
        }
        let output = arguments[Self.output]
        if let output { try OutputFile.check(output, notOverwriting: [arguments.positional[0]], console) }
        let variant = try app.variant(arguments.positional[0], console, locale: arguments[.locale])
        let title = variant.manifest.app.name
        let module = arguments[Self.module]
        if let module, variant.manifest.instance(module) == nil {
            let ids = variant.manifest.instances.map(\.id)
            let hint = Suggestion.nearest(to: module, in: ids).map { " Did you mean '\($0)'?" } ?? ""
            let message =
                """
                no module instance '\(module)' in '\(variant.manifest.app.id)'.\(hint) Instances: \
                \(ids.joined(separator: ", ")).
                """
            console.error(UsageError(message: message, command: "graph").text(program: app.name))
            return .usage
        }
        let dot: String
        if arguments[Self.steps] {
            dot = DOTExporter.export(variant.graph, title: title)
        } else if arguments[Self.detail] || module != nil {
            dot = OverviewExporter.screens(variant, title: title, module: module)
        } else {
            dot = OverviewExporter.overview(variant, title: title)
        }
        let text: String
        switch format {
        case .svg: return Graphviz.svg(dot, output: output, console)
        case .mermaid: text = MermaidExporter.export(variant.graph)
        case .json: text = JSONExporter.export(variant.graph)
        case .dot: text = dot
        }
        if let output { return OutputFile.write(text, to: output, console) }
        console.out(text)
        return .success
    }

    /// The format a file's extension names, if any.
    static func format(ofFile path: String) -> Format? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "dot", "gv": return .dot
        case "svg": return .svg
        case "json": return .json
        case "mmd", "mermaid": return .mermaid
        default: return nil
        }
    }
}

/// Runs Graphviz's `dot` to turn DOT into SVG.
enum Graphviz {
    /// The SVG text of `dot`, or why there is none: Graphviz is not
    /// installed, or it failed.
    static func render(_ dot: String) -> Result<String, RenderFailure> {
        var template = Array("/tmp/rootapp-XXXXXX.dot".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }  // a writable buffer
        guard descriptor >= 0 else {
            return .failure(.failed("cannot make a temporary file: \(Platform.describe(errno: errno))"))
        }
        let input = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let output = input + ".svg"
        defer {
            unlink(input)
            unlink(output)
        }
        Platform.write(dot, to: descriptor)
        close(descriptor)
        switch Platform.run(["dot", "-Tsvg", input, "-o", output]) {
        case .notFound: return .failure(.notInstalled)
        case .signal(let signal): return .failure(.failed("dot was stopped by signal \(signal)"))
        case .exited(let code) where code != 0: return .failure(.failed("dot exited with status \(code)"))
        case .exited: break
        }
        do throws(FileReadFailure) {
            let bytes = try FileBytes.read(path: output, stoppingAfter: 64 << 20, kind: "SVG file")
            return .success(String(decoding: bytes, as: UTF8.self))
        } catch {
            return .failure(.failed("cannot read dot's drawing"))
        }
    }

    /// Why Graphviz drew nothing.
    enum RenderFailure: Error {
        case notInstalled
        case failed(String)
    }

    static func svg(_ dot: String, output: String?, _ console: Console) -> ExitCode {
        var template = Array("/tmp/rootapp-XXXXXX.dot".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }  // a writable buffer
        guard descriptor >= 0 else {
            console.error("error: cannot make a temporary file: \(String(cString: strerror(errno))).")
            return .missingFile
        }
        let input = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(input) }
        Platform.write(dot, to: descriptor)
        close(descriptor)
        // Rendered into a temporary file, then written as every output is
        // (atomically over a file, in place into a pipe or a device).
        // `-o -` (or none) lets dot write to standard output.
        let output = output == "-" ? nil : output
        var rendered: String?
        if output != nil {
            var template = Array("/tmp/rootapp-XXXXXX.svg".utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }  // writable
            guard descriptor >= 0 else {
                console.error("error: cannot make a temporary file: \(String(cString: strerror(errno))).")
                return .cannotCreate
            }
            close(descriptor)
            rendered = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        defer { if let rendered { unlink(rendered) } }
        let outcome = Platform.run(["dot", "-Tsvg", input] + (rendered.map { ["-o", $0] } ?? []))
        guard outcome != .notFound else {
            console.error(
                """
                error: svg needs Graphviz's 'dot', which is not installed. To fix, install Graphviz (Debian and \
                Ubuntu: apt-get install graphviz; macOS: brew install graphviz), or export --format dot and render \
                it elsewhere.
                """
            )
            return .unavailable
        }
        guard outcome == .exited(0) else {
            let how =
                if case .exited(let code) = outcome {
                    "exited with status \(code)"
                } else if case .signal(let signal) = outcome { "was stopped by signal \(signal)" } else { "failed" }
            console.error(
                """
                error: Graphviz's dot \(how) while rendering the SVG (its message is above). To fix, check that \
                'dot -Tsvg' works here, or export --format dot and render it elsewhere.
                """
            )
            return .unavailable
        }
        guard let output, let rendered else { return .success }
        let svg: [UInt8]
        do throws(FileReadFailure) {
            svg = try FileBytes.read(path: rendered, stoppingAfter: .max, kind: "picture")
        } catch {
            console.error("error: cannot read the picture Graphviz drew: \(error). Nothing was written.")
            return .ioError
        }
        return OutputFile.write(String(decoding: svg, as: UTF8.self), to: output, console)
    }
}
