import Stepflow

/// The results' steps, internal to the module.
enum ResultsStep: Step {
    case show(Reading, patient: String?)
    case confirmed(Reading, patient: String?)
    case submit(Reading, patient: String?)
    case submitted
    case submitFailed(Reading, patient: String?)
    /// Kept on the device: the item added to the record's `kept`.
    case savedForLater(KeptItem)
    /// The lab received the result that was saved for later.
    case sentLater(KeptItem)
    case done
    case retest
    case getHelp
    /// The link: the advice for the result shown, again (lay only).
    case advice
}

/// The results flow. Pure: advice follows from the reading and the options.
final class ResultsFlow: Flow {
    let name: String
    let advice: ResultsModule.Advice
    let condition: ResultsModule.Condition
    let lab: String
    /// Where the test was done and its sample, for the lab record (a
    /// professional variant's handoff).
    let site: String?
    let sample: String?
    /// The app's link to the lab, for results saved for later.
    let link: (any LabLink)?
    /// The result the module was entered with: what the advice link shows.
    let reading: Reading?
    let clock: any StepClock
    let text: ModuleTexts
    /// How many results the device keeps for the lab at most.
    let keepAtMost: Int

    init(
        name: String, advice: ResultsModule.Advice, condition: ResultsModule.Condition, lab: String,
        site: String? = nil, sample: String? = nil, link: (any LabLink)? = nil, clock: any StepClock = IdleClock(),
        text: ModuleTexts = ModuleTexts(ResultsModule.texts, source: TextSource()), reading: Reading? = nil,
        keepAtMost: Int = 3
    ) {
        self.keepAtMost = keepAtMost
        self.text = text
        self.reading = reading
        self.link = link
        self.clock = clock
        self.name = name
        self.advice = advice
        self.condition = condition
        self.lab = lab
        self.site = site
        self.sample = sample
    }

    func navigate(to step: ResultsStep) -> Navigation<ResultsStep, ResultsExit> {
        switch step {
        case .show(let reading, let patient):
            guard advice == .professional else { return .show(layScreen(reading)) }
            return .reading(recordRead) { [self] record in
                .show(reviewScreen(reading, patient: patient, record: record))
            }
        case .confirmed(let reading, let patient):
            return .reading(recordRead) { [self] record in
                .show(
                    Screen(
                        id: "record", title: text["record.title"],
                        body: [
                            text[
                                "record.body",
                                ["who": who(patient, record), "result": resultText(reading, record)]]
                        ],
                        actions: [
                            ScreenAction(text["record.submit", ["lab": lab]], .submit(reading, patient: patient))
                        ]),
                    as: .replace)
            }
        case .submit(let reading, let patient):
            return .show(
                Screen(
                    id: "submit", title: text["submit.title"],
                    body: [
                        text["submit.body", ["lab": lab]]
                    ],
                    actions: [
                        ScreenAction(text["submit.confirmed"], .submitted),
                        ScreenAction(text["submit.unreachable"], .submitFailed(reading, patient: patient)),
                    ]), as: .replace)
        case .submitted:
            return .show(
                Screen(
                    id: "submitted", title: text["submitted.title"],
                    body: [
                        text["submitted.body", ["lab": lab]]
                    ], actions: [ScreenAction(text["nextPatient"], .done)]), as: .replace)
        case .submitFailed(let reading, let patient):
            return .reading(["kept"] + recordRead) { [self] record in
                let item = KeptItem(reading: reading, patient: patient, record: record, lab: lab)
                let kept = record.items("kept").count
                // No way out that drops the result: it is kept for later
                // while the device has room (support is offered once it
                // is); a full device can only try again.
                let later =
                    kept < keepAtMost ? [ScreenAction(text["submitFailed.later"], ResultsStep.savedForLater(item))] : []
                return .show(
                    Screen(
                        id: "submit-failed", title: text["submitFailed.title"],
                        body: [
                            kept < keepAtMost
                                ? text["submitFailed.body"] : text["submitFailed.full", ["count": keepAtMost]]
                        ],
                        actions: [ScreenAction(text["submitFailed.retry"], .submit(reading, patient: patient))]
                            + later),
                    as: .replace)
            }
        case .savedForLater(let item):
            // Kept on the device, in the record, until the lab has it: tried
            // every minute while this screen is up, then from the home.
            return .multiple(
                .record(.append("kept", item.recorded)),
                .show(
                    Screen(
                        id: "saved", title: text["saved.title"],
                        body: [
                            text["saved.body", ["lab": lab]]
                        ],
                        actions: [
                            ScreenAction(text["nextPatient"], .done),
                            ScreenAction(text["submitFailed.support"], .getHelp),
                        ]),
                    as: .replace,
                    stepper: SendWhenConnected(
                        link: link, item: item, site: site, sample: sample, clock: clock, text: text)))
        case .sentLater(let item):
            return .multiple(
                .record(.remove("kept", item.recorded)),
                .show(
                    Screen(
                        id: "sent-later", title: text["sentLater.title"],
                        body: [
                            text["sentLater.body", ["lab": lab]]
                        ], actions: [ScreenAction(text["nextPatient"], .done)]), as: .replace))
        case .done:
            return .end(.done)
        case .retest:
            return .end(.retest)
        case .getHelp:
            return .end(.needsHelp)
        case .advice:
            // In place of what shows: the advice, from its first line (a
            // professional's results declare no link).
            guard advice == .lay, let reading else { return .none }
            return .show(layScreen(reading), as: .replace)
        }
    }

