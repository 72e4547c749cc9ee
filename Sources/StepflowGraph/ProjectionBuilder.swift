import Stepflow

/// Builds the screen/step graph from the engine's events, one input at a
/// time: the picture's nodes and typed edges, each one taken by a real
/// transition.
///
/// Nodes: `start`, `end`, a step as `instance.stepID`, a screen as
/// `instance/screenID`. Edges, by the event that makes them: an action
/// chosen (screen → step), a screen shown (step → screen), a stepper's
/// emission (screen → step), a flow started (step → the child's first
/// step), an exit (the child's last step → the parent's step), a forward,
/// a back step revealing a screen, the root ending (step → end).
final class ProjectionBuilder {
    let app: String
    // Unchecked exclusivity: a builder is used by one exploration on one
    // thread, or under the live recorder's lock.
    @exclusivity(unchecked) private var nodes: [NavigationGraph.Node] = []
    /// Each node by the hash of what spells its id (its `NodeKey`): a
    /// node's id is made only when it is new, not for every event that
    /// touches it.
    @exclusivity(unchecked) private var nodeIndex = HashIndex()
    @exclusivity(unchecked) private var edges: [NavigationGraph.Edge] = []
    /// Each edge by its hash, so an edge is added once. An edge is 16
    /// bytes, hashed and compared at once: the index keeps no hashes (four
    /// million edges, 16 MB less).
    @exclusivity(unchecked) private var edgeIndex = HashIndex(keepsHashes: false)

    /// An edge's hash: its four numbers mixed (a `Hasher` per edge was a
    /// few percent of exploring a variant).
    private static func hash(_ edge: NavigationGraph.Edge) -> UInt64 {
        var hash = UInt64(UInt32(bitPattern: Int32(edge.from))) << 32 | UInt64(UInt32(bitPattern: Int32(edge.to)))
        hash = (hash ^ (hash >> 31)) &* 0x9E37_79B9_7F4A_7C15
        hash ^= UInt64(UInt32(bitPattern: edge.labelIndex)) << 8 | UInt64(Self.edgeKinds.firstIndex(of: edge.kind) ?? 0)
        hash = (hash ^ (hash >> 29)) &* 0xBF58_476D_1CE4_E5B9
        return hash ^ (hash >> 32)
    }

    private static let edgeKinds = NavigationGraph.EdgeKind.allCases
    private var labels = StringInterner()
    private var instances: [String] = []
    private var instanceSet: Set<String> = []

    let start = 0
    let end = 1

    init(app: String) {
        self.app = app
        // Start and end belong to no instance.
        for kind in [NavigationGraph.NodeKind.start, .end] {
            let key = NodeKey(kind: kind, instance: "", name: kind.rawValue)
            _ = nodeIndex.insert(key.hash) { key.spells(nodes[$0]) }
            nodes.append(NavigationGraph.Node(id: kind.rawValue, kind: kind, instance: "", label: kind.rawValue))
        }
    }

    /// The graph, with one more finding only the projection shows: a
    /// step that, in every walk, shows, starts and ends nothing.
    func finish(findings: [Finding]) -> NavigationGraph {
        var findings = findings
        var leaves = Set(nodes.indices.filter { nodes[$0].kind == .step })
        for edge in edges { leaves.remove(edge.from) }
        let unhandled = Set(findings.filter { $0.kind == .unhandledStep }.map(\.subject))
        for node in leaves.sorted() where !unhandled.contains(nodes[node].id) {
            findings.append(
                Finding(
                    .deadEnd, nodes[node].id,
                    """
                    the step leads nowhere: it shows nothing, starts nothing and ends nothing. To fix, make \
                    navigate(to:) do something for it.
                    """
                ))
        }
        return NavigationGraph(
            app: app, nodes: nodes, edges: edges, labels: labels.strings, instances: instances, findings: findings)
    }

    /// The id of node `index`.
    func id(of index: Int) -> String { nodes[index].id }

    /// The edges added so far.
    var addedEdges: [NavigationGraph.Edge] { edges }

    /// The label of `edge`.
    func label(of edge: NavigationGraph.Edge) -> String { labels.strings[Int(edge.labelIndex)] }

    /// A node by its kind, instance and name (a step id, a screen id).
    /// Keyed by instance and kind too: instance `x` step `y.z` and
    /// instance `x.y` step `z` spell the same id and are two nodes.
    private struct NodeKey {
        let kind: NavigationGraph.NodeKind
        let instance: String
        let name: String

