import FormKit
import StepflowKits
public import Stepflow

/// Whether the person can claim: two questions, one a page, each a yes or
/// no recorded in the application; a no ends at a page that says why.
public enum EligibilityModule: FeatureModule {
    /// `eligibility`.
    public static let id = "eligibility"
    /// One line for `benefitapp modules`.
    public static let summary = "Who can claim: two yes-or-no questions, and a page that says why not."
    /// This example's package.
    public static let package = ModulePackage(name: "ChildBenefit", version: "1.0.0")

    /// Who answers, and whether a page offers to save and come back later.
    public static let options = Audience.options + SaveForLater.options

    /// What it shares with the form's other pages, written once.
    public static let kits: [any ModuleKit.Type] = [Audience.self, SaveForLater.self]

    /// `eligible`, `notEligible`, and `saved` where saving is offered.
    public static func exits(for options: ModuleOptions) -> [ExitSpec] {
        var exits = [
            ExitSpec("eligible", summary: "both answers are yes"),
            ExitSpec("notEligible", summary: "an answer is no: the person cannot claim"),
        ]
        exits += SaveForLater.exits(for: options)
        if options.text("audience") == "caseworker" {
            exits.append(ExitSpec("closed", summary: "the caseworker closed the counter before a claim"))
        }
        return exits
    }

    /// The two answers, yes or no.
    public static func record(for options: ModuleOptions) -> [RecordSpec] {
        [
            .writes(
                "livesInUK", label: "Lives in the UK", kind: .choice, classes: yesNo, summary: "the first question"),
            .writes(
                "responsible", label: "Responsible for a child under 16", kind: .choice, classes: yesNo,
                summary: "the second question"),
        ]
    }

    /// Yes and no, as a choice field's classes.
    static let yesNo = [
        ValueClass("yes", label: "yes", .values(["yes"]), representative: "yes"),
        ValueClass("no", label: "no", .values(["no"]), representative: "no"),
    ]

    /// Every text its pages show.
    public static let texts =
        TextSpec.list([
            "livesInUK.title": "Do you live in the UK?",
            "livesInUK.title.caseworker": "Does the claimant live in the UK?",
            "responsible.title": "Are you responsible for a child under 16?",
            "responsible.title.caseworker": "Is the claimant responsible for a child under 16?",
            "answer": "Answer",
            "yes": "Yes",
            "no": "No",
            "continue": "Continue",
            "back": "Back",
            "kickout.title": "You cannot claim Child Benefit",
            "kickout.body": "Child Benefit is for people who live in the UK and are responsible for a child under 16.",
            "kickout.close": "Close",
            "closeCounter": "Close the counter",
        ]) + SaveForLater.texts

    /// The questions, from the first; a Change from a summary opens the
    /// question it names.
    public static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        let flow = EligibilityFlow(
            name: instance, caseworker: options.text("audience") == "caseworker",
            saving: SaveForLater.isOffered(options), text: ModuleTexts(texts, environment))
        return ModuleLaunch(flow, entry: .ask(.livesInUK, changing: false)).editing { key in
            EligibilityFlow.Question(rawValue: key).map { EligibilityStep.ask($0, changing: true) }
        }
    }
}

/// How the eligibility questions end.
public enum EligibilityExit: ModuleExit {
    /// Both yes.
    case eligible
    /// A no.
    case notEligible
    /// Saved to finish later.
    case saved
    /// The caseworker closed the counter.
    case closed
}

enum EligibilityStep: Step {
    case ask(EligibilityFlow.Question, changing: Bool)
    case answered(EligibilityFlow.Question, yes: Bool, changing: Bool)
    case kickout
    case close
    case saveForLater
    case keepGoing
    case saved
    case back
    case closeCounter
}

final class EligibilityFlow: Flow {
    enum Question: String, Sendable {
        case livesInUK, responsible
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

    private func field(_ question: Question) -> EntryField {
        EntryField(
            "answer", label: text["answer"], kind: .choice,
            classes: [
                ValueClass("yes", label: text["yes"], .values(["yes"]), representative: "yes"),
                ValueClass("no", label: text["no"], .values(["no"]), representative: "no"),
            ]
        ).recorded(as: question.rawValue)
    }

    func navigate(to step: EligibilityStep) -> Navigation<EligibilityStep, EligibilityExit> {
        switch step {
        case .ask(let question, let changing):
            let title = text[question.rawValue + ".title" + (caseworker ? ".caseworker" : "")]
            var actions = [
                ScreenAction(text["continue"], submitting: ["answer"]) { entered in
                    EligibilityStep.answered(question, yes: entered["answer"] == "yes", changing: changing)
                }
            ]
            if question == .responsible && !changing { actions.append(ScreenAction(text["back"], .back, role: .back)) }
            if saving { actions.append(SaveForLater.action(text, .saveForLater)) }
            if caseworker && question == .livesInUK && !changing {
                actions.append(ScreenAction(text["closeCounter"], .closeCounter))
            }
            return .show(Screen(id: question.rawValue, title: title, fields: [field(question)], actions: actions))
        case .answered(_, yes: false, _):
            return navigate(to: .kickout)
        case .answered(.livesInUK, yes: true, let changing):
            // Changing one answer from a summary: the other is asked only
            // if it has no answer yet.
            guard changing else { return navigate(to: .ask(.responsible, changing: false)) }
            return .reading("responsible") { record in
                record["responsible"] == nil ? .forward(.ask(.responsible, changing: true)) : .end(.eligible)
            }
        case .answered(.responsible, yes: true, _):
            return .end(.eligible)
        case .kickout:
            return .show(
                Screen(
                    id: "kickout", title: text["kickout.title"], body: [text["kickout.body"]],
                    actions: [ScreenAction(text["kickout.close"], .close)]), as: .replace)
        case .close:
            return .end(.notEligible)
        case .saveForLater:
            return .show(SaveForLater.sheet(text, confirm: .saved, cancel: .keepGoing), as: .modal)
        case .keepGoing:
            return .dismiss
        case .saved:
            return .end(.saved)
        case .back:
            return .pop
        case .closeCounter:
            return .end(.closed)
        }
    }
}
