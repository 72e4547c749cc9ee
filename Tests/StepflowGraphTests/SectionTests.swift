import Dispatch
import Stepflow
import StepflowGraph
import StepflowPresentation
import StepflowSwiftUI
import StepflowTesting
import StepflowUIKit
import Testing

@Suite("Sections side by side (tabs)")
struct SectionTests {
    typealias Home = SectionedHome

    /// A live home, each section showing its first screen.
    static func start(clock: ManualClock? = nil) -> (Coordinator, RecordingNavigator, EventRecorder) {
        let navigator = RecordingNavigator()
        let coordinator = Coordinator(
            queue: DispatchQueue(label: "test.sections"), navigator: navigator, savesNavigationOn: clock)
        let events = EventRecorder(observing: coordinator)
        coordinator.coordinate(flow: Home.flow(), with: OneStepper(.start))
        coordinator.waitUntilIdle()
        return (coordinator, navigator, events)
    }

    static func home(_ state: NavigationState) throws -> FlowState {
        try #require(state.flows.values.first { $0.info.name == "home" })
    }

    static func choose(_ label: String, _ coordinator: Coordinator) throws {
        let top = try #require(coordinator.currentState.topScreen)
        let index = try #require(top.actions.firstIndex { $0.label == label }, "\(label) on \(top.qualifiedID)")
        coordinator.select(action: index, on: top)
        coordinator.waitUntilIdle()
    }

    static func select(_ section: String, _ coordinator: Coordinator) throws {
        coordinator.select(section: section, of: try home(coordinator.currentState).info)
        coordinator.waitUntilIdle()
    }

