import Stepflow

/// A professional's home after sign-in, as sections side by side: test a
/// patient (three pushed screens, the last of which ends the section),
/// kept results (a list and a pushed detail), help (one screen that asks
/// the home for a notice). The home opens the kept results for a link,
/// and shows a notice modally over every section.
enum SectionedHome {
    enum Step: Stepflow.Step {
        case start, openKept, notice, noticeRead, testFinished
    }

    enum TabStep: Stepflow.Step {
        case start, next, pop, finish, notice
    }

    enum TabExit: Stepflow.Step {
        case finished, notice
    }

    /// The home.
    static func flow() -> HomeFlow {
        HomeFlow()
    }

    final class HomeFlow: Flow {
        var name: String { "home" }

        func navigate(to step: Step) -> Navigation<Step, Never> {
            switch step {
            case .start:
                .sections(
                    [
                        Section("test", label: "Test a patient", flow: TestSection(), with: OneStepper(.start)) {
                            exit in exit == .finished ? .testFinished : .notice
                        },
                        Section("kept", label: "Kept results", flow: KeptSection(), with: OneStepper(.start)) { _ in
                            .testFinished
                        },
                        Section("help", label: "Help", flow: HelpSection(), with: OneStepper(.start)) { _ in .notice },
                    ], selected: "test")
            case .openKept: .select("kept")
            case .notice:
                .show(
                    Screen(id: "notice", title: "Notice", actions: [ScreenAction("OK", .noticeRead, role: .back)]),
                    as: .modal)
            case .noticeRead: .dismiss
            case .testFinished: .none
            }
        }
    }

    /// Three screens pushed one after another; the third ends the section.
    final class TestSection: Flow {
        var name: String { "test" }

        func navigate(to step: TabStep) -> Navigation<TabStep, TabExit> {
            switch step {
            case .start: .show(Screen(id: "scan", title: "Scan", actions: [ScreenAction("Next", .next)]))
            case .next:
                .show(
                    Screen(
                        id: "read", title: "Read",
                        actions: [ScreenAction("Back", .pop, role: .back), ScreenAction("Finish", .finish)]))
            case .pop: .pop
            case .finish: .end(.finished)
            case .notice: .forwardToParent(.notice)
            }
        }
    }

    /// A list and a detail pushed over it.
    final class KeptSection: Flow {
        var name: String { "kept" }

        func navigate(to step: TabStep) -> Navigation<TabStep, TabExit> {
            switch step {
            case .start:
                .show(Screen(id: "list", title: "Kept results", actions: [ScreenAction("Open P-1024", .next)]))
            case .next:
                .show(
                    Screen(
                        id: "detail", title: "P-1024",
                        actions: [ScreenAction("Back", .pop, role: .back), ScreenAction("Sent", .finish)]))
            case .pop: .pop
            case .finish: .end(.finished)
            case .notice: .none
            }
        }
    }

    /// One screen that asks the home for a notice.
    final class HelpSection: Flow {
        var name: String { "help" }

        func navigate(to step: TabStep) -> Navigation<TabStep, TabExit> {
            switch step {
            case .start: .show(Screen(id: "faq", title: "Help", actions: [ScreenAction("Show notice", .notice)]))
            case .notice: .forwardToParent(.notice)
            default: .none
            }
        }
    }
}
