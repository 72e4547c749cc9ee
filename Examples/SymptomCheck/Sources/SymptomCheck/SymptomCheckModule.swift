public import Stepflow

/// A symptom check before the test: a few questions, then advice from
/// the app's ``SymptomAdvisor``: take the test, or see a doctor now.
///
/// Its public face is all a manifest needs: the id `symptom-check`, one
/// option, three exits, and the advisor it needs from the app.
public enum SymptomCheckModule: FeatureModule {
    /// `symptom-check`.
    public static let id = "symptom-check"
    /// One line for `symptomapp modules`.
    public static let summary =
        "A few questions on symptoms before the test; the app's advisor says test now or see a doctor."
    /// The package and version a review report records.
    public static let package = ModulePackage(name: "SymptomCheck", version: "1.0.0")

    /// The options.
    public static let options: [OptionSpec] = [
        OptionSpec(
            "askAboutContact", .boolean, default: .boolean(true),
            summary: "Also ask whether the person was in contact with a confirmed case.")
    ]

    /// The advisor that turns answers into advice.
    public static let services = [
        ServiceRequirement(
            (any SymptomAdvisor).self, summary: "turns the answers into advice: test now, or see a doctor")
    ]

    /// Every text the check shows, with its key and English default: a
    /// variant re-words them in its manifest, or translates them in its
    /// String Catalog (`symptom-check/<key>`).
    public static let texts = TextSpec.list([
        "yes": "Yes",
        "no": "No",
        "back": "Back",
        "next": "Next",
        "temperature.title": "Your temperature",
        "temperature.body": "If you have measured it today, enter your temperature. Or leave it empty.",
        "temperature.label": "Temperature in °C",
        "temperature.normal": "below 38 °C",
        "temperature.fever": "38 °C or more (fever)",
        "temperature.implausible": "not a body temperature",
        "temperature.refusal": "a body temperature is between 34 and 43 °C: measure again",
        "symptoms.title": "How are you feeling?",
        "symptoms.body":
            "Do you have any of these now: fever, a cough, a sore throat, or a lost sense of smell or taste?",
        "symptoms.stop": "I would rather not say",
        "breathing.title": "Your breathing",
        "breathing.body": "Are you short of breath, or does breathing hurt?",
        "contact.title": "Contact",
        "contact.body": "In the last 10 days, were you close to someone who tested positive?",
        "checking.title": "Checking your answers",
        "checking.body": "One moment…",
        "seekCare.title": "See a doctor now",
        "seekCare.body": """
        Your answers suggest you need a doctor before a self-test. Call your doctor, or the emergency number \
        if breathing is hard.
        """,
        "seekCare.understood": "I understand",
    ])

    /// `proceed` (with `symptoms`), `seekCare`, `stopped`.
    public static func exits(for options: ModuleOptions) -> [ExitSpec] {
        [
            ExitSpec(
                "proceed", fields: [FieldSpec("symptoms", .choice(SymptomLevel.allCases.map(\.rawValue)))],
                summary: "the advice is to take the test"),
            ExitSpec("seekCare", summary: "the advice is to see a doctor now; the person has read how"),
            ExitSpec("stopped", summary: "the person chose not to answer"),
        ]
    }

    /// The questionnaire, from its first question.
    public static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        let flow = SymptomCheckFlow(
            name: instance,
            asksAboutContact: options.boolean("askAboutContact"),
            advisor: environment.services.require((any SymptomAdvisor).self),
            text: ModuleTexts(texts, environment)
        )
        // The one link: a reminder to check the symptoms again opens the
        // questionnaire from its first question.
        return ModuleLaunch(flow, entry: .start) { link in link.name == "recheck" ? .recheck : nil }
    }

    /// `recheck`: a reminder (a notification) opens the check from its
    /// first question.
    public static func links(for options: ModuleOptions) -> [LinkSpec] {
        [LinkSpec("recheck", summary: "opens the symptom check from its first question, from a reminder")]
    }
}

/// How the symptom check ends.
public enum SymptomCheckExit: ModuleExit {
    /// Take the test; `level` says whether the person has symptoms.
    case proceed(SymptomLevel)
    /// See a doctor now.
    case seekCare
    /// The person did not answer.
    case stopped

    /// `proceed` hands on `symptoms`.
    public var handoff: Handoff {
        guard case .proceed(let level) = self else { return Handoff() }
        return Handoff(["symptoms": .text(level.rawValue)])
    }
}

/// Whether the person reported symptoms.
public enum SymptomLevel: String, CaseIterable, Sendable {
    /// No symptoms.
    case none
    /// Some symptoms, none of them severe.
    case some
}

/// What the person answered.
public struct SymptomAnswers: Hashable, Sendable, CustomStringConvertible {
    /// Fever, cough, a sore throat or a lost sense of smell now.
    public var hasSymptoms = false
    /// Short of breath, or breathing hurts.
    public var shortOfBreath = false
    /// In close contact with a confirmed case in the last 10 days; `nil`
    /// when not asked.
    public var hadContact: Bool?

    /// Answers, all "no".
    public init(hasSymptoms: Bool = false, shortOfBreath: Bool = false, hadContact: Bool? = nil) {
        self.hasSymptoms = hasSymptoms
        self.shortOfBreath = shortOfBreath
        self.hadContact = hadContact
    }

    /// `symptoms yes, breathless no, contact no`: how traces and graphs
    /// name the steps that carry the answers.
    public var description: String {
        func word(_ flag: Bool) -> String { flag ? "yes" : "no" }
        return "symptoms \(word(hasSymptoms)), breathless \(word(shortOfBreath))"
            + (hadContact.map { ", contact \(word($0))" } ?? "")
    }
}

/// What the advisor says.
public enum SymptomAdvice: String, CaseIterable, Sendable {
    /// Take the test now.
    case test
    /// See a doctor now instead.
    case seekCare
}

/// The service the app gives the module: it turns answers into advice,
/// perhaps by asking a triage server. It may reply on any thread, at once
/// or later; the module shows a waiting screen meanwhile.
public protocol SymptomAdvisor: Sendable {
    /// Advises on `answers`; calls `reply` once.
    func advise(_ answers: SymptomAnswers, reply: @escaping @Sendable (SymptomAdvice) -> Void)
}
