import StepflowManifest

/// Writes a graph as JSON, schema version 2 (version 1 had no edge
/// `kind`; exits were told apart by a label starting `exit `):
///
/// ```json
/// {"schema": 1, "app": "covid-antigen-home", "start": "start",
///  "nodes": [{"id": "test/checklist", "kind": "screen", "instance": "test", "label": "Check your kit"}, …],
///  "edges": [{"from": "test.checklist", "to": "test/checklist", "kind": "present", "label": "push"}, …]}
/// ```
///
/// Nodes and edges are in discovery order; the output is byte-identical
/// for the same graph.
public enum JSONExporter {
    /// The schema version written.
    public static let schema = 2

    /// The JSON text of `graph`.
    ///
    /// - Complexity: O(V + E).
    package static func export(_ graph: NavigationGraph) -> String {
        var out =
            """
            {\n  \"schema\": \(schema),\n  \"app\": \(JSONText.string(graph.app)),\n  \"start\": \"start\",\n  \
            \"nodes\": [\n
            """
        out.reserveCapacity(graph.nodes.count * 100 + graph.edges.count * 80)
        for (position, node) in graph.nodes.enumerated() {
            out +=
                "    {\"id\": \(JSONText.string(node.id)), \"kind\": \"\(node.kind.rawValue)\", "
                + "\"instance\": \(JSONText.string(node.instance)), \"label\": \(JSONText.string(node.label))}"
            out += position + 1 < graph.nodes.count ? ",\n" : "\n"
        }
        out += "  ],\n  \"edges\": [\n"
        for (position, edge) in graph.edges.enumerated() {
            out +=
                "    {\"from\": \(JSONText.string(graph.nodes[edge.from].id)), "
                + "\"to\": \(JSONText.string(graph.nodes[edge.to].id)), \"kind\": \"\(edge.kind.rawValue)\", "
                + "\"label\": \(JSONText.string(graph.label(of: edge)))}"
            out += position + 1 < graph.edges.count ? ",\n" : "\n"
        }
        out += "  ]\n}\n"
        return out
    }
}
