/// Writes a graph as a Mermaid flowchart: a subgraph per flow instance,
/// nodes named `n0`, `n1`… (so no id can clash with Mermaid's keywords),
/// labels quoted with their special characters written as entity codes.
/// The output renders as is and is byte-identical for the same graph.
public enum MermaidExporter {
    /// The Mermaid text of `graph`.
    ///
    /// - Complexity: O(V + E).
    public static func export(_ graph: NavigationGraph) -> String {
        var out = "flowchart LR\n"
        out.reserveCapacity(graph.nodes.count * 50 + graph.edges.count * 40)
        out += "  n0([\"start\"])\n"
        out += "  n1(((\"end\")))\n"
        for (index, members) in graph.nodesByInstance().enumerated() where !members.isEmpty {
            out += "  subgraph c\(index)[\"\(escape(graph.instances[index]))\"]\n"
            for position in members {
                let node = graph.nodes[position]
                let label = escape(node.label)
                out += node.kind == .screen ? "    n\(position)[\"\(label)\"]\n" : "    n\(position)(\"\(label)\")\n"
            }
            out += "  end\n"
        }
        for edge in graph.edges {
            out += "  n\(edge.from) -->|\"\(escape(graph.displayLabel(of: edge)))\"| n\(edge.to)\n"
        }
        out += "  classDef screen fill:#e3f2fd,stroke:#1565c0\n"
        let screens = graph.nodes.indices.filter { graph.nodes[$0].kind == .screen }
        if !screens.isEmpty {
            out += "  class " + screens.map { "n\($0)" }.joined(separator: ",") + " screen\n"
        }
        return out
    }

    /// Mermaid entity codes for the characters that end or confuse a
    /// quoted label.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\"": out += "#quot;"
            case "#": out += "#35;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "|": out += "#124;"
            case "`": out += "#96;"
            case "\n": out += " "
            default: out.append(character)
            }
        }
        return out
    }
}
