import StepflowManifest

/// Writes a graph as a Mermaid flowchart: a subgraph per flow instance,
/// nodes named `n0`, `n1`… (so no id can clash with Mermaid's keywords),
/// labels quoted with their special characters written as entity codes.
/// The output renders as is and is byte-identical for the same graph.
public enum MermaidExporter {
    /// The Mermaid text of `graph`.
    ///
    /// - Complexity: O(V + E).
    package static func export(_ graph: NavigationGraph) -> String {
        var out = "flowchart LR\n"
        out.reserveCapacity(graph.nodes.count * 50 + graph.edges.count * 40)
        out += "  n0([\"start\"])\n"
        out += "  n1(((\"end\")))\n"
        for (index, members) in graph.nodesByInstance().enumerated() where !members.isEmpty {
            out += "  subgraph c\(index)[\"\(Escaping.mermaid(graph.instances[index]))\"]\n"
            for position in members {
                let node = graph.nodes[position]
                let label = Escaping.mermaid(node.label)
                out += node.kind == .screen ? "    n\(position)[\"\(label)\"]\n" : "    n\(position)(\"\(label)\")\n"
            }
            out += "  end\n"
        }
        for edge in graph.edges {
            out += "  n\(edge.from) -->|\"\(Escaping.mermaid(graph.displayLabel(of: edge)))\"| n\(edge.to)\n"
        }
        out += "  classDef screen fill:#e3f2fd,stroke:#1565c0\n"
        let screens = graph.nodes.indices.filter { graph.nodes[$0].kind == .screen }
        if !screens.isEmpty {
            out += "  class " + screens.map { "n\($0)" }.joined(separator: ",") + " screen\n"
        }
        return out
    }
}
