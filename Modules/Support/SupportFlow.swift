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

    init(
        name: String, hotline: String, hours: String,
        text: ModuleTexts = ModuleTexts(SupportModule.texts, source: TextSource())
    ) {
        self.text = text
        self.name = name
        self.hotline = hotline
        self.hours = hours
    }

    func navigate(to step: SupportStep) -> Navigation<SupportStep, SupportExit> {
        switch step {
        case .topics:
            return .show(
                Screen(
                    id: "topics", title: text["topics.title"],
                    body: [
                        text["topics.body"]
                    ],
                    actions: Topic.allCases.map { ScreenAction(text["topic.\($0.rawValue).title"], .topic($0)) } + [
                        ScreenAction(text["topics.contact"], .contact),
                        ScreenAction(text["topics.resume"], .resume),
                        ScreenAction(text["topics.quit"], .quit, role: .cancel),
                    ]))
        case .topic(let topic):
            return .show(
                Screen(
                    id: "topic-\(topic.rawValue)", title: text["topic.\(topic.rawValue).title"],
                    body: [text["topic.\(topic.rawValue).body"]],
                    actions: [
                        ScreenAction(text["back"], .back, role: .back)
                    ]))
        case .contact:
            return .show(
                Screen(
                    id: "contact", title: text["contact.title"],
                    body: [
                        text["contact.body", ["hotline": hotline, "hours": hours]]
                    ], actions: [ScreenAction(text["back"], .back, role: .back)]))
        case .resume:
            return .end(.resume)
        case .quit:
            return .end(.quit)
        case .back:
            return .pop
        }
    }
}
