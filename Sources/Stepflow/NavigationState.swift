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
            guard let children = flows[id]?.childSet, let first = children.first else { continue }
            // Most flows have one child at most: no array is sorted for it.
            if children.count == 1 {
                pending.append(first)
            } else {
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
///
/// The content (texts, keys, action summaries) is held in one shared,
/// immutable box: copying a presented screen — every state change copies
/// the stacks it is on — retains one object, not eight arrays and strings.
public struct PresentedScreen: Hashable, Sendable {
    /// This showing of the screen.
    public let id: ScreenInstanceID
    /// The flow that showed it.
    public let flow: FlowInfo
    /// How it was shown.
    public let presentation: Presentation
    /// When its steps are delivered although it is covered or dismissed.
    public let visibility: Visibility
    /// What the screen shows, shared by every copy.
    private let content: Content

    /// The screen's stable id within its flow (``Screen/id``).
    public var screenID: String { content.screenID }
    /// The title.
    public var title: String { content.title }
    /// Lines of text.
    public var body: [String] { content.body }
    /// The title's text key in its module, when it has one.
    public var titleKey: String? { content.titleKey }
    /// Each body line's text key, when it has one.
    public var bodyKeys: [String?] { content.bodyKeys }
    /// Every module text key shown, filled-in texts included.
    public var textKeys: [String] { content.textKeys }
    /// The actions, in display order.
    public var actions: [ActionSummary] { content.actions }
    /// The fields a person fills in, in display order.
    public var fields: [EntryField] { content.fields }
    /// What the module shows beyond texts and fields, for the UI to draw
    /// (its module and kind are what an app's view factory keys by).
    public var screenContent: ScreenContent? { content.screenContent }

    /// The identity of what it shows: in an explorer, every showing of
    /// equal screens shares one content, so screens with the same
    /// identity and flow name show the same (those with different
    /// identities may too). Valid while the screen is alive.
    package var contentIdentity: ObjectIdentifier { ObjectIdentifier(content) }

    /// The immutable content of a presented screen.
    private final class Content: Sendable {
        let screenID: String
        let title: String
        let body: [String]
        let titleKey: String?
        let bodyKeys: [String?]
        let textKeys: [String]
        let actions: [ActionSummary]
        let fields: [EntryField]
        let screenContent: ScreenContent?

        init<StepType>(_ screen: Screen<StepType>, names: StepNames?) {
            self.screenID = screen.id
            self.title = screen.title
            self.body = screen.body
            self.titleKey = screen.titleKey
            self.bodyKeys = screen.bodyKeys
            self.textKeys = screen.textKeys
            self.actions = screen.actions.map {
                ActionSummary(
                    label: $0.label, role: $0.role, step: names?.id(of: $0.step) ?? $0.step.stepID, key: $0.key,
                    submits: $0.submits)
            }
            self.fields = screen.fields
            self.screenContent = screen.content
        }

        func isEqual(to other: Content) -> Bool {
            self === other
                || (screenID == other.screenID && title == other.title && body == other.body
                    && titleKey == other.titleKey && bodyKeys == other.bodyKeys && textKeys == other.textKeys
                    && actions == other.actions && fields == other.fields && screenContent == other.screenContent)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(screenID)
            hasher.combine(title)
            hasher.combine(body)
            hasher.combine(titleKey)
            hasher.combine(bodyKeys)
            hasher.combine(textKeys)
            hasher.combine(actions)
            hasher.combine(fields)
            hasher.combine(screenContent)
        }
    }

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
        self.content = Content(screen, names: names)
        self.presentation = presentation
        self.visibility = visibility
    }

    /// `content`'s texts and actions shown again as instance `id` of
    /// `flow`: the content is shared, not made again.
    init(
        id: ScreenInstanceID, flow: FlowInfo, content: PresentedScreen, presentation: Presentation,
        visibility: Visibility
    ) {
        self.id = id
        self.flow = flow
        self.content = content.content
        self.presentation = presentation
        self.visibility = visibility
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.id == rhs.id && lhs.flow == rhs.flow && lhs.presentation == rhs.presentation
            && lhs.visibility == rhs.visibility && lhs.content.isEqual(to: rhs.content)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(flow)
        hasher.combine(presentation)
        hasher.combine(visibility)
        content.hash(into: &hasher)
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

    /// The names of the fields it submits (empty when its step is fixed;
    /// then ``step`` is the step it makes from no values).
    public let submits: [String]

    /// An action summary.
    public init(label: String, role: ActionRole, step: String, key: String? = nil) {
        self.init(label: label, role: role, step: step, key: key, submits: [])
    }

    /// An action summary of an action that submits `submits`.
    public init(label: String, role: ActionRole, step: String, key: String?, submits: [String]) {
        self.label = label
        self.role = role
        self.step = step
        self.key = key
        self.submits = submits
    }
}
