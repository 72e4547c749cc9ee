import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowScripts

// The report's later sections, each written into the page in order.
extension ReviewReport {
    /// 5. Every screen a person can see, with where each action leads and
    /// how much of it the scripts take.
    static func screenInventory(_ contents: Contents, into page: inout HTMLPage) {
        let variant = contents.variant
        let manifest = variant.manifest
        page.line("<section id=\"screens\"><h2>5. Screen inventory</h2>")
        page.line(
            """
            <p class=\"note\">Every screen a person can see in this variant, in \(Escaping.html(variant.locale)), with \
            each wording it can have, where each action leads, which scripts walk it, and how many of each input's \
            state transitions they take.</p>
            """
        )
        let consequences = consequences(variant.states)
        let taken = contents.results.reduce(into: Set<Int>()) { $0.formUnion($1.transitions) }
        // Module by module, in the manifest's order; within a module, in
        // the order a walk first meets the screens.
        let order = Dictionary(uniqueKeysWithValues: manifest.instances.enumerated().map { ($1.id, $0) })
        let byModule = variant.screens.enumerated().sorted { a, b in
            let (left, right) = (order[a.element.instance] ?? .max, order[b.element.instance] ?? .max)
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
        for screen in byModule {
            page.line("<div class=\"screen\">")
            page.line("<h3><span class=\"sid\">\(Escaping.html(screen.id))</span> \(Escaping.html(screen.title))</h3>")
            for line in screen.body { page.line("<p>\(Escaping.html(line))</p>") }
            if let content = screen.content {
                let kind = Escaping.html(content.qualifiedKind)
                page.line("<p class=\"note\">Shows the module's own view: <code>\(kind)</code></p>")
            }
            if !screen.fields.isEmpty {
                // Every class the app tells apart: a reviewer signs them off.
                page.line(
                    """
                    <p class=\"note\">A value is in the first class, top down, whose values take it; analysis \
                    enters each class's value below, so every class the app tells apart is a way on.</p>
                    <table class=\"fields\"><thead><tr><th>Field</th><th>Class</th><th>Which values</th>\
                    <th>Entered in analysis</th><th>The app</th></tr></thead><tbody>
                    """
                )
                for field in screen.fields {
                    let optional = field.isRequired ? "" : ", optional"
                    for valueClass in field.classes {
                        page.row([
                            "\(field.label) (\(field.name), \(field.kind.rawValue)\(optional))",
                            "\(valueClass.name): \(valueClass.label)", valueClass.rule.description,
                            valueClass.representative, valueClass.refusal.map { "refuses it: \($0)" } ?? "takes it",
                        ])
                    }
                }
                page.line("</tbody></table>")
            }
            if !contents.results.isEmpty {
                let walkers = contents.results.filter { $0.nodes.contains(screen.id) }.map { base($0.file) }
                page.line(
                    walkers.isEmpty
                        ? "<p class=\"walked none\">No script walks this screen.</p>"
                        : """
                        <p class=\"walked\">Walked by \(walkers.count) script\(walkers.count == 1 ? "" : "s"): \
                        \(Escaping.html(walkers.joined(separator: ", "))).</p>
                        """
                )
            }
            page.line(
                """
                <table class=\"actions\"><thead><tr><th>Action</th><th>Leads to</th><th>Taken by the \
                scripts</th></tr></thead><tbody>
                """
            )
            let rows = consequences[screen.id] ?? []
            func share(_ transitions: [Int]) -> String {
                transitions.isEmpty ? "—" : "\(transitions.filter(taken.contains).count) of \(transitions.count)"
            }
            for (index, action) in screen.actions.enumerated() {
                let label =
                    switch action.role {
                    case .primary: action.label
                    case .back: action.label.lowercased() == "back" ? action.label : "\(action.label) (goes back)"
                    case .cancel: "\(action.label) (cancels)"
                    }
                // An action that submits fields: a row per class entered.
                let entered = rows.filter {
                    if case .submit(index, _) = $0.input { return true }
                    return false
                }
                let plain: [Consequence?] = [rows.first { $0.input == .action(index) }]
                for row in entered.isEmpty ? plain : entered.map(Optional.some) {
                    var shown = label
                    if case .submit(_, let classes)? = row?.input { shown += " [\(classes)]" }
                    let places = row?.leadsTo ?? []
                    page.row([
                        shown,
                        places.isEmpty
                            ? "nowhere a walk takes it"
                            : places.map { $0 == screen.id ? "stays here" : $0 }.joined(separator: ", "),
                        share(row?.transitions ?? []),
                    ])
                }
            }
            for row in rows {
                guard case .other(let input) = row.input else { continue }
                page.row(
                    [input, row.leadsTo.joined(separator: ", "), share(row.transitions)], classes: ["note", "", ""])
            }
            page.line("</tbody></table></div>")
        }
        links(variant, into: &page)
        page.line("</section>")
    }

    /// The links the variant routes: each address opened from every live
    /// state, and where it landed (part of the screen inventory: a link
    /// lands only on screens listed above).
    static func links(_ variant: VariantGraph, into page: inout HTMLPage) {
        let routes = variant.manifest.links
        guard !routes.isEmpty else { return }
        let proof = variant.states.links
        page.line("<h3 id=\"links\">Links</h3>")
        page.line(
            """
            <p class=\"note\">Each address the variant routes, opened from each of the \(proof.liveStates) states the \
            app runs in (a notification or a universal link can arrive at any time), and how each opening \
            ended.</p>
            """
        )
        page.line(
            "<table class=\"links\"><thead><tr><th>Address</th><th>Opens</th><th>When its module is not running</th>"
                + "<th>Where it ended</th></tr></thead><tbody>")
        for tally in proof.tallies {
            let route = routes.route(for: tally.address)
            var ended = tally.landed.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map {
                "\($0.key) (\($0.value))"
            }
            if tally.held > 0 { ended.append("held until its module starts (\(tally.held))") }
            // The route's reason is said in its own column.
            let declined = tally.declined.values.reduce(0, +)
            if declined > 0 { ended.append("declined with the route's reason (\(declined))") }
            if tally.asked > 0 { ended.append("asked a question first (\(tally.asked))") }
            if tally.declinedByModule > 0 {
                ended.append("declined by its module without a reason (\(tally.declinedByModule))")
            }
            page.row(
                [
                    tally.address, route.map { "\($0.target): \($0.link.summary)" } ?? "",
                    route.map {
                        switch $0.policy {
                        case .start: "starts it at the link"
                        case .wait: "held until it starts"
                        case .decline(let reason): "declined: \(reason)"
                        }
                    } ?? "", ended.joined(separator: "; "),
                ], bad: tally.declinedByModule > 0)
        }
        // A parameter's value in a class the link refuses: refused the
        // same from every state, before any flow sees it.
        for refused in proof.refused {
            let route = routes.route(for: refused.address)
            let valueClass: String =
                if case .refusedClass(_, let found) = refused.entry.reason { " (class \(found.name))" } else { "" }
            page.row(
                [
                    refused.address, route.map { "\($0.target): \($0.link.summary)" } ?? "",
                    "refused the same, running or not",
                    "refused before any flow saw it, from every state: \(refused.entry.field)\(valueClass): "
                        + refused.entry.reason.description,
                ], bad: false)
        }
        page.line("</tbody></table>")
    }

    /// 6. The modules and routes, as a diagram or an outline.
    static func diagram(_ contents: Contents, into page: inout HTMLPage) {
        let manifest = contents.variant.manifest
        page.line("<section id=\"diagram\"><h2>6. Navigation diagram</h2>")
        switch contents.diagram {
        case .svg(let svg):
            page.line(
                """
                <figure>\(inlineSVG(svg))<figcaption>The modules and the routes walks take between them, from the \
                start (top) to the end (bottom), with the data each route hands on.</figcaption></figure>
                """
            )
        case .outline(let reason):
            page.line("<p class=\"note\">\(Escaping.html(reason)) The routes as an outline instead:</p>")
            page.line("<ul class=\"outline\">")
            for instance in manifest.instances {
                page.line("<li>\(Escaping.html(instance.id)) (\(Escaping.html(instance.module)))<ul>")
                for exit in instance.exits {
                    let target =
                        manifest.routes[RouteKey(instance: instance.id, exit: exit.name)]?.description ?? "no route"
                    page.line("<li>\(Escaping.html(exit.name)) → \(Escaping.html(target))</li>")
                }
                page.line("</ul></li>")
            }
            page.line("</ul>")
        }
        page.line("</section>")
    }

    /// 7. What exploration found wrong, or that nothing is.
    static func findingsSection(
        _ findings: [Finding], of variant: VariantGraph, verdict: SignOffVerdict, into page: inout HTMLPage
    ) {
        page.line("<section id=\"findings\"><h2>7. Findings</h2>")
        if findings.isEmpty {
            let texts = verdict.translations.map { "all \($0.total) instance texts have \($0.locale) words" }
            page.line(
                """
                <p>None over the \(variant.states.states.count) states explored: no dead end, no unhandled step, \
                no exit without a route, every instance \
                entered\(texts.isEmpty ? "" : ", " + texts.joined(separator: ", ")).</p>
                """
            )
        } else {
            page.line(
                "<table><thead><tr><th>Severity</th><th>Kind</th><th>Where</th><th>Detail</th></tr></thead><tbody>")
            for finding in findings {
                page.row(
                    [finding.severity.rawValue, "\(finding.kind)", finding.subject, finding.detail],
                    bad: finding.severity == .error)
            }
            page.line("</tbody></table>")
        }
        // A value an exit hands on that no module reads is thrown away:
        // said here, beside the diagram's "read by no module".
        let dropped = variant.droppedFields
        if !dropped.isEmpty {
            page.line(
                """
                <p class="note">Data read by no module (handed on, then thrown away; a value a person chooses \
                here is lost): \
                \(dropped.map { "<code>\(Escaping.html($0.description))</code>" }.joined(separator: ", ")).</p>
                """
            )
        }
        page.line("</section>")
    }

    /// 8. What differs from the variant compared against, if any.
    static func differences(_ contents: Contents, into page: inout HTMLPage) {
        let app = contents.variant.manifest.app
        if let against = contents.against {
            let other = against.variant.manifest.app.id
            let diff = against.diff
            page.line("<section id=\"differences\"><h2>8. Differences from \(Escaping.html(other))</h2>")
            if diff.isEmpty {
                page.line("<p>None: the same modules, routes, screens, steps and edges.</p>")
            }
            let parts: [(String, [String])] = [
                ("Modules only in \(app.id)", diff.instancesOnlyInA),
                ("Modules only in \(other)", diff.instancesOnlyInB),
                ("Options changed", diff.changedOptions), ("Routes only in \(app.id)", diff.routesOnlyInA),
                ("Routes only in \(other)", diff.routesOnlyInB), ("Routes changed", diff.changedRoutes),
                ("Links only in \(app.id)", diff.linksOnlyInA), ("Links only in \(other)", diff.linksOnlyInB),
                ("Links changed", diff.changedLinks),
                ("Screens only in \(app.id)", diff.screensOnlyInA), ("Screens only in \(other)", diff.screensOnlyInB),
            ]
            for (title, items) in parts where !items.isEmpty {
                page.line("<h3>\(Escaping.html(title)) (\(items.count))</h3><ul>")
                for item in items { page.line("<li>\(Escaping.html(item))</li>") }
                page.line("</ul>")
            }
            page.line("</section>")
        }
    }

    /// The sign-off block, tied to the build's digests when recorded.
    static func signOff(_ contents: Contents, into page: inout HTMLPage) {
        page.line("<section id=\"sign-off\"><h2>Sign-off</h2>")
        page.line("<p>I have reviewed this variant's requirements, rules, scripts and screens as listed above.</p>")
        if let record = contents.record {
            let catalog = record.catalogDigest.map { " (catalog digest <code>\(Escaping.html($0))</code>)" } ?? ""
            page.line(
                """
                <p>This sign-off is for the variant whose manifest digest is \
                <code>\(Escaping.html(record.manifestDigest))</code>\(catalog), \
                as explored on \(Escaping.html(record.date)) by \
                \(Escaping.html(record.tool)) on Stepflow \(Escaping.html(record.stepflowVersion)), \
                with \(Escaping.html(record.packages)). \
                A CI run's JUnit file records the same digest.</p>
                """
            )
            page.line(
                """
                <p class="evidence">The evidence: \(record.scripts.count) acceptance \
                script\(record.scripts.count == 1 ? "" : "s") by digest (\(Escaping.html(record.scriptDigests))), \
                shown in \(Escaping.html(record.locale ?? contents.variant.locale)).</p>
                """
            )
            if let day = contents.variant.datesJudgedOn {
                page.line(
                    """
                    <p class="evidence">Date classes relative to a day (an age, a day not in the future) were \
                    judged on \(Escaping.html(day)): on another day a date's class, and the verdicts above, may \
                    differ.</p>
                    """
                )
            }
        }
        let rows = ["Name", "Role", "Date", "Signature"].map { "<tr><th>\($0)</th><td></td></tr>" }
        page.line("<table class=\"sign\"><tbody>" + rows.joined() + "</tbody></table>")
        page.line("</section>")
    }
}
