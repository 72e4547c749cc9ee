#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import RootAppCLI

// rootapp: the command-line face of Stepflow. Everything is in RootAppCLI,
// where tests run it in-process; this file connects it to the terminal.

/// Writes all of `text` to a file descriptor.
@Sendable func write(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        bytes = bytes.dropFirst(written)
    }
}

let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
let console = Console(
    out: { write($0, to: 1) },
    err: { write($0, to: 2) },
    readLine: { Swift.readLine() },
    isInteractive: isatty(0) == 1,
    usesColor: isatty(1) == 1 && !noColor,
    width: 80
)

// Ctrl-C ends cleanly: a walk prints its trace through its own end; here
// the process leaves with the documented code.
signal(SIGINT, SIG_IGN)
let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "rootapp.signals"))
interrupt.setEventHandler {
    write("\nInterrupted.\n", to: 2)
    exit(130)
}
interrupt.resume()

exit(RootApp.run(Array(CommandLine.arguments.dropFirst()), console: console))
