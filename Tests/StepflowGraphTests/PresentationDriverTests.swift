import BundledFixtures
import BundledModules
import Dispatch
import Stepflow
import StepflowManifest
import StepflowPresentation
import StepflowSwiftUI
import StepflowTesting
import StepflowUIKit
import Testing

/// A navigation controller as the UIKit host drives it, on Linux: its
/// stack, and the controller it presents. Not final, as
/// `UINavigationController` is not.
@MainActor
class FakeNavigationController: NavigationControllerLike {
    var pages: [String] = []
    private(set) var presented: FakeNavigationController?
    private(set) var calls: [String] = []

    func setPages(_ pages: [String], animated: Bool) {
        self.pages = pages
        calls.append("set \(pages.count)")
    }
    func pushPage(_ page: String, animated: Bool) {
        pages.append(page)
        calls.append("push")
    }
    func popToPage(_ page: String, animated: Bool) {
        guard let index = pages.lastIndex(of: page) else { return }
        pages.removeSubrange((index + 1)...)
        calls.append("pop")
    }
    func presentModally(_ other: FakeNavigationController, animated: Bool) {
        precondition(presented == nil, "UIKit presents over a controller that presents nothing")
        presented = other
        calls.append("present")
    }
    func dismissPresented(animated: Bool) {
        presented = nil
        calls.append("dismiss")
    }

    /// The stacks shown: this one's, then each presented one's.
    var shown: [[String]] { [pages] + (presented?.shown ?? []) }
}

/// The guide's view factory: a page per module instance and screen id,
/// a default page for the rest.
@MainActor
struct ViewFactory {
    var pages: [String: (PresentationTree.Screen) -> String] = [
        "test/timer": { "TimerPage(\($0.title))" }
    ]

    func page(for screen: PresentationTree.Screen) -> String {
        (pages[screen.qualifiedID] ?? { "Page(\($0.qualifiedID))" })(screen) + "#\(screen.id.rawValue)"
    }
}

@Suite("The UIKit and SwiftUI adapters, through their Linux test doubles")
@MainActor
struct PresentationDriverTests {
    /// A live coordinator of `name`, started.
    static func start(_ name: String) throws -> Coordinator {
        let coordinator = Coordinator(savesNavigationOn: ManualClock())
        coordinator.coordinate(
            flow: RootFlow(
                manifest: try BundledManifests.load(name), registry: BundledModules.registry,
                environment: ModuleEnvironment(clock: IdleClock())),
            with: OneStepper(RootStep.start))
        coordinator.waitUntilIdle()
        return coordinator
    }

    static func choose(_ label: String, _ coordinator: Coordinator, entering: [String: String] = [:]) throws {
        let top = try #require(coordinator.currentState.topScreen)
        let index = try #require(top.actions.firstIndex { $0.label == label }, "\(label) on \(top.qualifiedID)")
        coordinator.select(action: index, on: top, entering: entering)
        coordinator.waitUntilIdle()
    }

    @Test func aViewFactoryDrivesNavigationControllersThroughAVariantSwipesAndSheetsIncluded() throws {
        let coordinator = try Self.start("covid-antigen-clinic")
        let factory = ViewFactory()
        let root = FakeNavigationController()
        let host = NavigationControllerHost(
            root: root, makeController: { FakeNavigationController() }, makePage: factory.page(for:))
        let driver = PresentationDriver(host: host)
        func render() {
            driver.show(PresentationTree(coordinator.currentState, questions: coordinator.waitingAnswers))
            // The home's tabs are the app's tab bar controller's (the
            // sections' tests check them): the root stack is checked
            // before and after them.
            guard driver.tree.layers.allSatisfy({ $0.sections.isEmpty }) else { return }
            let expected = driver.tree.layers.map { $0.screens.map(factory.page(for:)) }
            #expect(root.shown == (expected.isEmpty ? [[]] : expected), "\(root.calls)")
        }
        render()
        for label in [
            "Sign in", "Sign in (password accepted)", "Mobile unit", "I acknowledge", "Start a test",
            "Type the patient id",
        ] {
            try Self.choose(label, coordinator)
            render()
        }
        try Self.choose("Look up", coordinator, entering: ["patientID": "P-9999"])
        render()
        // The records are asked: busy, and no back gesture meanwhile.
        #expect(driver.tree.busy?.question == "patient-lookup")
        #expect(!driver.tree.canGoBack)
        #expect(coordinator.answer("patient-lookup", with: "notFound"))
        coordinator.waitUntilIdle()
        render()
        #expect(driver.tree.busy == nil)
        #expect(driver.tree.layers.count == 2, "no patient: a sheet")
        // The person drags the sheet away: the toolkit dismissed it itself.
        root.dismissPresented(animated: true)
        #expect(driver.userDismissedTopLayer(coordinator: coordinator))
        coordinator.waitUntilIdle()
        let update = driver.show(PresentationTree(coordinator.currentState))
        #expect(update.isEmpty, "the engine followed: nothing more to do")
        #expect(root.shown == driver.tree.layers.map { $0.screens.map(factory.page(for:)) })
        #expect(coordinator.currentState.topScreen?.qualifiedID == "intake/type-id")
        // A back swipe: UIKit popped one page itself.
        let before = root.pages.count
        root.popToPage(root.pages[before - 2], animated: true)
        #expect(driver.userPopped(toCount: before - 1, coordinator: coordinator))
        coordinator.waitUntilIdle()
        #expect(driver.show(PresentationTree(coordinator.currentState)).isEmpty)
        #expect(coordinator.currentState.topScreen?.qualifiedID == "intake/identify")
        // A cancelled swipe changed nothing, and reports nothing.
        #expect(!driver.userPopped(toCount: root.pages.count, coordinator: coordinator))
    }

