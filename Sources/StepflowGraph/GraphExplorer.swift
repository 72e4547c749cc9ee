public import Stepflow

/// Explores flows into a ``NavigationGraph`` by calling their pure
/// `navigate(to:)` on every step their screens and steppers declare,
/// following child flows, their exits and the parent's routing.
///
/// No second description of the app is involved: the graph is what the
/// flows that run live return. Each launch of a child flow is explored in
/// its own context, because the same flow started from two places may map
/// its exits differently; nodes are shared by id across contexts.
///
/// Back steps (`.pop`, `.popToRoot`, `.dismiss`) are drawn as edges from
/// the screen they are chosen on to each screen it was pushed (or, for a
/// dismiss, presented) from: one level, over all the ways it was reached.
/// `.popToRoot` is drawn like `.pop`, one level.
///
/// - Complexity: O(V + E) `navigate` calls and edge insertions per context.
public enum GraphExplorer {
    /// Explores `flow` from the steps `stepper` starts it with.
    public static func explore<F: Flow>(_ flow: F, with stepper: any Stepper<F.StepType>, app: String? = nil) -> NavigationGraph {
        let builder = GraphBuilder(app: app ?? flow.name)
        let root = ExplorationContext(flow: flow, builder: builder, exitLink: nil)
        for step in stepper.initialSteps + stepper.declaredSteps {
            builder.addEdge(from: builder.start, to: root.reach(step), label: "start")
        }
        builder.run()
        return builder.finish()
    }
}

/// Collects nodes, edges and findings; runs the work queue.
final class GraphBuilder {
    let app: String
    private(set) var nodes: [NavigationGraph.Node] = []
    private var nodeIndex: [String: Int32] = [:]
    private(set) var edges: [NavigationGraph.Edge] = []
    /// Edges seen, packed as from (24 bits), to (24 bits), label (16 bits)
    /// while they fit; `wideEdgeSet` past that.
    private var edgeSet = PackedKeySet()
    private var wideEdgeSet: Set<EdgeKey> = []
    private var labels: [String] = []
    private var labelIndex: [String: Int32] = [:]
    private var instances: [String] = []
    private var instanceSet: Set<String> = []
    private var findings: [Finding] = []
    private var findingSet: Set<Finding> = []
    private var work: [() -> Void] = []
    private var head = 0
    /// Back steps found, with what they do.
    var backSteps: [(node: Int, command: String)] = []
    private var backSet: Set<Int> = []

    let start: Int
    let end: Int

    private struct EdgeKey: Hashable {
        let from: Int32
        let to: Int32
        let label: Int32
    }

    init(app: String) {
        self.app = app
        start = 0
        end = 1
        nodes.append(NavigationGraph.Node(id: "start", kind: .start, instance: "", label: "start"))
        nodes.append(NavigationGraph.Node(id: "end", kind: .end, instance: "", label: "end"))
        nodeIndex = ["start": 0, "end": 1]
    }

    /// The node with `id`, made if new. `isNew` tells.
    func node(id: String, kind: NavigationGraph.NodeKind, instance: String, label: @autoclosure () -> String) -> (id: Int, isNew: Bool) {
        if let existing = nodeIndex[id] { return (Int(existing), false) }
        if instanceSet.insert(instance).inserted { instances.append(instance) }
        nodes.append(NavigationGraph.Node(id: id, kind: kind, instance: instance, label: label()))
        nodeIndex[id] = Int32(nodes.count - 1)
        return (nodes.count - 1, true)
    }

    func addEdge(from: Int, to: Int, label: String) {
        let labelID: Int32
        if let known = labelIndex[label] {
            labelID = known
        } else {
            labelID = Int32(labels.count)
            labels.append(label)
            labelIndex[label] = labelID
        }
        let isNew: Bool
        if from < 1 << 24, to < 1 << 24, labelID < 1 << 16 {
            isNew = edgeSet.insert(UInt64(from) << 40 | UInt64(to) << 16 | UInt64(labelID))
        } else {
            isNew = wideEdgeSet.insert(EdgeKey(from: Int32(from), to: Int32(to), label: labelID)).inserted
        }
        guard isNew else { return }
        edges.append(NavigationGraph.Edge(from: from, to: to, labelIndex: labelID))
    }

