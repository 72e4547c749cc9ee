/// Explores every step, screen and exit a flow can reach from its entry,
/// by running it on the engine's own transitions: the explorer behind the
/// state graph (`GraphExplorer`), with the flow started by a stand-in
/// parent that takes every exit it hands on (and lets a flow that hands
/// on an exit without ending go on).
///
/// The result is exact for the flow and the children it starts: a step,
/// screen or exit is listed if and only if some walk of the live engine
/// reaches it, taking every action, every step a stepper declares, and
/// every declared answer of a question or of the outside world.
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
        package var steps: [String] = []
        /// The ids of the screens shown, in first-shown order.
        package var screens: [String] = []
        /// The exits the flow can take (by ``ModuleExit/exitName`` when
        /// the exit is a module exit, else its step id), first-reached order.
        package var exitNames: [String] = []
        /// Each distinct exit value reached, as a step id.
        package var exits: [String] = []
        /// The handoff of each distinct exit reached, by exit step id.
        package var handoffs: [String: Handoff] = [:]
        /// The exit name of each distinct exit reached, by exit step id.
        package var exitNamesByID: [String: String] = [:]
        /// Steps the flow returned `.unhandled` for.
        package var unhandledSteps: [String] = []
        /// Screens a walk reaches and then cannot leave: no action, no open
        /// question, no stepper that may still emit.
        package var screensWithoutActions: [String] = []
        /// Every text key shown (titles, body lines, action labels), sorted.
        package var textKeys: [String] = []
        /// Texts shown without a key (`screen: text`): they cannot be
        /// re-worded or translated.
        package var literalTexts: [String] = []
        /// Whether exploration stopped at the state limit.
        package var isTruncated = false
        /// What is wrong with the fields screens declare (`screen: problem`,
        /// each with its fix): a bad rule, a representative outside its
        /// class, an action that submits a field the screen lacks.
        package var fieldProblems: [FieldProblem] = []
        /// Writes and reads of the variant's record the module's
        /// declarations do not allow, each the engine's reason (ending in
        /// its fix), once each.
        package var recordRefusals: [String] = []
        /// The record entries the flow wrote (set, added to, took from,
        /// cleared), sorted.
        package var recordWrites: [String] = []
        /// Each screen's title as first shown, by its id.
        package var screenTitles: [String: String] = [:]
    }

    /// What is wrong with the fields a screen declares.
    package struct FieldProblem: Hashable, Sendable {
        /// The screen's id.
        package let screen: String
        /// What is wrong.
        package let problem: String
        /// How the module's author fixes it.
        package let fix: String
    }

    /// Explores a module's flow from its entry step.
    public static func explore(_ launch: ModuleLaunch, limit: Int = 100_000) -> Exploration {
        explore(launch, limit: limit, record: nil)
    }

    /// Explores a module's flow from its entry step, as module instance
    /// `record.instance` under a schema of its own declarations, the
    /// record holding `record.seed` when it starts.
    static func explore(_ launch: ModuleLaunch, limit: Int = 100_000, record: RecordContext?) -> Exploration {
        func open<F: Flow>(_ flow: F) -> Exploration {
            guard let entry = launch.entry as? F.StepType else { return Exploration() }
            return explore(flow, from: entry, limit: limit, record: record)
        }
        return open(launch.flow)
    }

    /// Explores `flow` from `entry`, visiting at most `limit` states.
    ///
    /// - Complexity: O(states × inputs × transition cost), as the state
    ///   graph.
    public static func explore<F: Flow>(_ flow: F, from entry: F.StepType, limit: Int = 100_000) -> Exploration {
        explore(flow, from: entry, limit: limit, record: nil)
    }

    private static func explore<F: Flow>(
        _ flow: F, from entry: F.StepType, limit: Int, record: RecordContext?
    ) -> Exploration {
        let collector = ExplorationCollector(limit: limit)
        let host = ExplorationHost(flow: flow, entry: entry, record: record)
        StateSearch(maxStepsPerInput: 10_000).run(visitor: collector) { state, transaction in
            state.coordinate(host, with: OneStepper(.begin), &transaction)
        }
        return collector.finish()
    }

    /// What a module explored alone finds in the variant's record: the
    /// instance it runs as, a schema of its own declarations (it owns what
    /// it writes; what it reads someone else owns), and what the record
    /// holds when it starts.
    struct RecordContext: Sendable {
        let instance: String
        let schema: RecordSchema
        let seed: [RecordOperation]

        /// The context of `instance` of a module that declares `specs`,
        /// the record holding `seed`.
        init(instance: String, declaring specs: [RecordSpec], seed: [RecordOperation]) {
            self.instance = instance
            self.seed = seed
            var entries: [String: RecordSchema.Entry] = [:]
            for spec in specs {
                let earlier = entries[spec.key]
                let writes = spec.access == .writes || earlier?.owner == instance
                entries[spec.key] = RecordSchema.Entry(
                    spec.key, owner: writes ? instance : "another instance", spec: earlier?.spec ?? spec,
                    readers: spec.access == .reads ? [instance] : earlier?.readers ?? [],
                    takers: spec.access == .takes ? [instance] : earlier?.takers ?? [])
            }
            self.schema = RecordSchema(Array(entries.values.sorted { $0.key < $1.key }))
        }
    }
}

