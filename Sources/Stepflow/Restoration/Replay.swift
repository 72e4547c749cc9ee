/// Rebuilds an ``EngineState`` from a ``SavedNavigation``: each entry runs
/// the very transition the coordinator ran for it, on a fresh state,
/// without performing a single effect. Queued work is kept in order and
/// run where the log says it ran; steppers are neither connected nor
/// started; nothing is rendered. What a restore performs afterwards, once,
/// is in ``Restored``.
///
/// Pure: no Dispatch, no clock. Every check that the log still fits the
/// flows is made here, so a refused log leaves nothing behind.
package struct Replay {
    /// The state rebuilt so far.
    package internal(set) var state = EngineState()
    /// Work the flows queued and the log has not run yet, in order.
    var queued: [PendingWork] = []
    var nextQueued = 0
    /// Deferred adaptations asked and not answered, by their number.
    var unanswered: [Int: DeferredAdaptation] = [:]
    /// How many deferred adaptations were asked.
    package private(set) var adaptationsAsked = 0
    /// The attachments told they may emit.
    var started: Set<AttachmentID> = []
    /// When each stepper was told it may emit: milliseconds on the saving
    /// coordinator's clock.
    var stamps: [AttachmentID: Int64] = [:]

    /// The attachments started, in the order they were (read by a replay
    /// by identity, which pairs them with the saved `started` entries).
    var startOrder: [AttachmentID] = []

    /// The step and screen names remembered across replays (``StepNames``),
    /// when one walker restores many saves of the same app (a tool walking
    /// a variant's graph); `nil` for an app's own restore, which keeps none.
    package var names: StepNames?

    package init() {}

    /// A replay that starts from the record holding `kept`: what the
    /// device kept when the walk's app started.
    package init(kept: VariantRecord) {
        state.keep(kept)
    }

    /// Replays every entry of `saved` for `roots`. Throws at the first
    /// entry that no longer fits.
    package mutating func run(
        _ saved: SavedNavigation, roots: [RootCoordination], deepLinks: [any Step]
    ) throws(RestoreError) {
        var nextRoot = 0
        let expectedRoots = saved.entries.reduce(0) { count, entry in
            if case .coordinate = entry { return count + 1 }
            return count
        }
        guard expectedRoots == roots.count else {
            throw RestoreError(
                .mismatch,
                problem:
                    """
                    it starts \(expectedRoots) root flow\(expectedRoots == 1 ? "" : "s"), and the restore was given \
                    \(roots.count).
                    """,
                fix:
                    """
                    To fix, give the roots it was saved with, in order.
                    """
            )
        }
        for (index, entry) in saved.entries.enumerated() {
            var transaction = Transaction(observes: false, renders: false, names: names)
            switch entry {
            case .coordinate(let name):
                let root = roots[nextRoot]
                nextRoot += 1
                guard root.name == name else {
                    throw RestoreError(
                        .mismatch, entry: index,
                        problem:
                            """
                            it coordinates the flow '\(name)', and the restore was given '\(root.name)' in its place.
                            """,
                        fix:
                            """
                            To fix, give the roots it was saved with, in order.
                            """
                    )
                }
                root.launch(&state, &transaction)
            case .select(let flow, let screen, let id, let action, let step, _),
                .submit(let flow, let screen, let id, let action, let step, _, _, _):
                guard let program = state.flows[FlowID(rawValue: flow)]?.program else {
                    state.statistics.dropped += 1
                    break
                }
                var entered: [String: String] = [:]
                if case .submit(_, _, _, _, _, _, let values, _) = entry { entered = values }
                if let problem = program.replaySelect(
                    action: action, step: step, on: ScreenInstanceID(rawValue: screen), id: id, entering: entered,
                    in: &state, &transaction
                ) {
                    throw RestoreError(.mismatch, entry: index, problem)
                }
            case .removedByUI(let screen, let id):
                guard let presented = state.navigation.screen(ScreenInstanceID(rawValue: screen)) else { break }
                guard presented.qualifiedID == id else {
                    throw RestoreError(
                        .mismatch, entry: index,
                        """
                        the UI removed \(id), and screen #\(screen) is now \(presented.qualifiedID). A module \
                        changed since it was saved.
                        """
                    )
                }
                state.removedByUI(presented, &transaction)
            case .selectSection(let flow, let name, let section):
                guard let live = state.navigation.flows[FlowID(rawValue: flow)]?.info else {
                    state.statistics.dropped += 1
                    break
                }
                guard live.name == name else {
                    throw RestoreError(
                        .mismatch, entry: index,
                        """
                        a person selected section '\(section)' of \(name), and flow #\(flow) is now \(live.name). \
                        A module changed since it was saved.
                        """
                    )
                }
                state.selectSection(section, of: live, &transaction)
            case .emit(let stepper, let name, let step):
                guard let record = state.attachments[AttachmentID(rawValue: stepper)] else {
                    // Detached: dropped, as it was when it was saved.
                    state.statistics.dropped += 1
                    break
                }
                guard record.unit.stepperName == name else {
                    throw RestoreError(
                        .mismatch, entry: index,
                        """
                        \(name) emitted \(step), and stepper #\(stepper) is now a \(record.unit.stepperName) of \
                        \(record.unit.flow.name). A module changed since it was saved.
                        """
                    )
                }
                guard let work = record.unit.replayEmission(stepID: step) else {
                    throw RestoreError(
                        .mismatch, entry: index,
                        """
                        \(name) of \(record.unit.flow.name) emitted \(step), which it does not declare (now). To \
                        fix, declare every step a stepper emits; a step it does not declare cannot be replayed.
                        """
                    )
                }
                state.perform(work, &transaction)
            case .deepLink(let stepID):
                guard let step = deepLinks.first(where: { $0.stepID == stepID }) else {
                    throw RestoreError(
                        .mismatch, entry: index,
                        problem:
                            """
                            a deep link to \(stepID) was delivered, and the restore was not given that step.
                            """,
                        fix:
                            """
                            To fix, \
                            pass every step the app deep-links to in `deepLinks:`.
                            """
                    )
                }
                deliverDeepLink(step)
                continue
            case .link(let address):
                try openLink(address, roots: roots, entry: index)
                continue
            case .answer(let number, let step):
                guard let adaptation = unanswered.removeValue(forKey: number) else {
                    throw RestoreError(
                        .mismatch, entry: index,
                        """
                        it answers deferred adapt #\(number), which was not asked (now). A module changed since it \
                        was saved.
                        """
                    )
                }
                guard let work = adaptation.replay(step) else {
                    throw RestoreError(
                        .mismatch, entry: index,
                        """
                        deferred adapt #\(number) answered \(step ?? "nothing") in place of the step it was asked \
                        about; only an answer that keeps or filters the step can be replayed.
                        """
                    )
                }
                state.perform(work, &transaction)
            case .work(let count):
                for _ in 0..<max(0, count) {
                    guard nextQueued < queued.count else {
                        throw RestoreError(
                            .mismatch, entry: index,
                            """
                            it runs more work the flows queued themselves (forwarded steps, exits) than the flows \
                            queue now. A module changed since it was saved.
                            """
                        )
                    }
                    let work = queued[nextQueued]
                    nextQueued += 1
                    state.perform(work, &transaction)
                    absorb(&transaction)
                }
            case .started(let stepper, let milliseconds):
                stamps[AttachmentID(rawValue: stepper)] = milliseconds
            }
            absorb(&transaction)
        }
        let shown = state.navigation.visibleScreens.map(\.qualifiedID)
        guard shown == saved.screens else {
            throw RestoreError(
                .mismatch,
                """
                it was saved showing \(Self.list(saved.screens)), and replaying it now shows \(Self.list(shown)). \
                A module or an option changed since it was saved.
                """
            )
        }
    }

    static func list(_ screens: [String]) -> String {
        screens.isEmpty ? "no screen" : screens.joined(separator: " > ")
    }

    /// Opens the link at `address` as the roots route it; throws when no
    /// root routes it any more, saying why (the route is gone, or a
    /// parameter's value is refused now).
    mutating func openLink(_ address: String, roots: [RootCoordination], entry index: Int) throws(RestoreError) {
        let answers = roots.compactMap { $0.links?(address) }
        guard let link = answers.lazy.compactMap({ try? $0.get() }).first else {
            let why = answers.lazy.compactMap { answer -> LinkRefusal? in
                if case .failure(let refusal) = answer { return refusal }
                return nil
            }.first
            throw RestoreError(
                .mismatch, entry: index,
                problem: "the link \(address) was opened, and no root routes that address now."
                    + (why.map { " \($0.message)" } ?? ""),
                fix: why?.entry == nil
                    ? "To fix, keep the link's route in the manifest, or say what the app does with such a walk."
                    : "To fix, keep the values the link's parameter takes, or say what the app does with such a walk.")
        }
        var transaction = Transaction(observes: false, renders: false, names: names)
        state.openLink(link, completion: nil, &transaction)
        absorb(&transaction)
    }

    mutating func deliverDeepLink<S: Step>(_ step: S) {
        let tally = state.beginDeepLink(step, completion: nil)
        for program in state.deepLinkTargets() {
            var transaction = Transaction(observes: false, renders: false, names: names)
            state.deliverDeepLink(step, to: program, tally: tally, &transaction)
            absorb(&transaction)
        }
        var transaction = Transaction(observes: false, renders: false, names: names)
        state.settle(tally, &transaction)
        absorb(&transaction)
    }

    /// Keeps what a transition's effects mean for later entries: queued
    /// work, deferred adaptations, which steppers were started. Stopped
    /// steppers are let go without a call: they never ran (and were never
    /// connected, so nothing but this state holds their attachments).
    mutating func absorb(_ transaction: inout Transaction) {
        for effect in transaction.effects {
            switch effect {
            case .enqueue(let work):
                queued.append(work)
            case .deferred(let adaptation):
                unanswered[adaptationsAsked] = adaptation
                adaptationsAsked += 1
            case .start(let unit):
                started.insert(unit.id)
                startOrder.append(unit.id)
            case .stop(let unit):
                started.remove(unit.id)
            case .event, .connect, .render, .call:
                break
            }
        }
        transaction.effects.removeAll()
    }

    /// What a restore does once the log has replayed.
    package var restored: Restored {
        let records = state.attachments.keys.sorted().compactMap { state.attachments[$0] }
        return Restored(
            connect: records.map(\.unit),
            // A stepper that has spent every emission it declared (a timer
            // that fired) has nothing to resume: resumed, a timer would
            // count down again for a step it may not emit.
            resume: records.filter { started.contains($0.unit.id) && !$0.isSpent }.map {
                ($0.unit, stamps[$0.unit.id])
            },
            queued: Array(queued[nextQueued...]),
            unanswered: unanswered.keys.sorted().map { ($0, unanswered[$0]!) }  // keys from `unanswered`
        )
    }

    /// What a restore performs, in order, once the log has replayed.
    package struct Restored {
        /// Every live stepper, to connect, in attachment order.
        package let connect: [any StepperAttachmentProtocol]
        /// Those that had been told they may emit, with when (ms).
        package let resume: [(unit: any StepperAttachmentProtocol, startedAt: Int64?)]
        /// Work the flows queued that had not run when it was saved.
        package let queued: [PendingWork]
        /// Deferred adaptations not answered when it was saved, to ask
        /// again, with their numbers.
        package let unanswered: [(number: Int, adaptation: DeferredAdaptation)]
    }
}
