/// The engine's state as a value: the tree of live flows and each flow's
/// stack of presented screens.
///
/// The coordinator owns one and changes it only through ``apply(_:)``, a
/// pure function that also returns what changed. A ``Navigator`` renders it.
/// Because it is a value, tests compare states with `==` and need no mocks.
public struct NavigationState: Hashable, Sendable {
    /// Every live flow by id.
    public internal(set) var flows: [FlowID: FlowState] = [:]
    /// The live root flows, in start order.
    public internal(set) var roots: [FlowID] = []
    /// The screen on top: the most recently presented screen still showing.
    public internal(set) var top: ScreenInstanceID?
    /// Which flow each presented screen belongs to.
    var screenOwners: [ScreenInstanceID: FlowID] = [:]

    /// An empty state: no flow, no screen.
    public init() {}

    /// The presented screen `id`, if it is still presented.
    public func screen(_ id: ScreenInstanceID) -> PresentedScreen? {
        guard let owner = screenOwners[id] else { return nil }
        return flows[owner]?.stack.last(where: { $0.id == id })
    }

    /// The screen on top, if any.
    public var topScreen: PresentedScreen? { top.flatMap(screen) }

    /// The presented screens, bottom to top (the order they were shown in:
    /// the top is the last).
    package var shownScreens: [PresentedScreen] {
        flowsInTreeOrder.flatMap { flows[$0]?.stack ?? [] }.sorted { $0.id < $1.id }
    }

    /// Whether `id` is presented (on top or covered).
    public func isPresented(_ id: ScreenInstanceID) -> Bool { screenOwners[id] != nil }

    /// Every live flow, parents before children, siblings in start order,
    /// roots in start order. This is the order deep links are delivered in.
    ///
    /// - Complexity: O(flows).
    public var flowsInTreeOrder: [FlowID] {
        var order: [FlowID] = []
        order.reserveCapacity(flows.count)
        var pending = roots.reversed() as [FlowID]
        while let id = pending.popLast() {
            order.append(id)
            if let children = flows[id]?.childSet, !children.isEmpty {
                pending.append(contentsOf: children.sorted(by: >))
            }
        }
        return order
    }
}

/// One live flow in a ``NavigationState``.
public struct FlowState: Hashable, Sendable {
    /// The instance.
    public let info: FlowInfo
    /// The parent flow; `nil` for a root.
    public let parent: FlowID?
    /// Live child flows, in start order. (Held as a set: ending one of
    /// many children is O(1); ids are allocated in start order, so sorting
    /// them gives that order.)
    public var children: [FlowID] { childSet.sorted() }
    var childSet: Set<FlowID> = []
    /// The flow's presented screens, bottom first.
    public internal(set) var stack: [PresentedScreen] = []
    /// Whether the flow has navigated its first step.
    public internal(set) var isReady = false
}

/// A screen as presented: its content, how it was shown, and its instance.
public struct PresentedScreen: Hashable, Sendable {
    /// This showing of the screen.
    public let id: ScreenInstanceID
    /// The flow that showed it.
    public let flow: FlowInfo
    /// The screen's stable id within its flow (``Screen/id``).
    public let screenID: String
    /// The title.
    public let title: String
    /// Lines of text.
    public let body: [String]
    /// The title's text key in its module, when it has one.
    public let titleKey: String?
    /// Each body line's text key, when it has one.
    public let bodyKeys: [String?]
    /// Every module text key shown, filled-in texts included.
    public let textKeys: [String]
    /// The actions, in display order.
    public let actions: [ActionSummary]
    /// How it was shown.
    public let presentation: Presentation
    /// When its steps are delivered although it is covered or dismissed.
    public let visibility: Visibility

    /// Creates a presented screen from a typed ``Screen``.
    public init<StepType>(
        id: ScreenInstanceID,
        flow: FlowInfo,
        screen: Screen<StepType>,
        presentation: Presentation,
        visibility: Visibility
    ) {
        self.init(
            id: id, flow: flow, screen: screen, presentation: presentation, visibility: visibility, names: nil)
    }

    /// A presented screen whose actions' steps are named through `names`.
    init<StepType>(
        id: ScreenInstanceID,
        flow: FlowInfo,
        screen: Screen<StepType>,
        presentation: Presentation,
        visibility: Visibility,
        names: StepNames?
    ) {
        self.id = id
        self.flow = flow
        self.screenID = screen.id
        self.title = screen.title
        self.body = screen.body
        self.titleKey = screen.titleKey
        self.bodyKeys = screen.bodyKeys
        self.textKeys = screen.textKeys
        self.actions = screen.actions.map {
            ActionSummary(label: $0.label, role: $0.role, step: names?.id(of: $0.step) ?? $0.step.stepID, key: $0.key)
        }
        self.presentation = presentation
        self.visibility = visibility
    }

    /// `content` shown again as instance `id` of `flow`: its texts and
    /// actions shared, not made again.
    init(
        id: ScreenInstanceID, flow: FlowInfo, content: PresentedScreen, presentation: Presentation,
        visibility: Visibility
    ) {
        self.id = id
        self.flow = flow
        self.screenID = content.screenID
        self.title = content.title
        self.body = content.body
        self.titleKey = content.titleKey
        self.bodyKeys = content.bodyKeys
        self.textKeys = content.textKeys
        self.actions = content.actions
        self.presentation = presentation
        self.visibility = visibility
    }

    /// `flowName/screenID`, the qualified id traces use.
    public var qualifiedID: String { "\(flow.name)/\(screenID)" }
}

/// An action as a renderer sees it: its label, role and the identity of the
/// step it emits.
public struct ActionSummary: Hashable, Sendable {
    /// The button text.
    public let label: String
    /// The kind of action.
    public let role: ActionRole
    /// The ``Step/stepID`` of the step it emits.
    public let step: String
    /// The label's text key in its module (`privacy.agree`), when it has one.
    public let key: String?

    /// An action summary.
    public init(label: String, role: ActionRole, step: String, key: String? = nil) {
        self.label = label
        self.role = role
        self.step = step
        self.key = key
    }
}
