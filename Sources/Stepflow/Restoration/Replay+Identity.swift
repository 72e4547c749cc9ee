/// Replaying a save on another release: by what each input was, not by
/// the engine's counters.
///
/// A save from the same release replays exactly (``Replay/run(_:roots:deepLinks:)``):
/// every flow, screen and stepper has the number it had. On another
/// release those numbers may have moved (a module shows one screen more
/// before the one the person acted on), so each input is found again by
/// its identity instead:
///
/// - an action by the screen it was chosen on, which must be the screen
///   on top (`instance/screen`), and by its step's id, never its label's
///   wording; values entered are checked by the field as it is now, and
///   each must fall in the class it fell in then;
/// - a stepper's emission by the stepper's name (its attachment, when the
///   save started it, paired in order with the one started now);
/// - a screen the UI removed by its id; a deferred answer by its number.
///
/// Queued work runs until the queue is empty after every input (as the
/// explorer's transitions do), so a release that queues more or less work
/// replays the same. At the end the screen on top must be the one the save
/// was showing: the restored state is then a state of the new release's
/// own graph, reached by the same inputs on the same kinds of screens.
extension Replay {
    /// How a replay by identity went: where it stopped, if it did, and
    /// what it learned on the way for a fallback.
    package struct IdentityRun {
        /// The inputs replayed (entries given on a screen, emissions,
        /// answers, removals).
        package var inputs = 0
        /// The entries, by index, given on a screen that was on top when
        /// replayed: the places where both releases agree.
        package var agreements: [Int] = []
        /// The inputs replayed, written as this release numbers its flows,
        /// screens and steppers: what the coordinator saves from now on.
        package var log = SavedNavigation()
        /// The roots started so far.
        var rootsStarted = 0
        /// The saved `started` entries paired so far with the steppers
        /// started now, in order.
        var startsPaired = 0
        /// Saved attachment numbers and the ones they are now.
        var attachmentNow: [UInt64: AttachmentID] = [:]

        package init() {}
    }

    /// The most steps one input may cause before the replay calls it a loop.
    static let maximumStepsPerInput = 100_000

    /// Replays `saved.entries[..<end]` for `roots` by identity; then checks
    /// that the screen on top is `expectedTop` (by default, the one the
    /// save was showing). Throws at the first entry that no longer applies,
    /// naming the screen it was given on and what changed there; `run`
    /// holds what was learned up to that point.
    package mutating func runByIdentity(
        _ saved: SavedNavigation, roots: [RootCoordination], deepLinks: [any Step], upTo end: Int? = nil,
        expectedTop: String?? = .none, run: inout IdentityRun
    ) throws(RestoreError) {
        let end = min(end ?? saved.entries.count, saved.entries.count)
        for index in 0..<end {
            try replayByIdentity(saved.entries[index], at: index, roots: roots, deepLinks: deepLinks, run: &run)
        }
        run.log.screens = state.navigation.visibleScreens.map(\.qualifiedID)
        let top = state.navigation.topScreen?.qualifiedID
        let expected: String? =
            switch expectedTop {
            case .some(let given): given
            case .none: saved.screens.last
            }
        guard top == expected else {
            throw RestoreError(
                .mismatch, entry: nil, screen: expected,
                problem: """
                    it was saved showing \(expected ?? "no screen"), and replaying its inputs on this release \
                    shows \(top ?? "no screen").
                    """,
                fix: "To fix, keep where those inputs lead, or say what the app does with such a walk.")
        }
    }

