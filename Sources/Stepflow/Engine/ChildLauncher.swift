/// Launches a child flow for a parent whose step type is `ParentStep`.
struct ChildLauncher<ParentStep: Step> {
    let parent: any ParentProgram<ParentStep>
    let key: LaunchKey
    /// The record scope the child runs under.
    let scope: String?

    init<P: Flow>(parent: FlowProgramOf<P>, key: LaunchKey, scope: String? = nil) where P.StepType == ParentStep {
        self.parent = parent
        self.key = key
        self.scope = scope
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
            child, stepper: stepper, parent: key.parent, key: key, scope: scope,
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
