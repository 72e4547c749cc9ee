import Stepflow

/// The symptom check's steps, internal to the module.
enum SymptomStep: Step {
    case start
    /// The temperature typed in: a fever counts as a symptom; `nil` when
    /// the person has not measured it.
    case measured(fever: Bool?)
    case askSymptoms
    case answeredSymptoms(Bool)
    case answeredBreathing(SymptomAnswers)
    case answeredContact(SymptomAnswers)
    case advised(SymptomAdvice, SymptomLevel)
    case readCareAdvice
    case stop
    case back
    /// A reminder's link: the questionnaire again from its first question,
    /// in place of whatever it showed (nothing piles up).
    case recheck
}

/// The questionnaire.
final class SymptomCheckFlow: Flow {
    let name: String
    let asksAboutContact: Bool
    let advisor: any SymptomAdvisor
    let text: ModuleTexts
    // No answers are kept here: each step carries what was answered
    // before it, so Back never leaves a stale answer behind.
    init(name: String, asksAboutContact: Bool, advisor: any SymptomAdvisor, text: ModuleTexts) {
        self.name = name
        self.text = text
        self.asksAboutContact = asksAboutContact
        self.advisor = advisor
    }

    /// The temperature, in °C, if the person has measured it: its classes
    /// are normal and fever; a value no body has is refused.
    private var temperature: EntryField {
        EntryField(
            "temperature", label: text["temperature.label"], kind: .number, required: false,
            classes: [
                ValueClass(
                    "implausible-low", label: text["temperature.implausible"], .range(from: nil, below: 34),
                    representative: "20", refusal: text["temperature.refusal"]),
                ValueClass(
                    "normal", label: text["temperature.normal"], .range(from: 34, below: 38), representative: "36.8"),
                ValueClass(
                    "fever", label: text["temperature.fever"], .range(from: 38, upTo: 43), representative: "38.5"),
                ValueClass(
                    "implausible-high", label: text["temperature.implausible"], .range(from: 43, upTo: nil),
                    representative: "50", refusal: text["temperature.refusal"]),
            ])
    }

    func navigate(to step: SymptomStep) -> Navigation<SymptomStep, SymptomCheckExit> {
        switch step {
        case .start, .recheck:
            return .show(
                Screen(
                    id: "temperature", title: text["temperature.title"], body: [text["temperature.body"]],
                    fields: [temperature],
                    actions: [
                        ScreenAction(text["next"], submitting: ["temperature"]) { entered in
                            .measured(fever: entered.valueClass(of: "temperature").map { $0 == "fever" })
                        },
                        ScreenAction(text["symptoms.stop"], .stop, role: .cancel),
                    ]),
                as: step == .recheck ? .replace : .push)
        case .measured(fever: true):
            // A fever is a symptom: the breathing question comes next.
            return navigate(to: .answeredSymptoms(true))
        case .measured:
            return navigate(to: .askSymptoms)
        case .askSymptoms:
            return .show(
                Screen(
                    id: "symptoms", title: text["symptoms.title"],
                    body: [
                        text["symptoms.body"]
                    ],
                    actions: [
                        ScreenAction(text["yes"], .answeredSymptoms(true)),
                        ScreenAction(text["no"], .answeredSymptoms(false)),
                        ScreenAction(text["symptoms.stop"], .stop, role: .cancel),
                    ]))
        case .answeredSymptoms(true):
            return .show(
                Screen(
                    id: "breathing", title: text["breathing.title"],
                    body: [
                        text["breathing.body"]
                    ],
                    actions: [
                        ScreenAction(
                            text["yes"], .answeredBreathing(SymptomAnswers(hasSymptoms: true, shortOfBreath: true))),
                        ScreenAction(text["no"], .answeredBreathing(SymptomAnswers(hasSymptoms: true))),
                        ScreenAction(text["back"], .back, role: .back),
                    ]))
        case .answeredSymptoms(false):
            return navigate(to: .answeredBreathing(SymptomAnswers()))
        case .answeredBreathing(let answers):
            guard asksAboutContact else { return navigate(to: .answeredContact(answers)) }
            var yes = answers, no = answers
            yes.hadContact = true
            no.hadContact = false
            return .show(
                Screen(
                    id: "contact", title: text["contact.title"],
                    body: [
                        text["contact.body"]
                    ],
                    actions: [
                        ScreenAction(text["yes"], .answeredContact(yes)),
                        ScreenAction(text["no"], .answeredContact(no)),
                        ScreenAction(text["back"], .back, role: .back),
                    ]))
        case .answeredContact(let answers):
            // The advisor is asked only once this screen is up: the
            // stepper is the one place the service is called.
            return .show(
                Screen(
                    id: "checking", title: text["checking.title"],
                    body: [
                        text["checking.body"]
                    ], actions: [ScreenAction(text["back"], .back, role: .back)]),
                stepper: AdviceStepper(advisor: advisor, answers: answers)
            )
        case .advised(.test, let level):
            return .end(.proceed(level))
        case .advised(.seekCare, _):
            return .show(
                Screen(
                    id: "seek-care", title: text["seekCare.title"],
                    body: [
                        text["seekCare.body"]
                    ], actions: [ScreenAction(text["seekCare.understood"], .readCareAdvice)]), as: .replace)
        case .readCareAdvice:
            return .end(.seekCare)
        case .stop:
            return .end(.stopped)
        case .back:
            return .pop
        }
    }
}

/// Asks the app's advisor once its screen is up; emits its advice.
final class AdviceStepper: Stepper {
    let steps = StepRelay<SymptomStep>()
    let advisor: any SymptomAdvisor
    let answers: SymptomAnswers

    init(advisor: any SymptomAdvisor, answers: SymptomAnswers) {
        self.advisor = advisor
        self.answers = answers
    }

    private var level: SymptomLevel { answers.hasSymptoms ? .some : .none }

    /// Every answer the advisor can give: what analysis explores.
    var declaredSteps: [SymptomStep] { SymptomAdvice.allCases.map { .advised($0, level) } }

    /// The advisor replies once.
    var emissions: [Emission<SymptomStep>] { [Emission(declaredSteps, limit: .once)] }

    /// The advisor is the outside world: its advice is shown as its
    /// answer, and a script can give one (`answer symptom-advisor seekCare`).
    var outside: OutsideSource<SymptomStep>? {
        let level = level
        return OutsideSource(
            "symptom-advisor", label: "symptom advisor",
            answers: [
                Answer(SymptomAdvice.test.rawValue, .advised(.test, level), label: "advises the test"),
                Answer(SymptomAdvice.seekCare.rawValue, .advised(.seekCare, level), label: "advises seeing a doctor"),
            ])
    }

    func readyToEmitSteps() {
        let level = level
        advisor.advise(answers) { [steps] advice in steps.emit(.advised(advice, level)) }
    }
}