    @Test func eachSectionKeepsItsStackAndBackActsWithinTheSelectedOne() throws {
        let (coordinator, navigator, events) = Self.start()
        var state = coordinator.currentState
        #expect(try Self.home(state).sections.map(\.name) == ["test", "kept", "help"])
        #expect(try Self.home(state).selected?.name == "test")
        // Every section's flow showed its first screen; only the selected one is on top.
        #expect(state.topScreen?.qualifiedID == "test/scan")
        #expect(Set(state.shownScreens.map(\.qualifiedID)) == ["test/scan", "kept/list", "help/faq"])
        try Self.choose("Next", coordinator)
        #expect(coordinator.currentState.topScreen?.qualifiedID == "test/read")
        // Kept results: its own stack, pushed to the detail.
        try Self.select("kept", coordinator)
        #expect(coordinator.currentState.topScreen?.qualifiedID == "kept/list")
        #expect(events.lines.last == "selected section kept of home")
        try Self.choose("Open P-1024", coordinator)
        // Back to the test: its stack is as it was left.
        try Self.select("test", coordinator)
        state = coordinator.currentState
        #expect(state.topScreen?.qualifiedID == "test/read")
        #expect(
            navigator.state.flows.values.first { $0.info.name == "kept" }?.stack.map(\.screenID) == ["list", "detail"])
        // Back acts within the selected section: kept's detail stays.
        try Self.choose("Back", coordinator)
        #expect(coordinator.currentState.topScreen?.qualifiedID == "test/scan")
        try Self.select("kept", coordinator)
        #expect(coordinator.currentState.topScreen?.qualifiedID == "kept/detail")
        // The renders said which section was selected, as a change.
        let selections = navigator.renders.flatMap(\.changes).compactMap { change -> String? in
            if case .sectionSelected(_, let section) = change { return section }
            return nil
        }
        #expect(selections == ["kept", "test", "kept"])
    }

    @Test func aHiddenSectionsActionsAreDroppedAndTheBarCannotBeUsedUnderAModal() throws {
        let (coordinator, _, events) = Self.start()
        let scan = try #require(coordinator.currentState.topScreen)
        try Self.select("help", coordinator)
        // The test section is hidden: its screen's action is dropped, with the reason.
        coordinator.select(action: 0, on: scan)
        coordinator.waitUntilIdle()
        #expect(events.droppedSteps.last?.step == "test.next")
        #expect(coordinator.currentState.topScreen?.qualifiedID == "help/faq")
        // The home shows a notice modally over the sections: the bar is covered.
        try Self.choose("Show notice", coordinator)
        let state = coordinator.currentState
        #expect(state.topScreen?.qualifiedID == "home/notice")
        #expect(!state.canSelectSection(of: try Self.home(state).info.id))
        try Self.select("kept", coordinator)
        #expect(events.droppedSteps.last?.step == "home.select kept")
        #expect(
            events.droppedSteps.last?.reason
                == .sectionsCovered(flow: "home", section: "kept", topScreen: "home/notice"))
        #expect(coordinator.currentState.topScreen?.qualifiedID == "home/notice")
        // A section it does not have is named with those it has.
        try Self.select("settings", coordinator)
        #expect(
            events.droppedSteps.last?.reason
                == .noSuchSection(flow: "home", section: "settings", sections: ["test", "kept", "help"]))
        // Once the notice is read, the help section is back and the bar usable.
        try Self.choose("OK", coordinator)
        #expect(coordinator.currentState.topScreen?.qualifiedID == "help/faq")
        try Self.select("kept", coordinator)
        #expect(coordinator.currentState.topScreen?.qualifiedID == "kept/list")
    }

    @Test func aFlowSelectsASectionItselfEvenUnderItsModal() throws {
        let (coordinator, navigator, _) = Self.start()
        try Self.select("help", coordinator)
        try Self.choose("Show notice", coordinator)
        // A link's step: the home selects its kept results itself.
        let home = try Self.home(coordinator.currentState).info
        coordinator.navigate(to: Home.Step.openKept)
        coordinator.waitUntilIdle()
        let state = coordinator.currentState
        #expect(try Self.home(state).selected?.name == "kept")
        // The notice is still over it, newest on top.
        #expect(state.topScreen?.qualifiedID == "home/notice")
        try Self.choose("OK", coordinator)
        #expect(coordinator.currentState.topScreen?.qualifiedID == "kept/list")
        #expect(navigator.state.flows[home.id]?.selected?.name == "kept")
    }

    @Test func aSectionWhoseFlowEndsGoesAndTheFirstLeftIsSelected() throws {
        let (coordinator, navigator, _) = Self.start()
        try Self.select("kept", coordinator)
        try Self.choose("Open P-1024", coordinator)
        try Self.choose("Sent", coordinator)
        let state = coordinator.currentState
        #expect(try Self.home(state).sections.map(\.name) == ["test", "help"])
        #expect(try Self.home(state).selected?.name == "test")
        #expect(state.topScreen?.qualifiedID == "test/scan")
        #expect(
            navigator.renders.last?.changes.contains(.sectionSelected(try Self.home(state).info, section: "test"))
                == true)
    }

    @Test func sectionsThatCannotBeShownAreRejectedBeforeAnyFlowStarts() throws {
        let twice = TestSections(sections: ["a", "a"], selected: "a")
        let unknown = TestSections(sections: ["a", "b"], selected: "c")
        for (flow, reason) in [
            (twice, "sections showed two sections called 'a'. To fix, name each section once."),
            (unknown, "sections selected 'c', which is none of its sections ('a', 'b'). To fix, select one of them."),
        ] {
            let navigator = RecordingNavigator()
            let coordinator = Coordinator(queue: DispatchQueue(label: "test.bad-sections"), navigator: navigator)
            coordinator.coordinate(flow: flow, with: OneStepper(.start))
            coordinator.waitUntilIdle()
            #expect(navigator.renders.flatMap(\.changes).contains(.rejected(reason: reason)))
            #expect(coordinator.currentState.flows.count == 1, "no section's flow was started")
        }
    }

    @Test func aSavedSelectionIsRestoredWithEveryStack() throws {
        let clock = ManualClock()
        let (coordinator, _, _) = Self.start(clock: clock)
        try Self.choose("Next", coordinator)
        try Self.select("kept", coordinator)
        try Self.choose("Open P-1024", coordinator)
        try Self.select("help", coordinator)
        let saved = try #require(coordinator.savedNavigation)
        #expect(saved.entries.contains(.selectSection(flow: 1, name: "home", section: "kept")))
        let restored = Coordinator(
            queue: DispatchQueue(label: "test.restored"), navigator: RecordingNavigator(), savesNavigationOn: clock)
        try restored.restore(saved, flow: Home.flow(), with: OneStepper(.start))
        restored.waitUntilIdle()
        #expect(restored.currentState == coordinator.currentState)
        try Self.select("kept", restored)
        #expect(restored.currentState.topScreen?.qualifiedID == "kept/detail")
    }

    @Test func theExplorerSelectsEverySectionAndEveryStatesWalkReplaysLive() throws {
        let states = GraphExplorer.exploreStates(Home.flow(), with: OneStepper(.start))
        // The sections are explored as components: at most one of test
        // and kept away from its first screen (on the pushed one, or
        // ended), with 3, 2 or 1 sections to select, and the notice over
        // help: 26 states, where their product is 30 (both away from
        // their first screens is left out; which was pushed first is no
        // state of its own).
        #expect(states.states.count == 26)
        let composition = try #require(states.composition)
        #expect(composition.isComposed)
        #expect(composition.skippedInputs > 0)
        #expect(composition.parts.map(\.section) == ["test", "kept", "help"])
        // Nothing of the product's graph is missing but the selections
        // between two sections both away from their first screens: every
        // screen, step and other edge is reached, and every selection
        // leaves and arrives where the product's do.
        var limits = ExplorationLimits.standard
        limits.composesSections = false
        let whole = GraphExplorer.exploreStates(Home.flow(), with: OneStepper(.start), limits: limits)
        #expect(whole.states.count == 30)
        #expect(whole.composition == nil)
        struct Edge: Hashable {
            let from: String, label: String, kind: NavigationGraph.EdgeKind, to: String
        }
        func edges(_ graph: NavigationGraph) -> Set<Edge> {
            Set(
                graph.edges.map {
                    Edge(
                        from: graph.nodes[$0.from].id, label: graph.labels[Int($0.labelIndex)], kind: $0.kind,
                        to: graph.nodes[$0.to].id)
                })
        }
        #expect(Set(states.projection.nodes.map(\.id)) == Set(whole.projection.nodes.map(\.id)))
        let (composed, product) = (edges(states.projection), edges(whole.projection))
        let select = NavigationGraph.EdgeKind.select
        #expect(composed.filter { $0.kind != select } == product.filter { $0.kind != select })
        #expect(composed.isSubset(of: product))
        for edge in product where edge.kind == select {
            let leaves = composed.contains { (other: Edge) in
                other.kind == select && other.from == edge.from && other.label == edge.label
            }
            let arrives = composed.contains { (other: Edge) in
                other.kind == select && other.to == edge.to && other.label == edge.label
            }
            #expect(leaves && arrives, "\(edge)")
        }
        #expect(Set(states.projection.explorationFindings) == Set(whole.projection.explorationFindings))
        let selects = states.transitions.filter {
            if case .select = $0.input.kind { return true }
            return false
        }
        #expect(
            Set(selects.map(\.input.description)) == [
                #"select test ("Test a patient")"#, #"select kept ("Kept results")"#, #"select help ("Help")"#,
            ])
        // No selection is offered under the notice.
        #expect(!selects.contains { $0.input.screen == "home/notice" })
        // Every state's shortest walk, replayed on a live coordinator, ends in that state.
        for index in states.states.indices {
            let (coordinator, _, _) = Self.start()
            for transition in states.shortestWalk(to: index) {
                let top = try #require(coordinator.currentState.topScreen)
                #expect(top.qualifiedID == transition.input.screen)
                switch transition.input.kind {
                case .choose(let action, _, _): coordinator.select(action: action, on: top)
                case .select(let section, _, let flow):
                    #expect(coordinator.selectSection(section, ofFlowNamed: flow))
                default: Issue.record("\(transition.input) is not given by this test")
                }
                coordinator.waitUntilIdle()
            }
            #expect(states.state(of: coordinator.engineState) == index, "state \(index)")
            #expect(coordinator.currentState.topScreen?.qualifiedID == states.states[index].top)
        }
    }

    @Test func anInputFromOneSectionThatChangesAnotherIsAnInteraction() throws {
        let (coordinator, _, _) = Self.start()
        let atStart = coordinator.engineState
        try Self.select("kept", coordinator)
        try Self.choose("Open P-1024", coordinator)
        let keptLeft = coordinator.engineState
        // Said to come from the test section, kept's change is one section
        // acting on another: the search stops, and the product is explored.
        let composer = SectionComposer(parts: StateKeyParts())
        let start = composer.read(atStart)
        #expect(composer.admits(start, in: atStart, from: [], in: atStart, origin: nil, input: nil))
        let test = try #require(start.first { composer.slots[$0.slot].section == "test" })
        let scan = try #require(atStart.navigation.topScreen)
        let next = SearchInput.choose(position: 0, scan.actions[0], entries: [])
        _ = composer.admits(
            composer.read(keptLeft), in: keptLeft, from: start, in: atStart, origin: test.flow, input: (next, scan))
        let interaction = try #require(composer.interaction)
        #expect(interaction.from == "test" && interaction.changed == ["kept"] && interaction.owner == "home")
        #expect(interaction.top?.qualifiedID == "test/scan")
        #expect(
            interaction.words(input: "choose \"Next\"")
                == "choose \"Next\" in section test of home changed section kept")
        // From outside (a link), or from kept itself, it is kept's own move.
        let kept = try #require(start.first { composer.slots[$0.slot].section == "kept" })
        for origin in [nil, kept.flow] {
            let composer = SectionComposer(parts: StateKeyParts())
            let start = composer.read(atStart)
            _ = composer.admits(start, in: atStart, from: [], in: atStart, origin: nil, input: nil)
            #expect(
                composer.admits(
                    composer.read(keptLeft), in: keptLeft, from: start, in: atStart, origin: origin,
                    input: (next, scan)))
            #expect(composer.interaction == nil)
        }
    }

    @Test func theTreeDrawsTheTabBarWithEachSectionsStack() throws {
        let (coordinator, _, _) = Self.start()
        try Self.choose("Next", coordinator)
        try Self.select("kept", coordinator)
        let tree = PresentationTree(coordinator.currentState)
        #expect(tree.layers.count == 1)
        // Only the selected section's stack is on screen; the bar holds them all.
        #expect(tree.layers[0].screens.map(\.qualifiedID) == ["kept/list"])
        let bar = try #require(tree.layers[0].sections.first)
        #expect(bar.tabs.map(\.label) == ["Test a patient", "Kept results", "Help"])
        #expect(bar.selectedTab.name == "kept")
        #expect(bar.tabs[0].screens.map(\.qualifiedID) == ["test/scan", "test/read"])
        #expect(bar.isSelectable)
        #expect(tree.sectionLabel("help") == "Help")
        // A back swipe in the kept section is not possible: its list is its root.
        #expect(!tree.canGoBack)
    }
}

/// A flow that shows sections named `sections`, each a one-screen flow.
final class TestSections: Flow {
    let sections: [String]
    let selected: String
    var name: String { "sections" }

    init(sections: [String], selected: String) {
        self.sections = sections
        self.selected = selected
    }

    func navigate(to step: SectionedHome.Step) -> Navigation<SectionedHome.Step, Never> {
        guard step == .start else { return .none }
        return .sections(
            sections.map { name in
                Section(name, label: name, flow: SectionedHome.HelpSection(), with: OneStepper(.start)) { _ in .notice }
            }, selected: selected)
    }
}

extension Coordinator {
    /// Selects `section` of the innermost live flow called `flow` that
    /// shows it, as a person tapping its tab; `false` when none does.
    func selectSection(_ section: String, ofFlowNamed flow: String) -> Bool {
        let state = currentState
        let owner = state.flowsInTreeOrder.reversed().compactMap { state.flows[$0] }.first {
            $0.info.name == flow && $0.sections.contains { $0.name == section }
        }
        guard let owner else { return false }
        select(section: section, of: owner.info)
        return true
    }
}
