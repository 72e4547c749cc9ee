import Dispatch
public import Stepflow
public import StepflowManifest

/// A `rootapp`-style command-line tool over an app's own modules: walk a
/// variant in the terminal, and the check, graph, trace, paths, validate,
/// diff and modules commands, with their help and exit codes.
///
/// `rootapp` is this tool over the bundled modules. A team with its own
/// modules builds its own executable the same way; its `main.swift`:
///
/// ```swift
/// import BundledModules
/// import RootAppCLI
/// import SymptomCheck
///
/// RootApp(name: "symptomapp", modules: BundledModules.all + [SymptomCheckModule.self],
///         services: ModuleServices().providing((any SymptomAdvisor).self, RuleAdvisor())).main()
/// ```
///
/// Every command runs in-process against a ``Console``, so tests drive it
/// exactly as the executable does (``run(_:console:)``).
public struct RootApp: Sendable {
    /// The version of RootAppCLI (and of Stepflow, which it ships with):
    /// what `rootapp --version` prints.
    public static let version = StepflowVersion.current

    /// The program's name, as help and errors print it (`rootapp`).
    public let name: String
    /// The modules manifests may name.
    public let registry: ModuleRegistry
    /// The services the app gives its modules (a lab client, an advisor).
    public let services: ModuleServices
    /// A line for the overview on where the app keeps its manifests
    /// (`Manifests bundled with the app are in RootApp/Manifests/.`).
    public let manifestsHint: String?
    /// The tool's own version, as its team tags it (`2.1.0`); `nil` when
    /// not given. `rootapp`'s is Stepflow's. Reports and JUnit files
    /// record it, so a sign-off names the tool that made it.
    package let toolVersion: String?
    /// The outside sources of each variant explored for `walk --by-hand`,
    /// by manifest file, digest and locale: a tool run many times in one
    /// process (its tests) explores a variant for them once.
    let outsideSources = Locked<[String: [String]]>([:])

    /// A tool named `name` (at `version`) over `modules`, giving them `services`.
    ///
    /// Two modules with one id are not refused here but by every run,
    /// which names both types and exits with 70.
    public init(
        name: String = "rootapp", modules: [any FeatureModule.Type], services: ModuleServices = ModuleServices(),
        manifestsHint: String? = nil, version: String? = nil
    ) {
        self.init(
            name: name, registry: ModuleRegistry(modules), services: services, manifestsHint: manifestsHint,
            version: version)
    }

    /// A tool named `name` (at `version`) over the modules of `registry`,
    /// giving them `services`.
    public init(
        name: String = "rootapp", registry: ModuleRegistry, services: ModuleServices = ModuleServices(),
        manifestsHint: String? = nil, version: String? = nil
    ) {
        self.name = name
        self.registry = registry
        self.services = services
        self.manifestsHint = manifestsHint
        self.toolVersion = name == "rootapp" ? version ?? Self.version : version
    }

    /// The tool as a report records it: `rootapp 0.4.0`, or
    /// `teamapp 2.1.0` (`teamapp (version not given)`).
    var toolDescription: String { "\(name) \(toolVersion ?? "(version not given)")" }

    /// A command: its spec and what it does.
    struct Command: Sendable {
        let spec: CommandSpec
        let run: @Sendable (ParsedArguments, Console, RootApp) throws(ExitCodeError) -> ExitCode
    }

    static let commands: [Command] = [
        WalkCommand.command,
        CheckCommand.command,
        SuiteCommand.command,
        ExportCommand.command,
        GraphCommand.command,
        TraceCommand.command,
        PathsCommand.command,
        ValidateCommand.command,
        DiffCommand.command,
        UpdateCheckCommand.command,
        ReportCommand.command,
        PrototypeCommand.command,
        ModulesCommand.command,
        StringsCommand.command,
        CompletionCommand.command,
    ]

    /// What Ctrl-C does now: a walk in progress prints its trace and
    /// recording; otherwise nothing but the exit.
    static let interruption = Locked<(@Sendable () -> Void)?>(nil)

    /// Called on Ctrl-C (from a signal handler's queue): lets a walk in
    /// progress end cleanly, with its trace printed, and returns the code
    /// to exit with (130).
    package static func interrupt() -> Int32 {
        interruption.withLock { $0 }?()
        return ExitCode.interrupted.rawValue
    }

