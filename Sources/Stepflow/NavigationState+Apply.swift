/// A change to a ``NavigationState``, in terms of ids: what the coordinator
/// makes of a ``Navigation`` once it has allocated ids for new flows and
/// screens. ``NavigationState/apply(_:)`` is the only way state changes.
public enum NavigationCommand: Hashable, Sendable {
    /// Add a flow, as a root when `parent` is `nil`.
    case startFlow(FlowInfo, parent: FlowID?)
    /// Record that a flow has navigated its first step.
    case markReady(FlowID)
    /// Present a screen in its flow (``PresentedScreen/flow``).
    case show(PresentedScreen)
    /// Remove the flow's top pushed screen.
    case pop(FlowID)
    /// Remove the flow's pushed screens above the base of its top layer.
    case popToRoot(FlowID)
    /// Remove the flow's top modal screen and everything above it.
    case dismiss(FlowID)
    /// Remove the flow and its whole subtree.
    case end(FlowID)
    /// Remove this screen and every screen above it in its flow: what the
    /// UI did itself (a back swipe, a sheet swiped away).
    case removeScreen(ScreenInstanceID)
}

/// What applying a ``NavigationCommand`` changed. Renderers and events use
/// these; the order is the order things happened in.
///
/// This enum grows: later versions add cases. End a `switch` over it
/// with `@unknown default:`, so a new case is a warning to handle, not
/// a build that breaks.
public enum NavigationChange: Hashable, Sendable, CustomStringConvertible {
    /// A flow started.
    case flowStarted(FlowInfo, parent: FlowID?)
    /// A flow navigated its first step.
    case flowReady(FlowInfo)
    /// A screen was presented.
    case presented(PresentedScreen)
    /// A screen went away: popped, dismissed, replaced, or its flow ended.
    case removed(PresentedScreen)
    /// A flow ended; its children's `flowEnded` come before it.
    case flowEnded(FlowInfo)
    /// A command or part of a navigation could not be applied; the state is
    /// unchanged by it. The reason says why and how to fix it.
    case rejected(reason: String)
    /// A step was queued for a flow (``Navigation/forward(_:)``).
    case forwarded(StepRecord)
    /// A flow handed an exit step to its parent (ending or not): the
    /// exit's step id, and the name a parent routes it by (a
    /// ``ModuleExit``'s ``ModuleExit/exitName``, else the case name).
    case exited(FlowInfo, exit: String, name: String)

    /// One line, for traces.
    public var description: String {
        switch self {
        case .flowStarted(let flow, _): "started \(flow.name)"
        case .flowReady(let flow): "ready \(flow.name)"
        case .presented(let screen): "showed \(screen.qualifiedID) (\(screen.presentation.rawValue))"
        case .removed(let screen): "removed \(screen.qualifiedID)"
        case .flowEnded(let flow): "ended \(flow.name)"
        case .rejected(let reason): "rejected: \(reason)"
        case .forwarded(let step): "forwarded \(step)"
        case .exited(let flow, let exit, _): "exit \(flow.name).\(exit)"
        }
    }
}

extension NavigationState {
    /// Applies `command` and returns what changed. Pure: no I/O, no
    /// callbacks; the same state and command always give the same result.
    ///
    /// A command that cannot apply (popping a flow's only screen, showing a
    /// screen in an ended flow) leaves the state unchanged and returns a
    /// single ``NavigationChange/rejected(reason:)`` that says why and how
    /// to fix it.
    ///
    /// - Complexity: O(screens of the flow + live flows) for screen
    ///   commands, O(subtree) for `end`.
    @discardableResult
    public mutating func apply(_ command: NavigationCommand) -> [NavigationChange] {
        var changes: [NavigationChange] = []
        apply(command, into: &changes)
        return changes
    }

