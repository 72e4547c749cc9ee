/// Connects one stepper to one flow: gates its steps and reports what
/// cannot be delivered. Created and used on the coordinator's queue; the
/// stepper's relay reaches it from any thread only through the inbox.
final class StepperAttachment<F: Flow>: QueuedSteps, @unchecked Sendable {
    // @unchecked: every property is read and written on the coordinator's
    // queue, but `incoming`, guarded by the inbox's lock (see QueuedSteps).
    typealias StepType = F.StepType

    enum Binding {
        /// The stepper the flow was started with.
        case flowStepper
        /// Contributed for the flow's lifetime.
        case flow
        /// Bound to a screen instance; gated by its visibility.
        case screen(ScreenInstanceID, qualifiedID: String, screenID: String, visibility: Visibility)
    }

    /// The flow's node: held strongly while attached (a weak load on every
    /// step costs more than the step); `detach` breaks the cycle this makes
    /// (node → attachment → node), and every way a flow ends detaches.
    // Unchecked exclusivity: confined to the queue, read on every step.
    @exclusivity(unchecked) private(set) var box: FlowBox<F>?
    @exclusivity(unchecked) private(set) var stepper: (any Stepper<StepType>)?
    let binding: Binding
    let flowInfo: FlowInfo
    private let declared: Set<StepType>
    private let stepperType: Any.Type
    /// The stepper's type name, made once: on first use, not on every step.
    private(set) lazy var stepperName: String = String(describing: stepperType)
    /// Where its steps come from, made once, on first use.
    var origin: StepOrigin {
        if let cachedOrigin { return cachedOrigin }
        let origin: StepOrigin = switch binding {
        case .flowStepper: .flowStepper(stepperName)
        case .flow: .stepper(stepperName)
        case .screen(let id, _, let screenID, _): .screenStepper(id, screenID: screenID, stepper: stepperName)
        }
        cachedOrigin = origin
        return origin
    }
    @exclusivity(unchecked) private var cachedOrigin: StepOrigin?
    /// Steps emitted and not yet taken by a drain; under the inbox's lock.
    @exclusivity(unchecked) private var incoming: [StepType] = []
    /// Steps of the batch being drained, from `nextOutgoing` on; on the queue.
    @exclusivity(unchecked) private var outgoing: [StepType] = []
    @exclusivity(unchecked) private var nextOutgoing = 0
    /// Why steps are no longer delivered, once detached.
    @exclusivity(unchecked) private var detachedBecause: DropReason?

    init(stepper: any Stepper<StepType>, box: FlowBox<F>, binding: Binding) {
        self.box = box
        self.stepper = stepper
        self.binding = binding
        self.flowInfo = box.info
        self.declared = Set(stepper.declaredSteps)
        self.stepperType = type(of: stepper)
        super.init()
    }

    /// Queues `step` in `inbox` for delivery by this attachment.
    func enqueue(_ step: StepType, in inbox: Inbox) {
        inbox.enqueueStep(for: self) { incoming.append(step) }
    }

    override func handOver() {
        // `outgoing` is empty (see finishBatch): no step is released here,
        // under the lock.
        swap(&incoming, &outgoing)
    }

    override func finishBatch() {
        outgoing.removeAll(keepingCapacity: true)
        nextOutgoing = 0
    }

    override func deliverNext(_ coordinator: Coordinator) {
        let step = outgoing[nextOutgoing]
        nextOutgoing += 1
        deliver(step, coordinator: coordinator)
    }

    /// The qualified id of the screen the stepper is bound to, or the flow's name.
    var screenQualifiedID: String {
        if case .screen(_, let qualifiedID, _, _) = binding { return qualifiedID }
        return flowInfo.name
    }

    /// Delivers a step the stepper emitted. In a job on the coordinator's queue.
    func deliver(_ step: StepType, coordinator: Coordinator) {
        guard let box, box.isLive else {
            let reason = detachedBecause ?? .flowEnded
            coordinator.reportDropped(StepRecord(flow: flowInfo, step: step.stepID), reason)
            return
        }
        // Only an observer learns of an undeclared step: without one, the
        // step is not even hashed.
        if coordinator.hasObservers && !declared.contains(step) {
            coordinator.emit { .undeclaredStep(box.record(step), stepper: self.stepperName) }
        }
        if case .screen(let id, let qualifiedID, _, let visibility) = binding,
           let reason = coordinator.gate(id, qualifiedID: qualifiedID, visibility: visibility) {
            return coordinator.reportDropped(box.record(step), reason)
        }
        box.receive(step, origin: origin, in: coordinator)
    }

    /// Stops the stepper and lets it go. Its later steps, if it still
    /// emits, are reported as reaching an ended flow.
    func detach(because reason: DropReason) {
        guard let stepper, let box else { return }
        self.stepper = nil
        detachedBecause = reason
        self.box = nil
        box.coordinator.attachmentDetached(self)
        stepper.stopEmittingSteps()
    }
}
