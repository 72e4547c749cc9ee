import Dispatch

extension Coordinator {
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
            let state = engine.navigation
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
    package var events: AsyncStream<NavigationEvent> {
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
        _ = waitUntilIdle(countingAdaptations: includingPendingAdaptations, until: .distantFuture)
    }

    /// Blocks until every queued step has been handled and no deferred
    /// `adapt` answer is pending, or `limit` has passed. Returns whether it
    /// became idle: `false` means an answer is still awaited (a tool says
    /// what it waited for). Never call it on the coordinator's queue.
    public func waitUntilIdle(atMost limit: Duration) -> Bool {
        let (seconds, attoseconds) = limit.components
        // Clamped: a longer wait than a day is a wait for ever here.
        let nanoseconds = min(max(0, seconds), 86_400) * 1_000_000_000 + max(0, attoseconds) / 1_000_000_000
        return waitUntilIdle(countingAdaptations: true, until: .now() + .nanoseconds(Int(nanoseconds)))
    }

    /// The one wait behind both: a waiter on the inbox, a semaphore, and
    /// the queue drained so its writes are ordered before the caller's
    /// reads in a way the thread sanitizer can see.
    private func waitUntilIdle(countingAdaptations: Bool, until deadline: DispatchTime) -> Bool {
        precondition(
            !isOnQueue,
            """
            waitUntilIdle() was called on the coordinator's queue, where it would wait for itself forever. To fix, \
            call it from another thread, or use onIdle(_:).
            """
        )
        let semaphore = DispatchSemaphore(value: 0)
        inbox.whenIdle(countingAdaptations: countingAdaptations) { semaphore.signal() }
        let became = semaphore.wait(timeout: deadline)
        queue.sync {}
        return became == .success
    }

    /// Suspends until the coordinator is idle (see ``waitUntilIdle(includingPendingAdaptations:)``).
    package func idle() async {
        await withCheckedContinuation { continuation in
            inbox.whenIdle { continuation.resume() }
        }
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume() }
        }
    }

    /// Calls `body` once the coordinator is idle: at once on the caller's
    /// thread if it already is, otherwise on the queue.
    package func onIdle(_ body: @escaping @Sendable () -> Void) {
        inbox.whenIdle(body)
    }

    /// The current state. Reads it on the queue (synchronously, unless the
    /// caller is already on it).
    public var currentState: NavigationState {
        isOnQueue ? engine.navigation : queue.sync { engine.navigation }
    }

    /// What the variant's record holds that outlives the walk: the entries
    /// its schema keeps on the device (a result waiting for the lab), for
    /// the app to persist and give back to
    /// ``coordinate(flow:with:keeping:)`` at its next launch. Read as
    /// ``currentState`` is.
    public var keptOnDevice: VariantRecord {
        isOnQueue ? engine.keptOnDevice() : queue.sync { engine.keptOnDevice() }
    }

    /// The engine's whole state (for analysis and tests), read as
    /// ``currentState`` is.
    package var engineState: EngineState {
        isOnQueue ? engine : queue.sync { engine }
    }

    /// Counts of what the coordinator has done so far.
    package var statistics: Statistics {
        isOnQueue ? engine.statistics : queue.sync { engine.statistics }
    }

    /// Counts of what a coordinator has done.
    package typealias Statistics = EngineStatistics
}
