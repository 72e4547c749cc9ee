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
/// ``Navigator/render(_:changes:)`` → contributed steppers are told they may
/// emit → did-navigate. Anything not navigated is reported as
/// ``NavigationEvent/dropped(_:reason:)``.
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
    private let navigator: (any Navigator)?
    private let queueKey = DispatchSpecificKey<UInt8>()
    private let nextObserverID = Locked<UInt64>(0)

    // Confined to `queue`. Unchecked exclusivity: these are read and written
    // on every step, and the run-time checks (a thread-local access set per
    // read or write) took about an eighth of handling one in the profile.
    // The confinement above is what keeps accesses from overlapping.
    @exclusivity(unchecked) private var state = NavigationState()
    @exclusivity(unchecked) var nodes: [FlowID: FlowNodeHandle] = [:]
    @exclusivity(unchecked) private var liveAttachments = Set<ObjectIdentifier>()
    @exclusivity(unchecked) private var observers: [(id: UInt64, handler: @Sendable (NavigationEvent) -> Void)] = []
    @exclusivity(unchecked) private var lastFlowID: UInt32 = 0
    @exclusivity(unchecked) private var lastScreenID: UInt64 = 0
    /// The transaction in progress: what changed, and what to call once the
    /// navigator has rendered it.
    @exclusivity(unchecked) private var changes: [NavigationChange] = []
    @exclusivity(unchecked) private var afterRender: [() -> Void] = []
    @exclusivity(unchecked) private var exits: [FlowID: String] = [:]
    @exclusivity(unchecked) private var endedCoordinations: [StepRecord] = []
    @exclusivity(unchecked) private var counters = Statistics()

    /// Creates a coordinator that handles steps on `queue`.
    ///
    /// - Parameters:
    ///   - queue: A serial queue: `.main` in an app, any serial queue in
    ///     tests and tools. A concurrent queue breaks the ordering guarantees.
    ///   - navigator: Renders each new state; `nil` renders nothing.
    public init(
        queue: DispatchQueue = DispatchQueue(label: "stepflow.coordinator"),
        navigator: (any Navigator)? = nil
    ) {
        self.queue = queue
        self.inbox = Inbox(queue: queue)
        self.navigator = navigator
        queue.setSpecific(key: queueKey, value: 1)
        inbox.owner = self
    }

    deinit {
        // No job can be running: each holds the coordinator strongly. Break
        // the cycles between steppers and their attachments so that nothing
        // the coordinator ran outlives it; steppers are stopped here, on the
        // releasing thread.
        for node in nodes.values { node.terminate() }
    }

    /// Whether the caller is running on ``queue``.
    ///
    /// Tags the queue rather than comparing threads: on Linux, main-queue
    /// work under `dispatchMain()` does not run on the process's first
    /// thread, so a thread check would lie.
    public var isOnQueue: Bool { DispatchQueue.getSpecific(key: queueKey) != nil }

    // MARK: - Starting and driving flows

    /// Starts `flow` as a root, driven by `stepper`. The stepper's initial
    /// steps are handled first, in order, before anything it emits later.
    /// A flow whose stepper has no initial step is ready at once.
    public func coordinate<F: Flow>(flow: F, with stepper: any Stepper<F.StepType>) {
        inbox.enqueue { [self] _ in
            _ = launch(flow, stepper: stepper, parent: nil, exitSink: { _ in nil })
            commit(step: nil)
        }
    }

    /// Chooses action `index` of `screen`, as a person tapping it would:
    /// the action's step is emitted from the screen and gated like any step
    /// from it (dropped, with an event, if the screen is covered or gone).
    public func select(action index: Int, on screen: PresentedScreen) {
        inbox.enqueue { [self] _ in
            guard let node = nodes[screen.flow.id], node.isLive else {
                let step = screen.actions.indices.contains(index) ? screen.actions[index].step : "action[\(index)]"
                return reportDropped(StepRecord(flow: screen.flow, step: step), .flowEnded)
            }
            node.select(action: index, on: screen)
        }
    }

    /// Chooses the action labelled `label` on `screen`; see
    /// ``select(action:on:)``. An unknown label is reported as dropped.
    public func select(actionLabeled label: String, on screen: PresentedScreen) {
        if let index = screen.actions.firstIndex(where: { $0.label == label }) {
            return select(action: index, on: screen)
        }
        inbox.enqueue { [self] _ in
            let labels = screen.actions.map { "'\($0.label)'" }.joined(separator: ", ")
            reportDropped(
                StepRecord(flow: screen.flow, step: "'\(label)'"),
                .noSuchAction(screen: screen.qualifiedID, action: "'\(label)'; it has \(labels.isEmpty ? "none" : labels)")
            )
        }
    }

    /// Delivers a deep link through the live tree.
    ///
    /// Order: every live flow whose step type is `S`, parents before their
    /// children, siblings and roots in start order; the tree is read once,
    /// before delivery, so a child started by this very step does not
    /// receive it again; a flow of that type ended by an earlier delivery is
    /// reported as dropped and listed in ``DeepLinkResult/endedBeforeDelivery``.
    /// Each flow runs `adapt` then `navigate`. `completion` runs on the
    /// queue once every flow has answered (deferred `adapt`s included); the
    /// same result is reported as ``NavigationEvent/deepLink(_:_:)``.
    public func navigate<S: Step>(to step: S, completion: (@Sendable (DeepLinkResult) -> Void)? = nil) {
        inbox.enqueue { [self] _ in
            let tally = DeepLinkTally { [self] result in
                emit { .deepLink(step.stepID, result) }
                completion?(result)
            }
            // The nodes themselves, not just ids: a flow ended by an earlier
            // delivery can still say whether the link was for it.
            let targets = state.flowsInTreeOrder.compactMap { nodes[$0] }
            for node in targets {
                guard node.isLive else {
                    if node.accepts(step) {
                        tally.recordEnded(node.info)
                        reportDropped(StepRecord(flow: node.info, step: step.stepID), .flowEnded)
                    }
                    continue
                }
                node.deliverDeepLink(step, to: tally)
            }
            tally.settle()
        }
    }

    // MARK: - Observing

    /// Calls `handler` on the queue for every event from now on, in order.
    ///
    /// The observer first receives ``NavigationEvent/flowReady(_:)`` for
    /// every live flow that is already ready, so a late observer still
    /// learns it. Keep the token to stop observing; dropping it does not.
    @discardableResult
    public func observe(_ handler: @escaping @Sendable (NavigationEvent) -> Void) -> ObservationToken {
        let id = nextObserverID.withLock { value in
            value += 1
            return value
        }
        inbox.enqueue { [self] _ in
            for flow in state.flowsInTreeOrder {
                if let flowState = state.flows[flow], flowState.isReady { handler(.flowReady(flowState.info)) }
            }
            observers.append((id, handler))
        }
        return ObservationToken(coordinator: self, id: id)
    }

    /// The events from now on as an asynchronous sequence, with the same
    /// replay as ``observe(_:)``. Nothing is dropped: the buffer is
    /// unbounded. Ends when the consuming task is cancelled.
    public var events: AsyncStream<NavigationEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: NavigationEvent.self, bufferingPolicy: .unbounded)
        let token = observe { continuation.yield($0) }
        continuation.onTermination = { _ in token.cancel() }
        return stream
    }

    func removeObserver(_ id: UInt64) {
        inbox.enqueue { [self] _ in observers.removeAll { $0.id == id } }
    }

    // MARK: - Waiting and reading

    /// Blocks until every queued step has been handled and, unless
    /// `includingPendingAdaptations` is `false`, no deferred `adapt` answer
    /// is pending. For tests and command-line tools; never call it on the
    /// coordinator's queue (it would wait for itself).
    ///
    /// A deferred `adapt` whose completion is never called keeps the
    /// coordinator from being idle; pass `false` to wait for the queue only.
    public func waitUntilIdle(includingPendingAdaptations: Bool = true) {
        precondition(!isOnQueue, "waitUntilIdle() was called on the coordinator's queue, where it would wait for itself forever. To fix, call it from another thread, or use onIdle(_:).")
        let semaphore = DispatchSemaphore(value: 0)
        inbox.whenIdle(countingAdaptations: includingPendingAdaptations) { semaphore.signal() }
        semaphore.wait()
        // Orders what the queue wrote before the caller's reads, in a way
        // the thread sanitizer can see.
        queue.sync {}
    }

    /// Suspends until the coordinator is idle (see ``waitUntilIdle()``).
    public func idle() async {
        await withCheckedContinuation { continuation in
            inbox.whenIdle { continuation.resume() }
        }
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume() }
        }
    }

    /// Calls `body` once the coordinator is idle: at once on the caller's
    /// thread if it already is, otherwise on the queue.
    public func onIdle(_ body: @escaping @Sendable () -> Void) {
        inbox.whenIdle(body)
    }

    /// The current state. Reads it on the queue (synchronously, unless the
    /// caller is already on it).
    public var currentState: NavigationState {
        isOnQueue ? state : queue.sync { state }
    }

    /// Counts of what the coordinator has done so far.
    public var statistics: Statistics {
        isOnQueue ? counters : queue.sync { counters }
    }

    /// Counts of what a coordinator has done.
    public struct Statistics: Hashable, Sendable {
        /// Steps navigated (handled or not by the flow).
        public internal(set) var navigated = 0
        /// Steps dropped, for any reason.
        public internal(set) var dropped = 0
        /// Flows started.
        public internal(set) var flowsStarted = 0
        /// Flows ended.
        public internal(set) var flowsEnded = 0
        /// Flows, screens (presented or kept for late steps) and steppers
        /// held right now.
        public internal(set) var liveFlows = 0
        /// Steppers coordinated right now.
        public internal(set) var liveSteppers = 0
    }
}

