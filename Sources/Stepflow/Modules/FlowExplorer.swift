/// Explores every step a flow can reach from its entry, by calling its pure
/// `navigate(to:)` on every step its screens and steppers declare.
///
/// Because `navigate` depends only on the step and the flow's options, the
/// steps reachable from an entry are found without running a coordinator:
/// the result is exact for one flow. (Child flows a flow starts are not
/// entered; the navigation graph does that for whole variants.)
///
/// ```swift
/// let exploration = FlowExplorer.explore(ProcedureModule.launch(…))
/// #expect(exploration.exitNames == ["resultCaptured", "cancelled", "needsHelp"])
/// #expect(exploration.unhandledSteps.isEmpty)
/// ```
public enum FlowExplorer {
    /// What exploring a flow found.
    public struct Exploration: Hashable, Sendable {
        /// Every reachable step's ``Step/stepID``, in breadth-first order.
        public var steps: [String] = []
        /// The ids of the screens shown, in first-shown order.
        public var screens: [String] = []
        /// The exits the flow can take (by ``ModuleExit/exitName`` when
        /// the exit is a module exit, else its step id), first-reached order.
        public var exitNames: [String] = []
        /// Each distinct exit value reached, as a step id.
        public var exits: [String] = []
        /// The handoff of each distinct exit reached, by exit step id.
        public var handoffs: [String: Handoff] = [:]
        /// The exit name of each distinct exit reached, by exit step id.
        public var exitNamesByID: [String: String] = [:]
        /// Steps the flow returned `.unhandled` for.
        public var unhandledSteps: [String] = []
        /// Screens whose actions lead nowhere (no action at all).
        public var screensWithoutActions: [String] = []
        /// Every text key shown (titles, body lines, action labels), sorted.
        public var textKeys: [String] = []
        /// Texts shown without a key (`screen: text`): they cannot be
        /// re-worded or translated.
        public var literalTexts: [String] = []
        /// Whether exploration stopped at the step limit.
        public var isTruncated = false
    }

    /// Explores a module's flow from its entry step.
    public static func explore(_ launch: ModuleLaunch, limit: Int = 100_000) -> Exploration {
        func open<F: Flow>(_ flow: F) -> Exploration {
            guard let entry = launch.entry as? F.StepType else { return Exploration() }
            return explore(flow, from: entry, limit: limit)
        }
        return open(launch.flow)
    }

    /// Explores `flow` from `entry`, visiting at most `limit` steps.
    ///
    /// - Complexity: O(steps + actions), one `navigate` call per step.
    public static func explore<F: Flow>(_ flow: F, from entry: F.StepType, limit: Int = 100_000) -> Exploration {
        var result = Exploration()
        var seen: Set<F.StepType> = [entry]
        var seenExits: Set<F.ExitType> = []
        var seenScreens: Set<String> = []
        var keys: Set<String> = []
        var literals: Set<String> = []
        // What `adapt` makes of a step is what is navigated: each declared
        // answer of a question, the step itself for a legacy deferral.
        func adapted(_ step: F.StepType) -> [F.StepType] {
            switch flow.adapt(step: step) {
            case .step(let next): [next]
            case .none: []
            case .deferred: [step]
            case .ask(let question): question.answers.compactMap(\.step)
            }
        }
        var queue: [F.StepType] = []
        var head = 0
        func reach(_ step: F.StepType) {
            for next in adapted(step) where seen.insert(next).inserted { queue.append(next) }
        }
        seen = []
        reach(entry)
        func exit(_ value: F.ExitType) {
            guard seenExits.insert(value).inserted else { return }
            result.exits.append(value.stepID)
            let name = (value as? any ModuleExit)?.exitName ?? value.stepID
            if let moduleExit = value as? any ModuleExit { result.handoffs[value.stepID] = moduleExit.handoff }
            result.exitNamesByID[value.stepID] = name
            if !result.exitNames.contains(name) { result.exitNames.append(name) }
        }
        while head < queue.count {
            guard head < limit else {
                result.isTruncated = true
                break
            }
            let step = queue[head]
            head += 1
            result.steps.append(step.stepID)
            let navigation = flow.navigate(to: step)
            guard navigation.isHandled else {
                result.unhandledSteps.append(step.stepID)
                continue
            }
            for element in navigation.elements {
                switch element {
                case .show(let screen, _, let stepper, _):
                    if seenScreens.insert(screen.id).inserted {
                        result.screens.append(screen.id)
                        if screen.actions.isEmpty && stepper == nil { result.screensWithoutActions.append(screen.id) }
                    }
                    let texts =
                        [(screen.titleKey, screen.title)] + zip(screen.bodyKeys, screen.body).map { ($0, $1) }
                        + screen.actions.map { ($0.key, $0.label) }
                    for (key, value) in texts where key == nil { literals.insert("\(screen.id): \(value)") }
                    keys.formUnion(screen.textKeys)
                    screen.actions.forEach { reach($0.step) }
                    if let stepper { (stepper.initialSteps + stepper.declaredSteps).forEach(reach) }
                case .contribute(let stepper):
                    (stepper.initialSteps + stepper.declaredSteps).forEach(reach)
                case .forward(let next):
                    reach(next)
                case .forwardToParent(let value), .end(let value):
                    exit(value)
                case .pop, .popToRoot, .dismiss, .start:
                    break
                }
            }
        }
        result.textKeys = keys.sorted()
        result.literalTexts = literals.sorted()
        return result
    }
}
