import Stepflow
import StepflowTesting
import Testing

// The flow and the test of the article "The rules the engine keeps"
// (Sources/Stepflow/Stepflow.docc/TheRulesTheEngineKeeps.md), line for
// line: .ci/snippets checks that the article's code is here, so what the
// article shows compiles and passes.

/// The article's names, kept apart from the other tests' consent flows.
enum TheRulesArticle {
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
}

@Suite("The articles' code")
struct ArticleSnippetTests {
    typealias ConsentFlow = TheRulesArticle.ConsentFlow

    @Test func theConsentFlowOfTheArticleShowsItsScreenAndEndsWhenAccepted() throws {
        let navigator = RecordingNavigator()
        let coordinator = Coordinator(navigator: navigator)
        coordinator.coordinate(flow: ConsentFlow(), with: OneStepper(.ask))
        coordinator.waitUntilIdle()
        coordinator.select(actionLabeled: "Accept", on: navigator.topScreen!)
        coordinator.waitUntilIdle()
        #expect(navigator.presentedScreens == ["consent/ask"])
        #expect(navigator.topScreen == nil, "accepting ends the flow, and its screen goes")
    }
}
