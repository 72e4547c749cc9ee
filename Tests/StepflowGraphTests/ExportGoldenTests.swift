import BundledFixtures
import BundledModules
@testable import StepflowGraph
import StepflowManifest
import StepflowTesting
import Testing

@Suite("Exports of every bundled variant")
struct ExportGoldenTests {
    @Test(arguments: BundledManifests.names)
    func exportsMatchTheirGoldenFiles(name: String) throws {
        let variant = try Bundled.variant(name)
        Bundled.goldens.check(DOTExporter.export(variant.graph, title: variant.manifest.app.name), "\(name).dot")
        Bundled.goldens.check(
            OverviewExporter.overview(variant, title: variant.manifest.app.name), "\(name).overview.dot")
        Bundled.goldens.check(
            OverviewExporter.screens(variant, title: variant.manifest.app.name), "\(name).screens.dot")
        Bundled.goldens.check(MermaidExporter.export(variant.graph), "\(name).mmd")
        Bundled.goldens.check(JSONExporter.export(variant.graph), "\(name).json")
        Bundled.goldens.check(TraceExporter.text(variant.states), "\(name).trace.txt")
        Bundled.goldens.check(TraceExporter.json(variant.states), "\(name).trace.json")
    }

    /// The second exploration starts with the names, key parts and screen
    /// contents the first gave back (``StepNames``): the same states, in
    /// the same order, and the same graph.
    @Test(arguments: BundledManifests.wholeVariantNames)
    func explorationIsDeterministic(name: String) throws {
        let first = try Bundled.variant(name)
        let second = try Bundled.variant(name)
        #expect(DOTExporter.export(first.graph) == DOTExporter.export(second.graph))
        #expect(JSONExporter.export(first.graph) == JSONExporter.export(second.graph))
        #expect(TraceExporter.text(first.states) == TraceExporter.text(second.states))
    }

    @Test(arguments: BundledManifests.names)
    func everyBundledVariantIsFreeOfFindings(name: String) throws {
        #expect(try Bundled.variant(name).findings() == [])
    }

    @Test(arguments: BundledManifests.names)
    func theTraceFitsEightyColumns(name: String) throws {
        let variant = try Bundled.variant(name)
        for line in TraceExporter.text(variant.states).split(separator: "\n") {
            #expect(line.count <= 80, "over 80 columns: \(line)")
        }
    }
}

@Suite("The overview picture")
struct OverviewTests {
    /// Every route some walk takes is an arrow between module boxes, and
    /// no other: the picture a reviewer signs off says what the app does.
    @Test(arguments: BundledManifests.names)
    func theOverviewDrawsExactlyTheRoutesWalksTake(name: String) throws {
        let variant = try Bundled.variant(name)
        let dot = OverviewExporter.overview(variant)
        let arrows = dot.split(separator: "\n").filter { $0.contains(" -> ") && !$0.contains("\"start\" ->") }
        let taken = Set(
            variant.graph.edges.filter { $0.kind == .exit }.map {
                "\(variant.graph.nodes[$0.from].instance).\(variant.graph.label(of: $0))"
            })
        #expect(arrows.count == taken.count)
        for key in taken {
            let route = try #require(variant.manifest.routes.first { $0.key.description == key })
            #expect(
                arrows.contains {
                    $0.hasPrefix("  \"\(route.key.instance)\" -> \"\(route.value)\" [label=\"\(route.key.exit)")
                }, "\(key)")
        }
    }

    /// In the screens view an action leads where it leads in that context:
    /// Back on the second instruction page goes to the first, nowhere else.
    @Test func aBackGoesToTheScreenBeforeNotToEveryScreenItEverRevealed() throws {
        let variant = try Bundled.variant("covid-antigen-clinic")
        let dot = OverviewExporter.screens(variant, module: "test")
        let backs = dot.split(separator: "\n").filter {
            $0.hasPrefix("  \"test/nasal-2\" -> ") && $0.contains("label=\"Back\"")
        }
        #expect(backs == ["  \"test/nasal-2\" -> \"test/nasal-1\" [label=\"Back\"];"])
    }
}

@Suite("Mermaid output is well formed")
struct MermaidShapeTests {
    @Test(arguments: BundledManifests.names)
    func everyLineIsAFormMermaidAccepts(name: String) throws {
        let text = MermaidExporter.export(try Bundled.variant(name).graph)
        let label = #""(?:[^"\n])*""#
        let forms = [
            try Regex(#"^flowchart LR$"#),
            try Regex(#"^  n0\(\[\#(label)\]\)$"#),
            try Regex(#"^  n1\(\(\(\#(label)\)\)\)$"#),
            try Regex(#"^  subgraph c[0-9]+\[\#(label)\]$"#),
            try Regex(#"^  end$"#),
            try Regex(#"^    n[0-9]+\[\#(label)\]$"#),
            try Regex(#"^    n[0-9]+\(\#(label)\)$"#),
            try Regex(#"^  n[0-9]+ -->\|\#(label)\| n[0-9]+$"#),
            try Regex(#"^  classDef screen fill:#e3f2fd,stroke:#1565c0$"#),
            try Regex(#"^  class n[0-9]+(,n[0-9]+)* screen$"#),
        ]
        var declared: Set<String> = ["n0", "n1"]
        var depth = 0
        for line in text.split(separator: "\n") {
            #expect(forms.contains { line.wholeMatch(of: $0) != nil }, "not a Mermaid flowchart line: \(line)")
            if line.hasPrefix("  subgraph") { depth += 1 }
            if line == "  end" { depth -= 1 }
            if line.hasPrefix("    n"),
                let id = line.dropFirst(4).split(whereSeparator: { $0 == "[" || $0 == "(" }).first
            {
                declared.insert(String(id))
            }
        }
        #expect(depth == 0, "subgraphs are closed")
        for line in text.split(separator: "\n") where line.contains(" -->|") {
            let parts = line.split(separator: " ")
            #expect(
                declared.contains(String(parts[0])) && declared.contains(String(parts[parts.count - 1])),
                "edge between declared nodes: \(line)")
        }
    }

    @Test func labelsWithQuotesAndPipesAreEscaped() {
        #expect(Escaping.mermaid(#"a "b" | <c> #1"#) == "a #quot;b#quot; #124; #lt;c#gt; #35;1")
    }
}
