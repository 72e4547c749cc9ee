import BundledModules
import Dispatch
import StepflowGraph
import StepflowManifest
import SyntheticVariant

// Exploring variants: the synthetic one at growing sizes against a plain
// BFS over the same graph, and each bundled variant.

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
    /// The hand-written explorer of the same states, and the same DOT.
    let fairFloor: Timing
    /// The old floor: BFS over the projected graph, and the same DOT.
    let floor: Timing
    let peakMiB: Double
}

/// The DOT text of `graph`, as bytes.
func dotBytes(_ graph: NavigationGraph) -> [UInt8] {
    var bytes: [UInt8] = []
    DOTExporter.write(graph) { chunk in bytes.append(contentsOf: chunk) }
    return bytes
}

/// 4: explore + DOT against the floor, for each size; prints the table.
func graphSection(quick: Bool) -> [GraphFigure] {
    // 1M steps run once, in the full run only (``millionSection()``).
    let sizes: [(modules: Int, steps: Int)] = [(10, 100), (100, 100), (100, 1_000)]
    print("Graph: explore a synthetic variant's states and write its DOT, against")
    print("the fair floor (a hand-written explorer of the same app: the same states,")
    print("the same DOT, no engine) and the old floor (BFS over interned ids of the")
    print("projected graph + the same DOT).")
    print("")
    print("   steps   states    edges  explore+DOT ms  fair ms  ratio  old ms  ratio  peak")
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
        // The engine's own high-water mark, before the floors run.
        let enginePeak = peakRSS()
        // The fair floor finds the same states and writes the same DOT.
        let floorExplorer = FloorExplorer(modules: modules, steps: steps)
        let check = floorExplorer.explore()
        let explored = GraphExplorer.exploreStates(root, with: stepper)
        precondition(check.states == explored.states.count, "the fair floor explores the engine's states")
        precondition(dotBytes(check.graph) == dotBytes(explored.projection), "the fair floor writes the engine's DOT")
        let fairFloor = measure(runs: runs) {
            let found = floorExplorer.explore()
            var written = 0
            DOTExporter.write(found.graph) { chunk in written += chunk.count }
            consume(written + found.states)
        }
        // The old floor's adjacency is built outside the timing: interned ids given.
        let graph = explored.projection
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
        let figure = GraphFigure(
            steps: total, nodes: nodes, edges: edges, engine: engine, fairFloor: fairFloor, floor: floor,
            peakMiB: enginePeak)
        figures.append(figure)
        func ms(_ ns: Double) -> String { fixed(ns / 1e6, 0) }
        print(
            padded(String(total), 8), padded(String(states), 8), padded(String(edges), 8),
            padded("\(ms(engine.median)) (\(ms(engine.min))-\(ms(engine.max)))", 15),
            padded(ms(fairFloor.median), 8), padded(fixed(engine.median / fairFloor.median, 1), 6),
            padded(ms(floor.median), 7), padded(fixed(engine.median / floor.median, 1), 6),
            padded("\(Int(figure.peakMiB))M", 5))
    }
    if figures.count >= 2, let last = figures.last {
        let previous = figures[figures.count - 2]
        print("")
        print(
            """
            Growth from \(previous.steps) to \(last.steps) steps: \
            \(fixed(last.engine.median / previous.engine.median, 1))x (linear: \(last.steps / previous.steps)x; \
            the fair floor: \(fixed(last.fairFloor.median / previous.fairFloor.median, 1))x).
            """
        )
    }
    print("")
    variantsSection(quick: quick)
    fieldsSection(quick: quick)
    return figures
}

/// 1M steps, explored once with its DOT written: the time, the states and
/// the process's peak memory (the largest run, so the peak is its own).
struct MillionFigure {
    let milliseconds: Double
    let states: Int
    let peakMiB: Double
}

