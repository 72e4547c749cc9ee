/// An ``EngineState`` up to what the engine cannot tell apart: the
/// numbers it allocated (flow, screen and stepper ids) are replaced by their
/// order, and flows by how they were started. Two live states with equal
/// keys handle every later input the same way, so an explorer merges them
/// and no other two.
///
/// What it holds, per live flow in tree order: how it was started (its
/// parent's position, the parent's step, the part of that navigation), its
/// readiness, its screens (content, presentation, visibility, their order
/// among all presented screens), its dismissed screens kept for late steps,
/// and every attached stepper by what it declared and has spent.
///
/// Known limit: a stepper is known by its declarations, not by its object,
/// so a flow that contributes the very same stepper object twice (the
/// engine refuses the second) is merged with one that contributes two
/// equal ones. No bundled module does either.
package struct StateKey: Hashable, @unchecked Sendable {
    // @unchecked: the parts wrap Sendable values (steps, screens,
    // declarations, numbers).
    private let parts: [AnyHashable]

    /// The key of `state`.
    ///
    /// - Complexity: O(flows + screens + steppers) hashable parts.
    package init(_ state: EngineState) {
        var parts: [AnyHashable] = []
        let order = state.navigation.flowsInTreeOrder
        var rank: [FlowID: Int] = [:]
        for (position, id) in order.enumerated() { rank[id] = position }
        // Presented screens by their order of presentation, across flows:
        // it decides which is on top now and after each removal.
        var presented: [ScreenInstanceID] = []
        for id in order { presented += state.navigation.flows[id]?.stack.map(\.id) ?? [] }
        presented.sort()
        var screenRank: [ScreenInstanceID: Int] = [:]
        for (position, id) in presented.enumerated() { screenRank[id] = position }

        func attachment(_ id: AttachmentID) {
            guard let record = state.attachments[id] else { return parts.append(-1) }
            switch record.unit.binding {
            case .flowStepper: parts.append("flowStepper")
            case .flow: parts.append("flow")
            case .screen: parts.append("screen")
            }
            parts.append(record.unit.declarationKey)
            parts.append(record.spent)
        }

        for id in order {
            guard let flow = state.flows[id], let tree = state.navigation.flows[id] else { continue }
            let launch = flow.program.launch
            parts.append("flow")
            parts.append(launch.parent.flatMap { rank[$0] } ?? -1)
            parts.append(launch.step ?? AnyHashable(-1))
            parts.append(launch.element)
            parts.append(flow.isReady)
            for screen in tree.stack {
                parts.append("screen")
                parts.append(screenRank[screen.id] ?? -1)
                parts.append(screen.presentation)
                if let record = flow.screens[screen.id] {
                    parts.append(AnyHashable(record.screen))
                    parts.append(record.visibility.rawValue)
                    record.steppers.forEach(attachment)
                }
            }
            for screenID in flow.screens.keys.sorted() {
                guard let record = flow.screens[screenID], !record.isPresented else { continue }
                parts.append("kept")
                parts.append(AnyHashable(record.screen))
                parts.append(record.visibility.rawValue)
                record.steppers.forEach(attachment)
            }
            parts.append("steppers")
            flow.steppers.forEach(attachment)
        }
        self.parts = parts
    }
}
