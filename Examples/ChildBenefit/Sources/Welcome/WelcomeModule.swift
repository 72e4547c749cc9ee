public import Stepflow

/// The service's first page: what it is for, and what happened last time
/// on this device (an application saved to finish, or one sent, with its
/// reference).
public enum WelcomeModule: FeatureModule {
    /// `welcome`.
    public static let id = "welcome"
    /// One line for `benefitapp modules`.
    public static let summary = "The first page: start an application, or continue the one saved on this device."
    /// This example's package.
    public static let package = ModulePackage(name: "ChildBenefit", version: "1.0.0")
    /// None.
    public static let options: [OptionSpec] = []

    /// `new` (start an application), `resume` (continue the saved one).
    public static func exits(for options: ModuleOptions) -> [ExitSpec] {
        [
            ExitSpec("new", summary: "the person starts a new application"),
            ExitSpec("resume", summary: "the person continues the application saved on this device"),
        ]
    }

    /// What it reads of the record: whether an application is saved (its
    /// name) or was sent (its reference).
    public static func record(for options: ModuleOptions) -> [RecordSpec] {
        [
            .reads("applicantName", label: "Your name", summary: "names the application saved on this device"),
            .reads("reference", label: "Reference", summary: "the reference of the application last sent"),
        ]
    }

    /// Every text the page shows.
    public static let texts = TextSpec.list([
        "title": "Apply for Child Benefit",
        "body": "Use this service to claim Child Benefit for a child you are responsible for.",
        "start": "Start now",
        "saved": "You have an application saved on this device, for {name}.",
        "continue": "Continue your application",
        "new": "Start a new application",
        "sent": "Your last application was sent. Its reference is {reference}.",
    ])

    /// The page.
    public static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        ModuleLaunch(WelcomeFlow(name: instance, text: ModuleTexts(texts, environment)), entry: .start)
    }
}

/// How the first page ends.
public enum WelcomeExit: ModuleExit {
    /// A new application.
    case new
    /// The saved application, continued.
    case resume
}

enum WelcomeStep: Step {
    case start, new, resume
}

final class WelcomeFlow: Flow {
    let name: String
    let text: ModuleTexts

    init(name: String, text: ModuleTexts) {
        self.name = name
        self.text = text
    }

    func navigate(to step: WelcomeStep) -> Navigation<WelcomeStep, WelcomeExit> {
        switch step {
        case .start:
            return .reading("applicantName", "reference") { [text] record in
                var body = [text["body"]]
                var actions: [ScreenAction<WelcomeStep>] = []
                if let reference = record["reference"]?.text {
                    body.append(text["sent", ["reference": reference]])
                }
                if record["reference"] == nil, let saved = record["applicantName"]?.text {
                    body.append(text["saved", ["name": saved]])
                    actions = [ScreenAction(text["continue"], .resume), ScreenAction(text["new"], .new)]
                } else {
                    actions = [ScreenAction(text["start"], .new)]
                }
                return .show(Screen(id: "start", title: text["title"], body: body, actions: actions))
            }
        case .new: return .end(.new)
        case .resume: return .end(.resume)
        }
    }
}
