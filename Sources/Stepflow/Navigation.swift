/// What a flow decides for a step: the value ``Flow/navigate(to:)`` returns.
///
/// A navigation is data. The coordinator applies it after `navigate`
/// returns: it updates the ``NavigationState``, asks the ``Navigator`` to
/// render, starts steppers and child flows, and queues forwarded steps.
/// `multiple(_:)` applies its parts in order; steps they queue (a shown
/// screen's stepper's initial steps, a forwarded step) are handled in that
/// same order, after the current step.
///
/// ```swift
/// case .resultRead(let result):
///     .multiple(
///         .show(adviceScreen(for: result), as: .replace),
///         .forwardToParent(.resultCaptured(result))
///     )
/// ```
public struct Navigation<StepType: Step, ExitType: Step>: Sendable {
    /// One part of a navigation.
    public enum Element: Sendable {
        /// Show a screen. Steps from it (its actions, and `stepper` if given)
        /// are delivered while it is on top, or as `visibility` allows.
        case show(Screen<StepType>, Presentation, stepper: (any Stepper<StepType>)?, visibility: Visibility)
        /// Coordinate a stepper bound to the flow itself (delivered while the
        /// flow lives, whatever is on top).
        case contribute(any Stepper<StepType>)
        /// Remove the top pushed screen of this flow.
        case pop
        /// Remove every pushed screen above the base of this flow's top layer.
        case popToRoot
        /// Remove this flow's top modal screen and everything above it.
        case dismiss
        /// Start a child flow.
        case start(ChildFlow<StepType>)
        /// Queue a step for this flow.
        case forward(StepType)
        /// Hand a step to the parent without ending.
        case forwardToParent(ExitType)
        /// End this flow: release it and its subtree, then hand `ExitType`
        /// to the parent.
        case end(ExitType)
        /// Start each section's child flow and show them side by side, the
        /// one named `selected` selected.
        case sections([Section<StepType>], selected: String)
        /// Select this flow's section called by the name.
        case select(String)
        /// Change the variant's record (``VariantRecord``).
        case record(RecordOperation)
        /// Read entries of the record, then apply what `reader` makes of
        /// them; screens it shows say they show those entries.
        case reading([String], RecordReader<StepType, ExitType>)
    }

    /// The parts, in the order they are applied. Empty for ``none`` and
    /// ``unhandled``.
    package let elements: [Element]
    /// `false` only for ``unhandled``.
    package let isHandled: Bool
    /// Whether ``elements`` is empty. Stored, so the engine's unspecialised
    /// code can test it without a generic call on the array.
    @usableFromInline
    let changesNothing: Bool

    // Usable from inlinable code: the common factories below inline into
    // the flow's module and are specialised there, instead of looking up
    // this generic type's metadata at run time on every step.
    @usableFromInline
    init(elements: [Element], isHandled: Bool = true) {
        self.elements = elements
        self.isHandled = isHandled
        self.changesNothing = elements.isEmpty
    }

    /// The step is handled and nothing changes.
    @inlinable
    public static var none: Self { Self(elements: []) }

    /// The flow does not handle this step. Reported as dropped, and counted
    /// by analysis as a step the flow does not handle.
    @inlinable
    public static var unhandled: Self { Self(elements: [], isHandled: false) }

    /// Shows `screen`.
    ///
    /// - Parameters:
    ///   - screen: The screen to show; its actions become its steps.
    ///   - presentation: Push (default), modal, or replace the flow's stack.
    ///   - stepper: A stepper bound to the screen (a timer on it): gated
    ///     like the screen's actions and stopped when the screen goes.
    ///   - visibility: When steps from a covered or dismissed screen are
    ///     still delivered.
    @inlinable
    public static func show(
        _ screen: Screen<StepType>,
        as presentation: Presentation = .push,
        stepper: (any Stepper<StepType>)? = nil,
        visibility: Visibility = []
    ) -> Self {
        Self(elements: [.show(screen, presentation, stepper: stepper, visibility: visibility)])
    }

