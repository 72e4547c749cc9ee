import Stepflow

/// Each route goes from an exit an instance has to an instance or `end`.
struct RouteEnds: ManifestValidator {
    let draft: ManifestDraft
    let instances: [ValidatedInstance]
    var log: DiagnosticLog

    /// The routes whose source and target are valid, and the sources
    /// written validly whatever their target: a route to nowhere is one
    /// error, not also a missing route.
    struct Settled {
        var routes: [ValidatedRoute] = []
        var routedSources: Set<RouteKey> = []
    }

    consuming func check() -> Checked<Settled> {
        var settled = Settled()
        let ids = instances.map(\.id)
        let targets = ids + ["end", "edit"]
        for route in draft.routes?.routes ?? [] {
            guard let dot = route.key.firstIndex(of: "."), dot != route.key.startIndex,
                route.key.index(after: dot) != route.key.endIndex
            else {
                log.error(
                    route.path, route.keyLocation,
                    """
                    '\(route.key)' is not a route source. Write \"<instance>.<exit>\", e.g. \
                    \"\(ids.first ?? "test").\(instances.first?.exits.first?.name ?? "done")\".
                    """
                )
                continue
            }
            let instanceID = String(route.key[..<dot])
            let exitName = String(route.key[route.key.index(after: dot)...])
            var sourceIsValid = true
            if let instance = instances.first(where: { $0.id == instanceID }) {
                if let module = instance.module, !instance.exits.contains(where: { $0.name == exitName }) {
                    let exits = instance.exits.map(\.name)
                    log.error(
                        route.path, route.keyLocation,
                        """
                        '\(instanceID)' (module '\(module.id)') has no exit '\(exitName)'. \
                        \(Suggestion.didYouMean(exitName, exits))Its exits: \(Suggestion.list(exits)).
                        """
                    )
                    sourceIsValid = false
                }
            } else {
                log.error(
                    route.path, route.keyLocation,
                    """
                    unknown instance '\(instanceID)'. \(Suggestion.didYouMean(instanceID, ids))Instances: \
                    \(Suggestion.list(ids)).
                    """
                )
                sourceIsValid = false
            }
            let key = RouteKey(instance: instanceID, exit: exitName)
            if sourceIsValid { settled.routedSources.insert(key) }
            guard let target = route.target else { continue }
            guard targets.contains(target.value) else {
                log.error(
                    route.path, target.location,
                    """
                    route to nowhere: '\(target.value)' is not an instance. \
                    \(Suggestion.didYouMean(target.value, targets))Targets: \(Suggestion.list(targets)).
                    """
                )
                continue
            }
            if target.value == "edit", sourceIsValid,
                let exit = instances.first(where: { $0.id == instanceID })?.exits.first(where: { $0.name == exitName }),
                !exit.fields.contains(where: { $0.name == "entry" })
            {
                log.error(
                    route.path, target.location,
                    """
                    '\(route.key)' is routed to edit an answer, and the exit hands on no field 'entry' (the record \
                    entry to change). To fix, route it elsewhere, or hand on FieldSpec("entry", …) from the exit.
                    """)
                continue
            }
            if sourceIsValid {
                let routed: RouteTarget =
                    switch target.value {
                    case "end": .end
                    case "edit": .edit
                    default: .instance(target.value)
                    }
                settled.routes.append(ValidatedRoute(key: key, target: routed, location: target.location))
            }
        }
        return log.checked(settled)
    }
}
