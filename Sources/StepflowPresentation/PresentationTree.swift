public import Stepflow

/// What a UI toolkit presents for one state of the engine: a stack of
/// screens at the root and, above it, each modal layer with its own stack,
/// in order; whether a person can go back; and whether the app is busy
/// waiting for an answer. A function of the engine's state and nothing
/// else: an app's UI draws it and never keeps a model of its own.
///
/// The layers follow the engine's order of presentation: a screen shown
/// modally starts a layer, and every screen shown after it (by its flow or
/// any other) goes on that layer, as the engine's `NavigationState.top`
/// says it is on top.
///
/// ```swift
/// let tree = PresentationTree(state, questions: coordinator.waitingAnswers)
/// tree.layers[0].screens.map(\.qualifiedID)   // ["onboarding/welcome", "onboarding/how-it-works-1"]
/// tree.canGoBack                              // true: a back swipe is allowed
/// ```
public struct PresentationTree: Hashable, Sendable {
    /// One presented screen, as a UI draws it.
    public struct Screen: Hashable, Sendable, Identifiable {
        /// The screen instance: what a UI keys its view by.
        public let id: ScreenInstanceID
        /// The module instance that shows it (the flow's name).
        public let instance: String
        /// The screen's id in its flow (`welcome`).
        package let screenID: String
        /// The title, in the locale the flows were made in.
        public let title: String
        /// The body's paragraphs.
        public let body: [String]
        /// The actions, in order.
        public let actions: [ActionSummary]
        /// The fields a person fills in.
        public let fields: [EntryField]
        /// What a UI shows beside the texts (a camera, a chart), if any.
        public let content: ScreenContent?
        /// The entries of the variant's record the screen shows, as they
        /// were when it was shown: what a summary's rows bind to (a value,
        /// its class, where it was given), the same the rules about data
        /// check.
        public let shows: [RecordShown]

        /// `instance/screen`: what a UI's view factory is keyed by.
        public var qualifiedID: String { "\(instance)/\(screenID)" }

        /// The screen `presented` as the engine holds it.
        public init(_ presented: PresentedScreen) {
            id = presented.id
            instance = presented.flow.name
            screenID = presented.screenID
            title = presented.title
            body = presented.body
            actions = presented.actions
            fields = presented.fields
            content = presented.screenContent
            shows = presented.shows
        }
    }

    /// One layer: the root stack, or a modal presentation with the screens
    /// pushed inside it.
    public struct Layer: Hashable, Sendable {
        /// Its screens, bottom first; never empty. In a layer with
        /// sections, the ones a person sees: those below the section bar,
        /// then the selected section's stack.
        public let screens: [Screen]
        /// The section bars (tab bars) in this layer, the outermost first:
        /// empty unless a flow shows sections here.
        public let sections: [SectionBar]

        /// A layer of `screens` (bottom first), with the section bars
        /// `sections`.
        public init(screens: [Screen], sections: [SectionBar] = []) {
            self.screens = screens
            self.sections = sections
        }

        /// The screen it starts with.
        public var root: Screen? { screens.first }

        /// Whether its screens are those below its one bar and then the
        /// selected tab's stack (a layer without a bar is).
        var isRegular: Bool {
            guard let bar = sections.first else { return true }
            guard sections.count == 1, screens.count >= bar.base else { return false }
            return screens[bar.base...].map(\.id) == bar.selectedTab.screens.map(\.id)
        }

        /// It with its visible stack `screens`: in a layer with a bar, the
        /// selected tab's stack changes with it. `nil` when the change
        /// reaches below the bar, or the layer has nested bars.
        func replacingStack(with screens: [Screen]) -> Layer? {
            guard let bar = sections.first else { return Layer(screens: screens) }
            guard isRegular, screens.count >= bar.base,
                screens.prefix(bar.base).map(\.id) == self.screens.prefix(bar.base).map(\.id)
            else { return nil }
            var tabs = bar.tabs
            let tab = tabs[bar.selected]
            tabs[bar.selected] = SectionBar.Tab(name: tab.name, label: tab.label, screens: Array(screens[bar.base...]))
            return Layer(
                screens: screens,
                sections: [bar.with(selected: bar.selected, tabs: tabs, isSelectable: bar.isSelectable)])
        }

