import Dispatch
import Stepflow
import StepflowGraph
import StepflowPresentation
import StepflowSwiftUI
import StepflowTesting
import StepflowUIKit
import Testing

@Suite("A UI over sections follows the engine")
struct SectionPresentationTests {
    @Test func everyTransitionAndGestureOfTheSectionedHomeKeepsTheUIOnTheEngine() {
        let proof = PresentationProof(proving: SectionedHome.flow(), from: .start)
        #expect(proof.holds, "\(proof)")
        print("PRESENTATION sectioned home: \(proof)")
    }
}

@Suite("Tabs through the UIKit and SwiftUI adapters' Linux doubles")
@MainActor
struct SectionAdapterTests {
    @Test func theUIKitHostKeepsAControllerPerTabAndFollowsTapsSwipesAndSheets() throws {
        let (coordinator, _, _) = SectionTests.start()
        let root = FakeNavigationController()
        var installed: [String] = []
        let host = NavigationControllerHost(
            root: root, makeController: { FakeNavigationController() }, makePage: { "\($0.qualifiedID)" },
            onTabs: { change in
                switch change {
                case .show(let layer, let tabs, let labels, let selected):
                    installed.append("show \(layer) \(labels.joined(separator: "|")) \(tabs.count) \(selected)")
                case .select(let layer, let index): installed.append("select \(layer) \(index)")
                case .remove(let layer): installed.append("remove \(layer)")
                }
            })
        let driver = PresentationDriver(host: host)
        /// What the host shows: per tab, its controller's pages; the modal's.
        func render() throws {
            driver.show(PresentationTree(coordinator.currentState))
            let bar = try #require(driver.tree.layers.first?.sections.first)
            let tabs = try #require(host.tabs[0])
            #expect(tabs.selected == bar.selected)
            for (index, tab) in bar.tabs.enumerated() {
                #expect(tabs.controllers[index].pages == tab.screens.map(\.qualifiedID), "tab \(tab.name)")
            }
            #expect(host.controllers.count == driver.tree.layers.count)
        }
        try render()
        #expect(installed == ["show 0 Test a patient|Kept results|Help 3 0"])
        try SectionTests.choose("Next", coordinator)
        try render()
        // The person taps the kept results' tab: the UI moved itself, the engine follows.
        let tap = UserMove.selected(section: "kept", of: try SectionTests.home(coordinator.currentState).info)
        #expect(driver.userMoved(tap, coordinator: coordinator))
        coordinator.waitUntilIdle()
        #expect(driver.show(PresentationTree(coordinator.currentState)).isEmpty, "the engine did what the tab bar did")
        #expect(coordinator.currentState.topScreen?.qualifiedID == "kept/list")
        try SectionTests.choose("Open P-1024", coordinator)
        try render()
        // Back to the test by a tap: its stack is as it was, read on top.
        #expect(
            driver.userMoved(
                .selected(section: "test", of: try SectionTests.home(coordinator.currentState).info),
                coordinator: coordinator))
        coordinator.waitUntilIdle()
        try render()
        #expect(host.visibleController(onLayer: 0).pages == ["test/scan", "test/read"])
        // A back swipe inside the test tab: UIKit pops its own controller only.
        host.visibleController(onLayer: 0).popToPage("test/scan", animated: true)
        #expect(driver.userPopped(toCount: 1, coordinator: coordinator))
        coordinator.waitUntilIdle()
        try render()
        #expect(coordinator.currentState.topScreen?.qualifiedID == "test/scan")
        #expect(host.tabs[0]?.controllers[1].pages == ["kept/list", "kept/detail"])
        // A notice over the sections comes as a sheet from the selected tab; no tab can be tapped meanwhile.
        _ = driver.userMoved(
            .selected(section: "help", of: try SectionTests.home(coordinator.currentState).info),
            coordinator: coordinator)
        coordinator.waitUntilIdle()
        try SectionTests.choose("Show notice", coordinator)
        try render()
        #expect(host.tabs[0]?.controllers[2].shown == [["help/faq"], ["home/notice"]])
        #expect(
            !driver.userMoved(
                .selected(section: "kept", of: try SectionTests.home(coordinator.currentState).info),
                coordinator: coordinator))
        try SectionTests.choose("OK", coordinator)
        try render()
        #expect(host.controllers.count == 1)
        #expect(installed.last == "select 0 2")
    }

    @Test func theSwiftUIStoreBindsTheTabSelectionAndEachTabsPath() throws {
        let (coordinator, _, _) = SectionTests.start()
        let store = NavigationStore()
        store.coordinator = coordinator
        store.show(PresentationTree(coordinator.currentState))
        #expect(store.sectionBar?.tabs.map(\.name) == ["test", "kept", "help"])
        #expect(store.selectedSection == "test")
        try SectionTests.choose("Next", coordinator)
        store.show(PresentationTree(coordinator.currentState))
        #expect(store.sectionPath(0).map(\.qualifiedID) == ["test/read"])
        // The TabView's selection set by a tap: shown at once, the engine told.
        store.selectedSection = "kept"
        #expect(store.selectedSection == "kept")
        coordinator.waitUntilIdle()
        #expect(coordinator.currentState.topScreen?.qualifiedID == "kept/list")
        store.show(PresentationTree(coordinator.currentState))
        store.selectedSection = "test"
        coordinator.waitUntilIdle()
        store.show(PresentationTree(coordinator.currentState))
        // A back swipe in the test tab's NavigationStack.
        store.setSectionPath(0, [])
        coordinator.waitUntilIdle()
        #expect(coordinator.currentState.topScreen?.qualifiedID == "test/scan")
    }
}