    /// Replays one entry, `saved.entries[index]`, by identity, and drains
    /// the queue: what ``runByIdentity(_:roots:deepLinks:upTo:expectedTop:run:)``
    /// does for each, and what `rootapp update-check` does to the new
    /// release for each input of the old.
    package mutating func replayByIdentity(
        _ entry: SavedNavigation.Entry, at index: Int, roots: [RootCoordination], deepLinks: [any Step],
        run: inout IdentityRun
    ) throws(RestoreError) {
        var transaction = Transaction(observes: false, renders: false, names: names)
        switch entry {
        case .coordinate(let name):
            let nextRoot = run.rootsStarted
            guard nextRoot < roots.count, roots[nextRoot].name == name else {
                throw RestoreError(
                    .mismatch, entry: index,
                    problem: "it coordinates the flow '\(name)', which this release does not start there.",
                    fix: "To fix, give the roots it was saved with, in order.")
            }
            roots[nextRoot].launch(&state, &transaction)
            run.rootsStarted += 1
            run.log.append(entry)
        case .select(_, _, let id, let action, let step, let label),
            .submit(_, _, let id, let action, let step, let label, _, _):
            try requireTop(id, entry: index, doing: "'\(label)' was chosen")
            run.agreements.append(index)
            guard let top = state.navigation.topScreen, let program = state.flows[top.flow.id]?.program else {
                break  // requireTop found it
            }
            let matching = top.actions.indices.filter { top.actions[$0].step == step }
            guard let chosen = matching.contains(action) ? action : matching.first else {
                let steps = top.actions.map(\.step)
                throw RestoreError(
                    .mismatch, entry: index, screen: id,
                    problem: """
                        '\(label)' (step \(step)) was chosen on \(id), and \(id) has no action with that step \
                        now (its actions' steps: \(steps.isEmpty ? "none" : steps.joined(separator: ", "))).
                        """,
                    fix: "To fix, keep the action's step, or say what the app does with such a walk.")
            }
            let (flow, screen, now) = (top.flow.id.rawValue, top.id.rawValue, top.actions[chosen].label)
            if case .submit(_, _, _, _, _, _, let values, let classes) = entry {
                try checkClasses(values, classes, submitting: top.actions[chosen].submits, on: top, entry: index)
                run.log.append(
                    .submit(
                        flow: flow, screen: screen, id: id, action: chosen, step: step, label: now, values: values,
                        classes: classes))
                program.select(action: chosen, on: top, entering: values, in: &state, &transaction)
            } else {
                run.log.append(.select(flow: flow, screen: screen, id: id, action: chosen, step: step, label: now))
                program.select(action: chosen, on: top, entering: [:], in: &state, &transaction)
            }
        case .removedByUI(_, let id):
            // Mostly the screen on top (a back swipe, a sheet dragged
            // away); else the topmost screen of that id the UI removed.
            let shown = state.navigation.shownScreens
            guard let removed = shown.last(where: { $0.qualifiedID == id }) else {
                try requireTop(id, entry: index, doing: "the UI removed it")
                break
            }
            if removed.id == state.navigation.top { run.agreements.append(index) }
            run.log.append(.removedByUI(screen: removed.id.rawValue, id: id))
            state.removedByUI(removed, &transaction)
        case .selectSection(_, let name, let section):
            // The flow of that name that shows such a section, innermost
            // first: its number may differ on another release.
            let owners = state.navigation.flowsInTreeOrder.reversed().compactMap { state.navigation.flows[$0] }
            guard
                let owner = owners.first(where: { $0.info.name == name && $0.sections.contains { $0.name == section } })
            else {
                throw RestoreError(
                    .mismatch, entry: index,
                    """
                    a person selected section '\(section)' of \(name), and no live \(name) shows such a section \
                    now. A module changed since it was saved.
                    """
                )
            }
            run.log.append(.selectSection(flow: owner.info.id.rawValue, name: name, section: section))
            state.selectSection(section, of: owner.info, &transaction)
        case .emit(let stepper, let name, let step):
            let live = state.attachments.keys.sorted().compactMap { state.attachments[$0]?.unit }
            // The stepper it was paired with when started; else the
            // first live one of that name that declares the step (a
            // flow may run two of one type, a timer and a read window).
            let named = live.filter { $0.stepperName == name }
            let unit =
                run.attachmentNow[stepper].flatMap { id in named.first { $0.id == id } }
                ?? named.first { $0.replayEmission(stepID: step) != nil } ?? named.first
            guard let unit else {
                throw RestoreError(
                    .mismatch, entry: index, screen: state.navigation.topScreen?.qualifiedID,
                    problem: "\(name) emitted \(step), and no \(name) is live at that point now.",
                    fix: "To fix, keep the stepper, or say what the app does with such a walk.")
            }
            guard let work = unit.replayEmission(stepID: step) else {
                throw RestoreError(
                    .mismatch, entry: index, screen: state.navigation.topScreen?.qualifiedID,
                    problem: "\(name) of \(unit.flow.name) emitted \(step), which it does not declare now.",
                    fix: "To fix, keep the step declared, or say what the app does with such a walk.")
            }
            run.log.append(.emit(stepper: unit.id.rawValue, name: name, step: step))
            state.perform(work, &transaction)
        case .deepLink(let stepID):
            guard let step = deepLinks.first(where: { $0.stepID == stepID }) else {
                throw RestoreError(
                    .mismatch, entry: index,
                    problem: "a deep link to \(stepID) was delivered, and the restore was not given that step.",
                    fix: "To fix, pass every step the app deep-links to in `deepLinks:`.")
            }
            run.log.append(entry)
            deliverDeepLink(step)
        case .link(let address):
            run.log.append(entry)
            try openLink(address, roots: roots, entry: index)
        case .answer(let number, let step):
            // By its number; else the first question open that takes
            // the answer (another release may ask more or fewer first).
            let asked = unanswered[number].flatMap { $0.replay(step) != nil ? number : nil }
            let open = asked ?? unanswered.keys.sorted().first { unanswered[$0]?.replay(step) != nil }
            guard let open, let adaptation = unanswered.removeValue(forKey: open),
                let work = adaptation.replay(step)
            else {
                throw RestoreError(
                    .mismatch, entry: index, screen: state.navigation.topScreen?.qualifiedID,
                    problem: "it answers deferred adapt #\(number) with \(step ?? "nothing"), which is not asked "
                        + "so at that point now.",
                    fix: "To fix, keep the question, or say what the app does with such a walk.")
            }
            // Logged by the number it has in this release, so the log
            // restores exactly here.
            run.log.append(.answer(adaptation: open, step: step))
            state.perform(work, &transaction)
        case .work:
            return  // the queue is drained after every input
        case .started(let stepper, let milliseconds):
            // Paired in order with the steppers started now; one the
            // new release does not start has nothing to resume.
            let next = run.startsPaired
            if next < startOrder.count {
                run.attachmentNow[stepper] = startOrder[next]
                stamps[startOrder[next]] = milliseconds
                run.log.append(.started(stepper: startOrder[next].rawValue, milliseconds: milliseconds))
                run.startsPaired += 1
            }
            return
        }
        if case .coordinate = entry {} else { run.inputs += 1 }
        absorb(&transaction)
        let ran = try drain(entry: index)
        if ran > 0 { run.log.append(.work(count: ran)) }
    }

