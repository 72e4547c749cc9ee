import StepflowGraph
import StepflowManifest

enum DiffCommand {
    static let command = RootApp.Command(
        spec: CommandSpec(
            name: "diff",
            abstract: "What differs between two variants: modules, options, routes and screens first, then the steps.",
            discussion:
                """
                Both variants are compared in one locale, so a translation is not a difference in every edge: \
                --locale if given (both must ship it), else the first variant's first locale if the second ships \
                it too, else the second's if the first does. Differences in the texts themselves (locales, \
                re-worded texts) come first. Exits 1 when the variants differ, 0 when they reach the same steps \
                and screens by the same edges with the same texts.
                """,
            arguments: [
                .init(name: "manifest-a", help: "The first variant."),
                .init(name: "manifest-b", help: "The second variant."),
            ],
            options: [OptionKey.locale.option]
        )
    ) { arguments, console, app throws(ExitCodeError) in
        let manifestA = try app.manifest(arguments.positional[0], console)
        let manifestB = try app.manifest(arguments.positional[1], console)
        let locale: String?
        if let requested = arguments[.locale] {
            locale = try RootApp.locale(requested, of: manifestA, console)
            _ = try RootApp.locale(requested, of: manifestB, console)
        } else {
            locale =
                manifestA.locales.first { manifestB.locales.contains($0) }
                ?? manifestB.locales.first { manifestA.locales.contains($0) }
        }
        let a = VariantGraph(
            manifest: manifestA, registry: app.registry, services: app.services,
            locale: locale.flatMap { manifestA.locales.contains($0) ? $0 : nil })
        let b = VariantGraph(
            manifest: manifestB, registry: app.registry, services: app.services,
            locale: locale.flatMap { manifestB.locales.contains($0) ? $0 : nil })
        let diff = VariantDiff(a, b)
        let (nameA, nameB) = (a.manifest.app.id, b.manifest.app.id)
        // Compared in one locale: a text re-worded only in another locale
        // is not what a person reading this one sees.
        let texts = textChanges(a.manifest, b.manifest, in: a.locale == b.locale ? a.locale : nil)
        if diff.isEmpty && texts.isEmpty {
            console.print("\(nameA) and \(nameB) have the same modules, routes, screens, steps and edges.")
            return .success
        }
        func section(_ title: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            console.print(console.bold("\(title) (\(items.count)):"))
            for item in items {
                for line in console.wrap(item, indent: "      ", firstIndent: "  ") { console.print(line) }
            }
            console.print()
        }
        console.print(
            console.bold("Summary: \(nameA) → \(nameB)")
                + (a.locale == b.locale
                    ? " (compared in \(a.locale))"
                    : " (\(nameA) in \(a.locale), \(nameB) in \(b.locale): they share no locale)"))
        if diff.summaryIsEmpty && texts.isEmpty {
            console.print("  Same modules, options, routes, links and screens; the steps below differ.")
        }
        console.print()
        section("Texts changed", texts)
        section("Modules only in \(nameA)", diff.instancesOnlyInA)
        section("Modules only in \(nameB)", diff.instancesOnlyInB)
        section("Options changed", diff.changedOptions)
        section("Routes only in \(nameA)", diff.routesOnlyInA)
        section("Routes only in \(nameB)", diff.routesOnlyInB)
        section("Routes changed", diff.changedRoutes)
        section("Links only in \(nameA)", diff.linksOnlyInA)
        section("Links only in \(nameB)", diff.linksOnlyInB)
        section("Links changed", diff.changedLinks)
        section("Screens only in \(nameA)", diff.screensOnlyInA)
        section("Screens only in \(nameB)", diff.screensOnlyInB)
        let detail = diff.detail
        if !detail.isEmpty {
            console.print(console.bold("Detail, inside the modules (the app's own steps are summed up by the routes):"))
            console.print()
            section("Steps and screens only in \(nameA)", detail.nodesOnlyInA)
            section("Steps and screens only in \(nameB)", detail.nodesOnlyInB)
            section("Edges only in \(nameA)", detail.edgesOnlyInA)
            section("Edges only in \(nameB)", detail.edgesOnlyInB)
        }
        return .findings
    }

    /// The differences in what the variants say: locales shipped, and
    /// texts re-worded (`result/positive.covid.doctor (de): added`), in
    /// `locale` only when one is compared.
    static func textChanges(_ a: Manifest, _ b: Manifest, in compared: String? = nil) -> [String] {
        var changes: [String] = []
        if a.locales != b.locales {
            changes.append("locales: \(a.locales.joined(separator: ", ")) → \(b.locales.joined(separator: ", "))")
        }
        struct Key: Hashable, Comparable {
            let instance: String
            let text: String
            static func < (lhs: Key, rhs: Key) -> Bool { (lhs.instance, lhs.text) < (rhs.instance, rhs.text) }
        }
        let keys = Set(
            [a, b].flatMap { manifest in
                manifest.texts.overrides.flatMap { instance, texts in
                    texts.keys.map { Key(instance: instance, text: $0) }
                }
            })
        for key in keys.sorted() {
            let (instance, text) = (key.instance, key.text)
            let old = a.texts.overrides[instance]?[text] ?? [:]
            let new = b.texts.overrides[instance]?[text] ?? [:]
            for locale in Set(old.keys).union(new.keys).sorted()
            where old[locale] != new[locale] && (compared == nil || locale == compared) {
                let what =
                    old[locale] == nil
                    ? "re-worded" : new[locale] == nil ? "back to the module's text" : "re-worded differently"
                changes.append("\(instance)/\(text) (\(locale)): \(what)" + (new[locale].map { ": \"\($0)\"" } ?? ""))
            }
        }
        // A declining link's words in each locale either variant ships,
        // for a route both have alike (a changed route is a link change).
        for old in a.links {
            guard let new = b.links.first(where: { $0.pattern == old.pattern }), new.description == old.description
            else { continue }
            let pattern = old.pattern
            for locale in Set(a.locales + b.locales).sorted() where compared == nil || locale == compared {
                let before = a.declineReason(of: old, in: locale)
                let after = b.declineReason(of: new, in: locale)
                guard before != after else { continue }
                let what = before == nil ? "translated" : after == nil ? "no longer translated" : "re-worded"
                changes.append(
                    "link \(pattern) reason (\(locale)): \(what)" + (after.map { ": \"\($0)\"" } ?? ""))
            }
        }
        return changes
    }
}
