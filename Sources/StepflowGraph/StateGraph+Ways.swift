import Stepflow
import StepflowManifest

extension StateGraph {
    /// The states reachable from `state` (itself included) within the
    /// app's launch, each with the transition that first reached it
    /// breadth first (-1 for `state`). A relaunch is not followed: a walk
    /// saved after one holds only what came after it.
    func shortestWays(from state: Int) -> [Int: Int] {
        var reached = [state: -1]
        var queue = [state]
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for position in positions(from: current) where !isRelaunch(position) {
                let target = transitions.target(of: position)
                if reached[target] == nil {
                    reached[target] = position
                    queue.append(target)
                }
            }
        }
        return reached
    }

    /// The transitions from the start of `ways` to `state`, in order.
    func walk(to state: Int, along ways: [Int: Int]) -> [Int] {
        var walk: [Int] = []
        var current = state
        while let position = ways[current], position >= 0 {
            walk.append(position)
            current = transitions.source(of: position)
        }
        return walk.reversed()
    }
}