    /// Coordinates `stepper` for as long as this flow lives.
    @inlinable
    public static func contribute(_ stepper: any Stepper<StepType>) -> Self {
        Self(elements: [.contribute(stepper)])
    }

    /// Removes the top pushed screen of this flow.
    @inlinable
    public static var pop: Self { Self(elements: [.pop]) }
    /// Removes every pushed screen above the base of this flow's top layer.
    @inlinable
    package static var popToRoot: Self { Self(elements: [.popToRoot]) }
    /// Removes this flow's top modal screen and everything above it.
    @inlinable
    public static var dismiss: Self { Self(elements: [.dismiss]) }

    /// Starts `child`, driven by `stepper`; its exits come back to this flow
    /// as the steps `onExit` makes of them.
    ///
    /// ```swift
    /// .start(ConsentFlow(), with: OneStepper(.ask), onExit: { exit in
    ///     switch exit {
    ///     case .granted: .consentGranted
    ///     case .refused: .consentRefused
    ///     }
    /// })
    /// ```
    public static func start<Child: Flow>(
        _ child: Child,
        with stepper: any Stepper<Child.StepType>,
        onExit: @escaping @Sendable (Child.ExitType) -> StepType
    ) -> Self {
        Self(elements: [.start(ChildFlow(child, stepper: stepper, onExit: onExit))])
    }

    /// Starts `child` as ``start(_:with:onExit:)`` does, handing `onExit`
    /// each exit with its name (``ModuleExit/exitName``), read by the engine
    /// (an explorer reads each distinct exit's name at most once).
    static func start<Child: Flow>(
        _ child: Child,
        with stepper: any Stepper<Child.StepType>,
        namingExits onExit: @escaping @Sendable (Child.ExitType, String) -> StepType
    ) -> Self {
        Self(elements: [.start(ChildFlow(child, stepper: stepper, namingExits: onExit))])
    }

    /// Starts `child`, a flow that never exits, driven by `stepper`.
    public static func start<Child: Flow>(
        _ child: Child,
        with stepper: any Stepper<Child.StepType>
    ) -> Self where Child.ExitType == Never {
        start(child, with: stepper, onExit: { (exit: Never) -> StepType in })
    }

    /// Queues `step` for this flow, after the steps already queued.
    @inlinable
    public static func forward(_ step: StepType) -> Self {
        Self(elements: [.forward(step)])
    }

    /// Hands `exit` to the parent flow without ending this one.
    @inlinable
    public static func forwardToParent(_ exit: ExitType) -> Self {
        Self(elements: [.forwardToParent(exit)])
    }

    /// Ends this flow. Its subtree (child flows, screens, steppers) is
    /// released before the parent receives `exit`. Ending a root flow ends
    /// the coordination and is reported as
    /// ``NavigationEvent/coordinationEnded(exit:)``.
    @inlinable
    public static func end(_ exit: ExitType) -> Self {
        Self(elements: [.end(exit)])
    }

    /// Shows `sections` side by side (tabs), each a child flow with its
    /// own stack, with `selected` selected (the first when `nil`).
    ///
    /// Only the selected section's screens can be on top; the others keep
    /// their stacks, hidden, until selected, and steps from their screens
    /// are delivered only as their visibility allows (steppers bound to a
    /// section's flow run whatever is selected). A person selects another
    /// section through the UI (``Coordinator/select(section:of:)``), a
    /// script or walk with `select <name>`, and the flow with
    /// ``select(_:)``. Back acts within the selected section. A flow shows
    /// its sections once; when a section's flow ends, the section goes,
    /// and if it was selected, the first left is.
    ///
    /// ```swift
    /// case .signedIn:
    ///     .sections([
    ///         Section("test", label: "Test a patient", flow: TestFlow(), with: OneStepper(.start)) { _ in .tested },
    ///         Section("kept", label: "Kept results", flow: KeptFlow(), with: OneStepper(.list)),
    ///     ])
    /// ```
    public static func sections(_ sections: [Section<StepType>], selected: String? = nil) -> Self {
        Self(elements: [.sections(sections, selected: selected ?? sections.first?.name ?? "")])
    }

