import StepflowGraph
import Testing

@Suite("Synthetic variants")
struct SyntheticTests {
    @Test func aSyntheticVariantHasTheNodesAndEdgesItsShapeImplies() {
        let (modules, steps) = (7, 25)
        let (root, stepper) = SyntheticVariant.make(modules: modules, stepsPerModule: steps)
        let graph = GraphExplorer.explore(root, with: stepper)
        // Per module: `steps` step nodes, `steps - 1` screens, one back step;
        // the root: one enter and one done per module; plus start and end.
        #expect(graph.nodes.count == modules * (steps + (steps - 1) + 1) + 2 * modules + 2)
        #expect(graph.findings() == [])
        let end = graph.shortestPaths().path(to: graph.end)!
        #expect(end.count > modules * 2, "the end is reached through every module")
    }

    @Test func exploringTwiceGivesTheSameDOT() {
        let (root, stepper) = SyntheticVariant.make(modules: 20, stepsPerModule: 50)
        let first = DOTExporter.export(GraphExplorer.explore(root, with: stepper))
        let second = DOTExporter.export(GraphExplorer.explore(root, with: stepper))
        #expect(first == second)
    }
}

@Suite("Wrapping traces")
struct TraceWrapTests {
    @Test func aPathBreaksBeforeAnArrowAndNoLinePassesTheWidth() {
        let parts = ["start", "onboarding.welcome", "onboarding/welcome", "onboarding.consent", "é.ü", "end"]
        let text = TraceExporter.wrap(parts, width: 40, indent: "  ")
        #expect(text == """
              start → onboarding.welcome
                → onboarding/welcome
                → onboarding.consent → é.ü → end

            """)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 40 })
    }

    @Test func aLongPathKeepsEveryPartAndTheWidth() {
        // 20,000 parts (wrapping used to count the growing line each time).
        let parts = (0..<20_000).map { "m\($0 % 7).s\($0)" }
        let text = TraceExporter.wrap(parts, width: 80, indent: "     ")
        let lines = text.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.joined().filter { $0 == "→" }.count == 19_999)
        #expect(lines.last?.hasSuffix("m0.s19999") == true)
    }
}
