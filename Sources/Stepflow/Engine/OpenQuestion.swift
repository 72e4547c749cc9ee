/// A question a live flow asked and that has no answer yet: the answers
/// it declared, each with the work that handles it.
package struct OpenQuestion {
    /// Its number among the questions this state's engine asked.
    package let number: Int
    /// The flow that asked it.
    package let flow: FlowInfo
    /// ``Question/id``.
    package let id: String
    /// ``Question/label``.
    package let label: String
    /// The text keys a person reads while it is open: its label's and its
    /// answers' labels'.
    package let textKeys: [String]
    /// The step it was asked about: part of the state's key.
    package let askedAbout: KeyPart
    /// Its declared answers, in order.
    package let answers: [OpenAnswer]
    /// Whether someone outside is asked (``Question/ask`` is not `nil`).
    package let asksOutside: Bool
    /// The screen on top when it was asked. Its answer is dropped once that
    /// screen is gone (a link or a timer replaced it), so whether it is
    /// still presented is part of the state's key.
    package let asker: ScreenInstanceID?
}

/// One declared answer of an ``OpenQuestion``.
package struct OpenAnswer {
    /// ``Answer/name``.
    package let name: String
    /// ``Answer/label``.
    package let label: String
    /// The work that closes the question and handles the answer.
    package let work: PendingWork
}