/// Keeps an observation registered with ``Coordinator/observe(_:)``.
public final class ObservationToken: Sendable {
    private weak let coordinator: Coordinator?
    private let id: UInt64

    init(coordinator: Coordinator, id: UInt64) {
        self.coordinator = coordinator
        self.id = id
    }

    /// Stops the observation; events already queued may still arrive.
    public func cancel() {
        coordinator?.removeObserver(id)
    }
}

// MARK: - The runtime (on the queue)

extension Coordinator {
    var hasObservers: Bool { !observers.isEmpty }

    /// Sends the event `make` builds to every observer; builds nothing when
    /// nobody observes.
    func emit(_ make: () -> NavigationEvent) {
        guard !observers.isEmpty else { return }
        let event = make()
        for observer in observers { observer.handler(event) }
    }

    /// Counts a dropped step and reports it.
    func reportDropped(_ record: @autoclosure () -> StepRecord, _ reason: DropReason) {
        counters.dropped += 1
        emit { .dropped(record(), reason: reason) }
    }

    /// Whether steps from screen `id` may be delivered now; the reason to
    /// drop them if not.
    func gate(_ id: ScreenInstanceID, qualifiedID: String, visibility: Visibility) -> DropReason? {
        if state.isPresented(id) {
            if state.top == id || visibility.contains(.allowStepsWhenCovered) { return nil }
            return .screenCovered(screen: qualifiedID, topScreen: state.topScreen?.qualifiedID)
        }
        return visibility.contains(.allowStepsWhenDismissed) ? nil : .screenDismissed(screen: qualifiedID)
    }