        /// The hash the node index files it under: its strings' bytes
        /// hashed as the label interner hashes them (a `Hasher` over two
        /// strings for every event was a tenth of projecting), mixed with
        /// its kind.
        var hash: UInt64 {
            var hash = StringInterner.hash(instance) &* 0x9E37_79B9_7F4A_7C15
            hash ^= StringInterner.hash(name) &+ UInt64(kind == .step ? 1 : kind == .screen ? 2 : 3)
            hash = (hash ^ (hash >> 31)) &* 0xBF58_476D_1CE4_E5B9
            return hash ^ (hash >> 29)
        }

        /// Whether `node`'s id is spelled by this key: `start` and `end`
        /// are their name, a step `instance.name`, a screen
        /// `instance/name`.
        func spells(_ node: NavigationGraph.Node) -> Bool {
            guard node.kind == kind, node.instance == instance else { return false }
            switch kind {
            case .step: return node.id.isSpelled(by: instance, UInt8(ascii: "."), name)
            case .screen: return node.id.isSpelled(by: instance, UInt8(ascii: "/"), name)
            case .start, .end: return node.id == name
            }
        }
    }

    private func node(
        _ key: NodeKey, id: @autoclosure () -> String, label: @autoclosure () -> String
    ) -> Int {
        let (position, isNew) = nodeIndex.insert(key.hash) { key.spells(nodes[$0]) }
        guard isNew else { return position }
        if instanceSet.insert(key.instance).inserted { instances.append(key.instance) }
        nodes.append(NavigationGraph.Node(id: id(), kind: key.kind, instance: key.instance, label: label()))
        return position
    }

    private func stepNode(_ record: StepRecord) -> Int {
        node(
            NodeKey(kind: .step, instance: record.flow.name, name: record.step),
            id: "\(record.flow.name).\(record.step)", label: record.step)
    }

    private func screenNode(_ screen: PresentedScreen) -> Int {
        node(
            NodeKey(kind: .screen, instance: screen.flow.name, name: screen.screenID), id: screen.qualifiedID,
            label: screen.title)
    }

    private func screenNode(flow: String, screenID: String) -> Int {
        node(NodeKey(kind: .screen, instance: flow, name: screenID), id: "\(flow)/\(screenID)", label: screenID)
    }

    private func edge(_ from: Int, _ to: Int, _ kind: NavigationGraph.EdgeKind, _ label: String) {
        let edge = NavigationGraph.Edge(from: from, to: to, kind: kind, labelIndex: labels.intern(label).id)
        let hash = Self.hash(edge)
        let found = edgeIndex.find(hash) { edges[$0] == edge }
        guard found.position == nil else { return }
        edges.append(edge)
        _ = edgeIndex.add(hash, at: found.slot) { Self.hash(edges[$0]) }
    }

