/// One live flow's program, type-erased: the flow object and how its exits
/// reach its parent. Immutable: everything that changes about a live flow
/// is in the ``EngineState``.
package protocol FlowProgram: AnyObject, Sendable {
    /// The instance.
    var info: FlowInfo { get }
    /// How it was started.
    var launch: LaunchKey { get }

    /// Chooses action `index` of the presented `screen`, with the values
    /// entered in its fields: a transition.
    func select(
        action index: Int, on screen: PresentedScreen, entering entered: [String: String],
        in state: inout EngineState, _ transaction: inout Transaction)
    /// Delivers a deep link if `step` is of this flow's step type.
    func deliverDeepLink(_ step: any Step, to tally: Int, in state: inout EngineState, _ transaction: inout Transaction)
    /// Whether `step` is of this flow's step type.
    func accepts(_ step: any Step) -> Bool
    /// Replays a saved choice of action `index` (labelled `label`) on
    /// screen instance `screen` (`id`): a transition. Returns what no
    /// longer fits, if anything does.
    func replaySelect(
        action index: Int, step: String, on screen: ScreenInstanceID, id: String, entering entered: [String: String],
        in state: inout EngineState, _ transaction: inout Transaction
    ) -> String?
}

/// The program of a live flow of type `F`.
final class FlowProgramOf<F: Flow>: FlowProgram, @unchecked Sendable {
    // @unchecked: immutable after init, and the flow is Sendable; the
    // exit route is a closure made on the coordinator's queue and only
    // called there (or in an explorer).
    typealias StepType = F.StepType

    package let info: FlowInfo
    package let launch: LaunchKey
    let flow: F
    /// Makes the work that hands an exit to the parent, given the exit and
    /// how to read its name (``exitName(of:)``, asked only by a parent that
    /// routes on names); `nil` for a root.
    let exitRoute: ExitRoute<F.ExitType>?

    init(flow: F, info: FlowInfo, launch: LaunchKey, exitRoute: ExitRoute<F.ExitType>?) {
        self.flow = flow
        self.exitRoute = exitRoute
        self.info = info
        self.launch = launch
    }

    func record(_ step: StepType, _ names: StepNames?) -> StepRecord {
        StepRecord(flow: info, value: step, id: names?.id(of: step) ?? step.stepID)
    }

    /// Runs `adapt`, then `navigate`, for a step that passed the gate.
    ///
    /// `origin` is made only when something reads it (an observer, a
    /// question): a stepper's origin names its type.
    func receive(
        _ step: StepType, origin: @autoclosure () -> StepOrigin, in state: inout EngineState,
        _ transaction: inout Transaction
    ) {
        // Through `_adapt`, made for the flow's type in its own module: an
        // `Adaptation` of this unspecialised step type would be looked up
        // at run time on every step.
        var adapted = step
        switch flow._adapt(&adapted) {
        case .navigate:
            navigate(adapted, origin: origin(), in: &state, &transaction)
        case .filter:
            state.reportDropped(record(step, nil), .filteredByAdapt, &transaction)
        case .later(let later):
            wait(for: later, about: step, origin: origin(), in: &state, &transaction)
        }
    }

    /// Handles what `_adapt` handed back to wait for: a question, or a
    /// deferred closure. Out of line, so that `receive` never names an
    /// `Adaptation` of its step type (whose metadata would be looked up on
    /// every step).
    @inline(never)
    private func wait(
        for later: Any, about step: StepType, origin: StepOrigin, in state: inout EngineState,
        _ transaction: inout Transaction
    ) {
        guard let adaptation = later as? Adaptation<StepType> else {
            preconditionFailure(
                """
                \(F.self)._adapt(_:) handed back \(type(of: later)), not an Adaptation<\(StepType.self)>. To fix, \
                remove it: flows implement adapt(step:), and the default _adapt calls it.
                """)
        }
        switch adaptation {
        case .step(let adapted):
            navigate(adapted, origin: origin, in: &state, &transaction)
        case .none:
            state.reportDropped(record(step, nil), .filteredByAdapt, &transaction)
        case .deferred(let ask):
            deferAdaptation(ask, of: step, &transaction) { program, adapted, state, transaction in
                program.navigate(adapted, origin: origin, in: &state, &transaction)
            }
        case .ask(let question):
            open(question, about: step, origin: origin, in: &state, &transaction) {
                program, adapted, origin, state, transaction in
                program.navigate(adapted, origin: origin, in: &state, &transaction)
            }
        }
    }

