package import Stepflow
import StepflowManifest

// What the variant's states say about its data, and what its manifest
// can give that the states never do: findings.
extension VariantGraph {
    /// The handoff fields each live module instance of `state` was entered
    /// with: what a `carriesNone` rule checks. `remember` gives the fields
    /// of a flow started by the step held in `launch` and named `name`,
    /// making them with `make` the first time.
    package static func entryData(
        _ state: EngineState,
        remember: (_ launch: KeyPart, _ name: String, _ make: () -> [EnteredField]) -> [EnteredField] = { $2() }
    ) -> [EnteredField] {
        var facts: [EnteredField] = []
        for id in state.flows.keys {
            guard let record = state.flows[id], let launch = record.program.launch.step else { continue }
            let instance = record.program.info.name
            facts += remember(launch, instance) {
                guard let step = launch.value(as: RootStep.self) else { return [] }
                var data: CarriedData
                switch step {
                case .enter(_, let carried), .exited(_, _, let carried), .linked(_, _, let carried),
                    .change(_, _, let carried), .edited(_, _, _, _, let carried):
                    data = carried
                case .start: data = CarriedData()
                }
                data.reenter(instance)
                // Each field as the instance reads it: the latest producer's value.
                var latest: [String: (producer: String, value: ModuleValue)] = [:]
                for produced in data.produced {
                    for (field, value) in produced.fields.fields { latest[field] = (produced.instance, value) }
                }
                return latest.keys.sorted().map { field in
                    EnteredField(
                        instance: instance, field: field, producer: latest[field]!.producer,  // a key of `latest`
                        value: latest[field]!.value)
                }
            }
        }
        return facts.sorted()
    }

    /// Every finding: the graph's, with a root's unhandled module exit
    /// named an exit without route, then instances never entered and
    /// routed exits never taken.
    package func findings() -> [Finding] {
        var result = graph.findings().map { finding -> Finding in
            guard finding.kind == .unhandledStep, let node = graph.node(withID: finding.subject),
                graph.incoming(node).contains(where: { graph.edges[Int($0)].kind == .exit })
            else { return finding }
            return Finding(
                .exitWithoutRoute, finding.subject,
                "the manifest has no route for this exit. To fix, add one to \"routes\".")
        }
        if !states.isTruncated, !states.states.contains(where: \.isEnded) {
            result.append(
                Finding(
                    .noWayOut, "end",
                    """
                    no walk ends the app: no route to \"end\" is ever taken. To fix, route an exit to \"end\" \
                    (\"<instance>.<exit>\": \"end\" in \"routes\").
                    """
                ))
        }
        let entered = Set(graph.nodes.map(\.instance))
        // Decided here once, from the walks: a route to an instance whose
        // exit no walk takes does not make it reachable.
        for instance in manifest.instances where !entered.contains(instance.id) {
            let routedFrom = manifest.routes.keys.filter { manifest.routes[$0] == .instance(instance.id) }.map(
                \.description
            ).sorted()
            let why =
                routedFrom.isEmpty
                ? "it is not the start and no route leads to it"
                : """
                no walk from the start takes \(routedFrom.map { "'\($0)'" }.joined(separator: " or ")), the \
                route\(routedFrom.count == 1 ? "" : "s") to it
                """
            result.append(
                Finding(
                    .unreachableInstance, instance.id,
                    "never entered: \(why). To fix, route an exit that is taken to it, or remove it."))
        }
        result += missingTranslations()
        for differing in states.links.formsDiffering {
            result.append(
                Finding(
                    .linkDeclined, differing,
                    """
                    this form of the address routes otherwise than the address itself, so a link a device \
                    hands over does something else than the proof opened. This is a bug in Stepflow's routing; \
                    please report it with the manifest's links.
                    """))
        }
        let taken = Set(
            graph.edges.filter { $0.kind == .exit }.map { "\(graph.nodes[$0.from].instance).\(graph.label(of: $0))" })
        for key in manifest.routes.keys.sorted()
        where manifest.instance(key.instance).map({ entered.contains($0.id) }) ?? false {
            if !taken.contains(key.description) {
                result.append(
                    Finding(
                        .unreachableExit, key.description,
                        // key from routes
                        "no path takes this exit, so its route to '\(manifest.routes[key]!)' is never used."))
            }
        }
        return result
    }
}

