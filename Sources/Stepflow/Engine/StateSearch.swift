/// One input a waiting state offers an explorer.
package enum SearchInput {
    /// A declared answer to a question the engine holds open.
    case answer(OpenQuestion, OpenAnswer)
    /// The action at `position` on the screen on top, with the values
    /// entered in the fields it submits (one class each).
    case choose(position: Int, ActionSummary, entries: [FieldEntry])
    /// A step a live stepper may still emit (or an outside answer it
    /// declares).
    case emit(any StepperAttachmentProtocol, EmissionInput)
    /// A link opened from outside: given in every state of a live app.
    case link(LinkDelivery)
    /// A person selected a section of a flow whose section bar shows.
    case select(owner: FlowInfo, section: SectionState)
    /// The app, ended with entries kept on the device, is opened again.
    case relaunch
}

/// What a ``StateSearch`` tells its client as it goes.
package protocol StateSearchVisitor: AnyObject {
    /// The start: the state the first input (starting the root) left, and
    /// the events it caused. Called once, before the start is discovered.
    func started(_ state: EngineState, events: [NavigationEvent])
    /// A state reached for the first time, numbered `index`, `depth` inputs
    /// from the start. Returns whether to expand it (false for a state
    /// past a bound).
    func discovered(_ state: EngineState, index: Int, depth: Int) -> Bool
    /// `input`, taken in state `from` with `top` on top, led to state `to`
    /// (already discovered): `reached` is that state, `events` what the
    /// input caused, `settled` whether the queue emptied within the bound.
    func took(
        _ input: SearchInput, from: Int, to: Int, top: PresentedScreen?, reached: EngineState,
        events: [NavigationEvent], settled: Bool)
    /// An input of state `from` was not taken: it would have left two
    /// sections away from their starts (``SectionComposer``).
    func skipped(from: Int)
    /// In state `from`, a member at an edge of a field's class did not do
    /// what the class's representative does (``ClassMemberProbe``).
    func classMemberDiffers(_ probe: ClassMemberProbe, from: Int, top: PresentedScreen)
}

extension StateSearchVisitor {
    /// Nothing to do.
    package func skipped(from: Int) {}
    /// Nothing to do.
    package func classMemberDiffers(_ probe: ClassMemberProbe, from: Int, top: PresentedScreen) {}
}

