/// One answer the outside world can give: to a flow's ``Question`` (a
/// permission, a confirmation by a service) or through a stepper that
/// speaks for a service (``Stepper/outside``).
///
/// An answer is declared, not discovered: analysis branches on every
/// answer a question or a stepper declares, `rootapp walk` lists them
/// when the app waits for one, and a script gives one by its ``name``
/// (`answer camera-permission denied`).
///
/// ```swift
/// Answer("granted", .readByPhoto)
/// Answer("denied", .readByHand, label: "camera permission denied")
/// ```
public struct Answer<StepType: Step>: Hashable, Sendable {
    /// What scripts and walks type: a word without spaces (`denied`).
    public let name: String
    /// What traces, graphs and reports show (`camera permission denied`).
    public let label: String
    /// The label's text key in its module, when it was made from one
    /// (`text["camera.denied"]`): a catalog translates it.
    package let labelKey: String?
    /// The step navigated when this is the answer; `nil` when nothing is
    /// (the step asked about is filtered, with an event).
    public let step: StepType?
    /// The values the answer carries into the variant's record (a patient
    /// record's name and date of birth), each declared as a field bound to
    /// an entry (``EntryField/recorded(as:)``) with its classes. The
    /// engine records them before the step is navigated, each with its
    /// class and origin; analysis, a script and a walk without the
    /// service give each its first accepted class's representative.
    public let values: [EntryField]
    /// The values the outside world gave with this answer live, by field
    /// name (``carrying(_:)``); empty in a declaration.
    public let given: [String: String]

    /// An answer called `name`, navigating `step` (`nil`: nothing), shown
    /// as `label` (by default its name: a module's text such as
    /// `text["camera.denied"]`, which a variant's catalog translates, or a
    /// literal string), carrying `values` into the record.
    ///
    /// ```swift
    /// Answer("found", .found(patient), label: "patient found", values: [
    ///     EntryField("name", label: "Name", kind: .text, classes: anyName).recorded(as: "patientName"),
    /// ])
    /// ```
    public init(_ name: String, _ step: StepType?, label: (any ShownText)? = nil, values: [EntryField] = []) {
        let label = label?.localizedText
        self.init(name, step, label: label?.value ?? name, key: label?.key, values: values, given: [:])
    }

    private init(
        _ name: String, _ step: StepType?, label: String, key: String?, values: [EntryField],
        given: [String: String]
    ) {
        self.name = name
        self.step = step
        self.label = label
        self.labelKey = key
        self.values = values
        self.given = given
    }

    /// This answer as the outside world gives it, carrying `values` (by
    /// field name): what a service hands the question's `ask` completion.
    ///
    /// ```swift
    /// ask = { answer in records.lookUp(id) { person in
    ///     answer(person.map { found.carrying(["name": $0.name, "born": $0.born]) } ?? notFound)
    /// } }
    /// ```
    public func carrying(_ values: [String: String]) -> Answer {
        Answer(name, step, label: label, key: labelKey, values: self.values, given: values)
    }

    /// Whether `other` is this answer, whatever values it carries.
    func isDeclared(as other: Answer) -> Bool { name == other.name && step == other.step }

    /// The value each declared field carries: given, or else its first
    /// accepted class's representative; with its class (`nil` when no
    /// class takes a given value).
    func carried() -> [(field: EntryField, text: String, valueClass: String?)] {
        values.compactMap { field in
            let text = given[field.name] ?? field.acceptedClasses.first?.representative
            guard let text else { return nil }
            if case .accepted(let found) = field.classify(text) { return (field, text, found.name) }
            return (field, text, nil)
        }
    }
}