/// The stand-in parent a flow is explored under: starts it with its entry
/// and takes every exit it hands on without ending it, so a flow that
/// hands on an exit and goes on (`.forwardToParent`) is explored past it.
private final class ExplorationHost<Hosted: Flow>: Flow {
    enum StepType: Step, HandedOnExit {
        case begin
        case exited(Hosted.ExitType)

        var exit: (any Step)? {
            if case .exited(let exit) = self { return exit }
            return nil
        }
    }
    typealias ExitType = Hosted.ExitType

    let flow: Hosted
    let entry: Hosted.StepType
    let record: FlowExplorer.RecordContext?
    var name: String { "explorer-host" }

    init(flow: Hosted, entry: Hosted.StepType, record: FlowExplorer.RecordContext? = nil) {
        self.flow = flow
        self.entry = entry
        self.record = record
    }

    var recordSchema: RecordSchema? { record?.schema }

    func navigate(to step: StepType) -> Navigation<StepType, ExitType> {
        switch step {
        case .begin:
            let start = Navigation<StepType, ExitType>.start(flow, with: OneStepper(entry), onExit: { .exited($0) })
            guard let record else { return start }
            return .multiple(record.seed.map { .record($0) } + [start.scoped(to: record.instance)])
        case .exited: return .none
        }
    }
}

/// A host's step that carries an exit its flow handed on.
private protocol HandedOnExit {
    var exit: (any Step)? { get }
}

/// Reads an ``FlowExplorer/Exploration`` off the states and events the
/// search finds.
private final class ExplorationCollector: StateSearchVisitor {
    private let limit: Int
    private var result = FlowExplorer.Exploration()
    private var host: FlowID?
    private var seenSteps: Set<String> = []
    private var seenUnhandled: Set<String> = []
    private var seenScreens: Set<String> = []
    private var seenExits: Set<String> = []
    private var keys: Set<String> = []
    private var literals: Set<String> = []
    private var refusals: Set<String> = []
    private var written: Set<String> = []
    /// For each state: its screen on top, and whether it is waiting (not ended).
    private var tops: [(screen: String?, waits: Bool)] = []
    private var hasInput: [Bool] = []

    /// Screens shown, and flows live, at once at most (as a variant's
    /// exploration bounds them).
    static let maxScreens = 48

    init(limit: Int) { self.limit = limit }

    func started(_ state: EngineState, events: [NavigationEvent]) {
        read(events)
    }

    func discovered(_ state: EngineState, index: Int, depth: Int) -> Bool {
        tops.append((state.navigation.topScreen?.screenID, !state.navigation.roots.isEmpty))
        hasInput.append(false)
        // A state past either bound is not expanded: a push inside a loop
        // is unbounded growth, reported, not explored until memory runs out.
        let screens = state.navigation.flows.values.reduce(0) { $0 + $1.stack.count }
        guard index < limit, screens <= Self.maxScreens, state.navigation.flows.count <= Self.maxScreens else {
            result.isTruncated = true
            return false
        }
        return true
    }

