import Stepflow

/// Every step and screen a variant can reach, and what leads from one to
/// the next: the result of exploring its flows.
///
/// Nodes are the start, the end, steps (`test.timerDone`, qualified by the
/// flow instance that handles them) and screens (`test/checklist`). An edge
/// says what leads from one node to the next: an action's label, a
/// presentation (`push`, `modal`, `replace`), `forward`, `start <flow>`,
/// `exit <exit>`, `back`. Node ids are interned: algorithms work on dense
/// integer ids and adjacency arrays, never on string-keyed dictionaries.
public struct NavigationGraph: Sendable {
    /// A node's index in ``nodes``.
    package typealias NodeID = Int

    /// What a node stands for.
    ///
    /// This enum grows: later versions add cases. End a `switch` over it
    /// with `@unknown default:`, so a new case is a warning to handle, not
    /// a build that breaks.
    package enum NodeKind: String, Hashable, Sendable, CaseIterable {
        /// Where the app starts.
        case start
        /// A step handled by a flow instance.
        case step
        /// A screen shown by a flow instance.
        case screen
        /// Where the app ends.
        case end
    }

    /// A node.
    public struct Node: Hashable, Sendable {
        /// The stable id: `start`, `end`, `instance.stepID`, `instance/screenID`.
        public let id: String
        /// What it stands for.
        package let kind: NodeKind
        /// The flow instance it belongs to; empty for start and end.
        package let instance: String
        /// What people read: a screen's title, a step's id.
        package let label: String

        /// A node with `id`, of `kind`, in `instance`, read as `label`.
        package init(id: String, kind: NodeKind, instance: String, label: String) {
            self.id = id
            self.kind = kind
            self.instance = instance
            self.label = label
        }
    }

    /// What an edge stands for. Code downstream switches on this, never on
    /// the label's text.
    ///
    /// This enum grows: later versions add cases. End a `switch` over it
    /// with `@unknown default:`, so a new case is a warning to handle, not
    /// a build that breaks.
    package enum EdgeKind: String, Hashable, Sendable, CaseIterable {
        /// A person chose an action on a screen; the label is the action's.
        case action
        /// A screen was shown; the label is how (`push`, `modal`, `replace`).
        case present
        /// A back step (pop, pop to root, dismiss) revealed a screen.
        case back
        /// A back step had nothing to reveal: the person stays.
        case stays
        /// A stepper emitted (a timer finished); the label is its type.
        case stepper
        /// A flow started; the label is `start <flow>`, or `start` for the
        /// root.
        case start
        /// A flow ended or handed a step to its parent; the label is
        /// `exit <exit name>`.
        case exit
        /// A flow queued a step for itself.
        case forward
        /// The outside world answered the question a flow asked about the
        /// step (see `Question`); the label is the answer's.
        case answer
        /// The root flow ended: the app is over.
        case end
        /// A section was selected (a tab): by a person, from the screen
        /// on top, or by a flow's step; the label is `select <section>`.
        case select
    }

    /// An edge, by node indices, kind and label index: 16 bytes, so a
    /// million steps' six million edges stay small.
    package struct Edge: Hashable, Sendable {
        private let source: Int32
        private let target: Int32
        /// The index of its label in ``NavigationGraph/labels``.
        package let labelIndex: Int32
        /// What it stands for.
        package let kind: EdgeKind
        /// Where it starts.
        package var from: NodeID { Int(source) }
        /// Where it leads.
        package var to: NodeID { Int(target) }
        /// An edge of `kind` from `from` to `to` with the label at `labelIndex`.
        package init(from: NodeID, to: NodeID, kind: EdgeKind, labelIndex: Int32) {
            source = Int32(from)
            target = Int32(to)
            self.kind = kind
            self.labelIndex = labelIndex
        }
    }

    /// The app's id.
    package let app: String
    /// The nodes, in discovery order (breadth first from the start).
    public let nodes: [Node]
    /// The edges, in discovery order.
    package let edges: [Edge]
    /// The distinct edge labels.
    package let labels: [String]
    /// The flow instances, in discovery order; the app's root first.
    package let instances: [String]
    /// Problems found while exploring the states: unhandled steps,
    /// ineffective back, states with no way on or no way out, unbounded
    /// growth.
    package let explorationFindings: [Finding]

    /// The start node (always 0).
    package let start: NodeID = 0
    /// The start node of every graph.
    static let startNode: NodeID = 0
    /// The end node (always 1); it has no in-edge when the app cannot end.
    package let end: NodeID = 1

    private let adjacency: Adjacency
    private let index: NodeIndex

    package init(
        app: String, nodes: [Node], edges: [Edge], labels: [String], instances: [String], findings: [Finding]
    ) {
        self.app = app
        self.nodes = nodes
        self.edges = edges
        self.labels = labels
        self.instances = instances
        self.explorationFindings = findings
        self.adjacency = Adjacency(nodeCount: nodes.count, edges: edges)
        self.index = NodeIndex(nodes)
    }

