public import Dispatch

/// Runs flows: receives steps from any thread and applies, one at a time on
/// a serial queue, what the flows decide.
///
/// ```swift
/// let coordinator = Coordinator(queue: .main, navigator: terminal)
/// coordinator.observe { event in log(event) }
/// coordinator.coordinate(flow: AppFlow(manifest), with: OneStepper(.start))
/// ```
///
/// ## Ordering
/// Every step (a stepper's emission, a chosen action, a forwarded step, a
/// child's exit, a deep link, a deferred `adapt` answer) joins one FIFO and
/// is handled on ``queue`` after everything queued before it. A step emitted
/// while another is handled waits its turn; handling never recurses. Steps
/// emitted from one thread keep that thread's order.
///
/// ## Handling one step
/// gate (is its flow alive, its screen on top?) → `adapt` → will-navigate →
/// `navigate` → apply the ``Navigation`` to the ``NavigationState`` →
/// contributed steppers are told they may emit → did-navigate. Anything
/// not navigated is reported as ``NavigationEvent/dropped(_:reason:)``.
/// Once no step is left in the queue, the navigator renders the state it
/// settled in, with every change since its last render
/// (``Navigator/render(_:changes:)``): a module hand-off (a flow ends, the
/// next starts and shows its screen) is one render, never an empty tree
/// between two screens.
///
/// ## Threads
/// Every method may be called from any thread. Observers, the navigator and
/// stepper hooks run on ``queue``.
///
/// ## Lifetime
/// Queued steps do not keep the coordinator alive. When the last reference
/// goes, every flow ends and every stepper is stopped: at once, or, if a
/// batch of steps is being handled on ``queue`` then, when that batch is
/// done. Steps still queued, or emitted later, are discarded.
public final class Coordinator: @unchecked Sendable {
    // @unchecked: every mutable property below is confined to `queue`: it is
    // touched only inside inbox jobs (or the methods they call), which run
    // one at a time on that serial queue. `inbox` and `nextObserverID` lock.

    /// The serial queue steps are handled on.
    public let queue: DispatchQueue
    let inbox: Inbox
    let navigator: (any Navigator)?
    private let queueKey = DispatchSpecificKey<UInt8>()
    let nextObserverID = Locked<UInt64>(0)

    // Confined to `queue`. Unchecked exclusivity: these are read and written
    // on every step, and the run-time checks (a thread-local access set per
    // read or write) took about an eighth of handling one in the profile.
    // The confinement above is what keeps accesses from overlapping.
    /// The engine's state. Every input is a pure transition of it (see
    /// ``EngineState``); this class only serialises inputs and performs the
    /// effects each transition returns.
    @exclusivity(unchecked) var engine = EngineState()
    /// The handlers ``observe(_:)`` registered, on the queue only.
    @exclusivity(unchecked) var observers: [(id: UInt64, handler: @Sendable (NavigationEvent) -> Void)] = []
    /// The transaction every transition reuses (see
    /// ``Transaction/reset(observes:renders:names:)``), and whether one runs.
    @exclusivity(unchecked) var transaction = Transaction(observes: false, renders: false)
    @exclusivity(unchecked) var transactionInUse = false
    /// Where live transitions name steps and screens once per distinct
    /// value (a tool's sessions, run one after another, share one:
    /// naming a step by reflection was a third of a form's input); `nil`,
    /// an app's, names each as it comes. Set before the first input; used
    /// on the queue only.
    @exclusivity(unchecked) package var stepNames: StepNames?
    /// Every change since the last render, rendered with the state the
    /// queue settles in (``flushRender()``); `nil` when nothing changed.
    @exclusivity(unchecked) var pendingRender: [NavigationChange]?
    /// The inputs handled so far, when the navigation is saved.
    @exclusivity(unchecked) var log: SavedNavigation?
    /// The runtime side of each live attachment: its stepper's lifecycle
    /// and the steps it emitted, waiting for the queue.
    @exclusivity(unchecked) var mailboxes: [AttachmentID: any AnyStepperMailbox] = [:]
    /// How many deferred adaptations were asked: an answer's number.
    @exclusivity(unchecked) var adaptationsAsked = 0
    /// For each open question (by its number in the state), its number
    /// among the adaptations asked: what its answer is logged under.
    @exclusivity(unchecked) var questionLogNumbers: [Int: Int] = [:]
    /// The outside sources (question ids, ``Stepper/outside`` ids) that
    /// are answered by hand: their services are not asked, their steppers
    /// not started.
    package let answeredByHand: Set<String>
    /// Stamps stepper starts in ``log``.
    let savingClock: (any StepClock)?
    /// Whether a flow was coordinated or a restore begun: a restore needs
    /// a fresh coordinator.
    let acceptedInput = Locked(false)

