import Stepflow
import StepflowManifest
import StepflowPresentation
import StepflowTesting
import StepflowUIKit
import SymptomApp
import Testing

/// This team's stand-in for `UINavigationController` on Linux: its stack
/// and the controller it presents (UIKit presents over a controller that
/// presents nothing).
@MainActor
final class TestNavigationController: NavigationControllerLike {
    private(set) var pages: [String] = []
    private(set) var presented: TestNavigationController?

    func setPages(_ pages: [String], animated: Bool) { self.pages = pages }
    func pushPage(_ page: String, animated: Bool) { pages.append(page) }
    func popToPage(_ page: String, animated: Bool) {
        guard let index = pages.lastIndex(of: page) else { return }
        pages.removeSubrange((index + 1)...)
    }
    func presentModally(_ other: TestNavigationController, animated: Bool) {
        precondition(presented == nil, "UIKit presents over a controller that presents nothing")
        presented = other
    }
    func dismissPresented(animated: Bool) { presented = nil }

    /// A back swipe that finished: UIKit has already popped.
    func swipeBack() { pages.removeLast() }

    /// Each stack shown: this one's, then each presented one's.
    var shown: [[String]] { [pages] + (presented?.shown ?? []) }
}

/// The view factory of the guide "Putting a variant on screen": a page per
/// module instance and screen id, a default page for the rest.
@MainActor
struct ViewFactory {
    var pages: [String: (PresentationTree.Screen) -> String] = [
        "symptoms/breathing": { "BreathingQuestionPage(\($0.title))" },
        "symptoms/seek-care": { "SeekCarePage(\($0.title))" },
    ]

    func page(for screen: PresentationTree.Screen) -> String {
        (pages[screen.qualifiedID] ?? { "Page(\($0.qualifiedID))" })(screen)
    }
}

@Suite("The symptom-check app on screen")
@MainActor
struct OnScreenTests {
    static func manifest() throws -> Manifest {
        try ManifestLoader(registry: SymptomApp.registry, services: SymptomApp.services).load(path: manifestPath)
    }

    @Test func theUICannotDriftFromTheEngineOverEveryTransitionOfTheVariant() throws {
        let root = RootFlow(
            manifest: try Self.manifest(), registry: SymptomApp.registry,
            environment: ModuleEnvironment(clock: IdleClock(), services: SymptomApp.services))
        let proof = PresentationProof(proving: root, from: .start)
        #expect(proof.holds, "\(proof)")
        #expect(proof.transitions > 20 && proof.backGestures > 5)
        print("PRESENTATION covid-antigen-symptoms: \(proof)")
    }

    @Test func theViewFactoryDrivesANavigationControllerThroughTheVariantAndABackSwipe() throws {
        // The engine on its own queue, as in an app (there: .main, and
        // MainActorNavigator hands each tree to the driver).
        let coordinator = Coordinator(savesNavigationOn: ManualClock())
        coordinator.coordinate(
            flow: RootFlow(
                manifest: try Self.manifest(), registry: SymptomApp.registry,
                environment: ModuleEnvironment(clock: IdleClock(), services: SymptomApp.services)),
            with: OneStepper(RootStep.start))
        coordinator.waitUntilIdle()
        let factory = ViewFactory()
        let controller = TestNavigationController()
        let driver = PresentationDriver(
            host: NavigationControllerHost(
                root: controller, makeController: { TestNavigationController() }, makePage: factory.page(for:)))
        func engine() -> PresentationTree { PresentationTree(coordinator.currentState) }
        /// What the controllers show is the engine's tree, page for page.
        func render() {
            driver.show(engine())
            #expect(controller.shown == engine().layers.map { $0.screens.map(factory.page(for:)) })
        }
        func choose(_ label: String) throws {
            let top = try #require(coordinator.currentState.topScreen)
            coordinator.select(actionLabeled: label, on: top)
            coordinator.waitUntilIdle()
            render()
        }
        render()
        for label in ["Get started", "Next", "I agree", "Next", "Yes"] { try choose(label) }
        #expect(coordinator.currentState.topScreen?.qualifiedID == "symptoms/breathing")
        #expect(controller.pages.last == "BreathingQuestionPage(Your breathing)")
        // The person swipes back: UIKit pops, the driver tells the engine,
        // and the engine lands where the UI already is.
        #expect(driver.tree.canGoBack)
        controller.swipeBack()
        #expect(driver.userPopped(toCount: controller.pages.count, coordinator: coordinator))
        coordinator.waitUntilIdle()
        #expect(coordinator.currentState.topScreen?.qualifiedID == "symptoms/symptoms")
        #expect(PresentationUpdate(from: driver.tree, to: engine()).isEmpty)
        // A swipe cancelled half-way changes nothing, and tells nothing.
        #expect(!driver.userPopped(toCount: controller.pages.count, coordinator: coordinator))
        for label in ["Yes", "Yes", "Yes"] { try choose(label) }
        // The factory's own page for the advice screen, made from the screen the engine shows.
        let advice = try #require(engine().top)
        #expect(advice.qualifiedID == "symptoms/seek-care")
        #expect(controller.pages.last == factory.page(for: advice))
    }
}
