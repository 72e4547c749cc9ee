import Stepflow

/// Every exit an instance can take has a route.
struct EveryExitRouted: ManifestValidator {
    let draft: ManifestDraft
    let instances: [ValidatedInstance]
    let start: String?
    let routing: RouteEnds.Settled
    var log: DiagnosticLog

    consuming func check() -> Checked<Void> {
        guard start != nil, let routes = draft.routes, !instances.isEmpty else { return log.checked(()) }
        for instance in instances where instance.module != nil {
            for exit in instance.exits
            where !routing.routedSources.contains(RouteKey(instance: instance.id, exit: exit.name)) {
                log.error(
                    .root.key("routes"), routes.keyLocation,
                    """
                    no route for '\(instance.id).\(exit.name)' (\(exit.summary)). To fix, add \
                    \"\(instance.id).\(exit.name)\": \"<instance>\" or \"end\".
                    """
                )
            }
        }
        return log.checked(())
    }
}
