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
    /// What a person gave and the app learned in this walk: the variant's
    /// record (``VariantRecord``).
    public internal(set) var record = VariantRecord()
    /// Which flow each presented screen belongs to.
    var screenOwners: [ScreenInstanceID: FlowID] = [:]
    /// The live flows that show sections: empty in most apps, and then
    /// no flow is hidden and nothing below looks for sections.
    var sectionOwners: Set<FlowID> = []

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

    /// The presented screens a person can see (those of hidden sections
    /// aside), bottom to top.
    package var visibleScreens: [PresentedScreen] {
        sectionOwners.isEmpty ? shownScreens : shownScreens.filter { !isHidden($0.flow.id) }
    }

    /// Whether `id` is presented (on top or covered).
    package func isPresented(_ id: ScreenInstanceID) -> Bool { screenOwners[id] != nil }

    /// Whether flow `id` is in a section that is not selected (or below
    /// one): its screens are kept, with their stacks, but none of them is
    /// on top, so steps from them are delivered only as their visibility
    /// allows.
    ///
    /// - Complexity: O(depth × sections); O(1) when no flow shows sections.
    package func isHidden(_ id: FlowID) -> Bool {
        guard !sectionOwners.isEmpty else { return false }
        var current = id
        while let parent = flows[current]?.parent {
            if let owner = flows[parent], let selected = owner.selectedSection,
                owner.sections[selected].flow != current, owner.sections.contains(where: { $0.flow == current })
            {
                return true
            }
            current = parent
        }
        return false
    }

    /// Whether a person can select another section of `owner` now: it
    /// shows sections and is not hidden, and its section bar is not
    /// covered. It is covered by a screen presented after the sections
    /// were shown outside the selected section (a modal the owner shows
    /// over them), and by a modal screen inside the selected section (a
    /// sheet covers the tab bar in UIKit and SwiftUI). A flow's own
    /// ``Navigation/select(_:)`` is not bound by this.
    public func canSelectSection(of owner: FlowID) -> Bool {
        guard let flow = flows[owner], let selected = flow.selectedSection, !isHidden(owner) else { return false }
        let subtree = descendants(of: flow.sections[selected].flow)
        if subtree.contains(where: { flows[$0]?.stack.contains { $0.presentation == .modal } ?? false }) {
            return false
        }
        guard let top, let topOwner = screenOwners[top] else { return true }
        return subtree.contains(topOwner) || flow.sectionsMark.map { top <= $0 } ?? false
    }

    /// `id` and every flow below it.
    package func descendants(of id: FlowID) -> [FlowID] {
        var found: [FlowID] = []
        var pending = [id]
        while let next = pending.popLast() {
            guard let flow = flows[next] else { continue }
            found.append(next)
            pending.append(contentsOf: flow.childSet)
        }
        return found
    }

    /// Every live flow, parents before children, siblings in start order,
    /// roots in start order. This is the order deep links are delivered in.
    ///
    /// - Complexity: O(flows).
    package var flowsInTreeOrder: [FlowID] {
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
    package let info: FlowInfo
    /// The parent flow; `nil` for a root.
    package let parent: FlowID?
    /// Live child flows, in start order. (Held as a set: ending one of
    /// many children is O(1); ids are allocated in start order, so sorting
    /// them gives that order.)
    public var children: [FlowID] { childSet.sorted() }
    var childSet: Set<FlowID> = []
    /// The flow's presented screens, bottom first.
    package internal(set) var stack: [PresentedScreen] = []
    /// Whether the flow has navigated its first step.
    package internal(set) var isReady = false
    /// The sections it shows side by side (tabs), each a child flow with
    /// its own stack, in the order shown; empty for most flows.
    public internal(set) var sections: [SectionState] = []
    /// The index in ``sections`` of the selected one; `nil` when the flow
    /// shows no sections.
    public internal(set) var selectedSection: Int?
    /// The newest screen presented when the sections were shown: screens
    /// newer than it outside the selected section cover them.
    package internal(set) var sectionsMark: ScreenInstanceID?

    /// The selected section, if the flow shows sections.
    public var selected: SectionState? { selectedSection.map { sections[$0] } }
}

/// One section of a flow that shows sections side by side (a tab): its
/// name, the label a tab bar shows, and the child flow that runs in it.
public struct SectionState: Hashable, Sendable {
    /// The name flows, scripts and links select it by (`results`).
    public let name: String
    /// What a tab bar shows for it.
    public let label: String
    /// The label's text key in its module, when it has one.
    public let labelKey: String?
    /// The child flow that runs in it, with its own stack.
    public let flow: FlowID

    /// A section called `name`, labelled `label` (text key `labelKey`),
    /// run by flow `flow`.
    public init(name: String, label: String, labelKey: String? = nil, flow: FlowID) {
        self.name = name
        self.label = label
        self.labelKey = labelKey
        self.flow = flow
    }
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
    package var titleKey: String? { content.titleKey }
    /// Each body line's text key, when it has one.
    package var bodyKeys: [String?] { content.bodyKeys }
    /// Every module text key shown, filled-in texts included.
    public var textKeys: [String] { content.textKeys }
    /// The actions, in display order.
    public var actions: [ActionSummary] { content.actions }
    /// The fields a person fills in, in display order.
    public var fields: [EntryField] { content.fields }
    /// What the module shows beyond texts and fields, for the UI to draw
    /// (its module and kind are what an app's view factory keys by).
    public var screenContent: ScreenContent? { content.screenContent }
    /// The entries of the record the screen shows (``Screen/shows``).
    public var shows: [RecordShown] { content.shows }

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
        let shows: [RecordShown]

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
            self.shows = screen.shows
        }

        func isEqual(to other: Content) -> Bool {
            self === other
                || (screenID == other.screenID && title == other.title && body == other.body
                    && titleKey == other.titleKey && bodyKeys == other.bodyKeys && textKeys == other.textKeys
                    && actions == other.actions && fields == other.fields && screenContent == other.screenContent
                    && shows == other.shows)
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
            hasher.combine(shows)
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
    package let submits: [String]

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
