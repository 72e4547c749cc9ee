/// Writes a graph in Graphviz's DOT language: one cluster per flow
/// instance, the start and end marked, every edge labelled. The output is
/// accepted by `dot` as is and is byte-identical for the same graph.
///
/// ```sh
/// dot -Tsvg covid.dot -o covid.svg
/// ```
public enum DOTExporter {
    /// The DOT text of `graph`, titled `title` (the app's name, say).
    ///
    /// - Complexity: O(V + E).
    public static func export(_ graph: NavigationGraph, title: String? = nil) -> String {
        var out = ""
        out.reserveCapacity(graph.nodes.count * 80 + graph.edges.count * 60)
        out += "digraph \(quote(graph.app)) {\n"
        out += "  graph [rankdir=LR, fontname=\"Helvetica\", labelloc=t, label=\(quote(title.map { "\($0) (\(graph.app))" } ?? graph.app))];\n"
        out += "  node [fontname=\"Helvetica\", fontsize=10];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=9];\n"
        out += "  \"start\" [shape=circle, style=filled, fillcolor=\"#c8e6c9\", label=\"start\"];\n"
        out += "  \"end\" [shape=doublecircle, style=filled, fillcolor=\"#ffcdd2\", label=\"end\"];\n"
        var byInstance = [[Int]](repeating: [], count: graph.instances.count)
        let instanceIndex = Dictionary(uniqueKeysWithValues: graph.instances.enumerated().map { ($0.element, $0.offset) })
        for (position, node) in graph.nodes.enumerated() where node.kind == .step || node.kind == .screen {
            byInstance[instanceIndex[node.instance]!].append(position)  // every node's instance is listed
        }
        for (index, instance) in graph.instances.enumerated() where !byInstance[index].isEmpty {
            out += "  subgraph \"cluster_\(index)\" {\n"
            out += "    label=\(quote(instance));\n"
            out += "    style=rounded;\n"
            for position in byInstance[index] {
                let node = graph.nodes[position]
                out += "    \(quote(node.id)) ["
                out += node.kind == .screen ? "shape=box, style=\"rounded,filled\", fillcolor=\"#e3f2fd\", " : "shape=ellipse, "
                out += "label=\(quote(node.label))];\n"
            }
            out += "  }\n"
        }
        for edge in graph.edges {
            out += "  \(quote(graph.nodes[edge.from].id)) -> \(quote(graph.nodes[edge.to].id)) [label=\(quote(graph.label(of: edge)))];\n"
        }
        out += "}\n"
        return out
    }

    /// A DOT quoted string: backslashes and quotes escaped, line breaks as
    /// `\n`.
    static func quote(_ text: String) -> String {
        var out = "\""
        for character in text {
            switch character {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out + "\""
    }
}
