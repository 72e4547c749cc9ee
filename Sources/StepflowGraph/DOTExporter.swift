import StepflowManifest

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
    package static func export(_ graph: NavigationGraph, title: String? = nil) -> String {
        var out = TextBuffer(capacity: graph.nodes.count * 64 + graph.edges.count * 64 + 512)
        write(graph, title: title, into: &out)
        return out.string
    }

    /// Writes the DOT text of `graph` to `sink` in chunks of about 64 KiB,
    /// so a graph of millions of steps is never held as one string.
    ///
    /// ```swift
    /// DOTExporter.write(graph) { chunk in _ = fwrite(chunk.baseAddress, 1, chunk.count, file) }
    /// ```
    package static func write(
        _ graph: NavigationGraph, title: String? = nil, to sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var out = TextBuffer(sink: sink)
        write(graph, title: title, into: &out)
        out.flush()
    }

    private static func write(_ graph: NavigationGraph, title: String?, into out: inout TextBuffer) {
        out.append("digraph ")
        out.appendQuoted(graph.app, escape: Escaping.dot)
        out.append(" {\n  graph [rankdir=LR, fontname=\"Helvetica\", labelloc=t, label=")
        out.appendQuoted(title.map { "\($0) (\(graph.app))" } ?? graph.app, escape: Escaping.dot)
        out.append("];\n")
        out.append("  node [fontname=\"Helvetica\", fontsize=10];\n")
        out.append("  edge [fontname=\"Helvetica\", fontsize=9];\n")
        out.append("  \"start\" [shape=circle, style=filled, fillcolor=\"#c8e6c9\", label=\"start\"];\n")
        out.append("  \"end\" [shape=doublecircle, style=filled, fillcolor=\"#ffcdd2\", label=\"end\"];\n")
        for (index, members) in graph.nodesByInstance().enumerated() where !members.isEmpty {
            out.append("  subgraph \"cluster_")
            out.append(index)
            out.append("\" {\n    label=")
            out.appendQuoted(graph.instances[index], escape: Escaping.dot)
            out.append(";\n    style=rounded;\n")
            for position in members {
                let node = graph.nodes[position]
                out.append("    ")
                out.appendQuoted(node.id, escape: Escaping.dot)
                out.append(
                    node.kind == .screen
                        ? " [shape=box, style=\"rounded,filled\", fillcolor=\"#e3f2fd\", label="
                        : " [shape=ellipse, label=")
                out.appendQuoted(node.label, escape: Escaping.dot)
                out.append("];\n")
                out.flushIfFull()
            }
            out.append("  }\n")
        }
        for edge in graph.edges {
            out.append("  ")
            out.appendQuoted(graph.nodes[edge.from].id, escape: Escaping.dot)
            out.append(" -> ")
            out.appendQuoted(graph.nodes[edge.to].id, escape: Escaping.dot)
            out.append(" [label=")
            out.appendQuoted(graph.displayLabel(of: edge), escape: Escaping.dot)
            out.append("];\n")
            out.flushIfFull()
        }
        out.append("}\n")
    }
}
