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
    func validate(_ manifest: inout ManifestValidation) {
        let environment = ModuleEnvironment(clock: IdleClock(), services: manifest.services)
        var checked: [String: [ContractViolation]] = [:]
        for instance in manifest.instances {
            guard let module = instance.module, let name = instance.draft.module,
                  module.services(for: instance.options).allSatisfy(manifest.services.provides) else { continue }
            let key = module.id + "\u{0}" + ModuleContract.describe(instance.options)
            let violations = checked[key] ?? ModuleContract.violations(in: module, options: instance.options, environment: environment)
            checked[key] = violations
            for violation in violations where violation.kind.isError {
                manifest.log.error(
                    instance.draft.path.key("module"), name.location,
                    "module '\(module.id)' (instance '\(instance.id)') breaks its contract: \(Self.sentence(violation, module: module))"
                )
            }
        }
    }

    /// The violation, with the fix said for the module's author: no
    /// manifest can route an exit the module does not declare.
    static func sentence(_ violation: ContractViolation, module: any FeatureModule.Type) -> String {
        switch violation.kind {
        case .undeclaredExit:
            "its flow can end with the exit '\(violation.subject)', which it does not declare, so no route can take it and a walk would drop it. To fix, the module's author declares '\(violation.subject)' in \(module).exits(for:) or stops ending with it; no route in this manifest can fix it."
        default:
            violation.message.replacing(" To fix, ", with: " To fix (in the module \(module)), ")
        }
    }
}