    /// What a professional's result screens read of the record: whom the
    /// test is of, and an HbA1c value.
    private var recordRead: [String] {
        condition == .hba1c ? ["patientName", "patientBorn", "reading"] : ["patientName", "patientBorn"]
    }

    /// Whom the result is for: the name and date of birth on record with
    /// the id, or the id alone.
    private func who(_ patient: String?, _ record: RecordView) -> LocalizedText {
        guard let patient else { return text["who.anonymous"] }
        guard let name = record["patientName"]?.text else { return text["who.patient", ["patient": patient]] }
        return text["who.named", ["patient": patient, "name": name, "born": record["patientBorn"]?.text ?? "—"]]
    }

    /// The result as recorded: an HbA1c value with its range, or the
    /// reading alone.
    private func resultText(_ reading: Reading, _ record: RecordView) -> LocalizedText {
        let result = text["result.\(reading.rawValue)"]
        guard condition == .hba1c, reading != .invalid, let value = record["reading"]?.text else { return result }
        return text["result.hba1c", ["value": value, "result": result]]
    }

    private func reviewScreen(_ reading: Reading, patient: String?, record: RecordView) -> Screen<ResultsStep> {
        let who = who(patient, record)
        guard reading != .invalid else {
            return Screen(
                id: "review-invalid", title: text["reviewInvalid.title"],
                body: [
                    text["reviewInvalid.body", ["who": who]]
                ], actions: [ScreenAction(text["reviewInvalid.retest"], .retest)])
        }
        return Screen(
            id: "review", title: text["review.title"],
            body: [
                text["review.reading", ["who": who, "result": resultText(reading, record)]],
                condition == .hba1c ? text["review.check.hba1c"] : text["review.check"],
            ],
            actions: [
                ScreenAction(text["review.confirm"], .confirmed(reading, patient: patient)),
                ScreenAction(text["review.doubtful"], .retest, role: .cancel),
            ])
    }

    private func layScreen(_ reading: Reading) -> Screen<ResultsStep> {
        let done = ScreenAction(text["done"], ResultsStep.done)
        switch reading {
        case .invalid:
            return Screen(
                id: "invalid", title: text["invalid.title"],
                body: [
                    text["invalid.noControlLine"],
                    text["invalid.testAgain"],
                ],
                actions: [
                    ScreenAction(text["invalid.retest"], .retest),
                    ScreenAction(text["help"], .getHelp),
                    ScreenAction(text["invalid.notNow"], .done, role: .cancel),
                ])
        case .positive:
            return Screen(
                id: "positive", title: text["positive.title"], body: positiveAdvice,
                actions: [done, ScreenAction(text["help"], .getHelp)])
        case .negative:
            return Screen(id: "negative", title: text["negative.title"], body: negativeAdvice, actions: [done])
        case .normal:
            return Screen(id: "normal", title: text["normal.title"], body: [text["normal.body"]], actions: [done])
        case .prediabetes:
            return Screen(
                id: "prediabetes", title: text["prediabetes.title"], body: [text["prediabetes.body"]], actions: [done])
        case .diabetes:
            return Screen(id: "diabetes", title: text["diabetes.title"], body: [text["diabetes.body"]], actions: [done])
        }
    }

    private var positiveAdvice: [LocalizedText] {
        switch condition {
        case .covid: [text["positive.covid.isolate"], text["positive.covid.doctor"]]
        case .strepA: [text["positive.strepA.doctor"], text["positive.strepA.isolate"]]
        case .hba1c: [text["talkToDoctor"]]
        }
    }

    private var negativeAdvice: [LocalizedText] {
        switch condition {
        case .covid: [text["negative.covid.notRuledOut"], text["negative.covid.retest"]]
        case .strepA: [text["negative.strepA.viral"], text["negative.strepA.doctor"]]
        case .hba1c: [text["talkToDoctor"]]
        }
    }
}
