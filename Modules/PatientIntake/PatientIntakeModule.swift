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

/// The app's patient records, asked whether a typed id names a patient.
/// Optional: where no app gives it (a terminal), a person or a script
/// answers the question.
public protocol PatientLookup: Sendable {
    /// Looks `patient` up; `answer` is called once, from any thread, with
    /// whether such a patient is on record.
    func lookUp(_ patient: String, answer: @escaping @Sendable (Bool) -> Void)
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