    /// Creates a coordinator that handles steps on `queue`.
    ///
    /// - Parameters:
    ///   - queue: A serial queue: `.main` in an app, any serial queue in
    ///     tests and tools. A concurrent queue breaks the ordering guarantees.
    ///   - navigator: Renders each new state; `nil` renders nothing.
    ///   - clock: When given, the coordinator keeps the log of what it
    ///     handles, which ``savedNavigation`` hands out, and stamps each
    ///     stepper's start with this clock's ``StepClock/now``. Give the
    ///     clock the app's timers run on. `nil` (the default) keeps no log.
    ///   - answeredByHand: The ids of questions and outside sources (see
    ///     ``Question`` and ``Stepper/outside``) that a person, a script or
    ///     a test answers with ``answer(_:with:)``: their services are not
    ///     asked and their steppers are never told they may emit. Empty by
    ///     default: every service is asked.
    public init(
        queue: DispatchQueue = DispatchQueue(label: "stepflow.coordinator"),
        navigator: (any Navigator)? = nil,
        savesNavigationOn clock: (any StepClock)? = nil,
        answeredByHand: Set<String> = []
    ) {
        self.answeredByHand = answeredByHand
        self.queue = queue
        self.inbox = Inbox(queue: queue)
        self.navigator = navigator
        self.savingClock = clock
        self.log = clock == nil ? nil : SavedNavigation()
        queue.setSpecific(key: queueKey, value: 1)
        inbox.owner = self
    }

    deinit {
        // No job can be running: a drain holds the coordinator strongly for
        // its whole batch. Stop every stepper so that nothing the coordinator
        // ran outlives it; steppers are stopped here, on the releasing thread.
        var transaction = Transaction(observes: false, renders: false)
        engine.terminateAll(&transaction)
        for mailbox in mailboxes.values { mailbox.stop() }
    }

    /// Whether the caller is running on ``queue``.
    ///
    /// Tags the queue rather than comparing threads: on Linux, main-queue
    /// work under `dispatchMain()` does not run on the process's first
    /// thread, so a thread check would lie.
    package var isOnQueue: Bool { DispatchQueue.getSpecific(key: queueKey) != nil }

    /// Runs each input given from another thread on that thread, inside
    /// `queue.sync`, when nothing else is queued: a tool's session, which
    /// waits for the engine to settle after every input, then never waits
    /// for a thread to wake (see `Inbox`). The engine's order and its one
    /// queue are unchanged. Call before the first input.
    package func runInputsOnCaller() { inbox.drainOnCaller() }

    // MARK: - Starting and driving flows

    /// Starts `flow` as a root, driven by `stepper`. The stepper's initial
    /// steps are handled first, in order, before anything it emits later.
    /// A flow whose stepper has no initial step is ready at once.
    public func coordinate<F: Flow>(flow: F, with stepper: any Stepper<F.StepType>) {
        acceptedInput.withLock { $0 = true }
        inbox.enqueue { [self] _ in
            // The app opened again after it ended: a new walk, which starts
            // from what the device kept (the record as the last one left it).
            if engine.navigation.roots.isEmpty, let saved = log, !saved.rootFlows.isEmpty {
                var fresh = SavedNavigation(fingerprint: saved.fingerprint)
                fresh.versions = saved.versions
                fresh.kept = engine.navigation.record
                log = fresh
            }
            log?.append(.coordinate(flow: flow.name))
            transition { state, transaction in state.coordinate(flow, with: stepper, &transaction) }
        }
    }

    /// Starts `flow` as a root, as ``coordinate(flow:with:)`` does, with
    /// the variant's record holding `kept` first: what the app's device
    /// kept from an earlier launch (``keptOnDevice``, persisted by the
    /// app), such as a result waiting for the lab.
    ///
    /// ```swift
    /// coordinator.coordinate(flow: root, with: OneStepper(.start), keeping: try store.keptRecord())
    /// ```
    public func coordinate<F: Flow>(flow: F, with stepper: any Stepper<F.StepType>, keeping kept: VariantRecord) {
        acceptedInput.withLock { $0 = true }
        inbox.enqueue { [self] _ in
            guard engine.navigation.roots.isEmpty else { return }
            engine.keep(kept)
            if log != nil { log?.kept = kept }
        }
        coordinate(flow: flow, with: stepper)
    }

