import Stepflow

/// The app gives every service the modules it names need, with the
/// options each instance is given.
struct ServicesProvided: ManifestValidator {
    let instances: [ValidatedInstance]
    let services: ModuleServices
    var log: DiagnosticLog

    consuming func check() -> Checked<Void> {
        let given = services.names.isEmpty ? "none" : services.names.joined(separator: ", ")
        for instance in instances {
            guard let module = instance.module, let name = instance.draft.module else { continue }
            for service in module.services(for: instance.options) where !services.provides(service) {
                log.error(
                    instance.draft.path.key("module"), name.location,
                    """
                    module '\(name.value)' needs the service \(service), which this app does not provide (it \
                    provides: \(given)). To fix, provide it in the app's ModuleServices, or use another module.
                    """
                )
            }
        }
        return log.checked(())
    }
}
