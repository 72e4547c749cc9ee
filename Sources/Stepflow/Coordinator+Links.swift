import Dispatch

// Steps from outside the flows: deep links and routed links.
extension Coordinator {
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
            log?.append(.deepLink(step: step.stepID))
            let tally = engine.beginDeepLink(step, completion: completion)
            for program in engine.deepLinkTargets() {
                transition { state, transaction in state.deliverDeepLink(step, to: program, tally: tally, &transaction)
                }
            }
            transition { state, transaction in state.settle(tally, &transaction) }
        }
    }

    /// Delivers a deep link, as ``navigate(to:completion:)`` does, and
    /// waits for how it ended: the flows that handled it, those that
    /// declined it, those an earlier delivery ended. For Swift-concurrency
    /// callers:
    ///
    /// ```swift
    /// let result = await coordinator.navigate(to: ResultsStep.show(.positive))
    /// if !result.isHandled { log(result) }
    /// ```
    ///
    /// Cancelling the awaiting task neither cancels nor loses the step: it
    /// is delivered all the same, reported as an event, and the await
    /// returns its result.
    public func navigate<S: Step>(to step: S) async -> DeepLinkResult {
        await withCheckedContinuation { continuation in
            navigate(to: step) { result in continuation.resume(returning: result) }
        }
    }

    /// Opens a link: delivers its step to the live flow it is for (its
    /// `adapt`, then `navigate`), or, when no such flow is live, does what
    /// its ``LinkFallback`` says (restart at the link, hold it until that
    /// flow starts, or decline it with a reason). Nothing is lost without
    /// a word: how it ended is reported as ``NavigationEvent/link(_:_:)``,
    /// and `completion` runs on the queue with it.
    ///
    /// A manifest's root flow makes the delivery from an outside address
    /// (`RootFlow.route(link:)`); a save records the address.
    public func open(_ link: LinkDelivery, completion: (@Sendable (LinkOutcome) -> Void)? = nil) {
        inbox.enqueue { [self] _ in
            log?.append(.link(address: link.address))
            transition { state, transaction in state.openLink(link, completion: completion, &transaction) }
        }
    }

    /// Opens a link, as ``open(_:completion:)`` does, and waits for how it
    /// ended. Cancelling the awaiting task does not cancel the link.
    public func open(_ link: LinkDelivery) async -> LinkOutcome {
        await withCheckedContinuation { continuation in
            open(link) { outcome in continuation.resume(returning: outcome) }
        }
    }
}