    /// Applies `command`, appending what changed to `changes`.
    public mutating func apply(_ command: NavigationCommand, into changes: inout [NavigationChange]) {
        switch command {
        case .startFlow(let info, let parent):
            guard flows[info.id] == nil else {
                return changes.append(.rejected(reason: "\(info.id) (\(info.name)) is already live"))
            }
            if let parent {
                guard flows[parent] != nil else {
                    return changes.append(.rejected(reason: "parent \(parent) of \(info.name) has ended"))
                }
                flows[parent]!.childSet.insert(info.id)  // checked just above
            } else {
                roots.append(info.id)
            }
            flows[info.id] = FlowState(info: info, parent: parent)
            changes.append(.flowStarted(info, parent: parent))

        case .markReady(let id):
            guard let flow = flows[id] else { return changes.append(ended(id, command)) }
            guard !flow.isReady else { return }
            flows[id]!.isReady = true  // looked up just above
            changes.append(.flowReady(flow.info))

        case .show(let screen):
            let id = screen.flow.id
            guard flows[id] != nil else { return changes.append(ended(id, command)) }
            if screen.presentation == .replace {
                removeScreens(of: id, from: 0, into: &changes)
            }
            flows[id]!.stack.append(screen)  // looked up just above
            screenOwners[screen.id] = id
            if top.map({ $0 < screen.id }) ?? true { top = screen.id }
            changes.append(.presented(screen))

        case .pop(let id):
            guard let flow = flows[id] else { return changes.append(ended(id, command)) }
            let base = flow.topLayerBase
            guard flow.stack.count - 1 > base else {
                let reason =
                    flow.stack.isEmpty
                    ? "\(flow.info.name) has no screen to pop. To fix, return .none or end the flow."
                    : """
                    \(flow.info.name) cannot pop '\(flow.stack[base].screenID)': it is the base of its layer. To \
                    fix, return .dismiss for a modal screen or .end(…) to leave the flow.
                    """
                return changes.append(.rejected(reason: reason))
            }
            removeScreens(of: id, from: flow.stack.count - 1, into: &changes)

        case .popToRoot(let id):
            guard let flow = flows[id] else { return changes.append(ended(id, command)) }
            removeScreens(of: id, from: flow.topLayerBase + 1, into: &changes)

        case .dismiss(let id):
            guard let flow = flows[id] else { return changes.append(ended(id, command)) }
            let base = flow.topLayerBase
            guard base < flow.stack.count, flow.stack[base].presentation == .modal else {
                return changes.append(
                    .rejected(
                        reason:
                            """
                            \(flow.info.name) has no modal screen to dismiss. To fix, show the screen with .modal, \
                            or return .pop.
                            """
                    ))
            }
            removeScreens(of: id, from: base, into: &changes)

        case .removeScreen(let screenID):
            guard let id = screenOwners[screenID], let index = flows[id]?.stack.firstIndex(where: { $0.id == screenID })
            else {
                return changes.append(.rejected(reason: "\(screenID) is not shown, so the UI cannot have removed it."))
            }
            removeScreens(of: id, from: index, into: &changes)

        case .end(let id):
            guard let flow = flows[id] else { return changes.append(ended(id, command)) }
            if let parent = flow.parent {
                flows[parent]?.childSet.remove(id)
            } else if let index = roots.lastIndex(of: id) {
                roots.remove(at: index)
            }
            removeSubtree(id, into: &changes)
            // Only when the subtree held the top: ending one of many flows
            // must not cost a scan of all of them.
            if let top, screenOwners[top] == nil { recomputeTop() }
        }
    }

    private func ended(_ id: FlowID, _ command: NavigationCommand) -> NavigationChange {
        .rejected(reason: "\(id) has ended; \(command) was not applied")
    }

    /// Removes the flow's screens at `index...`, top first.
    private mutating func removeScreens(of id: FlowID, from index: Int, into changes: inout [NavigationChange]) {
        guard let count = flows[id]?.stack.count, index < count else { return }
        for position in (index..<count).reversed() {
            let screen = flows[id]!.stack[position]  // index within the count read above
            screenOwners[screen.id] = nil
            changes.append(.removed(screen))
        }
        flows[id]!.stack.removeSubrange(index...)
        if let top, screenOwners[top] == nil { recomputeTop() }
    }

    /// Removes `id` and its descendants, children first, each flow's screens
    /// top first.
    private mutating func removeSubtree(_ id: FlowID, into changes: inout [NavigationChange]) {
        guard let flow = flows.removeValue(forKey: id) else { return }
        for child in flow.childSet.sorted(by: >) {
            removeSubtree(child, into: &changes)
        }
        for screen in flow.stack.reversed() {
            screenOwners[screen.id] = nil
            changes.append(.removed(screen))
        }
        changes.append(.flowEnded(flow.info))
    }

    /// The most recently presented screen still presented.
    private mutating func recomputeTop() {
        // (A closure, not a key path: an optional-chained key path is
        // projected at run time.)
        top = flows.values.lazy.compactMap { $0.stack.last?.id }.max()
    }
}

extension FlowState {
    /// The index of the screen the top layer starts at: the last modal
    /// screen, or 0 (the flow's root).
    var topLayerBase: Int {
        stack.lastIndex(where: { $0.presentation == .modal }) ?? 0
    }
}
