import Dispatch
import Stepflow
import StepflowTesting
import Testing

/// The module guide's tabs: a news tab that never ends, labelled by a
/// module text, and a settings tab that asks its owner to show a notice
/// over the tabs without ending.
enum About {
    static let texts = [TextSpec("tabs.news", "News"), TextSpec("tabs.settings", "Settings")]

    enum NewsStep: Step { case start }
    final class NewsFlow: Flow {
        let name = "about"
        func navigate(to step: NewsStep) -> Navigation<NewsStep, Never> {
            .show(Screen(id: "news", title: "News", actions: []), as: .replace)
        }
    }

    enum SettingsStep: Step { case start, askOwner }
    enum SettingsExit: ModuleExit { case showNotice }
    final class SettingsFlow: Flow {
        let name = "about"
        func navigate(to step: SettingsStep) -> Navigation<SettingsStep, SettingsExit> {
            switch step {
            case .start:
                .show(
                    Screen(id: "settings", title: "Settings", actions: [ScreenAction("Show notice", .askOwner)]),
                    as: .replace)
            // The tab asks its owner to act, and goes on running.
            case .askOwner: .forwardToParent(.showNotice)
            }
        }
    }

    enum AboutStep: Step { case start, showNotice, closeNotice }
    final class AboutFlow: Flow {
        let name = "about"
        let text = ModuleTexts(About.texts, source: TextSource())
        func navigate(to step: AboutStep) -> Navigation<AboutStep, Never> {
            switch step {
            case .start:
                .sections([
                    Section("news", label: text["tabs.news"], flow: NewsFlow(), with: OneStepper(.start)),
                    Section(
                        "settings", label: text["tabs.settings"], flow: SettingsFlow(), with: OneStepper(.start),
                        onExit: { _ in .showNotice }),
                ])
            case .showNotice:
                .show(
                    Screen(id: "notice", title: "Notice", actions: [ScreenAction("OK", .closeNotice, role: .back)]),
                    as: .modal)
            case .closeNotice: .dismiss
            }
        }
    }
}

@Suite("Tabs and their owner")
struct TabOwnerTests {
    @Test func aTabAsksItsOwnerToActWithoutEnding() throws {
        let coordinator = Coordinator(queue: DispatchQueue(label: "test.tabs"), navigator: RecordingNavigator())
        coordinator.coordinate(flow: About.AboutFlow(), with: OneStepper(.start))
        coordinator.waitUntilIdle()
        let owner = try #require(coordinator.currentState.flows.values.first { !$0.sections.isEmpty })
        #expect(owner.sections.map(\.label) == ["News", "Settings"])
        #expect(owner.sections.map(\.labelKey) == ["tabs.news", "tabs.settings"])
        coordinator.select(section: "settings", of: owner.info)
        coordinator.waitUntilIdle()
        let settings = try #require(coordinator.currentState.topScreen)
        #expect(settings.screenID == "settings")
        coordinator.select(action: 0, on: settings)
        coordinator.waitUntilIdle()
        #expect(coordinator.currentState.topScreen?.screenID == "notice")
        let notice = try #require(coordinator.currentState.topScreen)
        coordinator.select(action: 0, on: notice)
        coordinator.waitUntilIdle()
        // The tab still runs, its screen as it was.
        #expect(coordinator.currentState.topScreen?.screenID == "settings")
    }
}
