import Dispatch

extension Coordinator {
    /// The navigation so far, as a value to persist; `nil` unless the
    /// coordinator was made with `savesNavigationOn:`. Read on the queue,
    /// as ``currentState`` is: it holds every input handled before the
    /// read, and none after.
    ///
    /// Save it when the app may be killed: when it goes to the background,
    /// and after each input that matters (a result recorded). Inputs queued
    /// and not yet handled are not in it.
    public var savedNavigation: SavedNavigation? {
        let read = { [self] () -> SavedNavigation? in
            guard var saved = log else { return nil }
            saved.screens = engine.navigation.visibleScreens.map(\.qualifiedID)
            return saved
        }
        return isOnQueue ? read() : queue.sync(execute: read)
    }

    /// Rebuilds the navigation `saved` holds, in place of starting afresh.
    ///
    /// Replays every input through the same flows, in the order the saving
    /// coordinator handled them, without rendering or starting anything;
    /// then renders the state once (its changes: every live flow started,
    /// every screen presented, bottom to top), reports
    /// ``NavigationEvent/restored(inputs:)``, connects the live steppers and
    /// resumes those that had started (``Stepper/resumeEmittingSteps(after:)``:
    /// a timer runs for the time really left), queues the work the flows
    /// had queued, and asks again any deferred `adapt` that had not
    /// answered. Returns once that is done.
    ///
    /// ```swift
    /// let coordinator = Coordinator(queue: .main, navigator: ui, savesNavigationOn: clock)
    /// do {
    ///     try coordinator.restore(
    ///         saved, roots: [RootCoordination(app, with: OneStepper(.start))], fingerprint: buildNumber)
    /// } catch {
    ///     log(error)   // the coordinator is untouched: start afresh
    ///     coordinator.coordinate(flow: app, with: OneStepper(.start))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - saved: What ``savedNavigation`` returned, in another process.
    ///   - roots: The flows it coordinated, in order, made as they were then.
    ///   - fingerprint: What the app is now; refused unless it equals
    ///     ``SavedNavigation/fingerprint``.
    ///   - deepLinks: Every step the app may have deep-linked to: a deep
    ///     link is saved by its step id and found again among these.
    /// - Throws: ``RestoreError`` when the coordinator was already given a
    ///   flow, the format or fingerprint differs, or the flows no longer do
    ///   what they did (a module, an option or a step changed): the entry
    ///   at fault and why. The coordinator is then left as it was.
    public func restore(
        _ saved: SavedNavigation, roots: [RootCoordination], fingerprint: String = "", deepLinks: [any Step] = []
    ) throws(RestoreError) {
        try restore(saved, roots: roots, fingerprint: fingerprint, deepLinks: deepLinks, onAnotherRelease: .refuse)
    }

    /// Rebuilds the navigation `saved` holds, as
    /// ``restore(_:roots:fingerprint:deepLinks:)`` does, and takes a save
    /// from another release (another fingerprint) as `onAnotherRelease`
    /// says: with ``OtherRelease/replay(policy:)``, its inputs replay by
    /// their identities (the screen each was given on, an action's step,
    /// a value's class, a stepper's name), and a walk that does not
    /// replay whole is restored as the policy of the module instance the
    /// person was in says, or refused.
    ///
    /// ```swift
    /// let outcome = try coordinator.restore(
    ///     saved, roots: [RootCoordination(app, with: OneStepper(.start))], fingerprint: buildNumber,
    ///     deepLinks: [], onAnotherRelease: .replay { _ in .askAgain })
    /// if case .fellBack = outcome.kind { showNotice(outcome.refusal) }
    /// ```
    ///
    /// Whatever was replayed, the coordinator saves from then on in this
    /// release's numbering, so the next restore is exact.
    ///
    /// - Returns: How the save was taken: exactly, by identity, or as a
    ///   policy said (with why, and the values to fill in again).
    /// - Throws: ``RestoreError``, as ``restore(_:roots:fingerprint:deepLinks:)``
    ///   does; on another release, the first input that no longer applies,
    ///   the screen it was given on (``RestoreError/screen``) and what
    ///   changed there. The coordinator is then left as it was.
    @discardableResult
    public func restore(
        _ saved: SavedNavigation, roots: [RootCoordination], fingerprint: String, deepLinks: [any Step],
        onAnotherRelease: OtherRelease
    ) throws(RestoreError) -> RestoreOutcome {
        try restore(
            saved, roots: roots, fingerprint: fingerprint, deepLinks: deepLinks, onAnotherRelease: onAnotherRelease,
            names: nil)
    }

