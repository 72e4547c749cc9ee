/// Counts of what a coordinator has done (``Coordinator/Statistics``):
/// kept by the engine's state, so it belongs beside it, not to the
/// coordinator.
public struct EngineStatistics: Hashable, Sendable {
    /// Steps navigated (handled or not by the flow).
    public internal(set) var navigated = 0
    /// Steps dropped, for any reason.
    public internal(set) var dropped = 0
    /// Flows started.
    public internal(set) var flowsStarted = 0
    /// Flows ended.
    public internal(set) var flowsEnded = 0
    /// Flows, screens (presented or kept for late steps) and steppers
    /// held right now.
    public internal(set) var liveFlows = 0
    /// Steppers coordinated right now.
    public internal(set) var liveSteppers = 0
}
