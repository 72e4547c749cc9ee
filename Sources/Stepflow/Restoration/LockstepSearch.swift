/// Explores an old release and a new one side by side over the same
/// inputs: every waiting state of the old release, with the state each
/// walk to it restores to on the new release.
///
/// The old side runs the engine's transitions as the explorer does
/// (``StateSearch``); the new side replays each of the old side's inputs
/// by identity, with the very code a restore on another release runs
/// (``Replay/replayByIdentity(_:at:roots:deepLinks:run:)``). A pair whose
/// screens on top differ is a walk that does not restore (a restore
/// checks the screen on top), though later inputs may agree again; an
/// input the new release refuses ends the walk's restore there, with the
/// refusal a restore would give. What the old release does after a
/// refusal is the old release's own graph, read by the caller.
package final class LockstepSearch {
    /// One old state and the new state its walk restores to.
    package struct Pair {
        /// The old release's state.
        package let old: EngineState
        /// The new release's replay of the walk.
        package let new: Replay
        /// The edge that first reached it (-1: the start).
        package let parent: Int
        /// The fewest inputs from the start.
        package let depth: Int
        /// Whether both show the same screen on top: a walk saved here restores.
        package var agrees: Bool {
            old.navigation.topScreen?.qualifiedID == new.state.navigation.topScreen?.qualifiedID
        }
    }

    /// One input of the old release from a pair.
    package struct Edge {
        /// The pair it is given in.
        package let from: Int
        /// The input, as the explorer gives it.
        package let input: SearchInput
        /// The screen on top of the old state when it is given.
        package let top: PresentedScreen?
        /// The input as a save records it.
        package let entry: SavedNavigation.Entry
        /// The pair it leads to, or why the new release refuses it.
        package let outcome: Result<Int, RestoreError>
        /// The old state it leads to.
        package let oldTarget: EngineState
        /// The fields it submits that take values otherwise on the new
        /// release: refused here even when its representative values
        /// replay, since a person's value may fall in another class.
        package let changedFields: [String]

        /// Whether it opens the ended app again.
        package var isRelaunch: Bool {
            if case .relaunch = input { return true }
            return false
        }
    }

    /// The pairs, breadth first from the start (pair 0).
    package private(set) var pairs: [Pair] = []
    /// Every input taken, grouped by the pair it is given in.
    package private(set) var edges: [Edge] = []
    /// Whether a bound stopped it.
    package private(set) var isTruncated = false

    private let maxStepsPerInput: Int
    private let maxPairs: Int
    private var oldKeys = StateKeys()
    private let oldParts = StateKeyParts()
    private var newKeys = StateKeys()
    private let newParts = StateKeyParts()
    private var numbers: [UInt64: Int] = [:]
    private let names = StepNames.take()

    /// The links the old release opens from every state (the new one
    /// replays each by its address).
    private let links: [LinkDelivery]
    /// Starts the old release: again, with what its device kept, once it ended.
    private var relaunchOld: ((inout EngineState, inout Transaction) -> Void)?

    /// A search that lets one input cause at most `maxStepsPerInput`
    /// steps and stops at `maxPairs` pairs, opening each of `links` from
    /// every state of a live app.
    package init(maxStepsPerInput: Int, maxPairs: Int, links: [LinkDelivery] = []) {
        self.maxStepsPerInput = maxStepsPerInput
        self.maxPairs = maxPairs
        self.links = links
    }

    deinit { StepNames.giveBack(names) }

    /// Explores from the old release started by `start` and the new one
    /// started by coordinating `newRoot` (its name is the app's).
    package func run(
        old start: @escaping (inout EngineState, inout Transaction) -> Void, new newRoot: RootCoordination
    ) throws(RestoreError) {
        relaunchOld = start
        var old = EngineState()
        _ = settle(&old, start)
        var new = Replay()
        var run = Replay.IdentityRun()
        try new.replayByIdentity(.coordinate(flow: newRoot.name), at: 0, roots: [newRoot], deepLinks: [], run: &run)
        try new.answerLegacyAsIfUnchanged()
        _ = add(old, new, parent: -1, depth: 0)
        var head = 0
        while head < pairs.count {
            expand(head, root: newRoot)
            head += 1
        }
    }

    private func expand(_ index: Int, root: RootCoordination) {
        let pair = pairs[index]
        let top = pair.old.navigation.topScreen
        if pair.old.navigation.roots.isEmpty, !pair.old.navigation.record.isEmpty, let relaunchOld {
            relaunch(index, old: relaunchOld, root: root)
            return
        }
        StateSearch.forEachInput(of: pair.old, top: top, names: names, links: links) { input, apply in
            var old = pair.old
            _ = settle(&old, apply)
            let entry = Self.entry(for: input, on: top)
            var new = pair.new
            var run = Replay.IdentityRun()
            let outcome: Result<Int, RestoreError>
            let changed = Self.changedFields(input, on: top, now: pair.new.state.navigation.topScreen)
            do throws(RestoreError) {
                if let changed {
                    throw RestoreError(
                        .mismatch, entry: 0, screen: top?.qualifiedID, problem: changed.problem,
                        fix: "To fix, keep the field's classes, or say what the app does with such a walk (ask-again).")
                }
                try new.replayByIdentity(entry, at: 0, roots: [root], deepLinks: [], run: &run)
                try new.answerLegacyAsIfUnchanged()
                new.forgetStarts()
                outcome = .success(add(old, new, parent: edges.count, depth: pair.depth + 1))
            } catch {
                outcome = .failure(error)
            }
            edges.append(
                Edge(
                    from: index, input: input, top: top, entry: entry, outcome: outcome, oldTarget: old,
                    changedFields: changed?.names ?? []))
        }
    }

    /// The old release, ended with what its device kept, opened again; a
    /// walk saved after it holds that record and restores on the new
    /// release from it (``Replay/init(kept:)``), as a restore does.
    private func relaunch(
        _ index: Int, old start: (inout EngineState, inout Transaction) -> Void, root: RootCoordination
    ) {
        let pair = pairs[index]
        var old = pair.old
        _ = settle(&old, start)
        var new = Replay(kept: pair.old.navigation.record)
        var run = Replay.IdentityRun()
        let outcome: Result<Int, RestoreError>
        do throws(RestoreError) {
            try new.replayByIdentity(.coordinate(flow: root.name), at: 0, roots: [root], deepLinks: [], run: &run)
            try new.answerLegacyAsIfUnchanged()
            new.forgetStarts()
            outcome = .success(add(old, new, parent: edges.count, depth: pair.depth + 1))
        } catch {
            outcome = .failure(error)
        }
        edges.append(
            Edge(
                from: index, input: .relaunch, top: nil, entry: Self.entry(for: .relaunch, on: nil), outcome: outcome,
                oldTarget: old, changedFields: []))
    }

    /// The pair's number, added if new (and within the bound; past it,
    /// the nearest pair is not known: -1, and the search is truncated).
    private func add(_ old: EngineState, _ new: Replay, parent: Int, depth: Int) -> Int {
        let (oldNumber, _) = oldKeys.number(of: old, parts: oldParts)
        let (newNumber, _) = newKeys.number(of: new.state, parts: newParts)
        let key = UInt64(oldNumber) << 32 | UInt64(newNumber)
        if let known = numbers[key] { return known }
        guard pairs.count < maxPairs else {
            isTruncated = true
            return -1
        }
        numbers[key] = pairs.count
        pairs.append(Pair(old: old, new: new, parent: parent, depth: depth))
        return pairs.count - 1
    }

    private func settle(_ state: inout EngineState, _ input: (inout EngineState, inout Transaction) -> Void) -> Bool {
        StateSearch.settle(
            &state, maxStepsPerInput: maxStepsPerInput, names: names, observes: false, input, assume: { _ in }
        ).settled
    }

    /// The fields `input` submits whose classes differ between `top` (the
    /// old release's screen) and `now` (the new release's, when it is the
    /// same screen), with what changed; `nil` when none does.
    static func changedFields(
        _ input: SearchInput, on top: PresentedScreen?, now: PresentedScreen?
    ) -> (names: [String], problem: String)? {
        guard case .choose(_, let action, let entries) = input, !entries.isEmpty, let top, let now,
            now.qualifiedID == top.qualifiedID
        else { return nil }
        var names: [String] = []
        var changes: [String] = []
        for name in action.submits {
            guard let then = top.fields.first(where: { $0.name == name }) else { continue }
            guard let field = now.fields.first(where: { $0.name == name }) else {
                names.append(name)
                changes.append("\(name) is gone")
                continue
            }
            if let change = then.classChanges(to: field) {
                names.append(name)
                changes.append("\(name): \(change)")
            }
        }
        guard !names.isEmpty else { return nil }
        return (
            names,
            """
            the field\(names.count == 1 ? "" : "s") \(names.joined(separator: ", ")) on \(top.qualifiedID) take\
            \(names.count == 1 ? "s" : "") values otherwise now (\(changes.joined(separator: "; "))): a value entered \
            then may fall in another class.
            """
        )
    }

    /// `input`, given with `top` on top, as a save records it. An answer's
    /// number is not known here: a replay by identity finds the question.
    package static func entry(for input: SearchInput, on top: PresentedScreen?) -> SavedNavigation.Entry {
        switch input {
        case .answer(_, let answer):
            return .answer(adaptation: -1, step: answer.name)
        case .emit(let unit, let emission):
            return .emit(stepper: unit.id.rawValue, name: unit.stepperName, step: emission.stepID)
        case .link(let link):
            return .link(address: link.address)
        case .select(let owner, let section):
            return .selectSection(flow: owner.id.rawValue, name: owner.name, section: section.name)
        case .relaunch:
            // A save made after a relaunch starts from the record the
            // device kept, with the app coordinated anew.
            return .coordinate(flow: "")
        case .choose(let position, let action, let entries):
            let (flow, screen, id) = (top?.flow.id.rawValue ?? 0, top?.id.rawValue ?? 0, top?.qualifiedID ?? "")
            guard !entries.isEmpty else {
                return .select(
                    flow: flow, screen: screen, id: id, action: position, step: action.step, label: action.label)
            }
            let values = Dictionary(entries.map { ($0.field, $0.value) }) { first, _ in first }
            let classes = Dictionary(entries.map { ($0.field, $0.valueClass) }) { first, _ in first }
            return .submit(
                flow: flow, screen: screen, id: id, action: position, step: action.step, label: action.label,
                values: values, classes: classes)
        }
    }
}

extension Replay {
    /// Answers each legacy deferred `adapt` left open as if it kept the
    /// step, as the explorer assumes (and a verdict names), and drains.
    mutating func answerLegacyAsIfUnchanged() throws(RestoreError) {
        for number in unanswered.keys.sorted() {
            guard let adaptation = unanswered[number], adaptation.question == nil,
                let work = adaptation.asIfUnchanged
            else { continue }
            unanswered[number] = nil
            var transaction = Transaction(observes: false, renders: false)
            state.perform(work, &transaction)
            absorb(&transaction)
            _ = try drain(entry: 0)
        }
    }

    /// Lets go of which steppers started when: a lockstep search never
    /// resumes one, and keeping them would grow every state it copies.
    mutating func forgetStarts() {
        startOrder.removeAll()
        stamps.removeAll()
    }
}
