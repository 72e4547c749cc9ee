import Dispatch

/// The coordinator's single FIFO of work.
///
/// Every step, from any thread, becomes a job appended here; jobs run on the
/// coordinator's serial queue in the order they were appended, one at a
/// time, never inside one another. A job that queues more work (a step
/// emitted from inside `navigate`) appends it behind everything already
/// queued, so handling never recurses and the stack never grows with the
/// length of a chain of steps.
///
/// The queue is entered once per batch: a drain takes every job queued so
/// far in one swap under the lock, runs them, and schedules itself again if
/// more arrived, leaving room for other work on a shared queue (the main
/// queue) between batches.
final class Inbox: @unchecked Sendable {
    // @unchecked: `state` is a Locked value; `queue` is immutable.
    /// A unit of work.
    ///
    /// A job gets the coordinator it runs for, held strongly by the drain
    /// for the whole batch, so a job need not hold it itself.
    enum Job {
        /// Run the closure.
        case run((Coordinator) -> Void)
        /// Run a transition the engine queued (a forwarded step, a child's
        /// exit, a stepper's initial step).
        case work(PendingWork)
        /// Deliver the next step a stepper emitted. The step itself waits,
        /// typed, in the stepper's mailbox: queueing it allocates nothing.
        /// The mailbox is named by its position in the batch's list of
        /// targets, which holds each once per batch: no retain and release
        /// per step (which the emitting thread and the queue would contend
        /// on).
        case deliverNext(listedAt: Int)
    }

    private struct State {
        var jobs: [Job] = []
        var spare: [Job] = []
        /// Attachments with steps queued since the last batch was taken.
        var listed: [any AnyStepperMailbox] = []
        var isScheduled = false
        /// Whether a job appended from off the queue runs at once, on
        /// the appending thread (see ``drainOnCaller()``).
        var drainsOnCaller = false
        var pendingAdaptations = 0
        var idleWaiters: [(countsAdaptations: Bool, waiter: @Sendable () -> Void)] = []

        func isIdle(countingAdaptations: Bool) -> Bool {
            !isScheduled && (pendingAdaptations == 0 || !countingAdaptations)
        }

        /// Marks a drain scheduled; returns whether one must be scheduled.
        mutating func markScheduled() -> Bool {
            if isScheduled { return false }
            isScheduled = true
            return true
        }
    }

    let queue: DispatchQueue
    private let state = Locked(State())
    /// The coordinator the jobs run for. Weak: the coordinator owns the
    /// inbox. A drain loads it once per batch and holds it to the end of
    /// the batch, so the coordinator cannot be deinitialised while a job
    /// runs; once it is gone, its remaining jobs are discarded unrun.
    weak var owner: Coordinator?

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// Appends `job`; it runs on the queue after every job appended before.
    func enqueue(_ job: @escaping (Coordinator) -> Void) {
        let (mustSchedule, onCaller) = state.withLock { state in
            state.jobs.append(.run(job))
            return (state.markScheduled(), state.drainsOnCaller)
        }
        guard mustSchedule else { return }
        // Off the queue, with nothing else queued: the batch runs now,
        // inside `queue.sync` (serial with every other job, in order).
        if onCaller, let owner, !owner.isOnQueue {
            queue.sync { drain() }
        } else {
            schedule()
        }
    }

    /// From now on, a job appended from off the queue while no batch is
    /// scheduled runs at once on the appending thread, inside
    /// `queue.sync`, instead of on a thread the queue wakes: for a tool
    /// that gives an input and waits for the engine to settle at once
    /// (the hop to the queue's thread and back was most of a script's
    /// time). Jobs still run one at a time, in the order appended, on the
    /// queue; steps steppers emit and jobs appended while a batch runs
    /// are scheduled as before.
    func drainOnCaller() {
        state.withLock { $0.drainsOnCaller = true }
    }

