import Dispatch
public import Stepflow
import StepflowGraph
import StepflowManifest

/// Real time whose waiting timers can be run at once (`s` in a walk,
/// `wait` in a script), optionally faster than real time.
public final class WalkClock: StepClock {
    private struct Pending {
        let id: Int
        let deadline: DispatchTime
        /// Runs the timer's action, once; `byItself` when its time came,
        /// not `skip()`.
        let fire: @Sendable (_ byItself: Bool) -> Void
        let scheduled: any ScheduledAction
    }

    private let base = DispatchClock()
    /// How much faster than real time timers run (60: a minute passes in
    /// a second).
    package let scale: Double
    /// When the clock stands still (``stopped()``): its one instant, at
    /// which every timer waits its whole time until ``skip()`` runs it.
    private let stoppedAt: DispatchTime?
    private let pending = Locked<(next: Int, items: [Pending])>((0, []))
    private let firingByItself = Locked<(@Sendable () -> Void)?>(nil)

    /// Called, on the clock's queue, just before a timer fires because
    /// its time came (not because ``skip()`` ran it): where a script of
    /// the walk needs a `wait` line. The screen the timer belongs to is
    /// still on top when it is called.
    package func onFiringByItself(_ body: (@Sendable () -> Void)?) {
        firingByItself.withLock { $0 = body }
    }

    /// The fastest a clock runs: a million times real time (a 15-minute
    /// timer in under a millisecond).
    package static let largestScale: Double = 1_000_000

    /// A clock `scale` times faster than real time, from 1 to
    /// ``largestScale`` (a value outside is brought within; one that is
    /// not a number is 1).
    public init(scale: Double = 1) {
        self.scale = scale.isNaN ? 1 : min(max(1, scale), Self.largestScale)
        self.stoppedAt = nil
    }

    private init(stoppedAt instant: DispatchTime) {
        self.scale = 1
        self.stoppedAt = instant
    }

    /// A clock that stands still: no timer fires by itself, each shows its
    /// whole time left until ``skip()`` runs it, and a timer restored from
    /// a save sees no time gone. What a tool that walks a variant's states
    /// runs on (the prototype): the same page however loaded the machine.
    package static func stopped() -> WalkClock { WalkClock(stoppedAt: stoppedInstant) }

    /// The one instant every stopped clock stands at: a save made on one
    /// restores on another with no time gone.
    private static let stoppedInstant = DispatchTime(uptimeNanoseconds: 1_000_000_000)

    /// Whether the clock stands still (``stopped()``).
    package var isStopped: Bool { stoppedAt != nil }

    /// Schedules `action` after `delay` of the clock's time.
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any ScheduledAction {
        let seconds = (Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18) / scale
        let delay = Duration.nanoseconds(Int64(seconds * 1e9))
        let id = pending.withLock { state in
            state.next += 1
            return state.next
        }
        let fire: @Sendable (Bool) -> Void = { [pending, firingByItself] byItself in
            let isPending = pending.withLock { state in
                guard let index = state.items.firstIndex(where: { $0.id == id }) else { return false }
                state.items.remove(at: index)
                return true
            }
            guard isPending else { return }
            if byItself { firingByItself.withLock { $0 }?() }
            action()
        }
        // Stopped, a timer waits for skip() alone.
        let scheduled: any ScheduledAction =
            stoppedAt == nil ? base.schedule(after: delay) { fire(true) } : Cancel {}
        pending.withLock {
            $0.items.append(
                Pending(id: id, deadline: (stoppedAt ?? .now()) + seconds, fire: fire, scheduled: scheduled))
        }
        return Cancel { [pending] in
            pending.withLock { $0.items.removeAll { $0.id == id } }
            scheduled.cancel()
        }
    }

    /// Real time, at any scale: what a save records, so a walk saved at
    /// 60 times and resumed at its own pace counts the time gone as it
    /// really went. Only waiting runs faster: a timer fires `scale` times
    /// sooner, and ``secondsLeft`` counts in its own time. (Scaling the
    /// instant itself put a save made at 60 times in the year 5384, and its
    /// timer was over when it was resumed.)
    public var now: Duration {
        stoppedAt.map { .nanoseconds(Int64($0.uptimeNanoseconds)) } ?? base.now
    }

    /// Seconds of the clock's time until the next timer fires; `nil` when
    /// none waits.
    package var secondsLeft: Int? {
        pending.withLock { state in
            state.items.map(\.deadline).min().map { deadline in
                let now = (stoppedAt ?? DispatchTime.now()).uptimeNanoseconds
                guard deadline.uptimeNanoseconds > now else { return 0 }
                // Seconds as the person reads them: scaled back to the timer's own time.
                return Int((Double(deadline.uptimeNanoseconds - now) * scale / 1e9).rounded(.up))
            }
        }
    }

    /// Runs every waiting timer now. Returns whether any waited.
    @discardableResult
    package func skip() -> Bool {
        let due = pending.withLock { $0.items }
        for item in due {
            item.scheduled.cancel()
            item.fire(false)
        }
        return !due.isEmpty
    }

    private struct Cancel: ScheduledAction {
        let body: @Sendable () -> Void
        func cancel() { body() }
    }
}