/// The one explorer: a breadth-first search over the engine's waiting
/// states, running the engine's own transitions (the functions the
/// coordinator runs live), with no Dispatch and no rendering.
///
/// In each waiting state the inputs are the answers of an open question,
/// else the actions of the screen on top, and then each step a live
/// stepper declares it may still emit. Each input is applied to a copy of
/// the state and the queue drained; states the engine cannot tell apart
/// (equal keys, ``StateKeys``) are merged. `GraphExplorer` builds the state
/// graph from it, ``FlowExplorer`` a module's steps, screens and exits.
///
/// - Complexity: O(states × inputs × transition cost).
package final class StateSearch {
    /// The outside answers this search assumed instead of exploring.
    package private(set) var assumptions: Set<AssumedAnswer> = []
    /// Steps one input may cause before it counts as never settling.
    package let maxStepsPerInput: Int
    /// The number of each state, by key.
    @exclusivity(unchecked) package private(set) var keys = StateKeys()
    /// The parts keys are made of, numbered.
    package let parts = StateKeyParts()
    /// For each state, the transition that first reached it (-1: the start).
    /// (32 bits: a million states, 4 MB.)
    @exclusivity(unchecked) package private(set) var parent: [Int32] = []
    /// Transitions of state `i` are numbered `offsets[i]..<offsets[i + 1]`.
    @exclusivity(unchecked) package private(set) var offsets: [Int32] = [0]
    /// The transitions taken so far.
    package private(set) var transitionCount = 0
    /// The class members tried beside their representative, by screen,
    /// action, field and value: each is tried once.
    var probedMembers: Set<String> = []
    /// How many class edge values were tried (``probeClassMembers(of:index:top:visitor:)``).
    package var classEdgesTried: Int { probedMembers.count }

    /// Step ids rendered so far, for every transition of this search
    /// (taken from the ones earlier searches gave back, and given back
    /// when this search ends).
    let names = StepNames.take()
    /// States waiting to be expanded, from state `pendingBase` on: the
    /// expanded ones are dropped from the front, so only the frontier is
    /// kept (a state is a few hundred bytes; a million kept slots were a
    /// fifth of exploring a million steps' memory).
    @exclusivity(unchecked) private var pending: [EngineState?] = []
    private var pendingBase = 0
    @exclusivity(unchecked) private var depth: [Int32] = []

    /// The links opened from every state.
    package let links: [LinkDelivery]
    /// Starts the app again in a state where it ended with entries kept
    /// on the device (`nil`: the app is never opened again).
    package let relaunch: ((inout EngineState, inout Transaction) -> Void)?
    /// Explores sections as components while they do not interact; `nil`
    /// when the search explores every state (the product).
    package let composer: SectionComposer?
    /// The sections each state shows, by state, when composing.
    @exclusivity(unchecked) private var readings: [[SectionComposer.Reading]] = []

    /// A search that lets one input cause at most `maxStepsPerInput` steps,
    /// opening each of `links` from every state of a live app; with
    /// `composingSections`, sections shown side by side are explored as
    /// components until one acts on another (then the search stops, and
    /// ``composer`` says why).
    package init(
        maxStepsPerInput: Int, links: [LinkDelivery] = [], composingSections: Bool = false,
        relaunch: ((inout EngineState, inout Transaction) -> Void)? = nil
    ) {
        self.maxStepsPerInput = maxStepsPerInput
        self.links = links
        self.relaunch = relaunch
        self.composer = composingSections ? SectionComposer(parts: parts) : nil
    }

    deinit { StepNames.giveBack(names) }

    /// Explores from the state `start` leaves, telling `visitor` each state
    /// and transition, until no state is left to expand.
    package func run(visitor: some StateSearchVisitor, start: (inout EngineState, inout Transaction) -> Void) {
        var initial = EngineState()
        let (events, _) = settle(&initial, start)
        visitor.started(initial, events: events)
        // Sections shown at the start start there.
        let sections = composer?.read(initial) ?? []
        _ = composer?.admits(sections, in: initial, from: [], in: initial, origin: nil, input: nil)
        _ = add(initial, depth: 0, via: -1, sections: sections, visitor: visitor)
        var head = 0
        // An interaction between sections stops a composing search: its
        // client explores the product instead.
        while head < parent.count && composer?.interaction == nil {
            // A state left unexpanded has no transitions, but its (empty)
            // range is recorded all the same: ranges stay aligned.
            if let state = pending[head - pendingBase] {
                pending[head - pendingBase] = nil
                expand(state, index: head, visitor: visitor)
            }
            offsets.append(Int32(transitionCount))
            head += 1
            // Drop the expanded front once it is most of the array (O(1)
            // amortised per state).
            if head - pendingBase > 1024 && head - pendingBase > pending.count / 2 {
                pending.removeFirst(head - pendingBase)
                pendingBase = head
            }
        }
    }

    /// The state's number, added (and told to `visitor`) if new, with the
    /// sections it shows when the search composes them.
    private func add(
        _ state: EngineState, depth: Int, via transition: Int, sections: [SectionComposer.Reading],
        probe: StateKeys.Probe? = nil, visitor: some StateSearchVisitor
    ) -> Int {
        let (index, isNew) =
            if let probe { (keys.add(probe, parts: parts), true) } else { keys.number(of: state, parts: parts) }
        guard isNew else { return index }
        if composer != nil { readings.append(sections) }
        parent.append(Int32(transition))
        self.depth.append(Int32(depth))
        pending.append(visitor.discovered(state, index: index, depth: depth) ? state : nil)
        return index
    }

    private func expand(_ state: EngineState, index: Int, visitor: some StateSearchVisitor) {
        let top = state.navigation.topScreen
        let sections = composer == nil ? [] : readings[index]
        Self.forEachInput(of: state, top: top, names: names, links: links, relaunch: relaunch) { input, apply in
            take(input, from: index, state, top: top, sections: sections, visitor: visitor, apply)
        }
        probeClassMembers(of: state, index: index, top: top, visitor: visitor)
    }

    /// The flow an input comes from: the one that shows the screen, asked
    /// the question, runs the stepper or shows the sections; `nil` for a
    /// link, which comes from outside.
    private static func origin(of input: SearchInput, top: PresentedScreen?) -> FlowID? {
        switch input {
        case .answer(let question, _): question.flow.id
        case .choose: top?.flow.id
        case .emit(let unit, _): unit.flow.id
        case .link, .relaunch: nil
        case .select(let owner, _): owner.id
        }
    }

    /// Calls `body` with each input of `state` (whose screen on top is
    /// `top`) and how to apply it: the answers of open questions, the
    /// actions of the screen on top (one per combination of the classes
    /// of the fields an action submits), and each step a live stepper may
    /// still emit. What this search and `rootapp update-check` branch on.
    package static func forEachInput(
        of state: EngineState, top: PresentedScreen?, names: StepNames?, links: [LinkDelivery] = [],
        relaunch: ((inout EngineState, inout Transaction) -> Void)? = nil,
        _ body: (SearchInput, (inout EngineState, inout Transaction) -> Void) -> Void
    ) {
        // While a question is open the engine refuses a person's actions:
        // its answers are the inputs, beside what steppers emit.
        for question in state.openQuestions {
            for answer in question.answers {
                body(.answer(question, answer)) { state, transaction in
                    state.perform(answer.work, &transaction)
                }
            }
        }
        if let top, state.openQuestions.isEmpty {
            for (position, action) in top.actions.enumerated() {
                // An action that submits fields: one input per combination
                // of the fields' classes, each entering its representative.
                let combinations =
                    action.submits.isEmpty
                    ? [[]] : FieldEntry.combinations(submitting: action.submits, fields: top.fields)
                for entries in combinations {
                    let entered = Dictionary(entries.map { ($0.field, $0.value) }) { first, _ in first }
                    body(.choose(position: position, action, entries: entries)) { state, transaction in
                        state.select(action: position, on: top, entering: entered, &transaction)
                    }
                }
            }
        }
        // Each section a person can select (none while a question is open).
        for (owner, section) in state.selectableSections {
            body(.select(owner: owner, section: section)) { state, transaction in
                state.selectSection(section.name, of: owner, &transaction)
            }
        }
        // A stepper that declares no emission gives no input.
        for record in state.emittingAttachments where !record.unit.declaresNoEmission {
            for emission in record.unit.emissionInputs(spent: record.spent, names: names) {
                body(.emit(record.unit, emission)) { state, transaction in
                    state.perform(emission.work, &transaction)
                }
            }
        }
        // The outside world may open a link whenever the app runs.
        if !state.navigation.roots.isEmpty {
            for link in links {
                body(.link(link)) { state, transaction in state.openLink(link, completion: nil, &transaction) }
            }
        } else if let relaunch, !state.navigation.record.isEmpty {
            // Ended with what the device keeps: the app is opened again
            // with it (an ended app with nothing kept starts as at first).
            body(.relaunch, relaunch)
        }
    }

    private func take(
        _ input: SearchInput, from index: Int, _ state: EngineState, top: PresentedScreen?,
        sections: [SectionComposer.Reading], visitor: some StateSearchVisitor,
        _ apply: (inout EngineState, inout Transaction) -> Void
    ) {
        var next = state
        let (events, settled) = settle(&next, apply)
        var after: [SectionComposer.Reading] = []
        var probe: StateKeys.Probe?
        if let composer, !sections.isEmpty || !next.navigation.sectionOwners.isEmpty {
            // A state already kept has its sections read.
            let found = keys.probe(next, parts: parts)
            after = found.known.map { readings[$0] } ?? composer.read(next)
            let admitted = composer.admits(
                after, in: next, from: sections, in: state, origin: Self.origin(of: input, top: top),
                input: (input, top))
            guard admitted, found.known == nil else {
                keys.release(found, parts: parts)
                guard admitted else { return visitor.skipped(from: index) }
                return took(
                    input, from: index, to: found.known!, top: top, reached: next, events: events, settled, visitor)
            }
            probe = found
        }
        let target = add(
            next, depth: Int(depth[index]) + 1, via: transitionCount, sections: after, probe: probe, visitor: visitor)
        took(input, from: index, to: target, top: top, reached: next, events: events, settled, visitor)
    }

    /// Tells `visitor` of the transition and counts it.
    private func took(
        _ input: SearchInput, from index: Int, to target: Int, top: PresentedScreen?, reached: EngineState,
        events: [NavigationEvent], _ settled: Bool, _ visitor: some StateSearchVisitor
    ) {
        visitor.took(input, from: index, to: target, top: top, reached: reached, events: events, settled: settled)
        transitionCount += 1
    }

    /// Runs one input on `state` and drains the queue, as the coordinator
    /// would; returns the events it caused and whether it settled.
    private func settle(
        _ state: inout EngineState, _ input: (inout EngineState, inout Transaction) -> Void
    ) -> (events: [NavigationEvent], settled: Bool) {
        Self.settle(&state, maxStepsPerInput: maxStepsPerInput, names: names, observes: true, input) { assumed in
            assumptions.insert(assumed)
        }
    }

    /// Runs one input on `state` and drains the queue, as the coordinator
    /// would, with events built when `observes`; a legacy deferred `adapt`
    /// is taken as answering with the step unchanged, and `assume` told.
    /// Returns the events and whether the queue emptied within
    /// `maxStepsPerInput` steps.
    package static func settle(
        _ state: inout EngineState, maxStepsPerInput: Int, names: StepNames?, observes: Bool,
        _ input: (inout EngineState, inout Transaction) -> Void, assume: (AssumedAnswer) -> Void
    ) -> (events: [NavigationEvent], settled: Bool) {
        var transaction = Transaction(observes: observes, renders: false, names: names)
        input(&state, &transaction)
        var queue: [PendingWork] = []
        var head = 0
        var cursor = 0
        var events: [NavigationEvent] = []
        func absorb() {
            while cursor < transaction.effects.count {
                switch transaction.effects[cursor] {
                case .enqueue(let work): queue.append(work)
                case .deferred(let adaptation):
                    // A question stays open in the state: its answers are inputs.
                    // A legacy closure is taken as answering with the step
                    // unchanged: an assumption every verdict names.
                    if let work = adaptation.asIfUnchanged { queue.append(work) }
                    if let assumed = adaptation.assumed { assume(assumed) }
                case .event(let event): events.append(event)
                default: break
                }
                cursor += 1
            }
        }
        absorb()
        while head < queue.count {
            if head >= maxStepsPerInput { return (events, false) }
            let work = queue[head]
            head += 1
            state.perform(work, &transaction)
            absorb()
        }
        // Changes no navigation committed (a value recorded before its
        // step asked a question), as the coordinator commits them.
        if !transaction.changes.isEmpty {
            state.commit(step: nil, &transaction)
            absorb()
        }
        return (events, true)
    }
}