    /// Chooses action `index` of `screen`, as a person tapping it would:
    /// the action's step is emitted from the screen and gated like any step
    /// from it (dropped, with an event, if the screen is covered or gone).
    public func select(action index: Int, on screen: PresentedScreen) {
        select(action: index, on: screen, entering: [:])
    }

    /// Chooses action `index` of `screen` with the values a person entered
    /// in its fields (by field name, as typed). The engine checks the
    /// values the action submits against their fields' classes before the
    /// flow sees them: a missing required value, or one in no class or a
    /// refusing class, is dropped with ``DropReason/entryRefused(screen:_:)``
    /// and the screen stays. Check first with ``EnteredValues/check(_:submitting:fields:)``
    /// to tell the person at once.
    public func select(action index: Int, on screen: PresentedScreen, entering entered: [String: String]) {
        inbox.enqueue { [self] _ in
            if log != nil, screen.actions.indices.contains(index) {
                let action = screen.actions[index]
                let submitted = entered.filter { action.submits.contains($0.key) }
                // The classes the values fall in: a restore on another
                // release takes each value only in the class it had.
                let classes: [String: String] =
                    switch EnteredValues.check(submitted, submitting: action.submits, fields: screen.fields) {
                    case .success(let values): values.classes
                    case .failure: [:]
                    }
                log?.append(
                    submitted.isEmpty
                        ? .select(
                            flow: screen.flow.id.rawValue, screen: screen.id.rawValue, id: screen.qualifiedID,
                            action: index, step: action.step, label: action.label)
                        : .submit(
                            flow: screen.flow.id.rawValue, screen: screen.id.rawValue, id: screen.qualifiedID,
                            action: index, step: action.step, label: action.label, values: submitted,
                            classes: classes))
            }
            transition { state, transaction in
                state.select(action: index, on: screen, entering: entered, &transaction)
            }
        }
    }

    /// Gives the answer called `answer` from the outside source `source`,
    /// in place of the outside world: to the first open ``Question`` with
    /// that id, or else through the first live stepper whose
    /// ``Stepper/outside`` has that id. The answer joins the queue like
    /// the service's would (and is logged for a saved navigation like it).
    /// For walks, scripts and tests; see ``init(queue:navigator:savesNavigationOn:answeredByHand:)``
    /// to keep the real service from answering first.
    ///
    /// - Returns: Whether anything waits for such an answer now: `false`
    ///   when no open question or live stepper has the id, or it declares
    ///   no answer by that name (see ``waitingAnswers``).
    @discardableResult
    public func answer(_ source: String, with answer: String) -> Bool {
        let body = { [self] () -> Bool in
            if let question = engine.openQuestions.first(where: { $0.id == source }) {
                guard let declared = question.answers.first(where: { $0.name == answer }) else { return false }
                let number = questionLogNumbers[question.number] ?? -1
                inbox.enqueue { coordinator in coordinator.answer(declared.work, number: number, step: answer) }
                return true
            }
            for id in engine.attachments.keys.sorted() {
                guard let unit = engine.attachments[id]?.unit, unit.outside?.id == source,
                    let (stepID, work) = unit.answerWork(named: answer)
                else { continue }
                enqueueByHand(work, of: unit, stepID: stepID)
                return true
            }
            return false
        }
        return isOnQueue ? body() : queue.sync(execute: body)
    }

    /// Queues a stepper's emission given by hand (an answer, an `emit`
    /// line), logged as the stepper's own would be.
    private func enqueueByHand(_ work: PendingWork, of unit: any StepperAttachmentProtocol, stepID: String) {
        inbox.enqueue { coordinator in
            coordinator.log?.append(.emit(stepper: unit.id.rawValue, name: unit.stepperName, step: stepID))
            coordinator.transition { state, transaction in state.perform(work, &transaction) }
        }
    }

