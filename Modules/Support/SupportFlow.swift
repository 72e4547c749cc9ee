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

/// A help topic.
enum Topic: String, CaseIterable, Sendable {
    case sample, invalid, reading

    var title: String {
        switch self {
        case .sample: "Taking the sample"
        case .invalid: "The test did not work"
        case .reading: "Reading the result"
        }
    }

    var text: [String] {
        switch self {
        case .sample: ["Follow the pictures on each step. A swab that touched anything but the sample site must be replaced."]
        case .invalid: ["If the control line (C) does not appear, the test did not work. Use a new kit; do not reuse parts."]
        case .reading: ["Any visible T line, however faint, counts as a line. Read within the time the instructions give."]
        }
    }
}

/// The support flow.
final class SupportFlow: Flow {
    let name: String
    let hotline: String
    let hours: String

    init(name: String, hotline: String, hours: String) {
        self.name = name
        self.hotline = hotline
        self.hours = hours
    }

    func navigate(to step: SupportStep) -> Navigation<SupportStep, SupportExit> {
        switch step {
        case .topics:
            return .show(Screen(id: "topics", title: "How can we help?", body: [
                "Choose a topic, or talk to a person.",
            ], actions: Topic.allCases.map { ScreenAction($0.title, .topic($0)) } + [
                ScreenAction("Talk to a person", .contact),
                ScreenAction("Carry on", .resume),
                ScreenAction("Stop for now", .quit, role: .cancel),
            ]))
        case .topic(let topic):
            return .show(Screen(id: "topic-\(topic.rawValue)", title: topic.title, body: topic.text, actions: [
                ScreenAction("Back", .back, role: .back),
            ]))
        case .contact:
            return .show(Screen(id: "contact", title: "Talk to a person", body: [
                "Call \(hotline), \(hours). Have your test kit at hand.",
            ], actions: [ScreenAction("Back", .back, role: .back)]))
        case .resume:
            return .end(.resume)
        case .quit:
            return .end(.quit)
        case .back:
            return .pop
        }
    }
}