    /// Throws unless the screen on top is `id`.
    private func requireTop(_ id: String, entry index: Int, doing what: String) throws(RestoreError) {
        let top = state.navigation.topScreen?.qualifiedID
        guard top != id else { return }
        throw RestoreError(
            .mismatch, entry: index, screen: id,
            problem: "\(what) on \(id), and the screen on top at that point is now \(top ?? "none").",
            fix: "To fix, keep the way to \(id), or say what the app does with such a walk.")
    }

    /// Throws unless every value submitted is taken by its field as it is
    /// now and falls in the class it fell in when saved.
    private func checkClasses(
        _ values: [String: String], _ classes: [String: String], submitting submits: [String],
        on screen: PresentedScreen, entry index: Int
    ) throws(RestoreError) {
        let id = screen.qualifiedID
        switch EnteredValues.check(values, submitting: submits, fields: screen.fields) {
        case .failure(let refusal):
            throw RestoreError(
                .mismatch, entry: index, screen: id,
                problem: "the values entered on \(id) are refused by its fields now: \(refusal).",
                fix: "To fix, keep the fields' classes, or say what the app does with such a walk (ask-again).")
        case .success(let checked):
            for (field, was) in classes.sorted(by: { $0.key < $1.key }) {
                let now = checked.valueClass(of: field)
                guard now != was else { continue }
                throw RestoreError(
                    .mismatch, entry: index, screen: id,
                    problem: """
                        the value entered in \(field) on \(id) was \(was), and is \(now ?? "in no class") now.
                        """,
                    fix: "To fix, keep the field's classes, or say what the app does with such a walk (ask-again).")
            }
        }
    }

    /// Runs the work the flows queued until none is left; returns how
    /// much ran.
    mutating func drain(entry index: Int) throws(RestoreError) -> Int {
        var steps = 0
        while nextQueued < queued.count {
            steps += 1
            guard steps <= Self.maximumStepsPerInput else {
                throw RestoreError(
                    .mismatch, entry: index,
                    problem: "its input at entries[\(index)] causes steps without end on this release.",
                    fix: "To fix, end the loop in the flows.")
            }
            let work = queued[nextQueued]
            nextQueued += 1
            var transaction = Transaction(observes: false, renders: false, names: names)
            state.perform(work, &transaction)
            absorb(&transaction)
        }
        return steps
    }
}

