#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Stepflow

// stepflow-demo: walk a small flow on the Stepflow engine in the terminal.

let usage = """
    USAGE: stepflow-demo [--wait SECONDS] [--trace]

    Walks a small consent flow on the Stepflow engine. Type an action's
    number (or its label), b to go back, t for the trace so far, q to quit.
    Works with piped input: printf '1\\n1\\n1\\n1\\n' | stepflow-demo

    OPTIONS:
      --wait SECONDS  How long the incubation timer runs (0-3600, default 3).
      --trace         Print every engine event as it happens (to stderr).
      -h, --help      Show this help.

    EXIT CODES: 0 finished or quit, 64 usage error, 130 interrupted.
    """

let terminal = Terminal.current()

/// The command-line options.
struct Options {
    var waitSeconds = 3
    var traceEvents = false

    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var arguments = arguments[...]
        while let argument = arguments.popFirst() {
            switch argument {
            case "-h", "--help":
                terminal.write(usage)
                exit(0)
            case "--trace":
                options.traceEvents = true
            case "--wait":
                guard let value = arguments.popFirst(), let seconds = Int(value), (0...3600).contains(seconds) else {
                    terminal.error("error: --wait needs a whole number of seconds from 0 to 3600.\nSee 'stepflow-demo --help'.")
                    exit(64)
                }
                options.waitSeconds = seconds
            default:
                let hint = argument.hasPrefix("--w") ? " Did you mean '--wait'?" : argument.hasPrefix("--t") ? " Did you mean '--trace'?" : ""
                terminal.error("error: unknown option '\(argument)'.\(hint)\nSee 'stepflow-demo --help'.")
                exit(64)
            }
        }
        return options
    }
}

let options = Options.parse(Array(CommandLine.arguments.dropFirst()))

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
        finish("Finished with \(exit).", status: 0)
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
    if let number = Int(choice), screen.actions.indices.contains(number - 1) {
        coordinator.select(action: number - 1, on: screen)
    } else if let index = screen.actions.firstIndex(where: { $0.label.lowercased() == choice.lowercased() }) {
        coordinator.select(action: index, on: screen)
    } else {
        let count = screen.actions.count
        terminal.error("Unknown choice '\(choice)'. Type 1\(count > 1 ? "-\(count)" : ""), an action's label, b, t or q.")
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

coordinator.coordinate(flow: AppFlow(waitSeconds: options.waitSeconds), with: OneStepper(.start))
dispatchMain()
