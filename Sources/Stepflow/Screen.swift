/// A headless screen: what a person sees and the actions they can take.
///
/// A screen is a value. Its actions are data (a label and the step the
/// action emits), so analysis can enumerate them and a terminal, a test or a
/// UI adapter can render them. Once shown, the screen is its own stepper: a
/// person picks an action with ``Coordinator/select(action:on:)`` and the
/// coordinator emits that action's step.
///
/// ```swift
/// Screen(
///     id: "consent",
///     title: "Privacy",
///     body: ["Your result stays on this phone unless you share it."],
///     actions: [
///         .init("Accept", .consentAccepted),
///         .init("Decline", .consentDeclined, role: .cancel),
///     ]
/// )
/// ```
public struct Screen<StepType: Step>: Hashable, Sendable {
    /// A stable identifier, unique within the flow (`"consent"`).
    public var id: String
    /// The title shown at the top.
    public var title: String
    /// Lines of text.
    public var body: [String]
    /// What the person can do, in display order.
    public var actions: [ScreenAction<StepType>]
    /// The fields a person fills in, in display order; the actions that
    /// submit them make their steps from the values (see
    /// ``ScreenAction``'s `init(_:submitting:role:step:)`).
    public var fields: [EntryField] = []
    /// What the module shows beside the texts (a camera frame, a video,
    /// a chart), handed to the UI unchanged.
    public var content: ScreenContent?
    /// The entries of the variant's record the screen shows: those read by
    /// the ``Navigation/reading(_:then:)-(String...,_)`` that showed it, as
    /// they were then. Set by the engine; what a UI's summary binds to and
    /// what the rules about data check.
    public var shows: [RecordShown] = []
    /// The title's text key in its module, when it was made from one.
    public var titleKey: String?
    /// Each body line's text key, when it was made from one.
    public var bodyKeys: [String?]
    /// Every module text key the screen shows: title, body and action
    /// labels, and the texts filled into them.
    package var textKeys: [String] {
        // A screen of literal texts (most tests, the benchmarks) has none:
        // answered without building anything on the engine's path.
        // (Closures, not key paths: a key path into a generic type is built
        // at run time on every call.)
        if titleKey == nil && nestedKeys.isEmpty && bodyKeys.allSatisfy({ $0 == nil })
            && actions.allSatisfy({ $0.textKeys.isEmpty }) && fields.isEmpty
        {
            return []
        }
        var keys: [String] = []
        for key in ([titleKey] + bodyKeys).compactMap({ $0 }) + nestedKeys + fields.flatMap(\.textKeys)
            + actions.flatMap({ $0.textKeys })
        where !keys.contains(key) {
            keys.append(key)
        }
        return keys
    }
    /// The keys of texts filled into the title and body.
    @usableFromInline var nestedKeys: [String] = []

    /// Creates a screen: its title and body a module's texts
    /// (``ModuleTexts``), which keep their keys, or literal strings, which
    /// have none (they cannot be re-worded or translated).
    @inlinable
    public init(
        id: String,
        title: some ShownText,
        body: [any ShownText] = [],
        fields: [EntryField] = [],
        content: ScreenContent? = nil,
        actions: [ScreenAction<StepType>] = []
    ) {
        let title = title.localizedText
        let body = body.map(\.localizedText)
        self.id = id
        self.title = title.value
        self.body = body.map(\.value)
        self.fields = fields
        self.content = content
        self.actions = actions
        self.titleKey = title.key
        self.bodyKeys = body.map(\.key)
        self.nestedKeys = title.nestedKeys + body.flatMap(\.nestedKeys)
    }
}

/// One thing a person can do on a ``Screen``: a label and the step it emits.
public struct ScreenAction<StepType: Step>: Hashable, Sendable {
    /// The text on the button (`"Accept"`).
    public var label: String
    /// The step emitted when the action is chosen.
    public var step: StepType
    /// What kind of action this is; renderers map `.back` to their back key.
    public var role: ActionRole
    /// The label's text key in its module, when it was made from one:
    /// scripts choose by it in every language (`choose [privacy.agree]`).
    public var key: String?
    /// The label's key and the keys of texts filled into it.
    public var textKeys: [String] = []
    /// The names of the screen's fields this action submits; empty for
    /// an action whose step is fixed.
    package var submits: [String] = []
    /// Makes the step from the values entered, for an action that
    /// submits fields.
    package var maker: StepMaker<StepType>?

    /// Creates an action labelled `label` that emits `step` when chosen:
    /// a module's text (`text["consent.accept"]`), which keeps its key,
    /// or a literal string.
    @inlinable
    public init(_ label: some ShownText, _ step: StepType, role: ActionRole = .primary) {
        let label = label.localizedText
        self.label = label.value
        self.step = step
        self.role = role
        self.key = label.key
        self.textKeys = label.keys
    }
}

