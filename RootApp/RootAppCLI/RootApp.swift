import BundledModules
import Dispatch
import Stepflow
import StepflowManifest

/// `rootapp`: walk a variant in the terminal, and the graph, trace,
/// validate and diff tools. Every command runs in-process against a
/// ``Console``, so tests drive it exactly as the executable does.
public enum RootApp {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// A command: its spec and what it does.
    struct Command: Sendable {
        let spec: CommandSpec
        let run: @Sendable (ParsedArguments, Console) throws(ExitCodeError) -> ExitCode
    }

    static let commands: [Command] = [
        WalkCommand.command,
        CheckCommand.command,
        GraphCommand.command,
        TraceCommand.command,
        PathsCommand.command,
        ValidateCommand.command,
        DiffCommand.command,
        ModulesCommand.command,
        CompletionCommand.command,
    ]

    /// What Ctrl-C does now: a walk in progress prints its trace and
    /// recording; otherwise nothing but the exit.
    static let interruption = Locked<(@Sendable () -> Void)?>(nil)

    /// Called on Ctrl-C (from a signal handler's queue): lets a walk in
    /// progress end cleanly, with its trace printed, and returns the code
    /// to exit with (130).
    public static func interrupt() -> Int32 {
        interruption.withLock { $0 }?()
        return ExitCode.interrupted.rawValue
    }

    /// The exit code once writing the results failed: 74, unless the
    /// command already failed for a worse reason (a usage error, missing
    /// or bad input).
    public static func outputFailed(_ code: Int32) -> Int32 {
        code == ExitCode.success.rawValue || code == ExitCode.findings.rawValue ? ExitCode.ioError.rawValue : code
    }

    /// Runs `rootapp` with `arguments` (without the program name) and
    /// returns the exit code.
    public static func run(_ arguments: [String], console: Console) -> Int32 {
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
            console.print("rootapp \(version)")
            return ExitCode.success.rawValue
        case "help":
            guard arguments.count > 1 else {
                console.out(overview(width: console.width))
                return ExitCode.success.rawValue
            }
            if arguments[1] == "help" {
                console.out("USAGE: rootapp help [<command>]\n\nShows the overview, or a command's help: its arguments, options and exit codes.\n")
                return ExitCode.success.rawValue
            }
            guard let command = commands.first(where: { $0.spec.name == arguments[1] }) else {
                return fail(unknownCommand(arguments[1]), console)
            }
            console.out(command.spec.help(width: console.width))
            return ExitCode.success.rawValue
        default:
            break
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            return fail(unknownCommand(first), console)
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("-h") || rest.contains("--help") {
            console.out(command.spec.help(width: console.width))
            return ExitCode.success.rawValue
        }
        let parsed: ParsedArguments
        do throws(UsageError) {
            parsed = try command.spec.parse(rest)
        } catch {
            return fail(error, console)
        }
        do throws(ExitCodeError) {
            return try command.run(parsed, console).rawValue
        } catch {
            return error.code.rawValue
        }
    }

    private static func fail(_ error: UsageError, _ console: Console) -> Int32 {
        console.error(error.text)
        return ExitCode.usage.rawValue
    }

    private static func unknownCommand(_ word: String) -> UsageError {
        let names = commands.map(\.spec.name) + ["help"]
        let hint = Suggestion.nearest(to: word, in: names).map { " Did you mean '\($0)'?" } ?? ""
        let what = word.hasPrefix("-") ? "option" : "command"
        return UsageError(message: "unknown \(what) '\(word)'.\(hint) Commands: \(commands.map(\.spec.name).joined(separator: ", ")).", command: nil)
    }

    /// `rootapp --help`.
    static func overview(width: Int) -> String {
        var lines = [
            "OVERVIEW: Walk, check and analyse app variants composed from manifests",
            "with the Stepflow navigation engine.",
            "",
            "USAGE: rootapp <command> [<arguments>] [<options>]",
            "",
            "COMMANDS:",
        ]
        let console = Console(out: { _ in }, err: { _ in }, width: width)
        for command in commands {
            let name = command.spec.name
            lines += console.wrap(command.spec.abstract, indent: String(repeating: " ", count: 14), firstIndent: "  " + name + String(repeating: " ", count: max(1, 12 - name.count)))
        }
        lines += [
            "  help        Show help for a command: rootapp help <command>.",
            "",
            "OPTIONS:",
            "  -h, --help  Show this help.",
            "  --version   Show the version.",
            "",
            "Manifests bundled with the app are in RootApp/Manifests/.",
            "",
            ExitCode.table,
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Loading a manifest for a command, with the exit code its failure means.
enum Loading {
    static let loader = ManifestLoader(registry: BundledModules.registry)

    /// The manifest at `path`; after reporting why not, the exit code its
    /// failure means.
    static func manifest(_ path: String, _ console: Console) throws(ExitCodeError) -> Manifest {
        do throws(ManifestLoadError) {
            let manifest = try loader.load(path: path)
            for warning in manifest.warnings { console.error(console.yellow(warning.description)) }
            return manifest
        } catch {
            console.error(error.description)
            switch error {
            case .invalid: throw ExitCodeError(code: .badInput)
            case .fileNotFound, .unreadable: throw ExitCodeError(code: .missingFile)
            }
        }
    }
}

/// An exit code carried as an error.
struct ExitCodeError: Error {
    let code: ExitCode
}
