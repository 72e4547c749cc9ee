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
    /// Show the flow's live children as sections side by side, one of
    /// them selected by name. A flow shows its sections once.
    case showSections(FlowID, [SectionState], selected: String)
    /// Select the section called `name` of the flow: its stack comes back
    /// as it was left, the others' are kept hidden.
    case selectSection(FlowID, name: String)
    /// Change the record, as the module instance `by` asked (`nil`: the
    /// variant itself, at an entry's boundary), with a value from `origin`
    /// (typed, answered; `nil`: made by the module).
    case record(RecordOperation, by: String?, origin: ValueOrigin?)
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
    /// A flow showed sections side by side (by name, in order), one
    /// selected.
    case sectionsShown(FlowInfo, sections: [String], selected: String)
    /// A flow's selected section changed: a person or the flow selected
    /// it, or the selected one's flow ended and the first left took its
    /// place.
    case sectionSelected(FlowInfo, section: String)
    /// The variant's record changed.
    case recorded(RecordChange)
    /// A flow wrote or read an entry of the record its module instance
    /// may not (``RecordSchema``): nothing changed, and the reason says
    /// how to fix it.
    case recordRefused(reason: String)

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
        case .sectionsShown(let flow, let sections, let selected):
            "\(flow.name) showed sections \(sections.joined(separator: ", ")) (\(selected) selected)"
        case .sectionSelected(let flow, let section): "\(flow.name) selected section \(section)"
        case .recorded(let change): change.description
        case .recordRefused(let reason): "record refused: \(reason)"
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
            } else if screen.presentation == .modal, let stack = flows[id]?.stack,
                let base = stack.lastIndex(where: { $0.presentation == .modal }),
                stack[base].screenID == screen.screenID
            {
                // The same modal again replaces the one showing (and what
                // the flow showed over it): one sheet of a kind at a time.
                removeScreens(of: id, from: base, into: &changes)
            }
            flows[id]!.stack.append(screen)  // looked up just above
            screenOwners[screen.id] = id
            if top.map({ $0 < screen.id }) ?? true, !isHidden(id) { top = screen.id }
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
            if let parent = flow.parent, sectionOwners.contains(parent) {
                removeSection(run: id, of: parent, into: &changes)
                recomputeTop()
            } else if let top, screenOwners[top] == nil {
                // Only when the subtree held the top: ending one of many
                // flows must not cost a scan of all of them.
                recomputeTop()
            }

        case .showSections(let id, let sections, let selected):
            guard let flow = flows[id] else { return changes.append(ended(id, command)) }
            if let problem = problem(showing: sections, selected: selected, in: flow) {
                return changes.append(.rejected(reason: problem))
            }
            flows[id]!.sections = sections  // looked up just above
            flows[id]!.selectedSection = sections.firstIndex { $0.name == selected }
            flows[id]!.sectionsMark = screenOwners.keys.max()
            sectionOwners.insert(id)
            recomputeTop()
            changes.append(.sectionsShown(flow.info, sections: sections.map(\.name), selected: selected))

        case .selectSection(let id, let name):
            guard let flow = flows[id] else { return changes.append(ended(id, command)) }
            guard let index = flow.sections.firstIndex(where: { $0.name == name }) else {
                let names = flow.sections.map { "'\($0.name)'" }.joined(separator: ", ")
                return changes.append(
                    .rejected(
                        reason: flow.sections.isEmpty
                            ? "\(flow.info.name) shows no sections, so it cannot select '\(name)'. To fix, show "
                                + "them first with .sections(…)."
                            : "\(flow.info.name) has no section '\(name)'; it has \(names)."))
            }
            guard index != flow.selectedSection else { return }
            flows[id]!.selectedSection = index  // looked up just above
            recomputeTop()
            changes.append(.sectionSelected(flow.info, section: name))

        case .record(let operation, let writer, let origin):
            if let change = record.apply(operation, by: writer, from: origin) { changes.append(.recorded(change)) }
        }
    }

    /// Why `sections` cannot be shown by `flow`, if they cannot.
    private func problem(showing sections: [SectionState], selected: String, in flow: FlowState) -> String? {
        let name = flow.info.name
        if !flow.sections.isEmpty {
            return "\(name) already shows sections. A flow shows its sections once; to change them, end the flow "
                + "and start it again."
        }
        if sections.isEmpty { return "\(name) showed no sections. To fix, give at least one." }
        var seen: Set<String> = []
        for section in sections {
            guard seen.insert(section.name).inserted else {
                return "\(name) showed two sections called '\(section.name)'. To fix, name each section once."
            }
            guard flow.childSet.contains(section.flow) else {
                return "section '\(section.name)' of \(name) is run by \(section.flow), which is not a live child "
                    + "of it."
            }
        }
        guard seen.contains(selected) else {
            return "\(name) selected '\(selected)', which is none of its sections "
                + "(\(sections.map { "'\($0.name)'" }.joined(separator: ", "))). To fix, select one of them."
        }
        return nil
    }

    /// Forgets the section run by `flow`, which ended, in `owner`; when
    /// it was the selected one, the first left is selected (and when none
    /// is left, the owner shows no sections any more).
    private mutating func removeSection(run flow: FlowID, of owner: FlowID, into changes: inout [NavigationChange]) {
        guard var state = flows[owner], let index = state.sections.firstIndex(where: { $0.flow == flow }) else {
            return
        }
        let wasSelected = state.selectedSection == index
        state.sections.remove(at: index)
        if state.sections.isEmpty {
            state.selectedSection = nil
            state.sectionsMark = nil
            sectionOwners.remove(owner)
        } else if wasSelected {
            state.selectedSection = 0
            changes.append(.sectionSelected(state.info, section: state.sections[0].name))
        } else if let selected = state.selectedSection, selected > index {
            state.selectedSection = selected - 1
        }
        flows[owner] = state
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
        if !flow.sections.isEmpty { sectionOwners.remove(id) }
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
        if sectionOwners.isEmpty {
            top = flows.values.lazy.compactMap { $0.stack.last?.id }.max()
        } else {
            var newest: ScreenInstanceID?
            for (id, flow) in flows {
                guard let last = flow.stack.last?.id, newest.map({ $0 < last }) ?? true, !isHidden(id) else { continue }
                newest = last
            }
            top = newest
        }
    }
}

extension FlowState {
    /// The index of the screen the top layer starts at: the last modal
    /// screen, or 0 (the flow's root).
    var topLayerBase: Int {
        stack.lastIndex(where: { $0.presentation == .modal }) ?? 0
    }
}