    /// Makes the first live stepper whose type is called `name` emit the
    /// step it declares whose id is `stepID`, as if it had: for walks and
    /// scripts (`emit <stepper> <step>`). Returns whether one could.
    package func emit(stepper name: String, step stepID: String) -> Bool {
        let body = { [self] () -> Bool in
            for record in engine.emittingAttachments where record.unit.stepperName == name {
                guard let work = record.unit.replayEmission(stepID: stepID) else { continue }
                let unit = record.unit
                enqueueByHand(work, of: unit, stepID: stepID)
                return true
            }
            return false
        }
        return isOnQueue ? body() : queue.sync(execute: body)
    }

    /// The type names of the live steppers that may emit now, and the
    /// ids of the steps each may emit: what ``emit(stepper:step:)`` takes.
    package var emittingSteppers: [(name: String, steps: [String])] {
        let body = { [self] in
            engine.emittingAttachments.map {
                ($0.unit.stepperName, $0.unit.emissionInputs(spent: $0.spent, names: nil).map(\.stepID))
            }
        }
        return isOnQueue ? body() : queue.sync(execute: body)
    }

    /// What the app could be answered from outside right now: each open
    /// question, then each live stepper that speaks for the outside world,
    /// with the answers it declares. Read on the queue.
    public var waitingAnswers: [WaitingAnswer] {
        let body = { [self] () -> [WaitingAnswer] in
            var waiting = openQuestions
            for record in engine.emittingAttachments {
                guard let outside = record.unit.outside else { continue }
                // The answers it may still give, in the order it declares them.
                let open = record.unit.emissionInputs(spent: record.spent, names: nil).compactMap(\.answer)
                let answers = record.unit.answerNames.compactMap { name in open.first { $0.name == name } }
                guard !answers.isEmpty else { continue }
                waiting.append(
                    WaitingAnswer(
                        source: outside.id, label: outside.label, isQuestion: false,
                        answers: answers,
                        isAnsweredByHand: answeredByHand.contains(outside.id)
                    ))
            }
            return waiting
        }
        return isOnQueue ? body() : queue.sync(execute: body)
    }

    /// Tells the coordinator that the UI removed `screen` itself: a back
    /// swipe popped it, or a sheet was swiped away. The state follows
    /// (the screen and every screen above it in its flow are removed),
    /// without rendering what the UI already shows; observers get
    /// ``NavigationEvent/removedByUI(_:removed:)``; steps later chosen on a
    /// removed screen are dropped with the usual event. A screen no longer
    /// shown is reported, and nothing changes.
    public func screenRemovedByUI(_ screen: PresentedScreen) {
        inbox.enqueue { [self] _ in
            log?.append(.removedByUI(screen: screen.id.rawValue, id: screen.qualifiedID))
            transition { state, transaction in state.removedByUI(screen, &transaction) }
        }
    }

    /// Selects the section called `name` of `owner`, as a person tapping
    /// its tab would: the selected section's stack comes back as it was
    /// left, the others are kept hidden. Observers get
    /// ``NavigationEvent/sectionSelected(_:section:changes:)`` and the
    /// navigator renders. Refused with ``NavigationEvent/dropped(_:reason:)``
    /// (`select <name>`) while a ``Question`` is open, for a section the
    /// flow does not have, and while its section bar is covered (a modal
    /// over it; see ``NavigationState/canSelectSection(of:)``).
    public func select(section name: String, of owner: FlowInfo) {
        inbox.enqueue { [self] _ in
            log?.append(.selectSection(flow: owner.id.rawValue, name: owner.name, section: name))
            transition { state, transaction in state.selectSection(name, of: owner, &transaction) }
        }
    }

    /// Chooses the action labelled `label` on `screen`; see
    /// ``select(action:on:)``. An unknown label is reported as dropped.
    public func select(actionLabeled label: String, on screen: PresentedScreen) {
        if let index = screen.actions.firstIndex(where: { $0.label == label }) {
            return select(action: index, on: screen)
        }
        inbox.enqueue { [self] _ in
            transition { state, transaction in state.selectUnknown(label: label, on: screen, &transaction) }
        }
    }

}

extension Coordinator {
    /// The open questions, in the order asked, as a navigator is given
    /// them: read on the queue.
    var openQuestions: [WaitingAnswer] {
        guard !engine.openQuestions.isEmpty else { return [] }
        return engine.openQuestions.map { question in
            WaitingAnswer(
                source: question.id, label: question.label, isQuestion: true,
                answers: question.answers.map { (name: $0.name, label: $0.label) },
                isAnsweredByHand: answeredByHand.contains(question.id) || !question.asksOutside
            )
        }
    }
}
