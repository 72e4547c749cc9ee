import Stepflow

/// Intake's steps, internal to the module.
enum IntakeStep: Step {
    case identify
    case typeID
    /// The wristband read this id.
    case scanned(patient: String)
    /// A well-formed id scanned or typed in: the app's patient records are asked.
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

    /// An id, scanned or typed, is looked up first: found, the record's
    /// name and date of birth go into the variant's record and the
    /// patient is confirmed against them; not found, the person is told.
    func adapt(step: IntakeStep) -> Adaptation<IntakeStep> {
        guard case .lookUp(let patient) = step else { return .step(step) }
        let found = Answer(
            "found", IntakeStep.found(patient: patient), label: text["lookUp.found"],
            values: [patientName, patientBorn])
        let notFound = Answer("notFound", IntakeStep.notFound, label: text["lookUp.notFound"])
        var ask: Question<IntakeStep>.Ask?
        if let lookup {
            ask = { answer in
                lookup.lookUp(patient) { record in
                    answer(record.map { found.carrying(["name": $0.name, "born": $0.born]) } ?? notFound)
                }
            }
        }
        return .ask(
            Question(
                PatientIntakeModule.lookupQuestion, label: text["lookUp.question"], answers: [found, notFound],
                ask: ask))
    }

    /// The id typed in: `P-` and four digits, as on the card; anything else
    /// is refused before it is looked up. Recorded as the patient, so
    /// "Try another id" shows what was typed.
    private var patientID: EntryField {
        EntryField(
            "patientID", label: text["typeID.label"], kind: .text,
            classes: [
                ValueClass(
                    "wellFormed", label: text["typeID.wellFormed"], .pattern(#"P-\d{4}"#), representative: "P-1024"),
                ValueClass(
                    "malformed", label: text["typeID.malformed"], .pattern(".*"), representative: "1024",
                    refusal: text["typeID.refusal"]),
            ]
        ).recorded(as: "patient")
    }

    /// The name the records hold: what the lookup's answer carries.
    private var patientName: EntryField {
        EntryField(
            "name", label: text["confirm.name"], kind: .text,
            classes: [
                ValueClass("onRecord", label: text["confirm.name"], .pattern(".+"), representative: "Alex Example")
            ]
        ).recorded(as: "patientName")
    }

    /// The date of birth the records hold.
    private var patientBorn: EntryField {
        EntryField(
            "born", label: text["confirm.born"], kind: .date,
            classes: [
                ValueClass(
                    "onRecord", label: text["confirm.born"], .pattern(#"\d{4}-\d{2}-\d{2}"#),
                    representative: "1980-04-12")
            ]
        ).recorded(as: "patientBorn")
    }

    private var cancelAction: ScreenAction<IntakeStep> { ScreenAction(text["cancel"], .cancel, role: .cancel) }

    func navigate(to step: IntakeStep) -> Navigation<IntakeStep, IntakeExit> {
        switch step {
        case .identify:
            var actions: [ScreenAction<IntakeStep>] = []
            if identifyBy != .type {
                // The wristband gives the id; the records say who it is.
                actions.append(
                    ScreenAction(text["identify.scan", ["patient": Self.patient]], .scanned(patient: Self.patient)))
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
        case .scanned(let patient):
            return .multiple(
                .record(.set("patient", RecordValue(patient, class: "wellFormed"))), .forward(.lookUp(patient: patient))
            )
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
            // Two identifiers, as the records hold them, to check against
            // the patient.
            return .reading("patientName", "patientBorn") { [text] record in
                .show(
                    Screen(
                        id: "confirm", title: text["confirm.title"],
                        body: [
                            text[
                                "confirm.body",
                                [
                                    "patient": patient, "name": record["patientName"]?.text ?? "—",
                                    "born": record["patientBorn"]?.text ?? "—",
                                ]]
                        ],
                        actions: [
                            ScreenAction(text["confirm.correct"], .confirmed(patient: patient)),
                            ScreenAction(text["confirm.wrong"], .back, role: .back),
                        ]))
            }
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
