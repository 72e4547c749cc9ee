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
    // No answers are kept here: each step carries what was answered
    // before it, so Back never leaves a stale answer behind.
    init(name: String, asksAboutContact: Bool, advisor: any SymptomAdvisor) {
        self.name = name
        self.asksAboutContact = asksAboutContact
        self.advisor = advisor
    }

    func navigate(to step: SymptomStep) -> Navigation<SymptomStep, SymptomCheckExit> {
        switch step {
        case .start:
            return .show(Screen(id: "symptoms", title: "How are you feeling?", body: [
                "Do you have any of these now: fever, a cough, a sore throat, or a lost sense of smell or taste?",
            ], actions: [
                ScreenAction("Yes", .answeredSymptoms(true)),
                ScreenAction("No", .answeredSymptoms(false)),
                ScreenAction("I would rather not say", .stop, role: .cancel),
            ]))
        case .answeredSymptoms(true):
            return .show(Screen(id: "breathing", title: "Your breathing", body: [
                "Are you short of breath, or does breathing hurt?",
            ], actions: [
                ScreenAction("Yes", .answeredBreathing(SymptomAnswers(hasSymptoms: true, shortOfBreath: true))),
                ScreenAction("No", .answeredBreathing(SymptomAnswers(hasSymptoms: true))),
                ScreenAction("Back", .back, role: .back),
            ]))
        case .answeredSymptoms(false):
            return navigate(to: .answeredBreathing(SymptomAnswers()))
        case .answeredBreathing(let answers):
            guard asksAboutContact else { return navigate(to: .answeredContact(answers)) }
            var yes = answers, no = answers
            yes.hadContact = true
            no.hadContact = false
            return .show(Screen(id: "contact", title: "Contact", body: [
                "In the last 10 days, were you close to someone who tested positive?",
            ], actions: [
                ScreenAction("Yes", .answeredContact(yes)),
                ScreenAction("No", .answeredContact(no)),
                ScreenAction("Back", .back, role: .back),
            ]))
        case .answeredContact(let answers):
            // The advisor is asked only once this screen is up: the
            // stepper is the one place the service is called.
            return .show(
                Screen(id: "checking", title: "Checking your answers", body: [
                    "One moment…",
                ], actions: [ScreenAction("Back", .back, role: .back)]),
                stepper: AdviceStepper(advisor: advisor, answers: answers)
            )
        case .advised(.test, let level):
            return .end(.proceed(level))
        case .advised(.seekCare, _):
            return .show(Screen(id: "seek-care", title: "See a doctor now", body: [
                "Your answers suggest you need a doctor before a self-test. Call your doctor, or the emergency number if breathing is hard.",
            ], actions: [ScreenAction("I understand", .readCareAdvice)]), as: .replace)
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

    func readyToEmitSteps() {
        let level = level
        advisor.advise(answers) { [steps] advice in steps.emit(.advised(advice, level)) }
    }
}
