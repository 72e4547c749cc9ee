#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StepflowManifest
import StepflowPlatform
import StepflowScripts

enum ExportCommand {
    static let formats = ["maestro"]

    static let output = OptionKey.output(
        "The folder to write the flows in (made if missing).", value: "folder", isRequired: true)
    static let scripts = OptionKey<String>(
        "scripts", value: "folder", help: "Export the scripts in this folder (a generated suite, say) instead.")
    static let locale = OptionKey<String>(
        "locale", value: "locale",
        help: "Write the flows' texts in this locale, one the manifest ships (default: its first).")

    static let command = RootApp.Command(
        spec: CommandSpec(
            name: "export",
            abstract: "Turn acceptance scripts into flows a device-testing tool runs.",
            discussion: """
                export maestro writes, into the folder given with -o, a Maestro flow (<script>.yaml) for each script, \
                hand-written or made by rootapp suite, and a config.yaml that runs them in a fixed order and lists \
                them by requirement (each flow is tagged with the requirements its script covers: maestro test \
                --include-tags=UR-RES-01 <folder>).
                Each script is replayed on the live engine first, in the variant's first locale, and the flow is \
                written from what the engine showed: tapOn with the action's text in --locale, assertVisible with \
                each screen's title, extendedWaitUntil for as long as a timer runs, comments naming the step ids. A \
                script that fails is reported and gets no flow.
                The manifest's "device" section gives the appId and how a device gives each outside answer a script \
                gives by hand: "permissions" set before the tap that makes the app ask, or a "flow" file of the \
                team's. An answer it does not cover runs answers/<source>/<answer>.yaml, written once as a flow that \
                fails until the team fills it in.
                A file in the folder is replaced only if this command wrote it; flows it wrote before for scripts \
                that are gone are removed.
                """,
            arguments: [
                .init(name: "format", help: "What to write: maestro.", choices: ["maestro"]),
                .init(name: "manifest", help: "The variant's manifest."),
                .init(
                    name: "script", help: "Scripts to export (default: those in the manifest's scripts folder).",
                    isRepeating: true, isOptional: true),
            ],
            options: [output.option, scripts.option, locale.option]
        )
    ) { arguments, console, app throws(ExitCodeError) in
        let format = arguments.positional[0]
        guard formats.contains(format) else {
            console.error(
                UsageError(
                    message:
                        """
                        unknown format '\(format)'. \(Suggestion.didYouMean(format, formats))Formats: \
                        \(formats.joined(separator: ", ")).
                        """,
                    command: "export"
                ).text(program: app.name))
            throw ExitCodeError(code: .usage)
        }
        guard arguments.positional.count >= 2 else {
            console.error(
                UsageError(
                    message:
                        """
                        export \(format) needs the variant's manifest: \(app.name) export \(format) <manifest> -o \
                        <folder>.
                        """,
                    command: "export"
                ).text(program: app.name))
            throw ExitCodeError(code: .usage)
        }
        let output = arguments[Self.output] ?? "."  // required: the parser checked
        let named = Array(arguments.positional.dropFirst(2))
        if !named.isEmpty, arguments[Self.scripts] != nil {
            console.error(
                UsageError(message: "name scripts or a folder of them with --scripts, not both.", command: "export")
                    .text(program: app.name))
            throw ExitCodeError(code: .usage)
        }
        let manifest = try app.manifest(arguments.positional[1], console)
        let locale = try RootApp.locale(arguments[Self.locale], of: manifest, console)
        var paths = named
        if paths.isEmpty {
            let folder: String
            if let given = arguments[Self.scripts] {
                folder = given
            } else if let own = manifest.scriptsFolder {
                folder = own
            } else {
                console.error(
                    UsageError(
                        message:
                            """
                            no script to export: name scripts, a folder with --scripts, or a \"scripts\" folder in \
                            the manifest.
                            """,
                        command: "export"
                    ).text(program: app.name))
                throw ExitCodeError(code: .usage)
            }
            guard let found = Script.paths(in: folder) else {
                console.error("error: cannot open the scripts folder '\(folder)'. To fix, check its name.")
                throw ExitCodeError(code: .missingFile)
            }
            guard !found.isEmpty else {
                console.error(
                    """
                    error: the folder '\(folder)' has no scripts (*.txt). To fix, write some (rootapp suite, \
                    rootapp walk --record) or name another folder.
                    """
                )
                throw ExitCodeError(code: .missingFile)
            }
            paths = found
        }
        var scripts: [Script] = []
        for path in paths { scripts.append(try InputFile.script(path, console)) }
        let runner = ScriptRunner(manifest: manifest, registry: app.registry, services: app.services)
        let exporter: MaestroExporter
        do throws(MaestroExporter.Refusal) {
            exporter = try MaestroExporter(runner: runner, locale: locale)
        } catch {
            for line in console.wrap(error.message) { console.error(line) }
            throw ExitCodeError(code: .badInput)
        }
        var flows: [MaestroExporter.Flow] = []
        var failed = 0
        for script in scripts {
            do throws(MaestroExporter.Refusal) {
                flows.append(try exporter.flow(for: script))
            } catch {
                failed += 1
                for line in console.wrap(error.message, indent: "    ", firstIndent: "") {
                    console.error(console.red(line))
                }
            }
        }
        let clash = Dictionary(grouping: flows, by: \.fileName).filter { $0.value.count > 1 }
        if let (name, same) = clash.min(by: { $0.key < $1.key }) {
            console.error(
                """
                error: \(same.map(\.script).joined(separator: " and ")) would both be written as \(name). To fix, \
                rename one of them.
                """
            )
            throw ExitCodeError(code: .usage)
        }
        try OutputFolder.prepare(output, console)
        let marker = MaestroExporter.marker
        let names = Set(flows.map(\.fileName) + ["config.yaml"])
        if let mine = names.sorted().first(where: {
            OutputFolder.exists(output + "/" + $0) && !OutputFolder.isWritten(output + "/" + $0, by: marker)
        }) {
            console.error(
                """
                error: '\(output)/\(mine)' was not written by \(app.name) export, so it is not replaced. To fix, \
                move it, or write the flows to another folder.
                """
            )
            throw ExitCodeError(code: .cannotCreate)
        }
        var removed = 0
        for name in Platform.names(in: output) ?? [] where name.hasSuffix(".yaml") && !names.contains(name) {
            if OutputFolder.isWritten(output + "/" + name, by: marker), unlink(output + "/" + name) == 0 {
                removed += 1
            }
        }
        for flow in flows {
            let status = OutputFile.write(flow.text, to: output + "/" + flow.fileName, console)
            if status != .success { return status }
        }
        let config = OutputFile.write(exporter.config(for: flows), to: output + "/config.yaml", console)
        if config != .success { return config }
        let placeholders = exporter.placeholders(for: flows)
        var written: [String] = []
        for placeholder in placeholders where !OutputFolder.exists(output + "/" + placeholder.path) {
            try OutputFolder.prepare(OutputFile.directory(of: output + "/" + placeholder.path), console)
            let status = OutputFile.write(placeholder.text, to: output + "/" + placeholder.path, console)
            if status != .success { return status }
            written.append(placeholder.path)
        }
        let summary =
            """
            Wrote \(flows.count) Maestro flow\(flows.count == 1 ? "" : "s") and config.yaml to \(output) (appId \
            \(exporter.device.appId), texts in \(exporter.locale))
            """
            + (removed > 0 ? "; removed \(removed) it wrote before" : "") + "."
        for line in console.wrap(summary, indent: "    ", firstIndent: "") { console.print(line) }
        for flow in flows {
            let end =
                switch flow.ending {
                case .exit(let exit): "ends through \(exit)"
                case .screen(let screen): "stops on \(screen)"
                case .ended: "ends"
                }
            for line in console.wrap(
                "\(flow.fileName): \(end)" + (flow.tags.isEmpty ? "" : ", tags \(flow.tags.joined(separator: ", "))"),
                indent: "      ", firstIndent: "  ")
            {
                console.print(console.dim(line))
            }
        }
        let pending = placeholders.map(\.path)
        if !pending.isEmpty {
            let note =
                "\(pending.count) outside answer\(pending.count == 1 ? "" : "s") the manifest's device section "
                + "cannot give (not named there, or given after other inputs): "
                + pending.joined(separator: ", ")
                + (written.isEmpty
                    ? ""
                    : " (\(written.count) placeholder\(written.count == 1 ? "" : "s") written, each failing until "
                        + "filled in)")
                + ". A flow that runs one fails on a device until it says how the device gives that answer."
            for line in console.wrap(note, indent: "    ", firstIndent: "") { console.print(line) }
        }
        if failed > 0 {
            for line in console.wrap(
                "\(failed) script\(failed == 1 ? "" : "s") failed on the live engine and got no flow.")
            { console.error(line) }
            return .findings
        }
        return .success
    }
}
