public import Stepflow

/// Check your answers (GOV.UK's pattern): every answer of the application
/// as the record holds it, each with a Change that opens the page that
/// asks it and comes back here with the edit kept; and, once every
/// question is answered, "Accept and send".
///
/// A manifest routes `change` to `"edit"`: the owner of the entry named
/// opens at its page, and the walk returns here, unless the new answer
/// makes the owner end another way (a decision changed: a no to "Do you
/// live in the UK?" ends the claim).
public enum CheckAnswersModule: FeatureModule {
    /// `check`.
    public static let id = "check"
    /// One line for `benefitapp modules`.
    public static let summary = "Check your answers: each with a Change that comes back here; then send."
    /// This example's package.
    public static let package = ModulePackage(name: "ChildBenefit", version: "1.0.0")
    /// None.
    public static let options: [OptionSpec] = []

    /// The answers the summary lists, in the order it lists them.
    static let rows: [(key: String, label: String, note: String?)] = [
        ("livesInUK", "row.livesInUK", "row.decides"),
        ("responsible", "row.responsible", "row.decides"),
        ("applicantName", "row.applicantName", nil),
        ("applicantBorn", "row.applicantBorn", nil),
        ("applicantNino", "row.applicantNino", nil),
    ]

    /// `change` (with the entry to change), `confirmed`.
    public static func exits(for options: ModuleOptions) -> [ExitSpec] {
        [
            ExitSpec(
                "change", fields: [FieldSpec("entry", .choice(rows.map(\.key) + ["children"]))],
                summary: "the person changes an answer (route it to \"edit\")"),
            ExitSpec("confirmed", summary: "every answer is given and the person sends them"),
        ]
    }

    /// Everything the summary shows.
    public static func record(for options: ModuleOptions) -> [RecordSpec] {
        rows.map { .reads($0.key, summary: "listed with a Change") }
            + [
                .reads(
                    "children",
                    items: [RecordSpec.Field("name", label: "Name"), RecordSpec.Field("born", label: "Born")],
                    atMost: 2, summary: "listed with a Change")
            ]
    }

    /// Every text the page shows.
    public static let texts = TextSpec.list([
        "title": "Check your answers",
        "row.livesInUK": "Lives in the UK",
        "row.responsible": "Responsible for a child under 16",
        "row.applicantName": "Name",
        "row.applicantBorn": "Date of birth",
        "row.applicantNino": "National Insurance number",
        "row.children": "Children",
        "row": "{label}: {value}",
        "row.decides": "{label}: {value} (a change to No ends the claim)",
        "notAnswered": "not answered",
        "child": "{name} ({born})",
        "change": "Change: {label}",
        "answer": "Answer: {label}",
        "missing": "Answer every question before you send the application.",
        "send": "Accept and send",
    ])

    /// The summary.
    public static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        ModuleLaunch(CheckAnswersFlow(name: instance, text: ModuleTexts(texts, environment)), entry: .show)
    }
}

/// How checking ends.
public enum CheckAnswersExit: ModuleExit {
    /// Change the answer of this record entry.
    case change(entry: String)
    /// Send.
    case confirmed

    /// `change` hands on the entry to change.
    public var handoff: Handoff {
        guard case .change(let entry) = self else { return Handoff() }
        return Handoff(["entry": .text(entry)])
    }
}

enum CheckAnswersStep: Step {
    case show
    case change(String)
    case send
}

final class CheckAnswersFlow: Flow {
    let name: String
    let text: ModuleTexts

    init(name: String, text: ModuleTexts) {
        self.name = name
        self.text = text
    }

    func navigate(to step: CheckAnswersStep) -> Navigation<CheckAnswersStep, CheckAnswersExit> {
        switch step {
        case .show:
            let keys = CheckAnswersModule.rows.map(\.key) + ["children"]
            return .reading(keys) { [text] record in
                var body: [LocalizedText] = []
                var actions: [ScreenAction<CheckAnswersStep>] = []
                var complete = true
                for row in CheckAnswersModule.rows {
                    let label = text[row.label]
                    let value = record[row.key]?.text
                    if value == nil { complete = false }
                    let shown = value.map { LocalizedText(key: nil, value: $0) } ?? text["notAnswered"]
                    body.append(text[row.note ?? "row", ["label": label, "value": shown]])
                    actions.append(
                        ScreenAction(text[value == nil ? "answer" : "change", ["label": label]], .change(row.key)))
                }
                let children = record.items("children")
                if children.isEmpty { complete = false }
                let names =
                    children.isEmpty
                    ? text["notAnswered"]
                    : LocalizedText(
                        key: nil,
                        value: children.map {
                            text["child", ["name": $0["name"]?.text ?? "", "born": $0["born"]?.text ?? ""]].value
                        }.joined(separator: "; "))
                body.append(text["row", ["label": text["row.children"], "value": names]])
                actions.append(
                    ScreenAction(
                        text[children.isEmpty ? "answer" : "change", ["label": text["row.children"]]],
                        .change("children")))
                if complete {
                    actions.append(ScreenAction(text["send"], .send))
                } else {
                    body.append(text["missing"])
                }
                return .show(Screen(id: "summary", title: text["title"], body: body, actions: actions))
            }
        case .change(let key):
            return .end(.change(entry: key))
        case .send:
            return .end(.confirmed)
        }
    }
}