extension Replay {
    /// Replays `saved` as a restore given `fingerprint` does: exactly when
    /// it was saved by the same release, by identity (with `other`'s
    /// policy for a walk that does not replay whole) when by another.
    /// Returns the replay, what was done, and for another release the log
    /// rewritten in this release's numbering (`nil`: keep `saved`'s).
    package static func restoring(
        _ saved: SavedNavigation, roots: [RootCoordination], fingerprint: String, deepLinks: [any Step],
        onAnotherRelease other: OtherRelease, names: StepNames? = nil
    ) throws(RestoreError) -> (replay: Replay, outcome: RestoreOutcome, log: SavedNavigation?) {
        guard SavedNavigation.readableFormats.contains(saved.format) else {
            throw RestoreError(
                .format,
                """
                it is in format \(saved.format), and this version of Stepflow reads formats \
                \(SavedNavigation.readableFormats.lowerBound) to \(SavedNavigation.readableFormats.upperBound). \
                Start afresh.
                """
            )
        }
        if saved.fingerprint == fingerprint {
            do throws(RestoreError) {
                var replay = Replay(kept: saved.kept)
                replay.names = names
                try replay.run(saved, roots: roots, deepLinks: deepLinks)
                let outcome = RestoreOutcome(
                    .sameRelease, inputs: saved.givenCount, top: replay.state.navigation.topScreen?.qualifiedID)
                return (replay, outcome, nil)
            } catch {
                // The same fingerprint, and flows that no longer fit: a
                // module's code changed without a new version. Another
                // release in all but name: replayed by identity if allowed.
                guard error.kind == .mismatch, case .replay = other else { throw error }
            }
        }
        guard case .replay(let policy) = other else {
            throw RestoreError(
                .fingerprint, "it was saved by '\(saved.fingerprint)', and this is '\(fingerprint)'. Start afresh.")
        }
        var replay = Replay(kept: saved.kept)
        var run = IdentityRun()
        do {
            try replay.runByIdentity(saved, roots: roots, deepLinks: deepLinks, run: &run)
            let outcome = RestoreOutcome(
                .otherRelease, inputs: run.inputs, top: replay.state.navigation.topScreen?.qualifiedID)
            var log = run.log
            log.kept = saved.kept
            return (replay, outcome, log)
        } catch {
            guard let (end, chosen) = fallback(for: error, saved: saved, agreements: run.agreements, policy: policy)
            else { throw error }
            var prefix = Replay(kept: saved.kept)
            var prefixRun = IdentityRun()
            // The prefix replayed once already, in the run that failed later.
            let top = saved.entries[end].screenID
            try prefix.runByIdentity(
                saved, roots: roots, deepLinks: deepLinks, upTo: end, expectedTop: .some(top), run: &prefixRun)
            var kept: [String: String] = [:]
            if chosen == .askAgain, case .submit(_, _, _, _, _, _, let values, _) = saved.entries[end] { kept = values }
            let outcome = RestoreOutcome(
                .fellBack(chosen), inputs: prefixRun.inputs, top: top, refusal: error, keptValues: kept)
            var log = prefixRun.log
            log.kept = saved.kept
            return (prefix, outcome, log)
        }
    }

    /// Where a policy restores a walk refused with `error`: the number of
    /// entries to replay, and the policy; `nil` when it refuses (or no
    /// input was given on a screen before the fault).
    package static func fallback(
        for error: RestoreError, saved: SavedNavigation, agreements: [Int],
        policy: (String) -> LostWalkPolicy
    ) -> (end: Int, policy: LostWalkPolicy)? {
        // The last input both releases agree was given on its screen: the
        // faulty one itself when it was (its action or value changed).
        let fault = error.entry ?? saved.entries.count
        guard let last = agreements.lastIndex(where: { $0 <= fault }),
            let screen = saved.entries[agreements[last]].screenID
        else { return nil }
        let instance = String(screen.prefix { $0 != "/" })
        switch policy(instance) {
        case .refuse:
            return nil
        case .askAgain:
            return (agreements[last], .askAgain)
        case .restartModule:
            var first = last
            while first > 0,
                saved.entries[agreements[first - 1]].screenID?.prefix(while: { $0 != "/" }) == instance[...]
            {
                first -= 1
            }
            return (agreements[first], .restartModule)
        }
    }
}

extension SavedNavigation.Entry {
    /// The screen it was given on (`instance/screen`), for an input given
    /// on one.
    package var screenID: String? {
        switch self {
        case .select(_, _, let id, _, _, _), .submit(_, _, let id, _, _, _, _, _), .removedByUI(_, let id): id
        default: nil
        }
    }
}
