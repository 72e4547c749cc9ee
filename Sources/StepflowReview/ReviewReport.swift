import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowScripts

/// A variant's review package as one self-contained HTML page, for the
/// people who sign a variant off: the variant, its requirements with their
/// rules and scripts, every path rule with its proof or counter-example,
/// the scripts' results and coverage, every screen with its words and
/// where each action leads, the navigation diagram, the findings and, when
/// asked, the differences from another variant. No script, no network, no
/// external file; it prints on A4.
package enum ReviewReport {
    /// The navigation diagram: an SVG drawing, or, when Graphviz is not
    /// there to draw it, an outline of the routes.
    package enum Diagram: Sendable {
        /// Inline SVG (from Graphviz's `dot`).
        case svg(String)
        /// No drawing: the modules and routes as nested lists, with why.
        case outline(reason: String)
    }

    /// The report's HTML.
    package static func html(_ contents: Contents) -> String { render(contents).html }

    /// The report's HTML, and the sign-off verdict its cover states (for a
    /// tool that reports it too, without judging the variant twice).
    package static func render(_ contents: Contents) -> (html: String, verdict: SignOffVerdict) {
        let variant = contents.variant
        let manifest = variant.manifest
        let app = manifest.app
        var page = HTMLPage()
        page.line("<!DOCTYPE html>")
        page.line("<html lang=\"\(Escaping.html(PluralRule.language(of: variant.locale)))\">")
        page.line("<head>")
        page.line("<meta charset=\"utf-8\">")
        page.line("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        page.line("<title>Review: \(Escaping.html(app.name)) (\(Escaping.html(app.id)))</title>")
        page.line("<style>\(style)</style>")
        page.line("</head>")
        page.line("<body>")

        // The cover: what this is, and the verdict with its evidence.
        let failedScripts = contents.results.filter { !$0.passed }.count
        let refuted = contents.rules.filter { !$0.holds }.count
        let findings = variant.findings()
        let errors = findings.filter { $0.severity == .error }
        let requirementsFailed = contents.requirements.count(.failed)
        let criticalUncovered = contents.requirements.entries.filter {
            $0.status == .uncovered && $0.requirement.critical
        }.count
        let verdict = SignOffVerdict(
            variant: variant, rules: contents.rules, results: contents.results, coverage: contents.coverage,
            requirements: contents.requirements, findings: findings)
        page.line("<header id=\"cover\">")
        page.line("<p class=\"kind\">Variant review package</p>")
        page.line("<h1>\(Escaping.html(app.name))</h1>")
        page.line(
            """
            <p class=\"meta\">\(Escaping.html(app.id))\
            \(app.audience.map { " · " + Escaping.html($0) } ?? "") · shown in \
            \(Escaping.html(variant.locale)) (ships \(Escaping.html(manifest.locales.joined(separator: ", ")))) · \
            \(Escaping.html(manifest.file)) · \
            made by \(Escaping.html(contents.generator)) from the variant's own flows</p>
            """
        )
        if let record = contents.record {
            let catalog = record.catalogDigest.map { " · catalog digest <code>\(Escaping.html($0))</code>" } ?? ""
            page.line(
                """
                <p class="meta record">Manifest digest <code>\(Escaping.html(record.manifestDigest))</code>\
                \(catalog) · \
                made \(Escaping.html(record.date)) by \(Escaping.html(record.tool)) \
                on Stepflow \(Escaping.html(record.stepflowVersion)) · \
                modules: \(Escaping.html(record.packages))</p>
                """
            )
        } else {
            page.line("<p class=\"meta record\">Not tied to a build: no digest, date or versions were recorded.</p>")
        }
        if let prototype = contents.prototype {
            page.line(
                """
                <p class="meta prototype">Click through this variant in a browser: \
                <a href="\(Escaping.html(prototype))">\(Escaping.html(prototype))</a> \
                (every screen and way on, offline).</p>
                """)
        } else {
            page.line(
                """
                <p class="meta prototype">To click through this variant in a browser: <code>rootapp prototype \
                \(Escaping.html(manifest.file)) -o prototype.html</code>.</p>
                """)
        }
        let standing =
            switch verdict.standing {
            case .ready: "ok"
            case .unjudged: "warn"
            case .notReady: "bad"
            }
        page.line("<p class=\"verdict \(standing)\">\(Escaping.html(verdict.headline))</p>")
        page.line("<table class=\"summary\" id=\"summary\"><tbody>")
        page.row(
            [
                "Path rules",
                "\(contents.rules.count - refuted) of \(contents.rules.count) proved"
                    + (refuted > 0 ? ", \(refuted) refuted" : ""),
            ], header: true, bad: refuted > 0)
        let requirements = contents.requirements
        page.row(
            [
                "Requirements",
                requirements.entries.isEmpty ? "none listed" : Self.requirementCounts(requirements),
            ], header: true, bad: requirementsFailed > 0 || criticalUncovered > 0)
        page.row(
            [
                "Acceptance scripts",
                contents.results.isEmpty
                    ? "none ran" : "\(contents.results.count - failedScripts) of \(contents.results.count) passed",
            ], header: true, bad: failedScripts > 0)
        if let coverage = contents.coverage {
            page.row(
                [
                    "Coverage",
                    "screens \(coverage.screens), edges \(coverage.edges), state transitions \(coverage.transitions)",
                ], header: true, bad: !verdict.shortfalls.isEmpty)
            let kinds = ScriptRunner.transitionsByKind(of: contents.results, in: variant.states).map {
                "\($0.kind) \($0.share)"
            }
            if !kinds.isEmpty { page.row(["Transitions by kind", kinds.joined(separator: ", ")], header: true) }
            if let classes = ScriptRunner.classesEntered(by: contents.results, in: variant) {
                let missing = classes.missing.isEmpty ? "" : "; not entered: " + classes.missing.joined(separator: ", ")
                page.row(["Value classes entered", "\(classes.share)\(missing)"], header: true)
            }
            if let edges = ScriptRunner.classEdgesEntered(by: contents.results, in: variant) {
                let missing = edges.missing.isEmpty ? "" : "; not entered: " + edges.missing.joined(separator: "; ")
                page.row(
                    ["Class edge values entered", "\(edges.share) of those validate tries\(missing)"], header: true)
            }
        }
        if let minimum = manifest.coverageMinimum, !minimum.percents.isEmpty {
            let set = CoverageMinimum.Kind.allCases.compactMap { kind in
                minimum.percents[kind].map { "\(kind.rawValue) \($0)%" }
            }
            let below = verdict.shortfalls.map { "\($0.kind.rawValue) \($0.share)" }
            page.row(
                [
                    "Minimum coverage",
                    set.joined(separator: ", ")
                        + (below.isEmpty ? ": met" : "; below it: " + below.joined(separator: ", ")),
                ], header: true, bad: !below.isEmpty)
        } else {
            page.row(["Minimum coverage", "none set in the manifest: coverage is not judged"], header: true)
        }
        for translation in verdict.translations {
            page.row(
                [
                    "Texts in \(translation.locale)",
                    translation.isComplete
                        ? """
                        all \(translation.total) instance texts have \(translation.locale) words \
                        (\(translation.keyed) module texts, \(translation.literal) literal, \(translation.options) \
                        option values)
                        """
                        : "\(translation.untranslated) of \(translation.total) instance texts show in English",
                ], header: true, bad: !translation.isComplete)
        }
        page.row(
            [
                "Findings",
                findings.isEmpty
                    ? "none"
                    : """
                    \(errors.count) error\(errors.count == 1 ? "" : "s"), \(findings.count - errors.count) \
                    warning\(findings.count - errors.count == 1 ? "" : "s")
                    """,
            ], header: true, bad: !errors.isEmpty)
        page.row(
            [
                "Explored",
                """
                \(variant.states.states.count) states, \(variant.states.transitions.count) transitions, \
                \(variant.graph.nodes.count) screens and steps, \(variant.screens.count) screen wordings
                """,
            ], header: true)
        page.line("</tbody></table>")
        page.line("<nav><ol>")
        let sections =
            [
                ("variant", "The variant"), ("requirements", "Requirements"), ("rules", "Path rules"),
                ("scripts", "Acceptance scripts"), ("screens", "Screen inventory"), ("diagram", "Navigation diagram"),
                ("findings", "Findings"),
            ] + (contents.against.map { [("differences", "Differences from \($0.variant.manifest.app.id)")] } ?? []) + [
                ("sign-off", "Sign-off")
            ]
        for (id, title) in sections { page.line("<li><a href=\"#\(id)\">\(Escaping.html(title))</a></li>") }
        page.line("</ol></nav>")
        page.line("</header>")

        // 1. The variant.
        page.line("<section id=\"variant\"><h2>1. The variant</h2>")
        page.line("<table><thead><tr><th>Instance</th><th>Module</th><th>Options</th></tr></thead><tbody>")
        for instance in manifest.instances {
            let applicable = instance.applicableOptions
            // Force-unwrapped: the keys are `applicable`'s own.
            let options = applicable.keys.sorted().map { "\($0) = \(applicable[$0]!)" }.joined(separator: ", ")
            page.row([
                instance.id + (instance.id == manifest.start ? " (start)" : ""), instance.module,
                options.isEmpty ? "none" : options,
            ])
        }
        page.line("</tbody></table>")
        page.line("<h3>Routes</h3><table><thead><tr><th>Exit</th><th>Leads to</th></tr></thead><tbody>")
        for key in manifest.routes.keys.sorted(by: { $0.description < $1.description }) {
            page.row([key.description, manifest.routes[key]!.description])  // keys of `routes`
        }
        page.line("</tbody></table>")
        // What the variant keeps of what a person gives, and for how long.
        let record = manifest.record
        if record.keys.isEmpty {
            page.line("<h3>What it records</h3><p class=\"note\">Nothing: the variant keeps no record.</p>")
        } else {
            page.line(
                """
                <h3>What it records</h3><table><thead><tr><th>Entry</th><th>What</th><th>Written by</th>\
                <th>Read by</th><th>Lives</th></tr></thead><tbody>
                """)
            for key in record.keys {
                // Force-unwrapped: the keys are `record`'s own.
                let entry = record.entries[key]!
                let classes = entry.spec.classes.map(\.name)
                let readers = entry.readers.union(entry.takers).sorted()
                page.row([
                    key,
                    entry.spec.label + (classes.isEmpty ? "" : " (\(classes.joined(separator: ", ")))"),
                    entry.owner, readers.isEmpty ? "none" : readers.joined(separator: ", "),
                    entry.lifetime.description,
                ])
            }
            page.line("</tbody></table>")
        }
        page.line("</section>")

        // 2. Requirements.
        page.line("<section id=\"requirements\"><h2>2. Requirements</h2>")
        if requirements.entries.isEmpty {
            page.line("<p class=\"note\">The manifest lists no requirements.</p>")
        } else {
            page.line(
                """
                <table><thead><tr><th>Id</th><th>Requirement</th><th>Status</th><th>Proved by</th><th>Exercised \
                by</th></tr></thead><tbody>
                """
            )
            for entry in requirements.entries {
                let status = entry.verdict + (entry.requirement.critical ? " (critical)" : "")
                let rules = entry.rules.map { "\($0.name) (\($0.holds ? "holds" : "refuted"))" }
                let scripts = entry.scripts.map {
                    "\(base($0.file)) (\($0.passed.map { $0 ? "passed" : "failed" } ?? "not run"))"
                }
                page.row(
                    [
                        entry.requirement.id, entry.requirement.text, status,
                        rules.isEmpty ? "—" : rules.joined(separator: "; "),
                        scripts.isEmpty ? "—" : scripts.joined(separator: "; "),
                    ], bad: entry.status == .failed || (entry.status == .uncovered && entry.requirement.critical),
                    classes: ["id", "", "status " + entry.status.rawValue, "", ""])
            }
            page.line("</tbody></table>")
        }
        page.line("</section>")

        // 3. Path rules.
        page.line("<section id=\"rules\"><h2>3. Path rules</h2>")
        if contents.rules.isEmpty { page.line("<p class=\"note\">The manifest states no path rules.</p>") }
        for rule in contents.rules {
            page.line("<div class=\"rule \(rule.holds ? "ok" : "bad")\">")
            page.line("<h3>\(Escaping.html(rule.rule.name))</h3>")
            if rule.rule.statement != rule.rule.name {
                page.line("<p class=\"says\">It checks: <code>\(Escaping.html(rule.rule.statement))</code></p>")
            }
            let verdict = rule.holds ? "Proved over every state of the variant." : "Refuted."
            let proves = rule.rule.requirement.map { " Proves " + Escaping.html($0) + "." } ?? ""
            page.line(
                """
                <p>\(verdict)\(proves) Written at \(Escaping.html(manifest.file)):\(rule.rule.location) \
                (\(Escaping.html(rule.rule.path))).</p>
                """
            )
            if !rule.holds, let walk = rule.walk {
                page.line(
                    """
                    <p>A walk that breaks it (\(walk.depth) input\(walk.depth == 1 ? "" : "s")), as the live \
                    engine takes it:</p><ol class=\"walk\">
                    """
                )
                for input in walk.inputs {
                    page.line("<li>\(Escaping.html("\(input.screen ?? "start"): \(input)"))</li>")
                }
                page.line("</ol>")
            }
            page.line("</div>")
        }
        page.line("</section>")

        // 4. Acceptance scripts.
        page.line("<section id=\"scripts\"><h2>4. Acceptance scripts</h2>")
        if contents.scripts.isEmpty {
            page.line("<p class=\"note\">No acceptance scripts ran.</p>")
        } else {
            page.line(
                "<table><thead><tr><th>Script</th><th>Covers</th><th>Lines</th><th>Result</th></tr></thead><tbody>")
            for (script, result) in zip(contents.scripts, contents.results) {
                let outcome = result.failure.map { "failed at line \($0.line): \($0.message)" } ?? "passed"
                page.row(
                    [
                        base(script.file), script.covers.map(\.id).joined(separator: ", "), "\(result.lineCount)",
                        outcome,
                    ], bad: !result.passed, classes: ["", "", "", result.passed ? "status passed" : "status failed"])
            }
            page.line("</tbody></table>")
            page.line(
                """
                <p class=\"note\">The state transitions the scripts took, by kind of input (a transition is one \
                input in one state of the app; an action offered in several states counts once in each).</p>
                """
            )
            page.line(
                """
                <table class=\"kinds\"><thead><tr><th>Kind of \
                input</th><th>Taken</th><th>Of</th><th>Share</th></tr></thead><tbody>
                """
            )
            for entry in ScriptRunner.transitionsByKind(of: contents.results, in: variant.states) {
                page.row(
                    [entry.kind, "\(entry.share.covered)", "\(entry.share.total)", "\(entry.share.percent)%"],
                    bad: entry.share.covered == 0)
            }
            page.line("</tbody></table>")
        }
        page.line("</section>")

        screenInventory(contents, into: &page)
        diagram(contents, into: &page)
        findingsSection(findings, of: variant, verdict: verdict, into: &page)
        differences(contents, into: &page)
        signOff(contents, into: &page)
        page.line("</body>")
        page.line("</html>")
        return (page.text, verdict)
    }

    /// `5 of 6 passed (3 proved by a rule, 2 shown on walks only), 0
    /// failed, 1 uncovered`: a passed requirement said as strong as its
    /// evidence, and "named, not run" only when a script was not run.
    static func requirementCounts(_ requirements: RequirementCoverage) -> String {
        let passed = requirements.entries.filter { $0.status == .passed }
        let proved = passed.filter { !$0.rules.isEmpty }.count
        var parts = [
            "\(passed.count) of \(requirements.entries.count) passed (\(proved) proved by a rule, "
                + "\(passed.count - proved) shown on walks only)",
            "\(requirements.count(.failed)) failed",
        ]
        if requirements.count(.covered) > 0 { parts.append("\(requirements.count(.covered)) named, not run") }
        parts.append("\(requirements.count(.uncovered)) uncovered")
        return parts.joined(separator: ", ")
    }
}
