#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BundledModules
import Dispatch
import Stepflow
import StepflowManifest

// stepflow-demo: walk an app variant, composed from a manifest, on the
// Stepflow engine in the terminal. (`rootapp walk` will take this over.)

let defaultManifest = "RootApp/Manifests/covid-antigen-home.json"

let usage = """
    USAGE: stepflow-demo [MANIFEST] [--fast] [--trace]

    Walks an app variant composed from MANIFEST (default:
    \(defaultManifest)). Type an action's number or its label,
    b to go back, t for the trace so far, q to quit. Works with piped
    input: printf '1\\n1\\n' | stepflow-demo

    OPTIONS:
      --fast      Timers run a second for every minute.
      --trace     Print every engine event as it happens (to stderr).
      -h, --help  Show this help.

    EXIT CODES: 0 finished, quit or end of input; 64 usage error;
    65 invalid manifest; 66 manifest missing or unreadable; 130 Ctrl-C.
    """

let terminal = Terminal.current()

/// The command-line options.
struct Options {
    var manifest = defaultManifest
    var fast = false
    var traceEvents = false

    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var positional: [String] = []
        for argument in arguments {
            switch argument {
            case "-h", "--help":
                terminal.write(usage)
                exit(0)
            case "--fast": options.fast = true
            case "--trace": options.traceEvents = true
            case _ where argument.hasPrefix("-"):
                let known = ["--fast", "--trace", "--help"]
                let hint = known.first { $0.hasPrefix(String(argument.prefix(3))) }.map { " Did you mean '\($0)'?" } ?? ""
                terminal.error("error: unknown option '\(argument)'.\(hint)\nSee 'stepflow-demo --help'.")
                exit(64)
            default: positional.append(argument)
            }
        }
        guard positional.count <= 1 else {
            terminal.error("error: one manifest at a time; got \(positional.count): \(positional.joined(separator: ", ")).\nSee 'stepflow-demo --help'.")
            exit(64)
        }
        if let manifest = positional.first { options.manifest = manifest }
        return options
    }
}

let options = Options.parse(Array(CommandLine.arguments.dropFirst()))

let manifest: Manifest
do {
    manifest = try ManifestLoader(registry: BundledModules.registry).load(path: options.manifest)
} catch {
    terminal.error(error.description)
    switch error {
    case .invalid: exit(65)
    case .fileNotFound, .unreadable: exit(66)
    }
}
for warning in manifest.warnings { terminal.error(warning.description) }

/// Real time, or a second for every minute with `--fast`.
struct DemoClock: StepClock {
    let base = DispatchClock()
    let fast: Bool
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any ScheduledAction {
        base.schedule(after: fast ? delay / 60 : delay, action)
    }
}

let navigator = TerminalNavigator(terminal: terminal)
let coordinator = Coordinator(queue: .main, navigator: navigator)
let trace = Locked<[String]>([])

/// Prints the trace and exits.
func finish(_ reason: String, status: Int32) -> Never {
    let steps = trace.withLock { $0 }
    terminal.write("\n" + terminal.bold(reason))
    terminal.write(terminal.dim("Trace (\(steps.count) steps):"))
    for (index, line) in steps.enumerated() { terminal.write(terminal.dim("  \(index + 1). \(line)")) }
    exit(status)
}

coordinator.observe { event in
    if options.traceEvents { terminal.error(terminal.dim("· \(event)")) }
    switch event {
    case .didNavigate(let step, _):
        trace.withLock { $0.append(step.description) }
    case .dropped(let step, let reason):
        trace.withLock { $0.append("\(step) dropped: \(reason)") }
    case .coordinationEnded(let exit):
        finish("Finished: \(exit).", status: 0)
    default:
        break
    }
}

/// Handles one line of input, on the coordinator's queue.
func handle(_ line: String) {
    let choice = line.trimmingSpaces()
    guard let screen = navigator.topScreen else { return }
    switch choice.lowercased() {
    case "": return
    case "q": finish("Quit.", status: 0)
    case "t":
        let steps = trace.withLock { $0 }
        terminal.write(terminal.dim(steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")))
        return
    case "b":
        guard let index = screen.actions.firstIndex(where: { $0.role == .back }) else {
            return terminal.error("This screen has no way back.")
        }
        coordinator.select(action: index, on: screen)
        return
    default:
        break
    }
    if let number = Int(choice), let index = terminal.actionIndex(forKey: number, on: screen) {
        coordinator.select(action: index, on: screen)
    } else if let index = screen.actions.firstIndex(where: { $0.label.lowercased() == choice.lowercased() }) {
        coordinator.select(action: index, on: screen)
    } else {
        let count = screen.actions.filter { $0.role != .back }.count
        let keys = count == 0 ? "" : count == 1 ? "1, " : "1-\(count), "
        terminal.error("Unknown choice '\(choice)'. Type \(keys)an action's label, b, t or q.")
    }
}

extension String {
    func trimmingSpaces() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}

// Ctrl-C ends cleanly, with the trace.
signal(SIGINT, SIG_IGN)
let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
interrupt.setEventHandler { finish("Interrupted.", status: 130) }
interrupt.resume()

// Input on its own thread; each line is handled on the coordinator's queue,
// and the next line is read only once the engine is idle again, so piped
// input never races ahead of the screen it was meant for.
DispatchQueue(label: "demo.input").async {
    coordinator.waitUntilIdle()
    while true {
        if terminal.isInteractive { terminal.write("> ", terminator: "") }
        guard let line = readLine() else { break }
        DispatchQueue.main.sync { handle(line) }
        coordinator.waitUntilIdle(includingPendingAdaptations: false)
    }
    DispatchQueue.main.async { finish("End of input.", status: 0) }
}

terminal.write(terminal.bold("\(manifest.app.name)") + terminal.dim(" (\(manifest.app.id), \(manifest.app.audience.rawValue))"))
let environment = ModuleEnvironment(clock: DemoClock(fast: options.fast))
coordinator.coordinate(flow: RootFlow(manifest: manifest, registry: BundledModules.registry, environment: environment), with: OneStepper(.start))
dispatchMain()
