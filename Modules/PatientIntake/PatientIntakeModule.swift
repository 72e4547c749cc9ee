public import Stepflow

/// Professionals identify the patient (scan or type an id), confirm the
/// details and record consent given on the patient's behalf.
public enum PatientIntakeModule: FeatureModule {
    /// `intake`.
    public static let id = "intake"
    /// One line for `rootapp modules`.
    public static let summary = "Identify the patient by scan or id, confirm details, record consent."
    /// Stepflow's own package.
    public static let package = ModulePackage.stepflow

    /// The options.
    public static let options: [OptionSpec] = [
        OptionSpec(
            "identifyBy", .choice(IdentifyMethod.allCases.map(\.rawValue)), default: .text("both"),
            summary: "How patients are identified: scanning a wristband, typing an id, or either.")
    ]

    /// How patients are identified.
    public enum IdentifyMethod: String, CaseIterable, Sendable {
        /// Scanning a wristband or card.
        case scan
        /// Typing the patient id.
        case type
        /// Either.
        case both
    }

    /// `identified` (with the patient id), `cancelled`.
    public static func exits(for options: ModuleOptions) -> [ExitSpec] {
        [
            ExitSpec(
                "identified",
                fields: [FieldSpec("patient", .text)],
                summary: "the patient is identified and consented"),
            ExitSpec("cancelled", summary: "intake was cancelled or consent refused"),
        ]
    }

    /// The patient: the id scanned or typed, and the name and date of
    /// birth the app's records hold for it. Read by the screens of the
    /// test and its result, so a clinician sees whom each one is for.
    public static func record(for options: ModuleOptions) -> [RecordSpec] {
        [
            .writes(
                "patient", label: "Patient id", kind: .text,
                classes: [
                    ValueClass(
                        "wellFormed", label: "P- and four digits", .pattern(#"P-\d{4}"#), representative: "P-1024")
                ],
                summary: "the id scanned from the wristband or typed from the card"),
            .writes(
                "patientName", label: "Patient's name", kind: .text, summary: "the name the patient records hold"),
            .writes(
                "patientBorn", label: "Date of birth", kind: .date,
                summary: "the date of birth the patient records hold"),
        ]
    }

    /// The intake flow, from identification.
    public static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        ModuleLaunch(
            IntakeFlow(
                name: instance, identifyBy: options.choice("identifyBy", as: IdentifyMethod.self),
                text: ModuleTexts(texts, environment),
                lookup: environment.services.resolve((any PatientLookup).self)), entry: .identify)
    }

    /// The id of the question a typed id asks: is there such a patient?
    /// Answers `found` and `notFound`. A script gives one with
    /// `answer patient-lookup found`.
    public static let lookupQuestion = "patient-lookup"
}

/// The app's patient records, asked who a scanned or typed id names.
/// Optional: where no app gives it (a terminal), a person or a script
/// answers the question (a script's `answer patient-lookup found` gives
/// the declared representative person).
public protocol PatientLookup: Sendable {
    /// Looks `patient` up; `answer` is called once, from any thread, with
    /// the patient's record, or `nil` when no patient has that id.
    func lookUp(_ patient: String, answer: @escaping @Sendable (PatientRecord?) -> Void)
}

/// Who a patient id names, as the app's records hold it: what the
/// professional checks against the patient (two identifiers: the name and
/// the date of birth) before the test.
public struct PatientRecord: Hashable, Sendable {
    /// The patient's name, as on record.
    public let name: String
    /// The date of birth, `YYYY-MM-DD`.
    public let born: String

    /// A patient called `name`, born on `born` (`YYYY-MM-DD`).
    public init(name: String, born: String) {
        self.name = name
        self.born = born
    }
}

/// How intake ends.
public enum IntakeExit: ModuleExit {
    /// The patient with this id is identified and has consented.
    case identified(patient: String)
    /// Cancelled, or consent refused.
    case cancelled

    /// The patient id, once identified.
    public var handoff: Handoff {
        guard case .identified(let patient) = self else { return Handoff() }
        return Handoff(["patient": .text(patient)])
    }
}