    /// The exit code once writing the results failed: 74, unless the
    /// command already failed for a worse reason (a usage error, missing
    /// or bad input).
    package static func outputFailed(_ code: Int32) -> Int32 {
        code == ExitCode.success.rawValue || code == ExitCode.findings.rawValue ? ExitCode.ioError.rawValue : code
    }

    /// The loader every command reads manifests with.
    var loader: ManifestLoader { ManifestLoader(registry: registry, services: services) }

    /// Runs the tool with `arguments` (without the program name) and
    /// returns the exit code.
    public func run(_ arguments: [String], console: Console) -> Int32 {
        if let conflict = registry.conflicts.first {
            console.error("\(name): error: \(conflict.description)")
            return ExitCode.software.rawValue
        }
        guard let first = arguments.first else {
            console.err(overview(width: console.width))
            return ExitCode.usage.rawValue
        }
        switch first {
        case "-h", "--help":
            // `rootapp --help walk` means the walk's help, as `help walk` does.
            guard arguments.count > 1 else {
                console.out(overview(width: console.width))
                return ExitCode.success.rawValue
            }
            return run(["help"] + arguments.dropFirst(), console: console)
        case "--version":
            console.print(
                name == "rootapp"
                    ? "rootapp \(Self.version)"
                    : "\(name)\(toolVersion.map { " " + $0 } ?? ""), on Stepflow's RootAppCLI \(Self.version)")
            return ExitCode.success.rawValue
        case "help":
            guard arguments.count > 1 else {
                console.out(overview(width: console.width))
                return ExitCode.success.rawValue
            }
            if arguments[1] == "help" {
                console.out(
                    """
                    USAGE: \(name) help [<command>]\n\nShows the overview, or a command's help: its arguments, \
                    options and exit codes.\n
                    """
                )
                return ExitCode.success.rawValue
            }
            guard let command = Self.commands.first(where: { $0.spec.name == arguments[1] }) else {
                return fail(unknownCommand(arguments[1]), console)
            }
            console.out(command.spec.help(width: console.width, program: name))
            return ExitCode.success.rawValue
        default:
            break
        }
        guard let command = Self.commands.first(where: { $0.spec.name == first }) else {
            return fail(unknownCommand(first), console)
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("-h") || rest.contains("--help") {
            console.out(command.spec.help(width: console.width, program: name))
            return ExitCode.success.rawValue
        }
        let parsed: ParsedArguments
        do throws(UsageError) {
            parsed = try command.spec.parse(rest, program: name)
        } catch {
            return fail(error, console)
        }
        do throws(ExitCodeError) {
            return try command.run(parsed, console, self).rawValue
        } catch {
            return error.code.rawValue
        }
    }

    private func fail(_ error: UsageError, _ console: Console) -> Int32 {
        console.error(error.text(program: name))
        return ExitCode.usage.rawValue
    }

    private func unknownCommand(_ word: String) -> UsageError {
        let names = Self.commands.map(\.spec.name) + ["help"]
        let hint = Suggestion.nearest(to: word, in: names).map { " Did you mean '\($0)'?" } ?? ""
        let what = word.hasPrefix("-") ? "option" : "command"
        return UsageError(
            message:
                """
                unknown \(what) '\(word)'.\(hint) Commands: \
                \(Self.commands.map(\.spec.name).joined(separator: ", ")).
                """,
            command: nil)
    }

    /// `rootapp --help`.
    func overview(width: Int) -> String {
        var lines = [
            "OVERVIEW: Walk, check and analyse app variants composed from manifests",
            "with the Stepflow navigation engine.",
            "",
            "USAGE: \(name) <command> [<arguments>] [<options>]",
            "",
            "COMMANDS:",
        ]
        let console = Console(out: { _ in }, err: { _ in }, width: width)
        for command in Self.commands {
            let commandName = command.spec.name
            lines += console.wrap(
                command.spec.abstract, indent: String(repeating: " ", count: 14),
                firstIndent: "  " + commandName + String(repeating: " ", count: max(1, 12 - commandName.count)))
        }
        lines += [
            "  help        Show help for a command: \(name) help <command>.",
            "",
            "OPTIONS:",
            "  -h, --help  Show this help.",
            "  --version   Show the version.",
            "",
        ]
        if let manifestsHint { lines += console.wrap(manifestsHint) + [""] }
        lines.append(ExitCode.table)
        return lines.joined(separator: "\n") + "\n"
    }
}
