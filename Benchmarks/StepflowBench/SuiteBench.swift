import BundledModules
import StepflowGraph
import StepflowManifest
import StepflowScripts
import SyntheticVariant

/// One line of the suite section: a variant's covering suite, its bound
/// and the random baseline, measured on the same graph in this run.
struct SuiteFigure {
    let name: String
    let states: Int
    let transitions: Int
    let walks: Int
    let inputs: Int
    let bound: Int
    let random: SuiteGenerator.RandomBaseline
    let timing: Timing
}

/// 7: suite generation for each bundled variant (planning and the live
/// replay that writes each script) and for synthetic variants (planning
/// only: no manifest), against the lower bound and the random walk.
func suiteSection(quick: Bool) -> [SuiteFigure] {
    print("Suites: covering every state transition, total inputs beside the lower")
    print("bound and a seeded random walk (GraphWalker's random(edge_coverage(100)),")
    print("given up after \(SuiteGenerator.randomLimit) inputs) measured in this run.")
    print("")
    print("  variant               states  trans  n inputs  bound ratio     random     ms")
    var figures: [SuiteFigure] = []
    func line(_ figure: SuiteFigure) {
        let random =
            figure.random.finished
            ? String(figure.random.inputs) : ">\(figure.random.inputs / 1_000_000)M (\(figure.random.covered))"
        print(
            "  " + figure.name + String(repeating: " ", count: max(0, 21 - figure.name.count)),
            padded(String(figure.states), 6), padded(String(figure.transitions), 6), padded(String(figure.walks), 3),
            padded(String(figure.inputs), 6), padded(String(figure.bound), 6),
            padded(fixed(Double(figure.inputs) / Double(max(1, figure.bound)), 2), 5), padded(random, 10),
            padded(fixed(figure.timing.median / 1e6, 0), 6))
        figures.append(figure)
    }
    let loader = ManifestLoader(registry: BundledModules.registry, services: BundledModules.services)
    for name in ["covid-antigen-home", "covid-antigen-home-de", "covid-antigen-clinic", "hba1c-clinic", "strep-a-home"]
    {
        guard let manifest = try? loader.load(path: "RootApp/Manifests/\(name).json") else {
            print("  \(name): not found (run from the repository's root)")
            continue
        }
        let runner = ScriptRunner(
            manifest: manifest, registry: BundledModules.registry, services: BundledModules.services)
        var suite: SuiteGenerator.Suite?
        let timing = measure(runs: quick ? 1 : 3, warmUp: false) {
            suite = try? SuiteGenerator(runner: runner).generate()
        }
        guard let suite else {
            print("  \(name): no suite (refused)")
            continue
        }
        line(
            SuiteFigure(
                name: name, states: runner.variant.states.states.count,
                transitions: runner.variant.states.transitions.count,
                walks: suite.scripts.count, inputs: suite.totalInputs, bound: suite.lowerBound, random: suite.random,
                timing: timing))
    }
    let sizes: [(modules: Int, steps: Int)] = quick ? [(10, 100)] : [(10, 100), (10, 1_000)]
    for (modules, steps) in sizes {
        let (root, stepper) = SyntheticVariant.make(modules: modules, stepsPerModule: steps)
        let states = GraphExplorer.exploreStates(root, with: stepper)
        var plan: SuitePlanner.Plan?
        let timing = measure(runs: quick ? 1 : 3, warmUp: false) { plan = try? SuitePlanner(states: states).plan() }
        guard let plan else {
            print("  synthetic \(modules * steps): no plan (refused)")
            continue
        }
        line(
            SuiteFigure(
                name: "synthetic \(modules)x\(steps)", states: states.states.count,
                transitions: states.transitions.count,
                walks: plan.walks.count, inputs: plan.totalInputs, bound: plan.lowerBound, random: plan.random,
                timing: timing))
    }
    print("  n: scripts. ms: bundled, planning and replaying each script on the")
    print("  live engine; synthetic, planning only (no manifest to replay).")
    print("  Each plan's ms include its bound and its random walk.")
    print("")
    return figures
}
