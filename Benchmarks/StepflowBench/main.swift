#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import BundledModules
import StepflowGraph
import StepflowManifest
import StepflowScripts
import SyntheticVariant

// stepflow-bench: release-mode figures, each against a baseline measured in
// the same run: the engine against a bare queue hop, a direct switch and an
// Rx-style chain; memory per live flow; exploring a synthetic variant and
// writing its DOT against a plain BFS plus the same DOT text; rootapp's
// start-up against a Swift program that does nothing; restoring a long
// saved session against handling its inputs live.
//
//   swift run -c release stepflow-bench [--quick] [--json FILE]

struct Options {
    var quick = false
    var json: String?
    /// The sections to run: graph, engine, memory, restore, startup.
    var sections: Set<String> = Options.allSections
    static let allSections: Set<String> = ["graph", "suite", "engine", "memory", "restore", "startup"]
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
                printError("error: --only needs a section: graph, suite, engine, memory, restore or startup.\n\(usage)")
                exit(64)
            }
            let sections = Set(list.split(separator: ",").map(String.init))
            if let unknown = sections.subtracting(Options.allSections).sorted().first {
                printError("error: unknown section '\(unknown)'. Sections: graph, suite, engine, memory, restore, startup.\n\(usage)")
                exit(64)
            }
            options.sections = sections
        case "-h", "--help":
            print("\(usage)\n\n  --quick          sizes up to 100k steps, fewer runs (about two minutes)\n  --json FILE      also write the figures as JSON\n  --only SECTIONS  run only these: graph, suite, engine, memory, restore, startup")
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

func spread(_ timing: Timing, _ digits: Int = 1) -> String {
    "\(fixed(timing.median, digits)) (\(fixed(timing.min, digits))-\(fixed(timing.max, digits)))"
}

func verdict(_ met: Bool) -> String { met ? "met" : "NOT met" }

func padded(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}

