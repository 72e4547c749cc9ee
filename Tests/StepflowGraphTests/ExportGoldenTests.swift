import BundledModules
import StepflowGraph
import StepflowManifest
import Testing

@Suite("Exports of every bundled variant")
struct ExportGoldenTests {
    @Test(arguments: Bundled.names)
    func exportsMatchTheirGoldenFiles(name: String) throws {
        let variant = try Bundled.variant(name)
        Golden.check(DOTExporter.export(variant.graph, title: variant.manifest.app.name), "\(name).dot")
        Golden.check(MermaidExporter.export(variant.graph), "\(name).mmd")
        Golden.check(JSONExporter.export(variant.graph), "\(name).json")
        Golden.check(TraceExporter.text(variant.graph), "\(name).trace.txt")
        Golden.check(TraceExporter.json(variant.graph), "\(name).trace.json")
    }

    @Test(arguments: Bundled.names)
    func explorationIsDeterministic(name: String) throws {
        let first = try Bundled.variant(name)
        let second = try Bundled.variant(name)
        #expect(DOTExporter.export(first.graph) == DOTExporter.export(second.graph))
        #expect(JSONExporter.export(first.graph) == JSONExporter.export(second.graph))
    }

    @Test(arguments: Bundled.names)
    func everyBundledVariantIsFreeOfFindings(name: String) throws {
        #expect(try Bundled.variant(name).findings() == [])
    }

    @Test func theTraceFitsEightyColumnsExceptForLongIDs() throws {
        let graph = try Bundled.variant("covid-antigen-clinic").graph
        let longest = graph.nodes.map(\.id.count).max() ?? 0
        for line in TraceExporter.text(graph).split(separator: "\n") where line.count > 80 {
            #expect(line.count <= longest + 9, "only a single id longer than the width may overflow (after its 9-column indent and arrow): \(line)")
        }
    }
}