    func report(_ finding: Finding) {
        if findingSet.insert(finding).inserted { findings.append(finding) }
    }

    func markBack(_ node: Int, command: String) {
        if backSet.insert(node).inserted { backSteps.append((node, command)) }
    }

    func enqueue(_ item: @escaping () -> Void) { work.append(item) }

    func run() {
        while head < work.count {
            let item = work[head]
            head += 1
            item()
            // Let go of what has run, so a big exploration does not keep
            // every closure (and the context it holds) to the end.
            if head >= 65_536 && head * 2 >= work.count {
                work.removeFirst(head)
                head = 0
            }
        }
        work = []
        head = 0
    }

    /// Adds back edges, then freezes the graph.
    func finish() -> NavigationGraph {
        resolveBackSteps()
        edgeSet = PackedKeySet(capacity: 0)
        wideEdgeSet = []
        return NavigationGraph(app: app, nodes: nodes, edges: edges, labels: labels, instances: instances, findings: findings, backSteps: Set(backSteps.map(\.node)), index: nodeIndex)
    }

    /// A back step chosen on screen S leads (S → P) to each screen P from which S
    /// was pushed (for `.pop`, `.popToRoot`) or presented modally (for
    /// `.dismiss`): P → step → S. A screen shown with `.replace` is the base
    /// of its flow, so nothing is revealed; the person stays on S.
    private func resolveBackSteps() {
        guard !backSteps.isEmpty else { return }
        // In-edges as compressed arrays: O(V + E) integer work, no hashing.
        var offsets = [Int32](repeating: 0, count: nodes.count + 1)
        for edge in edges { offsets[edge.to + 1] += 1 }
        for position in 0..<nodes.count { offsets[position + 1] += offsets[position] }
        var fill = offsets
        var sources = [Int32](repeating: 0, count: edges.count)
        var sourceLabels = [Int32](repeating: 0, count: edges.count)
        for edge in edges {
            let slot = Int(fill[edge.to])
            sources[slot] = Int32(edge.from)
            sourceLabels[slot] = edge.labelIndex
            fill[edge.to] += 1
        }
        func incoming(_ node: Int) -> [(from: Int, label: Int32)] {
            (Int(offsets[node])..<Int(offsets[node + 1])).map { (Int(sources[$0]), sourceLabels[$0]) }
        }
        for (back, command) in backSteps {
            let revealing = labelIndex[command == "dismiss" ? Presentation.modal.rawValue : Presentation.push.rawValue] ?? -1
            for (screen, _) in incoming(back) where nodes[screen].kind == .screen {
                var revealed: [Int] = []
                for (shower, how) in incoming(screen) where nodes[shower].kind == .step && how == revealing {
                    for (previous, _) in incoming(shower) where nodes[previous].kind == .screen && previous != screen {
                        if !revealed.contains(previous) { revealed.append(previous) }
                    }
                }
                // The edge leaves the screen, not the shared back step: a
                // back step chosen on two screens must not let a path enter
                // from one and leave towards the other's predecessor.
                if revealed.isEmpty {
                    report(Finding(.ineffectiveBack, nodes[back].id, "chosen on \(nodes[screen].id), which is the first screen of its layer: .\(command) has nothing to reveal, so the person stays. To fix, end the flow or offer another way on."))
                    addEdge(from: screen, to: screen, label: "stays")
                }
                for target in revealed { addEdge(from: screen, to: target, label: "back") }
            }
        }
    }
}

/// One launch of one flow: the flow object, the concrete steps reached in
/// it, and how its exits reach its parent.
final class ExplorationContext<F: Flow> {
    let flow: F
    let instance: String
    let builder: GraphBuilder
    /// Maps an exit to the parent's node (queueing it there); `nil` for a root.
    let exitLink: ((F.ExitType) -> Int?)?
    private var reached: [F.StepType: Int] = [:]

