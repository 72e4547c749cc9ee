#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StepflowManifest
import StepflowTesting

// What a run found, as values: every figure by a stable name (so a later
// run finds it in this one's JSON), and every goal with its verdict. The
// summary, the JSON and the comparison with a baseline are all written
// from these.

/// What each section measured; `nil` or empty for a section not run.
struct RunResults {
    var graph: [GraphFigure] = []
    var million: MillionFigure?
    var sections: SectionsFigure?
    var suites: [SuiteFigure] = []
    var engine: EngineFigures?
    var memory: MemoryFigures?
    var restore: RestoreFigures?
    var startup: (figures: [StartupFigure], floor: Double)?
    var family: FamilyFigures?
    var distinctFamily: DistinctFamilyFigures?
    var forms: FormsFigures?
    var update: UpdateFigures?
    var presentation: PresentationFigures?
    var tools: ToolsFigures?
}

/// One figure, by a name that stays the same from run to run.
struct Figure {
    let name: String
    let value: Double
    let unit: String
}

/// A goal of the performance work and how this run stands against it.
struct Goal {
    let text: String
    /// `nil`: not measured in this run.
    let met: Bool?
    /// The figure it is judged on, as shown.
    let shown: String
    /// That figure's name among the figures, and its unit: where a
    /// baseline's figure is found.
    let figure: (name: String, unit: String)?
}

extension RunResults {
    /// Every figure of the run.
    var figures: [Figure] {
        var figures: [Figure] = []
        func add(_ name: String, _ value: Double, _ unit: String) {
            if value.isFinite { figures.append(Figure(name: name, value: value, unit: unit)) }
        }
        for figure in graph {
            let prefix = "graph.\(figure.steps)"
            add("\(prefix).exploreAndDOT", figure.engine.median / 1e6, "ms")
            add("\(prefix).fairFloor", figure.fairFloor.median / 1e6, "ms")
            add("\(prefix).fairRatio", figure.engine.median / figure.fairFloor.median, "x")
            add("\(prefix).oldFloor", figure.floor.median / 1e6, "ms")
            add("\(prefix).peak", figure.peakMiB, "MiB")
        }
        if let growth = graphGrowth { add("graph.growth", growth, "x") }
        if let million {
            add("graph.1000000.exploreAndDOT", million.milliseconds, "ms")
            add("graph.1000000.peak", million.peakMiB, "MiB")
        }
        if let sections {
            add("sections.4x1000.explore", sections.timing.median / 1e6, "ms")
            add("sections.4x1000.states", Double(sections.states), "states")
            if let peak = sections.peakMiB { add("sections.4x1000.peak", peak, "MiB") }
        }
        for suite in suites { add("suite.\(suite.name)", suite.timing.median / 1e6, "ms") }
        if let engine {
            add("engine.crossThread", engine.crossThread.median, "ns")
            add("engine.hop", engine.hop.median, "ns")
            add("engine.hopRatio", engine.crossThread.median / engine.hop.median, "x")
            add("engine.onQueue", engine.onQueue.median, "ns")
            add("engine.directSwitch", engine.directSwitch.median, "ns")
            add("engine.rxChain", engine.rxChain.median, "ns")
            add("engine.rxRatio", engine.crossThread.median / engine.rxChain.median, "x")
        }
        if let memory {
            add("memory.bytesPerFlow", memory.bytesPerFlow, "B")
            add("memory.returned", memory.returnedPercent, "%")
        }
        if let restore {
            add("restore.read", restore.read.median / 1e6, "ms")
            add("restore.replay", restore.restore.median / 1e6, "ms")
            add("restore.live", restore.live.median / 1e6, "ms")
            add("restore.otherRelease", restore.otherRelease.median / 1e6, "ms")
        }
        if let startup {
            add("startup.floor", startup.floor / 1e6, "ms")
            for figure in startup.figures {
                add("startup.\(figure.command).\(figure.manifest)", figure.nanoseconds / 1e6, "ms")
            }
        }
        if let family {
            add("family.validate", family.family.median / 1e6, "ms")
            add("family.oneByOne", family.oneByOne / 1e6, "ms")
        }
        for size in forms?.sizes ?? [] {
            for (tool, time) in size.times {
                add("forms.\(size.pages)x\(size.repeatBound).\(tool)", time / 1e6, "ms")
            }
        }
        if let distinctFamily {
            add("family.distinct.\(distinctFamily.manifests).validate", distinctFamily.family.median / 1e6, "ms")
        }
        if let tools {
            for (command, time) in tools.times { add("tools.\(tools.variant).\(command)", time / 1e6, "ms") }
        }
        if let presentation {
            add("presentation.perRender.first", presentation.first / 1000, "µs")
            add("presentation.perRender.last", presentation.last / 1000, "µs")
        }
        if let update {
            add("update.synthetic.lockstep", update.lockstep.median / 1e6, "ms")
            add("update.synthetic.explore", update.explore.median / 1e6, "ms")
            add("update.synthetic.ratio", update.lockstep.median / update.explore.median, "x")
            for figure in update.bundled {
                add("update.\(figure.name).check", figure.check.median / 1e6, "ms")
                add("update.\(figure.name).explore", figure.explore.median / 1e6, "ms")
            }
        }
        return figures
    }

