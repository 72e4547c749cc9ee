/// Lets the first of many calls through, from any thread: an outside
/// answer counts once, however often the completion is called.
final class FirstCall: Sendable {
    private let done = Locked(false)
    /// True for the first call only.
    func take() -> Bool {
        done.withLock { done in
            defer { done = true }
            return !done
        }
    }
}

/// A flow's program as its children's exits reach it: the parent's type
/// erased to its step type, without a closure (every child flow started
/// keeps its route to its parent for as long as it lives).
protocol ParentProgram<StepType>: AnyObject {
    associatedtype StepType: Step
    /// The work that hands `step`, mapped from an exit of `child`, to this
    /// flow; it checks that the flow is alive when it runs.
    func exitWork(_ step: StepType, from child: FlowInfo) -> PendingWork
}

extension FlowProgramOf: ParentProgram {
    func exitWork(_ step: StepType, from child: FlowInfo) -> PendingWork {
        // The child's exit route holds its parent's program strongly: the
        // parent's program outlives the child anyway, and it is immutable.
        PendingWork { [self] state, transaction in
            guard state.flows[info.id] != nil else {
                return state.reportDropped(StepRecord(flow: info, step: step.stepID), .flowEnded, &transaction)
            }
            receive(step, origin: .childExit(child), in: &state, &transaction)
        }
    }
}

/// Launches a child flow for a parent whose step type is `ParentStep`.
struct ChildLauncher<ParentStep: Step> {
    let parent: any ParentProgram<ParentStep>
    let key: LaunchKey

    init<P: Flow>(parent: FlowProgramOf<P>, key: LaunchKey) where P.StepType == ParentStep {
        self.parent = parent
        self.key = key
    }

    func launch<Child: Flow>(
        _ child: Child,
        stepper: any Stepper<Child.StepType>,
        onExit: ExitMapping<Child.ExitType, ParentStep>,
        _ state: inout EngineState,
        _ transaction: inout Transaction
    ) {
        let parent = self.parent
        state.launch(
            child, stepper: stepper, parent: key.parent, key: key,
            exitRoute: { info in
                { exit, name in parent.exitWork(onExit.step(for: exit, name: name), from: info) }
            }, &transaction)
    }
}

/// How a parent makes its step of a child's exit: from the exit alone, or
/// from the exit and its name (read only then, when the exit is taken).
enum ExitMapping<Exit: Step, ParentStep: Step>: Sendable {
    case plain(@Sendable (Exit) -> ParentStep)
    case named(@Sendable (Exit, String) -> ParentStep)

    /// The parent's step for `exit`.
    func step(for exit: Exit, name: () -> String) -> ParentStep {
        switch self {
        case .plain(let map): map(exit)
        case .named(let map): map(exit, name())
        }
    }
}

/// The flows' answers to one deep link so far, some of which may arrive
/// later (a deferred `adapt`): a value in ``EngineState/deepLinks``.
struct DeepLinkTally {
    var result = DeepLinkResult()
    /// Answers still to come; the delivery pass itself counts as one.
    var outstanding = 1
    /// Reports the result once every flow answered.
    let finish: (DeepLinkResult, inout Transaction) -> Void
}
