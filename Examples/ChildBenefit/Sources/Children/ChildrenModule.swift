import StepflowKits
public import Stepflow

/// The children claimed for, one at a time (GOV.UK's "add another"): a
/// name, a date of birth (under 16), and then the list so far, with
/// "Add another child" while the form takes more.
public enum ChildrenModule: FeatureModule {
    /// `children`.
    public static let id = "children"
    /// One line for `benefitapp modules`.
    public static let summary = "The children claimed for: added one at a time, up to a number the variant sets."
    /// This example's package.
    public static let package = ModulePackage(name: "ChildBenefit", version: "1.0.0")

    /// How many children a claim takes, and whether a page offers to save.
    public static let options: [OptionSpec] =
        [
            OptionSpec(
                "maxChildren", .integer(1...6), default: .integer(2),
                summary: "The most children one claim takes; the analysis explores every count up to it.")
        ] + SaveForLater.options

    /// What it shares with the form's other pages, written once.
    public static let kits: [any ModuleKit.Type] = [SaveForLater.self]

    /// `done`, and `saved` where saving is offered.
    public static func exits(for options: ModuleOptions) -> [ExitSpec] {
        [ExitSpec("done", summary: "every child is added")]
            + SaveForLater.exits(for: options)
    }

    /// A child's date of birth, judged on the day (the variant's reference
    /// date): under 16, or refused (16 or over, or a day still to come).
    static let bornClasses = [
        ValueClass(
            "under16", label: "under 16", .dates(after: .yearsAgo(16), through: .today), representative: .yearsAgo(8)),
        ValueClass(
            "sixteenOrOver", label: "16 or over", .dates(through: .yearsAgo(16)), representative: .yearsAgo(20),
            refusal: "Child Benefit is for children under 16"),
        ValueClass(
            "inFuture", label: "a day still to come", .dates(after: .today), representative: .daysAhead(1),
            refusal: "a date of birth cannot be in the future"),
    ]

    /// The children, a list of at most `maxChildren`.
    public static func record(for options: ModuleOptions) -> [RecordSpec] {
        [
            .writes(
                "children", label: "Children",
                items: [
                    RecordSpec.Field("name", label: "Name"),
                    RecordSpec.Field("born", label: "Date of birth", kind: .date, classes: bornClasses),
                ], atMost: options.integer("maxChildren"), summary: "each child claimed for")
        ]
    }

    /// Every text its pages show.
    public static let texts =
        TextSpec.list([
            "name.title": "What is the child's full name?",
            "name.label": "Child's full name",
            "born.title": "What is {name}'s date of birth?",
            "born.label": "Date of birth (YYYY-MM-DD)",
            "list.title": .counted(one: "You have added {count} child", other: "You have added {count} children"),
            "list.child": "{name}, born {born}",
            "list.full": "A claim takes {max} children at most.",
            "addAnother": "Add another child",
            "continue": "Continue",
            "back": "Back",
        ]) + SaveForLater.texts

    /// The list (the first child's name when none is added yet); a Change
    /// opens the list.
    public static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        let flow = ChildrenFlow(
            name: instance, most: options.integer("maxChildren"), saving: SaveForLater.isOffered(options),
            text: ModuleTexts(texts, environment))
        return ModuleLaunch(flow, entry: .list).editing { key in key == "children" ? ChildrenStep.list : nil }
    }
}

/// How adding children ends.
public enum ChildrenExit: ModuleExit {
    /// Every child added.
    case done
    /// Saved to finish later.
    case saved
}

enum ChildrenStep: Step {
    case list
    case askName
    case named(String)
    case born(name: String, born: String)
    case done
    case saveForLater
    case keepGoing
    case saved
    case back
}

final class ChildrenFlow: Flow {
    let name: String
    let most: Int
    let saving: Bool
    let text: ModuleTexts

    init(name: String, most: Int, saving: Bool, text: ModuleTexts) {
        self.name = name
        self.most = most
        self.saving = saving
        self.text = text
    }

    private var save: [ScreenAction<ChildrenStep>] { saving ? [SaveForLater.action(text, .saveForLater)] : [] }

    func navigate(to step: ChildrenStep) -> Navigation<ChildrenStep, ChildrenExit> {
        switch step {
        case .list:
            // The list as the record holds it, in place of what was shown.
            return .reading("children") { [self] record in
                let children = record.items("children")
                guard !children.isEmpty else { return navigate(to: .askName) }
                let lines = children.map {
                    text["list.child", ["name": $0["name"]?.text ?? "", "born": $0["born"]?.text ?? ""]]
                }
                let more = children.count < most
                return .show(
                    Screen(
                        id: "list", title: text["list.title", ["count": children.count]],
                        body: lines + (more ? [] : [text["list.full", ["max": most]]]),
                        actions: (more ? [ScreenAction(text["addAnother"], ChildrenStep.askName)] : [])
                            + [ScreenAction(text["continue"], .done)] + save),
                    as: .replace)
            }
        case .askName:
            return .show(
                Screen(
                    id: "name", title: text["name.title"],
                    fields: [
                        EntryField(
                            "childName", label: text["name.label"], kind: .text,
                            classes: [
                                ValueClass(
                                    "given", label: text["name.label"], .pattern(".+"), representative: "Alex Taylor")
                            ])
                    ],
                    actions: [ScreenAction(text["continue"], submitting: ["childName"]) { .named($0["childName"]) }]
                        + save))
        case .named(let child):
            return .show(
                Screen(
                    id: "born", title: text["born.title", ["name": child]],
                    fields: [
                        EntryField(
                            "childBorn", label: text["born.label"], kind: .date, classes: ChildrenModule.bornClasses)
                    ],
                    actions: [
                        ScreenAction(text["continue"], submitting: ["childBorn"]) {
                            .born(name: child, born: $0["childBorn"])
                        },
                        ScreenAction(text["back"], .back, role: .back),
                    ] + save))
        case .born(let child, let born):
            let item = RecordItem([
                "name": RecordValue(child), "born": RecordValue(born, class: "under16"),
            ])
            return .multiple(.record(.append("children", item)), navigate(to: .list))
        case .done:
            return .end(.done)
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