    /// Starts a flow: allocates its id, adds it to the state, attaches its
    /// stepper (queueing its initial steps).
    func launch<C: Flow>(
        _ flow: C,
        stepper: any Stepper<C.StepType>,
        parent: FlowID?,
        exitSink: (FlowInfo) -> ((C.ExitType) -> Void)?
    ) -> FlowBox<C> {
        lastFlowID += 1
        let info = FlowInfo(id: FlowID(rawValue: lastFlowID), name: flow.name)
        let box = FlowBox(flow: flow, info: info, coordinator: self, exitSink: exitSink(info))
        state.apply(.startFlow(info, parent: parent), into: &changes)
        nodes[info.id] = box
        counters.flowsStarted += 1
        counters.liveFlows += 1
        if let attachment = attach(stepper, to: box, binding: .flowStepper) {
            box.flowSteppers.append(attachment)
        }
        if stepper.initialSteps.isEmpty { markReady(box) }
        return box
    }

    /// Connects `stepper` to `box`: queues its initial steps, then whatever
    /// it emitted before, then routes its later emissions. Returns `nil`,
    /// with an event, when the stepper is already coordinated.
    func attach<F: Flow>(
        _ stepper: any Stepper<F.StepType>,
        to box: FlowBox<F>,
        binding: StepperAttachment<F>.Binding
    ) -> StepperAttachment<F>? {
        if let owner = stepper.steps.connectedOwner, liveAttachments.contains(owner) {
            emit { .duplicateStepper(box.info, stepper: String(describing: type(of: stepper))) }
            return nil
        }
        let attachment = StepperAttachment(stepper: stepper, box: box, binding: binding)
        liveAttachments.insert(ObjectIdentifier(attachment))
        counters.liveSteppers += 1
        let inbox = self.inbox
        let initialSteps = stepper.initialSteps
        stepper.steps.connect(
            owner: attachment,
            sink: { step in attachment.enqueue(step, in: inbox) },
            replay: { pending in
                for step in initialSteps + pending { attachment.enqueue(step, in: inbox) }
            }
        )
        if case .flowStepper = binding {
            // Told it may emit when its flow is ready.
        } else {
            // Strong: the hook runs at the end of this step. A weak reference
            // would give the attachment a side table, slowing every retain.
            afterRender.append { attachment.stepper?.readyToEmitSteps() }
        }
        return attachment
    }