/// 2: the 1M-step variant, once (no floor: it would explore it again);
/// prints it.
func millionSection() -> MillionFigure {
    let (root, stepper) = SyntheticVariant.make(modules: 1_000, stepsPerModule: 1_000)
    let start = now()
    // Above the standard bound of 500,000 states, which would cut it short.
    let explored = GraphExplorer.exploreStates(root, with: stepper, limits: ExplorationLimits(maxStates: 2_000_000))
    precondition(!explored.isTruncated, "the 1M-step variant is explored whole")
    var written = 0
    DOTExporter.write(explored.projection) { chunk in written += chunk.count }
    let figure = MillionFigure(
        milliseconds: Double(now() - start) / 1e6, states: explored.states.count, peakMiB: peakRSS())
    consume(written)
    print("Graph at 1000000 steps, explored once with its DOT (\(written / 1_048_576) MiB):")
    print(
        "  \(figure.states) states in \(fixed(figure.milliseconds, 0)) ms; peak \(Int(figure.peakMiB)) MiB "
            + "(goal: under 500 MB)")
    print("")
    return figure
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
        let timing = measure(runs: quick ? 3 : 7) {
            variant = VariantGraph(manifest: manifest, registry: BundledModules.registry)
        }
        guard let variant else { continue }
        print(
            "  " + name + String(repeating: " ", count: max(0, 22 - name.count)),
            padded(String(variant.states.states.count), 7), padded(String(variant.states.transitions.count), 12),
            padded(String(variant.graph.nodes.count), 6), padded(String(variant.graph.edges.count), 6),
            padded(fixed(timing.median / 1e6, 1), 11))
    }
    print("")
}

/// Fields against buttons: a form of 100 screens of 3 fields of 4 classes
/// each, explored exactly, beside the same form with a Next button alone.
func fieldsSection(quick: Bool) {
    print("Fields: a form of 100 screens, 3 fields x 4 classes each, against the same")
    print("screens with buttons only (median of \(quick ? 3 : 7) runs):")
    print("  variant                 states  transitions  explore ms")
    var base = 0.0
    for (name, fields) in [("buttons only", 0), ("3 fields x 4 classes", 3)] {
        let (root, stepper) = SyntheticVariant.form(screens: 100, fields: fields, classes: 4)
        var states = 0
        var transitions = 0
        let timing = measure(runs: quick ? 3 : 7) {
            let explored = GraphExplorer.exploreStates(root, with: stepper)
            states = explored.states.count
            transitions = explored.transitions.count
        }
        if fields == 0 { base = timing.median }
        let ratio = fields == 0 ? "" : "  (\(fixed(timing.median / base, 1))x the time)"
        print(
            "  " + name + String(repeating: " ", count: max(0, 22 - name.count)), padded(String(states), 7),
            padded(String(transitions), 12), padded(fixed(timing.median / 1e6, 1), 11) + ratio)
    }
    print("")
}

/// Sections explored as components: 4 sections side by side of 1,000
/// states each, whose product would be 10^12 combinations, against the
/// goal of 1 s and 100 MB. The peak is this run's own: the kernel's mark
/// is reset before it (Linux).
struct SectionsFigure {
    let timing: Timing
    let states: Int
    let transitions: Int
    let product: Double
    let peakMiB: Double?
}

func sectionsSection(quick: Bool) -> SectionsFigure {
    let (count, size) = (4, 1_000)
    print("Sections: \(count) independent sections of \(size) states each, explored as")
    print("components (median of \(quick ? 3 : 7) runs; the peak is of the first run alone):")
    print("  sections  states  transitions  explore ms  peak     product")
    let (root, stepper) = SyntheticVariant.tabs(count: count, states: size)
    var explored: StateGraph?
    let reset = resetPeakMemory()
    let first = measure(runs: 1, warmUp: false) { explored = GraphExplorer.exploreStates(root, with: stepper) }
    let peak = reset ? peakMemorySinceReset() : nil
    let timing = measure(runs: quick ? 3 : 7) { consume(GraphExplorer.exploreStates(root, with: stepper)) }
    guard let explored, let composition = explored.composition, composition.isComposed else {
        preconditionFailure("the synthetic sections are explored as components")
    }
    consume(first)
    let figure = SectionsFigure(
        timing: timing, states: explored.states.count, transitions: explored.transitions.count,
        product: composition.productStates, peakMiB: peak)
    print(
        "  " + padded("\(count) x \(size)", 8), padded(String(figure.states), 7),
        padded(String(figure.transitions), 12),
        padded(fixed(timing.median / 1e6, 1) + " (\(fixed(timing.min / 1e6, 1))-\(fixed(timing.max / 1e6, 1)))", 11),
        padded(peak.map { "\(Int($0))M" } ?? "n/a", 5), "  about 10^\(exponent(of: figure.product))")
    print("")
    return figure
}

/// The power of ten nearest below `value` (12 for 10^12).
private func exponent(of value: Double) -> Int {
    var (power, rest) = (0, value)
    while rest >= 10 {
        rest /= 10
        power += 1
    }
    return power
}