    func took(
        _ input: SearchInput, from: Int, to: Int, top: PresentedScreen?, reached: EngineState,
        events: [NavigationEvent], settled: Bool
    ) {
        hasInput[from] = true
        read(events)
    }

    private func read(_ events: [NavigationEvent]) {
        for event in events {
            switch event {
            case .flowStarted(let flow, let parent) where parent == nil:
                host = flow.id
            case .willNavigate(let record, .childExit) where record.flow.id == host:
                if let exit = (record.value as? any HandedOnExit)?.exit { reach(exit) }
            case .willNavigate(let record, _) where record.flow.id != host:
                if seenSteps.insert(record.step).inserted { result.steps.append(record.step) }
            case .dropped(let record, .unhandled) where record.flow.id != host:
                if seenUnhandled.insert(record.step).inserted { result.unhandledSteps.append(record.step) }
            case .recorded(let change) where change.by != nil:
                written.insert(change.key)
            case .didNavigate(let record, let changes):
                for change in changes {
                    switch change {
                    case .presented(let screen): show(screen)
                    case .recordRefused(let reason):
                        if refusals.insert(reason).inserted { result.recordRefusals.append(reason) }
                    case .recorded(let change) where record.flow.id != host && change.by != nil:
                        written.insert(change.key)
                    default: break
                    }
                }
            default:
                break
            }
        }
    }

    /// An exit the flow handed on, recorded once per distinct value.
    private func reach(_ exit: any Step) {
        let id = exit.stepID
        guard seenExits.insert(id).inserted else { return }
        result.exits.append(id)
        let moduleExit = exit as? any ModuleExit
        let name = moduleExit?.exitName ?? id
        if let moduleExit { result.handoffs[id] = moduleExit.handoff }
        result.exitNamesByID[id] = name
        if !result.exitNames.contains(name) { result.exitNames.append(name) }
    }

    private func show(_ screen: PresentedScreen) {
        if seenScreens.insert(screen.screenID).inserted {
            result.screens.append(screen.screenID)
            result.screenTitles[screen.screenID] = screen.title
            for field in screen.fields {
                result.fieldProblems += field.declarationProblems.map {
                    FlowExplorer.FieldProblem(screen: screen.screenID, problem: $0.problem, fix: $0.fix)
                }
            }
            let names = screen.fields.map(\.name)
            for action in screen.actions {
                for name in action.submits where !names.contains(name) {
                    result.fieldProblems.append(
                        FlowExplorer.FieldProblem(
                            screen: screen.screenID,
                            problem:
                                "the action '\(action.label)' submits '\(name)', a field the screen does not have.",
                            fix: "declare it in the screen's fields, or submit one of: "
                                + (names.isEmpty ? "none" : names.joined(separator: ", ")) + "."))
                }
            }
            if Set(names).count != names.count {
                result.fieldProblems.append(
                    FlowExplorer.FieldProblem(
                        screen: screen.screenID, problem: "two fields have one name.",
                        fix: "give each field its own name."))
            }
        }
        let texts =
            [(screen.titleKey, screen.title)] + zip(screen.bodyKeys, screen.body).map { ($0, $1) }
            + screen.actions.map { ($0.key, $0.label) }
        for (key, value) in texts where key == nil { literals.insert("\(screen.screenID): \(value)") }
        keys.formUnion(screen.textKeys)
    }

    func finish() -> FlowExplorer.Exploration {
        // A waiting state with a screen on top and no input at all: nobody
        // can leave that screen.
        var stuck: Set<String> = []
        for (index, top) in tops.enumerated() where top.waits && !hasInput[index] {
            guard let screen = top.screen, !result.isTruncated || index < limit else { continue }
            if stuck.insert(screen).inserted { result.screensWithoutActions.append(screen) }
        }
        result.textKeys = keys.sorted()
        result.literalTexts = literals.sorted()
        result.recordWrites = written.sorted()
        return result
    }
}
