/// Shortest paths from the start, found breadth first, over the projected
/// graph.
///
/// A path over the projection may join contexts that no walk joins (a
/// screen reached with other data, a shared back step), so it may not be
/// walkable. For answers, use the states: ``StateGraph/shortestWalks()``,
/// ``StateGraph/walks(to:limit:budget:)``.
public struct ShortestPaths: Sendable {
    /// For each node, the node before it on a shortest path; -1 for the
    /// start and for nodes the start does not reach.
    public let parent: [Int]
    /// For each node, its distance from the start in edges; -1 if unreached.
    public let depth: [Int]
    /// The nodes reached, in breadth-first order.
    public let order: [Int]

    /// The node ids of a shortest path from the start to `node`, start
    /// first; `nil` when the start does not reach it.
    public func path(to node: Int) -> [Int]? {
        guard depth[node] >= 0 else { return nil }
        var path = [node]
        var current = node
        while parent[current] >= 0 {
            current = parent[current]
            path.append(current)
        }
        return path.reversed()
    }
}

/// Simple paths to a node, as many as a limit allows.
public struct SimplePaths: Sendable {
    /// The paths found, each start first, in depth-first order.
    public let paths: [[Int]]
    /// Whether the limit stopped the search before it was done.
    public let isTruncated: Bool
}

extension NavigationGraph {
    /// Breadth-first search from `source` (the start by default).
    ///
    /// - Complexity: O(V + E).
    public func shortestPaths(from source: Int? = nil, avoiding avoided: Int? = nil) -> ShortestPaths {
        let origin = source ?? start
        var parent = [Int](repeating: -1, count: nodes.count)
        var depth = [Int](repeating: -1, count: nodes.count)
        var order: [Int] = [origin]
        order.reserveCapacity(nodes.count)
        depth[origin] = 0
        var head = 0
        while head < order.count {
            let node = order[head]
            head += 1
            for edgeIndex in outgoing(node) {
                let next = edges[Int(edgeIndex)].to
                guard depth[next] < 0, next != avoided else { continue }
                depth[next] = depth[node] + 1
                parent[next] = node
                order.append(next)
            }
        }
        return ShortestPaths(parent: parent, depth: depth, order: order)
    }

    /// The nodes from which `target` (the end by default) can be reached.
    ///
    /// - Complexity: O(V + E).
    public func nodesReaching(_ target: Int? = nil) -> [Bool] {
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

    /// Simple paths over the projection (see ``ShortestPaths`` for why such
    /// a path may not be walkable; ``StateGraph/walks(to:limit:budget:)``
    /// gives walks). No node twice, from the start to `target`, at most
    /// `limit` of them, giving up after `budget` edge visits so that it
    /// never runs for ever on a graph with many loops.
    ///
    /// - Complexity: O(budget).
    public func simplePaths(to target: Int, limit: Int, budget: Int = 1_000_000) -> SimplePaths {
        guard limit > 0 else { return SimplePaths(paths: [], isTruncated: true) }
        let reaches = nodesReaching(target)
        guard reaches[start] else { return SimplePaths(paths: [], isTruncated: false) }
        var paths: [[Int]] = []
        var onPath = [Bool](repeating: false, count: nodes.count)
        var path = [start]
        onPath[start] = true
        // Each frame: a node and the position of the next edge to try.
        var frames: [(node: Int, next: Int)] = [(start, 0)]
        var visits = 0
        var truncated = false
        while let frame = frames.last {
            if frame.node == target {
                paths.append(path)
                if paths.count >= limit { truncated = true; break }
                frames.removeLast()
                onPath[path.removeLast()] = false
                continue
            }
            let edgesOut = outgoing(frame.node)
            if frame.next >= edgesOut.count {
                frames.removeLast()
                onPath[path.removeLast()] = false
                continue
            }
            frames[frames.count - 1].next += 1
            visits += 1
            if visits > budget { truncated = true; break }
            let next = edges[Int(edgesOut[edgesOut.startIndex + frame.next])].to
            guard !onPath[next], reaches[next] else { continue }
            onPath[next] = true
            path.append(next)
            frames.append((next, 0))
        }
        return SimplePaths(paths: paths, isTruncated: truncated)
    }

    /// Every finding, as exploring the states found them.
    public func findings() -> [Finding] { explorationFindings }
}
