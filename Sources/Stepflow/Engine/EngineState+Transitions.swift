/// The engine's transitions: pure functions from the state and an input to
/// the next state, appending the effects to perform to a ``Transaction``.
/// No Dispatch, no callbacks, no I/O: the coordinator performs the effects;
/// the explorer runs the same functions over copies of the state.
extension EngineState {
    // MARK: - Inputs

    /// Starts `flow` as a root driven by `stepper`.
    package mutating func coordinate<F: Flow>(
        _ flow: F, with stepper: any Stepper<F.StepType>, _ transaction: inout Transaction
    ) {
        rootsStarted += 1
        if let schema = flow.recordSchema { recordSchema = schema }
        if let dated = flow as? any DatedFlow, let day = dated.referenceDate { referenceDate = day }
        // A root is told apart from the roots live beside it, not from
        // those that ended: an app opened again, with what its device
        // kept, is the app it was at its first start with that record.
        let live = Set(navigation.roots.compactMap { flows[$0]?.program.launch.element })
        let element = (0...).first { !live.contains($0) } ?? 0
        launch(
            flow, stepper: stepper, parent: nil, key: LaunchKey(parent: nil, step: nil, element: element),
            exitRoute: { _ in nil }, &transaction)
        commit(step: nil, &transaction)
    }

    /// A person chose action `index` on `screen`.
    /// While a question is open the app waits for its answer: the choice
    /// is reported as dropped.
    package mutating func select(
        action index: Int, on screen: PresentedScreen, entering entered: [String: String] = [:],
        _ transaction: inout Transaction
    ) {
        guard let flow = flows[screen.flow.id] else {
            let step = screen.actions.indices.contains(index) ? screen.actions[index].step : "action[\(index)]"
            return reportDropped(StepRecord(flow: screen.flow, step: step), .flowEnded, &transaction)
        }
        if let question = openQuestions.first {
            let step = screen.actions.indices.contains(index) ? screen.actions[index].step : "action[\(index)]"
            return reportDropped(
                StepRecord(flow: screen.flow, step: step), .awaitingAnswer(question: question.label), &transaction)
        }
        flow.program.select(action: index, on: screen, entering: entered, in: &self, &transaction)
    }

    /// A person selected the section called `name` of `owner` (a tab
    /// tapped). Refused, as a dropped step `select <name>`, while a
    /// question is open, when the owner has no such section, or while
    /// its section bar is covered (``NavigationState/canSelectSection(of:)``).
    /// Selecting the selected section changes nothing.
    package mutating func selectSection(_ name: String, of owner: FlowInfo, _ transaction: inout Transaction) {
        let record = StepRecord(flow: owner, step: "select \(name)")
        guard let flow = navigation.flows[owner.id] else { return reportDropped(record, .flowEnded, &transaction) }
        guard flow.sections.contains(where: { $0.name == name }) else {
            return reportDropped(
                record, .noSuchSection(flow: owner.name, section: name, sections: flow.sections.map(\.name)),
                &transaction)
        }
        if let question = openQuestions.first {
            return reportDropped(record, .awaitingAnswer(question: question.label), &transaction)
        }
        guard flow.selected?.name != name else { return }
        guard navigation.canSelectSection(of: owner.id) else {
            return reportDropped(
                record, .sectionsCovered(flow: owner.name, section: name, topScreen: navigation.topScreen?.qualifiedID),
                &transaction)
        }
        let from = transaction.changes.count
        command(.selectSection(owner.id, name: name), &transaction)
        if transaction.observes {
            let changes = Array(transaction.changes[from...])
            transaction.emit { .sectionSelected(owner, section: name, changes: changes) }
        }
        commit(step: nil, &transaction)
    }

    /// The sections a person can select now: of every flow whose section
    /// bar is not covered, each section but the selected one, flows in
    /// tree order.
    package var selectableSections: [(owner: FlowInfo, section: SectionState)] {
        guard !navigation.sectionOwners.isEmpty, openQuestions.isEmpty else { return [] }
        var found: [(owner: FlowInfo, section: SectionState)] = []
        for id in navigation.flowsInTreeOrder where navigation.sectionOwners.contains(id) {
            guard let flow = navigation.flows[id], navigation.canSelectSection(of: id) else { continue }
            for (index, section) in flow.sections.enumerated() where index != flow.selectedSection {
                found.append((flow.info, section))
            }
        }
        return found
    }

