package import Stepflow

/// Follows a live coordinator and names, input by input, the screens and
/// steps each input touched and the edges it took, exactly as a
/// ``StateGraph``'s projection names them: the same projection code runs on
/// the live events. Replaying a printed ``Walk`` on a coordinator with this
/// recorder proves it reaches its target through the same steps;
/// `rootapp check` measures coverage with it.
///
/// ```swift
/// let recorder = LiveWalkRecorder(app: manifest.app.id)
/// coordinator.observe { recorder.record($0) }
/// coordinator.coordinate(flow: root, with: OneStepper(.start))
/// coordinator.waitUntilIdle()
/// var touched = recorder.take(from: nil, to: coordinator.currentState.topScreen)
/// ```
package final class LiveWalkRecorder: Sendable {
    private struct State {
        var events: [NavigationEvent] = []
        let builder: ProjectionBuilder
    }

    private let state: Locked<State>

    /// A recorder for the app (root flow) `app`.
    package init(app: String) {
        state = Locked(State(builder: ProjectionBuilder(app: app)))
    }

    /// Records one event; observe the coordinator with it.
    package func record(_ event: NavigationEvent) {
        state.withLock { $0.events.append(event) }
    }

    /// Once the coordinator is idle after one input: the node ids that
    /// input touched, in order, from `top` (the screen on top when it was
    /// given; `nil` for the start) to `after` (the screen on top now).
    /// Screens shown in sections `now` hides are not touched: a person
    /// does not see them until the section is selected.
    package func take(from top: PresentedScreen?, to after: PresentedScreen?, in now: NavigationState?) -> [String] {
        state.withLock { state in
            let touched = state.builder.project(
                state.events, from: top, to: after, hidden: { now?.isHidden($0) ?? false }, report: { _ in })
            state.events.removeAll()
            return touched.map { state.builder.id(of: $0) }
        }
    }

    /// ``take(from:to:in:)`` for an app that shows no sections.
    package func take(from top: PresentedScreen?, to after: PresentedScreen?) -> [String] {
        take(from: top, to: after, in: nil)
    }

    /// Every edge taken so far, as `from -> to [kind label]` with node ids.
    package var edges: Set<String> {
        state.withLock { state in
            Set(
                state.builder.addedEdges.map { edge in
                    """
                    \(state.builder.id(of: edge.from)) -> \(state.builder.id(of: edge.to)) [\(edge.kind.rawValue) \
                    \(state.builder.label(of: edge))]
                    """
                })
        }
    }
}

extension NavigationGraph {
    /// Every edge as ``LiveWalkRecorder/edges`` names them.
    package var edgeNames: Set<String> {
        Set(edges.map { "\(nodes[$0.from].id) -> \(nodes[$0.to].id) [\($0.kind.rawValue) \(label(of: $0))]" })
    }
}
