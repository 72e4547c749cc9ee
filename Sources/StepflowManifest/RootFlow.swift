public import Stepflow

/// The steps of a ``RootFlow``: it starts module instances and routes their
/// exits, nothing else.
public enum RootStep: Step {
    /// The app starts: enter the manifest's start instance.
    case start
    /// Start `instance`, handing it `data`.
    case enter(instance: String, data: CarriedData)
    /// `instance` ended through `exit`; `data` holds what was gathered so
    /// far that some module of the variant reads, the exit's own included.
    case exited(instance: String, exit: String, data: CarriedData)
    /// A link opened while `instance` was not running, under a route that
    /// starts it: start `instance` at `link`, handing it `data`: the
    /// link's arguments that some module of the variant reads (and nothing
    /// gathered before: that belonged to the walk the link left).
    case linked(instance: String, link: ModuleLink, data: CarriedData)
    /// `instance` asked to change record entry `entry` (an exit routed to
    /// `edit`): its owner opens at the page that asks it.
    case change(instance: String, entry: String, data: CarriedData)
    /// `instance`, opened to change an answer for `returnTo`, ended
    /// through `exit`; it ended through `previous` the time before.
    case edited(instance: String, exit: String, previous: String?, returnTo: String, data: CarriedData)

    /// `start`, `enter(test)`, `test.resultCaptured {result: "negative"}`:
    /// every associated value, in the order a person reads them.
    public var stepID: String {
        switch self {
        case .start: "start"
        case .enter(let instance, let data):
            "enter(\(instance))" + (data.handoff.fields.isEmpty ? "" : " \(data.handoff)")
        case .exited(let instance, let exit, let data):
            "\(instance).\(exit)" + (data.handoff.fields.isEmpty ? "" : " \(data.handoff)")
        case .linked(let instance, let link, _): "link(\(instance).\(link))"
        case .change(let instance, let entry, _): "\(instance).change(\(entry))"
        case .edited(let instance, let exit, let previous, let returnTo, _):
            // Back where the change was asked only when the way out is the
            // one taken before; otherwise on, as the routes say.
            "\(instance).\(exit)" + (exit == previous ? " (back to \(returnTo))" : " (on as routed)")
        }
    }
}

/// The data modules have handed on, by the instance that produced it, in
/// the order the instances ran. Data lives only as long as it is valid:
/// entering an instance again drops what it and every instance after it
/// produced, so the next patient never sees the last one's data (DESIGN
/// contract 9).
///
/// ```swift
/// var data = CarriedData()
/// data.record(Handoff(["patient": .text("P-1")]), from: "intake")
/// data.record(Handoff(["result": .text("positive")]), from: "test")
/// data.reenter("intake")   // both are gone: intake runs again
/// ```
public struct CarriedData: Hashable, Sendable, CustomStringConvertible {
    /// What one instance produced.
    package struct Produced: Hashable, Sendable {
        /// The instance.
        package let instance: String
        /// The fields it handed on.
        package let fields: Handoff
        /// The exit it ended through, when it ended.
        package var exit: String? = nil
    }

    /// What each instance produced, in the order they ran.
    package private(set) var produced: [Produced] = []

    /// Nothing carried.
    package init() {}

    /// Every field carried: a later instance's value wins.
    package var handoff: Handoff {
        var merged = Handoff()
        for entry in produced {
            for (name, value) in entry.fields.fields { merged.fields[name] = value }
        }
        return merged
    }

    /// Records that `instance` ran and handed on `fields`, ending through
    /// `exit`.
    package mutating func record(_ fields: Handoff, from instance: String, exit: String?) {
        produced.append(Produced(instance: instance, fields: fields, exit: exit))
    }

    /// Records that `instance` ran and handed on `fields` (through an exit
    /// not named: a link's arguments, data made before any exit).
    package mutating func record(_ fields: Handoff, from instance: String) {
        record(fields, from: instance, exit: nil)
    }

    /// `instance`, run again to change an answer, handed on `fields` and
    /// ended through `exit`: in place of what it produced before, so what
    /// the instances after it produced stays.
    package mutating func replace(_ fields: Handoff, from instance: String, exit: String?) {
        guard let position = produced.lastIndex(where: { $0.instance == instance }) else {
            return record(fields, from: instance, exit: exit)
        }
        produced[position] = Produced(instance: instance, fields: fields, exit: exit)
    }

