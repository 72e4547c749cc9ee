/// A unit of navigation: it receives steps and says what happens.
///
/// A flow owns a step type, an exit type its parent routes on, and one pure
/// function, ``navigate(to:)``, that returns a ``Navigation`` value and does
/// nothing else: no UI calls, no I/O, no timers, no state that changes
/// between calls. Its result depends only on the step and on the
/// configuration the flow was made with. That rule is what lets the same
/// flow run live, under test and under analysis.
///
/// ```swift
/// final class ConsentFlow: Flow {
///     enum Step: Stepflow.Step { case ask, accepted, declined }
///     enum Exit: Stepflow.Step { case granted, refused }
///
///     var name: String { "consent" }
///
///     func navigate(to step: Step) -> Navigation<Step, Exit> {
///         switch step {
///         case .ask:
///             .show(Screen(id: "ask", title: "May we?", actions: [
///                 .init("Yes", .accepted), .init("No", .declined, role: .cancel),
///             ]))
///         case .accepted: .end(.granted)
///         case .declined: .end(.refused)
///         }
///     }
/// }
/// ```
///
/// Flows are classes so that tests can prove, with weak references, that an
/// ended flow is released.
public protocol Flow<StepType>: AnyObject, Sendable {
    /// The steps this flow handles.
    associatedtype StepType: Step
    /// The steps this flow hands to its parent when it ends (or forwards).
    /// `Never` for a flow that never ends.
    associatedtype ExitType: Step = Never

    /// The flow instance's name, used to qualify step identities in traces
    /// (`onboarding.welcome`). Defaults to the type's name.
    var name: String { get }

    /// Decides what a step becomes before it is navigated: the same step,
    /// another one, none (the step is filtered, with an event), or a later
    /// answer (a permission check). Returns `.step(step)` by default.
    ///
    /// A deferred answer re-enters the coordinator's queue when it arrives,
    /// behind whatever was queued meanwhile.
    func adapt(step: StepType) -> Adaptation<StepType>

    /// Returns what happens for `step`. Must be pure: see the type's
    /// documentation. Return ``Navigation/unhandled`` for a step this flow
    /// does not handle (a deep link meant for another flow).
    func navigate(to step: StepType) -> Navigation<StepType, ExitType>

    /// What this flow, started as a root, declares about the variant's
    /// record: each entry's owner, readers and lifetime. `nil` by default:
    /// any flow of the tree writes and reads any entry. A manifest's root
    /// flow gives one, and the engine holds every module to it.
    var recordSchema: RecordSchema? { get }

    /// How the engine asks ``adapt(step:)``: not for flows to implement.
    ///
    /// The default calls `adapt(step:)` and is made in the flow's own
    /// module, for its own step type: the engine's code is generic over
    /// flow types it never sees, and reading an `Adaptation` of an unknown
    /// step type looked up that type at run time on every step (a quarter
    /// of handling one). Implement ``adapt(step:)`` instead.
    func _adapt(_ step: inout StepType) -> _AdaptationOutcome
}

extension Flow {
    /// The type's name, as `String(describing: Self.self)` writes it (read
    /// without first asking whether the type is printable some other way,
    /// which scans the program's protocol conformances once per type).
    public var name: String { _typeName(Self.self, qualified: false) }

    /// Returns `.step(step)`: the step is navigated as it is.
    public func adapt(step: StepType) -> Adaptation<StepType> { .step(step) }

    /// No schema: any flow writes and reads any entry.
    public var recordSchema: RecordSchema? { nil }

    /// Calls ``adapt(step:)``: `step` becomes the step to navigate, or the
    /// outcome carries the adaptation to wait for. Inlinable, so that it
    /// is made for each flow type in the flow's own module.
    @inlinable
    public func _adapt(_ step: inout StepType) -> _AdaptationOutcome {
        switch adapt(step: step) {
        case .step(let adapted):
            step = adapted
            return .navigate
        case .none:
            return .filter
        case let later:
            return .later(later)
        }
    }
}

/// What ``Flow/_adapt(_:)`` made of a step, in a shape the engine reads
/// without knowing the step's type: not for flows to use.
public enum _AdaptationOutcome {
    /// Navigate the step `_adapt` left in its argument.
    case navigate
    /// Navigate nothing: ``Adaptation/none``.
    case filter
    /// Wait for an answer: the ``Adaptation`` (``Adaptation/ask(_:)`` or
    /// ``Adaptation/deferred(_:)``) of the flow's step type.
    case later(Any)
}

/// What ``Flow/adapt(step:)`` makes of a step.
public enum Adaptation<StepType: Step>: Sendable {
    /// Navigate this step (the same or another one).
    case step(StepType)
    /// Navigate nothing; the step is reported as filtered.
    case none
    /// Ask the outside world first (a permission): the question declares
    /// every answer it can get, so analysis explores each, walks list them
    /// and scripts give them. See ``Question``.
    case ask(Question<StepType>)
    /// Decide later, with answers nobody declared. The engine calls the
    /// closure on the coordinator's queue with a completion that may be
    /// called once, from any thread, with the step to navigate or `nil` to
    /// filter it. The answer joins the back of the coordinator's queue.
    ///
    /// Analysis cannot know what it answers and assumes the step unchanged;
    /// a person's actions are not held meanwhile. Prefer ``ask(_:)``.
    case deferred(@Sendable (_ completion: @escaping @Sendable (StepType?) -> Void) -> Void)
}
