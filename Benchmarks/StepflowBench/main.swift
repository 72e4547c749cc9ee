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
//   swift run -c release stepflow-bench [--quick] [--json FILE] [--baseline FILE]

let options = parseOptions()
// A baseline that cannot be read stops the run before it starts.
var baseline: Baseline?
if let path = options.baseline {
    switch readBaseline(path) {
    case .success(let read): baseline = read
    case .failure(let error):
        printError("error: --baseline: \(error.message)")
        exit(66)
    }
}
// Nor does a JSON file that could not be written at the end.
if let path = options.json, let problem = writeAtomically("", to: path, replacing: false) {
    printError("error: --json: \(problem)")
    exit(73)
}
print("Stepflow benchmarks (release). Times: median of runs after a warm-up,")
print("with min-max. Ratios compare figures measured side by side in this run.")
print("")

var results = RunResults()
// The graph runs first, so the peak memory it prints is its own.
if options.sections.contains("graph") {
    results.graph = graphSection(quick: options.quick)
    // Last of the graph runs: its peak is the process's.
    if !options.quick { results.million = millionSection() }
}
// Tabs measure their own peak (the kernel's mark reset before them).
if options.sections.contains("tabs") { results.sections = sectionsSection(quick: options.quick) }
if options.sections.contains("suite") { results.suites = suiteSection(quick: options.quick) }
if options.sections.contains("engine") {
    results.engine = engineSection(steps: options.quick ? 200_000 : 1_000_000, quick: options.quick)
}
if options.sections.contains("memory") { results.memory = memorySection(flows: options.quick ? 20_000 : 100_000) }
if options.sections.contains("restore") {
    results.restore = restoreSection(cycles: options.quick ? 1_000 : 5_000, quick: options.quick)
}
if options.sections.contains("update") { results.update = updateSection(quick: options.quick) }
if options.sections.contains("presentation") {
    results.presentation = presentationSection(cycles: options.quick ? 1_000 : 5_000)
}
if options.sections.contains("startup") { results.startup = startupSection(runs: options.quick ? 5 : 20) }
if options.sections.contains("family") {
    results.family = familySection(quick: options.quick)
    results.distinctFamily = distinctFamilySection(quick: options.quick)
}
if options.sections.contains("tools") { results.tools = toolsSection(quick: options.quick) }
if options.sections.contains("forms") { results.forms = formsSection(quick: options.quick) }

let figures = results.figures
let goals = results.goals
printGoals(goals, baseline: baseline?.figures)
printGoals(results.speedGoals, title: "Goals (issue 57)", baseline: baseline?.figures)
if let baseline, let path = options.baseline {
    printComparison(figures, baseline: baseline, quick: options.quick, path: path)
}
if let path = options.json, let problem = writeAtomically(json(figures, goals, quick: options.quick), to: path) {
    printError("error: --json: \(problem)")
    exit(73)
}
