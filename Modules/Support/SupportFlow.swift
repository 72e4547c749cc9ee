import Stepflow

/// Support's steps, internal to the module.
enum SupportStep: Step {
    case topics
    case topic(Topic)
    case contact
    case resume
    case quit
    case back
}

/// How help is laid out: one list (topics, with talking to a person as
/// one of its actions), or two sections side by side (tabs): the topics,
/// and talking to a person.
enum Layout: String, CaseIterable, Sendable {
    case list, tabs
}

/// What one support flow shows: the whole help as a list; the sections
/// of the tabbed help; or one of its sections.
enum SupportPart: Sendable {
    case list, sections, topicsTab, contactTab
}

/// A help topic: its texts are `topic.<name>.title` and `.body`.
enum Topic: String, CaseIterable, Sendable {
    case sample, invalid, reading
}

/// The support flow.
final class SupportFlow: Flow {
    let name: String
    let hotline: String
    let hours: String
    let text: ModuleTexts
    let part: SupportPart

    init(
        name: String, hotline: String, hours: String,
        text: ModuleTexts = ModuleTexts(SupportModule.texts, source: TextSource()), part: SupportPart = .list
    ) {
        self.text = text
        self.name = name
        self.hotline = hotline
        self.hours = hours
        self.part = part
    }

    /// This help's flow for one of its sections.
    private func section(_ part: SupportPart) -> SupportFlow {
        SupportFlow(name: name, hotline: hotline, hours: hours, text: text, part: part)
    }

    /// Carrying on and stopping, offered wherever help can be left.
    private var leaving: [ScreenAction<SupportStep>] {
        [ScreenAction(text["topics.resume"], .resume), ScreenAction(text["topics.quit"], .quit, role: .cancel)]
    }

    func navigate(to step: SupportStep) -> Navigation<SupportStep, SupportExit> {
        switch step {
        case .topics where part == .sections:
            // Each section leaves help as it asks; the sections' exits end it.
            let leave: @Sendable (SupportExit) -> SupportStep = { $0 == .resume ? .resume : .quit }
            return .sections([
                Section(
                    "topics", label: text["tabs.topics"], flow: section(.topicsTab), with: OneStepper(.topics),
                    onExit: leave),
                Section(
                    "contact", label: text["tabs.contact"], flow: section(.contactTab), with: OneStepper(.contact),
                    onExit: leave),
            ])
        case .topics:
            // In the tabbed help, talking to a person is a tab of its own.
            let contact = part == .topicsTab ? [] : [ScreenAction(text["topics.contact"], SupportStep.contact)]
            return .show(
                Screen(
                    id: "topics", title: text["topics.title"],
                    body: [
                        text[part == .topicsTab ? "tabs.topics.body" : "topics.body"]
                    ],
                    actions: Topic.allCases.map { ScreenAction(text["topic.\($0.rawValue).title"], .topic($0)) }
                        + contact + leaving))
        case .topic(let topic):
            return .show(
                Screen(
                    id: "topic-\(topic.rawValue)", title: text["topic.\(topic.rawValue).title"],
                    body: [text["topic.\(topic.rawValue).body"]],
                    actions: [
                        ScreenAction(text["back"], .back, role: .back)
                    ]))
        case .contact:
            // The contact tab is a section's first screen: no way back, a way out.
            return .show(
                Screen(
                    id: "contact", title: text["contact.title"],
                    body: [
                        text["contact.body", ["hotline": hotline, "hours": hours]]
                    ],
                    actions: part == .contactTab ? leaving : [ScreenAction(text["back"], .back, role: .back)]))
        case .resume:
            return .end(.resume)
        case .quit:
            return .end(.quit)
        case .back:
            return .pop
        }
    }
}
