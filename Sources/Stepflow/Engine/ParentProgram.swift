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
