public import Stepflow

/// Turns a live coordinator's events into the graph edges they walk along:
/// actions, timers, child flows started, exits, forwards, back, the end.
/// Node ids are the graph's: `instance.step`, `instance/screen`, `start`,
/// `end`. The random-walk test proves every edge it records is an edge of
/// the variant's graph; `rootapp check` uses it to measure coverage.
public final class TransitionRecorder: Sendable {
    /// An edge by the ids of its ends.
    public struct Edge: Hashable, Sendable, CustomStringConvertible {
        /// Where it starts.
        public let from: String
        /// Where it leads.
        public let to: String
        /// An edge from `from` to `to`.
        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
        /// `from -> to`.
        public var description: String { "\(from) -> \(to)" }
    }

    private struct State {
        var edges: Set<Edge> = []
        var unexplained: [String] = []
        var startedBy: [FlowID: String] = [:]
        var exitedFrom: [FlowID: String] = [:]
        var forwardedBy: [String: String] = [:]
        var lastRootStep: String?
        var pendingBack: String?
        var chosenOn: [String: String] = [:]
    }

    private let state = Locked(State())

    /// A recorder with nothing recorded.
    public init() {}

    /// The edges walked so far.
    public var edges: Set<Edge> { state.withLock { $0.edges } }
    /// The last step the root flow navigated (its node id).
    public var lastRootStep: String? { state.withLock { $0.lastRootStep } }
    /// Transitions it could not place (none, when the engine and graph agree).
    public var unexplained: [String] { state.withLock { $0.unexplained } }

    /// Records one event; give it every event, in order (observe the
    /// coordinator with it).
    public func record(_ event: NavigationEvent) {
        state.withLock { state in
            switch event {
            case .willNavigate(let step, let origin):
                let to = step.description
                let from: String?
                switch origin {
                case .screen(_, let screen, _), .screenStepper(_, let screen, _):
                    from = "\(step.flow.name)/\(screen)"
                    state.chosenOn[to] = from
                case .flowStepper: from = state.startedBy[step.flow.id] ?? (step.flow.id.rawValue == 1 ? "start" : nil)
                case .forwarded: from = state.forwardedBy.removeValue(forKey: to)
                case .childExit(let child): from = state.exitedFrom.removeValue(forKey: child.id)
                case .stepper, .deepLink: from = nil
                }
                if let from { state.edges.insert(Edge(from: from, to: to)) } else { state.unexplained.append("\(origin) -> \(to)") }
            case .didNavigate(let step, let changes):
                let from = step.description
                if step.flow.id.rawValue == 1 { state.lastRootStep = from }
                var presented = false
                var removed = false
                for change in changes {
                    switch change {
                    case .presented(let screen):
                        presented = true
                        state.edges.insert(Edge(from: from, to: screen.qualifiedID))
                    case .removed: removed = true
                    case .flowStarted(let flow, let parent) where parent != nil: state.startedBy[flow.id] = from
                    case .exited(let flow, _): state.exitedFrom[flow.id] = from
                    case .forwarded(let record): state.forwardedBy[record.description] = from
                    default: break
                    }
                }
                if removed && !presented && !changes.contains(where: { if case .flowEnded = $0 { true } else { false } }) {
                    state.pendingBack = state.chosenOn[from]
                }
            case .coordinationEnded:
                if let last = state.lastRootStep { state.edges.insert(Edge(from: last, to: "end")) }
            default:
                break
            }
        }
    }

    /// After the queue is idle: the screen a back step was chosen on leads
    /// to the screen now on top.
    public func settle(top: PresentedScreen?) {
        state.withLock { state in
            if let back = state.pendingBack, let top { state.edges.insert(Edge(from: back, to: top.qualifiedID)) }
            state.pendingBack = nil
        }
    }
}
