/// Explores sections shown side by side (tabs) as components while they do
/// not interact: what keeps a variant of four tabs of a thousand states
/// each at four thousand states, not 10^12.
///
/// Each section's part of a state is read as its signature (the key of
/// the flows below it, ``StateKeys/signature(ofSection:in:parts:)``). A
/// section has *left* its start when its signature is not one it had when
/// its bar was shown. The search keeps every state in which at most one
/// section (or a section and sections inside it) has left its start, and
/// does not take an input that would leave two unrelated sections away
/// from their starts: what that input does to its section it does, input
/// for input, from the state where the other section is still at its
/// start, which is kept. So every screen, step and transition of each
/// section is reached, and every state kept is one the live engine
/// reaches by the printed walk: a path to a screen in section B is a path
/// to the sections, the selection of B and the path inside B.
///
/// That holds while no section acts on another. The composer checks it on
/// every transition it sees: an input from inside one section that
/// changes another, or one input that changes two sections at once (the
/// owner handing one section's result to another), is an interaction; the
/// search stops and its client explores the product instead, saying why.
package final class SectionComposer {
    /// One section of one bar: the owner flow's name and the section's.
    package struct Slot: Hashable, Sendable {
        /// The flow that shows the sections.
        package let owner: String
        /// The section.
        package let section: String
    }

    /// One section as a state shows it: small, kept for every state.
    package struct Reading: Sendable {
        /// The section, numbered in ``slots``.
        package let slot: Int
        /// The section's child flow.
        package let flow: FlowID
        /// The flow showing the sections, and the mark of that showing.
        let owner: FlowID
        let mark: ScreenInstanceID?
        /// The section's signature.
        let signature: Int
    }

    private let parts: StateKeyParts
    /// The number of each section in ``slots``.
    private var slotNumbers: [Slot: Int] = [:]
    /// The signatures each section had when its bar was shown, by slot.
    private var starts: [Set<Int>] = []
    /// Every signature each section was seen with, by slot.
    package private(set) var seen: [Set<Int>] = []
    /// The sections, in the order first seen.
    package private(set) var slots: [Slot] = []
    /// Inputs not taken: each would have left two sections away from
    /// their starts.
    package private(set) var skipped = 0
    /// One input from one section that changed another (or one input
    /// that changed two sections at once): the sections, as values; the
    /// input is said in words by the graph's own `Input`.
    package struct Interaction {
        /// The input, and the screen on top when it was given.
        package let input: SearchInput
        package let top: PresentedScreen?
        /// The flow that shows the sections.
        package let owner: String
        /// The section the input came from, when it came from one.
        package let from: String?
        /// The sections it changed that are not the one it came from.
        package let changed: [String]
        /// Whether it changed the variant's record, which every section
        /// may read: the sections act on one another through it.
        package var changedRecord = false

        /// `<input> in section test of home changed section kept`, with
        /// `input` the input in words.
        package func words(input: String) -> String {
            if changedRecord {
                return from.map { "\(input) in section \($0) of \(owner) changed the record" }
                    ?? "\(input) changed the record while \(owner) showed its sections"
            }
            return from.map {
                "\(input) in section \($0) of \(owner) changed section \(changed.joined(separator: " and "))"
            }
                ?? "\(input) changed sections \(changed.joined(separator: " and ")) of \(owner) at once"
        }
    }

    /// The first interaction found; the search stops at it.
    package private(set) var interaction: Interaction?

    /// A composer numbering signatures in `parts`.
    package init(parts: StateKeyParts) { self.parts = parts }

    /// The sections `state` shows: none when no flow shows sections.
    package func read(_ state: EngineState) -> [Reading] {
        let navigation = state.navigation
        guard !navigation.sectionOwners.isEmpty else { return [] }
        let order = navigation.flowsInTreeOrder
        var readings: [Reading] = []
        for owner in order where navigation.sectionOwners.contains(owner) {
            guard let flow = navigation.flows[owner] else { continue }
            for section in flow.sections {
                let slot = Slot(owner: flow.info.name, section: section.name)
                let number =
                    slotNumbers[slot]
                    ?? {
                        slots.append(slot)
                        starts.append([])
                        seen.append([])
                        slotNumbers[slot] = slots.count - 1
                        return slots.count - 1
                    }()
                let signature = StateKeys.signature(ofSection: section.flow, in: state, order: order, parts: parts)
                seen[number].insert(signature)
                readings.append(
                    Reading(
                        slot: number, flow: section.flow, owner: owner, mark: flow.sectionsMark, signature: signature))
            }
        }
        return readings
    }

    /// Whether the search keeps the state `after` (read from `next`),
    /// reached from one whose sections are `before` (read from `state`)
    /// by an input from flow `origin` (`nil`: from outside, a link).
    /// Records the starts of bars just shown, and any interaction (then
    /// the answer does not matter: the search stops).
    package func admits(
        _ after: [Reading], in next: EngineState, from before: [Reading], in state: EngineState, origin: FlowID?,
        input: @autoclosure () -> (SearchInput, PresentedScreen?)?
    ) -> Bool {
        guard !after.isEmpty else { return true }
        // The record is every section's: a change to it may change what
        // another section does, so the sections are explored together.
        if !before.isEmpty, next.navigation.record != state.navigation.record, let (given, top) = input() {
            var from: Reading?
            var current = origin
            while let flow = current, from == nil {
                from = before.first { $0.flow == flow }
                current = state.navigation.flows[flow]?.parent
            }
            var found = Interaction(
                input: given, top: top, owner: slots[after[0].slot].owner, from: from.map { slots[$0.slot].section },
                changed: [])
            found.changedRecord = true
            interaction = found
            return true
        }
        var changed: [Reading] = []
        for reading in after {
            let earlier = before.first {
                $0.flow == reading.flow && $0.owner == reading.owner && $0.mark == reading.mark
            }
            guard let earlier else {
                // The bar was just shown: this is where its sections start.
                starts[reading.slot].insert(reading.signature)
                continue
            }
            if earlier.signature != reading.signature { changed.append(earlier) }
        }
        if !changed.isEmpty {
            // The innermost section the input came from, if any.
            var from: Reading?
            var current = origin
            while let flow = current, from == nil {
                from = before.first { $0.flow == flow }
                current = state.navigation.flows[flow]?.parent
            }
            for (position, section) in changed.enumerated() {
                let other = changed[..<position].first { !Self.related($0, section, in: state) }
                let outside = from.flatMap { Self.related($0, section, in: state) ? nil : $0 }
                guard other != nil || outside != nil, let (given, top) = input() else { continue }
                interaction = Interaction(
                    input: given, top: top, owner: slots[section.slot].owner,
                    from: outside.map { slots[$0.slot].section },
                    changed: (other.map { [slots[$0.slot].section] } ?? []) + [slots[section.slot].section])
                return true
            }
        }
        var away: [Reading] = []
        for reading in after where !starts[reading.slot].contains(reading.signature) {
            if away.contains(where: { !Self.related($0, reading, in: next) }) {
                skipped += 1
                return false
            }
            away.append(reading)
        }
        return true
    }

    /// Whether one of two sections is inside the other (or they are one)
    /// in `state`.
    private static func related(_ a: Reading, _ b: Reading, in state: EngineState) -> Bool {
        func isInside(_ inner: FlowID, _ outer: FlowID) -> Bool {
            var current: FlowID? = inner
            while let flow = current {
                if flow == outer { return true }
                current = state.navigation.flows[flow]?.parent
            }
            return false
        }
        return isInside(a.flow, b.flow) || isInside(b.flow, a.flow)
    }
}