    /// Opens `question` about `step`: it stays in the state until answered;
    /// the coordinator asks the outside world (if anyone is there to ask),
    /// an explorer branches on each declared answer.
    func open(
        _ question: Question<StepType>,
        about step: StepType,
        origin: StepOrigin,
        onDrop: ((inout EngineState, inout Transaction) -> Void)? = nil,
        in state: inout EngineState,
        _ transaction: inout Transaction,
        then: @escaping (FlowProgramOf<F>, StepType, StepOrigin, inout EngineState, inout Transaction) -> Void
    ) {
        state.lastQuestion += 1
        let number = state.lastQuestion
        let info = self.info
        let label = question.label
        // The screen the person saw when the app asked: an answer that
        // comes once it is gone (a timer replaced it while the dialog was
        // up) is dropped, as a step from a dismissed screen is.
        let asking = state.navigation.topScreen.map { (id: $0.id, qualifiedID: $0.qualifiedID) }
        // Finds its program in the state when it runs, as deferAdaptation's
        // answer does: an answer that never comes keeps no flow alive.
        func work(for answer: Answer<StepType>, declared: Bool) -> PendingWork {
            PendingWork { state, transaction in
                guard let index = state.openQuestions.firstIndex(where: { $0.number == number }) else {
                    state.reportDropped(
                        StepRecord(flow: info, step: (answer.step ?? step).stepID), .questionClosed(question: label),
                        &transaction)
                    onDrop?(&state, &transaction)
                    return
                }
                state.openQuestions.remove(at: index)
                transaction.questionsChanged = true
                if let asking, !state.navigation.isPresented(asking.id) {
                    state.reportDropped(
                        StepRecord(flow: info, step: (answer.step ?? step).stepID),
                        .screenDismissed(screen: asking.qualifiedID), &transaction)
                    onDrop?(&state, &transaction)
                    return
                }
                guard let program = state.flows[info.id]?.program as? FlowProgramOf<F> else {
                    state.reportDropped(
                        StepRecord(flow: info, step: (answer.step ?? step).stepID), .flowEnded, &transaction)
                    onDrop?(&state, &transaction)
                    return
                }
                if !declared, transaction.observes {
                    transaction.emit {
                        .undeclaredStep(
                            StepRecord(flow: info, step: answer.step?.stepID ?? "nothing"),
                            stepper: "\(label): \(answer.name)")
                    }
                }
                // What the answer carries goes into the record first.
                for carried in answer.carried() {
                    guard let key = carried.field.recordKey else { continue }
                    state.record(
                        .set(key, RecordValue(carried.text, class: carried.valueClass)), by: info,
                        from: .answered(source: question.id, answer: answer.name, field: carried.field.name),
                        &transaction)
                }
                guard let adapted = answer.step else {
                    state.reportDropped(StepRecord(flow: info, step: step.stepID), .filteredByAdapt, &transaction)
                    onDrop?(&state, &transaction)
                    return
                }
                then(
                    program, adapted,
                    .answer(question: label, answer: answer.label, asked: StepRecord(flow: info, step: step.stepID)),
                    &state, &transaction)
            }
        }
        let names = transaction.names
        transaction.emit { .asked(record(step, names), origin: origin, question: label) }
        let declared = question.answers.map {
            OpenAnswer(name: $0.name, label: $0.label, work: work(for: $0, declared: true))
        }
        transaction.questionsChanged = true
        state.openQuestions.append(
            OpenQuestion(
                number: number, flow: info, id: question.id, label: label,
                textKeys: ([question.labelKey] + question.answers.map(\.labelKey)).compactMap { $0 },
                askedAbout: transaction.names?.part(of: step) ?? KeyPart.of(step), answers: declared,
                asksOutside: question.ask != nil, asker: asking?.id))
        let makeWork = QueueConfined { (answer: Answer<StepType>, known: Bool) in work(for: answer, declared: known) }
        let ask = question.ask.map { ask in
            { (answered: @escaping @Sendable (PendingWork, String?) -> Void) in
                let isFirst = FirstCall()
                ask { answer in
                    guard isFirst.take() else { return }
                    let known = question.answers.contains { $0.isDeclared(as: answer) }
                    answered(makeWork.value(answer, known), answer.name)
                }
            }
        }
        transaction.effects.append(
            .deferred(
                DeferredAdaptation(
                    ask: ask,
                    asIfUnchanged: nil,
                    replay: { name in
                        declared.first { $0.name == name }?.work
                    },
                    question: (number, question.id)
                )))
    }

