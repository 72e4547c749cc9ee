extension NavigationGraph {
    /// The nodes from which `target` (the end by default) can be reached.
    ///
    /// - Complexity: O(V + E).
    package func nodesReaching(_ target: Int? = nil) -> [Bool] {
        let goal = target ?? end
        var reaches = [Bool](repeating: false, count: nodes.count)
        reaches[goal] = true
        var stack = [goal]
        while let node = stack.popLast() {
            for edgeIndex in incoming(node) {
                let previous = edges[Int(edgeIndex)].from
                if !reaches[previous] {
                    reaches[previous] = true
                    stack.append(previous)
                }
            }
        }
        return reaches
    }

    /// Every finding, as exploring the states found them.
    package func findings() -> [Finding] { explorationFindings }
}