    /// A page taps an action on the screen it was drawn from: the tree's
    /// screen, not the engine's; a screen the engine no longer presents
    /// is not tapped.
    @Test func aPageTapsAnActionOnTheTreesScreen() throws {
        let coordinator = try Self.start("covid-antigen-clinic")
        for label in ["Sign in", "Sign in (password accepted)", "Mobile unit", "I acknowledge", "Start a test"] {
            try Self.choose(label, coordinator)
        }
        try Self.choose("Type the patient id", coordinator)
        let drawn = try #require(PresentationTree(coordinator.currentState).top)
        #expect(drawn.qualifiedID == "intake/type-id")
        let lookUp = try #require(drawn.actions.firstIndex { $0.label == "Look up" })
        #expect(coordinator.select(action: lookUp, on: drawn, entering: ["patientID": "P-2001"]))
        coordinator.waitUntilIdle()
        #expect(coordinator.waitingAnswers.first?.source == "patient-lookup")
        #expect(coordinator.answer("patient-lookup", with: "found"))
        coordinator.waitUntilIdle()
        #expect(coordinator.currentState.topScreen?.qualifiedID == "intake/confirm")
        // A page under another: the engine drops the tap, as from a covered screen.
        coordinator.select(action: lookUp, on: drawn, entering: ["patientID": "P-1024"])
        coordinator.waitUntilIdle()
        #expect(coordinator.currentState.topScreen?.qualifiedID == "intake/confirm")
        #expect(coordinator.waitingAnswers.isEmpty)
        // The page of a screen that has gone: nothing is chosen.
        try Self.choose("Details are wrong", coordinator)
        try Self.choose("Back", coordinator)
        #expect(coordinator.currentState.topScreen?.qualifiedID == "intake/identify")
        #expect(!coordinator.select(action: lookUp, on: drawn))
    }

    @Test func aNavigatorHandsEachRenderToTheMainActorInOrder() async throws {
        var delivered: [String] = []
        let (stream, continuation) = AsyncStream.makeStream(of: PresentationTree.self)
        let navigator = MainActorNavigator { continuation.yield($0) }
        let coordinator = Coordinator(queue: DispatchQueue(label: "test.presentation"), navigator: navigator)
        coordinator.coordinate(
            flow: RootFlow(
                manifest: try BundledManifests.load("covid-antigen-home"), registry: BundledModules.registry,
                environment: ModuleEnvironment(clock: IdleClock())),
            with: OneStepper(RootStep.start))
        coordinator.waitUntilIdle()
        try Self.choose("Get started", coordinator)
        for await tree in stream {
            // Renders without a screen come first (the flows starting).
            if let top = tree.top?.qualifiedID, delivered.last != top { delivered.append(top) }
            if tree.top?.qualifiedID == "onboarding/how-it-works-1" || delivered.count > 5 { break }
        }
        #expect(delivered == ["onboarding/welcome", "onboarding/how-it-works-1"])
    }

    @Test func theSwiftUIStoreBindsAPathAndTellsTheEngineOfASwipe() throws {
        let coordinator = try Self.start("covid-antigen-home")
        let store = NavigationStore()
        store.coordinator = coordinator
        for label in ["Get started", "Next"] { try Self.choose(label, coordinator) }
        store.show(PresentationTree(coordinator.currentState))
        #expect(store.root?.qualifiedID == "onboarding/welcome")
        #expect(store.path.map(\.qualifiedID) == ["onboarding/how-it-works-1", "onboarding/how-it-works-2"])
        // NavigationStack sets the path one shorter after a back swipe.
        store.path = Array(store.path.dropLast())
        coordinator.waitUntilIdle()
        #expect(coordinator.currentState.topScreen?.qualifiedID == "onboarding/how-it-works-1")
        #expect(PresentationUpdate(from: store.tree, to: PresentationTree(coordinator.currentState)).isEmpty)
        // A path set longer is not the person's to make: ignored.
        let shown = store.tree
        store.path = store.path + store.path
        #expect(store.tree == shown)
    }
}
