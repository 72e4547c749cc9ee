public import Stepflow

/// The steps of a ``RootFlow``: it starts module instances and routes their
/// exits, nothing else.
public enum RootStep: Step {
    /// The app starts: enter the manifest's start instance.
    case start
    /// Start `instance`, handing it `handoff`.
    case enter(instance: String, handoff: Handoff)
    /// `instance` ended through `exit`; `handoff` holds what was gathered so
    /// far that some module of the variant reads, the exit's own included.
    case exited(instance: String, exit: String, handoff: Handoff)

    /// `start`, `enter(test)`, `test.resultCaptured {result: "negative"}`:
    /// every associated value, in the order a person reads them.
    public var stepID: String {
        switch self {
        case .start: "start"
        case .enter(let instance, let handoff): "enter(\(instance))" + (handoff.fields.isEmpty ? "" : " \(handoff)")
        case .exited(let instance, let exit, let handoff): "\(instance).\(exit)" + (handoff.fields.isEmpty ? "" : " \(handoff)")
        }
    }
}

/// How a composed app ends: through the exit whose route is `end`.
public enum AppExit: Step {
    /// The app finished after `instance` took `exit`.
    case finished(instance: String, exit: String)
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
/// navigation graph, do not multiply by data nobody uses.
public final class RootFlow: Flow {
    /// The variant.
    public let manifest: Manifest
    private let registry: ModuleRegistry
    private let environment: ModuleEnvironment
    /// The fields some module of the variant reads.
    private let carriedFields: Set<String>

    /// A root flow for `manifest`, whose modules come from `registry`.
    public init(manifest: Manifest, registry: ModuleRegistry, environment: ModuleEnvironment = ModuleEnvironment()) {
        self.manifest = manifest
        self.registry = registry
        self.environment = environment
        self.carriedFields = Set(manifest.instances.flatMap { instance in
            registry.module(instance.module)?.entryFields.map(\.name) ?? []
        })
    }

    /// The app's id.
    public var name: String { manifest.app.id }

    /// Starts, enters and routes.
    public func navigate(to step: RootStep) -> Navigation<RootStep, AppExit> {
        switch step {
        case .start:
            return enter(manifest.start, with: Handoff())
        case .enter(let instance, let handoff):
            return enter(instance, with: handoff)
        case .exited(let instance, let exit, let handoff):
            switch manifest.routes[RouteKey(instance: instance, exit: exit)] {
            case .instance(let next): return enter(next, with: handoff)
            case .end: return .end(.finished(instance: instance, exit: exit))
            case nil: return .unhandled  // an exit the module did not declare: reported by the engine
            }
        }
    }

    private func enter(_ id: String, with handoff: Handoff) -> Navigation<RootStep, AppExit> {
        guard let instance = manifest.instance(id), let module = registry.module(instance.module) else {
            return .unhandled  // a validated manifest names only known instances and modules
        }
        let launch = module.launch(instance: id, options: instance.options, environment: environment, handoff: handoff)
        let carried = carriedFields
        return launch.start(onExit: { exit in
            var gathered = handoff
            for (name, value) in exit.handoff.fields where carried.contains(name) { gathered.fields[name] = value }
            return .exited(instance: id, exit: exit.exitName, handoff: gathered)
        })
    }
}