    /// Selects this flow's section called `name`, whatever covers the
    /// section bar (a link that opens a kept result selects its section).
    public static func select(_ name: String) -> Self {
        Self(elements: [.select(name)])
    }

    /// Changes the variant's record: sets an entry, adds or removes an
    /// item, or clears it. Only the instance that owns the entry writes
    /// it (a list's takers remove items); the manifest says which, and
    /// the engine refuses anyone else with a ``NavigationChange/rejected(reason:)``.
    ///
    /// ```swift
    /// case .savedForLater(let item):
    ///     .multiple(.record(.append("kept", item)), .show(savedScreen))
    /// ```
    @inlinable
    public static func record(_ operation: RecordOperation) -> Self {
        Self(elements: [.record(operation)])
    }

    /// Reads `keys` of the variant's record and applies the navigation
    /// `then` makes of them: a screen that shows a recorded value, or a
    /// decision that depends on an entry's class. `then` must be a pure
    /// function of what it reads, as `navigate` is of its step; every
    /// screen it shows carries the entries read (``Screen/shows``), which
    /// the presentation and the rules about data see.
    ///
    /// ```swift
    /// case .confirm:
    ///     .reading("reading", "patient") { record in
    ///         .show(Screen(id: "confirm", title: text["confirm.title"],
    ///                      body: [text["confirm.body", ["reading": record["reading"]?.text ?? "—"]]], actions: …))
    ///     }
    /// ```
    ///
    /// An entry the flow's module does not declare it reads is read as
    /// absent, and the engine says so (``NavigationChange/rejected(reason:)``).
    public static func reading(
        _ keys: String..., then make: @escaping @Sendable (RecordView) -> Self
    ) -> Self {
        reading(keys, then: make)
    }

    /// Reads `keys` of the record: ``reading(_:then:)-(String...,_)`` with an array.
    public static func reading(
        _ keys: [String], then make: @escaping @Sendable (RecordView) -> Self
    ) -> Self {
        Self(elements: [.reading(keys, RecordReader(make))])
    }

    /// Applies `navigations` in order. Unhandled parts are skipped; the
    /// result is unhandled only when every part is.
    public static func multiple(_ navigations: [Self]) -> Self {
        // Closures, not key paths: a key path into this generic type is
        // made at run time on every call.
        let handled = navigations.filter { $0.isHandled }
        if handled.isEmpty && !navigations.isEmpty { return .unhandled }
        return Self(elements: handled.flatMap { $0.elements })
    }

    /// Applies `navigations` in order.
    public static func multiple(_ navigations: Self...) -> Self {
        multiple(navigations)
    }

    /// This navigation with every child it starts running in the record
    /// scope of module instance `instance`.
    func scoped(to instance: String) -> Self {
        Self(
            elements: elements.map { element in
                guard case .start(var child) = element else { return element }
                child.scope = instance
                return .start(child)
            }, isHandled: isHandled)
    }
}

/// Makes the navigation ``Navigation/reading(_:then:)-(String...,_)`` applies
/// from the entries it read. Two readers are equal: a navigation is not
/// compared by what it would make.
public struct RecordReader<StepType: Step, ExitType: Step>: Sendable, Hashable {
    let make: @Sendable (RecordView) -> Navigation<StepType, ExitType>

    init(_ make: @escaping @Sendable (RecordView) -> Navigation<StepType, ExitType>) { self.make = make }

    /// Every reader is equal to every other.
    public static func == (lhs: Self, rhs: Self) -> Bool { true }
    /// Hashes nothing: see ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {}
}