    /// A person chose an action by a label `screen` does not have.
    package mutating func selectUnknown(label: String, on screen: PresentedScreen, _ transaction: inout Transaction) {
        let labels = screen.actions.map { "'\($0.label)'" }.joined(separator: ", ")
        reportDropped(
            StepRecord(flow: screen.flow, step: "'\(label)'"),
            .noSuchAction(screen: screen.qualifiedID, action: "'\(label)'; it has \(labels.isEmpty ? "none" : labels)"),
            &transaction
        )
    }

    /// The flows a deep link is delivered to, read once before delivery:
    /// every live flow in tree order (see
    /// ``Coordinator/navigate(to:completion:)``).
    func deepLinkTargets() -> [any FlowProgram] {
        navigation.flowsInTreeOrder.compactMap { flows[$0]?.program }
    }

    /// Delivers a deep link to one of ``deepLinkTargets()``: a transition
    /// of its own, so that each flow's navigation is rendered before the
    /// next (one transaction for all of them would hold a copy of the
    /// state per flow until the last).
    mutating func deliverDeepLink<S: Step>(
        _ step: S, to program: any FlowProgram, tally: Int, _ transaction: inout Transaction
    ) {
        guard flows.contains(program.info.id) else {
            // Ended by an earlier delivery: it can still say whether the
            // link was for it.
            if program.accepts(step) {
                deepLinks[tally]?.result.endedBeforeDelivery.append(program.info)
                reportDropped(StepRecord(flow: program.info, step: step.stepID), .flowEnded, &transaction)
            }
            return
        }
        program.deliverDeepLink(step, to: tally, in: &self, &transaction)
    }

    /// Starts the tally of a deep link's answers, which reports the result
    /// once every flow answered; returns its number.
    mutating func beginDeepLink<S: Step>(_ step: S, completion: (@Sendable (DeepLinkResult) -> Void)?) -> Int {
        lastDeepLink += 1
        deepLinks[lastDeepLink] = DeepLinkTally { result, transaction in
            transaction.emit { .deepLink(step.stepID, result) }
            if let completion { transaction.effects.append(.call { completion(result) }) }
        }
        return lastDeepLink
    }

    /// One more flow will answer deep link `tally`.
    mutating func expectAnswer(to tally: Int) { deepLinks[tally]?.outstanding += 1 }

    /// `flow` answered deep link `tally`: it navigated (`handled`) or not.
    mutating func record(_ flow: FlowInfo, handled: Bool, to tally: Int, _ transaction: inout Transaction) {
        if handled {
            deepLinks[tally]?.result.handledBy.append(flow)
        } else {
            deepLinks[tally]?.result.declinedBy.append(flow)
        }
        settle(tally, &transaction)
    }

    /// One answer of deep link `tally` is in (the delivery pass counts as
    /// one); the last reports the result and forgets the tally.
    mutating func settle(_ tally: Int, _ transaction: inout Transaction) {
        guard var entry = deepLinks[tally] else { return }
        entry.outstanding -= 1
        if entry.outstanding == 0 {
            deepLinks[tally] = nil
            entry.finish(entry.result, &transaction)
        } else {
            deepLinks[tally] = entry
        }
    }

    /// Ends every flow at once (the coordinator went away): stops every
    /// stepper, reports nothing.
    mutating func terminateAll(_ transaction: inout Transaction) {
        for id in attachments.keys.sorted() {
            if let record = attachments[id] { transaction.effects.append(.stop(record.unit)) }
        }
        attachments.removeAll()
        stepperOwners = [:]
        flows.removeAll()
        navigation = NavigationState()
    }

    // MARK: - Parts of a transition

    /// Counts a dropped step and reports it.
    mutating func reportDropped(
        _ record: @autoclosure () -> StepRecord, _ reason: DropReason, _ transaction: inout Transaction
    ) {
        statistics.dropped += 1
        transaction.emit { .dropped(record(), reason: reason) }
    }

