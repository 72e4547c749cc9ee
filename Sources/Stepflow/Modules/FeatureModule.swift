/// The exit type of a feature module's flow: what its parent routes on.
///
/// Exits are enum cases; a manifest names them by case name
/// (`"procedure.resultCaptured"`), and the data they carry to the next
/// module travels as a ``Handoff``.
///
/// ```swift
/// public enum ProcedureExit: ModuleExit {
///     case resultCaptured(TestResult)
///     case cancelled
///
///     public var handoff: Handoff {
///         guard case .resultCaptured(let result) = self else { return Handoff() }
///         return Handoff(["result": .text(result.rawValue)])
///     }
/// }
/// ```
public protocol ModuleExit: Step {
    /// The name manifests route on. Defaults to the case name.
    var exitName: String { get }
    /// The data handed to the next module. Empty by default.
    var handoff: Handoff { get }
}

extension ModuleExit {
    /// The case name (``StepIdentity/caseName(of:)``).
    public var exitName: String { StepIdentity.caseName(of: self) }

    /// No data.
    public var handoff: Handoff { Handoff() }
}

/// A declared exit: its name, what it means, and the fields it hands on.
public struct ExitSpec: Hashable, Sendable {
    /// The exit's name, as manifests route on it.
    public let name: String
    /// One line on when the module takes this exit.
    public let summary: String
    /// The fields the exit hands to the next module.
    public let fields: [FieldSpec]

    /// Declares an exit.
    public init(_ name: String, fields: [FieldSpec] = [], summary: String) {
        self.name = name
        self.summary = summary
        self.fields = fields
    }
}

/// What a module's flows may use from the app around them: the clock
/// and the services the app gives.
public struct ModuleEnvironment: Sendable {
    /// The clock timers run on: real time in the app, a manual clock in tests.
    public let clock: any StepClock
    /// The services the app gives its modules.
    public let services: ModuleServices
    /// Where the instance's texts come from: the variant's overrides and
    /// translations for the locale shown (English defaults when empty).
    public let texts: TextSource
    /// The day date classes relative to a day are judged on ("18 or
    /// over": ``ValueRule/dates(from:through:)``): `nil` in an app, for
    /// the device's day when each screen is shown; a fixed day in tools
    /// and tests, so that an analysis and the suites made from it are
    /// reproducible (`rootapp` takes a manifest's `referenceDate`, else the
    /// day it runs).
    public let today: CalendarDate?

    /// An environment on `clock` with `services`, showing `texts`, judging
    /// date classes on `today` (`nil`: the device's day).
    public init(
        clock: any StepClock = DispatchClock(), services: ModuleServices = ModuleServices(),
        texts: TextSource = TextSource(), today: CalendarDate? = nil
    ) {
        self.clock = clock
        self.services = services
        self.texts = texts
        self.today = today
    }

    /// This environment showing `texts` instead.
    package func showing(_ texts: TextSource) -> ModuleEnvironment {
        ModuleEnvironment(clock: clock, services: services, texts: texts, today: today)
    }
}

