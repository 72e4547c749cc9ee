#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import StepflowGraph

// stepflow-bench: release-mode figures, each against a baseline measured in
// the same run: the engine against a bare queue hop, a direct switch and an
// Rx-style chain; memory per live flow; exploring a synthetic variant and
// writing its DOT against a plain BFS plus the same DOT text; rootapp's
// start-up against a Swift program that does nothing.
//
//   swift run -c release stepflow-bench [--quick] [--json FILE]

struct Options {
    var quick = false
    var json: String?
    /// The sections to run: graph, engine, memory, startup.
    var sections: Set<String> = Options.allSections
    static let allSections: Set<String> = ["graph", "engine", "memory", "startup"]
}

let usage = "USAGE: stepflow-bench [--quick] [--json FILE] [--only SECTION[,SECTION...]]"

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
        case "--only":
            guard let list = arguments.popFirst() else {
                printError("error: --only needs a section: graph, engine, memory or startup.\n\(usage)")
                exit(64)
            }
            let sections = Set(list.split(separator: ",").map(String.init))
            if let unknown = sections.subtracting(Options.allSections).sorted().first {
                printError("error: unknown section '\(unknown)'. Sections: engine, graph, memory, startup.\n\(usage)")
                exit(64)
            }
            options.sections = sections
        case "-h", "--help":
            print("\(usage)\n\n  --quick          sizes up to 100k steps, fewer runs (under a minute)\n  --json FILE      also write the figures as JSON\n  --only SECTIONS  run only these: graph, engine, memory, startup")
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

/// The floor: BFS over prebuilt compressed adjacency of `graph`'s size.
func floorBFS(offsets: [Int32], targets: [Int32]) -> Int {
    var seen = [Bool](repeating: false, count: offsets.count - 1)
    var queue: [Int32] = [0]
    queue.reserveCapacity(offsets.count)
    seen[0] = true
    var head = 0
    while head < queue.count {
        let node = Int(queue[head])
        head += 1
        for position in Int(offsets[node])..<Int(offsets[node + 1]) {
            let next = Int(targets[position])
            if !seen[next] {
                seen[next] = true
                queue.append(Int32(next))
            }
        }
    }
    return queue.count
}

struct GraphFigure {
    let steps: Int
    let nodes: Int
    let edges: Int
    let engine: Timing
    let floor: Timing
    let peakMiB: Double
}

let options = parseOptions()
let sizes: [(modules: Int, steps: Int)] = options.quick
    ? [(10, 100), (100, 100), (100, 1_000)]
    : [(10, 100), (100, 100), (100, 1_000), (1_000, 1_000)]

print("Stepflow benchmarks (release). Times: median of runs after a warm-up,")
print("with min-max. Ratios compare figures measured side by side in this run.")
print("")

