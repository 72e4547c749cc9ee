#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

// The harness every benchmark uses: options, timing, and the way figures
// are printed beside their baselines and goals.

struct Options {
    var quick = false
    var json: String?
    /// An earlier run's JSON to print each figure beside.
    var baseline: String?
    /// The sections to run: graph, tabs, suite, engine, memory, restore, update, presentation, startup,
    /// family, tools, forms.
    var sections: Set<String> = Options.allSections
    /// Every section, in the order a run takes them.
    static let sectionOrder = [
        "graph", "tabs", "suite", "engine", "memory", "restore", "update", "presentation", "startup", "family", "tools",
        "forms",
    ]
    static let allSections = Set(sectionOrder)
}

let usage = """
    USAGE: stepflow-bench [--quick] [--json FILE] [--baseline FILE]
                          [--only SECTION[,SECTION...]]
    """
let sectionList = Options.sectionOrder.joined(separator: ", ")

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--quick": options.quick = true
        case "--noop": exit(0)  // the start-up floor: a Swift program that does nothing
        case "--json":
            guard let path = arguments.popFirst() else {
                printError("error: --json needs a file name.\n\(usage)")
                exit(64)
            }
            options.json = path
        case "--baseline":
            guard let path = arguments.popFirst() else {
                printError("error: --baseline needs a file: the JSON an earlier run wrote with --json.\n\(usage)")
                exit(64)
            }
            options.baseline = path
        case "--only":
            guard let list = arguments.popFirst() else {
                printError("error: --only needs a section: \(sectionList).\n\(usage)")
                exit(64)
            }
            let sections = Set(list.split(separator: ",").map(String.init))
            if let unknown = sections.subtracting(Options.allSections).sorted().first {
                printError("error: unknown section '\(unknown)'. Sections: \(sectionList).\n\(usage)")
                exit(64)
            }
            options.sections = sections
        case "-h", "--help":
            print(
                """
                \(usage)

                  --quick          sizes up to 100k steps, fewer runs (about three minutes)
                  --json FILE      also write the figures and goals as JSON (schema 2)
                  --baseline FILE  print each figure beside the one in FILE (an earlier
                                   run's --json)
                  --only SECTIONS  run only these (comma-separated):
                                   \(sectionList)
                """
            )
            exit(0)
        default:
            printError("error: unknown option '\(argument)'.\n\(usage)")
            exit(64)
        }
    }
    return options
}

/// Writes a line to stderr.
func printError(_ text: String) {
    let line = text + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Peak resident memory of the process so far, in MiB.
func peakRSS() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
}

/// Resets the peak resident memory the kernel keeps for this process
/// (Linux: writing 5 to `/proc/self/clear_refs`), so that
/// ``peakMemorySinceReset()`` reads the peak of what runs next alone;
/// false where it cannot.
func resetPeakMemory() -> Bool {
    let file = open("/proc/self/clear_refs", O_WRONLY)
    guard file >= 0 else { return false }
    defer { close(file) }
    return write(file, "5", 1) == 1
}

/// The peak resident memory since ``resetPeakMemory()`` (`VmHWM`), in MiB.
func peakMemorySinceReset() -> Double? {
    let file = open("/proc/self/status", O_RDONLY)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var bytes = [UInt8](repeating: 0, count: 8192)
    let count = read(file, &bytes, bytes.count)
    guard count > 0 else { return nil }
    let status = String(decoding: bytes[..<count], as: UTF8.self)
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kilobytes / 1024
}

/// Median, min and max of several timings, in nanoseconds.
struct Timing {
    var median: Double
    var min: Double
    var max: Double

    /// Every figure divided by `count` (per step, per edge).
    func per(_ count: Int) -> Timing {
        let divisor = Double(Swift.max(1, count))
        return Timing(median: median / divisor, min: min / divisor, max: max / divisor)
    }
}

/// Times `runs` calls of `body` after one warm-up.
func measure(runs: Int, warmUp: Bool = true, _ body: () -> Void) -> Timing {
    measureTimed(runs: runs, warmUp: warmUp) {
        let start = now()
        body()
        return now() - start
    }
}

/// Like ``measure(runs:warmUp:_:)`` for a body that times its own measured
/// part (leaving its set-up out) and returns the nanoseconds.
func measureTimed(runs: Int, warmUp: Bool = true, _ body: () -> UInt64) -> Timing {
    if warmUp { _ = body() }
    var times: [Double] = []
    for _ in 0..<runs { times.append(Double(body())) }
    times.sort()
    return Timing(median: times[times.count / 2], min: times.first!, max: times.last!)  // runs >= 1
}

/// Keeps a value alive and opaque to the optimiser.
@inline(never) func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

/// `value` with `digits` decimals (`fixed(94.46, 1)` is `94.5`), computed
/// from the number, not cut from its text (which may be `1e-05`).
func fixed(_ value: Double, _ digits: Int = 1) -> String {
    guard value.isFinite else { return "-" }
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let units = Int((abs(value) * Double(scale)).rounded())
    let sign = value < 0 && units != 0 ? "-" : ""
    guard digits > 0 else { return sign + String(units) }
    let fraction = String(units % scale)
    return sign + String(units / scale) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
}

func spread(_ timing: Timing, _ digits: Int = 1) -> String {
    "\(fixed(timing.median, digits)) (\(fixed(timing.min, digits))-\(fixed(timing.max, digits)))"
}

func verdict(_ met: Bool) -> String { met ? "met" : "NOT met" }

func padded(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}