    /// Starts a flow: allocates its id, adds it to the state, attaches its
    /// stepper (queueing its initial steps).
    mutating func launch<C: Flow>(
        _ flow: C,
        stepper: any Stepper<C.StepType>,
        parent: FlowID?,
        key: LaunchKey,
        scope: String? = nil,
        exitRoute: (FlowInfo) -> ExitRoute<C.ExitType>?,
        _ transaction: inout Transaction
    ) {
        lastFlowID += 1
        let info = FlowInfo(id: FlowID(rawValue: lastFlowID), name: flow.name)
        let program = FlowProgramOf(flow: flow, info: info, launch: key, exitRoute: exitRoute(info))
        command(.startFlow(info, parent: parent), &transaction)
        flows[info.id] = FlowRecord(program: program, scope: scope)
        statistics.flowsStarted += 1
        statistics.liveFlows += 1
        let attached = attach(stepper, to: program, binding: .flowStepper, &transaction)
        flows[info.id]?.steppers.append(contentsOf: attached)
        if stepper.initialSteps.isEmpty { markReady(info.id, &transaction) }
    }

    /// Attaches `stepper` to `program`'s flow: queues its initial steps,
    /// then connects it. A ``CompositeStepper`` is attached part by part,
    /// each as if given alone, so a timer inside one is a timer and a
    /// service inside one is answered as that service. Returns the
    /// attachments made: none, with an event, for a stepper already
    /// coordinated.
    mutating func attach<F: Flow>(
        _ stepper: any Stepper<F.StepType>,
        to program: FlowProgramOf<F>,
        binding: AttachmentBinding,
        _ transaction: inout Transaction
    ) -> [AttachmentID] {
        // `CompositeStepper` is final: its type, not a cast, tells it (as for a timer).
        if type(of: stepper) == CompositeStepper<F.StepType>.self {
            let composite = unsafeDowncast(stepper, to: CompositeStepper<F.StepType>.self)  // its type, checked above
            return composite.steppers.flatMap { attach($0, to: program, binding: binding, &transaction) }
        }
        let object = ObjectIdentifier(stepper)
        if stepperOwners[object] != nil {
            transaction.emit { .duplicateStepper(program.info, stepper: TypeNames.name(of: type(of: stepper))) }
            return []
        }
        lastAttachmentID += 1
        let id = AttachmentID(rawValue: lastAttachmentID)
        let unit = StepperAttachment(id: id, stepper: stepper, program: program, binding: binding)
        attachments[id] = AttachmentRecord(unit: unit, spent: [Bool](repeating: false, count: unit.limited.count))
        stepperOwners[object] = id
        statistics.liveSteppers += 1
        for step in stepper.initialSteps {
            transaction.enqueue(PendingWork { state, transaction in unit.deliver(step, in: &state, &transaction) })
        }
        transaction.effects.append(.connect(unit))
        if case .flowStepper = binding {
            // Told it may emit when its flow is ready.
        } else {
            transaction.afterRender.append(.start(unit))
        }
        return [id]
    }

    /// Detaches an attachment: the stepper is stopped, its later steps are
    /// reported as dropped.
    mutating func detach(_ id: AttachmentID, _ transaction: inout Transaction) {
        guard let record = attachments.removeValue(forKey: id) else { return }
        stepperOwners[record.unit.stepperObject] = nil
        statistics.liveSteppers -= 1
        transaction.effects.append(.stop(record.unit))
    }

    /// Marks a flow ready: its own stepper may emit after the next render.
    mutating func markReady(_ id: FlowID, _ transaction: inout Transaction) {
        command(.markReady(id), &transaction)
        guard let entry = flows.entry(of: id) else { return }
        flows[entry: entry].isReady = true
        if !heldLinks.isEmpty { releaseHeldLinks(for: id, &transaction) }
        for attachment in flows[entry: entry].steppers {
            if let record = attachments[attachment], case .flowStepper = record.unit.binding {
                transaction.afterRender.append(.start(record.unit))
            }
        }
    }

    /// The UI removed `screen` itself: the state follows, the screen and
    /// those above it in its flow are released (their steppers stopped,
    /// later steps from them dropped), observers are told, and nothing is
    /// rendered, since the UI already shows it.
    package mutating func removedByUI(_ screen: PresentedScreen, _ transaction: inout Transaction) {
        let from = transaction.changes.count
        command(.removeScreen(screen.id), &transaction)
        let removed = transaction.changes[from...].compactMap { change -> PresentedScreen? in
            if case .removed(let gone) = change { return gone }
            return nil
        }
        if transaction.observes { transaction.emit { .removedByUI(screen, removed: removed) } }
        transaction.renders = false
        commit(step: nil, &transaction)
    }

