public import Stepflow

/// Onboarding: lay users get a welcome, how-it-works pages and a privacy
/// consent; professionals sign in, pick a site and acknowledge data
/// protection.
public enum OnboardingModule: FeatureModule {
    /// `onboarding`.
    public static let id = "onboarding"
    /// One line for `rootapp modules`.
    public static let summary =
        "Welcome, how it works and consent (lay), or sign-in, site and data protection (professional)."
    /// Stepflow's own package.
    public static let package = ModulePackage.stepflow

    /// The options.
    public static let options: [OptionSpec] = [
        OptionSpec(
            "audience", .choice(Audience.allCases.map(\.rawValue)), default: .text("lay"),
            summary: "Who is onboarded: lay users or professionals."),
        OptionSpec(
            "howItWorksPages", .integer(1...HowItWorks.count), default: .integer(3),
            summary: "How many how-it-works pages lay users see."),
        OptionSpec(
            "maxSignInAttempts", .integer(1...10), default: .integer(3),
            summary: "Wrong passwords allowed before a professional is locked out."),
    ]

    /// Who is onboarded.
    public enum Audience: String, CaseIterable, Sendable {
        /// People testing themselves.
        case lay
        /// Staff testing patients.
        case professional
    }

    /// The sites a professional can test at.
    public enum Site: String, CaseIterable, Sendable {
        /// The main clinic.
        case mainClinic = "main-clinic"
        /// A mobile testing unit.
        case mobileUnit = "mobile-unit"
        /// A visit to a care home.
        case careHome = "care-home"
    }

    /// Lay: `completed`, `declined`. Professional: `completed` (with the
    /// site), `lockedOut`.
    public static func exits(for options: ModuleOptions) -> [ExitSpec] {
        switch options.choice("audience", as: Audience.self) {
        case .lay:
            [
                ExitSpec("completed", summary: "the user agreed to the privacy terms"),
                ExitSpec("declined", summary: "the user declined the privacy terms"),
            ]
        case .professional:
            [
                ExitSpec(
                    "completed", fields: [FieldSpec("site", .choice(Site.allCases.map(\.rawValue)))],
                    summary: "signed in, site chosen, data protection acknowledged"),
                ExitSpec("lockedOut", summary: "too many wrong passwords"),
            ]
        }
    }

    /// The onboarding flow for one instance, from the welcome screen.
    public static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        ModuleLaunch(
            OnboardingFlow(
                name: instance,
                audience: options.choice("audience", as: Audience.self),
                pages: options.integer("howItWorksPages"),
                maxAttempts: options.integer("maxSignInAttempts"),
                text: ModuleTexts(texts, environment)
            ), entry: .welcome)
    }
}

/// How onboarding ends.
public enum OnboardingExit: ModuleExit {
    /// Done; for professionals, with the site chosen.
    case completed(site: OnboardingModule.Site?)
    /// The user declined the privacy terms.
    case declined
    /// Too many wrong passwords.
    case lockedOut

    /// The site, for professionals.
    public var handoff: Handoff {
        guard case .completed(let site?) = self else { return Handoff() }
        return Handoff(["site": .text(site.rawValue)])
    }
}

/// Onboarding's steps, internal to the module.
enum OnboardingStep: Step {
    case welcome
    case howItWorks(page: Int)
    case privacy
    case consentAccepted
    case consentDeclined
    case signIn(attempt: Int)
    case signInFailed(attempt: Int)
    case signedIn
    case siteSelected(OnboardingModule.Site)
    case acknowledged(OnboardingModule.Site)
    case lockedOut
    case back
}