    /// The time at 100k steps over the time at 10k (linear: about 10x, as
    /// the states grow 10.09x).
    var graphGrowth: Double? {
        guard let small = graph.first(where: { $0.steps == 10_000 }),
            let large = graph.first(where: { $0.steps == 100_000 })
        else { return nil }
        return large.engine.median / small.engine.median
    }

    /// Issue 25's goals, each with its verdict in this run.
    var goals: [Goal] {
        var goals: [Goal] = []
        func goal(_ text: String, _ met: Bool?, _ shown: String, _ figure: (name: String, unit: String)?) {
            goals.append(Goal(text: text, met: met, shown: shown, figure: figure))
        }
        for steps in [10_000, 100_000] {
            let figure = graph.first { $0.steps == steps }
            let ratio = figure.map { $0.engine.median / $0.fairFloor.median }
            goal(
                "explore \(steps / 1000)k steps within 10x the fair floor", ratio.map { $0 <= 10 },
                ratio.map { fixed($0, 1) + "x" } ?? "not run", ("graph.\(steps).fairRatio", "x"))
        }
        let growth = graphGrowth
        // The states grow 10.09x from 10k to 100k steps; linear within 10%.
        goal(
            "growth 10k to 100k steps linear (<= 11x)", growth.map { $0 <= 11 },
            growth.map { fixed($0, 1) + "x" }
                ?? "not run", ("graph.growth", "x"))
        goal(
            "explore 1M steps under 500 MB peak", million.map { $0.peakMiB * 1.048576 < 500 },
            million.map { "\(Int($0.peakMiB)) MiB" } ?? "not run (full run only)", ("graph.1000000.peak", "MiB"))
        let sectionsMet = sections.map { $0.timing.median < 1e9 && ($0.peakMiB.map { $0 * 1.048576 < 100 } ?? false) }
        goal(
            "explore 4 sections x 1,000 states under 1 s and 100 MB", sectionsMet,
            sections.map {
                "\(fixed($0.timing.median / 1e6, 0)) ms, " + ($0.peakMiB.map { "\(Int($0)) MiB" } ?? "peak n/a")
            }
                ?? "not run", ("sections.4x1000.explore", "ms"))
        let clinic = update?.bundled.first { $0.name == "covid-antigen-clinic" }.map { $0.check.median / 1e6 }
        goal(
            "update-check of a bundled variant well under 1 s", clinic.map { $0 < 500 },
            clinic.map { fixed($0, 0) + " ms" } ?? "not run", ("update.covid-antigen-clinic.check", "ms"))
        let family = self.family.flatMap { $0.manifests == 1000 ? $0.family.median / 1e6 : nil }
        goal(
            "validate 1,000 manifests under 2 s", family.map { $0 < 2000 },
            family.map { fixed($0 / 1000, 2) + " s" }
                ?? self.family.map { "not run (a quick run validates \($0.manifests))" } ?? "not run",
            ("family.validate", "ms"))
        if let startup {
            for command in ["trace", "validate", "graph"] {
                let worst = startup.figures.filter { $0.command == command }.map(\.nanoseconds).max() ?? .nan
                let ratio = worst / startup.floor
                goal(
                    "\(command) starts within 1.5x a do-nothing program", ratio <= 1.5, fixed(ratio, 1) + "x (worst)",
                    nil)
            }
        } else {
            goal("commands start within 1.5x a do-nothing program", nil, "not run", nil)
        }
        let onQueue = engine?.onQueue.median
        goal(
            "engine on the queue <= 50 ns a step", onQueue.map { $0 <= 50 },
            onQueue.map { fixed($0) + " ns" } ?? "not run", ("engine.onQueue", "ns"))
        let perFlow = memory?.bytesPerFlow
        goal(
            "<= 2 KB per live flow", perFlow.map { $0 <= 2048 }, perFlow.map { "\(Int($0)) B" } ?? "not run",
            ("memory.bytesPerFlow", "B"))
        let live = memory?.liveAfterEnd
        goal(
            "every ended flow let go (1 flow live after)", live.map { $0 == 1 }, live.map { "\($0) live" } ?? "not run",
            nil)
        let hop = engine.map { $0.crossThread.median / $0.hop.median }
        goal(
            "cross-thread <= 0.33x a bare hop", hop.map { $0 <= 0.33 }, hop.map { fixed($0, 2) + "x" } ?? "not run",
            ("engine.hopRatio", "x"))
        let rx = engine.map { $0.crossThread.median / $0.rxChain.median }
        goal(
            "engine <= 0.36x the Rx-style chain", rx.map { $0 <= 0.36 }, rx.map { fixed($0, 2) + "x" } ?? "not run",
            ("engine.rxRatio", "x"))
        return goals
    }
}