        /// It with tab `index` of its one bar selected: that tab's stack
        /// shown above the screens below the bar.
        func selecting(_ index: Int) -> Layer? {
            guard isRegular, let bar = sections.first, bar.tabs.indices.contains(index) else { return nil }
            return Layer(
                screens: Array(screens.prefix(bar.base)) + bar.tabs[index].screens,
                sections: [bar.with(selected: index, tabs: bar.tabs, isSelectable: bar.isSelectable)])
        }

        /// It with the stack of tab `index` of its one bar, not the
        /// selected one, replaced by `screens`.
        func replacingTab(_ index: Int, with screens: [Screen]) -> Layer? {
            guard sections.count == 1, let bar = sections.first, bar.tabs.indices.contains(index),
                index != bar.selected
            else { return nil }
            var tabs = bar.tabs
            tabs[index] = SectionBar.Tab(name: tabs[index].name, label: tabs[index].label, screens: screens)
            return Layer(
                screens: self.screens,
                sections: [bar.with(selected: bar.selected, tabs: tabs, isSelectable: bar.isSelectable)])
        }
    }

    /// The sections a flow shows side by side, as a tab bar draws them:
    /// each section's label and its own stack, and which is selected.
    /// A UI keeps one stack per tab (a `UITabBarController`'s navigation
    /// controllers, a `TabView`'s `NavigationStack`s) and never has to
    /// guess a tab switch from a replaced stack.
    public struct SectionBar: Hashable, Sendable {
        /// One section.
        public struct Tab: Hashable, Sendable {
            /// The name it is selected by (`select kept`).
            public let name: String
            /// What the tab bar shows.
            public let label: String
            /// Its stack in the bar's layer, bottom first (kept while
            /// another tab is selected); empty before its flow shows a
            /// screen.
            public let screens: [Screen]
        }

        /// The flow that shows the sections (its name).
        public let flow: String
        /// That flow's instance: what `Coordinator.select(section:of:)` takes.
        public let owner: FlowInfo
        /// The sections, in order.
        public let tabs: [Tab]
        /// The index of the selected one in ``tabs``.
        public let selected: Int
        /// How many of the layer's screens lie below the bar (shown before
        /// the sections): the selected tab's stack starts after them.
        public let base: Int
        /// Whether a person can select another tab now: `false` while a
        /// screen or a modal covers the bar, or a question is open.
        package let isSelectable: Bool

        /// The selected tab.
        package var selectedTab: Tab { tabs[selected] }

        /// It with `selected` selected, `tabs` and `isSelectable`.
        func with(selected: Int, tabs: [Tab], isSelectable: Bool) -> Self {
            SectionBar(
                flow: flow, owner: owner, tabs: tabs, selected: selected, base: base, isSelectable: isSelectable)
        }

        /// Whether `other` has the same owner, tabs, stacks and selection.
        func sameShape(as other: Self) -> Bool {
            owner == other.owner && selected == other.selected && base == other.base
                && tabs.map(\.name) == other.tabs.map(\.name)
                && tabs.map { $0.screens.map(\.id) } == other.tabs.map { $0.screens.map(\.id) }
        }
    }

    /// The label of the section called `name` of the first section bar
    /// that has one, if any: what a tab bar shows for it.
    package func sectionLabel(_ name: String) -> String? {
        for layer in layers.reversed() {
            for bar in layer.sections.reversed() {
                if let tab = bar.tabs.first(where: { $0.name == name }) { return tab.label }
            }
        }
        return nil
    }

    /// An open question the app waits for: while it is open the engine
    /// refuses a person's actions, so a UI shows it and nothing to tap.
    public struct Busy: Hashable, Sendable {
        /// The question's id (`camera-permission`): what an answer names.
        public let question: String
        /// What people read (`camera permission`).
        public let label: String
        /// Its declared answers, as a UI offers them when it asks itself.
        public let answers: [WaitingAnswer.Answer]
        /// Whether nobody outside will answer it (the app must ask).
        package let isAnsweredByHand: Bool
    }

    /// The layers, the root first. Empty once the app has ended.
    public let layers: [Layer]
    /// The question the app waits for, if one is open.
    public private(set) var busy: Busy?

    /// The tree of `state`, busy with the first open question of
    /// `questions` (`Coordinator.waitingAnswers`, read on the
    /// coordinator's queue, as a navigator's render is).
    public init(_ state: NavigationState, questions: [WaitingAnswer] = []) {
        let busy = questions.first(where: \.isQuestion).map {
            Busy(question: $0.source, label: $0.label, answers: $0.answers, isAnsweredByHand: $0.isAnsweredByHand)
        }
        self.init(state, busy: busy)
    }

