import FormKit
import StepflowKits
public import Stepflow

/// Who claims: the name, the date of birth (18 or over) and the National
/// Insurance number, one a page, each recorded in the application with its
/// class.
public enum ApplicantModule: FeatureModule {
    /// `applicant`.
    public static let id = "applicant"
    /// One line for `benefitapp modules`.
    public static let summary = "The claimant's name, date of birth (18 or over) and National Insurance number."
    /// This example's package.
    public static let package = ModulePackage(name: "ChildBenefit", version: "1.0.0")

    /// Who answers, and whether a page offers to save and come back later.
    public static let options = Audience.options + SaveForLater.options

    /// What it shares with the form's other pages, written once.
    public static let kits: [any ModuleKit.Type] = [Audience.self, SaveForLater.self]

    /// `done`, and `saved` where saving is offered.
    public static func exits(for options: ModuleOptions) -> [ExitSpec] {
        [ExitSpec("done", summary: "every detail is given")]
            + SaveForLater.exits(for: options)
    }

    /// The classes of a date of birth, judged on the day (the variant's
    /// reference date): 18 or over takes a claim; younger, or a day still
    /// to come, is refused.
    static let bornClasses = [
        ValueClass("adult", label: "18 or over", .dates(through: .yearsAgo(18)), representative: .yearsAgo(30)),
        ValueClass(
            "tooYoung", label: "under 18", .dates(after: .yearsAgo(18), through: .today), representative: .yearsAgo(10),
            refusal: "you must be 18 or over to claim"),
        ValueClass(
            "inFuture", label: "a day still to come", .dates(after: .today), representative: .daysAhead(1),
            refusal: "a date of birth cannot be in the future"),
    ]

    /// The classes of a National Insurance number: two letters, six
    /// digits, A to D (spaces between pairs allowed), or refused.
    static let ninoClasses = [
        ValueClass(
            "wellFormed", label: "2 letters, 6 digits, A to D", .pattern(#"[A-Z]{2} ?\d\d ?\d\d ?\d\d ?[A-D]"#),
            representative: "QQ123456C"),
        ValueClass(
            "malformed", label: "anything else", .pattern(".*"), representative: "123456",
            refusal: "a National Insurance number is 2 letters, 6 digits and A, B, C or D, like QQ 12 34 56 C"),
    ]

    /// The three details.
    public static func record(for options: ModuleOptions) -> [RecordSpec] {
        [
            .writes(
                "applicantName", label: "Name", kind: .text,
                classes: [ValueClass("given", label: "a name", .pattern(".+"), representative: "Sam Taylor")],
                summary: "the claimant's full name"),
            .writes("applicantBorn", label: "Date of birth", kind: .date, classes: bornClasses, summary: "18 or over"),
            .writes(
                "applicantNino", label: "National Insurance number", kind: .text, classes: ninoClasses,
                summary: "as on a payslip or letter"),
        ]
    }

    /// Every text its pages show.
    public static let texts =
        TextSpec.list([
            "name.title": "What is your full name?",
            "name.title.caseworker": "What is the claimant's full name?",
            "name.label": "Full name",
            "born.title": "What is your date of birth?",
            "born.title.caseworker": "What is the claimant's date of birth?",
            "born.label": "Date of birth (YYYY-MM-DD)",
            "nino.title": "What is your National Insurance number?",
            "nino.title.caseworker": "What is the claimant's National Insurance number?",
            "nino.body": "It is on your payslip, or on letters about tax, pensions or benefits.",
            "nino.label": "National Insurance number",
            "continue": "Continue",
            "back": "Back",
        ]) + SaveForLater.texts

    /// The pages, from the name; a Change opens the page it names.
    public static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        let flow = ApplicantFlow(
            name: instance, caseworker: options.text("audience") == "caseworker",
            saving: SaveForLater.isOffered(options), text: ModuleTexts(texts, environment))
        return ModuleLaunch(flow, entry: .ask(.name, changing: false)).editing { key in
            ApplicantFlow.Page.allCases.first { $0.key == key }.map { ApplicantStep.ask($0, changing: true) }
        }
    }
}

/// How the details end.
public enum ApplicantExit: ModuleExit {
    /// Every detail given.
    case done
    /// Saved to finish later.
    case saved
}

enum ApplicantStep: Step {
    case ask(ApplicantFlow.Page, changing: Bool)
    case given(ApplicantFlow.Page, changing: Bool)
    case saveForLater
    case keepGoing
    case saved
    case back
}

final class ApplicantFlow: Flow {
    enum Page: String, CaseIterable, Sendable {
        case name, born, nino

        /// The record entry the page asks.
        var key: String {
            switch self {
            case .name: "applicantName"
            case .born: "applicantBorn"
            case .nino: "applicantNino"
            }
        }

        var next: Page? {
            switch self {
            case .name: .born
            case .born: .nino
            case .nino: nil
            }
        }
    }

    let name: String
    let caseworker: Bool
    let saving: Bool
    let text: ModuleTexts

    init(name: String, caseworker: Bool, saving: Bool, text: ModuleTexts) {
        self.name = name
        self.caseworker = caseworker
        self.saving = saving
        self.text = text
    }

    private func field(_ page: Page) -> EntryField {
        switch page {
        case .name:
            EntryField(
                "name", label: text["name.label"], kind: .text,
                classes: [ValueClass("given", label: text["name.label"], .pattern(".+"), representative: "Sam Taylor")]
            ).recorded(as: page.key)
        case .born:
            EntryField("born", label: text["born.label"], kind: .date, classes: ApplicantModule.bornClasses)
                .recorded(as: page.key)
        case .nino:
            EntryField("nino", label: text["nino.label"], kind: .text, classes: ApplicantModule.ninoClasses)
                .recorded(as: page.key)
        }
    }

    func navigate(to step: ApplicantStep) -> Navigation<ApplicantStep, ApplicantExit> {
        switch step {
        case .ask(let page, let changing):
            let field = field(page)
            var actions = [
                ScreenAction(text["continue"], submitting: [field.name]) { _ in
                    ApplicantStep.given(page, changing: changing)
                }
            ]
            if page != .name && !changing { actions.append(ScreenAction(text["back"], .back, role: .back)) }
            if saving { actions.append(SaveForLater.action(text, .saveForLater)) }
            return .show(
                Screen(
                    id: page.rawValue, title: text[page.rawValue + ".title" + (caseworker ? ".caseworker" : "")],
                    body: page == .nino ? [text["nino.body"]] : [], fields: [field], actions: actions))
        case .given(let page, let changing):
            guard let next = page.next else { return .end(.done) }
            guard changing else { return navigate(to: .ask(next, changing: false)) }
            // A change from a summary asks the next page only when it has
            // no answer yet, and so on: then back to the summary.
            return .reading(next.key) { record in
                record[next.key] == nil ? .forward(.ask(next, changing: true)) : .forward(.given(next, changing: true))
            }
        case .saveForLater:
            return .show(SaveForLater.sheet(text, confirm: .saved, cancel: .keepGoing), as: .modal)
        case .keepGoing:
            return .dismiss
        case .saved:
            return .end(.saved)
        case .back:
            return .pop
        }
    }
}
