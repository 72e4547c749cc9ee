import Stepflow

/// `links`: each address pattern well formed and routed to a link its
/// instance's module declares, every placeholder a declared parameter and
/// every required parameter a placeholder, a known policy (with a reason
/// to decline); and a warning for each declared link no route exposes.
struct LinkRoutesSection: ManifestValidator {
    let draft: ManifestDraft
    let instances: [ValidatedInstance]
    var log: DiagnosticLog

    consuming func check() -> Checked<[LinkRoute]> {
        var routes: [LinkRoute] = []
        let path = JSONPath.root.key("links")
        if let member = draft.links {
            if case .object(let members) = member.value.value {
                for entry in log.uniqueMembers(members, path, noun: "link") {
                    if let route = route(entry, path.key(entry.key)) { routes.append(route) }
                }
            } else {
                log.error(
                    path, member.value.location,
                    """
                    expected the links (a JSON object of \"address/{parameter}\": \"instance.link\"), found \
                    \(DiagnosticLog.describe(member.value)).
                    """)
            }
        }
        // Two patterns of the same shape would both match one address.
        var shapes: [String: String] = [:]
        for route in routes {
            let shape = route.segments.map { if case .literal(let text) = $0 { text } else { "{}" } }
                .joined(separator: "/")
            if let earlier = shapes[shape] {
                log.error(
                    path.key(route.pattern), nil,
                    """
                    '\(route.pattern)' matches every address '\(earlier)' matches, so an address could not tell \
                    them apart. To fix, give one a literal segment the other does not have.
                    """)
            }
            shapes[shape] = route.pattern
        }
        for instance in instances {
            guard let module = instance.module else { continue }
            for link in module.links(for: instance.options)
            where !routes.contains(where: { $0.instance == instance.id && $0.link.name == link.name }) {
                log.warning(
                    path, draft.links?.keyLocation,
                    """
                    \(instance.id).\(link.name) (\(link.summary)) is declared and no address routes to it, so \
                    nothing outside the app can open it. To route it, add "<address>": "\(instance.id).\(link.name)" \
                    to links.
                    """)
            }
        }
        return log.checked(routes)
    }

