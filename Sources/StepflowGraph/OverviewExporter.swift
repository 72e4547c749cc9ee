import Stepflow
import StepflowManifest

/// The pictures a reviewer reads on one page, in Graphviz's DOT, top to
/// bottom from the start to the end:
///
/// - ``overview(_:title:)``: one box per module instance and the routes
///   taken between them, each labelled with its exit and the data it hands
///   on (as an annotation, not as nodes);
/// - ``screens(_:title:module:)``: each module's screens as a cluster, one
///   node per screen, an edge per action to the screen it leads to (the
///   steps in between are folded away), and the routes between modules;
///   for one module only when `module` is given.
///
/// Both carry a legend. The full step graph stays in ``DOTExporter``.
package enum OverviewExporter {
    /// Module instances and the routes taken between them.
    ///
    /// - Complexity: O(V + E).
    package static func overview(_ variant: VariantGraph, title: String? = nil) -> String {
        let graph = variant.graph
        var out = header(variant, title: title) + ends(start: true, end: true)
        let screens = screensByInstance(graph)
        let routes = routesTaken(variant)
        for instance in variant.manifest.instances
        where screens[instance.id] != nil || routes.contains(where: { $0.to == instance.id }) {
            let count = screens[instance.id]?.count ?? 0
            let label = "\(instance.id)\\n\(instance.module) · \(count) screen\(count == 1 ? "" : "s")"
            out +=
                "  \(quote(instance.id)) [shape=box, style=\"rounded,filled\", fillcolor=\"#e3f2fd\", "
                + "label=\(quote(label, escaped: false))];\n"
        }
        out += "  \"start\" -> \(quote(variant.manifest.start)) [style=bold];\n"
        for route in routes {
            let target = route.to == "end" ? "end" : route.to
            out += "  \(quote(route.from)) -> \(quote(target)) [label=\(quote(route.label, escaped: false))];\n"
        }
        out += legend(detail: false)
        out += "}\n"
        return out
    }

    /// Each module's screens as a cluster, and the routes between modules;
    /// only `module`'s screens when given.
    ///
    /// - Complexity: O((V + E) × steps between two screens).
    package static func screens(_ variant: VariantGraph, title: String? = nil, module: String? = nil) -> String {
        let graph = variant.graph
        var out = header(variant, title: title)
        let byInstance = screensByInstance(graph)
        let shown = module.map { [$0] } ?? variant.manifest.instances.map(\.id)
        for (position, instance) in shown.enumerated() {
            guard let members = byInstance[instance] else { continue }
            out +=
                "  subgraph \"cluster_\(position)\" {\n    label=\(quote(instance)); style=\"rounded\"; "
                + "color=\"#90a4ae\";\n"
            for node in members {
                out +=
                    "    \(quote(graph.nodes[node].id)) [shape=box, style=\"rounded,filled\", fillcolor=\"#e3f2fd\", "
                    + "label=\(quote(graph.nodes[node].label))];\n"
            }
            out += "  }\n"
        }
        let included = Set(shown)
        let order = Dictionary(uniqueKeysWithValues: variant.manifest.instances.enumerated().map { ($1.id, $0) })
        // Edges come from the states, not the step graph: an action leads
        // from the screen it was chosen on to the screen on top after it,
        // in that very context (a Back goes to the screen before, not to
        // every screen a shared back step ever revealed).
        let states = variant.states
        func endpoint(_ screenID: String?, ended: Bool) -> Endpoint? {
            if ended { return .end }
            guard let screenID, let node = graph.node(withID: screenID) else { return nil }
            let instance = graph.nodes[node].instance
            return included.contains(instance) ? .screen(screenID, instance: instance) : .instance(instance)
        }
        var arrows: [Arrow] = []
        var seen: Set<Arrow> = []
        if let top = states.states.first?.top, let node = graph.node(withID: top),
            included.contains(graph.nodes[node].instance)
        {
            arrows.append(
                Arrow(from: .start, to: .screen(top, instance: graph.nodes[node].instance), label: nil, style: .start))
        }
        // Whether an arrow is a tab selected: the legend then says so.
        var selectsTabs = false
        for transition in states.transitions {
            guard let from = transition.input.screen, let fromNode = graph.node(withID: from),
                included.contains(graph.nodes[fromNode].instance)
            else { continue }
            let after = states.states[transition.to]
            guard let to = endpoint(after.top, ended: after.isEnded) else { continue }
            let label: String =
                switch transition.input.kind {
                case .choose(_, let label, _), .submit(_, let label, _, _): label
                case .emit(let stepper, _, let isTimer): isTimer ? "(time is up)" : "(\(stepper))"
                case .answer(_, let source, _, let label, _): "(\(source): \(label))"
                case .link(let address): "(link \(address))"
                case .select(_, let label, _): "(tab \(label))"
                case .relaunch: "(opened again)"
                }
            if case .select = transition.input.kind { selectsTabs = true }
            let fromInstance = graph.nodes[fromNode].instance
            let style: Arrow.Style
            if let toInstance = to.instance, toInstance != fromInstance {
                // An arrow back to a module entered earlier (a retest, help's
                // "carry on") does not pull the layout: modules stay top to
                // bottom in the order the manifest lists them.
                style = (order[toInstance] ?? 0) < (order[fromInstance] ?? 0) ? .backwards : .crossing
            } else {
                style = .plain
            }
            let arrow = Arrow(from: .screen(from, instance: fromInstance), to: to, label: label, style: style)
            if seen.insert(arrow).inserted { arrows.append(arrow) }
        }
        out += ends(start: arrows.contains { $0.from == .start }, end: arrows.contains { $0.to == .end })
        for arrow in arrows {
            out += "  \(quote(arrow.from.nodeID)) -> \(quote(arrow.to.nodeID)) "
            switch arrow.style {
            case .start: out += "[style=bold];\n"
            case .plain: out += "[label=\(quote(arrow.label ?? ""))];\n"
            case .crossing: out += "[label=\(quote(arrow.label ?? "")), style=dashed];\n"
            case .backwards: out += "[label=\(quote(arrow.label ?? "")), style=dashed, constraint=false];\n"
            }
        }
        // Modules not drawn in detail appear as one box each.
        let boxed = Set(
            arrows.flatMap { [$0.from, $0.to] }.compactMap { endpoint -> String? in
                if case .instance(let instance) = endpoint { instance } else { nil }
            })
        for instance in variant.manifest.instances where boxed.contains(instance.id) {
            out +=
                "  \(quote(instance.id)) [shape=box, style=\"rounded,dashed\", "
                + "label=\(quote(instance.id + " (" + instance.module + ")"))];\n"
        }
        out += legend(detail: true, tabs: selectsTabs)
        out += "}\n"
        return out
    }

    // MARK: - Parts

    /// One end of an arrow in the detailed overview.
    private enum Endpoint: Hashable {
        case start, end
        /// A screen drawn in detail, in its instance.
        case screen(String, instance: String)
        /// An instance drawn as one box.
        case instance(String)

        var nodeID: String {
            switch self {
            case .start: "start"
            case .end: "end"
            case .screen(let id, _): id
            case .instance(let id): id
            }
        }

        var instance: String? {
            switch self {
            case .start, .end: nil
            case .screen(_, let instance), .instance(let instance): instance
            }
        }
    }

    /// An arrow of the detailed overview, kept as a value until written.
    private struct Arrow: Hashable {
        enum Style: Hashable { case start, plain, crossing, backwards }
        let from: Endpoint
        let to: Endpoint
        let label: String?
        let style: Style
    }

    /// The graph's attributes. `newrank=true` ranks the clusters' nodes
    /// as one graph: without it Graphviz's dot (2.43) stops with "trouble
    /// in init_rank" on the clinic's detailed overview, whose clusters an
    /// edge crosses both ways.
    private static func header(_ variant: VariantGraph, title: String?) -> String {
        let name = title.map { "\($0) (\(variant.manifest.app.id))" } ?? variant.manifest.app.id
        return """
            digraph \(quote(variant.manifest.app.id)) {
              graph [newrank=true, rankdir=TB, fontname="Helvetica", labelloc=t, label=\(quote(name)), \
            nodesep=0.4, ranksep=0.5];
              node [fontname="Helvetica", fontsize=10];
              edge [fontname="Helvetica", fontsize=9];

            """
    }

    /// The start and the end, drawn at the top and the bottom.
    private static func ends(start: Bool, end: Bool) -> String {
        (start
            ? "  \"start\" [shape=circle, style=filled, fillcolor=\"#c8e6c9\", label=\"start\"];\n  { rank=source; "
                + "\"start\"; }\n"
            : "")
            + (end
                ? "  \"end\" [shape=doublecircle, style=filled, fillcolor=\"#ffcdd2\", label=\"end\"];\n  { "
                    + "rank=sink; \"end\"; }\n"
                : "")
    }

    private static func legend(detail: Bool, tabs: Bool = false) -> String {
        let rows =
            detail
            ? """
            <tr><td align=\"left\">box</td><td align=\"left\">a screen, in its module</td></tr><tr><td \
            align=\"left\">arrow</td><td align=\"left\">an action, to the screen shown next</td></tr><tr><td \
            align=\"left\">(time is up)</td><td align=\"left\">a timer finishing</td></tr><tr><td \
            align=\"left\">dashed</td><td align=\"left\">on to another module</td></tr>
            """
                + (tabs
                    ? "<tr><td align=\"left\">(tab X)</td><td align=\"left\">tab X selected, its stack as it was "
                        + "left</td></tr>" : "")
            : """
            <tr><td align=\"left\">box</td><td align=\"left\">a module instance: its module, its \
            screens</td></tr><tr><td align=\"left\">arrow</td><td align=\"left\">a route: the exit taken, and the \
            data it hands on</td></tr>
            """
        return
            "  subgraph \"cluster_legend\" {\n    label=\"Legend\"; fontsize=9; style=\"dashed\"; "
            + "color=\"#b0bec5\";\n    \"legend\" [shape=plaintext, fontsize=9, label=<<table border=\"0\" "
            + "cellspacing=\"2\">\(rows)</table>>];\n  }\n"
    }

    /// The screen nodes of each instance, in node order.
    private static func screensByInstance(_ graph: NavigationGraph) -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        for (position, node) in graph.nodes.enumerated() where node.kind == .screen {
            result[node.instance, default: []].append(position)
        }
        return result
    }

    /// The routes walks take, as instance → instance (or end), labelled
    /// with the exit and the fields it hands on.
    private static func routesTaken(_ variant: VariantGraph) -> [(from: String, to: String, label: String)] {
        let graph = variant.graph
        var taken: Set<RouteKey> = []
        for edge in graph.edges where edge.kind == .exit {
            taken.insert(RouteKey(instance: graph.nodes[edge.from].instance, exit: graph.label(of: edge)))
        }
        var routes: [(from: String, to: String, label: String)] = []
        for (key, target) in variant.manifest.routes.sorted(by: { $0.key < $1.key }) where taken.contains(key) {
            // As the app carries them: a field no module reads is dropped,
            // and the arrow says so rather than show it carried.
            let fields =
                variant.manifest.instance(key.instance)?.exits.first { $0.name == key.exit }?.fields.map(\.name) ?? []
            let carried = fields.filter(variant.carriedFields.contains)
            let dropped = fields.filter { !variant.carriedFields.contains($0) }
            var label = key.exit
            if !carried.isEmpty { label += "\\n(" + carried.joined(separator: ", ") + ")" }
            if !dropped.isEmpty { label += "\\n(read by no module: " + dropped.joined(separator: ", ") + ")" }
            routes.append((key.instance, target.description, label))
        }
        return routes
    }

    /// `text` as a DOT quoted string, with DOT's escapes; `escaped:
    /// false` keeps backslashes (a label's `\n` line breaks).
    private static func quote(_ text: String, escaped: Bool = true) -> String {
        var out = TextBuffer(capacity: text.utf8.count + 8)
        out.appendQuoted(text, escape: escaped ? Escaping.dot : Escaping.dotLabel)
        return out.string
    }
}
