import Stepflow

/// The symptom check's steps, internal to the module.
enum SymptomStep: Step {
    case start
    case answeredSymptoms(Bool)
    case answeredBreathing(SymptomAnswers)
    case answeredContact(SymptomAnswers)
    case advised(SymptomAdvice, SymptomLevel)
    case readCareAdvice
    case stop
    case back
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

    func navigate(to step: SymptomStep) -> Navigation<SymptomStep, SymptomCheckExit> {
        switch step {
        case .start:
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