extension RunResults {
    /// Issue 57's goals: real-size variants in seconds. Those whose
    /// workload the benchmark does not build yet say so ("not run").
    var speedGoals: [Goal] {
        var goals: [Goal] = []
        func goal(_ text: String, _ met: Bool?, _ shown: String, _ figure: (name: String, unit: String)?) {
            goals.append(Goal(text: text, met: met, shown: shown, figure: figure))
        }
        let times = tools?.times ?? [:]
        let validate = times["validate"]
        for command in ["report", "prototype"] {
            let ratio = validate.flatMap { validate in times[command].map { $0 / validate } }
            goal(
                "\(command) of hba1c-clinic within 3x validate", ratio.map { $0 <= 3 },
                ratio.map { fixed($0, 1) + "x (" + fixed((times[command] ?? 0) / 1e9, 1) + " s)" } ?? "not run",
                ("tools.hba1c-clinic.\(command)", "ms"))
        }
        // Planning grows with the transitions: 10x the steps, about 10x
        // the transitions.
        let small = suites.first { $0.name == "synthetic 10x100" }
        let large = suites.first { $0.name == "synthetic 10x1000" }
        let growth = small.flatMap { small in large.map { $0.timing.median / small.timing.median } }
        goal(
            "suite planning near-linear (10x the transitions <= 15x the time)", growth.map { $0 <= 15 },
            growth.map { fixed($0, 1) + "x" } ?? "not run (full run only)", nil)
        let distinct = distinctFamily.flatMap { $0.manifests == 1000 && $0.valid ? $0.family.median / 1e9 : nil }
        goal(
            "a family of 1,000 distinct manifests <= 5 s", distinct.map { $0 <= 5 },
            distinct.map { fixed($0, 1) + " s" }
                ?? distinctFamily.map {
                    $0.valid
                        ? "not run (a quick run validates \($0.manifests): \(fixed($0.family.median / 1e9, 1)) s)"
                        : "not run (the family did not validate)"
                } ?? "not run", ("family.distinct.1000.validate", "ms"))
        // The forms synthetic at about 10,000 states: each tool against its
        // bound (validate 2 s, the others 10 s).
        if let large = forms?.sizes.first(where: { $0.states >= 10_000 }) {
            for tool in FormsFigures.tools {
                let bound = tool == "validate" ? 2.0 : 10.0
                let time = (large.times[tool] ?? .nan) / 1e9
                goal(
                    "\(tool) of a forms variant of \(large.states) states <= \(Int(bound)) s",
                    time.isNaN ? nil : time <= bound,
                    fixed(time, 2) + " s", ("forms.\(large.pages)x\(large.repeatBound).\(tool)", "ms"))
            }
        } else {
            goal(
                "a 10,000-state forms variant: validate <= 2 s, suite, report, prototype <= 10 s", nil,
                forms == nil ? "not run" : "not run (full run only)", nil)
        }
        // The synthetic variant of 10k steps has 9,901 states; its fair
        // floor is a hand-written explorer of the same app (the forms
        // synthetic has none).
        let tenK = graph.first { $0.steps == 10_000 }.map { $0.engine.median / $0.fairFloor.median }
        goal(
            "exploration <= 5x the fair floor at 10k states (the synthetic variant)", tenK.map { $0 <= 5 },
            tenK.map { fixed($0, 1) + "x" } ?? "not run", ("graph.10000.fairRatio", "x"))
        goal("the full test suite <= 90 s on an idle machine", nil, "not run (measured outside: see the README)", nil)
        return goals
    }
}