    /// The tree of `state`, busy with `busy`.
    private init(_ state: NavigationState, busy: Busy?) {
        var layers: [[PresentedScreen]] = []
        for screen in state.visibleScreens {
            if screen.presentation == .modal || layers.isEmpty {
                layers.append([screen])
            } else {
                layers[layers.count - 1].append(screen)
            }
        }
        var bars = [[SectionBar]](repeating: [], count: layers.count)
        for id in state.flowsInTreeOrder {
            guard let flow = state.flows[id], let selected = flow.selectedSection, !state.isHidden(id) else {
                continue
            }
            // The bar sits in the layer of the newest screen shown before
            // it, or the root layer.
            let layer = flow.sectionsMark.flatMap { mark in layers.lastIndex { $0.contains { $0.id <= mark } } } ?? 0
            guard layer < layers.count || layers.isEmpty else { continue }
            let base =
                layers.isEmpty
                ? 0 : layers[layer].count { screen in flow.sectionsMark.map { screen.id <= $0 } ?? false }
            let tabs = flow.sections.map { section in
                // Its flows' screens up to the first modal one, which
                // starts a layer of its own.
                let stack = state.descendants(of: section.flow).flatMap { state.flows[$0]?.stack ?? [] }
                    .sorted { $0.id < $1.id }
                let layered = stack.prefix { $0.presentation != .modal }
                return SectionBar.Tab(name: section.name, label: section.label, screens: layered.map(Screen.init))
            }
            let bar = SectionBar(
                flow: flow.info.name, owner: flow.info, tabs: tabs, selected: selected, base: base,
                isSelectable: busy == nil && state.canSelectSection(of: id))
            if layers.isEmpty { bars = [[bar]] } else { bars[layer].append(bar) }
        }
        if layers.isEmpty, !bars.isEmpty { layers = [[]] }
        self.layers = zip(layers, bars).map { Layer(screens: $0.map(Screen.init), sections: $1) }
        self.busy = busy
    }

    /// The tree of an engine's `state`, busy with its first open question:
    /// what an explorer or a test reads off a state it holds.
    package init(engine state: EngineState) {
        let busy = state.openQuestions.first.map { question in
            Busy(
                question: question.id, label: question.label,
                answers: question.answers.map { WaitingAnswer.Answer(name: $0.name, label: $0.label) },
                isAnsweredByHand: !question.asksOutside)
        }
        self.init(state.navigation, busy: busy)
    }

    /// A tree of `layers`, busy with `busy`: what a UI shows after it moved
    /// itself (``UserMove``), before the engine renders again.
    public init(layers: [Layer], busy: Busy? = nil) {
        self.layers = layers.filter { !$0.screens.isEmpty || !$0.sections.isEmpty }
        self.busy = busy
    }

    /// The screen on top.
    public var top: Screen? { layers.last?.screens.last }

    /// Whether a person may go back by the UI's own gesture (a back swipe,
    /// a sheet dragged away): something is above the root screen, and no
    /// question is open.
    public var canGoBack: Bool {
        busy == nil && (layers.count > 1 || (layers.first?.screens.count ?? 0) > 1)
    }

    /// The tree after the UI itself removed `move`'s screens, as a UI
    /// looks once its gesture finished: what it reports with
    /// `Coordinator.handle(_:in:)`. `nil` when the move does not fit the
    /// tree (the screen is not on the top layer).
    public func after(_ move: UserMove) -> PresentationTree? {
        guard let layer = layers.last else { return nil }
        switch move {
        case .popped(let to):
            guard let index = layer.screens.firstIndex(where: { $0.id == to }), index < layer.screens.count - 1,
                let popped = layer.replacingStack(with: Array(layer.screens[...index]))
            else { return nil }
            return PresentationTree(layers: layers.dropLast() + [popped], busy: busy)
        case .dismissed(let root):
            guard layers.count > 1, layer.root?.id == root else { return nil }
            return PresentationTree(layers: Array(layers.dropLast()), busy: busy)
        case .selected(let section, let owner):
            guard busy == nil, let bar = layer.sections.first(where: { $0.owner == owner }), bar.isSelectable,
                let index = bar.tabs.firstIndex(where: { $0.name == section }), index != bar.selected,
                let selected = layer.selecting(index)
            else { return nil }
            return PresentationTree(layers: layers.dropLast() + [selected], busy: busy)
        }
    }
}
