/// A source of steps: a screen's actions, a timer, a network check.
///
/// A stepper has zero or more initial steps, delivered as soon as it is
/// coordinated, then emits further steps through ``steps`` from any thread.
/// It declares every step it can emit in ``declaredSteps``: analysis
/// explores exactly those, and at run time an undeclared emission is
/// reported as a ``NavigationEvent/undeclaredStep(_:stepper:)`` event (and
/// still delivered).
///
/// ```swift
/// final class ConnectivityStepper: Stepper {
///     let steps = StepRelay<SyncStep>()
///     var declaredSteps: [SyncStep] { [.online, .offline] }
///     func readyToEmitSteps() { monitor.start { self.steps.emit($0 ? .online : .offline) } }
///     func stopEmittingSteps() { monitor.stop() }
/// }
/// ```
public protocol Stepper<StepType>: AnyObject, Sendable {
    /// The type of step this stepper emits.
    associatedtype StepType: Step

    /// The relay the stepper emits through.
    var steps: StepRelay<StepType> { get }

    /// Steps delivered, in order, as soon as the stepper is coordinated and
    /// before anything it emits later. Empty by default.
    var initialSteps: [StepType] { get }

    /// Every step this stepper can emit, for analysis and run-time checks.
    var declaredSteps: [StepType] { get }

    /// How the stepper emits after its initial steps, for analysis: which
    /// steps, and how many times. Defaults to ``declaredSteps``, each any
    /// number of times. A stepper that emits once (a timer) or never after
    /// its initial steps (``OneStepper``) says so here, so that analysis
    /// does not list a walk in which it emits again.
    var emissions: [Emission<StepType>] { get }

    /// Who outside the flows this stepper speaks for (a service, a
    /// sensor) and what its steps mean as that one's answers, or `nil`
    /// (the default) for the app's own stepper. A stepper that speaks for
    /// the outside world has its emissions shown as answers
    /// (`lab link: sent later`), a walk lists them, a script gives one with
    /// `answer lab-link sent`, and a session that answers by hand does not
    /// start it (the service is not called).
    var outside: OutsideSource<StepType>? { get }

    /// Called on the coordinator's queue once the stepper's initial steps are
    /// queued and the navigation that contributed it has been rendered.
    /// Start timers and observations here. Does nothing by default.
    func readyToEmitSteps()

    /// Called in place of ``readyToEmitSteps()`` when a coordinator
    /// restores a saved navigation (see
    /// ``Coordinator/restore(_:roots:fingerprint:deepLinks:)``) in which
    /// this stepper had been told it may emit, `elapsed` ago on the
    /// coordinator's clock. A timer runs for the time left, or emits at
    /// once when none is. Calls ``readyToEmitSteps()`` by default.
    func resumeEmittingSteps(after elapsed: Duration)

    /// Called on the coordinator's queue when the stepper is released: its
    /// screen was dismissed or its flow ended. Cancel work here; steps emitted
    /// afterwards are reported as dropped. Does nothing by default. (When
    /// the coordinator itself is released, this runs on the releasing
    /// thread.)
    func stopEmittingSteps()
}

extension Stepper {
    /// No initial steps.
    public var initialSteps: [StepType] { [] }
    /// ``declaredSteps``, any number of times.
    public var emissions: [Emission<StepType>] {
        declaredSteps.isEmpty ? [] : [Emission(declaredSteps, limit: .unlimited)]
    }
    /// `nil`: the app's own stepper.
    public var outside: OutsideSource<StepType>? { nil }
    /// Does nothing.
    public func readyToEmitSteps() {}
    /// ``readyToEmitSteps()``: as if it had just been coordinated.
    public func resumeEmittingSteps(after elapsed: Duration) { readyToEmitSteps() }
    /// Does nothing.
    public func stopEmittingSteps() {}
}

