import Stepflow

/// The app gives every service the modules it names need, with the
/// options each instance is given.
struct ServicesProvided: ManifestValidator {
    func validate(_ manifest: inout ManifestValidation) {
        let services = manifest.services
        let given = services.names.isEmpty ? "none" : services.names.joined(separator: ", ")
        for instance in manifest.instances {
            guard let module = instance.module, let name = instance.draft.module else { continue }
            for service in module.services(for: instance.options) where !services.provides(service) {
                manifest.log.error(
                    instance.draft.path.key("module"), name.location,
                    """
                    module '\(name.value)' needs the service \(service), which this app does not provide (it \
                    provides: \(given)). To fix, provide it in the app's ModuleServices, or use another module.
                    """
                )
            }
        }
    }
}
