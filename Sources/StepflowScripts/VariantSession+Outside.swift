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
    package var waitingForOutside: WaitingAnswer? {
        let waiting = coordinator.waitingAnswers.filter { !$0.isAnsweredByHand }
        if let question = waiting.first(where: \.isQuestion) { return question }
        guard let top, top.actions.allSatisfy({ $0.role == .back || $0.role == .cancel }) else { return nil }
        return waiting.first
    }

    /// Waits while the app waits for the outside world (see
    /// ``waitingForOutside``), at most ``outsideTimeLimit``.
    ///
    /// - Throws: ``SessionRefusal/outsideSilent(source:question:answers:limit:)``
    ///   or ``SessionRefusal/deferredSilent(limit:)`` when the time ran out.
    package func waitForOutside() throws(SessionRefusal) {
        // A deferred `adapt` answers when it answers: a walk or a script
        // waits for it (at most the limit) before the next line.
        if !coordinator.waitUntilIdle(atMost: outsideTimeLimit) { throw .deferredSilent(limit: outsideTimeLimit) }
        settleIfMoved()
        guard var waiting = waitingForOutside else { return }
        let limit = outsideTimeLimit
        let started = ContinuousClock.now
        while ContinuousClock.now - started < limit {
            coordinator.waitUntilIdle(includingPendingAdaptations: false)
            guard let still = waitingForOutside else {
                settle(.emission)
                return
            }
            waiting = still
            sleepBriefly()
        }
        throw .outsideSilent(
            source: waiting.source, question: waiting.label, answers: waiting.answers.map(\.name), limit: limit)
    }

    /// ``waitForOutside()``, its refusal as a sentence.
    @available(*, deprecated, message: "use waitForOutside(), which throws a typed SessionRefusal")
    @discardableResult
    package func awaitOutside() -> String? {
        do throws(SessionRefusal) { try waitForOutside() } catch { return error.description }
        return nil
    }

    private func sleepBriefly() {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(10)) { done.signal() }
        done.wait()
    }

    /// Gives the answer called `answer` from the outside source `source`
    /// (a question's id, or a stepper's outside id): `give(.answer(…))`.
    func giveAnswer(_ source: String, _ answer: String) throws(SessionRefusal) {
        let waiting = coordinator.waitingAnswers
        guard let target = waiting.first(where: { $0.source == source }) else {
            throw .nothingAwaits(
                source: source, screen: top?.qualifiedID,
                waiting: Dictionary(
                    waiting.map { ($0.source, $0.answers.map(\.name)) }, uniquingKeysWith: { first, _ in first }))
        }
        guard target.answers.contains(where: { $0.name == answer }) else {
            throw .noSuchAnswer(
                source: source, question: target.label, answer: answer, answers: target.answers.map(\.name))
        }
        guard coordinator.answer(source, with: answer) else { throw .noLongerWaits(question: target.label) }
        settle(.answer(source: source, answer: answer))
    }

    /// Makes a live stepper of type `stepper` emit its declared step
    /// `step`: `give(.emit(…))`.
    func giveEmission(_ stepper: String, _ step: String) throws(SessionRefusal) {
        let live = coordinator.emittingSteppers
        guard coordinator.emit(stepper: stepper, step: step) else {
            throw .noSuchEmission(
                stepper: stepper, step: step,
                live: Dictionary(live.map { ($0.name, $0.steps) }, uniquingKeysWith: { first, _ in first }))
        }
        settle(.emitted(stepper: stepper, step: step))
    }

    /// Gives the answer called `answer` from the outside source `source`.
    /// Returns why not when nothing waits for it or it has no such answer.
    @available(*, deprecated, message: "use give(.answer(source:answer:)), which throws a typed SessionRefusal")
    @discardableResult
    public func answer(_ source: String, _ answer: String) -> String? {
        sentence { () throws(SessionRefusal) in try giveAnswer(source, answer) }
    }

    /// Makes a live stepper of type `stepper` emit its declared step
    /// `step`. Returns why not when none can.
    @available(*, deprecated, message: "use give(.emit(stepper:step:)), which throws a typed SessionRefusal")
    @discardableResult
    public func emit(_ stepper: String, _ step: String) -> String? {
        sentence { () throws(SessionRefusal) in try giveEmission(stepper, step) }
    }

    /// `nil` when `body` does not throw, else its refusal as a sentence.
    func sentence(_ body: () throws(SessionRefusal) -> Void) -> String? {
        do throws(SessionRefusal) { try body() } catch { return error.description }
        return nil
    }
}
