import Stepflow

/// The home's steps, internal to the module.
enum HomeStep: Step {
    case start
    case startTest
    case signOut
    /// The link: a result kept on the device, opened from its notice.
    case openKept(result: String, patient: String)
    /// The link, when it starts the home: the sections, the kept tab
    /// selected, the result on its stack.
    case startAtKept(result: String, patient: String)
    /// The kept tab, started with the result on its stack.
    case showKept(result: String, patient: String)
    case closeKept
}

/// What one home flow shows: the sections side by side, or one of them.
enum HomePart: Sendable {
    case sections, test, kept, help
}

/// A professional's home after sign-in: three sections side by side
/// (testing a patient; the results kept on this device until the lab
/// takes them; help), and over all of them, from anywhere inside, the
/// kept result a notice opens.
final class ClinicHomeFlow: Flow {
    let name: String
    let hotline: String
    let hours: String
    let text: ModuleTexts
    let part: HomePart

    init(
        name: String, hotline: String, hours: String,
        text: ModuleTexts = ModuleTexts(ClinicHomeModule.texts, source: TextSource()), part: HomePart = .sections
    ) {
        self.name = name
        self.hotline = hotline
        self.hours = hours
        self.text = text
        self.part = part
    }

    /// This home's flow for one of its sections.
    private func section(_ part: HomePart) -> ClinicHomeFlow {
        ClinicHomeFlow(name: name, hotline: hotline, hours: hours, text: text, part: part)
    }

    func navigate(to step: HomeStep) -> Navigation<HomeStep, HomeExit> {
        switch step {
        case .start where part == .sections:
            return sections(selected: "test")
        case .start where part == .test:
            return .show(
                Screen(
                    id: "test", title: text["test.title"], body: [text["test.body"]],
                    actions: [
                        ScreenAction(text["test.start"], .startTest),
                        ScreenAction(text["signOut"], .signOut, role: .cancel),
                    ]))
        case .start where part == .kept:
            return .show(keptList)
        case .showKept(let result, let patient):
            // The tab a cold start opens: the list, the result pushed over
            // it, Back to the list.
            return .multiple(.show(keptList), .show(keptResult(result, patient)))
        case .start:
            return .show(
                Screen(
                    id: "help", title: text["help.title"],
                    body: [text["help.body", ["hotline": hotline, "hours": hours]]], actions: []))
        case .startTest:
            return .end(.startTest)
        case .signOut:
            return .end(.signOut)
        case .openKept(let result, let patient):
            // Over every section, from wherever the person is: a second
            // notice opened while one shows replaces it.
            return .show(keptResult(result, patient), as: .modal)
        case .startAtKept(let result, let patient):
            // At a cold start nothing is shown for a sheet to cover: the
            // home opens at the kept tab, the result on its stack, as a
            // notification opens a tab and its item.
            return sections(selected: "kept", kept: .showKept(result: result, patient: patient))
        case .closeKept where part == .kept:
            return .pop
        case .closeKept:
            return .dismiss
        }
    }

    /// The three sections side by side, `selected` up, the kept tab
    /// started at `kept`.
    private func sections(selected: String, kept: HomeStep = .start) -> Navigation<HomeStep, HomeExit> {
        // A section leaves the home as it asks: the home ends the same way.
        let leave: @Sendable (HomeExit) -> HomeStep = { $0 == .startTest ? .startTest : .signOut }
        func tab(_ name: String, _ part: HomePart, _ first: HomeStep = .start) -> Section<HomeStep> {
            Section(name, label: text["tabs.\(name)"], flow: section(part), with: OneStepper(first), onExit: leave)
        }
        return .sections([tab("test", .test), tab("kept", .kept, kept), tab("help", .help)], selected: selected)
    }

    /// The kept tab's screen.
    private var keptList: Screen<HomeStep> {
        Screen(id: "kept", title: text["kept.title"], body: [text["kept.body"]], actions: [])
    }

    /// The kept result a notice opens.
    private func keptResult(_ result: String, _ patient: String) -> Screen<HomeStep> {
        Screen(
            id: "kept-result", title: text["keptResult.title"],
            body: [text["keptResult.body", ["result": result, "patient": patient]]],
            actions: [ScreenAction(text["keptResult.close"], .closeKept, role: .back)])
    }
}
