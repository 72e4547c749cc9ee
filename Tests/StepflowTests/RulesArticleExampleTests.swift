import Stepflow
import StepflowTesting
import Testing

// The flow and the test of the article "The rules the engine keeps"
// (Sources/Stepflow/Stepflow.docc/TheRulesTheEngineKeeps.md), line for
// line: .ci/snippets checks the article's code is here, so what the
// article shows compiles and does what it says.

enum ConsentStep: Step { case ask, accepted, declined }
enum ConsentExit: Step { case granted, refused }

final class ConsentFlow: Flow {
    var name: String { "consent" }

    func navigate(to step: ConsentStep) -> Navigation<ConsentStep, ConsentExit> {
        switch step {
        case .ask:
            .show(
                Screen(
                    id: "ask", title: "Privacy", body: ["May we keep your result?"],
                    actions: [
                        ScreenAction("Accept", .accepted),
                        ScreenAction("Decline", .declined, role: .cancel),
                    ]))
        case .accepted: .end(.granted)
        case .declined: .end(.refused)
        }
    }
}

@Suite("The rules article's example")
struct RulesArticleExampleTests {
    /// The article's "Testing a flow", as it is written there.
    @Test func theArticlesTestOfTheConsentFlowPasses() {
        let navigator = RecordingNavigator()
        let coordinator = Coordinator(navigator: navigator)
        coordinator.coordinate(flow: ConsentFlow(), with: OneStepper(.ask))
        coordinator.waitUntilIdle()
        coordinator.select(actionLabeled: "Accept", on: navigator.topScreen!)
        coordinator.waitUntilIdle()
        #expect(navigator.presentedScreens == ["consent/ask"])
        #expect(navigator.topScreen == nil, "accepting ends the flow, and its screen goes")
    }

    @Test func theConsentFlowEndsWithGrantedWhenAccepted() throws {
        let navigator = RecordingNavigator()
        let coordinator = Coordinator(navigator: navigator)
        let events = EventRecorder(observing: coordinator)
        coordinator.coordinate(flow: ConsentFlow(), with: OneStepper(.ask))
        coordinator.waitUntilIdle()
        coordinator.select(actionLabeled: "Accept", on: try #require(navigator.topScreen))
        coordinator.waitUntilIdle()

        #expect(navigator.presentedScreens == ["consent/ask"])
        #expect(events.lines.last == "coordination ended with consent.granted")
    }

    @Test func aParentRoutesTheConsentExitsIntoItsOwnSteps() {
        enum AppStep: Step { case start, begin, quit }
        final class AppFlow: Flow {
            func navigate(to step: AppStep) -> Navigation<AppStep, Never> {
                switch step {
                case .start: .start(ConsentFlow(), with: OneStepper(.ask), onExit: { $0 == .granted ? .begin : .quit })
                case .begin: .show(Screen(id: "begin", title: "Begin"))
                case .quit: .none
                }
            }
        }
        let navigator = RecordingNavigator()
        let coordinator = Coordinator(navigator: navigator)
        coordinator.coordinate(flow: AppFlow(), with: OneStepper(.start))
        coordinator.waitUntilIdle()
        coordinator.select(actionLabeled: "Decline", on: navigator.topScreen!)  // the consent screen
        coordinator.waitUntilIdle()

        #expect(navigator.presentedScreens == ["consent/ask"])
        #expect(navigator.state.flows.values.map(\.info.name) == ["AppFlow"], "the default name is the type's")
        #expect(navigator.topScreen == nil)
    }
}