    init(flow: F, builder: GraphBuilder, exitLink: ((F.ExitType) -> Int?)?) {
        self.flow = flow
        self.instance = flow.name
        self.builder = builder
        self.exitLink = exitLink
    }

    /// The node of `step` in this context; queues it to be navigated the
    /// first time this context reaches it.
    func reach(_ step: F.StepType) -> Int {
        if let node = reached[step] { return node }
        let stepID = step.stepID
        let node = builder.node(id: "\(instance).\(stepID)", kind: .step, instance: instance, label: stepID).id
        reached[step] = node
        builder.enqueue { [self] in navigate(step, at: node) }
        return node
    }

    private func navigate(_ step: F.StepType, at node: Int) {
        let navigation = flow.navigate(to: step)
        guard navigation.isHandled else {
            builder.report(Finding(.unhandledStep, builder.nodes[node].id, "\(instance) returns .unhandled for it. To fix, handle it in navigate(to:)."))
            return
        }
        for element in navigation.elements {
            switch element {
            case .show(let screen, let presentation, let stepper, _):
                let screenNode = builder.node(id: "\(instance)/\(screen.id)", kind: .screen, instance: instance, label: screen.title).id
                builder.addEdge(from: node, to: screenNode, label: presentation.rawValue)
                for action in screen.actions {
                    builder.addEdge(from: screenNode, to: reach(action.step), label: action.label)
                }
                if let stepper {
                    let name = Self.name(of: stepper)
                    for next in stepper.initialSteps + stepper.declaredSteps {
                        builder.addEdge(from: screenNode, to: reach(next), label: name)
                    }
                }
            case .contribute(let stepper):
                let name = Self.name(of: stepper)
                for next in stepper.initialSteps + stepper.declaredSteps {
                    builder.addEdge(from: node, to: reach(next), label: name)
                }
            case .pop:
                builder.markBack(node, command: "pop")
            case .popToRoot:
                builder.markBack(node, command: "popToRoot")
            case .dismiss:
                builder.markBack(node, command: "dismiss")
            case .start(let child):
                launch(child, from: node)
            case .forward(let next):
                builder.addEdge(from: node, to: reach(next), label: "forward")
            case .forwardToParent(let exit):
                if let target = exitLink?(exit) {
                    builder.addEdge(from: node, to: target, label: "to parent: \(exit.stepID)")
                } else if exitLink == nil {
                    builder.report(Finding(.unhandledStep, "\(instance).\(step.stepID)", "a root flow has no parent to forward \(exit.stepID) to."))
                }
            case .end(let exit):
                if let exitLink {
                    if let target = exitLink(exit) {
                        builder.addEdge(from: node, to: target, label: "exit \(Self.exitName(exit))")
                    }
                } else {
                    builder.addEdge(from: node, to: builder.end, label: "end")
                }
            }
        }
    }

    private func launch(_ child: ChildFlow<F.StepType>, from node: Int) {
        func open<C: Flow>(_ flow: C) {
            let context = ExplorationContext<C>(flow: flow, builder: builder, exitLink: { [self] exit in
                child.parentStep(exit).map(reach)
            })
            let entries = Self.steps(of: child.stepper, as: C.StepType.self)
            for entry in entries {
                builder.addEdge(from: node, to: context.reach(entry), label: "start \(flow.name)")
            }
        }
        open(child.flow)
    }

    private static func steps<S: Step>(of stepper: any Stepper, as type: S.Type) -> [S] {
        func open<T: Stepper>(_ stepper: T) -> [S] {
            (stepper.initialSteps + stepper.declaredSteps).compactMap { $0 as? S }
        }
        return open(stepper)
    }

    private static func name(of stepper: some Stepper) -> String {
        let full = String(describing: type(of: stepper))
        return full.firstIndex(of: "<").map { String(full[..<$0]) } ?? full
    }

    private static func exitName(_ exit: F.ExitType) -> String {
        (exit as? any ModuleExit)?.exitName ?? exit.stepID
    }
}
