import Dispatch

// MARK: - Performing transitions (on the queue)

extension Coordinator {
    /// Runs one transition of the engine's state and performs its effects.
    func transition(_ body: (inout EngineState, inout Transaction) -> Void) {
        withTransaction(body)
    }

    /// Delivers a step a stepper emitted: the hot path, specialised per flow
    /// type and free of closures.
    func deliver<F: Flow>(_ step: F.StepType, from attachment: StepperAttachment<F>) {
        // Optional chaining: without a log, the step is not even named.
        log?.append(.emit(stepper: attachment.id.rawValue, name: attachment.stepperName, step: step.stepID))
        withTransaction { state, transaction in attachment.deliver(step, in: &state, &transaction) }
    }

    /// Runs `body` on the engine's state with the coordinator's one
    /// transaction, reset, and performs its effects: no transaction is made
    /// or freed per step (its five buffers were a tenth of handling one). A
    /// transition begun while another runs (none does today) gets its own.
    @inline(__always)
    private func withTransaction(_ body: (inout EngineState, inout Transaction) -> Void) {
        guard !transactionInUse else {
            var transaction = Transaction(observes: !observers.isEmpty, renders: navigator != nil, names: stepNames)
            body(&engine, &transaction)
            commitLeftovers(&transaction)
            renderQuestions(&transaction)
            if !transaction.effects.isEmpty { perform(transaction.effects) }
            return
        }
        transactionInUse = true
        transaction.reset(observes: !observers.isEmpty, renders: navigator != nil, names: stepNames)
        body(&engine, &transaction)
        commitLeftovers(&transaction)
        renderQuestions(&transaction)
        if !transaction.effects.isEmpty {
            perform(transaction.effects)
            // Nothing performed outlives its transition: a stopped stepper,
            // a rendered state are let go now.
            transaction.effects.removeAll(keepingCapacity: true)
        }
        transactionInUse = false
    }

    /// Changes no navigation committed (a value recorded before its step
    /// asked a question) are rendered and reported at the transition's end.
    @inline(__always)
    private func commitLeftovers(_ transaction: inout Transaction) {
        guard !transaction.changes.isEmpty else { return }
        engine.commit(step: nil, &transaction)
    }

    /// A question that opened or closed with no navigation after it (one
    /// that asks, an answer dropped) is rendered at the transition's end,
    /// so a UI shows itself busy or free.
    @inline(__always)
    private func renderQuestions(_ transaction: inout Transaction) {
        guard transaction.questionsChanged else { return }
        transaction.questionsChanged = false
        if transaction.renders { transaction.effects.append(.render([])) }
    }

    /// Runs work the engine queued: a transition.
    func run(_ work: PendingWork) {
        log?.append(.work(count: 1))
        transition { state, transaction in state.perform(work, &transaction) }
    }

    /// Runs the answer of deferred adaptation `number`: a transition.
    func answer(_ work: PendingWork, number: Int, step: String?) {
        log?.append(.answer(adaptation: number, step: step))
        transition { state, transaction in state.perform(work, &transaction) }
    }

    /// Performs a transition's effects, in order.
    @inline(never)
    func perform(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .event(let event):
                for observer in observers { observer.handler(event) }
            case .enqueue(let work):
                inbox.enqueue(work)
            case .connect(let attachment):
                mailboxes[attachment.id] = mailbox(for: attachment)
            case .stop(let attachment):
                mailboxes.removeValue(forKey: attachment.id)?.stop()
            case .render(let changes):
                // Rendered once the queue settles (``flushRender()``), with
                // the state it settled in, read then: a copy kept here
                // until then made each transition of a batch copy the
                // whole tree (quadratic in a burst of many flows).
                guard navigator != nil else { break }
                if pendingRender == nil { pendingRender = changes } else { pendingRender! += changes }
            case .start(let attachment):
                if let savingClock {
                    log?.append(
                        .started(stepper: attachment.id.rawValue, milliseconds: savingClock.now.wholeMilliseconds))
                }
                if !isAnsweredByHand(attachment) { mailboxes[attachment.id]?.start() }
            case .deferred(let adaptation):
                ask(adaptation, number: adaptationsAsked)
                adaptationsAsked += 1
            case .call(let body):
                body()
            }
        }
    }

    /// Renders the state the queue settled in, with every change since the
    /// last render, when anything changed: called by the inbox when it has
    /// no step left to handle. A step emitted from inside `render` is
    /// queued, and the inbox goes on.
    func flushRender() {
        guard let pending = pendingRender else { return }
        pendingRender = nil
        navigator?.render(engine.navigation, changes: pending, questions: openQuestions)
    }

    /// Connects `attachment`'s stepper to the inbox through a new mailbox.
    private func mailbox(for attachment: some StepperAttachmentProtocol) -> any AnyStepperMailbox {
        StepperMailbox(attachment.concrete, inbox: inbox)
    }

    /// Whether `attachment`'s stepper speaks for a source answered by hand.
    func isAnsweredByHand(_ attachment: any StepperAttachmentProtocol) -> Bool {
        guard let outside = attachment.outside else { return false }
        return answeredByHand.contains(outside.id)
    }

    /// Asks a flow's deferred `adapt`; its answer joins the queue. A
    /// question nobody can be asked, or one answered by hand, waits for
    /// ``answer(_:with:)``.
    func ask(_ adaptation: DeferredAdaptation, number: Int) {
        if let question = adaptation.question {
            questionLogNumbers[question.number] = number
            if answeredByHand.contains(question.id) { return }
        }
        guard let ask = adaptation.ask else { return }
        let inbox = self.inbox
        inbox.beginAdaptation()
        // The answer may come long after, or never: it holds the inbox,
        // not the coordinator, so it keeps nothing alive.
        ask { work, step in
            inbox.enqueue { coordinator in
                inbox.endAdaptation()
                coordinator.answer(work, number: number, step: step)
            }
        }
    }
}
