import Stepflow

/// Every module the manifest names keeps its contract with the options the
/// manifest gives it (``ModuleContract``): it ends only with exits it
/// declares, hands on the fields it declares, handles every step it can
/// reach, shows only texts it declares. The bundled modules and an outside
/// team's are checked alike, once per module and options.
///
/// A broken promise is an error at the instance's `"module"`: no route in
/// the manifest can make up for it, so the message says what the module's
/// author must change. A declared exit never taken is left to the graph,
/// which reports the route it leaves unused.
struct ModuleContracts: ManifestValidator {
    let instances: [ValidatedInstance]
    let services: ModuleServices
    var log: DiagnosticLog

    consuming func check() -> Checked<Void> {
        let environment = ModuleEnvironment(clock: IdleClock(), services: services)
        for instance in instances {
            guard let module = instance.module, let name = instance.draft.module,
                module.services(for: instance.options).allSatisfy(services.provides)
            else { continue }
            let key = Self.Key(
                module: ObjectIdentifier(module), options: instance.options, services: services.names)
            let violations = Self.checked.value(for: key) {
                ModuleContract.violations(in: module, options: instance.options, environment: environment)
            }
            for violation in violations where violation.kind.isError {
                log.error(
                    instance.draft.path.key("module"), name.location,
                    """
                    module '\(module.id)' (instance '\(instance.id)') breaks its contract: \
                    \(Self.sentence(violation, module: module))
                    """
                )
            }
        }
        return log.checked(())
    }

    /// What a contract's result depends on: the module's type, its
    /// options, and the services the app gives.
    struct Key: Hashable {
        let module: ObjectIdentifier
        let options: ModuleOptions
        let services: [String]
    }

    /// Contracts already checked in this process: a family of manifests
    /// names the same modules with the same options again and again, and
    /// a flow's contract follows from its type and options alone (its
    /// `navigate` is pure).
    static let checked = Memo<Key, [ContractViolation]>(capacity: 4096)

    /// The violation, with the fix said for the module's author: no
    /// manifest can route an exit the module does not declare.
    static func sentence(_ violation: ContractViolation, module: any FeatureModule.Type) -> String {
        switch violation.kind {
        case .undeclaredExit:
            """
            its flow can end with the exit '\(violation.subject)', which it does not declare, so no route can take \
            it and a walk would drop it. To fix, the module's author declares '\(violation.subject)' in \
            \(module).exits(for:) or stops ending with it; no route in this manifest can fix it.
            """
        default:
            violation.fix.map { "\(violation.problem) To fix (in the module \(module)), \($0)" } ?? violation.problem
        }
    }
}