/// A child flow to start, with its stepper and the mapping of its exits into
/// the parent's steps. Made by ``Navigation/start(_:with:onExit:)``.
public struct ChildFlow<ParentStep: Step>: Sendable {
    /// The child flow.
    package let flow: any Flow
    /// The stepper that drives it.
    package let stepper: any Stepper
    /// Maps one of the child's exits to the parent's step; `nil` when `exit`
    /// is not of the child's exit type.
    package let parentStep: @Sendable (_ exit: any Step) -> ParentStep?
    /// The module instance whose record declarations the child's flows
    /// write and read under; `nil`: its parent's.
    var scope: String?
    /// Starts the child in the engine's state; generic code captured when
    /// the child was made.
    let launch:
        @Sendable (_ launcher: ChildLauncher<ParentStep>, _ state: inout EngineState, _ transaction: inout Transaction)
            -> Void

    init<Child: Flow>(
        _ child: Child,
        stepper: any Stepper<Child.StepType>,
        onExit: @escaping @Sendable (Child.ExitType) -> ParentStep
    ) {
        self.init(child, stepper: stepper, mapping: .plain(onExit))
    }

    /// A child whose exits are mapped with their names (the engine reads
    /// a name only when the exit is taken).
    init<Child: Flow>(
        _ child: Child,
        stepper: any Stepper<Child.StepType>,
        namingExits onExit: @escaping @Sendable (Child.ExitType, String) -> ParentStep
    ) {
        self.init(child, stepper: stepper, mapping: .named(onExit))
    }

    /// A child whose exits become the parent's steps through `mapping`.
    private init<Child: Flow>(
        _ child: Child, stepper: any Stepper<Child.StepType>, mapping: ExitMapping<Child.ExitType, ParentStep>
    ) {
        self.flow = child
        self.stepper = stepper
        self.parentStep = { exit in
            (exit as? Child.ExitType).map { typed in mapping.step(for: typed) { exitName(of: typed) } }
        }
        self.launch = { launcher, state, transaction in
            launcher.launch(child, stepper: stepper, onExit: mapping, &state, &transaction)
        }
    }
}

/// One section of ``Navigation/sections(_:selected:)``: a name, the label a
/// tab bar shows, and the child flow that runs in it with its stepper.
public struct Section<ParentStep: Step>: Sendable {
    /// The name the section is selected by (`select kept` in a script).
    public let name: String
    /// What a tab bar shows.
    public let label: String
    /// The label's text key in its module, when it has one.
    package let labelKey: String?
    /// The child flow, its stepper, and how its exits become the
    /// parent's steps.
    public let child: ChildFlow<ParentStep>

    /// A section called `name`, labelled `label` (a module's text such as
    /// `text["tabs.topics"]`, which the variant's catalog checks, or a
    /// literal string), running `flow` driven by `stepper`; its exits come
    /// back to the parent as the steps `onExit` makes of them.
    public init<Child: Flow>(
        _ name: String, label: some ShownText, flow: Child, with stepper: any Stepper<Child.StepType>,
        onExit: @escaping @Sendable (Child.ExitType) -> ParentStep
    ) {
        let label = label.localizedText
        self.init(name, label: label.value, key: label.key, child: ChildFlow(flow, stepper: stepper, onExit: onExit))
    }

    /// A section running `flow`, a flow that never exits: no `onExit`.
    public init<Child: Flow>(
        _ name: String, label: some ShownText, flow: Child, with stepper: any Stepper<Child.StepType>
    ) where Child.ExitType == Never {
        self.init(name, label: label, flow: flow, with: stepper, onExit: { (exit: Never) -> ParentStep in })
    }

    private init(_ name: String, label: String, key: String?, child: ChildFlow<ParentStep>) {
        self.name = name
        self.label = label
        self.labelKey = key
        self.child = child
    }
}
