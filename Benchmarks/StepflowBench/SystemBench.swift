#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Stepflow

/// Resident memory now, in bytes (from /proc/self/statm).
func currentRSS() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var size = 0, resident = 0
    guard
        withUnsafeMutablePointer(
            to: &size,
            { sizePointer in
                withUnsafeMutablePointer(to: &resident) { residentPointer in
                    withVaList([sizePointer, residentPointer]) { vfscanf(file, "%ld %ld", $0) }
                }
            }) == 2
    else { return 0 }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Asks glibc to hand free memory back to the system (`malloc_trim`, looked
/// up at run time: its header is not in the Glibc module).
func trimHeap() {
    typealias Trim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: Trim.self)(0)
}

/// A child that shows one screen and ends on `.done`.
final class HoldFlow: Flow {
    var name: String { "hold" }
    func navigate(to step: BenchStep) -> Navigation<BenchStep, BenchExit> {
        switch step {
        case .start: .show(Screen(id: "held", title: "Held", actions: [ScreenAction("Done", .done)]))
        case .done: .end(.finished)
        case .tick, .spawn: .none
        }
    }
}

/// Starts a child per `.spawn`.
final class SpawnFlow: Flow {
    var name: String { "root" }
    func navigate(to step: BenchStep) -> Navigation<BenchStep, Never> {
        switch step {
        case .spawn: .start(HoldFlow(), with: OneStepper(.start), onExit: { _ in .tick(0) })
        case .start, .tick, .done: .none
        }
    }
}

struct MemoryFigures {
    var bytesPerFlow = 0.0
    var returnedPercent = 0.0
    var liveAfterEnd = 0
}

/// 5: bytes per live flow with one screen, and what comes back when they end.
func memoryPerFlow(flows: Int) -> MemoryFigures {
    let stepper = BenchStepper()
    let coordinator = Coordinator(navigator: NoOpNavigator())
    coordinator.coordinate(flow: SpawnFlow(), with: stepper)
    coordinator.waitUntilIdle()
    trimHeap()
    let before = currentRSS()
    for n in 0..<flows { stepper.steps.emit(.spawn(n)) }
    coordinator.waitUntilIdle()
    let during = currentRSS()
    coordinator.navigate(to: BenchStep.done)  // every held child ends
    coordinator.waitUntilIdle()
    trimHeap()
    let after = currentRSS()
    var figures = MemoryFigures()
    figures.bytesPerFlow = Double(during - before) / Double(flows)
    figures.returnedPercent = during > before ? Double(during - after) * 100 / Double(during - before) : 0
    figures.liveAfterEnd = coordinator.statistics.liveFlows
    return figures
}

/// Runs a program to its end with output discarded: the nanoseconds taken;
/// `nil` when it cannot start or does not exit 0.
func timeProcess(_ arguments: [String]) -> UInt64? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = now()
    guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return status == 0 ? now() - start : nil
}

/// The median of `runs` timed runs of `arguments`, in nanoseconds (NaN
/// when none ran).
func medianProcess(_ arguments: [String], runs: Int) -> Double {
    var times = (0..<runs).compactMap { _ in timeProcess(arguments) }.map { Double($0) }
    times.sort()
    return times.isEmpty ? .nan : times[times.count / 2]
}

/// This binary, and `rootapp` beside it when it is built.
func binaries() -> (me: String, rootapp: String?) {
    let path = CommandLine.arguments[0]
    let me = path.contains("/") ? path : "./" + path
    let directory = me.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    let rootapp = (directory.isEmpty ? "." : directory) + "/rootapp"
    return (me, access(rootapp, X_OK) == 0 ? rootapp : nil)
}

/// One command's start-up on one bundled variant.
struct StartupFigure {
    let command: String
    let manifest: String
    let nanoseconds: Double
}

/// The bundled variants the start-up and graph figures use.
let startupVariants = ["covid-antigen-home", "covid-antigen-clinic", "strep-a-home", "hba1c-clinic"]

/// 6: median start-up of `rootapp trace`, `validate` and `graph` per
/// manifest, and this binary started the same way doing nothing (the
/// floor). `nil` when rootapp is not built.
func cliStartup(runs: Int) -> (figures: [StartupFigure], floor: Double)? {
    let (me, rootapp) = binaries()
    guard let rootapp else { return nil }
    var figures: [StartupFigure] = []
    for name in startupVariants {
        let manifest = "RootApp/Manifests/\(name).json"
        guard access(manifest, R_OK) == 0 else { return nil }
        for command in ["trace", "validate", "graph"] {
            figures.append(
                StartupFigure(
                    command: command, manifest: name,
                    nanoseconds: medianProcess([rootapp, command, manifest], runs: runs)))
        }
    }
    return (figures, medianProcess([me, "--noop"], runs: runs * 2))
}

/// 5: bytes per live flow; prints them.
func memorySection(flows: Int) -> MemoryFigures {
    let memory = memoryPerFlow(flows: flows)
    print("Memory: \(flows) live flows, one screen each: \(Int(memory.bytesPerFlow)) bytes per flow;")
    print(
        "  after they all end: \(memory.liveAfterEnd) flow live, \(Int(memory.returnedPercent))% of their memory "
            + "returned."
    )
    print("")
    return memory
}

/// 6: rootapp's start-up against this binary doing nothing; prints it.
func startupSection(runs: Int) -> (figures: [StartupFigure], floor: Double)? {
    guard let startup = cliStartup(runs: runs) else {
        print("CLI start-up: skipped (build rootapp in release beside this binary and run")
        print("from the repository's root: swift build -c release --product rootapp).")
        print("")
        return nil
    }
    print("CLI start-up, median of \(runs) runs, ms: rootapp <command> <manifest>, and")
    print("this binary started the same way doing nothing: \(fixed(startup.floor / 1e6)) ms.")
    print("  variant                  trace  validate   graph   worst/floor")
    for name in startupVariants {
        let times = startup.figures.filter { $0.manifest == name }.map(\.nanoseconds)
        let worst = times.max() ?? .nan
        print(
            "  " + name + String(repeating: " ", count: max(0, 22 - name.count)),
            times.map { padded(fixed($0 / 1e6), 7) }.joined(separator: "   "),
            padded(fixed(worst / startup.floor, 1) + "x", 12))
    }
    print("")
    return startup
}