/// What a flow asks the outside world before it navigates a step: may
/// the app use the camera, does the server accept the booking. Returned
/// from ``Flow/adapt(step:)`` as ``Adaptation/ask(_:)``.
///
/// The question declares every answer it can get. Until one arrives the
/// app waits: the engine refuses a person's actions (each is reported
/// as dropped, ``DropReason/awaitingAnswer(question:)``), as the system's
/// permission dialog would; steppers go on emitting. The answer joins the
/// coordinator's queue like any step. Analysis never calls ``ask``: it
/// explores every declared answer as an input of the state graph.
///
/// ```swift
/// func adapt(step: ProcedureStep) -> Adaptation<ProcedureStep> {
///     guard step == .readByPhoto else { return .step(step) }
///     let granted = Answer("granted", ProcedureStep.readByPhoto)
///     let denied = Answer("denied", ProcedureStep.readByHand, label: "camera permission denied")
///     let ask = camera.map { camera in
///         { answer in camera.requestAccess { answer($0 ? granted : denied) } }
///     }
///     return .ask(
///         Question("camera-permission", label: "camera permission", answers: [granted, denied], ask: ask))
/// }
/// ```
public struct Question<StepType: Step>: Sendable {
    /// How a question is asked: called with the completion that takes
    /// the answer.
    public typealias Ask = @Sendable (_ answer: @escaping @Sendable (Answer<StepType>) -> Void) -> Void

    /// The question's id: what scripts name (`camera-permission`). Two
    /// questions with the same id are the same question asked again.
    public let id: String
    /// What walks and reports show (`camera permission`).
    public let label: String
    /// The label's text key in its module, when it was made from one.
    package let labelKey: String?
    /// Every answer it can get, in the order people read them.
    public let answers: [Answer<StepType>]
    /// Asks the outside world; called once, on the coordinator's queue,
    /// with a completion that may be called once, from any thread. `nil`
    /// when nobody is there to ask (a terminal has no camera): a person
    /// answers in `rootapp walk`, a script with an `answer` line, a test
    /// with ``Coordinator/answer(_:with:)``.
    public let ask: Ask?

    /// A question with id `id`, shown as `label` (a module's text such as
    /// `text["camera.question"]`, which a variant's catalog translates, or
    /// a literal string), that can get `answers`, asked of the outside
    /// world by `ask` (`nil`: by nobody; see ``ask``).
    public init(
        _ id: String,
        label: some ShownText,
        answers: [Answer<StepType>],
        ask: Ask? = nil
    ) {
        let label = label.localizedText
        self.id = id
        self.label = label.value
        self.labelKey = label.key
        self.answers = answers
        self.ask = ask
    }
}

/// Who outside the flows a stepper speaks for (a service, a sensor), and
/// what each step it emits means as that one's answer: what analysis,
/// walks and scripts call its emissions (`lab link: sent later`).
///
/// ```swift
/// var outside: OutsideSource<ResultsStep>? {
///     OutsideSource(
///         "lab-link", label: "lab link",
///         answers: [Answer("sent", .sentLater, label: "sent when the connection came back")])
/// }
/// ```
public struct OutsideSource<StepType: Step>: Hashable, Sendable {
    /// Its id, as scripts name it (`lab-link`).
    public let id: String
    /// What walks and reports show (`lab link`).
    public let label: String
    /// The label's text key in its module, when it was made from one.
    package let labelKey: String?
    /// Its answers: each a step the stepper declares. A declared step no
    /// answer names is still explored, as the stepper's own emission.
    public let answers: [Answer<StepType>]

    /// A source called `id`, shown as `label` (a module's text such as
    /// `text["labLink.label"]`, which a variant's catalog translates, or a
    /// literal string), whose answers are `answers`.
    public init(_ id: String, label: some ShownText, answers: [Answer<StepType>]) {
        let label = label.localizedText
        self.id = id
        self.label = label.value
        self.labelKey = label.key
        self.answers = answers
    }

    /// The text keys it shows: its label's and its answers' labels'.
    package var textKeys: [String] { ([labelKey] + answers.map(\.labelKey)).compactMap { $0 } }
}
