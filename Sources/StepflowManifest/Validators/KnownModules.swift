import Stepflow

/// Every instance names a module the app has.
struct KnownModules: ManifestValidator {
    let draft: ManifestDraft
    let instances: [ValidatedInstance]
    let registry: ModuleRegistry
    var log: DiagnosticLog

    /// The instances, each with its module when the app has it.
    consuming func check() -> Checked<[ValidatedInstance]> {
        for instance in draft.modules?.instances ?? [] {
            guard let name = instance.module, registry.module(name.value) == nil else { continue }
            log.error(
                instance.path.key("module"), name.location,
                """
                unknown module '\(name.value)'. \(Suggestion.didYouMean(name.value, registry.ids))Known modules: \
                \(Suggestion.list(registry.ids)).
                """
            )
        }
        var known = instances
        for index in known.indices {
            known[index].module = known[index].draft.module.flatMap { registry.module($0.value) }
        }
        return log.checked(known)
    }
}
