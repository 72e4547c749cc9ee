public import Stepflow

/// What a result means: plain-language advice for lay users; confirming,
/// recording and submitting to the lab for professionals.
public enum ResultsModule: FeatureModule {
    /// `results`.
    public static let id = "results"
    /// One line for `rootapp modules`.
    public static let summary = "Advice per result (lay), or confirm, record and submit to the lab (professional)."
    /// Stepflow's own package.
    public static let package = ModulePackage.stepflow

    /// The options.
    public static let options: [OptionSpec] = [
        OptionSpec(
            "advice", .choice(Advice.allCases.map(\.rawValue)), default: .text("lay"),
            summary: "Plain-language advice, or the professional's record-and-submit steps."),
        OptionSpec.required(
            "condition", .choice(Condition.allCases.map(\.rawValue)), example: .text("covid"),
            summary: "What was tested for; shapes the advice."),
        OptionSpec.required(
            "lab", .text, example: .text("the central lab"),
            summary: "Where professionals submit results, in words they read.", translatable: true,
            when: ["advice": .text("professional")]),
        OptionSpec(
            "keepAtMost", .integer(1...20), default: .integer(1),
            summary:
                """
                How many results the device keeps for the lab while it cannot be reached (professional): a full \
                device offers no "Send it later". The analysis explores every count up to it.
                """),
    ]

    /// Who the results are for.
    public enum Advice: String, CaseIterable, Sendable {
        /// Plain-language advice.
        case lay
        /// Confirm, record and submit.
        case professional
    }

    /// What was tested for.
    public enum Condition: String, CaseIterable, Sendable {
        /// SARS-CoV-2 antigen.
        case covid
        /// Group A streptococcus antigen.
        case strepA = "strep-a"
        /// Glycated haemoglobin.
        case hba1c
    }

    /// The results the entry accepts (what procedures capture).
    public static let resultValues = ["positive", "negative", "invalid", "normal", "prediabetes", "diabetes"]

    /// The module needs the result, and names the patient when it is known.
    public static let entryFields = [
        FieldSpec("result", .choice(resultValues)), FieldSpec("patient", .text, required: false),
    ]

    /// The results the condition's advice covers: a lateral-flow reading
    /// for COVID and strep A, an HbA1c band for HbA1c (and invalid for
    /// each).
    public static func entryFields(for options: ModuleOptions) -> [FieldSpec] {
        let results: [String] =
            switch options.choice("condition", as: Condition.self) {
            case .covid, .strepA: ["positive", "negative", "invalid"]
            case .hba1c: ["normal", "prediabetes", "diabetes", "invalid"]
            }
        let fields = [FieldSpec("result", .choice(results)), FieldSpec("patient", .text, required: false)]
        // A lab record names where the test was done and on what sample.
        guard options.choice("advice", as: Advice.self) == .professional else { return fields }
        return fields + [FieldSpec("site", .text, required: false), FieldSpec("sample", .text, required: false)]
    }

    /// A professional variant needs the app's ``LabLink`` to send results
    /// saved for later; a lay one sends nothing.
    public static func services(for options: ModuleOptions) -> [ServiceRequirement] {
        options.choice("advice", as: Advice.self) == .professional
            ? [
                ServiceRequirement(
                    (any LabLink).self,
                    summary: "sends a result saved for later; tried every minute until the lab has it")
            ]
            : []
    }

    /// A professional's results read whom the test is of (the name and
    /// date of birth intake's lookup recorded) and, for HbA1c, the value
    /// the analyser showed, so the result is confirmed and recorded as
    /// the value itself, for the patient by name.
    public static func record(for options: ModuleOptions) -> [RecordSpec] {
        guard options.choice("advice", as: Advice.self) == .professional else { return [] }
        var specs: [RecordSpec] = [
            .reads("patientName", label: "Patient's name", summary: "named on the result, beside the id"),
            .reads("patientBorn", label: "Date of birth", kind: .date, summary: "the second identifier on the result"),
        ]
        specs.append(
            .writes(
                "kept", label: "Results waiting for the lab", items: keptFields(for: options),
                atMost: options.integer("keepAtMost"),
                summary: "each result the lab could not take yet, kept on the device until it is sent"))
        if options.choice("condition", as: Condition.self) == .hba1c {
            specs.append(
                .reads(
                    "reading", label: "HbA1c (%)", kind: .number,
                    classes: [ValueClass("any", label: "a value", .range(from: 4, upTo: 15), representative: "5.4")],
                    summary: "the value confirmed, recorded and sent to the lab"))
        }
        return specs
    }

    /// The values of a result kept for the lab: its result, the patient's
    /// id and name, an HbA1c value, the lab. The clinic home lists them.
    public static func keptFields(for options: ModuleOptions) -> [RecordSpec.Field] {
        var fields = [
            RecordSpec.Field("result", label: "Result"), RecordSpec.Field("patient", label: "Patient id"),
            RecordSpec.Field("patientName", label: "Patient's name"),
        ]
        if options.choice("condition", as: Condition.self) == .hba1c {
            fields.append(RecordSpec.Field("reading", label: "HbA1c (%)", kind: .number))
        }
        return fields + [RecordSpec.Field("lab", label: "Lab")]
    }

    /// `done`, `retest`, `needsHelp`.
    public static func exits(for options: ModuleOptions) -> [ExitSpec] {
        [
            ExitSpec("done", summary: "the result was understood or recorded"),
            ExitSpec("retest", summary: "the test did not work or must be repeated"),
            ExitSpec("needsHelp", summary: "the person asked for help with the result"),
        ]
    }

    /// `advice` (lay advice only): the notification that the result is
    /// ready shows its advice again; a professional's results declare none.
    public static func links(for options: ModuleOptions) -> [LinkSpec] {
        guard options.choice("advice", as: Advice.self) == .lay else { return [] }
        return [LinkSpec("advice", summary: "shows the advice for the result again, from the notice that it is ready")]
    }

    /// The results flow, from the result handed on (and the patient, if any).
    public static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        let result = handoff.choice("result", as: Reading.self) ?? .invalid
        return ModuleLaunch(
            ResultsFlow(
                name: instance,
                advice: options.choice("advice", as: Advice.self),
                condition: options.choice("condition", as: Condition.self),
                lab: options.text("lab"),
                site: handoff.text("site"), sample: handoff.text("sample"),
                // Loading made sure a professional variant's app gives one.
                link: environment.services.resolve((any LabLink).self),
                clock: environment.clock,
                text: ModuleTexts(texts, environment), reading: result, keepAtMost: options.integer("keepAtMost")
            ), entry: .show(result, patient: handoff.text("patient"))
        ) { link in link.name == "advice" ? .advice : nil }
    }
}

/// How the results end.
public enum ResultsExit: ModuleExit {
    /// Understood, or recorded and submitted.
    case done
    /// Test again.
    case retest
    /// The person asked for help.
    case needsHelp
}

/// A result as this module reads it from the handoff.
enum Reading: String, CaseIterable, Sendable {
    case positive, negative, invalid, normal, prediabetes, diabetes
}