/// A feature module: one sealed flow with a small public face.
///
/// A module's flow, steps and screens are internal to its target. What it
/// shows the world is this type: an id, a summary, typed options with
/// defaults, the fields its entry reads, the exits its parent routes on,
/// and ``launch(instance:options:environment:handoff:)``, which makes its
/// flow and entry step sealed in a ``ModuleLaunch``. A manifest composes
/// modules by these alone.
///
/// ```swift
/// public enum SupportModule: FeatureModule {
///     public static let id = "support"
///     public static let summary = "Help topics and how to reach a person."
///     public static let options: [OptionSpec] = []
///     public static func exits(for options: ModuleOptions) -> [ExitSpec] {
///         [ExitSpec("done", summary: "the person has the help they needed")]
///     }
///     public static func launch(instance: String, options: ModuleOptions,
///                               environment: ModuleEnvironment, handoff: Handoff) -> ModuleLaunch {
///         ModuleLaunch(SupportFlow(name: instance), entry: .topics)   // internal types
///     }
/// }
/// ```
public protocol FeatureModule: Sendable {
    /// The id manifests name the module by (`"procedure"`).
    static var id: String { get }
    /// One line on what the module does.
    static var summary: String { get }
    /// The options the module accepts.
    static var options: [OptionSpec] { get }
    /// The handoff fields the module's entry needs. Empty by default.
    static var entryFields: [FieldSpec] { get }
    /// The handoff fields the entry needs with these options, and the
    /// values each accepts (a COVID result screen accepts positive,
    /// negative and invalid, not an HbA1c reading). Validation proves over
    /// every route that every value that can arrive is accepted. Defaults
    /// to ``entryFields``.
    static func entryFields(for options: ModuleOptions) -> [FieldSpec]
    /// Every text the module can show, with its key and English default
    /// (see ``ModuleTexts``). Empty by default: a module of literal texts
    /// cannot be re-worded or translated.
    static var texts: [TextSpec] { get }
    /// The services the module reads from its environment in `launch`,
    /// whatever its options. A manifest using the module is refused when
    /// the app does not give them all. Empty by default.
    static var services: [ServiceRequirement] { get }
    /// The services the module needs with these options: ``services`` by
    /// default. A professional result screen needs a lab link; a lay one
    /// does not.
    static func services(for options: ModuleOptions) -> [ServiceRequirement]
    /// The package the module ships in and its version, recorded in review
    /// reports. Undeclared by default: a report then says
    /// the version is not known.
    static var package: ModulePackage { get }
    /// The exits the flow can take with these options (a lay onboarding
    /// cannot be locked out of a sign-in it does not have).
    static func exits(for options: ModuleOptions) -> [ExitSpec]
    /// The entries of the variant's record the module writes, reads or
    /// takes items off with these options (see ``RecordSpec``): none by
    /// default. The module contract refuses a write or read the module
    /// does not declare; a manifest says which instance owns each entry
    /// and how long it lives.
    static func record(for options: ModuleOptions) -> [RecordSpec]
    /// The links the module takes with these options (see ``LinkSpec``):
    /// none by default. Each is mapped to an internal step by the launch's
    /// `links:` (``ModuleLaunch/init(_:entry:links:)``).
    static func links(for options: ModuleOptions) -> [LinkSpec]
    /// The kits whose screens the module shows (see ``ModuleKit``): none by
    /// default. ``ModuleContract`` checks that the module declares each
    /// kit's texts, options and exits.
    static var kits: [any ModuleKit.Type] { get }
    /// Makes the flow for one instance of the module, with its entry step
    /// made from the data handed to it.
    static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch
}

extension FeatureModule {
    /// No fields.
    public static var entryFields: [FieldSpec] { [] }

    /// ``entryFields``, whatever the options.
    public static func entryFields(for options: ModuleOptions) -> [FieldSpec] { entryFields }

    /// No services.
    public static var services: [ServiceRequirement] { [] }

    /// ``services``, whatever the options.
    public static func services(for options: ModuleOptions) -> [ServiceRequirement] { services }

    /// No declared texts.
    public static var texts: [TextSpec] { [] }

    /// Not declared.
    public static var package: ModulePackage { .undeclared }

    /// No links.
    public static func links(for options: ModuleOptions) -> [LinkSpec] { [] }
    /// No kit.
    public static var kits: [any ModuleKit.Type] { [] }

    /// No record entries.
    public static func record(for options: ModuleOptions) -> [RecordSpec] { [] }
}

/// A module's flow and its entry step, sealed: the parent starts it and
/// routes its exits without seeing the module's step type.
public struct ModuleLaunch: Sendable {
    private let box: any LaunchBox

    /// Seals `flow`, to be started with `entry`. Called inside the module,
    /// where the flow's types are visible.
    public init<ModuleFlow: Flow>(_ flow: ModuleFlow, entry: ModuleFlow.StepType)
    where ModuleFlow.ExitType: ModuleExit {
        box = TypedLaunch(flow: flow, entry: entry, links: { _ in nil }, startingAt: { _ in nil })
    }

