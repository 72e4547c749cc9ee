/// Counts of what a coordinator has done (``Coordinator/Statistics``):
/// kept by the engine's state, so it belongs beside it, not to the
/// coordinator.
package struct EngineStatistics: Hashable, Sendable {
    /// Steps navigated (handled or not by the flow).
    package internal(set) var navigated = 0
    /// Steps dropped, for any reason.
    package internal(set) var dropped = 0
    /// Flows started.
    package internal(set) var flowsStarted = 0
    /// Flows ended.
    package internal(set) var flowsEnded = 0
    /// Flows, screens (presented or kept for late steps) and steppers
    /// held right now.
    package internal(set) var liveFlows = 0
    /// Steppers coordinated right now.
    package internal(set) var liveSteppers = 0
}