/// A stepper that emits one initial step and nothing else (RxFlow's
/// `OneStepper`). The usual way to start a flow.
///
/// ```swift
/// coordinator.coordinate(flow: onboarding, with: OneStepper(.welcome))
/// ```
public final class OneStepper<StepType: Step>: Stepper {
    /// The relay; it never emits beyond the initial step.
    public let steps = StepRelay<StepType>()
    /// The single step this stepper emits.
    public let step: StepType

    /// Creates a stepper whose only step is `step`.
    public init(_ step: StepType) { self.step = step }

    /// `[step]`.
    public var initialSteps: [StepType] { [step] }
    /// `[step]`.
    public var declaredSteps: [StepType] { [step] }
    /// None: the step is only the initial one.
    public var emissions: [Emission<StepType>] { [] }
}

/// A stepper that emits nothing (RxFlow's `NoneStepper`): for a flow that
/// waits for a deep link or for its parent to forward steps.
public final class NoneStepper<StepType: Step>: Stepper {
    /// The relay; nothing is emitted through it.
    public let steps = StepRelay<StepType>()
    /// Creates a stepper that never emits.
    public init() {}
    /// Empty.
    public var declaredSteps: [StepType] { [] }
    /// None.
    public var emissions: [Emission<StepType>] { [] }
}

/// A stepper that merges several (RxFlow's `CompositeStepper`).
///
/// Its initial steps are every inner stepper's initial steps, in the order
/// the steppers were given; then every step the inner steppers emit, as they
/// emit them. A stepper given twice is used once.
public final class CompositeStepper<StepType: Step>: Stepper {
    /// The merged relay.
    public let steps = StepRelay<StepType>()
    /// The inner steppers, without duplicates, in the order given.
    public let steppers: [any Stepper<StepType>]

    /// Merges `steppers`; a stepper listed twice is used once.
    public init(_ steppers: [any Stepper<StepType>]) {
        var seen = Set<ObjectIdentifier>()
        self.steppers = steppers.filter { seen.insert(ObjectIdentifier($0)).inserted }
        for stepper in self.steppers {
            stepper.steps.connect(
                sink: { [steps] step in steps.emit(step) },
                replay: { pending in pending.forEach(self.steps.emit) }
            )
        }
    }

    /// The inner steppers' initial steps, in order.
    public var initialSteps: [StepType] { steppers.flatMap { $0.initialSteps } }

    /// The union of the inner steppers' declared steps, in order, once each.
    public var declaredSteps: [StepType] {
        var seen = Set<StepType>()
        return steppers.flatMap { $0.declaredSteps }.filter { seen.insert($0).inserted }
    }

    /// Every inner stepper's emissions, in order.
    public var emissions: [Emission<StepType>] { steppers.flatMap { $0.emissions } }

    /// Tells every inner stepper it may emit.
    public func readyToEmitSteps() { steppers.forEach { $0.readyToEmitSteps() } }

    /// Resumes every inner stepper.
    public func resumeEmittingSteps(after elapsed: Duration) {
        steppers.forEach { $0.resumeEmittingSteps(after: elapsed) }
    }

    /// Tells every inner stepper to stop.
    public func stopEmittingSteps() { steppers.forEach { $0.stopEmittingSteps() } }
}

/// Steps a stepper can emit after its initial steps, and how often: what
/// analysis lets it do from a state where it is live.
///
/// ```swift
/// var emissions: [Emission<ProcedureStep>] { [Emission([.timerDone], limit: .once)] }
/// ```
public struct Emission<StepType: Step>: Hashable, Sendable {
    /// How many times a stepper emits one of ``steps``.
    public enum Limit: Hashable, Sendable {
        /// One of the steps, once (a timer).
        case once
        /// Any of the steps, any number of times (a connectivity monitor).
        case unlimited
    }

    /// The steps it may emit.
    public let steps: [StepType]
    /// How many times.
    public let limit: Limit

    /// Declares that a stepper emits one of `steps`, `limit` times.
    public init(_ steps: [StepType], limit: Limit) {
        self.steps = steps
        self.limit = limit
    }
}
