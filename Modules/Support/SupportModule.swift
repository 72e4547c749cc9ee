public import Stepflow

/// Help a variant can route to from several places: topics, and how to
/// reach a person.
public enum SupportModule: FeatureModule {
    /// `support`.
    public static let id = "support"
    /// One line for `rootapp modules`.
    public static let summary = "Help topics and how to reach a person; returns where the manifest routes it."
    /// Stepflow's own package.
    public static let package = ModulePackage.stepflow

    /// The options.
    public static let options: [OptionSpec] = [
        OptionSpec.required(
            "hotline", .text, example: .text("0800 123 4567"), summary: "The support phone number shown."),
        OptionSpec.required(
            "hours", .text, example: .text("Monday to Friday, 8:00 to 18:00"),
            summary: "When the hotline answers, in words a person reads.", translatable: true),
        OptionSpec(
            "layout", .choice(Layout.allCases.map(\.rawValue)), default: .text("list"),
            summary: "One list of topics (list), or the topics and talking to a person as tabs side by side (tabs)."),
    ]

    /// `resume` (carry on), `quit` (stop for now).
    public static func exits(for options: ModuleOptions) -> [ExitSpec] {
        [
            ExitSpec("resume", summary: "the person wants to carry on"),
            ExitSpec("quit", summary: "the person stops for now"),
        ]
    }

    /// The support flow, from the topic list.
    public static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        ModuleLaunch(
            SupportFlow(
                name: instance, hotline: options.text("hotline"), hours: options.text("hours"),
                text: ModuleTexts(texts, environment),
                part: options.choice("layout", as: Layout.self) == .tabs ? .sections : .list), entry: .topics)
    }
}

/// How support ends.
public enum SupportExit: ModuleExit {
    /// Carry on where the manifest routes.
    case resume
    /// Stop for now.
    case quit
}
