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
    // Unchecked exclusivity: a builder is used by one exploration on one
    // thread, and its properties are touched for every edge.
    let app: String
    @exclusivity(unchecked) private(set) var nodes: [NavigationGraph.Node] = []
    /// Each instance's nodes by their local ids: small tables that stay in
    /// cache, where one table of every node id cost a cache miss or two
    /// per lookup on big graphs.
    @exclusivity(unchecked) private var instanceNodes: [String: InstanceNodes] = [:]
    /// Edges as added, repeats included: they are removed once, in
    /// ``finish()``, by a pass over each node's out-edges. A hash set
    /// checked on every insert cost a cache miss per edge on big graphs.
    @exclusivity(unchecked) private(set) var edges: [NavigationGraph.Edge] = []
    @exclusivity(unchecked) private var labelTable = StringTable()
    @exclusivity(unchecked) private var instances: [String] = []
    @exclusivity(unchecked) private var instanceSet: Set<String> = []
    @exclusivity(unchecked) private var findings: [Finding] = []
    @exclusivity(unchecked) private var findingSet: Set<Finding> = []
    /// The work queue: each entry is the context with a step to navigate,
    /// which it pops from its own FIFO (no closure per step).
    @exclusivity(unchecked) private var work: [ExplorationQueue] = []
    @exclusivity(unchecked) private var head = 0
    /// Back steps found, with what they do.
    @exclusivity(unchecked) var backSteps: [(node: Int, command: String)] = []
    @exclusivity(unchecked) private var backSet: Set<Int> = []

    let start: Int
    let end: Int

    init(app: String) {
        self.app = app
        start = 0
        end = 1
        nodes.append(NavigationGraph.Node(id: "start", kind: .start, instance: "", label: "start"))
        nodes.append(NavigationGraph.Node(id: "end", kind: .end, instance: "", label: "end"))
    }

    /// The nodes of flow instance `name`.
    func nodes(of name: String) -> InstanceNodes {
        if let known = instanceNodes[name] { return known }
        let made = InstanceNodes(name: name)
        instanceNodes[name] = made
        return made
    }

    /// The node of step `stepID` of `instance` (`instance.stepID`), made if new.
    func stepNode(_ stepID: String, of instance: InstanceNodes) -> Int {
        let (local, isNew) = instance.steps.intern(stepID)
        if !isNew { return Int(instance.stepNodes[Int(local)]) }
        let node = add(NavigationGraph.Node(id: "\(instance.name).\(stepID)", kind: .step, instance: instance.name, label: stepID))
        instance.stepNodes.append(Int32(node))
        return node
    }

    /// The node of screen `screenID` of `instance` (`instance/screenID`), made if new.
    func screenNode(_ screenID: String, of instance: InstanceNodes, title: @autoclosure () -> String) -> Int {
        let (local, isNew) = instance.screens.intern(screenID)
        if !isNew { return Int(instance.screenNodes[Int(local)]) }
        let node = add(NavigationGraph.Node(id: "\(instance.name)/\(screenID)", kind: .screen, instance: instance.name, label: title()))
        instance.screenNodes.append(Int32(node))
        return node
    }

    private func add(_ node: NavigationGraph.Node) -> Int {
        if instances.last != node.instance, instanceSet.insert(node.instance).inserted { instances.append(node.instance) }
        nodes.append(node)
        return nodes.count - 1
    }

    func addEdge(from: Int, to: Int, label: String) {
        let labelID = labelTable.intern(label).id
        edges.append(NavigationGraph.Edge(from: from, to: to, labelIndex: labelID))
    }

    func report(_ finding: Finding) {
        if findingSet.insert(finding).inserted { findings.append(finding) }
    }

    func markBack(_ node: Int, command: String) {
        if backSet.insert(node).inserted { backSteps.append((node, command)) }
    }

    /// Queues the next step `context` has pending.
    func enqueue(_ context: ExplorationQueue) { work.append(context) }

    func run() {
        while head < work.count {
            let context = work[head]
            head += 1
            context.navigateNext()
            // Let go of what has run, so a big exploration does not keep
            // every context it passed through to the end.
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
        let outgoing = removeRepeatedEdges()
        return NavigationGraph(app: app, nodes: nodes, edges: edges, labels: labelTable.strings, instances: instances, findings: findings, backSteps: Set(backSteps.map(\.node)), outgoing: outgoing)
    }

    /// Keeps the first of each set of equal edges (same ends, same label),
    /// in order. Returns the out-adjacency it built when no edge was
    /// removed (it is then the graph's), `nil` otherwise.
    ///
    /// - Complexity: O(V + E) for nodes with up to 32 out-edges; a node with
    ///   more uses a set for its own edges.
    private func removeRepeatedEdges() -> (offsets: [Int32], edges: [Int32])? {
        // The edges of each node, in edge order (a stable counting sort).
        var offsets = [Int32](repeating: 0, count: nodes.count + 1)
        for edge in edges { offsets[edge.from + 1] += 1 }
        for position in 0..<nodes.count { offsets[position + 1] += offsets[position] }
        var fill = offsets
        var bySource = [Int32](repeating: 0, count: edges.count)
        for (position, edge) in edges.enumerated() {
            bySource[Int(fill[edge.from])] = Int32(position)
            fill[edge.from] += 1
        }
        var repeated = [Bool](repeating: false, count: edges.count)
        var repeats = 0
        for node in 0..<nodes.count {
            let range = Int(offsets[node])..<Int(offsets[node + 1])
            if range.count <= 32 {
                for slot in range {
                    let edge = edges[Int(bySource[slot])]
                    for earlier in range.lowerBound..<slot where edges[Int(bySource[earlier])] == edge {
                        repeated[Int(bySource[slot])] = true
                        repeats += 1
                        break
                    }
                }
            } else {
                var seen = Set<NavigationGraph.Edge>(minimumCapacity: range.count)
                for slot in range where !seen.insert(edges[Int(bySource[slot])]).inserted {
                    repeated[Int(bySource[slot])] = true
                    repeats += 1
                }
            }
        }
        guard repeats > 0 else { return (offsets, bySource) }
        var kept: [NavigationGraph.Edge] = []
        kept.reserveCapacity(edges.count - repeats)
        for (position, edge) in edges.enumerated() where !repeated[position] { kept.append(edge) }
        edges = kept
        return nil
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
        let push = labelTable.id(of: Presentation.push.rawValue) ?? -1
        let modal = labelTable.id(of: Presentation.modal.rawValue) ?? -1
        var revealed: [Int] = []
        for (back, command) in backSteps {
            let revealing = command == "dismiss" ? modal : push
            for backSlot in Int(offsets[back])..<Int(offsets[back + 1]) {
                let screen = Int(sources[backSlot])
                guard nodes[screen].kind == .screen else { continue }
                revealed.removeAll(keepingCapacity: true)
                for showSlot in Int(offsets[screen])..<Int(offsets[screen + 1]) where sourceLabels[showSlot] == revealing {
                    let shower = Int(sources[showSlot])
                    guard nodes[shower].kind == .step else { continue }
                    for previousSlot in Int(offsets[shower])..<Int(offsets[shower + 1]) {
                        let previous = Int(sources[previousSlot])
                        if nodes[previous].kind == .screen && previous != screen && !revealed.contains(previous) {
                            revealed.append(previous)
                        }
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

/// The nodes of one flow instance, by local id (a step's id, a screen's
/// id), shared by every launch of the instance.
final class InstanceNodes {
    let name: String
    @exclusivity(unchecked) var steps = StringTable(capacity: 16)
    @exclusivity(unchecked) var stepNodes: [Int32] = []
    @exclusivity(unchecked) var screens = StringTable(capacity: 16)
    @exclusivity(unchecked) var screenNodes: [Int32] = []

    init(name: String) { self.name = name }
}

/// A context seen from the builder's work queue.
class ExplorationQueue {
    /// Navigates the oldest step this context has queued.
    func navigateNext() {}
}

/// One launch of one flow: the flow object, the concrete steps reached in
/// it, and how its exits reach its parent.
final class ExplorationContext<F: Flow>: ExplorationQueue {
    // Unchecked exclusivity: used by one exploration on one thread.
    let flow: F
    let instance: String
    let builder: GraphBuilder
    /// Maps an exit to the parent's node (queueing it there); `nil` for a root.
    let exitLink: ((F.ExitType) -> Int?)?
    /// The instance's nodes, shared with its other launches.
    let nodes: InstanceNodes
    /// The steps reached in this context, in the order reached, with their
    /// nodes. Steps from `pendingHead` on are still to be navigated.
    private let reached = ReachedSteps<F.StepType>()
    @exclusivity(unchecked) private var pendingHead = 0

    init(flow: F, builder: GraphBuilder, exitLink: ((F.ExitType) -> Int?)?) {
        self.flow = flow
        self.instance = flow.name
        self.nodes = builder.nodes(of: flow.name)
        self.builder = builder
        self.exitLink = exitLink
    }

    override func navigateNext() {
        let step = reached.steps[pendingHead]
        let node = reached.nodes[pendingHead]
        pendingHead += 1
        navigate(step, at: node)
    }

    /// The node of `step` in this context; queues it to be navigated the
    /// first time this context reaches it.
    func reach(_ step: F.StepType) -> Int {
        let (position, isNew) = reached.insert(step)
        guard isNew else { return reached.nodes[position] }
        let node = builder.stepNode(step.stepID, of: nodes)
        reached.nodes[position] = node
        builder.enqueue(self)
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
                let screenNode = builder.screenNode(screen.id, of: nodes, title: screen.title)
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

/// The steps one context has reached, in order, with their nodes.
///
/// The explorer's code is not specialised for the app's step types, and a
/// `Dictionary` there paid for generic dispatch on every probe and rehashed
/// every step (SipHash) each time it grew. This table hashes each step
/// once and keeps the hash (in a ``HashIndex``). A class, not a struct:
/// unspecialised code calling a generic struct's methods looks up the
/// struct's metadata on every call; a class instance carries its own.
final class ReachedSteps<StepType: Hashable> {
    // Unchecked exclusivity: owned by one context, used on one thread.
    /// The steps, in the order they were reached.
    @exclusivity(unchecked) private(set) var steps: [StepType] = []
    /// Each step's node; set by the caller after ``insert(_:)``.
    @exclusivity(unchecked) var nodes: [Int] = []
    @exclusivity(unchecked) private var index = HashIndex()

    /// The position of `step`, appended (with node -1) if new.
    func insert(_ step: StepType) -> (position: Int, isNew: Bool) {
        let (position, isNew) = index.insert(UInt64(bitPattern: Int64(step.hashValue))) { steps[$0] == step }
        if isNew {
            steps.append(step)
            nodes.append(-1)
        }
        return (position, isNew)
    }
}
