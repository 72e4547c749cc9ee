import Stepflow

/// Intake's steps, internal to the module.
enum IntakeStep: Step {
    case identify
    case typeID
    /// A well-formed id typed in: the app's patient records are asked.
    case lookUp(patient: String)
    case found(patient: String)
    case notFound
    case closeNotFound
    case confirmed(patient: String)
    case consentGiven(patient: String)
    case cancel
    case back
}

/// The intake flow. A typed id is checked by the field's classes, then
/// looked up in the app's patient records (a question the app's
/// ``PatientLookup`` answers: found or not found). The wristband scanner
/// is outside this headless flow: its outcome is the screen's action.
final class IntakeFlow: Flow {
    let name: String
    let identifyBy: PatientIntakeModule.IdentifyMethod

    /// The patient the demo wristband reads.
    static let patient = "P-1024"

    let text: ModuleTexts
    /// The app's patient records; `nil` where nobody can be asked (a
    /// terminal): a person or a script answers.
    let lookup: (any PatientLookup)?

    init(
        name: String, identifyBy: PatientIntakeModule.IdentifyMethod,
        text: ModuleTexts = ModuleTexts(PatientIntakeModule.texts, source: TextSource()),
        lookup: (any PatientLookup)? = nil
    ) {
        self.name = name
        self.identifyBy = identifyBy
        self.text = text
        self.lookup = lookup
    }

    /// A typed id is looked up first: found, the patient is confirmed;
    /// not found, the person is told.
    func adapt(step: IntakeStep) -> Adaptation<IntakeStep> {
        guard case .lookUp(let patient) = step else { return .step(step) }
        let found = Answer("found", IntakeStep.found(patient: patient), label: text["lookUp.found"].value)
        let notFound = Answer("notFound", IntakeStep.notFound, label: text["lookUp.notFound"].value)
        var ask: Question<IntakeStep>.Ask?
        if let lookup {
            ask = { answer in lookup.lookUp(patient) { known in answer(known ? found : notFound) } }
        }
        return .ask(
            Question(
                PatientIntakeModule.lookupQuestion, label: text["lookUp.question"].value, answers: [found, notFound],
                ask: ask))
    }

    /// The id typed in: `P-` and four digits, as on the card; anything else
    /// is refused before it is looked up.
    private var patientID: EntryField {
        EntryField(
            "patientID", label: text["typeID.label"], kind: .text,
            classes: [
                ValueClass(
                    "wellFormed", label: text["typeID.wellFormed"], .pattern(#"P-\d{4}"#), representative: "P-1024"),
                ValueClass(
                    "malformed", label: text["typeID.malformed"], .pattern(".*"), representative: "1024",
                    refusal: text["typeID.refusal"]),
            ])
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
                    fields: [patientID],
                    actions: [
                        ScreenAction(text["typeID.lookUp"], submitting: ["patientID"]) {
                            .lookUp(patient: $0["patientID"])
                        },
                        ScreenAction(text["back"], .back, role: .back),
                    ]))
        case .lookUp:
            // Asked about in `adapt`: its answers are `found` and `notFound`.
            return .none
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
