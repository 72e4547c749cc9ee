public import Dispatch

/// Schedules work after a delay: real time in an app, a manual clock in
/// tests (``DispatchClock`` here, `ManualClock` in StepflowTesting), so no
/// test ever sleeps.
public protocol StepClock: Sendable {
    /// Runs `action` once, on some thread, after `delay`, unless cancelled.
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any ScheduledAction

    /// The clock's time now, as a duration since 1970-01-01 00:00 UTC on
    /// the clock's own scale. A coordinator that saves its navigation
    /// stamps each stepper's start with it, so that a timer restored in
    /// another process knows how long ago it started: it must survive the
    /// process, so it is wall-clock time, not time since boot. The system's
    /// real time by default.
    var now: Duration { get }
}

extension StepClock {
    /// The system's real time (`CLOCK_REALTIME`).
    public var now: Duration { WallClock.now }
}

/// Work scheduled on a ``StepClock``.
public protocol ScheduledAction: Sendable {
    /// Stops the work if it has not run; does nothing if it has.
    func cancel()
}

/// A ``StepClock`` on Dispatch's real time.
public struct DispatchClock: StepClock {
    private let queue: DispatchQueue

    /// A clock that runs its actions on `queue`.
    public init(queue: DispatchQueue = DispatchQueue(label: "stepflow.clock")) {
        self.queue = queue
    }

    /// Runs `action` on the clock's queue after `delay`.
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any ScheduledAction {
        let item = DispatchWorkItem(block: action)
        let (seconds, attoseconds) = delay.components
        let nanoseconds = max(0, seconds) * 1_000_000_000 + max(0, attoseconds) / 1_000_000_000
        queue.asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds)), execute: item)
        return DispatchScheduledAction(item: item)
    }
}

private struct DispatchScheduledAction: ScheduledAction, @unchecked Sendable {
    // @unchecked: DispatchWorkItem's cancel is thread-safe.
    let item: DispatchWorkItem
    func cancel() { item.cancel() }
}

/// A stepper that emits one step when a duration has passed on a clock:
/// an incubation timer. It starts when told it may emit (its screen is on
/// screen) and is cancelled when it is stopped (its screen went away).
public final class TimerStepper<StepType: Step>: Stepper {
    /// The relay the step is emitted through.
    public let steps = StepRelay<StepType>()
    /// How long the timer runs.
    public let duration: Duration
    /// The step emitted when it has run.
    public let step: StepType
    private let clock: any StepClock
    private let scheduled = Locked<(any ScheduledAction)?>(nil)

    /// A timer that emits `step` after `duration` on `clock`.
    public init(_ duration: Duration, emitting step: StepType, on clock: any StepClock) {
        self.duration = duration
        self.step = step
        self.clock = clock
    }

    /// `[step]`.
    public var declaredSteps: [StepType] { [step] }
    /// `step`, once.
    public var emissions: [Emission<StepType>] { [Emission([step], limit: .once)] }

    /// Starts the timer.
    public func readyToEmitSteps() {
        let action = clock.schedule(after: duration) { [steps, step] in steps.emit(step) }
        scheduled.withLock { $0 = action }
    }

    /// Restarts a timer that started `elapsed` ago: it runs for the time
    /// left, and emits at once when none is (the deadline passed while the
    /// app was not running). A negative `elapsed` (the clock was set back)
    /// counts as none: the timer never runs longer than ``duration``.
    public func resumeEmittingSteps(after elapsed: Duration) {
        let left = duration - max(.zero, elapsed)
        guard left > .zero else { return steps.emit(step) }
        let action = clock.schedule(after: left) { [steps, step] in steps.emit(step) }
        scheduled.withLock { $0 = action }
    }

    /// Cancels the timer.
    public func stopEmittingSteps() {
        scheduled.withLock { scheduled in
            scheduled?.cancel()
            scheduled = nil
        }
    }
}