    func attachmentDetached<F>(_ attachment: StepperAttachment<F>) {
        if liveAttachments.remove(ObjectIdentifier(attachment)) != nil { counters.liveSteppers -= 1 }
    }

    func markReady(_ node: FlowNodeHandle) {
        state.apply(.markReady(node.info.id), into: &changes)
        afterRender.append { node.becameReady() }
    }

    /// Waits for a deferred `adapt` answer; it joins the back of the queue.
    func deferAdaptation<F: Flow>(
        _ ask: @Sendable (_ completion: @escaping @Sendable (F.StepType?) -> Void) -> Void,
        of step: F.StepType,
        for box: FlowBox<F>,
        onDrop: (() -> Void)? = nil,
        then: @escaping (FlowBox<F>, F.StepType, Coordinator) -> Void
    ) {
        inbox.beginAdaptation()
        let answered = Locked(false)
        let inbox = self.inbox
        // The flow by id, not by a weak reference: a weak reference would give
        // the node a side table, slowing every retain on the step path.
        let context = QueueConfined((id: box.info.id, info: box.info, onDrop: onDrop, then: then))
        ask { adapted in
            let isFirst = answered.withLock { answered in
                defer { answered = true }
                return !answered
            }
            guard isFirst else { return }
            // The answer may come long after, or never: it holds the inbox,
            // not the coordinator, so it keeps no flow or coordinator alive.
            inbox.enqueue { coordinator in
                inbox.endAdaptation()
                let context = context.value
                guard let box = coordinator.nodes[context.id] as? FlowBox<F>, box.isLive else {
                    coordinator.reportDropped(StepRecord(flow: context.info, step: (adapted ?? step).stepID), .flowEnded)
                    context.onDrop?()
                    return
                }
                guard let adapted else {
                    coordinator.reportDropped(box.record(step), .filteredByAdapt)
                    context.onDrop?()
                    return
                }
                context.then(box, adapted, coordinator)
            }
        }
    }

    /// Applies what `box`'s flow decided for `step`, then renders and
    /// reports it.
    func apply<F: Flow>(_ navigation: Navigation<F.StepType, F.ExitType>, of box: FlowBox<F>, step: F.StepType) {
        counters.navigated += 1
        if navigation.changesNothing, box.isReady {
            // Handled, nothing changes: the commonest step by far.
            return commit(step: hasObservers ? box.record(step) : nil)
        }
        apply(navigation.elements, of: box)
        if box.isLive && !box.isReady && !(state.flows[box.info.id]?.isReady ?? true) {
            markReady(box)
        }
        commit(step: hasObservers ? box.record(step) : nil)
    }

    /// Applies the parts in order. Out of line: its loop needs the element
    /// type's metadata, a run-time lookup the fast path above avoids.
    @inline(never)
    private func apply<F: Flow>(_ elements: [Navigation<F.StepType, F.ExitType>.Element], of box: FlowBox<F>) {
        for element in elements {
            guard box.isLive else {
                changes.append(.rejected(reason: "\(box.info.name) ended earlier in this navigation, so its later parts were not applied. To fix, put .end(…) last."))
                continue
            }
            apply(element, of: box)
        }
    }

    private func apply<F: Flow>(_ element: Navigation<F.StepType, F.ExitType>.Element, of box: FlowBox<F>) {
        let id = box.info.id
        switch element {
        case .show(let screen, let presentation, let stepper, let visibility):
            lastScreenID += 1
            let instance = ScreenInstanceID(rawValue: lastScreenID)
            let presented = PresentedScreen(id: instance, flow: box.info, screen: screen, presentation: presentation, visibility: visibility)
            let from = changes.count
            state.apply(.show(presented), into: &changes)
            settle(from: from)
            var entry = FlowBox<F>.ScreenEntry(screen: screen, visibility: visibility)
            if let stepper, let attachment = attach(
                stepper, to: box,
                binding: .screen(instance, qualifiedID: presented.qualifiedID, screenID: screen.id, visibility: visibility)
            ) {
                entry.steppers.append(attachment)
            }
            box.screens[instance] = entry
        case .contribute(let stepper):
            if let attachment = attach(stepper, to: box, binding: .flow) { box.flowSteppers.append(attachment) }
        case .pop:
            command(.pop(id))
        case .popToRoot:
            command(.popToRoot(id))
        case .dismiss:
            command(.dismiss(id))
        case .start(let child):
            _ = child.launch(ChildLauncher(coordinator: self, parent: box))
        case .forward(let step):
            // Strong until the job runs; an ended flow is reported then.
            inbox.enqueue { coordinator in
                guard box.isLive else {
                    return coordinator.reportDropped(StepRecord(flow: box.info, step: step.stepID), .flowEnded)
                }
                box.receive(step, origin: .forwarded, in: coordinator)
            }
            if hasObservers { changes.append(.forwarded(box.record(step))) }
        case .forwardToParent(let exit):
            guard let exitSink = box.exitSink else {
                return reportDropped(StepRecord(flow: box.info, step: exit.stepID), .noParent)
            }
            exitSink(exit)
            if hasObservers { changes.append(.exited(box.info, exit: exit.stepID)) }
        case .end(let exit):
            command(.end(id))
            if hasObservers { exits[id] = exit.stepID }
            if let exitSink = box.exitSink {
                exitSink(exit)
                if hasObservers { changes.append(.exited(box.info, exit: exit.stepID)) }
            } else {
                if hasObservers { endedCoordinations.append(StepRecord(flow: box.info, step: exit.stepID)) }
            }
        }
    }