    /// Seals `flow`, to be started with `entry`, taking the module's
    /// declared links: `links` maps each (by its name, with its checked
    /// arguments) to one of the flow's internal steps, or `nil` for a link
    /// it does not take with these options.
    ///
    /// ```swift
    /// ModuleLaunch(ResultsFlow(...), entry: .show(result)) { link in
    ///     link.name == "show" ? link.arguments.choice("result", as: Reading.self).map(ResultsStep.show) : nil
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - flow: The module's flow.
    ///   - entry: The step it starts with.
    ///   - links: The step each declared link is delivered as.
    public init<ModuleFlow: Flow>(
        _ flow: ModuleFlow, entry: ModuleFlow.StepType,
        links: @escaping @Sendable (ModuleLink) -> ModuleFlow.StepType?
    ) where ModuleFlow.ExitType: ModuleExit {
        box = TypedLaunch(flow: flow, entry: entry, links: links, startingAt: links)
    }

    /// Seals `flow`, to be started with `entry`, taking the module's
    /// declared links, and starting at a link its own way: `links` maps a
    /// link opened while the module runs, `startingAt` one that starts the
    /// module (a manifest's `"whenNotRunning": "start"`).
    ///
    /// A link's step arrives over whatever the module shows; one that
    /// starts the module arrives over nothing. A module whose link opens a
    /// sheet over its home gives both: live, the sheet over what is shown;
    /// at a cold start, the home and the sheet over it, so closing the
    /// sheet leaves the home, not an empty screen:
    ///
    /// ```swift
    /// ModuleLaunch(flow, entry: .start, links: { link in .openKept(link) },
    ///              startingAt: { link in .startAtKept(link) })
    /// ```
    ///
    /// - Parameters:
    ///   - flow: The module's flow.
    ///   - entry: The step it starts with.
    ///   - links: The step each declared link is delivered as while the
    ///     module runs.
    ///   - startingAt: The step the module starts with when a link starts
    ///     it.
    public init<ModuleFlow: Flow>(
        _ flow: ModuleFlow, entry: ModuleFlow.StepType,
        links: @escaping @Sendable (ModuleLink) -> ModuleFlow.StepType?,
        startingAt: @escaping @Sendable (ModuleLink) -> ModuleFlow.StepType?
    ) where ModuleFlow.ExitType: ModuleExit {
        box = TypedLaunch(flow: flow, entry: entry, links: links, startingAt: startingAt)
    }

    /// The step `link` is delivered as to this module's flow, if it takes
    /// the link.
    public func step(for link: ModuleLink) -> (any Step)? { box.step(for: link) }

    /// This launch started at `link` instead of its entry (at the step
    /// `startingAt:` maps it to, or without one the step `links:` does):
    /// what a link that starts its module does. `nil` if the module does
    /// not take it.
    package func starting(at link: ModuleLink) -> ModuleLaunch? {
        box.starting(at: link).map(ModuleLaunch.init(box:))
    }

    private init(box: any LaunchBox) { self.box = box }

    /// This launch, able to start at the page that asks each record entry
    /// the module owns: `map` gives the step that shows it, or `nil` for
    /// an entry it does not ask. What a summary's Change opens
    /// (a manifest routes its exit to `"edit"`).
    ///
    /// ```swift
    /// ModuleLaunch(flow, entry: .name).editing { key in key == "applicantName" ? .name : nil }
    /// ```
    ///
    /// `map`'s step must be of the flow's step type; another is ignored.
    public func editing<StepType: Step>(_ map: @escaping @Sendable (String) -> StepType?) -> ModuleLaunch {
        ModuleLaunch(box: box.editing { key in map(key) })
    }

    /// This launch started at the page that asks record entry `key`
    /// (``editing(_:)``), or `nil` when the module does not ask it.
    package func starting(editing key: String) -> ModuleLaunch? {
        box.starting(editing: key).map(ModuleLaunch.init(box:))
    }

    /// The module's flow (for analysis, which opens it generically).
    public var flow: any Flow { box.anyFlow }

    /// The entry step.
    public var entry: any Step { box.anyEntry }

