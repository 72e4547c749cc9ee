import Stepflow

/// Intake's steps, internal to the module.
enum IntakeStep: Step {
    case identify
    case typeID
    case found(patient: String)
    case notFound
    case closeNotFound
    case confirmed(patient: String)
    case consentGiven(patient: String)
    case cancel
    case back
}

/// The intake flow. The scanner and the patient lookup are outside this
/// headless flow: their possible outcomes are the screen's actions.
final class IntakeFlow: Flow {
    let name: String
    let identifyBy: PatientIntakeModule.IdentifyMethod

    /// The demo patient the outcomes name.
    static let patient = "P-1024"

    init(name: String, identifyBy: PatientIntakeModule.IdentifyMethod) {
        self.name = name
        self.identifyBy = identifyBy
    }

    private var cancelAction: ScreenAction<IntakeStep> { ScreenAction("Cancel", .cancel, role: .cancel) }

    func navigate(to step: IntakeStep) -> Navigation<IntakeStep, IntakeExit> {
        switch step {
        case .identify:
            var actions: [ScreenAction<IntakeStep>] = []
            if identifyBy != .type { actions.append(ScreenAction("Scan wristband (reads \(Self.patient))", .found(patient: Self.patient))) }
            if identifyBy != .scan { actions.append(ScreenAction("Type the patient id", .typeID)) }
            return .show(Screen(id: "identify", title: "Identify the patient", body: [
                "Check two identifiers: the patient's name and date of birth.",
            ], actions: actions + [cancelAction]))
        case .typeID:
            return .show(Screen(id: "type-id", title: "Type the patient id", body: [
                "The id is on the patient's card or referral.",
            ], actions: [
                ScreenAction("Look up \(Self.patient)", .found(patient: Self.patient)),
                ScreenAction("Look up an unknown id", .notFound),
                ScreenAction("Back", .back, role: .back),
            ]))
        case .notFound:
            return .show(Screen(id: "not-found", title: "No patient found", body: [
                "No patient has this id. Check it, or register the patient at reception first.",
            ], actions: [ScreenAction("Try another id", .closeNotFound, role: .back), cancelAction]), as: .modal)
        case .closeNotFound:
            return .dismiss
        case .found(let patient):
            return .show(Screen(id: "confirm", title: "Confirm the patient", body: [
                "\(patient): Alex Example, born 12 April 1980.",
            ], actions: [
                ScreenAction("Details are correct", .confirmed(patient: patient)),
                ScreenAction("Details are wrong", .back, role: .back),
            ]))
        case .confirmed(let patient):
            return .show(Screen(id: "consent", title: "Consent", body: [
                "The patient, or their representative, agrees to the test and to the result being sent to the lab.",
            ], actions: [
                ScreenAction("Consent given", .consentGiven(patient: patient)),
                ScreenAction("Consent refused", .cancel, role: .cancel),
            ]))
        case .consentGiven(let patient):
            return .end(.identified(patient: patient))
        case .cancel:
            return .end(.cancelled)
        case .back:
            return .pop
        }
    }
}
