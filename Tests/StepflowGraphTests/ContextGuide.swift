import Stepflow
import StepflowGraph
import StepflowManifest

/// Guides walks towards edges not yet walked, knowing that what a module
/// does next can depend on the data the run carries (its context): the
/// graph's module nodes are shared by every context, its root nodes are
/// not. Distances are computed over (node, context) pairs.
struct ContextGuide {
    let graph: NavigationGraph
    let manifest: Manifest
    /// The contexts: the handoffs of the root's nodes, "" first.
    let contexts: [String]
    private let contextIndex: [String: Int]
    private let parsed: [[String: String]]
    /// For each node: the context it fixes (root nodes), or nil (modules).
    private let fixedContext: [Int?]
    /// For each root node: which contexts can take an edge into it.
    private var consistency: [Int: [Bool]] = [:]

    init(graph: NavigationGraph, manifest: Manifest) {
        self.graph = graph
        self.manifest = manifest
        var contexts = [""]
        var fixed = [Int?](repeating: nil, count: graph.nodes.count)
        var index: [String: Int] = ["": 0]
        for (position, node) in graph.nodes.enumerated() where node.instance == graph.app {
            let handoff = Self.handoff(of: node.label)
            if index[handoff] == nil {
                index[handoff] = contexts.count
                contexts.append(handoff)
            }
            fixed[position] = index[handoff]
        }
        fixed[graph.start] = 0
        self.contexts = contexts
        self.contextIndex = index
        self.parsed = contexts.map(Self.fields)
        self.fixedContext = fixed
        for (position, context) in fixed.enumerated() where context != nil {
            consistency[position] = contexts.indices.map { computeConsistency($0, into: position) }
        }
    }

    /// The handoff text of a root node's label: after its first space.
    static func handoff(of label: String) -> String {
        label.firstIndex(of: " ").map { String(label[label.index(after: $0)...]) } ?? ""
    }

    /// `{a: "x", b: 2}` as a dictionary of value texts.
    static func fields(_ text: String) -> [String: String] {
        guard text.hasPrefix("{"), text.hasSuffix("}") else { return [:] }
        var result: [String: String] = [:]
        var key = ""
        var value = ""
        var inKey = true
        var inQuotes = false
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if inKey {
                if character == ":" { inKey = false } else if character != " " || !key.isEmpty { key.append(character) }
                continue
            }
            if escaped { value.append(character); escaped = false; continue }
            if character == "\\" && inQuotes { value.append(character); escaped = true; continue }
            if character == "\"" { inQuotes.toggle() }
            if character == "," && !inQuotes {
                result[key.trimmingSpaces()] = value.trimmingSpaces()
                key = ""
                value = ""
                inKey = true
                continue
            }
            value.append(character)
        }
        if !key.isEmpty { result[key.trimmingSpaces()] = value.trimmingSpaces() }
        return result
    }

    /// The context index of the root node `id`, if it is one.
    func context(ofRootNode id: String) -> Int? {
        graph.node(withID: id).flatMap { fixedContext[$0] }
    }

    /// Whether a module running in context `context` can take the edge
    /// into root node `root`: every carried field it does not write keeps
    /// its value, and every new field is one its exit writes.
    private func consistent(_ context: Int, into root: Int) -> Bool {
        consistency[root]?[context] ?? true
    }

    private func computeConsistency(_ context: Int, into root: Int) -> Bool {
        guard let target = fixedContext[root] else { return true }
        let label = graph.nodes[root].label
        let name = label.split(separator: " ").first.map(String.init) ?? label
        guard let dot = name.firstIndex(of: "."),
              let instance = manifest.instance(String(name[..<dot])),
              let exit = instance.exits.first(where: { $0.name == name[name.index(after: dot)...] }) else { return true }
        let written = Set(exit.fields.map(\.name))
        let before = parsed[context]
        let after = parsed[target]
        for (key, value) in before where !written.contains(key) && after[key] != value { return false }
        for key in after.keys where before[key] == nil && !written.contains(key) { return false }
        return true
    }

    /// For each (node, context): edges to the nearest edge not walked yet,
    /// `Int.max` when none can be reached.
    func distances(walked: Set<TransitionRecorder.Edge>) -> [[Int]] {
        let count = contexts.count
        var distance = [[Int]](repeating: [Int](repeating: Int.max, count: count), count: graph.nodes.count)
        var queue: [(node: Int, context: Int)] = []
        func reach(_ node: Int, _ context: Int, _ value: Int) {
            guard distance[node][context] == Int.max else { return }
            distance[node][context] = value
            queue.append((node, context))
        }
        // Targets: the sources of unwalked edges, in the contexts that can take them.
        for edge in graph.edges where !walked.contains(TransitionRecorder.Edge(from: graph.nodes[edge.from].id, to: graph.nodes[edge.to].id)) {
            if let fixed = fixedContext[edge.from] {
                reach(edge.from, fixed, 0)
            } else {
                for context in 0..<count where consistent(context, into: edge.to) { reach(edge.from, context, 0) }
            }
        }
        var head = 0
        while head < queue.count {
            let (node, context) = queue[head]
            head += 1
            let value = distance[node][context] + 1
            for edgeIndex in graph.incoming(node) {
                let previous = graph.edges[Int(edgeIndex)].from
                if let fixed = fixedContext[node] {
                    // Entering a root node: the module before it ran in any
                    // context consistent with it.
                    guard context == fixed else { continue }
                    if let previousFixed = fixedContext[previous] {
                        reach(previous, previousFixed, value)
                    } else {
                        for earlier in 0..<count where consistent(earlier, into: node) { reach(previous, earlier, value) }
                    }
                } else if let previousFixed = fixedContext[previous] {
                    // A root node starts the module in its own context.
                    if previousFixed == context { reach(previous, previousFixed, value) }
                } else {
                    reach(previous, context, value)
                }
            }
        }
        return distance
    }
}

extension String {
    func trimmingSpaces() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