    /// The exit `instance` last ended through, if it ran.
    package func lastExit(of instance: String) -> String? {
        produced.last { $0.instance == instance }?.exit
    }

    /// `instance` is entered: if it ran before, what it and every instance
    /// after it produced is dropped.
    package mutating func reenter(_ instance: String) {
        if let position = produced.firstIndex(where: { $0.instance == instance }) {
            produced.removeSubrange(position...)
        }
    }

    /// The merged fields, as `Handoff` writes them.
    public var description: String { handoff.description }
}

/// How a composed app ends: through the exit whose route is `end`.
public enum AppExit: Step {
    /// The app finished after `instance` took `exit`.
    case finished(instance: String, exit: String)

    /// The instance whose exit ended the app.
    package var instance: String {
        switch self {
        case .finished(let instance, _): instance
        }
    }

    /// The exit, by its name, that ended the app.
    package var exit: String {
        switch self {
        case .finished(_, let exit): exit
        }
    }

    /// `instance.exit`, as scripts write it (`expect end result.done`).
    package var route: String { "\(instance).\(exit)" }
}

/// Composes one app variant from a manifest: starts the start instance's
/// flow and routes each module exit where the manifest says.
///
/// Everything that runs or analyses a variant goes through this flow, so
/// the terminal walk, the tests and the graph see the same routing. It is
/// pure: what it does for a step depends only on the step and the manifest.
/// The data modules hand on accumulate: each module is entered with every
/// field gathered before it, so a patient id from intake still reaches the
/// results after the procedure. Only fields some module of the variant
/// reads (its entry fields) are carried, so the root's steps, and the
/// navigation graph, do not multiply by data nobody uses. Data lives only
/// as long as it is valid (``CarriedData``): entering an instance again
/// drops what it and every instance after it produced.
public final class RootFlow: Flow, DatedFlow {
    /// The variant.
    public let manifest: Manifest
    let registry: ModuleRegistry
    private let environment: ModuleEnvironment
    /// The locale the variant's texts are shown in.
    package let locale: String
    /// The handoff fields some module of the variant reads: what the
    /// variant carries from module to module. A field an exit hands on
    /// that no module reads is dropped at once.
    package let carriedFields: Set<String>
    /// Each instance's options in ``locale``: made once, not on every entry.
    private let options: [String: ModuleOptions]
    /// Each instance's environment, showing its texts in ``locale``: made
    /// once (reading a catalog's entries for an instance), not on every
    /// entry.
    private let environments: [String: ModuleEnvironment]

    /// A root flow for `manifest`, whose modules come from `registry`,
    /// showing the variant's texts in `locale` (by default the first it
    /// ships).
    public init(
        manifest: Manifest, registry: ModuleRegistry, environment: ModuleEnvironment = ModuleEnvironment(),
        locale: String? = nil
    ) {
        self.manifest = manifest
        self.registry = registry
        self.environment = environment
        self.locale = locale ?? manifest.locales.first ?? "en"
        self.carriedFields = Set(
            manifest.instances.flatMap { instance in
                registry.module(instance.module)?.entryFields(for: instance.options).map(\.name) ?? []
            })
        let locale = self.locale
        self.options = Dictionary(
            uniqueKeysWithValues: manifest.instances.map { ($0.id, manifest.options(of: $0, in: locale)) })
        self.environments = Dictionary(
            manifest.instances.map { instance in
                (instance.id, environment.showing(manifest.texts.source(for: instance.id, locale: locale)))
            },
            uniquingKeysWith: { first, _ in first })
    }

    /// The environment instance `id` runs in: its texts in ``locale``.
    func environment(of id: String) -> ModuleEnvironment {
        environments[id] ?? environment.showing(manifest.texts.source(for: id, locale: locale))
    }

    /// The app's id.
    public var name: String { manifest.app.id }

    /// The variant's record as the manifest and its modules declare it:
    /// the engine holds every module instance to it.
    public var recordSchema: RecordSchema? { manifest.record }

    /// The day the variant's date classes are judged on: its environment's
    /// `ModuleEnvironment.today` (`nil` in an app: the device's day).
    package var referenceDate: CalendarDate? { environment.today }

