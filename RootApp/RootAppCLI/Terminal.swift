#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Stepflow
import StepflowPlatform

extension RootApp {
    /// Runs the tool on the process's own command line and terminal, then
    /// exits with the command's code: the whole of an executable's
    /// `main.swift` besides making the tool.
    ///
    /// Colour is used on a terminal unless `NO_COLOR` is set or
    /// `TERM=dumb`; lines wrap to the terminal's width (else `COLUMNS`,
    /// else 80). Ctrl-C ends a walk with its trace printed and exits
    /// with 130. A failure to write the results is reported once the
    /// command is done, with 74.
    public func main() -> Never {
        let outputFailure = Locked<Int32?>(nil)
        let noColor = Platform.environment("NO_COLOR").map { !$0.isEmpty } ?? false
        // A dumb terminal cannot move the cursor or show colour: plain lines only.
        let dumb = Platform.environment("TERM") == "dumb"
        let width =
            Platform.terminalColumns(1) ?? Platform.environment("COLUMNS").flatMap { Int($0) }.flatMap {
                $0 > 0 ? $0 : nil
            } ?? 80
        let isTerminal = (input: Platform.isTerminal(0), output: Platform.isTerminal(1))
        let arguments = Array(CommandLine.arguments.dropFirst())
        // A command that runs longer than two seconds says how far it has
        // got on a terminal's standard error; the walk draws its own screen.
        let showsProgress =
            Platform.isTerminal(2) && !dumb
            && arguments.first.map { !["walk", "help", "completion"].contains($0) } == true
        let delay: Double
        do throws(ExitCodeError) {
            delay =
                showsProgress
                ? try EnvironmentSettings.progressDelay(
                    Console(out: { _ in }, err: { Platform.write($0, to: 2) }, width: max(40, width))) : 2
        } catch {
            exit(error.code.rawValue)
        }
        let progress = showsProgress ? ProgressLine(width: max(40, width), after: delay) : nil
        let console = Console(
            out: { text in
                let failure = progress.map { $0.write(text, to: 1) } ?? Platform.write(text, to: 1)
                if let failure { outputFailure.withLock { $0 = $0 ?? failure } }
            },
            err: { text in
                if let progress { _ = progress.write(text, to: 2) } else { Platform.write(text, to: 2) }
            },
            readLine: { Swift.readLine() },
            isInteractive: isTerminal.input,
            usesColor: isTerminal.output && !noColor && !dumb,
            width: max(40, width),
            terminal: isTerminal.input && isTerminal.output && !dumb ? 0 : nil,
            escapesSteering: (isTerminal.output, Platform.isTerminal(2))
        )
        // Ctrl-C ends cleanly: a walk in progress prints its trace (and
        // writes its recording); then the process leaves with 130. The
        // main thread may be blocked reading input, so the handler runs
        // on a queue of its own.
        signal(SIGINT, SIG_IGN)
        let interrupts = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "\(name).signals"))
        interrupts.setEventHandler {
            progress?.stop()
            exit(RootApp.interrupt())
        }
        interrupts.resume()
        var code = run(arguments, console: console)
        progress?.stop()
        if let failure = outputFailure.withLock({ $0 }) {
            Platform.write(
                """
                \(name): error: cannot write the results to standard output: \(Platform.describe(errno: failure)). \
                To fix, send them to a file or pipe that can take them (-o FILE where the command has it).\n
                """,
                to: 2)
            code = RootApp.outputFailed(code)
        }
        interrupts.cancel()
        exit(code)
    }
}