/// 4: explore + DOT against the floor, for each size; prints the table.
func graphSection(quick: Bool) -> [GraphFigure] {
    // Exact exploration keeps a key per state and the nodes each input
    // touched: 1M steps (1M states) would need several GB, so the full run
    // stops at 100k (see the README).
    let sizes: [(modules: Int, steps: Int)] = [(10, 100), (100, 100), (100, 1_000)]
    print("Graph: explore a synthetic variant's states and write its DOT, against")
    print("the floor (BFS over interned ids of the projected graph + the same DOT).")
    print("")
    print("   steps   states    nodes    edges  explore+DOT ms   floor ms   ratio  peak")
    var figures: [GraphFigure] = []
    for (modules, steps) in sizes {
        let total = modules * steps
        let runs = total >= 1_000_000 ? 3 : (quick ? 3 : 7)
        let (root, stepper) = SyntheticVariant.make(modules: modules, stepsPerModule: steps)
        var nodes = 0
        var edges = 0
        var states = 0
        let engine = measure(runs: runs, warmUp: total < 1_000_000) {
            let explored = GraphExplorer.exploreStates(root, with: stepper)
            let graph = explored.projection
            var written = 0
            DOTExporter.write(graph) { chunk in written += chunk.count }
            nodes = graph.nodes.count
            edges = graph.edges.count
            states = explored.states.count
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
        func ms(_ ns: Double) -> String { fixed(ns / 1e6, 0) }
        print(padded(String(total), 8), padded(String(states), 8), padded(String(nodes), 8), padded(String(edges), 8),
              padded("\(ms(engine.median)) (\(ms(engine.min))-\(ms(engine.max)))", 15), padded(ms(floor.median), 10),
              padded(fixed(engine.median / floor.median, 1), 7), padded("\(Int(figure.peakMiB))M", 5))
    }
    if figures.count >= 2, let last = figures.last {
        let previous = figures[figures.count - 2]
        print("")
        print("Growth from \(previous.steps) to \(last.steps) steps: \(fixed(last.engine.median / previous.engine.median, 1))x (linear: \(last.steps / previous.steps)x).")
    }
    if let figure = figures.first(where: { $0.steps == 100_000 }) {
        let ratio = figure.engine.median / figure.floor.median
        print("Goal at 100000 steps, ratio <= 2: \(verdict(ratio <= 2)) (\(fixed(ratio, 2))).")
    }
    print("Goal at 1000000 steps, peak under 500 MB: NOT met (not run: exact states need GBs).")
    print("")
    variantsSection(quick: quick)
    return figures
}

/// The bundled variants: states, transitions, nodes and edges, and the
/// time to explore each exactly.
func variantsSection(quick: Bool) {
    print("Bundled variants, explored exactly (median of \(quick ? 3 : 7) runs):")
    print("  variant                 states  transitions  nodes  edges  explore ms")
    let loader = ManifestLoader(registry: BundledModules.registry, services: BundledModules.services)
    for name in ["covid-antigen-home", "covid-antigen-clinic", "strep-a-home", "hba1c-clinic"] {
        guard let manifest = try? loader.load(path: "RootApp/Manifests/\(name).json") else {
            print("  \(name): not found (run from the repository's root)")
            continue
        }
        var variant: VariantGraph?
        let timing = measure(runs: quick ? 3 : 7) { variant = VariantGraph(manifest: manifest, registry: BundledModules.registry) }
        guard let variant else { continue }
        print("  " + name + String(repeating: " ", count: max(0, 22 - name.count)),
              padded(String(variant.states.states.count), 7), padded(String(variant.states.transitions.count), 12),
              padded(String(variant.graph.nodes.count), 6), padded(String(variant.graph.edges.count), 6),
              padded(fixed(timing.median / 1e6, 1), 11))
    }
    print("")
}

/// 1-3: the engine against its floors; prints the figures.
func engineSection(steps: Int, quick: Bool) -> EngineFigures {
    // The graph runs leave a large heap behind; give back what can be, so
    // the engine is measured closer to how a fresh process would run it.
    trimHeap()
    let engine = engineBenchmarks(steps: steps, runs: quick ? 3 : 5)
    print("Engine: ns per step over \(steps) steps, median (min-max).")
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
    return engine
}

/// 5: bytes per live flow; prints them.
func memorySection(flows: Int) -> MemoryFigures {
    let memory = memoryPerFlow(flows: flows)
    print("Memory: \(flows) live flows, one screen each: \(Int(memory.bytesPerFlow)) bytes per flow;")
    print("  after they all end: \(memory.liveAfterEnd) flow live, \(Int(memory.returnedPercent))% of their memory returned.")
    print("")
    return memory
}

/// 6: rootapp's start-up against this binary doing nothing; prints it.
func startupSection(runs: Int) -> [(name: String, rootapp: Double, floor: Double)] {
    guard let startup = cliStartup(runs: runs) else {
        print("CLI start-up: skipped (build rootapp in release beside this binary and run")
        print("from the repository's root: swift build -c release --product rootapp).")
        return []
    }
    print("CLI start-up, median of \(runs) runs: rootapp trace <manifest> against this")
    print("binary started the same way doing nothing (ms):")
    for entry in startup {
        let name = entry.name + String(repeating: " ", count: max(0, 22 - entry.name.count))
        print("  \(name) \(padded(fixed(entry.rootapp / 1e6), 6))   floor \(fixed(entry.floor / 1e6))")
    }
    return startup
}

let options = parseOptions()
print("Stepflow benchmarks (release). Times: median of runs after a warm-up,")
print("with min-max. Ratios compare figures measured side by side in this run.")
print("")

// The graph runs first, so the peak memory it prints is its own.
let figures = options.sections.contains("graph") ? graphSection(quick: options.quick) : []
let suites = options.sections.contains("suite") ? suiteSection(quick: options.quick) : []
let engineSteps = options.quick ? 200_000 : 1_000_000
let engine = options.sections.contains("engine") ? engineSection(steps: engineSteps, quick: options.quick) : nil
let flows = options.quick ? 20_000 : 100_000
let memory = options.sections.contains("memory") ? memorySection(flows: flows) : nil
let restoreCycles = options.quick ? 1_000 : 5_000
let restore = options.sections.contains("restore") ? restoreSection(cycles: restoreCycles, quick: options.quick) : nil
let startup = options.sections.contains("startup") ? startupSection(runs: options.quick ? 5 : 20) : []

if let path = options.json {
    var text = "{\n  \"schema\": 1,\n"
    func json(_ timing: Timing, _ digits: Int = 1) -> String {
        "{\"median\": \(fixed(timing.median, digits)), \"min\": \(fixed(timing.min, digits)), \"max\": \(fixed(timing.max, digits))}"
    }
    if let engine {
        text += "  \"engine\": {\"steps\": \(engineSteps), \"crossThreadNanoseconds\": \(json(engine.crossThread)), \"queueHopNanoseconds\": \(json(engine.hop)), \"onQueueNanoseconds\": \(json(engine.onQueue)), \"directSwitchNanoseconds\": \(json(engine.directSwitch, 2)), \"rxChainNanoseconds\": \(json(engine.rxChain))},\n"
    }
    if let restore {
        text += "  \"restore\": {\"inputs\": \(restore.inputs), \"entries\": \(restore.entries), \"bytes\": \(restore.bytes), \"restoreNanoseconds\": \(json(restore.restore, 0)), \"readNanoseconds\": \(json(restore.read, 0)), \"liveNanoseconds\": \(json(restore.live, 0))},\n"
    }
    if let memory {
        text += "  \"memory\": {\"flows\": \(flows), \"bytesPerFlow\": \(Int(memory.bytesPerFlow)), \"returnedPercent\": \(Int(memory.returnedPercent))},\n"
    }
    text += "  \"cliStartupMilliseconds\": [" + startup.map { "{\"manifest\": \"\($0.name)\", \"rootapp\": \(fixed($0.rootapp / 1e6)), \"floor\": \(fixed($0.floor / 1e6))}" }.joined(separator: ", ") + "],\n"
    text += "  \"suites\": [" + suites.map { "{\"variant\": \"\($0.name)\", \"states\": \($0.states), \"transitions\": \($0.transitions), \"walks\": \($0.walks), \"inputs\": \($0.inputs), \"lowerBound\": \($0.bound), \"randomInputs\": \($0.random.inputs), \"randomFinished\": \($0.random.finished), \"milliseconds\": \(fixed($0.timing.median / 1e6))}" }.joined(separator: ", ") + "],\n"
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
