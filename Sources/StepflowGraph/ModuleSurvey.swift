package import Stepflow

/// What a module can show and how it can end, across its options: its
/// screens (the ids rules name as `<instance>/<screen>`) and its exits,
/// each with the option values under which it appears. Found by exploring
/// the module's own flow, as a variant's states are explored, once with
/// the default options and once for each other value of each choice or
/// boolean option (the others at their defaults), with each value a
/// required choice field of its entry can carry.
///
/// ```swift
/// let survey = ModuleSurvey(OnboardingModule.self)
/// survey.exits.map(\.name)   // ["completed", "declined", "lockedOut"]
/// ```
package struct ModuleSurvey: Sendable {
    /// A screen the module can show.
    package struct ScreenEntry: Hashable, Sendable {
        /// Its id (`checklist`).
        package let id: String
        /// Its title, as first seen.
        package let title: String
        /// When it appears: under every setting tried, or only under some.
        package let availability: Availability
    }

    /// Under which option settings a screen or exit was found.
    package enum Availability: Hashable, Sendable, CustomStringConvertible {
        /// Under every setting tried.
        case always
        /// Only under these settings (`name = value`).
        case only([String])
        /// Under every setting tried but these (`name = value`).
        case not([String])

        /// `only with audience = "professional"`, `not with identifyBy =
        /// "scan"`, or empty.
        package var description: String {
            switch self {
            case .always: ""
            case .only(let settings): "only with " + settings.joined(separator: " or ")
            case .not(let settings): "not with " + settings.joined(separator: " or ")
            }
        }
    }

    /// An exit the module can take.
    package struct ExitEntry: Hashable, Sendable {
        /// The exit's name.
        package let name: String
        /// The fields it hands on.
        package let fields: [String]
        /// What it means.
        package let summary: String
        /// When it can be taken.
        package let availability: Availability
    }

    /// A link the module declares: what a manifest's `links` route an
    /// address to (`"kept/{result}/{patient}": "home.kept"`).
    package struct LinkEntry: Hashable, Sendable {
        /// Its name (`kept`).
        package let name: String
        /// Its parameters, each a `{name}` an address may carry.
        package let parameters: [FieldSpec]
        /// What it opens.
        package let summary: String
        /// The option values under which the module declares it.
        package let availability: Availability
    }

    /// The screens, in the order first found: those its flow shows from
    /// its entry and those a declared link opens.
    public let screens: [ScreenEntry]
    /// The links it declares, in the order first declared.
    public let links: [LinkEntry]
    /// The exits, in the order declared.
    public let exits: [ExitEntry]
    /// The services the module needs that the survey was not given; when
    /// there are any, the module was not explored and ``screens`` is empty.
    package let missingServices: [ServiceRequirement]

    /// Surveys `module`, launched with `services` (never called: no
    /// stepper is started). A module needing a service not among them
    /// cannot be launched: see ``missingServices``.
    package init(_ module: any FeatureModule.Type, services: ModuleServices = ModuleServices()) {
        missingServices = module.services.filter { !services.provides($0) }
        let defaults = ModuleOptions(specs: module.options)
        var settings: [(label: String?, options: ModuleOptions)] = [(nil, defaults)]
        for option in module.options {
            let values: [ModuleValue] =
                switch option.kind {
                case .choice(let choices): choices.map { .text($0) }
                case .boolean: [.boolean(true), .boolean(false)]
                case .integer, .text: []
                }
            for value in values where value != option.defaultValue {
                var changed = defaults.values
                changed[option.name] = value
                settings.append(("\(option.name) = \(value)", ModuleOptions(specs: module.options, values: changed)))
            }
        }
        var handoffs = [Handoff()]
        if let field = module.entryFields.first(where: \.isRequired), case .choice(let choices) = field.kind {
            handoffs = choices.map { Handoff([field.name: .text($0)]) }
        }
        var screenOrder: [String] = []
        var titles: [String: String] = [:]
        var screensBy: [String: Set<String>] = [:]
        var exitsBy: [String: Set<String>] = [:]
        var declared: [String: ExitSpec] = [:]
        var exitOrder: [String] = []
        var fieldsBy: [String: [String]] = [:]
        var declaredBy: [String: Set<String>] = [:]
        var linkSpecs: [String: LinkSpec] = [:]
        var linkOrder: [String] = []
        var linksBy: [String: Set<String>] = [:]
        for setting in settings {
            let label = setting.label ?? "default"
            for spec in module.exits(for: setting.options) {
                declaredBy[spec.name, default: []].insert(label)
                if declared[spec.name] == nil {
                    declared[spec.name] = spec
                    exitOrder.append(spec.name)
                }
                for field in spec.fields.map(\.name) where !(fieldsBy[spec.name] ?? []).contains(field) {
                    fieldsBy[spec.name, default: []].append(field)
                }
            }
            let declaredLinks = module.links(for: setting.options)
            for spec in declaredLinks {
                linksBy[spec.name, default: []].insert(label)
                if linkSpecs[spec.name] == nil {
                    linkSpecs[spec.name] = spec
                    linkOrder.append(spec.name)
                }
            }
            for handoff in handoffs where missingServices.isEmpty {
                let entry = module.launch(
                    instance: module.id, options: setting.options,
                    environment: ModuleEnvironment(clock: IdleClock(), services: services), handoff: handoff)
                // From its entry, and from each link it declares, opened
                // with representative arguments: a screen only a link
                // shows is one a manifest can name too.
                let started = declaredLinks.flatMap(ModuleContract.representativeLinks(of:)).compactMap {
                    entry.starting(at: $0)
                }
                // What it shows only when the record holds what it reads.
                for (id, title) in ModuleContract.screensFromRecords(
                    of: module, options: setting.options, handoffs: [handoff],
                    environment: ModuleEnvironment(clock: IdleClock(), services: services))
                {
                    if titles[id] == nil {
                        titles[id] = title
                        screenOrder.append(id)
                    }
                    screensBy[id, default: []].insert(label)
                }
                for launch in [entry] + started {
                    let states = GraphExplorer.exploreStates(
                        SurveyRoot(launch: launch), with: OneStepper(.start), app: "survey",
                        limits: ExplorationLimits(maxStates: 20_000))
                    for node in states.projection.nodes where node.instance == module.id {
                        let local = String(node.id.dropFirst(module.id.count + 1))
                        if node.kind == .screen {
                            if titles[local] == nil {
                                titles[local] = node.label
                                screenOrder.append(local)
                            }
                            screensBy[local, default: []].insert(label)
                        }
                    }
                    for edge in states.projection.edges where edge.kind == .exit {
                        exitsBy[states.projection.label(of: edge), default: []].insert(label)
                    }
                }
            }
        }
        let all = Set(settings.map { $0.label ?? "default" })
        let order = settings.map { $0.label ?? "default" }
        func availability(_ seen: Set<String>) -> Availability {
            if seen == all { return .always }
            if seen.contains("default") { return .not(order.filter { !seen.contains($0) }) }
            return .only(order.filter(seen.contains))
        }
        screens = screenOrder.map {
            ScreenEntry(id: $0, title: titles[$0] ?? $0, availability: availability(screensBy[$0] ?? []))
        }
        links = linkOrder.compactMap { name in
            guard let spec = linkSpecs[name] else { return nil }
            return LinkEntry(
                name: name, parameters: spec.parameters, summary: spec.summary,
                availability: availability(linksBy[name] ?? all))
        }
        exits = exitOrder.compactMap { name in
            guard let spec = declared[name] else { return nil }
            return ExitEntry(
                name: name, fields: fieldsBy[name] ?? [], summary: spec.summary,
                availability: availability(exitsBy[name] ?? declaredBy[name] ?? all))
        }
    }
}

/// Starts one module and ends with any of its exits.
private final class SurveyRoot: Flow {
    enum Step: Stepflow.Step { case start, exited(String) }
    let launch: ModuleLaunch
    init(launch: ModuleLaunch) { self.launch = launch }
    var name: String { "survey" }
    func navigate(to step: Step) -> Navigation<Step, Step> {
        switch step {
        case .start: launch.start(onExit: { Step.exited($0.exitName) })
        case .exited(let exit): .end(.exited(exit))
        }
    }
}

extension ModuleSurvey {
    /// The survey of `module` with `services`, made once in this process:
    /// a survey follows from the module's type and the services' names
    /// alone (every option setting is tried; no service is called), and a
    /// family's variants name the same modules again and again.
    package static func shared(_ module: any FeatureModule.Type, services: ModuleServices) -> ModuleSurvey {
        surveys.value(for: SurveyKey(module: ObjectIdentifier(module), services: services.names)) {
            ModuleSurvey(module, services: services)
        }
    }

    private struct SurveyKey: Hashable, Sendable {
        let module: ObjectIdentifier
        let services: [String]
    }

    /// Surveys made so far.
    private static let surveys = Memo<SurveyKey, ModuleSurvey>(capacity: 256)
}
