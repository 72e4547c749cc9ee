// Applying what `navigate` returned to the engine state, part by part.
extension FlowProgramOf {
    /// Applies the parts in order. Out of line: its loop needs the element
    /// type's metadata, a run-time lookup the fast path above avoids.
    @inline(never)
    func apply(
        _ elements: [Navigation<StepType, F.ExitType>.Element], for step: StepType, in state: inout EngineState,
        _ transaction: inout Transaction
    ) {
        // By index: an enumerated sequence of a generic element type looks
        // up its iterator's metadata at run time on every element.
        for position in 0..<elements.count {
            let element = elements[position]
            guard state.flows[info.id] != nil else {
                transaction.changes.append(
                    .rejected(
                        reason:
                            """
                            \(info.name) ended earlier in this navigation, so its later parts were not applied. To \
                            fix, put .end(…) last.
                            """
                    ))
                continue
            }
            apply(element, at: position, for: step, in: &state, &transaction)
        }
    }

    func apply(
        _ element: Navigation<StepType, F.ExitType>.Element, at position: Int, for step: StepType,
        shows: [RecordShown] = [], in state: inout EngineState, _ transaction: inout Transaction
    ) {
        let id = info.id
        switch element {
        case .show(var screen, let presentation, let stepper, let visibility):
            // What it shows of the record: the entries read to make it, and
            // its bound fields holding their entries' values.
            if !shows.isEmpty { screen.shows = shows }
            screen.fields = state.filled(screen.fields)
            state.lastScreenID += 1
            let instance = ScreenInstanceID(rawValue: state.lastScreenID)
            let presented: PresentedScreen
            let part: KeyPart
            if let names = transaction.names {
                // An explorer: states holding this screen share one copy.
                let shown = names.shown(screen, flow: info)
                part = shown.part
                presented = PresentedScreen(
                    id: instance, flow: info, content: shown.content, presentation: presentation,
                    visibility: visibility)
            } else {
                part = KeyPart.of(screen)
                presented = PresentedScreen(
                    id: instance, flow: info, screen: screen, presentation: presentation, visibility: visibility,
                    names: nil)
            }
            state.command(.show(presented), &transaction)
            var record = ScreenRecord(part: part, visibility: visibility)
            if let stepper {
                record.steppers.append(
                    contentsOf: state.attach(
                        stepper, to: self,
                        binding: .screen(
                            instance, qualifiedID: presented.qualifiedID, screenID: screen.id, visibility: visibility),
                        &transaction))
            }
            state.flows[id]?.screens[instance] = record
        case .contribute(let stepper):
            let attached = state.attach(stepper, to: self, binding: .flow, &transaction)
            state.flows[id]?.steppers.append(contentsOf: attached)
        case .pop:
            state.command(.pop(id), &transaction)
        case .popToRoot:
            state.command(.popToRoot(id), &transaction)
        case .dismiss:
            state.command(.dismiss(id), &transaction)
        case .start(let child):
            child.launch(
                ChildLauncher(
                    parent: self,
                    key: LaunchKey(
                        parent: id, step: transaction.names?.part(of: step) ?? KeyPart.of(step),
                        element: position),
                    scope: child.scope ?? state.recordScope(of: id)),
                &state, &transaction)
        case .sections(let sections, let selected):
            if let problem = Self.problem(showing: sections.map(\.name), selected: selected, in: info.name) {
                return transaction.changes.append(.rejected(reason: problem))
            }
            let step = transaction.names?.part(of: step) ?? KeyPart.of(step)
            var shown: [SectionState] = []
            for (index, section) in sections.enumerated() {
                let flow = FlowID(rawValue: state.lastFlowID + 1)
                section.child.launch(
                    ChildLauncher(
                        parent: self, key: LaunchKey(parent: id, step: step, element: position, section: index),
                        scope: section.child.scope ?? state.recordScope(of: id)),
                    &state, &transaction)
                shown.append(
                    SectionState(name: section.name, label: section.label, labelKey: section.labelKey, flow: flow))
            }
            state.command(.showSections(id, shown, selected: selected), &transaction)
        case .select(let name):
            state.command(.selectSection(id, name: name), &transaction)
        case .record(let operation):
            state.record(operation, by: info, &transaction)
        case .reading(let keys, let reader):
            let view = state.recordView(keys, for: info, &transaction)
            let made = reader.make(view)
            guard made.isHandled else {
                return transaction.changes.append(
                    .recordRefused(
                        reason: """
                            \(info.name) read \(keys.joined(separator: ", ")) and made .unhandled of it, which only \
                            navigate(to:) may return. To fix, return .none.
                            """))
            }
            let read = shows + view.shown.filter { shown in !shows.contains { $0.key == shown.key } }
            // Nested parts count after this one: a child each starts keeps
            // a launch key of its own.
            for (index, nested) in made.elements.enumerated() {
                guard state.flows[id] != nil else { break }
                apply(nested, at: (position + 1) << 10 | index, for: step, shows: read, in: &state, &transaction)
            }
        case .forward(let next):
            transaction.enqueue(
                PendingWork { [self] state, transaction in
                    guard state.flows[id] != nil else {
                        return state.reportDropped(record(next, nil), .flowEnded, &transaction)
                    }
                    receive(next, origin: .forwarded, in: &state, &transaction)
                })
            if transaction.observes { transaction.changes.append(.forwarded(record(next, transaction.names))) }
        case .forwardToParent(let exit):
            guard let exitRoute else {
                return state.reportDropped(StepRecord(flow: info, step: exit), .noParent, &transaction)
            }
            hand(exit, to: exitRoute, &transaction)
        case .end(let exit):
            state.command(.end(id), &transaction)
            if transaction.observes { transaction.exits[id] = transaction.id(of: exit) }
            if let exitRoute {
                hand(exit, to: exitRoute, &transaction)
            } else if transaction.observes {
                transaction.endedCoordinations.append(transaction.record(info, exit))
            }
        }
    }

    /// Why sections named `names` cannot be shown with `selected`
    /// selected, before any of their flows is started.
    static func problem(showing names: [String], selected: String, in flow: String) -> String? {
        if names.isEmpty { return "\(flow) showed no sections. To fix, give at least one." }
        if let twice = names.enumerated().first(where: { names[..<$0.offset].contains($0.element) })?.element {
            return "\(flow) showed two sections called '\(twice)'. To fix, name each section once."
        }
        if !names.contains(selected) {
            return "\(flow) selected '\(selected)', which is none of its sections "
                + "(\(names.map { "'\($0)'" }.joined(separator: ", "))). To fix, select one of them."
        }
        return nil
    }

    /// Queues the work that hands `exit` to the parent, and reports it.
    /// The exit's name is read at most once: for a parent that routes on
    /// names, and for the report.
    func hand(_ exit: F.ExitType, to route: ExitRoute<F.ExitType>, _ transaction: inout Transaction) {
        var name: String?
        let work = route(exit) {
            if let name { return name }
            let read = transaction.exitName(of: exit)
            name = read
            return read
        }
        transaction.enqueue(work)
        if transaction.observes {
            transaction.changes.append(
                .exited(info, exit: transaction.id(of: exit), name: name ?? transaction.exitName(of: exit)))
        }
    }
}
