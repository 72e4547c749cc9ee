/// The runtime side of one attached stepper, for the coordinator only: the
/// stepper's lifecycle (connect, start, resume, stop) and the steps it
/// emitted, waiting for the coordinator's queue. The engine's state holds
/// the declaration (``StepperAttachmentProtocol``); the coordinator keeps
/// one mailbox per live attachment, by id.
///
/// Steps wait typed in the mailbox, so the inbox's FIFO holds only a
/// reference per step. Two buffers: producers append to one under the
/// inbox's lock; when a drain takes its batch (under the same lock) the
/// buffer moves to the queue's side, where the batch's `deliverNext` jobs
/// consume it in order.
protocol AnyStepperMailbox: AnyObject {
    /// Whether the inbox lists this mailbox for the next hand-over. Under
    /// the inbox's lock.
    var isListed: Bool { get set }
    /// Moves the steps queued so far to the queue's side. Called by a drain
    /// under the inbox's lock; the previous batch was finished.
    func handOver()
    /// Lets go of the batch's steps, keeping the buffer. On the queue,
    /// outside the inbox's lock.
    func finishBatch()
    /// Delivers the oldest handed-over step. On the queue.
    func deliverNext(_ coordinator: Coordinator)

    /// Tells the stepper it may emit.
    func start()
    /// Tells a restored stepper it may emit, `elapsed` after it was first
    /// told so.
    func resume(after elapsed: Duration)
    /// Stops the stepper and lets go of the attachment: a stepper someone
    /// still holds keeps no ended flow alive.
    func stop()
}

/// The mailbox of an attachment of type `Attachment`.
final class StepperMailbox<Attachment: StepperAttachmentProtocol>: AnyStepperMailbox, @unchecked Sendable {
    // @unchecked: `isListed` and `incoming` are guarded by the inbox's lock;
    // `outgoing`, `nextOutgoing` and `attachment` are confined to the
    // coordinator's queue.
    typealias StepType = Attachment.FlowType.StepType

    /// The attachment; `nil` once stopped.
    @exclusivity(unchecked) private var attachment: Attachment?
    /// The attachment's flow and binding, for a step that arrives after
    /// the stop.
    private let flow: FlowInfo
    private let binding: AttachmentBinding
    @exclusivity(unchecked) var isListed = false
    /// Steps emitted and not yet taken by a drain; under the inbox's lock.
    @exclusivity(unchecked) private var incoming: [StepType] = []
    /// Steps of the batch being drained, from `nextOutgoing` on; on the queue.
    @exclusivity(unchecked) private var outgoing: [StepType] = []
    @exclusivity(unchecked) private var nextOutgoing = 0

    /// Connects `attachment`'s stepper to `inbox`: what it emits waits here.
    init(_ attachment: Attachment, inbox: Inbox) {
        self.attachment = attachment
        self.flow = attachment.flow
        self.binding = attachment.binding
        attachment.stepper.steps.connect(
            sink: { [self] step in enqueue(step, in: inbox) },
            replay: { [self] pending in for step in pending { enqueue(step, in: inbox) } }
        )
    }

    func start() { attachment?.stepper.readyToEmitSteps() }

    func resume(after elapsed: Duration) { attachment?.stepper.resumeEmittingSteps(after: elapsed) }

    func stop() {
        guard let attachment else { return }
        self.attachment = nil
        attachment.stepper.stopEmittingSteps()
    }

    /// Queues `step` in `inbox` for delivery through this mailbox.
    private func enqueue(_ step: StepType, in inbox: Inbox) {
        inbox.enqueueStep(for: self) { incoming.append(step) }
    }

    func handOver() {
        // `outgoing` is empty (see finishBatch): no step is released here,
        // under the lock.
        swap(&incoming, &outgoing)
    }

    func finishBatch() {
        outgoing.removeAll(keepingCapacity: true)
        nextOutgoing = 0
    }

    func deliverNext(_ coordinator: Coordinator) {
        let step = outgoing[nextOutgoing]
        nextOutgoing += 1
        if let attachment {
            coordinator.deliver(step, from: attachment)
        } else {
            let record = StepRecord(flow: flow, step: step.stepID)
            coordinator.transition { state, transaction in
                state.reportDropped(record, binding.detachedReason(flow: flow.id, in: state), &transaction)
            }
        }
    }
}
