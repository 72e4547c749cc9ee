import Stepflow

/// Every instance names a module the app has.
struct KnownModules: ManifestValidator {
    func validate(_ manifest: inout ManifestValidation) {
        let registry = manifest.registry
        for instance in manifest.draft.modules?.instances ?? [] {
            guard let name = instance.module, registry.module(name.value) == nil else { continue }
            manifest.log.error(
                instance.path.key("module"), name.location,
                """
                unknown module '\(name.value)'. \(Suggestion.didYouMean(name.value, registry.ids))Known modules: \
                \(Suggestion.list(registry.ids)).
                """
            )
        }
        for index in manifest.instances.indices {
            manifest.instances[index].module = manifest.instances[index].draft.module.flatMap {
                registry.module($0.value)
            }
        }
    }
}
