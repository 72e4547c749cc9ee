#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import BundledFixtures
import BundledModules
import RootAppCLI
import Stepflow
import StepflowTesting

/// Runs `rootapp` in-process with buffers for its streams.
struct Run {
    let code: Int32
    let out: String
    let err: String

    /// Standard output with wrapped lines joined again (a continuation
    /// line starts with four spaces).
    var unwrappedOut: String { out.replacing("\n    ", with: " ") }
    /// Standard error with wrapped lines joined again.
    var unwrappedErr: String { err.replacing("\n    ", with: " ").replacing("\n", with: " ") }
}

enum Harness {
    static let goldens = GoldenFile(folder: BundledManifests.repositoryRoot + "/Tests/RootAppTests/Goldens")

    /// `rootapp` as its main.swift makes it: the bundled modules.
    static let rootapp = RootApp(
        registry: BundledModules.registry, services: BundledModules.services,
        manifestsHint: "Manifests bundled with the app are in RootApp/Manifests/.")

    /// Runs `arguments` with `input` as the lines typed, on `tool`.
    /// `onTerminal`: both streams are written as to a terminal, in colour.
    static func run(
        _ arguments: [String], input: [String] = [], tool: RootApp = rootapp, onTerminal: Bool = false
    ) -> Run {
        let out = Locked("")
        let err = Locked("")
        let lines = Locked(input[...])
        let console = Console(
            out: { text in out.withLock { $0 += text } },
            err: { text in err.withLock { $0 += text } },
            readLine: { lines.withLock { $0.popFirst() } },
            usesColor: onTerminal,
            escapesSteering: (onTerminal, onTerminal)
        )
        let code = tool.run(arguments, console: console)
        return Run(code: code, out: out.withLock { $0 }, err: err.withLock { $0 })
    }

    /// Runs the built `rootapp` binary, beside the test bundle; `stdout`
    /// names a file to write its results to instead of a pipe.
    /// Writes `text` to the file at `path` (a test's temporary input).
    static func write(_ text: String, to path: String) {
        path.withCString { file in
            let handle = fopen(file, "w")
            fputs(text, handle)
            fclose(handle)
        }
    }

    /// Runs any program (a shell, say) with the same capture.
    static func runProgram(_ arguments: [String]) -> Run {
        runBinary(Array(arguments.dropFirst()), program: arguments[0])
    }

    /// The built `rootapp` beside the test binary.
    static let rootappBinary: String = {
        var path = CommandLine.arguments[0].split(separator: "/", omittingEmptySubsequences: false)
        path.removeLast()
        return (path + ["rootapp"]).joined(separator: "/")
    }()

    static func runBinary(
        _ arguments: [String], environment: [String] = [], stdout: String? = nil, stdin: String = "/dev/null",
        program: String? = nil
    ) -> Run {
        let binary = program ?? rootappBinary
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        pipe(&outPipe)
        pipe(&errPipe)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        if let stdout {
            posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        }
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        posix_spawn_file_actions_addclose(&actions, outPipe[0])
        posix_spawn_file_actions_addclose(&actions, errPipe[0])
        var pid: pid_t = 0
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        let envp = (environment + ["PATH=/usr/bin:/bin"]).map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
            posix_spawn_file_actions_destroy(&actions)
        }
        let status = posix_spawn(&pid, binary, &actions, nil, argv, envp)
        close(outPipe[1])
        close(errPipe[1])
        guard status == 0 else { return Run(code: -1, out: "", err: "spawn failed: \(status) (\(binary))") }
        let out = drain(outPipe[0])
        let err = drain(errPipe[0])
        var exitStatus: Int32 = 0
        waitpid(pid, &exitStatus, 0)
        return Run(code: (exitStatus >> 8) & 0xFF, out: out, err: err)
    }

    private static func drain(_ descriptor: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        close(descriptor)
        return String(decoding: bytes, as: UTF8.self)
    }
}
