// Opening a link: the engine's transition for ``LinkDelivery``, the same
// live (``Coordinator/open(_:completion:)``) and in analysis (an input of
// every state).
extension EngineState {
    /// The first live flow, in tree order, named `name`.
    func liveProgram(named name: String) -> (any FlowProgram)? {
        for id in navigation.flowsInTreeOrder {
            if let program = flows[id]?.program, program.info.name == name { return program }
        }
        return nil
    }

    /// Opens `link`: delivers its step to the live flow it is for, or does
    /// what its fallback says; reports how it ended as
    /// ``NavigationEvent/link(_:_:)`` (and calls `completion`) once every
    /// flow it reached has answered.
    mutating func openLink(
        _ link: LinkDelivery, completion: (@Sendable (LinkOutcome) -> Void)?, _ transaction: inout Transaction
    ) {
        func finish(_ outcome: LinkOutcome, _ transaction: inout Transaction) {
            transaction.emit { .link(link.address, outcome) }
            if let completion { transaction.effects.append(.call { completion(outcome) }) }
        }
        if let program = liveProgram(named: link.target) {
            let tally = beginLinkTally { result, transaction in finish(.delivered(result), &transaction) }
            program.deliverDeepLink(link.step, to: tally, in: &self, &transaction)
            settle(tally, &transaction)
            return
        }
        switch link.otherwise {
        case .decline(let reason):
            finish(.declined(reason: reason), &transaction)
        case .wait:
            guard !navigation.roots.isEmpty else { return finish(.endedWhileHeld, &transaction) }
            // The same address opened again while held (a notification
            // tapped twice) is held once, where it was first.
            if !heldLinks.contains(link) { heldLinks.append(link) }
            finish(.held, &transaction)
        case .restart(let step):
            // What runs under the roots ends (its screens removed, its
            // steppers stopped, no exit taken); the roots are given the step.
            let roots = navigation.roots
            for root in roots {
                for child in navigation.flowsInTreeOrder where flows[child]?.program != nil {
                    guard navigation.flows[child]?.parent == root else { continue }
                    command(.end(child), &transaction)
                }
            }
            let tally = beginLinkTally { result, transaction in finish(.restarted(result), &transaction) }
            for root in roots {
                guard let program = flows[root]?.program else { continue }
                program.deliverDeepLink(step, to: tally, in: &self, &transaction)
            }
            settle(tally, &transaction)
        }
    }

    /// Starts a tally whose result `finish` reports; returns its number.
    private mutating func beginLinkTally(
        _ finish: @escaping (DeepLinkResult, inout Transaction) -> Void
    ) -> Int {
        lastDeepLink += 1
        deepLinks[lastDeepLink] = DeepLinkTally(finish: finish)
        return lastDeepLink
    }

    /// Flow `id` navigated its first step: the links held for a flow of
    /// its name are queued for it, in the order they arrived.
    mutating func releaseHeldLinks(for id: FlowID, _ transaction: inout Transaction) {
        guard !heldLinks.isEmpty, let name = flows[id]?.program.info.name else { return }
        let released = heldLinks.filter { $0.target == name }
        guard !released.isEmpty else { return }
        heldLinks.removeAll { $0.target == name }
        for link in released {
            transaction.enqueue(
                PendingWork { state, transaction in state.openLink(link, completion: nil, &transaction) })
        }
    }

    /// Every root ended: links still held are reported, not kept.
    mutating func dropHeldLinksIfEnded(_ transaction: inout Transaction) {
        guard !heldLinks.isEmpty, navigation.roots.isEmpty else { return }
        for link in heldLinks { transaction.emit { .link(link.address, .endedWhileHeld) } }
        heldLinks.removeAll()
    }
}
