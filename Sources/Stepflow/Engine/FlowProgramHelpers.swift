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

/// Launches a child flow for a parent whose step type is `ParentStep`.
struct ChildLauncher<ParentStep: Step> {
    let parentID: FlowID
    let key: LaunchKey
    /// Makes the work that hands a mapped exit to the parent; it checks
    /// that the parent is alive when it runs.
    let deliverToParent: (ParentStep, FlowInfo) -> PendingWork

    init<P: Flow>(parent: FlowProgramOf<P>, key: LaunchKey) where P.StepType == ParentStep {
        self.parentID = parent.info.id
        self.key = key
        // The child's exit route holds its parent's program strongly: the
        // parent's program outlives the child anyway, and it is immutable.
        self.deliverToParent = { step, child in
            PendingWork { state, transaction in
                guard state.flows[parent.info.id] != nil else {
                    return state.reportDropped(
                        StepRecord(flow: parent.info, step: step.stepID), .flowEnded, &transaction)
                }
                parent.receive(step, origin: .childExit(child), in: &state, &transaction)
            }
        }
    }

    func launch<Child: Flow>(
        _ child: Child,
        stepper: any Stepper<Child.StepType>,
        onExit: @escaping @Sendable (Child.ExitType) -> ParentStep,
        _ state: inout EngineState,
        _ transaction: inout Transaction
    ) {
        let deliver = deliverToParent
        state.launch(
            child, stepper: stepper, parent: parentID, key: key,
            exitRoute: { info in
                { exit in deliver(onExit(exit), info) }
            }, &transaction)
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
