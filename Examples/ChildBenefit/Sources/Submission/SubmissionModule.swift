public import Stepflow

/// Sends the application to the benefit office: a question the office's
/// service answers (accepted, with the reference it gives; or it did not
/// answer in time), then the confirmation with the reference, or a page
/// that says nothing was sent.
public enum SubmissionModule: FeatureModule {
    /// `submit`.
    public static let id = "submit"
    /// One line for `benefitapp modules`.
    public static let summary = "Sends the application to the benefit office; a reference, or a time-out."
    /// This example's package.
    public static let package = ModulePackage(name: "ChildBenefit", version: "1.0.0")

    /// How long the office has to answer.
    public static let options: [OptionSpec] = [
        OptionSpec(
            "timeoutSeconds", .integer(5...300), default: .integer(60),
            summary: "How long the app waits for the office before it says nothing was sent.")
    ]

    /// The office the app sends claims to.
    public static let services = [
        ServiceRequirement(
            (any BenefitOffice).self, summary: "takes a claim and gives its reference; may not answer in time")
    ]

    /// `done` (sent, its reference shown), `later` (not sent: tried again
    /// later, the answers kept).
    public static func exits(for options: ModuleOptions) -> [ExitSpec] {
        [
            ExitSpec("done", summary: "the office took the claim and the person read its reference"),
            ExitSpec("later", summary: "the office did not answer; the person tries again later"),
        ]
    }

    /// The office's reference, and the answers it sends.
    public static func record(for options: ModuleOptions) -> [RecordSpec] {
        [
            .writes(
                "reference", label: "Reference", kind: .text, classes: referenceClasses,
                summary: "what the office gives a claim it took"),
            .reads("applicantName", summary: "sent to the office"),
            .reads("applicantNino", summary: "sent to the office"),
            .reads(
                "children", items: [RecordSpec.Field("name", label: "Name"), RecordSpec.Field("born", label: "Born")],
                atMost: 2, summary: "sent to the office"),
        ]
    }

    /// A reference: `CB-` and six digits.
    static let referenceClasses = [
        ValueClass("reference", label: "CB- and six digits", .pattern(#"CB-\d{6}"#), representative: "CB-123456")
    ]

    /// The id of the question the office answers: `answer office accepted`.
    public static let officeQuestion = "office"

    /// Every text its pages show.
    public static let texts = TextSpec.list([
        "confirm.title": "Send your application",
        "confirm.body": "By sending it you confirm that your answers are correct.",
        "confirm.send": "Send the application",
        "office.question": "the benefit office",
        "office.accepted": "the office took the claim",
        "office.timedOut": "the office did not answer in time",
        "reference.label": "Reference",
        "sent.title": "Application sent",
        "sent.body": "Your reference is {reference}. Keep it: the office asks for it when you call.",
        "sent.finish": "Finish",
        "timedOut.title": "The benefit office did not answer",
        "timedOut.body": "Nothing was sent. Try again now, or later: your answers are kept.",
        "timedOut.retry": "Try again",
        "timedOut.later": "Try again later",
    ])

    /// The page that sends.
    public static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        ModuleLaunch(
            SubmissionFlow(
                name: instance, timeout: .seconds(options.integer("timeoutSeconds")),
                office: environment.services.resolve((any BenefitOffice).self), clock: environment.clock,
                text: ModuleTexts(texts, environment)),
            entry: .confirm)
    }
}

/// The benefit office's service: takes a claim, gives its reference.
public protocol BenefitOffice: Sendable {
    /// Sends `claim`; `reply` is called once, from any thread, with the
    /// reference the office gives it (`CB-` and six digits).
    func submit(_ claim: Claim, reply: @escaping @Sendable (String) -> Void)
}

/// A claim as the office takes it.
public struct Claim: Hashable, Sendable {
    /// The claimant's name.
    public let name: String
    /// Their National Insurance number.
    public let nino: String
    /// The children's names.
    public let children: [String]
}

/// How sending ends.
public enum SubmissionExit: ModuleExit {
    /// Sent, the reference read.
    case done
    /// Not sent: later.
    case later
}

enum SubmissionStep: Step {
    case confirm
    case send(Claim)
    case sent
    case timedOut(Claim)
    case finish
    case later
}

final class SubmissionFlow: Flow {
    let name: String
    let timeout: Duration
    let office: (any BenefitOffice)?
    let clock: any StepClock
    let text: ModuleTexts

    init(name: String, timeout: Duration, office: (any BenefitOffice)?, clock: any StepClock, text: ModuleTexts) {
        self.name = name
        self.timeout = timeout
        self.office = office
        self.clock = clock
        self.text = text
    }

    /// Sending asks the office; its answer is the reference, or nothing in
    /// time (the app's own time-out, on the module's clock).
    func adapt(step: SubmissionStep) -> Adaptation<SubmissionStep> {
        guard case .send(let claim) = step else { return .step(step) }
        let reference = EntryField(
            "reference", label: text["reference.label"], kind: .text, classes: SubmissionModule.referenceClasses
        ).recorded(as: "reference")
        let accepted = Answer(
            "accepted", SubmissionStep.sent, label: text["office.accepted"].value, values: [reference])
        let timedOut = Answer("timedOut", SubmissionStep.timedOut(claim), label: text["office.timedOut"].value)
        var ask: Question<SubmissionStep>.Ask?
        if let office {
            let (clock, timeout) = (clock, timeout)
            ask = { answer in
                // Whichever comes first counts: the engine takes one answer.
                let waiting = clock.schedule(after: timeout) { answer(timedOut) }
                office.submit(claim) { given in
                    waiting.cancel()
                    answer(accepted.carrying(["reference": given]))
                }
            }
        }
        return .ask(
            Question(
                SubmissionModule.officeQuestion, label: text["office.question"].value, answers: [accepted, timedOut],
                ask: ask))
    }

    func navigate(to step: SubmissionStep) -> Navigation<SubmissionStep, SubmissionExit> {
        switch step {
        case .confirm:
            return .reading("applicantName", "applicantNino", "children") { [text] record in
                let claim = Claim(
                    name: record["applicantName"]?.text ?? "", nino: record["applicantNino"]?.text ?? "",
                    children: record.items("children").compactMap { $0["name"]?.text })
                return .show(
                    Screen(
                        id: "confirm", title: text["confirm.title"], body: [text["confirm.body"]],
                        actions: [ScreenAction(text["confirm.send"], .send(claim))]))
            }
        case .send:
            // Asked about in `adapt`: the office answers.
            return .none
        case .sent:
            return .reading("reference") { [text] record in
                .show(
                    Screen(
                        id: "sent", title: text["sent.title"],
                        body: [text["sent.body", ["reference": record["reference"]?.text ?? "—"]]],
                        actions: [ScreenAction(text["sent.finish"], .finish)]), as: .replace)
            }
        case .timedOut(let claim):
            return .show(
                Screen(
                    id: "timed-out", title: text["timedOut.title"], body: [text["timedOut.body"]],
                    actions: [
                        ScreenAction(text["timedOut.retry"], .send(claim)),
                        ScreenAction(text["timedOut.later"], .later, role: .cancel),
                    ]), as: .replace)
        case .finish:
            return .end(.done)
        case .later:
            return .end(.later)
        }
    }
}