func fixed(_ value: Double, _ digits: Int = 1) -> String {
    guard value.isFinite else { return "-" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    let text = String(rounded)
    guard let dot = text.firstIndex(of: ".") else { return text }
    let decimals = text[text.index(after: dot)...]
    return digits == 0 ? String(text[..<dot]) : String(text[..<dot]) + "." + decimals.prefix(digits) + String(repeating: "0", count: max(0, digits - decimals.count))
}

// The graph runs first, so the peak memory it prints is its own.
var figures: [GraphFigure] = []
if options.sections.contains("graph") {
print("Graph: explore a synthetic variant and write its DOT, against the floor")
print("(BFS over interned ids of the same graph + writing the same DOT text).")
print("")
print("   steps    nodes    edges  explore+DOT ms   floor ms   ratio  ns/edge  peak")
for (modules, steps) in sizes {
    let total = modules * steps
    let runs = total >= 1_000_000 ? 3 : (options.quick ? 3 : 7)
    let (root, stepper) = SyntheticVariant.make(modules: modules, stepsPerModule: steps)
    var nodes = 0
    var edges = 0
    let engine = measure(runs: runs, warmUp: total < 1_000_000) {
        let graph = GraphExplorer.explore(root, with: stepper)
        var written = 0
        DOTExporter.write(graph) { chunk in written += chunk.count }
        nodes = graph.nodes.count
        edges = graph.edges.count
        consume(written)
    }
    // The floor's adjacency is built outside the timing: interned ids given.
    let graph = GraphExplorer.explore(root, with: stepper)
    var offsets = [Int32](repeating: 0, count: graph.nodes.count + 1)
    for edge in graph.edges { offsets[edge.from + 1] += 1 }
    for index in 0..<graph.nodes.count { offsets[index + 1] += offsets[index] }
    var fill = offsets
    var targets = [Int32](repeating: 0, count: graph.edges.count)
    for edge in graph.edges {
        targets[Int(fill[edge.from])] = Int32(edge.to)
        fill[edge.from] += 1
    }
    let floor = measure(runs: runs) {
        consume(floorBFS(offsets: offsets, targets: targets))
        var written = 0
        DOTExporter.write(graph) { chunk in written += chunk.count }
        consume(written)
    }
    let figure = GraphFigure(steps: total, nodes: nodes, edges: edges, engine: engine, floor: floor, peakMiB: peakRSS())
    figures.append(figure)
    func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
    func ms(_ ns: Double) -> String { String(Int((ns / 1e6).rounded())) }
    let spread = "\(ms(engine.median)) (\(ms(engine.min))-\(ms(engine.max)))"
    let ratio = engine.median / floor.median
    _ = ratio
    print(pad(String(total), 8), pad(String(nodes), 8), pad(String(edges), 8), pad(spread, 15), pad(ms(floor.median), 10),
          pad(String(Int(ratio * 100) / 100) + "." + String(Int(ratio * 100) % 100 / 10) + String(Int(ratio * 100) % 10), 7),
          pad(String(Int(engine.median / Double(max(1, edges)))), 8), pad("\(Int(figure.peakMiB))M", 5))
}
if figures.count >= 2, let last = figures.last {
    let previous = figures[figures.count - 2]
    let growth = last.engine.median / previous.engine.median
    print("")
    print("Growth from \(previous.steps) to \(last.steps) steps: \(Int(growth * 10) / 10).\(Int(growth * 10) % 10)x (linear: \(last.steps / previous.steps)x).")
}
if let figure = figures.first(where: { $0.steps == 100_000 }) {
    let ratio = figure.engine.median / figure.floor.median
    print("Goal at 100000 steps, ratio <= 2: \(ratio <= 2 ? "met" : "NOT met") (\(fixed(ratio, 2))).")
}
if let figure = figures.first(where: { $0.steps == 1_000_000 }) {
    print("Goal at 1000000 steps, peak under 500 MB: \(figure.peakMiB * 1.048576 < 500 ? "met" : "NOT met") (\(Int(figure.peakMiB)) MiB).")
}
print("")
}

let engineSteps = options.quick ? 200_000 : 1_000_000
func spread(_ timing: Timing, _ digits: Int = 1) -> String {
    "\(fixed(timing.median, digits)) (\(fixed(timing.min, digits))-\(fixed(timing.max, digits)))"
}
func verdict(_ met: Bool) -> String { met ? "met" : "NOT met" }
var engineFigures: EngineFigures?
if options.sections.contains("engine") {
// The graph runs leave a large heap behind; give back what can be, so the
// engine is measured closer to how a fresh process would run it.
trimHeap()
let engine = engineBenchmarks(steps: engineSteps, runs: options.quick ? 3 : 5)
engineFigures = engine
print("Engine: ns per step over \(engineSteps) steps, median (min-max).")
print("  cross-thread, 3-level tree:   \(spread(engine.crossThread))")
print("    bare queue.async + switch:  \(spread(engine.hop))")
let hopRatio = engine.crossThread.median / engine.hop.median
print("    ratio \(fixed(hopRatio, 2)); goal <= 1.5: \(verdict(hopRatio <= 1.5))")
print("  on the queue, no hop:         \(spread(engine.onQueue))")
print("    direct switch:              \(spread(engine.directSwitch, 2))")
print("    the engine adds \(fixed(engine.onQueue.median - engine.directSwitch.median)) ns; goal < 150: \(verdict(engine.onQueue.median < 150))")
print("  Rx-style chain with a hop:    \(spread(engine.rxChain))")
let rxRatio = engine.crossThread.median / engine.rxChain.median
print("    engine / Rx chain \(fixed(rxRatio, 2)); goal < 1: \(verdict(rxRatio < 1))")
print("")
}
let flows = options.quick ? 20_000 : 100_000
var memoryFigures: MemoryFigures?
if options.sections.contains("memory") {
let memory = memoryPerFlow(flows: flows)
memoryFigures = memory
print("Memory: \(flows) live flows, one screen each: \(Int(memory.bytesPerFlow)) bytes per flow;")
print("  after they all end: \(memory.liveAfterEnd) flow live, \(Int(memory.returnedPercent))% of their memory returned.")
print("")
}
let startup = options.sections.contains("startup") ? cliStartup(runs: options.quick ? 5 : 20) : nil
if !options.sections.contains("startup") {
    // not asked for
} else if let startup {
    print("CLI start-up, median of \(options.quick ? 5 : 20) runs: rootapp trace <manifest> against this")
    print("binary started the same way doing nothing (ms):")
    for entry in startup {
        let name = entry.name + String(repeating: " ", count: max(0, 22 - entry.name.count))
        let time = fixed(entry.rootapp / 1e6)
        print("  \(name) \(String(repeating: " ", count: max(0, 6 - time.count)))\(time)   floor \(fixed(entry.floor / 1e6))")
    }
} else {
    print("CLI start-up: skipped (build rootapp in release beside this binary and run")
    print("from the repository's root: swift build -c release --product rootapp).")
}

if let path = options.json {
    var text = "{\n  \"schema\": 1,\n"
    func json(_ timing: Timing, _ digits: Int = 1) -> String {
        "{\"median\": \(fixed(timing.median, digits)), \"min\": \(fixed(timing.min, digits)), \"max\": \(fixed(timing.max, digits))}"
    }
    if let engine = engineFigures {
        text += "  \"engine\": {\"steps\": \(engineSteps), \"crossThreadNanoseconds\": \(json(engine.crossThread)), \"queueHopNanoseconds\": \(json(engine.hop)), \"onQueueNanoseconds\": \(json(engine.onQueue)), \"directSwitchNanoseconds\": \(json(engine.directSwitch, 2)), \"rxChainNanoseconds\": \(json(engine.rxChain))},\n"
    }
    if let memory = memoryFigures {
        text += "  \"memory\": {\"flows\": \(flows), \"bytesPerFlow\": \(Int(memory.bytesPerFlow)), \"returnedPercent\": \(Int(memory.returnedPercent))},\n"
    }
    text += "  \"cliStartupMilliseconds\": [" + (startup ?? []).map { "{\"manifest\": \"\($0.name)\", \"rootapp\": \(fixed($0.rootapp / 1e6)), \"floor\": \(fixed($0.floor / 1e6))}" }.joined(separator: ", ") + "],\n"
    text += "  \"graph\": [\n"
    for (index, figure) in figures.enumerated() {
        text += "    {\"steps\": \(figure.steps), \"nodes\": \(figure.nodes), \"edges\": \(figure.edges), \"exploreAndDOTNanoseconds\": \(Int(figure.engine.median)), \"floorNanoseconds\": \(Int(figure.floor.median)), \"peakRSSMiB\": \(Int(figure.peakMiB))}"
        text += index + 1 < figures.count ? ",\n" : "\n"
    }
    text += "  ]\n}\n"
    guard let file = fopen(path, "w") else {
        printError("error: cannot write \(path).")
        exit(73)
    }
    fputs(text, file)
    fclose(file)
}
