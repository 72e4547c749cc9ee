public import Stepflow

/// A professional's home after sign-in, as sections side by side (tabs):
/// test a patient, the results kept on this device until the lab takes
/// them, and help. A notice opens a kept result over every section.
public enum ClinicHomeModule: FeatureModule {
    /// `home`.
    public static let id = "home"
    /// One line for `rootapp modules`.
    public static let summary =
        "A professional's home: tabs to test a patient, see results kept on the device, and get help."
    /// Stepflow's own package.
    public static let package = ModulePackage.stepflow

    /// The options.
    public static let options: [OptionSpec] = [
        OptionSpec.required(
            "hotline", .text, example: .text("0800 123 4567"), summary: "The support phone number the help tab shows."),
        OptionSpec.required(
            "hours", .text, example: .text("Monday to Friday, 8:00 to 18:00"),
            summary: "When the hotline answers, in words a person reads.", translatable: true),
        OptionSpec.required(
            "condition", .choice(["covid", "strep-a", "hba1c"]), example: .text("covid"),
            summary: "What the variant tests for: the results a kept result can have."),
    ]

    /// The results a kept result can have for `condition`: what the
    /// results module records (an invalid test is repeated, not kept).
    public static func keptResults(for condition: String) -> [String] {
        condition == "hba1c" ? ["normal", "prediabetes", "diabetes"] : ["positive", "negative"]
    }

    /// `startTest`, `signOut`.
    public static func exits(for options: ModuleOptions) -> [ExitSpec] {
        [
            ExitSpec("startTest", summary: "the professional starts the test of the next patient"),
            ExitSpec("signOut", summary: "the professional signs out"),
        ]
    }

    /// The results kept on the device for the lab (the record's `kept`,
    /// which the results module adds to): listed in the kept tab, sent
    /// through the app's ``ResultOutbox`` when the lab can be reached, and
    /// taken off once sent or on a person's confirmed choice to discard.
    public static func record(for options: ModuleOptions) -> [RecordSpec] {
        var fields = [
            RecordSpec.Field("result", label: "Result"), RecordSpec.Field("patient", label: "Patient id"),
            RecordSpec.Field("patientName", label: "Patient's name"),
        ]
        if options.text("condition") == "hba1c" {
            fields.append(RecordSpec.Field("reading", label: "HbA1c (%)", kind: .number))
        }
        fields.append(RecordSpec.Field("lab", label: "Lab"))
        return [
            .takes(
                "kept", label: "Results waiting for the lab", items: fields, atMost: 2,
                summary: "lists each kept result, sends it when the lab can be reached, discards it when asked to")
        ]
    }

    /// The home sends kept results through the app's outbox where it gives
    /// one; without it, a person or a script answers `outbox sent`.
    public static let services = [
        ServiceRequirement(
            (any ResultOutbox).self, summary: "sends a result kept on the device; tried every minute from the home")
    ]

    /// `kept`: a notice that a result is kept on the device opens it over
    /// the home, from any section.
    public static func links(for options: ModuleOptions) -> [LinkSpec] {
        // Made of the module's texts: a variant shows a refused link's
        // value in its own words.
        let text = ModuleTexts(texts, source: TextSource())
        return [
            LinkSpec(
                "kept",
                parameters: [
                    FieldSpec("result", .choice(keptResults(for: options.text("condition")))),
                    FieldSpec(
                        "patient", .text,
                        classes: [
                            ValueClass(
                                "wellFormed", label: text["link.patient.wellFormed"], .pattern(#"P-\d{4}"#),
                                representative: "P-1024"),
                            ValueClass(
                                "malformed", label: text["link.patient.malformed"], .pattern(".*"),
                                representative: "1024", refusal: text["link.patient.refusal"]),
                        ]),
                ],
                summary:
                    "opens the kept tab, which lists the results waiting for the lab, from the notice that one waits")
        ]
    }

    /// The home, with the test section selected.
    public static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        ModuleLaunch(
            ClinicHomeFlow(
                name: instance, hotline: options.text("hotline"), hours: options.text("hours"),
                text: ModuleTexts(texts, environment), outbox: environment.services.resolve((any ResultOutbox).self),
                clock: environment.clock),
            entry: .start,
            links: { link in link.name == "kept" ? HomeStep.openKept : nil },
            startingAt: { link in link.name == "kept" ? HomeStep.startAtKept : nil })
    }
}

/// The app's outbox: sends a result kept on the device to its lab. The
/// home calls it for the oldest kept result, every minute on the module's
/// clock, while the home is shown; analysis never calls it.
public protocol ResultOutbox: Sendable {
    /// Tries to send `result` now; calls `done` (on any thread) with
    /// whether the lab has it.
    func send(_ result: KeptResultRecord, done: @escaping @Sendable (Bool) -> Void)
}

/// A result kept on the device, as the outbox sends it.
public struct KeptResultRecord: Hashable, Sendable {
    /// The patient's id.
    public let patient: String
    /// The patient's name, when the records gave one.
    public let name: String?
    /// The result (`normal`, `positive`).
    public let result: String
    /// The value measured (an HbA1c value), when the test gives one.
    public let value: String?
    /// The lab it goes to.
    public let lab: String

    /// A kept `result` (measured as `value`) of `patient` (`name`), for `lab`.
    public init(patient: String, name: String?, result: String, value: String?, lab: String) {
        self.patient = patient
        self.name = name
        self.result = result
        self.value = value
        self.lab = lab
    }
}

/// How the home ends.
public enum HomeExit: ModuleExit {
    /// Test the next patient.
    case startTest
    /// Sign out.
    case signOut
}