    /// Appends queued engine work; it runs after every job appended before.
    func enqueue(_ work: PendingWork) {
        let mustSchedule = state.withLock { state in
            state.jobs.append(.work(work))
            return state.markScheduled()
        }
        if mustSchedule { schedule() }
    }

    /// Appends a step for `target`: `append` stores it in the target (under
    /// the inbox's lock), and a job to deliver it joins the FIFO.
    func enqueueStep(for target: any AnyStepperMailbox, _ append: () -> Void) {
        let mustSchedule = state.withLock { state in
            append()
            if target.listedAt < 0 {
                target.listedAt = state.listed.count
                state.listed.append(target)
            }
            state.jobs.append(.deliverNext(listedAt: target.listedAt))
            return state.markScheduled()
        }
        if mustSchedule { schedule() }
    }

    /// Counts an adaptation whose answer has not arrived: the inbox is not
    /// idle until it does.
    func beginAdaptation() {
        state.withLock { $0.pendingAdaptations += 1 }
    }

    /// Ends what ``beginAdaptation()`` started. Called from a job.
    func endAdaptation() {
        state.withLock { $0.pendingAdaptations -= 1 }
    }

    /// Calls `waiter` once no job is queued or running and, when
    /// `countingAdaptations`, no adaptation is pending: at once (on the
    /// caller's thread) if that is already so, otherwise on the queue when
    /// the last job finishes.
    func whenIdle(countingAdaptations: Bool = true, _ waiter: @escaping @Sendable () -> Void) {
        let isIdle = state.withLock { state in
            if state.isIdle(countingAdaptations: countingAdaptations) { return true }
            state.idleWaiters.append((countingAdaptations, waiter))
            return false
        }
        if isIdle { waiter() }
    }

    private func schedule() {
        queue.async { self.drain() }
    }

    private func drain() {
        var (batch, targets) = state.withLock { state in
            var batch = state.spare
            state.spare = []
            swap(&batch, &state.jobs)
            // The steps behind this batch's deliveries move to the queue's
            // side with it; steps queued from now on wait for the next. The
            // batch's deliveries name these targets by position.
            var targets: [any AnyStepperMailbox] = []
            swap(&targets, &state.listed)
            for target in targets {
                target.handOver()
                target.listedAt = -1
            }
            return (batch, targets)
        }
        if let coordinator = owner, !batch.isEmpty {
            // Each mailbox unretained, with its type to call it by: a
            // delivery neither retains nor releases its mailbox (`targets`
            // holds each for the batch).
            let mailboxes = targets.map { (Unmanaged.passUnretained($0 as AnyObject), type(of: $0)) }
            for job in batch {
                switch job {
                case .run(let body): body(coordinator)
                case .work(let work): coordinator.run(work)
                case .deliverNext(let position):
                    let (mailbox, kind) = mailboxes[position]
                    kind.deliverNext(of: mailbox, coordinator)
                }
            }
        }
        // Outside the lock: releasing a step may run a payload's deinit,
        // which may emit a step and so take the lock.
        for target in targets { target.finishBatch() }
        targets = []
        batch.removeAll(keepingCapacity: true)
        // Settled: nothing left to handle, so the navigator renders what it
        // came to, once. (What it emits while rendering is queued, and the
        // check below schedules it.)
        if let coordinator = owner, state.withLock({ $0.jobs.isEmpty }) { coordinator.flushRender() }
        let (mustReschedule, waiters) = state.withLock { state -> (Bool, [@Sendable () -> Void]) in
            if state.spare.capacity < batch.capacity { state.spare = batch }
            guard state.jobs.isEmpty else { return (true, []) }
            state.isScheduled = false
            let adaptationsDone = state.pendingAdaptations == 0
            var ready: [@Sendable () -> Void] = []
            state.idleWaiters.removeAll { entry in
                guard adaptationsDone || !entry.countsAdaptations else { return false }
                ready.append(entry.waiter)
                return true
            }
            return (false, ready)
        }
        if mustReschedule { schedule() }
        for waiter in waiters { waiter() }
    }
}
