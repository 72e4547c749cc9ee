import Dispatch
public import Stepflow

// The outside world's answers (services, permissions) and steppers'
// emissions, given to a session by hand or awaited from the app.
extension VariantSession {
    /// What the app could be answered from outside now: open questions,
    /// then live steppers that speak for a service.
    public var waitingAnswers: [WaitingAnswer] { coordinator.waitingAnswers }

    /// What the app waits for from outside, if it waits: an open question
    /// someone outside was asked, or, on a screen that offers no way on
    /// but back or cancel ("One moment…"), a service that has not answered. `nil` when a person can go on (or a
    /// question waits for them: see ``waitingAnswers``).
    public var waitingForOutside: WaitingAnswer? {
        let waiting = coordinator.waitingAnswers.filter { !$0.isAnsweredByHand }
        if let question = waiting.first(where: \.isQuestion) { return question }
        guard let top, top.actions.allSatisfy({ $0.role == .back || $0.role == .cancel }) else { return nil }
        return waiting.first
    }

    /// Waits while the app waits for the outside world (see
    /// ``waitingForOutside``), at most ``outsideTimeLimit``. Returns why
    /// not when the time ran out.
    @discardableResult
    public func awaitOutside() -> String? {
        // A deferred `adapt` answers when it answers: a walk or a script
        // waits for it (at most the limit) before the next line.
        if !coordinator.waitUntilIdle(atMost: outsideTimeLimit) {
            return
                """
                the app waited \(outsideTimeLimit) for a flow's deferred answer (an adapt that asks the outside \
                world) and none came. To fix, check what the flow's adapt waits for, or declare its answers with \
                .ask(Question) so a script can give one.
                """
        }
        settleIfMoved()
        guard var waiting = waitingForOutside else { return nil }
        let limit = outsideTimeLimit
        let started = ContinuousClock.now
        while ContinuousClock.now - started < limit {
            coordinator.waitUntilIdle(includingPendingAdaptations: false)
            guard let still = waitingForOutside else {
                settle(.emission)
                return nil
            }
            waiting = still
            sleepBriefly()
        }
        let answers = waiting.answers.map(\.name).joined(separator: ", ")
        return
            """
            the app waited \(limit) for \(waiting.label) and no answer came. To fix, check the service, or give \
            its answer: answer \(waiting.source) <\(answers)>.
            """
    }

    private func sleepBriefly() {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(10)) { done.signal() }
        done.wait()
    }

    /// Gives the answer called `answer` from the outside source `source`
    /// (a question's id, or a stepper's outside id). Returns why not when
    /// nothing waits for it or it has no such answer.
    @discardableResult
    public func answer(_ source: String, _ answer: String) -> String? {
        let waiting = coordinator.waitingAnswers
        guard let target = waiting.first(where: { $0.source == source }) else {
            let now =
                waiting.isEmpty
                ? "nothing waits for an answer from outside on \(top?.qualifiedID ?? "this screen")"
                : "what can answer now: "
                    + waiting.map { "\($0.source) (\($0.answers.map(\.name).joined(separator: ", ")))" }.joined(
                        separator: "; ")
            return "no answer from '\(source)' is awaited here; \(now)."
        }
        guard target.answers.contains(where: { $0.name == answer }) else {
            return
                """
                \(target.label) has no answer '\(answer)'; its answers: \
                \(target.answers.map(\.name).joined(separator: ", ")).
                """
        }
        guard coordinator.answer(source, with: answer) else { return "\(target.label) no longer waits for an answer." }
        settle(.answer(source: source, answer: answer))
        return nil
    }

    /// Makes a live stepper of type `stepper` emit its declared step
    /// `step`. Returns why not when none can.
    @discardableResult
    public func emit(_ stepper: String, _ step: String) -> String? {
        let live = coordinator.emittingSteppers
        guard coordinator.emit(stepper: stepper, step: step) else {
            let now =
                live.isEmpty
                ? "no stepper is live"
                : "live: " + live.map { "\($0.name) (\($0.steps.joined(separator: ", ")))" }.joined(separator: "; ")
            return "no live stepper '\(stepper)' can emit '\(step)' now; \(now)."
        }
        settle(.emitted(stepper: stepper, step: step))
        return nil
    }
}