    /// Applies a state command and settles what it removed.
    private func command(_ command: NavigationCommand) {
        let from = changes.count
        state.apply(command, into: &changes)
        settle(from: from)
    }

    /// Releases the screens and flows that changes from `index` removed:
    /// stops their steppers, drops the coordinator's references.
    private func settle(from index: Int) {
        var position = index
        while position < changes.count {
            switch changes[position] {
            case .removed(let screen):
                nodes[screen.flow.id]?.screenRemoved(screen.id)
            case .flowEnded(let info):
                if let node = nodes.removeValue(forKey: info.id) {
                    node.terminate()
                    counters.flowsEnded += 1
                    counters.liveFlows -= 1
                }
            default:
                break
            }
            position += 1
        }
    }

    /// Ends the transaction: renders, tells new steppers they may emit, and
    /// reports what happened.
    func commit(step: StepRecord?) {
        // Moved out rather than copied: a shared buffer would be copied on
        // the next append, and most steps change nothing at all.
        var changes: [NavigationChange] = []
        if !self.changes.isEmpty {
            swap(&changes, &self.changes)
            navigator?.render(state, changes: changes)
        }
        if !afterRender.isEmpty {
            let hooks = afterRender
            afterRender.removeAll()
            for hook in hooks { hook() }
        }
        guard hasObservers else { return }
        for change in changes {
            switch change {
            case .flowStarted(let flow, let parent):
                emit { .flowStarted(flow, parent: parent.flatMap { state.flows[$0]?.info ?? nodes[$0]?.info }) }
            case .flowReady(let flow):
                emit { .flowReady(flow) }
            case .flowEnded(let flow):
                emit { .flowEnded(flow, exit: exits.removeValue(forKey: flow.id)) }
            default:
                break
            }
        }
        if let step { emit { .didNavigate(step, changes: changes) } }
        if !endedCoordinations.isEmpty {
            let ended = endedCoordinations
            endedCoordinations.removeAll()
            for exit in ended { emit { .coordinationEnded(exit: exit) } }
        }
    }
}

/// Launches a child flow for a parent whose step type is `ParentStep`.
struct ChildLauncher<ParentStep: Step> {
    let coordinator: Coordinator
    let parentID: FlowID
    /// Queues a mapped exit for the parent; gates on the parent being alive.
    let deliverToParent: (ParentStep, FlowInfo) -> Void

    init<P: Flow>(coordinator: Coordinator, parent: FlowBox<P>) where P.StepType == ParentStep {
        self.coordinator = coordinator
        self.parentID = parent.info.id
        // The child's exit sink holds its parent strongly: the parent outlives
        // its subtree anyway, and a weak reference would give every flow
        // node a side table, slowing each retain on the step path. It holds
        // the inbox, not the coordinator, which owns the child: no cycle.
        let inbox = coordinator.inbox
        self.deliverToParent = { step, child in
            inbox.enqueue { coordinator in
                guard parent.isLive else {
                    return coordinator.reportDropped(StepRecord(flow: parent.info, step: step.stepID), .flowEnded)
                }
                parent.receive(step, origin: .childExit(child), in: coordinator)
            }
        }
    }

    func launch<Child: Flow>(
        _ child: Child,
        stepper: any Stepper<Child.StepType>,
        onExit: @escaping @Sendable (Child.ExitType) -> ParentStep
    ) -> FlowNodeHandle {
        let deliver = deliverToParent
        return coordinator.launch(child, stepper: stepper, parent: parentID, exitSink: { info in
            { exit in deliver(onExit(exit), info) }
        })
    }
}
