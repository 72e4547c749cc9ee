import Stepflow

/// Every exit an instance can take has a route.
struct EveryExitRouted: ManifestValidator {
    func validate(_ manifest: inout ManifestValidation) {
        guard manifest.start != nil, let routes = manifest.draft.routes, !manifest.instances.isEmpty else { return }
        for instance in manifest.instances where instance.module != nil {
            for exit in instance.exits
            where !manifest.routedSources.contains(RouteKey(instance: instance.id, exit: exit.name)) {
                manifest.log.error(
                    .root.key("routes"), routes.keyLocation,
                    """
                    no route for '\(instance.id).\(exit.name)' (\(exit.summary)). To fix, add \
                    \"\(instance.id).\(exit.name)\": \"<instance>\" or \"end\".
                    """
                )
            }
        }
    }
}
