/// The channel a ``Stepper`` emits its steps through.
///
/// Call ``emit(_:)`` from any thread. While the stepper is being coordinated,
/// each step goes to the coordinator's queue in emission order (steps from
/// one thread keep that thread's order). Steps emitted before the stepper is
/// coordinated are kept and delivered, in order, right after its initial
/// steps. Steps emitted after its flow ended reach the coordinator, which
/// reports them as dropped: a step is never lost without an event.
public final class StepRelay<StepType: Step>: @unchecked Sendable {
    // @unchecked: `state` is a Locked value; nothing else is mutable.
    private struct State {
        var sink: (@Sendable (StepType) -> Void)?
        var pending: [StepType] = []
    }

    private let state = Locked(State())

    /// Creates a relay that is not yet connected to a coordinator.
    public init() {}

    /// Emits `step` towards the coordinator. Safe to call from any thread.
    public func emit(_ step: StepType) {
        state.withLock { state in
            // The sink runs under the relay's lock so that a connection and
            // the steps it replays are ordered against concurrent emits.
            if let sink = state.sink {
                sink(step)
            } else {
                state.pending.append(step)
            }
        }
    }

    /// Connects the relay to `sink` and passes the steps emitted so far to
    /// `replay` (before any later emission reaches `sink`). Whether a
    /// stepper is already coordinated is the engine state's to say, not
    /// the relay's.
    func connect(
        sink: @escaping @Sendable (StepType) -> Void,
        replay: ([StepType]) -> Void
    ) {
        state.withLock { state in
            state.sink = sink
            let pending = state.pending
            state.pending = []
            replay(pending)
        }
    }
}