    /// As ``restore(_:roots:fingerprint:deepLinks:onAnotherRelease:)``,
    /// naming steps and screens from `names`, which a tool that restores
    /// many saves of one variant (each state of its graph) shares between
    /// them. Used on one thread at a time, as an explorer uses it.
    @discardableResult
    package func restore(
        _ saved: SavedNavigation, roots: [RootCoordination], fingerprint: String, deepLinks: [any Step],
        onAnotherRelease: OtherRelease, names: StepNames?
    ) throws(RestoreError) -> RestoreOutcome {
        let isFresh = acceptedInput.withLock { accepted in
            defer { accepted = true }
            return !accepted
        }
        guard isFresh else {
            throw RestoreError(
                .notFresh,
                problem:
                    """
                    the coordinator has already been given a flow or a restore.
                    """,
                fix:
                    """
                    To fix, restore on a new coordinator, \
                    before coordinate(flow:with:).
                    """
            )
        }
        do throws(RestoreError) {
            // Pure: runs on the caller's thread, off the queue.
            let (replay, outcome, replayedLog) = try Replay.restoring(
                saved, roots: roots, fingerprint: fingerprint, deepLinks: deepLinks, onAnotherRelease: onAnotherRelease,
                names: names)
            var rewritten = replayedLog
            rewritten?.fingerprint = fingerprint
            let log = rewritten ?? saved
            if isOnQueue {
                install(replay, saved: log)
            } else {
                let done = DispatchSemaphore(value: 0)
                // Made here, used only on the queue after this thread hands it over.
                let box = QueueConfined(replay)
                inbox.enqueue { coordinator in
                    coordinator.install(box.value, saved: log)
                    done.signal()
                }
                done.wait()
                queue.sync {}
            }
            return outcome
        } catch {
            acceptedInput.withLock { $0 = false }
            throw error
        }
    }

    /// Restores a navigation with one root flow; see
    /// ``restore(_:roots:fingerprint:deepLinks:)``.
    public func restore<F: Flow>(
        _ saved: SavedNavigation, flow: F, with stepper: any Stepper<F.StepType>, fingerprint: String = "",
        deepLinks: [any Step] = []
    ) throws(RestoreError) {
        try restore(
            saved, roots: [RootCoordination(flow, with: stepper)], fingerprint: fingerprint, deepLinks: deepLinks)
    }

    /// Takes a replayed state on: on the queue.
    private func install(_ replay: Replay, saved: SavedNavigation) {
        engine = replay.state
        if log != nil {
            log = saved
            log?.format = SavedNavigation.currentFormat
        }
        let restored = replay.restored
        var effects: [Effect] = restored.connect.map { .connect($0) }
        if navigator != nil {
            var changes: [NavigationChange] = []
            let navigation = engine.navigation
            for id in navigation.flowsInTreeOrder {
                guard let flow = navigation.flows[id] else { continue }
                changes.append(.flowStarted(flow.info, parent: flow.parent))
                if flow.isReady { changes.append(.flowReady(flow.info)) }
            }
            changes += navigation.shownScreens.map { .presented($0) }
            // Then the sections each flow shows, and which is selected.
            for id in navigation.flowsInTreeOrder {
                guard let flow = navigation.flows[id], let selected = flow.selected else { continue }
                changes.append(.sectionsShown(flow.info, sections: flow.sections.map(\.name), selected: selected.name))
            }
            effects.append(.render(changes))
        }
        effects.append(.event(.restored(inputs: saved.inputCount)))
        perform(effects)
        let now = (savingClock?.now ?? WallClock.now).wholeMilliseconds
        for (unit, startedAt) in restored.resume where !isAnsweredByHand(unit) {
            let elapsed =
                startedAt.map { Duration.milliseconds(now.subtractingReportingOverflow($0).partialValue) } ?? .zero
            mailboxes[unit.id]?.resume(after: elapsed)
        }
        for work in restored.queued { inbox.enqueue(work) }
        adaptationsAsked = replay.adaptationsAsked
        for (number, adaptation) in restored.unanswered { ask(adaptation, number: number) }
    }
}