    /// The navigation that starts the module as a child of a flow whose
    /// steps are `ParentStep`; `onExit` makes the parent's step from the
    /// module's exit.
    public func start<ParentStep: Step, ParentExit: Step>(
        onExit: @escaping @Sendable (any ModuleExit) -> ParentStep
    ) -> Navigation<ParentStep, ParentExit> {
        box.start(onExit: onExit)
    }

    /// As ``start(onExit:)``, handing `onExit` each exit with its
    /// ``ModuleExit/exitName`` too. The engine reads the name when the exit
    /// is taken (by default by reflection); an explorer reads each distinct
    /// exit's name at most once. A live session keeps nothing past the
    /// exit: an exit's data lives no longer than the module's run.
    public func start<ParentStep: Step, ParentExit: Step>(
        namingExits onExit: @escaping @Sendable (_ exit: any ModuleExit, _ name: String) -> ParentStep
    ) -> Navigation<ParentStep, ParentExit> {
        box.start(namingExits: onExit)
    }

    /// As ``start(namingExits:)``, as module instance `instance`: the
    /// module's flows write and read the variant's record under that
    /// instance's declarations (``RecordSchema``), which the engine holds
    /// them to.
    public func start<ParentStep: Step, ParentExit: Step>(
        as instance: String,
        namingExits onExit: @escaping @Sendable (_ exit: any ModuleExit, _ name: String) -> ParentStep
    ) -> Navigation<ParentStep, ParentExit> {
        box.start(namingExits: onExit).scoped(to: instance)
    }
}

private protocol LaunchBox: Sendable {
    var anyFlow: any Flow { get }
    var anyEntry: any Step { get }
    func step(for link: ModuleLink) -> (any Step)?
    func starting(at link: ModuleLink) -> (any LaunchBox)?
    func editing(_ map: @escaping @Sendable (String) -> (any Step)?) -> any LaunchBox
    func starting(editing key: String) -> (any LaunchBox)?
    func start<ParentStep: Step, ParentExit: Step>(
        onExit: @escaping @Sendable (any ModuleExit) -> ParentStep
    ) -> Navigation<ParentStep, ParentExit>
    func start<ParentStep: Step, ParentExit: Step>(
        namingExits onExit: @escaping @Sendable (any ModuleExit, String) -> ParentStep
    ) -> Navigation<ParentStep, ParentExit>
}

private struct TypedLaunch<ModuleFlow: Flow>: LaunchBox where ModuleFlow.ExitType: ModuleExit {
    let flow: ModuleFlow
    let entry: ModuleFlow.StepType
    let links: @Sendable (ModuleLink) -> ModuleFlow.StepType?
    let startingAt: @Sendable (ModuleLink) -> ModuleFlow.StepType?
    var edits: @Sendable (String) -> (any Step)? = { _ in nil }
    var anyFlow: any Flow { flow }
    var anyEntry: any Step { entry }
    func step(for link: ModuleLink) -> (any Step)? { links(link) }
    func starting(at link: ModuleLink) -> (any LaunchBox)? {
        startingAt(link).map { copy(entry: $0) }
    }
    func editing(_ map: @escaping @Sendable (String) -> (any Step)?) -> any LaunchBox {
        var edited = self
        edited.edits = map
        return edited
    }
    func starting(editing key: String) -> (any LaunchBox)? {
        (edits(key) as? ModuleFlow.StepType).map { copy(entry: $0) }
    }
    private func copy(entry: ModuleFlow.StepType) -> TypedLaunch {
        var copy = TypedLaunch(flow: flow, entry: entry, links: links, startingAt: startingAt)
        copy.edits = edits
        return copy
    }
    func start<ParentStep: Step, ParentExit: Step>(
        onExit: @escaping @Sendable (any ModuleExit) -> ParentStep
    ) -> Navigation<ParentStep, ParentExit> {
        .start(flow, with: OneStepper(entry), onExit: { exit in onExit(exit) })
    }

    func start<ParentStep: Step, ParentExit: Step>(
        namingExits onExit: @escaping @Sendable (any ModuleExit, String) -> ParentStep
    ) -> Navigation<ParentStep, ParentExit> {
        .start(flow, with: OneStepper(entry), namingExits: { exit, name in onExit(exit, name) })
    }
}