    /// Applies a state command and settles what it removed.
    mutating func command(_ command: NavigationCommand, _ transaction: inout Transaction) {
        let from = transaction.changes.count
        navigation.apply(command, into: &transaction.changes)
        settle(from: from, &transaction)
        if !heldLinks.isEmpty, case .end = command { dropHeldLinksIfEnded(&transaction) }
        if case .end = command, navigation.roots.isEmpty, !navigation.record.isEmpty { endWalk(&transaction) }
    }

    /// Releases the screens and flows that changes from `index` removed:
    /// stops their steppers and forgets them.
    private mutating func settle(from index: Int, _ transaction: inout Transaction) {
        var position = index
        while position < transaction.changes.count {
            switch transaction.changes[position] {
            case .removed(let screen):
                screenRemoved(screen, &transaction)
            case .flowEnded(let info):
                if let flow = flows.removeValue(forKey: info.id) {
                    // Flow-bound steppers first, then screens in showing order.
                    var ids = flow.steppers
                    for screen in flow.screens.records { ids += screen.steppers }
                    for id in ids { detach(id, &transaction) }
                    // Its questions close: a late answer is reported as dropped.
                    if openQuestions.contains(where: { $0.flow.id == info.id }) {
                        openQuestions.removeAll { $0.flow.id == info.id }
                        transaction.questionsChanged = true
                    }
                    statistics.flowsEnded += 1
                    statistics.liveFlows -= 1
                }
            default:
                break
            }
            position += 1
        }
    }

    private mutating func screenRemoved(_ screen: PresentedScreen, _ transaction: inout Transaction) {
        guard let record = flows[screen.flow.id]?.screens[screen.id] else { return }
        if record.visibility.contains(.allowStepsWhenDismissed) {
            // Kept, steppers running, until the flow ends.
            flows[screen.flow.id]?.screens[screen.id]?.isPresented = false
            return
        }
        flows[screen.flow.id]?.screens[screen.id] = nil
        for id in record.steppers { detach(id, &transaction) }
    }

    /// Ends a transition: renders, tells new steppers they may emit, and
    /// reports what happened (`step`, read only when someone observes, is
    /// the step navigated).
    mutating func commit(step: @autoclosure () -> StepRecord?, _ transaction: inout Transaction) {
        // Moved out rather than copied: a shared buffer would be copied on
        // the next append, and most steps change nothing at all.
        var changes: [NavigationChange] = []
        if !transaction.changes.isEmpty || transaction.questionsChanged {
            swap(&changes, &transaction.changes)
            transaction.questionsChanged = false
            if transaction.renders { transaction.effects.append(.render(changes)) }
        }
        if !transaction.afterRender.isEmpty {
            transaction.effects.append(contentsOf: transaction.afterRender)
            transaction.afterRender.removeAll()
        }
        guard transaction.observes else { return }
        for change in changes {
            switch change {
            case .flowStarted(let flow, let parent):
                let parentInfo = parent.flatMap { navigation.flows[$0]?.info ?? flows[$0]?.program.info }
                transaction.emit { .flowStarted(flow, parent: parentInfo) }
            case .flowReady(let flow):
                transaction.emit { .flowReady(flow) }
            case .flowEnded(let flow):
                let exit = transaction.exits.removeValue(forKey: flow.id)
                transaction.emit { .flowEnded(flow, exit: exit) }
            default:
                break
            }
        }
        if let step = step() {
            transaction.emit { .didNavigate(step, changes: changes) }
        } else {
            // Recorded with no step navigated (a value typed, then a
            // question asked): said all the same.
            for case .recorded(let change) in changes { transaction.emit { .recorded(change) } }
        }
        if !transaction.endedCoordinations.isEmpty {
            let ended = transaction.endedCoordinations
            transaction.endedCoordinations.removeAll()
            for exit in ended { transaction.emit { .coordinationEnded(exit: exit) } }
        }
    }
}