/// The goals, each with its verdict, this run's figure and the baseline's.
func printGoals(_ goals: [Goal], title: String = "Goals (issue 25)", baseline: [String: Double]?) {
    print(title + (baseline == nil ? ":" : ", with the baseline's figure:"))
    for goal in goals {
        let verdict = goal.met.map { $0 ? "met    " : "NOT met" } ?? "not run"
        var line = "  \(verdict)  \(goal.text): \(goal.shown)"
        if let figure = goal.figure, let was = baseline?[figure.name] {
            let unit = figure.unit == "x" ? "x" : " " + figure.unit
            line += " (was \(fixed(was, was < 10 ? 2 : 1))\(unit))"
        }
        print(line)
    }
    print("")
}

/// Each figure of this run beside the baseline's, where it has one.
func printComparison(_ figures: [Figure], baseline: Baseline, quick: Bool, path: String) {
    let shared = figures.filter { baseline.figures[$0.name] != nil }
    print("Against the baseline \(path) (\(shared.count) of \(figures.count) figures in both):")
    if let other = baseline.quick, other != quick {
        print("  (it is a \(other ? "quick" : "full") run and this a \(quick ? "quick" : "full") one: the engine,")
        print("  memory and restore figures are over other sizes and runs; compare like with like)")
    }
    print("  figure                                          was        now   now/was")
    for figure in shared {
        let was = baseline.figures[figure.name] ?? .nan
        let digits = figure.value < 10 ? 2 : 1
        let name = figure.name + " (\(figure.unit))"
        print(
            "  " + name + String(repeating: " ", count: max(0, 44 - name.count)),
            padded(fixed(was, digits), 9), padded(fixed(figure.value, digits), 10),
            padded(fixed(figure.value / was, 2), 9))
    }
    print("")
}

/// The run as JSON (schema 2): whether it was quick, every figure by
/// name, and every goal.
func json(_ figures: [Figure], _ goals: [Goal], quick: Bool) -> String {
    func quoted(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
    let figureLines = figures.map {
        "    {\"name\": \(quoted($0.name)), \"value\": \(fixed($0.value, 3)), \"unit\": \(quoted($0.unit))}"
    }
    let goalLines = goals.map {
        let met = $0.met.map { $0 ? "true" : "false" } ?? "null"
        return "    {\"goal\": \(quoted($0.text)), \"met\": \(met), \"figure\": \(quoted($0.shown))}"
    }
    return """
        {
          "schema": 2,
          "quick": \(quick),
          "figures": [
        \(figureLines.joined(separator: ",\n"))
          ],
          "goals": [
        \(goalLines.joined(separator: ",\n"))
          ]
        }

        """
}

/// Writes `text` to `path` whole or not at all (a temporary file beside it,
/// renamed over it); an error names the file and the reason. Not
/// `replacing`, it only tries: the temporary file is written and removed.
func writeAtomically(_ text: String, to path: String, replacing: Bool = true) -> String? {
    let temporary = path + ".tmp-\(getpid())"
    guard let file = fopen(temporary, "w") else {
        return "cannot write \(path): \(String(cString: strerror(errno))). To fix, check the folder exists."
    }
    let wrote = fputs(text, file) >= 0
    let closed = fclose(file) == 0
    guard replacing else {
        unlink(temporary)
        return wrote && closed ? nil : "cannot write \(path): \(String(cString: strerror(errno)))."
    }
    guard wrote, closed, rename(temporary, path) == 0 else {
        let reason = String(cString: strerror(errno))
        unlink(temporary)
        return "cannot write \(path): \(reason)."
    }
    return nil
}
