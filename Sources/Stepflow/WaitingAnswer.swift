/// Something outside the flows the app could be answered from now: an
/// open ``Question``, or a live stepper that speaks for a service
/// (``Stepper/outside``). See ``Coordinator/waitingAnswers``.
public struct WaitingAnswer: Hashable, Sendable {
    /// The question's or the source's id (`camera-permission`).
    public let source: String
    /// Its label (`camera permission`).
    public let label: String
    /// Whether it is a question: the app waits for it, and refuses a
    /// person's actions meanwhile. A stepper's source may answer or not.
    package let isQuestion: Bool
    /// Each answer it may give: the name scripts type, the label people read.
    public let answers: [Answer]
    /// Whether nobody outside will answer it: its service is answered by
    /// hand, or a question has nobody to ask (``Question/ask`` is `nil`).
    package let isAnsweredByHand: Bool

    /// One answer.
    public struct Answer: Hashable, Sendable {
        /// What a script types (`denied`).
        public let name: String
        /// What people read (`camera permission denied`).
        public let label: String

        /// The answer `name`, read as `label`.
        package init(name: String, label: String) {
            self.name = name
            self.label = label
        }
    }

    init(
        source: String, label: String, isQuestion: Bool, answers: [(name: String, label: String)],
        isAnsweredByHand: Bool
    ) {
        self.source = source
        self.label = label
        self.isQuestion = isQuestion
        self.answers = answers.map { Answer(name: $0.name, label: $0.label) }
        self.isAnsweredByHand = isAnsweredByHand
    }
}
