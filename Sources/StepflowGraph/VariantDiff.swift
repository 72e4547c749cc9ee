import Stepflow
import StepflowManifest

/// What differs between two variants, in the order a reviewer asks: the
/// modules (added, removed, options changed), the routes, the links, the screens
/// only one can show; then the steps and edges inside modules. The app's
/// own steps (`app.test.resultCaptured {result: …}`) are summed up by the
/// routes: their handoff values would make nearly every one of them differ.
package struct VariantDiff: Sendable {
    /// Module instances only in the first variant, as `id (module)`.
    package let instancesOnlyInA: [String]
    /// Module instances only in the second.
    package let instancesOnlyInB: [String]
    /// Instances in both whose module or options differ:
    /// `test.readBy: "both" → "photo"`.
    package let changedOptions: [String]
    /// Routes only in the first, as `instance.exit → target`.
    package let routesOnlyInA: [String]
    /// Routes only in the second.
    package let routesOnlyInB: [String]
    /// Routes in both that lead elsewhere: `test.cancelled: end → intake`.
    package let changedRoutes: [String]
    /// Link routes only in the first, as `address → instance.link (policy)`.
    package let linksOnlyInA: [String]
    /// Link routes only in the second.
    package let linksOnlyInB: [String]
    /// Addresses routed by both, to another link or under another policy:
    /// `result: result.advice (start) → result.advice (decline: …)`.
    package let changedLinks: [String]
    /// Screens (`instance/screen`) only the first can show.
    package let screensOnlyInA: [String]
    /// Screens only the second can show.
    package let screensOnlyInB: [String]
    /// The graph detail, without the app's own steps and their edges.
    package let detail: GraphDiff

    /// Compares variant `a` with variant `b`.
    package init(_ a: VariantGraph, _ b: VariantGraph) {
        let instancesA = Dictionary(uniqueKeysWithValues: a.manifest.instances.map { ($0.id, $0) })
        let instancesB = Dictionary(uniqueKeysWithValues: b.manifest.instances.map { ($0.id, $0) })
        instancesOnlyInA = a.manifest.instances.filter { instancesB[$0.id] == nil }.map { "\($0.id) (\($0.module))" }
        instancesOnlyInB = b.manifest.instances.filter { instancesA[$0.id] == nil }.map { "\($0.id) (\($0.module))" }
        var changed: [String] = []
        for instance in a.manifest.instances {
            guard let other = instancesB[instance.id] else { continue }
            if instance.module != other.module {
                changed.append("\(instance.id): module \(instance.module) → \(other.module)")
                continue
            }
            // Words a person reads are compared as each variant shows them
            // in the locale compared (a German text and its English
            // rendering are the same words in English).
            func shown(_ instance: ModuleInstance, of variant: VariantGraph) -> [String: ModuleValue] {
                var options = instance.applicableOptions
                let localized = variant.manifest.options(of: instance, in: variant.locale).values
                for name in instance.translatableOptions where options[name] != nil {
                    options[name] = localized[name] ?? options[name]
                }
                return options
            }
            let (optionsA, optionsB) = (shown(instance, of: a), shown(other, of: b))
            for name in Set(optionsA.keys).union(optionsB.keys).sorted() {
                let before = optionsA[name]
                let after = optionsB[name]
                if before != after {
                    changed.append(
                        """
                        \(instance.id).\(name): \(before.map(\.description) ?? "(none)") → \
                        \(after.map(\.description) ?? "(none)")
                        """
                    )
                }
            }
        }
        changedOptions = changed
        let routesA = a.manifest.routes
        let routesB = b.manifest.routes
        // keys from routesA
        routesOnlyInA = routesA.keys.filter { routesB[$0] == nil }.sorted().map { "\($0) → \(routesA[$0]!)" }
        // keys from routesB
        routesOnlyInB = routesB.keys.filter { routesA[$0] == nil }.sorted().map { "\($0) → \(routesB[$0]!)" }
        changedRoutes = routesA.keys.filter { routesB[$0] != nil && routesB[$0] != routesA[$0] }.sorted()
            .map { "\($0): \(routesA[$0]!) → \(routesB[$0]!)" }  // present in both
        // Links by their address pattern: what the outside world opens.
        let linksA = Dictionary(a.manifest.links.map { ($0.pattern, $0) }) { first, _ in first }
        let linksB = Dictionary(b.manifest.links.map { ($0.pattern, $0) }) { first, _ in first }
        func opens(_ route: LinkRoute) -> String { "\(route.target) (\(route.policy))" }
        linksOnlyInA = a.manifest.links.filter { linksB[$0.pattern] == nil }.map(\.description)
        linksOnlyInB = b.manifest.links.filter { linksA[$0.pattern] == nil }.map(\.description)
        changedLinks = a.manifest.links.compactMap { route in
            guard let other = linksB[route.pattern], opens(other) != opens(route) else { return nil }
            return "\(route.pattern): \(opens(route)) → \(opens(other))"
        }
        func screens(_ variant: VariantGraph) -> Set<String> {
            Set(variant.graph.nodes.filter { $0.kind == .screen }.map(\.id))
        }
        screensOnlyInA = screens(a).subtracting(screens(b)).sorted()
        screensOnlyInB = screens(b).subtracting(screens(a)).sorted()
        detail = GraphDiff(a.graph, b.graph, excludingInstances: [a.manifest.app.id, b.manifest.app.id])
    }

    /// Whether the summary finds nothing (the detail may still differ).
    package var summaryIsEmpty: Bool {
        instancesOnlyInA.isEmpty && instancesOnlyInB.isEmpty && changedOptions.isEmpty && routesOnlyInA.isEmpty
            && routesOnlyInB.isEmpty && changedRoutes.isEmpty && linksOnlyInA.isEmpty && linksOnlyInB.isEmpty
            && changedLinks.isEmpty && screensOnlyInA.isEmpty && screensOnlyInB.isEmpty
    }

    /// Whether the variants are the same, summary and detail.
    package var isEmpty: Bool { summaryIsEmpty && detail.isEmpty }
}