    /// Starts, enters and routes.
    public func navigate(to step: RootStep) -> Navigation<RootStep, AppExit> {
        switch step {
        case .start:
            return enter(manifest.start, with: CarriedData())
        case .enter(let instance, let data):
            return enter(instance, with: data)
        case .exited(let instance, let exit, let data):
            switch manifest.routes[RouteKey(instance: instance, exit: exit)] {
            case .instance(let next): return enter(next, with: data)
            case .end: return .end(.finished(instance: instance, exit: exit))
            case .edit: return .unhandled  // made a `change` step when the exit was taken
            case nil: return .unhandled  // an exit the module did not declare: reported by the engine
            }
        case .linked(let instance, let link, let data):
            return enter(instance, with: data, at: link)
        case .change(let instance, let entry, let data):
            return edit(entry, for: instance, with: data)
        case .edited(let instance, let exit, let previous, let returnTo, let data):
            // The same way out as before: nothing the answer decides
            // changed, so the walk goes back to where the change was asked.
            if exit == previous { return enter(returnTo, with: data) }
            // A decision changed: the walk goes where the new way out leads.
            switch manifest.routes[RouteKey(instance: instance, exit: exit)] {
            case .instance(let next): return enter(next, with: data)
            case .end: return .end(.finished(instance: instance, exit: exit))
            case .edit, nil: return .unhandled
            }
        }
    }

    /// Opens the owner of record entry `key` at the page that asks it, for
    /// `instance`, which the walk comes back to: without dropping what any
    /// instance produced (the owner's new answers replace its old ones).
    private func edit(_ key: String, for instance: String, with data: CarriedData) -> Navigation<RootStep, AppExit> {
        guard let owner = manifest.record.entries[key]?.owner, var launch = launch(owner, handoff: data.handoff),
            let editing = launch.starting(editing: key)
        else { return .unhandled }
        launch = editing
        let carried = carriedFields
        let previous = data.lastExit(of: owner)
        return launch.start(
            as: owner,
            namingExits: { [data] exit, name in
                var gathered = data
                gathered.replace(
                    Handoff(exit.handoff.fields.filter { carried.contains($0.key) }), from: owner, exit: name)
                return .edited(instance: owner, exit: name, previous: previous, returnTo: instance, data: gathered)
            })
    }

    /// What a link hands the instance it starts: its arguments that some
    /// module of the variant reads, produced by `link`.
    func carriedData(of link: ModuleLink) -> CarriedData {
        var data = CarriedData()
        data.record(Handoff(link.arguments.fields.filter { carriedFields.contains($0.key) }), from: "link")
        return data
    }

    /// `instance`'s launch as a link starts it: what maps the link to the
    /// module's step.
    func linkedLaunch(_ id: String, _ link: ModuleLink) -> ModuleLaunch? {
        launch(id, handoff: carriedData(of: link).handoff)
    }

    /// `id`'s module launched with its options and texts in ``locale``,
    /// handed `handoff`; `nil` for an instance the manifest does not have.
    private func launch(_ id: String, handoff: Handoff) -> ModuleLaunch? {
        guard let instance = manifest.instance(id), let module = registry.module(instance.module) else { return nil }
        let texts = environment(of: id)
        return module.launch(
            instance: id, options: options[id] ?? instance.options, environment: texts, handoff: handoff)
    }

    private func enter(
        _ id: String, with data: CarriedData, at link: ModuleLink? = nil
    ) -> Navigation<RootStep, AppExit> {
        // Entering an instance again drops what it and the ones after it
        // produced: that data belonged to the last run (the last patient).
        var data = data
        data.reenter(id)
        // A validated manifest names only known instances and modules.
        guard var launch = launch(id, handoff: data.handoff) else { return .unhandled }
        if let link {
            guard let linked = launch.starting(at: link) else { return .unhandled }
            launch = linked
        }
        let carried = carriedFields
        let routes = manifest.routes
        let started: Navigation<RootStep, AppExit> = launch.start(
            as: id,
            namingExits: { [data] exit, name in
                var gathered = data
                gathered.record(Handoff(exit.handoff.fields.filter { carried.contains($0.key) }), from: id, exit: name)
                // An exit routed to `edit` names the entry to change.
                if routes[RouteKey(instance: id, exit: name)] == .edit, let entry = exit.handoff.text("entry") {
                    return .change(instance: id, entry: entry, data: gathered)
                }
                return .exited(instance: id, exit: name, data: gathered)
            })
        // What lives until this instance is entered again (the last
        // patient's) is dropped before it starts.
        let ending = manifest.record.keysEnding(entering: id)
        guard !ending.isEmpty else { return started }
        return .multiple(ending.map { .record(.clear($0)) } + [started])
    }
}
