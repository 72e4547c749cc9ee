/// Every reachable step with the shortest path that reaches it.
public enum TraceExporter {
    /// The trace as text, lines at most `width` characters (only an id
    /// longer than that passes it): each step after its depth (edges from
    /// the start), then its path from the start, wrapped before an arrow.
    ///
    /// - Complexity: O(V × path length).
    public static func text(_ graph: NavigationGraph, width: Int = 80) -> String {
        let shortest = graph.shortestPaths()
        let steps = shortest.order.filter { graph.nodes[$0].kind == .step }
        var out = "\(graph.app): \(steps.count) reachable steps, \(shortest.order.filter { graph.nodes[$0].kind == .screen }.count) screens\n"
        for node in steps {
            let path = shortest.path(to: node) ?? []
            let depth = String(shortest.depth[node])
            out += "\n" + String(repeating: " ", count: max(0, 3 - depth.count)) + depth + "  \(graph.nodes[node].id)\n"
            out += wrap(path.map { graph.nodes[$0].id }, width: width, indent: "     ")
        }
        return out
    }

    /// The trace as JSON, schema version 1:
    /// `{"schema": 1, "app": …, "steps": [{"id", "depth", "path": [node ids from the start]}]}`.
    public static func json(_ graph: NavigationGraph) -> String {
        let shortest = graph.shortestPaths()
        let steps = shortest.order.filter { graph.nodes[$0].kind == .step }
        var out = "{\n  \"schema\": 1,\n  \"app\": \(JSONText.string(graph.app)),\n  \"steps\": [\n"
        for (position, node) in steps.enumerated() {
            let path = (shortest.path(to: node) ?? []).map { graph.nodes[$0].id }
            out += "    {\"id\": \(JSONText.string(graph.nodes[node].id)), \"depth\": \(shortest.depth[node]), \"path\": \(JSONText.array(path))}"
            out += position + 1 < steps.count ? ",\n" : "\n"
        }
        out += "  ]\n}\n"
        return out
    }

    /// `a → b → c` after `indent`, broken before an arrow when a line would
    /// pass `width`; continuation lines are indented two more.
    public static func wrap(_ parts: [String], width: Int, indent: String) -> String {
        // Columns are counted once per part: `String.count` walks the
        // whole string, and counting the growing line each time made
        // wrapping a long trace quadratic.
        var lines: [String] = []
        var line = indent
        let indentWidth = indent.count
        var column = indentWidth
        for (index, part) in parts.enumerated() {
            let partWidth = part.count
            let piece = index == 0 ? part : " → " + part
            let pieceWidth = index == 0 ? partWidth : partWidth + 3
            if column + pieceWidth > width && column != indentWidth {
                lines.append(line)
                line = indent + "  " + (index == 0 ? part : "→ " + part)
                column = indentWidth + 2 + (index == 0 ? partWidth : partWidth + 2)
            } else {
                line += piece
                column += pieceWidth
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }
}
