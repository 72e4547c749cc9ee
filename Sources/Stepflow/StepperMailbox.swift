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
    /// Where the inbox lists this mailbox for the next hand-over (its
    /// deliveries name it by that position), or -1. Under the inbox's lock.
    var listedAt: Int { get set }
    /// Moves the steps queued so far to the queue's side. Called by a drain
    /// under the inbox's lock; the previous batch was finished.
    func handOver()
    /// Lets go of the batch's steps, keeping the buffer. On the queue,
    /// outside the inbox's lock.
    func finishBatch()
    /// Delivers the oldest handed-over step of `mailbox`, a mailbox of this
    /// type held unretained (the inbox's list holds it). On the queue.
    static func deliverNext(of mailbox: Unmanaged<AnyObject>, _ coordinator: Coordinator)

    /// Tells the stepper it may emit.
    func start()
    /// Tells a restored stepper it may emit, `elapsed` after it was first
    /// told so.
    func resume(after elapsed: Duration)
    /// Stops the stepper and lets go of the attachment: a stepper someone
    /// still holds keeps no ended flow alive.
    func stop()
}

/// The mailbox of an attachment to a flow of type `F`.
final class StepperMailbox<F: Flow>: AnyStepperMailbox, @unchecked Sendable {
    // @unchecked: `listedAt` and `incoming` are guarded by the inbox's lock;
    // `outgoing` and `attachment` are confined to the
    // coordinator's queue.
    typealias StepType = F.StepType
    typealias Attachment = StepperAttachment<F>

    /// Holds the attachment while it is live; `nil` once stopped.
    @exclusivity(unchecked) private var kept: Attachment?
    /// The attachment, read without a retain on every delivery: valid
    /// while `kept` holds it, and never read after the stop.
    private let attachment: Unmanaged<Attachment>
    /// Once stopped, what a step that still arrives needs to be reported
    /// as dropped (made at the stop, so a live mailbox stays small).
    @exclusivity(unchecked) private var detached: Detached?

    /// A stopped attachment's flow and binding.
    private final class Detached {
        let flow: FlowInfo
        let binding: AttachmentBinding
        init(flow: FlowInfo, binding: AttachmentBinding) {
            self.flow = flow
            self.binding = binding
        }
    }

    /// See ``AnyStepperMailbox/listedAt``; under the inbox's lock.
    @exclusivity(unchecked) var listedAt = -1
    // Steps wait in two buffers of the mailbox's own rather than arrays:
    // the mailbox's code is generic over step types it never sees, and
    // each append to an `Array` (or any generic buffer type) of such a type
    // looked that type up at run time (a third of emitting a step); a
    // method of this class reads the step type from the object instead.
    // Each buffer keeps its counts in front of its steps (see `Header`),
    // not in this object: per step, the emitting thread and the queue each
    // write only their own buffer, never a cache line the other reads.
    /// Steps emitted and not yet taken by a drain; under the inbox's lock.
    @exclusivity(unchecked) private var incoming: UnsafeMutableRawPointer?
    /// Steps of the batch being drained; on the queue.
    @exclusivity(unchecked) private var outgoing: UnsafeMutableRawPointer?

    /// What a step buffer holds in front of its steps.
    private struct Header {
        /// Steps in the buffer.
        var count: Int
        /// Steps it has room for.
        var capacity: Int
        /// The next step a delivery takes (the outgoing buffer's).
        var next: Int
    }

    /// Where a buffer's steps begin: after its header, aligned for a step.
    private static var stepsOffset: Int {
        let alignment = MemoryLayout<StepType>.alignment
        return (MemoryLayout<Header>.stride + alignment - 1) / alignment * alignment
    }