    private mutating func route(_ entry: JSONMember, _ path: JSONPath) -> LinkRoute? {
        let pattern = entry.key
        let segments = LinkRoute.segments(of: pattern)
        guard !pattern.isEmpty, !pattern.hasPrefix("/"), !pattern.hasSuffix("/"), !pattern.contains("//"),
            !pattern.contains(" "), !pattern.contains("://")
        else {
            log.error(
                path, entry.keyLocation,
                """
                '\(pattern)' is no address pattern. To fix, write segments joined by '/', without the scheme, \
                spaces or empty segments, a parameter in braces: "result/{result}".
                """)
            return nil
        }
        let names = segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
        if let repeated = names.first(where: { name in names.count { $0 == name } > 1 }) {
            log.error(
                path, entry.keyLocation,
                "'\(pattern)' names the parameter {\(repeated)} twice. To fix, name each parameter once.")
            return nil
        }
        // The target: "instance.link", or {"to": …, "whenNotRunning": …, "reason": …}.
        var target: Located<String>?
        var policy = LinkPolicy.start
        var reasons: [String: String] = [:]
        switch entry.value.value {
        case .string:
            target = log.string(entry, path)
        case .object:
            guard
                let fields = log.object(
                    entry.value, path, what: "the link '\(pattern)'", required: ["to"],
                    optional: ["whenNotRunning", "reason"])
            else { return nil }
            target = log.string(fields["to"], path.key("to"))
            // One string (in the variant's first locale), or words per locale.
            let reason: Located<String>?
            if let member = fields["reason"], case .object(let members) = member.value.value {
                let locales = draft.locales?.values.map(\.value) ?? ["en"]
                for entry in log.uniqueMembers(members, path.key("reason"), noun: "locale") {
                    guard let words = log.string(entry, path.key("reason").key(entry.key)) else { continue }
                    guard locales.contains(entry.key) else {
                        log.error(
                            path.key("reason").key(entry.key), entry.keyLocation,
                            """
                            '\(entry.key)' is not a locale the variant ships. \
                            \(Suggestion.didYouMean(entry.key, locales))To fix, give the reason in \
                            \(Suggestion.list(locales)).
                            """)
                        continue
                    }
                    reasons[entry.key] = words.value
                }
                let first = locales.first ?? "en"
                reason = reasons[first].map { Located(value: $0, location: member.value.location) }
                if reason == nil, !reasons.isEmpty {
                    log.error(
                        path.key("reason"), member.value.location,
                        """
                        the reason has no words in '\(first)', the variant's first locale. To fix, add \
                        \"\(first)\": \"…\".
                        """)
                    return nil
                }
            } else {
                reason = log.string(fields["reason"], path.key("reason"))
            }
            if let named = log.string(fields["whenNotRunning"], path.key("whenNotRunning")) {
                switch named.value {
                case "start": policy = .start
                case "wait": policy = .wait
                case "decline":
                    guard let reason, !reason.value.isEmpty else {
                        log.error(
                            path.key("whenNotRunning"), named.location,
                            """
                            a link that declines needs the reason a person reads. To fix, add \"reason\": \"…\" \
                            (e.g. \"Open the app to see this.\").
                            """)
                        return nil
                    }
                    policy = .decline(reason: reason.value)
                default:
                    let policies = ["start", "wait", "decline"]
                    log.error(
                        path.key("whenNotRunning"), named.location,
                        """
                        '\(named.value)' is not a policy. \(Suggestion.didYouMean(named.value, policies))To fix, \
                        write one of \(Suggestion.list(policies)).
                        """)
                    return nil
                }
            }
            if let reason, policy == .start || policy == .wait {
                log.warning(
                    path.key("reason"), reason.location,
                    """
                    a reason is read only when the link declines. To fix, remove it or write \
                    \"whenNotRunning\": \"decline\".
                    """)
            }
        default:
            log.error(
                path, entry.value.location,
                """
                expected the link's target (\"instance.link\", or an object with \"to\"), found \
                \(DiagnosticLog.describe(entry.value)).
                """)
            return nil
        }
        guard let target else { return nil }
        let parts = target.value.split(separator: ".", maxSplits: 1).map(String.init)
        let ids = instances.map(\.id)
        guard parts.count == 2, !parts[1].isEmpty else {
            log.error(
                path, target.location,
                """
                '\(target.value)' names no link. To fix, write \"<instance>.<link>\", e.g. \
                \"\(ids.first ?? "result").show\".
                """
            )
            return nil
        }
        guard let instance = instances.first(where: { $0.id == parts[0] }) else {
            log.error(
                path, target.location,
                """
                '\(parts[0])' is not a module instance of this manifest. \(Suggestion.didYouMean(parts[0], ids))\
                To fix, name one of \(Suggestion.list(ids)).
                """)
            return nil
        }
        guard let module = instance.module else { return nil }  // an unknown module is reported already
        let declared = module.links(for: instance.options)
        guard let link = declared.first(where: { $0.name == parts[1] }) else {
            let names = declared.map(\.name)
            log.error(
                path, target.location,
                declared.isEmpty
                    ? """
                    \(instance.id) (module \(module.id)) declares no link with these options. To fix, route a \
                    link of another instance.
                    """
                    : """
                    \(instance.id) (module \(module.id)) declares no link '\(parts[1])'. \
                    \(Suggestion.didYouMean(parts[1], names))Its links: \(Suggestion.list(names)).
                    """)
            return nil
        }
        let parameters = link.parameters.map(\.name)
        for name in names where !parameters.contains(name) {
            log.error(
                path, entry.keyLocation,
                """
                '\(pattern)' has the parameter {\(name)}, which \(instance.id).\(link.name) does not declare. \
                \(Suggestion.didYouMean(name, parameters))Its parameters: \(Suggestion.list(parameters)).
                """)
            return nil
        }
        for spec in link.parameters where spec.isRequired && !names.contains(spec.name) {
            log.error(
                path, entry.keyLocation,
                """
                '\(pattern)' does not carry {\(spec.name)} (\(spec.kind)), which \(instance.id).\(link.name) \
                requires. To fix, add a segment {\(spec.name)}.
                """)
            return nil
        }
        return LinkRoute(pattern: pattern, instance: instance.id, link: link, policy: policy, reasons: reasons)
    }
}
