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