extension VariantGraph {
    /// Each text a person can see that has no text in `locale` (by
    /// default, in every locale the variant ships), located in the catalog
    /// (or the manifest's `strings`, or `locales` when there is no
    /// catalog). English always has the modules' own.
    package func missingTranslations(in locale: String? = nil) -> [Finding] {
        let texts = manifest.texts
        var findings: [Finding] = []
        for locale in locale.map({ [$0] }) ?? manifest.locales where locale != "en" {
            for text in shownTexts where !texts.has(text.key, instance: text.instance, locale: locale) {
                let module = texts.module(of: text.instance) ?? "?"
                let catalogKey = "\(module)/\(text.key)"
                let place: String
                if let catalog = texts.catalog {
                    let entry = catalog.entries[catalogKey]
                    place =
                        """
                        \(catalog.file)\(entry.map { ":\($0.location)" } ?? ""): '\(catalogKey)' has no \
                        '\(locale)' text
                        """
                    findings.append(
                        Finding(
                            .missingTranslation, "\(text.instance)/\(text.key)",
                            """
                            \(place), so it would show in English. To fix, translate it in \(catalog.file) \
                            (\"localizations\": {\"\(locale)\": {\"stringUnit\": {\"state\": \"translated\", \
                            \"value\": \"…\"}}}), or re-word it for \(locale) in the manifest's \"texts\".
                            """
                        ))
                } else {
                    findings.append(
                        Finding(
                            .missingTranslation, "\(text.instance)/\(text.key)",
                            """
                            the variant ships '\(locale)' but has no String Catalog, so it would show in English. \
                            To fix, name one in \"strings\".
                            """
                        ))
                }
            }
            for literal in literalTexts {
                let module = texts.module(of: literal.instance) ?? "?"
                findings.append(
                    Finding(
                        .missingTranslation, "\(literal.instance)/\(literal.screen)",
                        """
                        the \(literal.place) \"\(literal.text)\" is a literal in module '\(module)', not a \
                        declared text, so it shows in English in '\(locale)' and no catalog can translate it. To \
                        fix, the module declares it (TextSpec) and shows it through ModuleTexts.
                        """
                    ))
            }
            for option in translatableOptions {
                guard let instance = manifest.instance(option.instance),
                    instance.optionTexts[option.option]?[locale] == nil,
                    texts.optionText(instance: option.instance, option: option.option, locale: locale) == nil
                else { continue }
                let place =
                    instance.optionLocations[option.option].map { "\(manifest.file):\($0): " } ?? "\(manifest.file): "
                let key = VariantTexts.optionKey(instance: option.instance, option: option.option)
                findings.append(
                    Finding(
                        .missingTranslation, "\(option.instance).\(option.option)",
                        """
                        \(place)the option '\(option.option)' of '\(option.instance)' is one text for every \
                        locale, so '\(locale)' shows it as written. To fix, give it per locale \
                        (\"\(option.option)\": {\"\(locale)\": \"…\", …}), or translate '\(key)' in the String \
                        Catalog.
                        """
                    ))
            }
        }
        // The app's name: `app.name` is the first locale's; every other
        // locale shipped has its words in the catalog's `app:name`.
        for locale in locale.map({ [$0] }) ?? manifest.locales
        where locale != manifest.locales.first && texts.appName(locale: locale) == nil {
            findings.append(
                Finding(
                    .missingTranslation, VariantTexts.appNameKey,
                    """
                    \(manifest.file): the app's name has no '\(locale)' words, so '\(locale)' shows \
                    \"\(manifest.app.name)\". To fix, translate '\(VariantTexts.appNameKey)' in the String Catalog.
                    """))
        }
        // A declining link's reason, in every locale the variant ships
        // (English too: its one string is in the first locale's words).
        for locale in locale.map({ [$0] }) ?? manifest.locales {
            for route in manifest.links where manifest.declineReason(of: route, in: locale) == nil {
                guard case .decline = route.policy else { continue }
                let key = VariantTexts.linkReasonKey(pattern: route.pattern)
                findings.append(
                    Finding(
                        .missingTranslation, key,
                        """
                        \(manifest.file): the reason the link '\(route.pattern)' declines with has no '\(locale)' \
                        words, so '\(locale)' shows it in '\(manifest.locales.first ?? "en")'. To fix, give it per \
                        locale (\"reason\": {\"\(locale)\": \"…\", …}), or translate '\(key)' in the String Catalog.
                        """
                    ))
            }
        }
        return findings
    }
}
