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
        public let screenID: String
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
        }
    }

    /// One layer: the root stack, or a modal presentation with the screens
    /// pushed inside it.
    public struct Layer: Hashable, Sendable {
        /// Its screens, bottom first; never empty.
        public let screens: [Screen]

        /// A layer of `screens` (bottom first).
        public init(screens: [Screen]) { self.screens = screens }

        /// The screen it starts with.
        public var root: Screen? { screens.first }
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
        public let isAnsweredByHand: Bool
    }

    /// The layers, the root first. Empty once the app has ended.
    public let layers: [Layer]
    /// The question the app waits for, if one is open.
    public private(set) var busy: Busy?

    /// The tree of `state`, busy with the first open question of
    /// `questions` (`Coordinator.waitingAnswers`, read on the
    /// coordinator's queue, as a navigator's render is).
    public init(_ state: NavigationState, questions: [WaitingAnswer] = []) {
        var layers: [[Screen]] = []
        for screen in state.shownScreens {
            if screen.presentation == .modal || layers.isEmpty {
                layers.append([Screen(screen)])
            } else {
                layers[layers.count - 1].append(Screen(screen))
            }
        }
        self.layers = layers.map(Layer.init(screens:))
        busy = questions.first(where: \.isQuestion).map {
            Busy(question: $0.source, label: $0.label, answers: $0.answers, isAnsweredByHand: $0.isAnsweredByHand)
        }
    }

    /// The tree of an engine's `state`, busy with its first open question:
    /// what an explorer or a test reads off a state it holds.
    package init(engine state: EngineState) {
        self.init(state.navigation)
        busy = state.openQuestions.first.map { question in
            Busy(
                question: question.id, label: question.label,
                answers: question.answers.map { WaitingAnswer.Answer(name: $0.name, label: $0.label) },
                isAnsweredByHand: !question.asksOutside)
        }
    }

    /// A tree of `layers`, busy with `busy`: what a UI shows after it moved
    /// itself (``UserMove``), before the engine renders again.
    public init(layers: [Layer], busy: Busy? = nil) {
        self.layers = layers.filter { !$0.screens.isEmpty }
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
            guard let index = layer.screens.firstIndex(where: { $0.id == to }), index < layer.screens.count - 1
            else { return nil }
            return PresentationTree(
                layers: layers.dropLast() + [Layer(screens: Array(layer.screens[...index]))], busy: busy)
        case .dismissed(let root):
            guard layers.count > 1, layer.root?.id == root else { return nil }
            return PresentationTree(layers: Array(layers.dropLast()), busy: busy)
        }
    }
}