    /// Projects one input's events. `top` is the screen on top when it was
    /// given, `after` the one on top once the queue settled. Returns the
    /// nodes touched, in order, from the node it was given on: `top` (or
    /// the start), or for an answer to a question the step that asked.
    func project(
        _ events: [NavigationEvent],
        from top: PresentedScreen?,
        to after: PresentedScreen?,
        hidden: (FlowID) -> Bool = { _ in false },
        report: (Finding) -> Void
    ) -> [Int] {
        // An input is given on the screen on top (or at the start); an
        // answer to a question, on the step that asked it, where the
        // graph's answer edges leave from.
        let screen = top.map(screenNode) ?? start
        var origin = screen
        if case .willNavigate(_, .answer(_, _, let asked))? = events.first { origin = stepNode(asked) }
        var touched = [origin]
        // One input touches a handful of flows: these stay small, and a
        // linear search costs less than hashing into a new dictionary.
        var startedBy = SmallMap<FlowID, Int>()
        var exitedFrom = SmallMap<FlowID, (node: Int, exit: String)>()
        var forwardedBy = SmallMap<StepRecord, Int>()
        var lastStep = SmallMap<FlowID, Int>()
        var reveal: (node: Int, kind: NavigationGraph.EdgeKind, label: String)?
        for event in events {
            switch event {
            case .willNavigate(let record, let origin), .asked(let record, let origin, _):
                let target = stepNode(record)
                switch origin {
                case .screen(_, let screenID, let action):
                    edge(screenNode(flow: record.flow.name, screenID: screenID), target, .action, action)
                case .screenStepper(_, let screenID, let stepper):
                    edge(
                        screenNode(flow: record.flow.name, screenID: screenID), target, .stepper,
                        Self.shortName(stepper))
                case .stepper(let stepper):
                    edge(screen, target, .stepper, Self.shortName(stepper))
                case .flowStepper(let stepper):
                    if let source = startedBy[record.flow.id] {
                        edge(source, target, .start, "start \(record.flow.name)")
                    } else if touched.count == 1 && top == nil {
                        edge(start, target, .start, "start")
                    } else {
                        edge(screen, target, .stepper, Self.shortName(stepper))
                    }
                case .forwarded:
                    if let source = forwardedBy.removeValue(forKey: record) {
                        edge(source, target, .forward, "forward")
                    }
                case .childExit(let child):
                    if let source = exitedFrom.removeValue(forKey: child.id) {
                        edge(source.node, target, .exit, source.exit)
                    }
                case .deepLink:
                    edge(start, target, .start, "deep link")
                    // The outside world opens a link: the input's path
                    // goes back to the start, where its edge leaves.
                    if !hidden(record.flow.id), touched.last != start { touched.append(start) }
                case .answer(_, let answer, let asked):
                    edge(stepNode(asked), target, .answer, answer)
                }
                // A step runs where the input sent it, in a hidden section
                // too (a tab's stepper starting it unseen): the input's path
                // lists it, so every step that runs has a walk. Its screen
                // is another matter: below, it is reached when shown.
                touched.append(target)
                lastStep[record.flow.id] = target
            case .didNavigate(let record, let changes):
                let step = stepNode(record)
                var presented = false
                var removed = false
                var ended = false
                var rejected = false
                var selected: String?
                for change in changes {
                    switch change {
                    case .presented(let screen):
                        let target = screenNode(screen)
                        edge(step, target, .present, screen.presentation.rawValue)
                        // A screen shown in a hidden section is not seen
                        // until its section is selected: not reached yet.
                        guard !hidden(screen.flow.id) else { break }
                        touched.append(target)
                        presented = true
                    case .removed: removed = true
                    case .flowStarted(let child, _): startedBy[child.id] = step
                    case .exited(let flow, _, let name): exitedFrom[flow.id] = (step, name)
                    case .forwarded(let forwarded): forwardedBy[forwarded] = step
                    case .flowEnded: ended = true
                    case .rejected: rejected = true
                    case .sectionSelected(_, let section): selected = section
                    case .recordRefused(let reason):
                        report(Finding(.recordRefused, nodes[step].id, reason))
                    case .flowReady, .sectionsShown, .recorded: break
                    }
                }
                // A screen shown later in the input is where it went: an
                // earlier step's reveal does not reach past it.
                if presented { reveal = nil }
                if let selected, !presented {
                    reveal = (step, .select, Input.select(selected).scriptLine)
                } else if removed && !presented && !ended {
                    reveal = (step, .back, "back")
                } else if rejected && !presented && !removed {
                    reveal = (step, .stays, "stays")
                    report(
                        Finding(
                            .ineffectiveBack, nodes[step].id,
                            """
                            chosen on \(top?.qualifiedID ?? "no screen"), which is the first screen of its layer: \
                            nothing is removed, so the person stays. To fix, end the flow or offer another way on.
                            """
                        ))
                }
            case .coordinationEnded(let exit):
                if let last = lastStep[exit.flow.id] {
                    edge(last, end, .end, "end")
                    touched.append(end)
                }
            case .sectionSelected(_, let section, _):
                reveal = (screen, .select, Input.select(section).scriptLine)
            case .dropped(let record, .unhandled):
                report(
                    Finding(
                        .unhandledStep, nodes[stepNode(record)].id,
                        "\(record.flow.name) returns .unhandled for it. To fix, handle it in navigate(to:)."))
            default:
                break
            }
        }
        if let reveal, let after {
            let target = screenNode(after)
            edge(reveal.node, target, reveal.kind, reveal.label)
            touched.append(target)
        }
        return touched
    }

    /// A stepper's type name without generic arguments.
    static func shortName(_ name: String) -> String {
        name.firstIndex(of: "<").map { String(name[..<$0]) } ?? name
    }
}

/// A map of a few entries, searched in order: for the few flows one input
/// touches, cheaper than a dictionary made and hashed for every input.
private struct SmallMap<Key: Equatable, Value> {
    private var entries: [(key: Key, value: Value)] = []

    subscript(key: Key) -> Value? {
        get { entries.first { $0.key == key }?.value }
        set {
            let index = entries.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): entries[index].value = value
            case (let index?, nil): entries.remove(at: index)
            case (nil, let value?): entries.append((key, value))
            case (nil, nil): break
            }
        }
    }

    mutating func removeValue(forKey key: Key) -> Value? {
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
        return entries.remove(at: index).value
    }
}
