import Stepflow

/// Every route into an instance hands on the fields its module's entry
/// needs, on every path from the start (loops such as a retest included).
/// Whether an instance is reached at all is decided once, from the walks
/// the variant's graph explores (`unreachableInstance`): routes alone
/// cannot tell a route from an exit no walk takes.
struct EntryFieldsHandedOn: ManifestValidator {
    let draft: ManifestDraft
    let instances: [ValidatedInstance]
    let start: String?
    let routing: RouteEnds.Settled
    var log: DiagnosticLog

    /// Run over a manifest otherwise sound: the fields are only worth
    /// proving then.
    consuming func check() -> Checked<Void> {
        guard let start, draft.routes != nil, !instances.isEmpty else { return log.checked(()) }
        let routes = routing.routes
        // What each instance is entered with: the fields every path brings
        // (names intersected over the routes that lead there), each with
        // every value some path can bring (kinds merged) and the exits
        // that hand it on; to a fixpoint, loops such as a retest included.
        let byID = Dictionary(uniqueKeysWithValues: instances.map { ($0.id, $0) })
        var entry: [String: [String: Arrival]?] = Dictionary(uniqueKeysWithValues: instances.map { ($0.id, nil) })
        entry[start] = [:]
        func handedOn(_ route: ValidatedRoute, _ entry: [String: [String: Arrival]?]) -> [String: Arrival]? {
            guard let incoming = entry[route.key.instance] ?? nil,
                let exit = byID[route.key.instance]?.exits.first(where: { $0.name == route.key.exit })
            else { return nil }
            var fields = incoming
            for field in exit.fields {
                fields[field.name] = Arrival(kind: field.kind, origins: [route.key.description])
            }
            return fields
        }
        var changed = true
        var rounds = 0
        while changed && rounds < 1_000 {
            changed = false
            rounds += 1
            for instance in instances {
                var fields: [String: Arrival]? = instance.id == start ? [:] : nil
                for route in routes where route.target == .instance(instance.id) {
                    guard let offered = handedOn(route, entry) else { continue }
                    guard let current = fields else {
                        fields = offered
                        continue
                    }
                    var merged: [String: Arrival] = [:]
                    for (name, arrival) in current {
                        guard let other = offered[name], let kind = Self.merge(arrival.kind, other.kind) else {
                            continue
                        }
                        merged[name] = Arrival(
                            kind: kind, origins: Array(Set(arrival.origins + other.origins)).sorted())
                    }
                    fields = merged
                }
                if fields != entry[instance.id] ?? nil {
                    entry[instance.id] = fields
                    changed = true
                }
            }
        }
        let path = JSONPath.root.key("routes")
        for route in routes {
            guard case .instance(let targetID) = route.target, let target = byID[targetID], let module = target.module,
                let offered = handedOn(route, entry)
            else { continue }
            for needed in module.entryFields(for: target.options) where needed.isRequired {
                guard let arrival = offered[needed.name] else {
                    log.error(
                        path.key(route.key.description), route.location,
                        """
                        '\(targetID)' (module '\(module.id)') needs '\(needed.name)' (\(needed.kind)), which \
                        '\(route.key)' does not hand on. To fix, route '\(route.key)' to an instance that does not \
                        need it, or to 'end'.
                        """
                    )
                    continue
                }
                guard !Self.kind(arrival.kind, satisfies: needed.kind) else { continue }
                let through = arrival.origins.map { "'\($0)'" }.joined(separator: " or ")
                let values: String
                if case .choice(let given) = arrival.kind, case .choice(let accepted) = needed.kind {
                    let foreign = given.filter { !accepted.contains($0) }
                    values = foreign.map { "\"\($0)\"" }.joined(separator: ", ") + " can arrive"
                } else {
                    values = "\(arrival.kind) can arrive"
                }
                log.error(
                    path.key(route.key.description), route.location,
                    """
                    '\(targetID)' (module '\(module.id)') accepts '\(needed.name)' \(needed.kind), but \(values) \
                    when it is entered through '\(route.key)' (handed on by \(through)). To fix, give the instance \
                    that hands it on options whose values '\(targetID)' accepts, or give '\(targetID)' options \
                    that accept them.
                    """
                )
            }
        }
        return log.checked(())
    }

    /// A field on its way into an instance: every value it can have, and
    /// the exits that hand it on.
    struct Arrival: Equatable {
        let kind: ValueKind
        let origins: [String]
    }

    /// The kind of a field that arrives as `a` on one path and `b` on
    /// another: every value either brings. `nil` when they do not mix.
    static func merge(_ a: ValueKind, _ b: ValueKind) -> ValueKind? {
        switch (a, b) {
        case (.choice(let x), .choice(let y)): .choice(x + y.filter { !x.contains($0) })
        case (.integer(let x), .integer(let y)):
            .integer(min(x.lowerBound, y.lowerBound)...max(x.upperBound, y.upperBound))
        case (.text, .choice), (.choice, .text): .text
        default: a == b ? a : nil
        }
    }

    /// Whether a field of kind `offered` fits an entry that needs `needed`.
    static func kind(_ offered: ValueKind, satisfies needed: ValueKind) -> Bool {
        switch (offered, needed) {
        case (.choice(let given), .choice(let accepted)): Set(given).isSubset(of: accepted)
        case (.choice, .text): true
        case (.integer(let given), .integer(let accepted)):
            accepted.contains(given.lowerBound) && accepted.contains(given.upperBound)
        default: offered == needed
        }
    }
}
