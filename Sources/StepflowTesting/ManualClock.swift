public import Stepflow

/// A ``StepClock`` that moves only when a test says so.
///
/// ```swift
/// let clock = ManualClock()
/// // … a flow shows a 15-minute timer on `clock` …
/// clock.advance(by: .seconds(15 * 60))   // the timer's step is emitted now
/// coordinator.waitUntilIdle()
/// ```
public final class ManualClock: StepClock {
    private struct Pending {
        let id: Int
        let deadline: Duration
        let action: @Sendable () -> Void
    }

    private let state = Locked<(now: Duration, nextID: Int, pending: [Pending])>((.zero, 0, []))

    /// A clock at time `now` (zero by default); a test of a restored
    /// timer makes the restoring process's clock later than the saving one's.
    public init(now: Duration = .zero) {
        state.withLock { $0.now = now }
    }

    /// The clock's time: where it was made at, plus every advance.
    public var now: Duration { state.withLock { $0.now } }

    /// How many actions wait to run.
    package var pendingCount: Int { state.withLock { $0.pending.count } }

    /// Schedules `action` for `now + delay`.
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any ScheduledAction {
        let id = state.withLock { state in
            state.nextID += 1
            state.pending.append(Pending(id: state.nextID, deadline: state.now + delay, action: action))
            return state.nextID
        }
        return ManualScheduledAction { [state] in
            state.withLock { $0.pending.removeAll { $0.id == id } }
        }
    }

    /// Moves time forward by `duration`, running every action that falls
    /// due, in deadline order, on the calling thread.
    package func advance(by duration: Duration) {
        let due = state.withLock { state -> [Pending] in
            state.now += duration
            let now = state.now
            let due = state.pending.filter { $0.deadline <= now }.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
            state.pending.removeAll { $0.deadline <= now }
            return due
        }
        for pending in due { pending.action() }
    }
}

private struct ManualScheduledAction: ScheduledAction {
    let cancelAction: @Sendable () -> Void
    func cancel() { cancelAction() }
}