    private static func header(of buffer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Header> {
        buffer.assumingMemoryBound(to: Header.self)
    }

    private static func steps(of buffer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<StepType> {
        (buffer + stepsOffset).assumingMemoryBound(to: StepType.self)
    }

    /// Connects `attachment`'s stepper to `inbox`: what it emits waits here.
    init(_ attachment: Attachment, inbox: Inbox) {
        self.kept = attachment
        self.attachment = Unmanaged.passUnretained(attachment)
        attachment.stepper.steps.connect(
            sink: { [self] step in enqueue(step, in: inbox) },
            replay: { [self] pending in for step in pending { enqueue(step, in: inbox) } }
        )
    }

    func start() {
        kept?.stepper.readyToEmitSteps()
    }

    func resume(after elapsed: Duration) {
        kept?.stepper.resumeEmittingSteps(after: elapsed)
    }

    func stop() {
        guard let live = kept else { return }
        detached = Detached(flow: live.flow, binding: live.binding)
        kept = nil
        live.stepper.stopEmittingSteps()
    }

    /// Queues `step` in `inbox` for delivery through this mailbox.
    private func enqueue(_ step: StepType, in inbox: Inbox) {
        inbox.enqueueStep(for: self) { append(step) }
    }

    /// Appends `step` to the incoming steps; under the inbox's lock.
    private func append(_ step: StepType) {
        var buffer = incoming ?? Self.allocate(capacity: 16)
        var header = Self.header(of: buffer)
        if header.pointee.count == header.pointee.capacity {
            let grown = Self.allocate(capacity: header.pointee.capacity * 2)
            Self.steps(of: grown).moveInitialize(from: Self.steps(of: buffer), count: header.pointee.count)
            Self.header(of: grown).pointee.count = header.pointee.count
            buffer.deallocate()
            buffer = grown
            header = Self.header(of: grown)
        }
        incoming = buffer
        (Self.steps(of: buffer) + header.pointee.count).initialize(to: step)
        header.pointee.count += 1
    }

    /// A buffer with room for `capacity` steps, empty.
    private static func allocate(capacity: Int) -> UnsafeMutableRawPointer {
        let buffer = UnsafeMutableRawPointer.allocate(
            byteCount: stepsOffset + capacity * MemoryLayout<StepType>.stride,
            alignment: max(MemoryLayout<Header>.alignment, MemoryLayout<StepType>.alignment))
        buffer.initializeMemory(as: Header.self, repeating: Header(count: 0, capacity: capacity, next: 0), count: 1)
        return buffer
    }

    /// Releases a buffer's steps and its memory.
    private static func free(_ buffer: UnsafeMutableRawPointer?) {
        guard let buffer else { return }
        steps(of: buffer).deinitialize(count: header(of: buffer).pointee.count)
        buffer.deallocate()
    }

    func handOver() {
        // `outgoing` is empty (see finishBatch): no step is released here,
        // under the lock.
        swap(&incoming, &outgoing)
    }

    func finishBatch() {
        guard let outgoing else { return }
        let header = Self.header(of: outgoing)
        Self.steps(of: outgoing).deinitialize(count: header.pointee.count)
        header.pointee.count = 0
        header.pointee.next = 0
    }

    deinit {
        Self.free(incoming)
        Self.free(outgoing)
    }

    static func deliverNext(of mailbox: Unmanaged<AnyObject>, _ coordinator: Coordinator) {
        mailbox._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Self.self).deliverNext(coordinator) }
    }

    /// Delivers the oldest handed-over step. On the queue.
    private func deliverNext(_ coordinator: Coordinator) {
        guard let outgoing else { preconditionFailure("a delivery without its step") }
        let header = Self.header(of: outgoing)
        let position = header.pointee.next
        precondition(position < header.pointee.count, "a delivery without its step")
        header.pointee.next = position + 1
        let step = Self.steps(of: outgoing)[position]
        guard let detached else {
            return attachment._withUnsafeGuaranteedRef { coordinator.deliver(step, from: $0) }
        }
        let record = StepRecord(flow: detached.flow, step: step.stepID)
        coordinator.transition { state, transaction in
            state.reportDropped(
                record, detached.binding.detachedReason(flow: detached.flow.id, in: state), &transaction)
        }
    }
}
