import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowReview
import StepflowScripts
import SyntheticVariant

/// Issue 57: the forms synthetic (question pages of four fields of three
/// classes each, a bounded repeat, a summary with Change), each tool's
/// work as `rootapp` does it, in this process.
struct FormsFigures {
    struct Size {
        let pages: Int
        let repeatBound: Int
        let states: Int
        let transitions: Int
        /// Median nanoseconds by tool: validate, suite, prototype, report.
        var times: [String: Double] = [:]
    }
    var sizes: [Size] = []

    /// The tools, in the order they run.
    static let tools = ["validate", "suite", "prototype", "report"]
}

/// 12: validate, suite, prototype and report of the forms synthetic, at
/// about 50 pages and a repeat of 4, and (a full run) at about 10,000
/// states.
func formsSection(quick: Bool) -> FormsFigures {
    print("Forms (issue 57): a synthetic form of question pages of 4 fields of 3 classes")
    print("(one taken, two refused), a repeat, a summary whose Change comes back; each")
    print("tool's work as rootapp does it (the report's diagram as an outline, no")
    print("Graphviz process), median of \(quick ? 1 : 3):")
    print("")
    print("  pages  repeat  states  transitions  validate     suite  prototype    report")
    let registry = ModuleRegistry([SyntheticVariant.FormsModule.self])
    var figures = FormsFigures()
    // The 10,000 states take minutes in all: a full run only.
    for (pages, bound) in quick ? [(50, 4)] : [(50, 4), (50, 195)] {
        let text = SyntheticVariant.formsManifest(pages: pages, repeatBound: bound)
        guard let manifest = try? ManifestLoader(registry: registry).decode(Array(text.utf8), file: "forms.json")
        else {
            print("  \(pages) x \(bound): the manifest does not load")
            continue
        }
        let explored = VariantGraph(manifest: manifest, registry: registry)
        var size = FormsFigures.Size(
            pages: pages, repeatBound: bound, states: explored.states.states.count,
            transitions: explored.states.transitions.count)
        let runs = quick ? 1 : 3
        size.times["validate"] =
            measure(runs: runs, warmUp: false) {
                let variant = VariantGraph(manifest: manifest, registry: registry)
                _ = variant.findings()
                _ = variant.checkRules()
            }.median
        size.times["suite"] =
            measure(runs: runs, warmUp: false) {
                let runner = ScriptRunner(manifest: manifest, registry: registry)
                _ = try? SuiteGenerator(runner: runner).generate()
            }.median
        size.times["prototype"] =
            measure(runs: runs, warmUp: false) {
                guard let prototype = try? Prototype(manifest: manifest, registry: registry) else { return }
                _ = PrototypePage.html(prototype, manifestPath: "forms.json")
            }.median
        size.times["report"] =
            measure(runs: runs, warmUp: false) {
                let runner = ScriptRunner(
                    manifest: manifest, registry: registry, services: ModuleServices(), locale: nil,
                    limits: Prototype.explorationLimits)
                let (rules, _) = runner.variant.checkRules()
                let requirements = RequirementCoverage(manifest: manifest, rules: rules, scripts: [])
                if let prototype = try? Prototype(manifest: manifest, registry: registry, explored: runner.variant) {
                    _ = PrototypePage.html(prototype, manifestPath: "forms.json")
                }
                let contents = ReviewReport.Contents(
                    variant: runner.variant, rules: rules, scripts: [], results: [], coverage: nil,
                    requirements: requirements, diagram: .outline(reason: "a benchmark"), generator: "stepflow-bench",
                    record: ReviewRecord(manifest: manifest, registry: registry, tool: "stepflow-bench", date: ""))
                _ = ReviewReport.render(contents)
            }.median
        func seconds(_ tool: String) -> String { padded(fixed((size.times[tool] ?? .nan) / 1e9, 2) + " s", 9) }
        print(
            "  " + padded(String(pages), 5), padded(String(bound), 6), padded(String(size.states), 7),
            padded(String(size.transitions), 12), seconds("validate"), seconds("suite"), seconds("prototype"),
            seconds("report"))
        figures.sizes.append(size)
    }
    print("")
    return figures
}