    /// Waits for a deferred `adapt` answer; it joins the back of the queue.
    func deferAdaptation(
        _ ask: @escaping @Sendable (_ completion: @escaping @Sendable (StepType?) -> Void) -> Void,
        of step: StepType,
        onDrop: ((inout EngineState, inout Transaction) -> Void)? = nil,
        _ transaction: inout Transaction,
        then: @escaping (FlowProgramOf<F>, StepType, inout EngineState, inout Transaction) -> Void
    ) {
        // Only builds the work (on whatever thread answers); the work itself
        // runs on the coordinator's queue, or in an explorer. It names the
        // flow by id, and finds its program in the state when it runs: an
        // answer that never comes must keep no flow alive.
        let info = self.info
        let answer = QueueConfined { (adapted: StepType?) in
            PendingWork { state, transaction in
                guard let program = state.flows[info.id]?.program as? FlowProgramOf<F> else {
                    state.reportDropped(
                        StepRecord(flow: info, step: (adapted ?? step).stepID), .flowEnded, &transaction)
                    onDrop?(&state, &transaction)
                    return
                }
                guard let adapted else {
                    state.reportDropped(StepRecord(flow: info, step: step.stepID), .filteredByAdapt, &transaction)
                    onDrop?(&state, &transaction)
                    return
                }
                then(program, adapted, &state, &transaction)
            }
        }
        let unchanged = answer.value(step)
        transaction.effects.append(
            .deferred(
                DeferredAdaptation(
                    ask: { answered in
                        let isFirst = FirstCall()
                        ask { adapted in
                            if isFirst.take() { answered(answer.value(adapted), adapted?.stepID) }
                        }
                    },
                    asIfUnchanged: unchanged,
                    replay: { stepID in
                        guard let stepID else { return answer.value(nil) }
                        return stepID == step.stepID ? unchanged : nil
                    },
                    question: nil,
                    assumed: AssumedAnswer(flow: info.name, step: step.stepID)
                )))
    }

    /// Navigates `step` and applies the result. Returns whether the flow
    /// handled it.
    @discardableResult
    func navigate(
        _ step: StepType, origin: @autoclosure () -> StepOrigin, in state: inout EngineState,
        _ transaction: inout Transaction
    ) -> Bool {
        // Named once, for both events: when someone observes.
        let recorded = transaction.observes ? record(step, transaction.names) : nil
        if let recorded { transaction.effects.append(.event(.willNavigate(recorded, origin: origin()))) }
        let navigation = flow.navigate(to: step)
        guard navigation.isHandled else {
            state.reportDropped(recorded ?? record(step, nil), .unhandled, &transaction)
            return false
        }
        state.statistics.navigated += 1
        if navigation.changesNothing, state.isReady(info.id) {
            // Handled, nothing changes: the commonest step by far.
            state.commit(step: recorded, &transaction)
            return true
        }
        apply(navigation.elements, for: step, in: &state, &transaction)
        if state.flows.contains(info.id), !state.isReady(info.id) {
            state.markReady(info.id, &transaction)
        }
        state.commit(step: recorded, &transaction)
        return true
    }
}

/// Makes the work that hands a child's exit to its parent: given the exit,
/// and how to read its name, which the engine reads once per distinct exit
/// of an exploration (``StepNames``) and a parent that routes on names
/// asks for (``ModuleLaunch/start(namingExits:)``).
typealias ExitRoute<Exit: Step> = (_ exit: Exit, _ name: () -> String) -> PendingWork

/// The name a parent routes `exit` by: a module exit's own name, else its
/// case name.
func exitName(of exit: some Step) -> String {
    if let moduleExit = exit as? any ModuleExit { return moduleExit.exitName }
    return StepIdentity.caseName(of: exit)
}
