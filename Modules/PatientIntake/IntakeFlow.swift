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

    let text: ModuleTexts

    init(
        name: String, identifyBy: PatientIntakeModule.IdentifyMethod,
        text: ModuleTexts = ModuleTexts(PatientIntakeModule.texts, source: TextSource())
    ) {
        self.name = name
        self.identifyBy = identifyBy
        self.text = text
    }

    private var cancelAction: ScreenAction<IntakeStep> { ScreenAction(text["cancel"], .cancel, role: .cancel) }

    func navigate(to step: IntakeStep) -> Navigation<IntakeStep, IntakeExit> {
        switch step {
        case .identify:
            var actions: [ScreenAction<IntakeStep>] = []
            if identifyBy != .type {
                actions.append(
                    ScreenAction(text["identify.scan", ["patient": Self.patient]], .found(patient: Self.patient)))
            }
            if identifyBy != .scan { actions.append(ScreenAction(text["identify.type"], .typeID)) }
            return .show(
                Screen(
                    id: "identify", title: text["identify.title"],
                    body: [
                        text["identify.body"]
                    ], actions: actions + [cancelAction]))
        case .typeID:
            return .show(
                Screen(
                    id: "type-id", title: text["typeID.title"],
                    body: [
                        text["typeID.body"]
                    ],
                    actions: [
                        ScreenAction(
                            text["typeID.lookUpKnown", ["patient": Self.patient]], .found(patient: Self.patient)),
                        ScreenAction(text["typeID.lookUpUnknown"], .notFound),
                        ScreenAction(text["back"], .back, role: .back),
                    ]))
        case .notFound:
            return .show(
                Screen(
                    id: "not-found", title: text["notFound.title"],
                    body: [
                        text["notFound.body"]
                    ], actions: [ScreenAction(text["notFound.retry"], .closeNotFound, role: .back), cancelAction]),
                as: .modal)
        case .closeNotFound:
            return .dismiss
        case .found(let patient):
            return .show(
                Screen(
                    id: "confirm", title: text["confirm.title"],
                    body: [
                        text["confirm.body", ["patient": patient]]
                    ],
                    actions: [
                        ScreenAction(text["confirm.correct"], .confirmed(patient: patient)),
                        ScreenAction(text["confirm.wrong"], .back, role: .back),
                    ]))
        case .confirmed(let patient):
            return .show(
                Screen(
                    id: "consent", title: text["consent.title"],
                    body: [
                        text["consent.body"]
                    ],
                    actions: [
                        ScreenAction(text["consent.given"], .consentGiven(patient: patient)),
                        ScreenAction(text["consent.refused"], .cancel, role: .cancel),
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
