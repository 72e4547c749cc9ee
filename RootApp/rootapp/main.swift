#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import RootAppCLI
import Stepflow

// rootapp: the command-line face of Stepflow. Everything is in RootAppCLI,
// where tests run it in-process; this file connects it to the terminal.

/// Writes all of `text` to a file descriptor; returns `errno` if it could
/// not.
@discardableResult
@Sendable func write(_ text: String, to descriptor: Int32) -> Int32? {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return written < 0 ? errno : EIO }
        bytes = bytes.dropFirst(written)
    }
    return nil
}

/// The first error writing the results, if any: reported once the command
/// is done, with its own exit code.
let outputFailure = Locked<Int32?>(nil)

let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
// A dumb terminal cannot move the cursor or show colour: plain lines only.
let dumb = getenv("TERM").map { String(cString: $0) == "dumb" } ?? false

/// The terminal's width on standard output, else `COLUMNS`, else 80; at
/// least 40.
func terminalWidth() -> Int {
    var size = winsize()
    if isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return max(40, Int(size.ws_col)) }
    if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), columns > 0 { return max(40, columns) }
    return 80
}

let console = Console(
    out: { text in
        if let failure = write(text, to: 1) { outputFailure.withLock { $0 = $0 ?? failure } }
    },
    err: { write($0, to: 2) },
    readLine: { Swift.readLine() },
    isInteractive: isatty(0) == 1,
    usesColor: isatty(1) == 1 && !noColor && !dumb,
    width: terminalWidth(),
    terminal: isatty(0) == 1 && isatty(1) == 1 && !dumb ? 0 : nil
)

// Ctrl-C ends cleanly: a walk in progress prints its trace (and writes its
// recording); then the process leaves with the documented code, 130.
// The handler is made in a nonisolated function: a closure written in this
// file's top-level code would belong to the main actor, and the main thread
// is busy reading input.
func handleInterrupts() -> any DispatchSourceSignal {
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "rootapp.signals"))
    source.setEventHandler { exit(RootApp.interrupt()) }
    source.resume()
    return source
}
let interrupts = handleInterrupts()

var code = RootApp.run(Array(CommandLine.arguments.dropFirst()), console: console)
if let failure = outputFailure.withLock({ $0 }) {
    write("rootapp: error: cannot write the results to standard output: \(String(cString: strerror(failure))). To fix, send them to a file or pipe that can take them (-o FILE where the command has it).\n", to: 2)
    code = RootApp.outputFailed(code)
}
exit(code)