extension ScreenAction {
    /// An action that submits fields: the engine checks the values
    /// entered in `fields` against their classes, then makes the step
    /// from them with `step`; a missing or refused value is refused with
    /// the field and the reason, and the screen stays.
    ///
    /// ```swift
    /// ScreenAction(text["lookUp"], submitting: ["patientID"]) { .lookUp(id: $0["patientID"]) }
    /// ```
    ///
    /// `step` must be a pure function of the values (analysis calls it
    /// with each class's representative).
    public init(
        _ label: some ShownText, submitting fields: [String], role: ActionRole = .primary,
        step: @escaping @Sendable (EnteredValues) -> StepType
    ) {
        self.init(label, step(EnteredValues(fields: fields)), role: role)
        self.submits = fields
        self.maker = StepMaker(step)
    }

    /// The step the action emits with `values` entered.
    public func step(entering values: EnteredValues) -> StepType {
        maker?.make(values) ?? step
    }
}

/// Makes an action's step from the values entered. Two makers are equal:
/// an action is told apart by its label, its fields and the step it makes
/// from no values, which the maker's values cannot change unseen.
package struct StepMaker<StepType: Step>: Hashable, Sendable {
    let make: @Sendable (EnteredValues) -> StepType

    init(_ make: @escaping @Sendable (EnteredValues) -> StepType) { self.make = make }

    /// Every maker is equal to every other.
    package static func == (lhs: Self, rhs: Self) -> Bool { true }
    /// Hashes nothing: see ``==(_:_:)``.
    package func hash(into hasher: inout Hasher) {}
}

/// The values entered in a screen's fields, as an action's step reads
/// them: by field name, as typed (spaces trimmed), with the class each
/// is in.
public struct EnteredValues: Hashable, Sendable {
    /// Each field's value.
    public private(set) var values: [String: String] = [:]
    /// Each field's class name.
    public private(set) var classes: [String: String] = [:]

    /// No values: what a step maker sees when the action is listed.
    init(fields: [String]) {}

    /// Values in their classes.
    public init(values: [String: String], classes: [String: String]) {
        self.values = values
        self.classes = classes
    }

    /// The value of `field` (empty when none was entered).
    public subscript(_ field: String) -> String { values[field] ?? "" }

    /// The value of `field` as a number (`6.1`, `6,1`), if it is one.
    public func number(_ field: String) -> Double? { EntryField.Kind.number(self[field]) }

    /// The name of the class `field`'s value is in.
    public func valueClass(of field: String) -> String? { classes[field] }
}

/// What a screen shows beyond its texts and fields (a camera frame for
/// reading a test, an instruction video, a chart): a kind the module
/// names and the values it needs, handed to the UI unchanged with the
/// module's id, so an app's view factory knows what to draw.
public struct ScreenContent: Hashable, Sendable {
    /// The id of the module that declares it (``FeatureModule/id``).
    public var module: String
    /// What kind of view it is (`camera.testReading`), unique in its module.
    public var kind: String
    /// What the view needs, by name (`frame: "cassette"`).
    public var values: [String: String]

    /// Content of `kind`, declared by `module`, with `values`.
    public init(module: String, kind: String, values: [String: String] = [:]) {
        self.module = module
        self.kind = kind
        self.values = values
    }

    /// `procedure camera.testReading`: the module and the kind.
    package var qualifiedKind: String { "\(module) \(kind)" }
}

/// The kind of a ``ScreenAction``.
public enum ActionRole: String, Hashable, Sendable, CaseIterable {
    /// An ordinary action.
    case primary
    /// Goes back to where the person came from (a terminal's `b` key).
    case back
    /// Cancels or declines.
    case cancel
}

/// How a screen is shown.
public enum Presentation: String, Hashable, Sendable, CaseIterable {
    /// Pushed on top of the flow's stack; ``Navigation/pop`` removes it.
    case push
    /// Presented modally; ``Navigation/dismiss`` removes it and everything
    /// presented above it. Shown again while the flow's newest modal
    /// screen has the same id, it replaces that one (and the flow's
    /// screens above it): one sheet of a kind at a time, as SwiftUI's
    /// `sheet(item:)` (UIKit refuses a second presentation), so a link or
    /// a stepper that shows it twice never stacks two.
    case modal
    /// Replaces the flow's whole stack: every screen of the flow is dismissed
    /// and this one becomes its root.
    case replace
}

/// When steps from a screen (or a stepper bound to it) are delivered even
/// though the screen is not on top. RxFlow's `allowStepWhenNotPresented` and
/// `allowStepWhenDismissed`.
public struct Visibility: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates options from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Deliver steps while another screen covers this one.
    package static let allowStepsWhenCovered = Visibility(rawValue: 1 << 0)
    /// Deliver steps after this screen was dismissed, while its flow lives.
    package static let allowStepsWhenDismissed = Visibility(rawValue: 1 << 1)
}
