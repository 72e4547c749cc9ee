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

    /// `kept`: a notice that a result is kept on the device opens it over
    /// the home, from any section.
    public static func links(for options: ModuleOptions) -> [LinkSpec] {
        [
            LinkSpec(
                "kept",
                parameters: [
                    FieldSpec("result", .choice(keptResults(for: options.text("condition")))),
                    FieldSpec(
                        "patient", .text,
                        classes: [
                            ValueClass(
                                "wellFormed", label: "P- and four digits", .pattern(#"P-\d{4}"#),
                                representative: "P-1024"),
                            ValueClass(
                                "malformed", label: "anything else", .pattern(".*"), representative: "1024",
                                refusal: "a patient id is P- and four digits, as on the card"),
                        ]),
                ],
                summary: "opens a result kept on this device over the home, from the notice that it waits for the lab")
        ]
    }

    /// The home, with the test section selected.
    public static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        ModuleLaunch(
            ClinicHomeFlow(
                name: instance, hotline: options.text("hotline"), hours: options.text("hours"),
                text: ModuleTexts(texts, environment)),
            entry: .start,
            links: { link in kept(link).map { HomeStep.openKept(result: $0.result, patient: $0.patient) } },
            startingAt: { link in kept(link).map { HomeStep.startAtKept(result: $0.result, patient: $0.patient) } })
    }

    /// The result and patient a `kept` link carries.
    private static func kept(_ link: ModuleLink) -> (result: String, patient: String)? {
        guard link.name == "kept", let result = link.arguments.text("result"),
            let patient = link.arguments.text("patient")
        else { return nil }
        return (result, patient)
    }
}

/// How the home ends.
public enum HomeExit: ModuleExit {
    /// Test the next patient.
    case startTest
    /// Sign out.
    case signOut
}
