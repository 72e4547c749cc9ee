#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import StepflowScripts

// stepflow-bench: release-mode figures, each against a baseline measured in
// the same run: the engine against a bare queue hop, a direct switch and an
// Rx-style chain; memory per live flow; exploring a synthetic variant and
// writing its DOT against a plain BFS plus the same DOT text; rootapp's
// start-up against a Swift program that does nothing; restoring a long
// saved session against handling its inputs live.
//
//   swift run -c release stepflow-bench [--quick] [--json FILE]

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
        """
        {\"median\": \(fixed(timing.median, digits)), \"min\": \(fixed(timing.min, digits)), \"max\": \
        \(fixed(timing.max, digits))}
        """
    }
    if let engine {
        text +=
            "  \"engine\": {\"steps\": \(engineSteps), \"crossThreadNanoseconds\": \(json(engine.crossThread)), "
            + "\"queueHopNanoseconds\": \(json(engine.hop)), \"onQueueNanoseconds\": \(json(engine.onQueue)), "
            + "\"directSwitchNanoseconds\": \(json(engine.directSwitch, 2)), "
            + "\"rxChainNanoseconds\": \(json(engine.rxChain))},\n"
    }
    if let restore {
        text +=
            "  \"restore\": {\"inputs\": \(restore.inputs), \"entries\": \(restore.entries), "
            + "\"bytes\": \(restore.bytes), \"restoreNanoseconds\": \(json(restore.restore, 0)), "
            + "\"readNanoseconds\": \(json(restore.read, 0)), \"liveNanoseconds\": \(json(restore.live, 0))},\n"
    }
    if let memory {
        text +=
            "  \"memory\": {\"flows\": \(flows), \"bytesPerFlow\": \(Int(memory.bytesPerFlow)), "
            + "\"returnedPercent\": \(Int(memory.returnedPercent))},\n"
    }
    text +=
        "  \"cliStartupMilliseconds\": ["
        + startup.map {
            """
            {\"manifest\": \"\($0.name)\", \"rootapp\": \(fixed($0.rootapp / 1e6)), \"floor\": \
            \(fixed($0.floor / 1e6))}
            """
        }.joined(separator: ", ") + "],\n"
    text +=
        "  \"suites\": ["
        + suites.map {
            """
            {\"variant\": \"\($0.name)\", \"states\": \($0.states), \"transitions\": \($0.transitions), \"walks\": \
            \($0.walks), \"inputs\": \($0.inputs), \"lowerBound\": \($0.bound), \"randomInputs\": \
            \($0.random.inputs), \"randomFinished\": \($0.random.finished), \"milliseconds\": \
            \(fixed($0.timing.median / 1e6))}
            """
        }.joined(separator: ", ") + "],\n"
    text += "  \"graph\": [\n"
    for (index, figure) in figures.enumerated() {
        text +=
            "    {\"steps\": \(figure.steps), \"nodes\": \(figure.nodes), \"edges\": \(figure.edges), "
            + "\"exploreAndDOTNanoseconds\": \(Int(figure.engine.median)), "
            + "\"fairFloorNanoseconds\": \(Int(figure.fairFloor.median)), "
            + "\"floorNanoseconds\": \(Int(figure.floor.median)), \"peakRSSMiB\": \(Int(figure.peakMiB))}"
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
