/// The keys of explored states, each numbered: an ``EngineState`` up to
/// what the engine cannot tell apart. In a key, the numbers the engine
/// allocated (flow, screen and stepper ids) are replaced by their order,
/// and flows by how they were started. Two live states with equal keys
/// handle every later input the same way, so an explorer merges them and
/// no other two.
///
/// What it holds, per live flow in tree order: how it was started (its
/// parent's position, the parent's step, the part of that navigation), its
/// readiness, its screens (content, presentation, visibility, their order
/// among all presented screens), its dismissed screens kept for late steps,
/// and every attached stepper by what it declared and has spent; then the
/// questions waiting for an answer.
///
/// Known limit: a stepper is known by its declarations, not by its object,
/// so a flow that contributes the very same stepper object twice (the
/// engine refuses the second) is merged with one that contributes two
/// equal ones. No bundled module does either.
package struct StateKeys: Sendable {
    /// Every key's parts, one key after another (``KeyPages``). Each part
    /// is a number (values are interned by ``StateKeyParts``), so comparing
    /// two keys compares numbers, not screens and steps through their
    /// generic `==`; each number is written in as few bytes as it needs
    /// (most are markers, ranks and flags: one byte). An explorer so keeps
    /// no array a state (a million states, a million arrays), about 31
    /// bytes a key.
    private var pages = KeyPages()
    /// Where each key starts in `pages`.
    private var starts: [Int32] = []
    /// Each key by its hash.
    private var index = HashIndex()

    /// No key.
    package init() {}

    /// The number of `state`'s key: the one it has, or the next one,
    /// added (`isNew`). `parts` numbers the values it is made of.
    ///
    /// - Complexity: O(flows + screens + steppers) hashed parts.
    package mutating func number(of state: EngineState, parts interner: StateKeyParts) -> (number: Int, isNew: Bool) {
        var list = interner.takeScratch()
        defer { interner.returnScratch(list) }
        Self.write(state, parts: interner, into: &list)
        let hash = Self.hash(list)
        let found = index.find(hash) { holds($0, list) }
        if let known = found.position { return (known, false) }
        starts.append(pages.append(list))
        return (index.add(hash, at: found.slot), true)
    }

    /// A state's key, written and looked up but not yet added: what a
    /// search that decides whether to keep a state holds meanwhile.
    package struct Probe {
        fileprivate let list: [UInt8]
        fileprivate let hash: UInt64
        fileprivate let slot: Int
        /// The number of the state's key, if it has one.
        package let known: Int?
    }

    /// Writes and looks up `state`'s key; give the probe back with
    /// ``add(_:parts:)`` or ``release(_:parts:)`` before the next key is
    /// made.
    package func probe(_ state: EngineState, parts interner: StateKeyParts) -> Probe {
        var list = interner.takeScratch()
        Self.write(state, parts: interner, into: &list)
        let hash = Self.hash(list)
        let found = index.find(hash) { holds($0, list) }
        return Probe(list: list, hash: hash, slot: found.slot, known: found.position)
    }

    /// Adds the key `probe` found missing (no key was added since); its number.
    package mutating func add(_ probe: Probe, parts interner: StateKeyParts) -> Int {
        precondition(probe.known == nil, "a known key is not added again")
        starts.append(pages.append(probe.list))
        let number = index.add(probe.hash, at: probe.slot)
        interner.returnScratch(probe.list)
        return number
    }

    /// Done with `probe`, adding nothing.
    package func release(_ probe: Probe, parts interner: StateKeyParts) { interner.returnScratch(probe.list) }

    /// The number of `state`'s key, if it has one.
    package func number(ofKnown state: EngineState, parts interner: StateKeyParts) -> Int? {
        var list = interner.takeScratch()
        defer { interner.returnScratch(list) }
        Self.write(state, parts: interner, into: &list)
        return index.find(Self.hash(list)) { holds($0, list) }.position
    }

    /// The key of `state` as its list of parts: two states are merged
    /// exactly when their lists are equal (a test compares states so).
    package static func key(of state: EngineState, parts interner: StateKeyParts) -> [UInt8] {
        var list: [UInt8] = []
        write(state, parts: interner, into: &list)
        return list
    }

    /// Whether key `number` is `list`.
    private func holds(_ number: Int, _ list: [UInt8]) -> Bool { pages.holds(starts[number], list) }

    private static func hash(_ list: [UInt8]) -> UInt64 {
        var hasher = Hasher()
        list.withUnsafeBytes { hasher.combine(bytes: $0) }
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    /// The signature of one section's run in `state` (whose flows in tree
    /// order are `order`): the key of the section's child flow and the
    /// flows below it,
    /// written as a state's key is, with positions and ranks counted within
    /// them; held links left out. Equal signatures: the section's part of
    /// the state cannot be told apart. An explorer composes sections that
    /// do not interact by it (see `StateSearch`).
    ///
    /// - Complexity: O(the section's flows + screens + steppers).
    package static func signature(
        ofSection section: FlowID, in state: EngineState, order: [FlowID], parts interner: StateKeyParts
    ) -> Int {
        var list = interner.takeScratch()
        defer { interner.returnScratch(list) }
        // Tree order is depth first: the section's flows follow it, up to
        // the first flow not below it.
        guard let first = order.firstIndex(of: section) else { return interner.number(of: list) }
        var end = first + 1
        while end < order.count, Self.isBelow(order[end], section, in: state) { end += 1 }
        write(state, order: Array(order[first..<end]), whole: false, parts: interner, into: &list)
        return interner.number(of: list)
    }

    /// Whether flow `flow` is below `ancestor`.
    private static func isBelow(_ flow: FlowID, _ ancestor: FlowID, in state: EngineState) -> Bool {
        var current = state.navigation.flows[flow]?.parent
        while let parent = current {
            if parent == ancestor { return true }
            current = state.navigation.flows[parent]?.parent
        }
        return false
    }

    /// Writes the key of `state` to `parts`; `interner` numbers the values
    /// it is made of.
    private static func write(_ state: EngineState, parts interner: StateKeyParts, into parts: inout [UInt8]) {
        write(state, order: state.navigation.flowsInTreeOrder, whole: true, parts: interner, into: &parts)
    }

    /// The rank of each of `presented` (in the order shown, each with the
    /// outermost section it is in, -1 for none), by position: as shown,
    /// but each run of screens inside sections between two screens
    /// outside them ordered by section, each section's own in the order
    /// shown.
    private static func sectionOrder(of presented: [(id: ScreenInstanceID, section: Int)]) -> [Int] {
        var ranks = [Int](repeating: 0, count: presented.count)
        var next = 0
        var start = 0
        // Stable: each section's screens keep the order they were shown in.
        func flush(upTo end: Int) {
            guard start < end else { return }
            let block = (start..<end).sorted { (presented[$0].section, $0) < (presented[$1].section, $1) }
            for position in block {
                ranks[position] = next
                next += 1
            }
        }
        for (position, screen) in presented.enumerated() where screen.section < 0 {
            flush(upTo: position)
            ranks[position] = next
            next += 1
            start = position + 1
        }
        flush(upTo: presented.count)
        return ranks
    }

    /// Writes the key of the flows `order` (in tree order) of `state`;
    /// `whole`: they are every live flow, and the held links belong too.
    private static func write(
        _ state: EngineState, order: [FlowID], whole: Bool, parts interner: StateKeyParts,
        into parts: inout [UInt8]
    ) {
        // Values are numbered by `interner`; structure and small numbers go
        // in as they are. Markers are negative and distinct, ranks are -1 or
        // more, so the sequence reads back one way only.
        // Each number zigzagged (small negatives stay small) and written
        // seven bits a byte, the last byte's high bit clear: the sequence
        // of bytes reads back as the sequence of numbers one way only.
        func raw(_ number: Int) {
            var bits = UInt64(bitPattern: Int64((number << 1) ^ (number >> 63)))
            while bits >= 0x80 {
                parts.append(UInt8(truncatingIfNeeded: bits) | 0x80)
                bits >>= 7
            }
            parts.append(UInt8(bits))
        }
        let flowMarker = -10, screenMarker = -11, keptMarker = -12, steppersMarker = -13
        let sectionMarker = -16, selectedMarker = -17
        let missing = -20, flowStepper = -21, flowBound = -22, screenBound = -23, noEmission = -24
        // A state has a handful of flows and screens: positions are found
        // by search, not through dictionaries made for every key.
        func rank(_ id: FlowID) -> Int? { order.firstIndex(of: id) }
        // Presented screens by their order of presentation, across flows:
        // it decides which is on top now and after each removal.
        var presented: [ScreenInstanceID] = []
        // Screens of two sections side by side are never both visible, so
        // which of them was shown first cannot matter: between two screens
        // outside the sections, their screens are ranked section by
        // section (each section's in the order shown). Which section a
        // person entered first so makes no second state.
        var ranked: [Int]?
        if state.navigation.sectionOwners.isEmpty {
            for id in order {
                for screen in state.navigation.flows[id]?.stack ?? [] { presented.append(screen.id) }
            }
            presented.sort()
        } else {
            var tagged: [(id: ScreenInstanceID, section: Int)] = []
            // The outermost section each flow is in (-1: none): a flow
            // started as a section, or below one; parents come first.
            var sections = [Int](repeating: -1, count: order.count)
            var count = 0
            for (position, id) in order.enumerated() {
                guard let launch = state.flows[id]?.program.launch else { continue }
                if let parent = launch.parent.flatMap(rank), sections[parent] >= 0 {
                    sections[position] = sections[parent]
                } else if launch.section >= 0 {
                    sections[position] = count
                    count += 1
                }
                for screen in state.navigation.flows[id]?.stack ?? [] { tagged.append((screen.id, sections[position])) }
            }
            tagged.sort { $0.id < $1.id }
            presented = tagged.map(\.id)
            ranked = sectionOrder(of: tagged)
        }
        func screenRank(_ id: ScreenInstanceID) -> Int? {
            var low = 0
            var high = presented.count
            while low < high {
                let middle = (low + high) / 2
                if presented[middle] < id { low = middle + 1 } else { high = middle }
            }
            guard low < presented.count && presented[low] == id else { return nil }
            return ranked?[low] ?? low
        }

        func attachment(_ id: AttachmentID) {
            guard let record = state.attachments[id] else { return raw(missing) }
            switch record.unit.binding {
            case .flowStepper: raw(flowStepper)
            case .flow: raw(flowBound)
            case .screen: raw(screenBound)
            }
            // A stepper that declares no emission gives no input: it is
            // known by that alone (and its declarations are not hashed).
            if record.unit.declaresNoEmission {
                raw(noEmission)
            } else {
                raw(interner.number(of: record.unit) { record.unit.declarationNumber(in: interner) })
            }
            var bits = 0
            for (position, spent) in record.spent.enumerated() where spent { bits |= 1 << min(position, 62) }
            raw(bits)
        }

        for id in order {
            guard let flow = state.flows[id], let tree = state.navigation.flows[id] else { continue }
            let launch = flow.program.launch
            raw(flowMarker)
            raw(launch.parent.flatMap(rank) ?? -1)
            if let step = launch.step {
                raw(interner.number(of: step) { step.number(in: interner) })
            } else {
                raw(-1)
            }
            raw(launch.element)
            if launch.section >= 0 {
                raw(sectionMarker)
                raw(launch.section)
            }
            raw(flow.isReady ? 1 : 0)
            // Which section is selected, and how many screens were
            // presented when the sections were shown (newer ones outside
            // the selected section cover them).
            if let selected = tree.selectedSection {
                raw(selectedMarker)
                raw(selected)
                raw(tree.sectionsMark.map { mark in presented.firstIndex { $0 > mark } ?? presented.count } ?? -1)
            }
            for screen in tree.stack {
                raw(screenMarker)
                raw(screenRank(screen.id) ?? -1)
                raw(Presentation.allCases.firstIndex(of: screen.presentation) ?? -1)
                if let record = flow.screens[screen.id] {
                    raw(interner.number(of: record.part) { record.part.number(in: interner) })
                    raw(Int(record.visibility.rawValue))
                    record.steppers.forEach(attachment)
                }
            }
            for record in flow.screens.records where !record.isPresented {
                raw(keptMarker)
                raw(interner.number(of: record.part) { record.part.number(in: interner) })
                raw(Int(record.visibility.rawValue))
                record.steppers.forEach(attachment)
            }
            raw(steppersMarker)
            flow.steppers.forEach(attachment)
        }
        // Questions waiting for an answer, in the order asked: which flow
        // asked, what, about which step.
        let questionMarker = -14
        for question in state.openQuestions {
            guard whole || rank(question.flow.id) != nil else { continue }
            raw(questionMarker)
            raw(rank(question.flow.id) ?? -1)
            raw(interner.number(of: question.id))
            raw(interner.number(of: question.askedAbout) { question.askedAbout.number(in: interner) })
            // The screen that asked, by its rank while presented: once a
            // link or a timer replaced it, the answer is dropped, so the
            // state differs from the one where it is still up.
            if let asker = question.asker {
                raw(state.navigation.isPresented(asker) ? screenRank(asker) ?? -2 : -1)
            } else {
                raw(-3)
            }
        }
        // Links held for a flow not started yet, in the order they came.
        let heldMarker = -15
        for link in state.heldLinks where whole {
            raw(heldMarker)
            raw(interner.number(of: link))
        }
        // What the person gave: the variant's record, numbered as a whole
        // (most inputs leave it as it was, and equal records share a number),
        // by its edition first: an unchanged record is not hashed again.
        let recordMarker = -18
        if whole, !state.navigation.record.isEmpty {
            raw(recordMarker)
            let record = state.navigation.record
            raw(interner.number(of: record.edition) { interner.number(of: record) })
        }
    }
}
