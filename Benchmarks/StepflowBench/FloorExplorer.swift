import StepflowGraph

/// The fair floor for exploring the synthetic variant: a hand-written
/// explorer of the same app that finds the same states and draws the same
/// picture, with none of the engine — no flows, steppers, events or
/// Dispatch.
///
/// A state is a packed value (the module and the question on screen; the
/// flows carry nothing else), kept in a hash set; its transitions are a
/// `switch` over the screen's actions, written out from `SyntheticVariant`
/// by hand. Each transition adds the projection's nodes and edges in the
/// order the engine's events would, so the DOT written from it is
/// byte-for-byte the engine's (the benchmark checks that before timing).
struct FloorExplorer {
    let modules: Int
    let steps: Int

    /// What one exploration found: the waiting states (and the end), and
    /// the projected graph.
    struct Result {
        let states: Int
        let graph: NavigationGraph
    }

    /// The end state's packed value.
    private static let ended = UInt64.max

    func explore() -> Result {
        var picture = Picture()
        // The start: the root starts module 0, which shows question 0.
        let enter0 = picture.step("app", "enter(0)")
        picture.edge(picture.start, enter0, .start, "start")
        let first = enterModule(0, from: enter0, &picture)
        var index: [UInt64: Int32] = [first: 0]
        var queue: [UInt64] = [first]
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            guard state != Self.ended else { continue }
            let module = Int(state >> 32)
            let position = Int(state & 0xFFFF_FFFF)
            let screen = picture.screen("m\(module)", position)
            // The actions of question `position`, in the order it lists them.
            var actions: [(label: String, target: Int)] = [("Next", position + 1)]
            if position + 2 < steps { actions.append(("Skip", position + 2)) }
            if position > 0 { actions.append(("Back", position - 1)) }
            if position % 10 == 9 { actions.append(("Retry", position - 9)) }
            for (label, target) in actions {
                let next = choose(label, target, module: module, on: screen, &picture)
                if index[next] == nil {
                    index[next] = Int32(queue.count)
                    queue.append(next)
                }
            }
        }
        return Result(states: queue.count, graph: picture.graph(app: "app"))
    }

    /// Question `target` of `module` chosen from `screen`: the state it leads to.
    private func choose(_ label: String, _ target: Int, module: Int, on screen: Int, _ picture: inout Picture) -> UInt64
    {
        let instance = "m\(module)"
        let step = picture.step(instance, "s\(target)")
        picture.edge(screen, step, .action, label)
        if target + 1 < steps {
            picture.edge(step, picture.screen(instance, target, title: true), .present, "replace")
            return UInt64(module) << 32 | UInt64(target)
        }
        // The last question ends the module; the root moves on.
        let done = picture.step("app", "done(\(module))")
        picture.edge(step, done, .exit, "finished")
        guard module + 1 < modules else {
            picture.edge(done, picture.end, .end, "end")
            return Self.ended
        }
        let enter = picture.step("app", "enter(\(module + 1))")
        picture.edge(done, enter, .forward, "forward")
        return enterModule(module + 1, from: enter, &picture)
    }

    /// Module `module` started by step `enter`: it shows question 0.
    private func enterModule(_ module: Int, from enter: Int, _ picture: inout Picture) -> UInt64 {
        let instance = "m\(module)"
        let first = picture.step(instance, "s0")
        picture.edge(enter, first, .start, "start \(instance)")
        picture.edge(first, picture.screen(instance, 0, title: true), .present, "replace")
        return UInt64(module) << 32
    }
}

/// The projected graph as the floor builds it: nodes by a packed key,
/// edges deduplicated, labels interned, each in first-seen order.
private struct Picture {
    private var nodes: [NavigationGraph.Node] = [
        NavigationGraph.Node(id: "start", kind: .start, instance: "", label: "start"),
        NavigationGraph.Node(id: "end", kind: .end, instance: "", label: "end"),
    ]
    private var nodeIndex: [String: Int] = [:]
    private var edges: [NavigationGraph.Edge] = []
    private var edgeSet: Set<NavigationGraph.Edge> = []
    private var labels: [String] = []
    private var labelIndex: [String: Int32] = [:]
    private var instances: [String] = []
    private var instanceSet: Set<String> = []
    let start = 0
    let end = 1

    mutating func step(_ instance: String, _ id: String) -> Int {
        node(instance + "." + id, .step, instance, label: id)
    }

    /// Question `position`'s screen; `title` when it is being shown (the
    /// engine labels a screen by its title when it first sees it shown).
    mutating func screen(_ instance: String, _ position: Int, title: Bool = false) -> Int {
        node(instance + "/q\(position)", .screen, instance, label: title ? "Question \(position)" : "q\(position)")
    }

    private mutating func node(
        _ id: String, _ kind: NavigationGraph.NodeKind, _ instance: String, label: @autoclosure () -> String
    ) -> Int {
        if let known = nodeIndex[id] { return known }
        if instanceSet.insert(instance).inserted { instances.append(instance) }
        nodes.append(NavigationGraph.Node(id: id, kind: kind, instance: instance, label: label()))
        nodeIndex[id] = nodes.count - 1
        return nodes.count - 1
    }

    mutating func edge(_ from: Int, _ to: Int, _ kind: NavigationGraph.EdgeKind, _ label: String) {
        let labelID: Int32
        if let known = labelIndex[label] {
            labelID = known
        } else {
            labelID = Int32(labels.count)
            labels.append(label)
            labelIndex[label] = labelID
        }
        let edge = NavigationGraph.Edge(from: from, to: to, kind: kind, labelIndex: labelID)
        if edgeSet.insert(edge).inserted { edges.append(edge) }
    }

    func graph(app: String) -> NavigationGraph {
        NavigationGraph(app: app, nodes: nodes, edges: edges, labels: labels, instances: instances, findings: [])
    }
}