    /// Compressed adjacency: the edges of node `n` are
    /// `edgesList[offsets[n]..<offsets[n + 1]]`, in edge order.
    ///
    /// - Complexity: O(V + E).
    fileprivate static func adjacency(count: Int, edges: [Edge], outgoing: Bool) -> ([Int32], [Int32]) {
        var offsets = [Int32](repeating: 0, count: count + 1)
        for edge in edges { offsets[(outgoing ? edge.from : edge.to) + 1] += 1 }
        for position in 0..<count { offsets[position + 1] += offsets[position] }
        var fill = offsets
        var list = [Int32](repeating: 0, count: edges.count)
        for (position, edge) in edges.enumerated() {
            let node = outgoing ? edge.from : edge.to
            list[Int(fill[node])] = Int32(position)
            fill[node] += 1
        }
        return (offsets, list)
    }

    /// The step and screen nodes of each instance (by index in
    /// ``instances``), in node order: the clusters exporters draw.
    ///
    /// - Complexity: O(V).
    package func nodesByInstance() -> [[NodeID]] {
        var members = [[NodeID]](repeating: [], count: instances.count)
        let positions = Dictionary(uniqueKeysWithValues: instances.enumerated().map { ($0.element, $0.offset) })
        var lastInstance = ""
        var lastPosition = -1
        for (position, node) in nodes.enumerated() where node.kind == .step || node.kind == .screen {
            if node.instance != lastInstance || lastPosition < 0 {
                lastInstance = node.instance
                lastPosition = positions[node.instance] ?? -1
            }
            if lastPosition >= 0 { members[lastPosition].append(position) }
        }
        return members
    }

    /// The node with the stable id `id`.
    package func node(withID id: String) -> NodeID? { index.node(withID: id) }

    /// The label of `edge`: an action's label, a presentation, a stepper's
    /// type, an exit's name, `back`, `start <flow>`, `forward`, `end`.
    package func label(of edge: Edge) -> String { labels[Int(edge.labelIndex)] }

    /// The label people read: ``label(of:)``, with `exit ` before an exit's
    /// name.
    package func displayLabel(of edge: Edge) -> String {
        edge.kind == .exit ? "exit " + label(of: edge) : label(of: edge)
    }

    /// The indices (in ``edges``) of the edges leaving `node`.
    package func outgoing(_ node: NodeID) -> ArraySlice<Int32> {
        let lists = adjacency.lists
        return lists.outEdges[Int(lists.outOffsets[node])..<Int(lists.outOffsets[node + 1])]
    }

    /// The indices (in ``edges``) of the edges entering `node`.
    package func incoming(_ node: NodeID) -> ArraySlice<Int32> {
        let lists = adjacency.lists
        return lists.inEdges[Int(lists.inOffsets[node])..<Int(lists.inOffsets[node + 1])]
    }
}

/// A graph's edges by the node they leave and the node they enter,
/// built on the first lookup: exploring and exporting never need them, and
/// for a million steps they are 50 MB.
final class Adjacency: Sendable {
    /// Compressed adjacency lists: the edges leaving node `n` are
    /// `outEdges[outOffsets[n]..<outOffsets[n + 1]]`, those entering it
    /// likewise.
    struct Lists: Sendable {
        let outOffsets: [Int32]
        let outEdges: [Int32]
        let inOffsets: [Int32]
        let inEdges: [Int32]
    }

    private let nodeCount: Int
    private let edges: [NavigationGraph.Edge]
    private let built = Locked<Lists?>(nil)

    init(nodeCount: Int, edges: [NavigationGraph.Edge]) {
        self.nodeCount = nodeCount
        self.edges = edges
    }

    /// The lists, made on first use.
    var lists: Lists {
        built.withLock { built in
            if let built { return built }
            let (outOffsets, outEdges) = NavigationGraph.adjacency(count: nodeCount, edges: edges, outgoing: true)
            let (inOffsets, inEdges) = NavigationGraph.adjacency(count: nodeCount, edges: edges, outgoing: false)
            let lists = Lists(outOffsets: outOffsets, outEdges: outEdges, inOffsets: inOffsets, inEdges: inEdges)
            built = lists
            return lists
        }
    }
}

/// A graph's nodes by id, built on the first lookup: exploring and
/// exporting never need it, and building it for a million nodes costs.
final class NodeIndex: Sendable {
    private let nodes: [NavigationGraph.Node]
    /// The distinct ids, and the first node of each.
    private let index = Locked<(ids: StringInterner, nodes: [Int])?>(nil)

    init(_ nodes: [NavigationGraph.Node]) { self.nodes = nodes }

    /// The first node whose id is `id`.
    func node(withID id: String) -> Int? {
        index.withLock { index in
            if index == nil {
                var ids = StringInterner(capacity: nodes.count)
                var first: [Int] = []
                for (position, node) in nodes.enumerated() where ids.intern(node.id).isNew {
                    first.append(position)
                }
                index = (ids, first)
            }
            return index.flatMap { index in index.ids.id(of: id).map { index.nodes[Int($0)] } }
        }
    }
}
