/// What two graphs reach that the other does not, by stable node ids and
/// edges (`from → to : label`).
public struct GraphDiff: Hashable, Sendable {
    /// Node ids only the first graph has, sorted.
    package let nodesOnlyInA: [String]
    /// Node ids only the second graph has, sorted.
    package let nodesOnlyInB: [String]
    /// Edges only the first graph has, as `from -> to [label]`, sorted.
    package let edgesOnlyInA: [String]
    /// Edges only the second graph has, sorted.
    package let edgesOnlyInB: [String]

    /// Compares `a` and `b`.
    ///
    /// - Complexity: O((V + E) log(V + E)).
    package init(_ a: NavigationGraph, _ b: NavigationGraph) {
        self.init(a, b, excludingInstances: [])
    }

    /// Compares `a` and `b`, leaving out the nodes of `excluded` instances
    /// and the edges that touch them.
    package init(_ a: NavigationGraph, _ b: NavigationGraph, excludingInstances excluded: Set<String>) {
        func kept(_ node: NavigationGraph.Node) -> Bool { !excluded.contains(node.instance) }
        func ids(_ graph: NavigationGraph) -> Set<String> {
            Set(graph.nodes.filter(kept).map { Self.comparable($0.id, graph) })
        }
        func edges(_ graph: NavigationGraph) -> Set<String> {
            Set(
                graph.edges.filter { kept(graph.nodes[$0.from]) && kept(graph.nodes[$0.to]) }
                    .map {
                        """
                        \(Self.comparable(graph.nodes[$0.from].id, graph)) -> \
                        \(Self.comparable(graph.nodes[$0.to].id, graph)) [\(graph.displayLabel(of: $0))]
                        """
                    })
        }
        let (nodesA, nodesB) = (ids(a), ids(b))
        let (edgesA, edgesB) = (edges(a), edges(b))
        nodesOnlyInA = nodesA.subtracting(nodesB).sorted()
        nodesOnlyInB = nodesB.subtracting(nodesA).sorted()
        edgesOnlyInA = edgesA.subtracting(edgesB).sorted()
        edgesOnlyInB = edgesB.subtracting(edgesA).sorted()
    }

    /// Whether the graphs reach the same nodes by the same edges.
    public var isEmpty: Bool {
        nodesOnlyInA.isEmpty && nodesOnlyInB.isEmpty && edgesOnlyInA.isEmpty && edgesOnlyInB.isEmpty
    }

    /// The root flow is named after the app, which differs between variants
    /// by design; its steps compare as `app.…`.
    private static func comparable(_ id: String, _ graph: NavigationGraph) -> String {
        id.hasPrefix(graph.app + ".") ? "app." + id.dropFirst(graph.app.count + 1) : id
    }
}
