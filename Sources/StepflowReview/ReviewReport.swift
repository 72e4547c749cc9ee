import Stepflow
public import StepflowGraph
import StepflowManifest
public import StepflowScripts

/// A variant's review package as one self-contained HTML page, for the
/// people who sign a variant off: the variant, its requirements with their
/// rules and scripts, every path rule with its proof or counter-example,
/// the scripts' results and coverage, every screen with its words and
/// where each action leads, the navigation diagram, the findings and, when
/// asked, the differences from another variant. No script, no network, no
/// external file; it prints on A4.
public enum ReviewReport {
    /// The navigation diagram: an SVG drawing, or, when Graphviz is not
    /// there to draw it, an outline of the routes.
    public enum Diagram: Sendable {
        /// Inline SVG (from Graphviz's `dot`).
        case svg(String)
        /// No drawing: the modules and routes as nested lists, with why.
        case outline(reason: String)
    }

    /// What the report is made of.
    public struct Contents: Sendable {
        /// The variant, explored.
        public var variant: VariantGraph
        /// Its path rules, checked.
        public var rules: [PathRuleResult]
        /// The acceptance scripts, and their results in the same order
        /// (empty when none ran).
        public var scripts: [Script]
        /// The scripts' results.
        public var results: [ScriptRunner.Result]
        /// What the scripts covered.
        public var coverage: ScriptRunner.Coverage?
        /// Where each requirement stands.
        public var requirements: RequirementCoverage
        /// The diagram.
        public var diagram: Diagram
        /// Another variant and how this one differs from it.
        public var against: (variant: VariantGraph, diff: VariantDiff)?
        /// The tool and version that made the report (`rootapp 0.4.0`).
        public var generator: String
        /// What ties the sign-off to a build: digest, date, versions. When
        /// `nil`, the report says it is not tied to one.
        public var record: ReviewRecord?

        /// The contents of a report.
        public init(
            variant: VariantGraph, rules: [PathRuleResult], scripts: [Script], results: [ScriptRunner.Result],
            coverage: ScriptRunner.Coverage?, requirements: RequirementCoverage, diagram: Diagram,
            against: (variant: VariantGraph, diff: VariantDiff)? = nil, generator: String, record: ReviewRecord? = nil
        ) {
            self.variant = variant
            self.rules = rules
            self.scripts = scripts
            self.results = results
            self.coverage = coverage
            self.requirements = requirements
            self.diagram = diagram
            self.against = against
            self.generator = generator
            self.record = record
        }
    }

    /// The report's HTML.
    public static func html(_ contents: Contents) -> String { render(contents).html }

    /// The report's HTML, and the sign-off verdict its cover states (for a
    /// tool that reports it too, without judging the variant twice).
    public static func render(_ contents: Contents) -> (html: String, verdict: SignOffVerdict) {
        let variant = contents.variant
        let manifest = variant.manifest
        let app = manifest.app
        var page = HTMLPage()
        page.line("<!DOCTYPE html>")
        page.line("<html lang=\"\(escape(PluralRule.language(of: variant.locale)))\">")
        page.line("<head>")
        page.line("<meta charset=\"utf-8\">")
        page.line("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        page.line("<title>Review: \(escape(app.name)) (\(escape(app.id)))</title>")
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
        page.line("<h1>\(escape(app.name))</h1>")
        page.line(
            """
            <p class=\"meta\">\(escape(app.id))\(app.audience.map { " · " + escape($0) } ?? "") · shown in \
            \(escape(variant.locale)) (ships \(escape(manifest.locales.joined(separator: ", ")))) · \
            \(escape(manifest.file)) · made by \(escape(contents.generator)) from the variant's own flows</p>
            """
        )
        if let record = contents.record {
            let catalog = record.catalogDigest.map { " · catalog digest <code>\(escape($0))</code>" } ?? ""
            page.line(
                """
                <p class="meta record">Manifest digest <code>\(escape(record.manifestDigest))</code>\(catalog) · \
                made \(escape(record.date)) by \(escape(record.tool)) on Stepflow \(escape(record.stepflowVersion)) · \
                modules: \(escape(record.packages))</p>
                """
            )
        } else {
            page.line("<p class=\"meta record\">Not tied to a build: no digest, date or versions were recorded.</p>")
        }
        let standing =
            switch verdict.standing {
            case .ready: "ok"
            case .unjudged: "warn"
            case .notReady: "bad"
            }
        page.line("<p class=\"verdict \(standing)\">\(escape(verdict.headline))</p>")
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
                requirements.entries.isEmpty
                    ? "none listed"
                    : """
                    \(requirements.count(.passed)) of \(requirements.entries.count) passed, \(requirementsFailed) \
                    failed, \(requirements.count(.covered)) covered, \(requirements.count(.uncovered)) uncovered
                    """,
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
                        all \(translation.total) shown texts have \(translation.locale) words \
                        (\(translation.keyed) module texts, \(translation.literal) literal, \(translation.options) \
                        option values)
                        """
                        : "\(translation.untranslated) of \(translation.total) shown texts show in English",
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
        for (id, title) in sections { page.line("<li><a href=\"#\(id)\">\(escape(title))</a></li>") }
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
        page.line("</tbody></table></section>")

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
                let status = entry.status.rawValue + (entry.requirement.critical ? " (critical)" : "")
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
            page.line("<h3>\(escape(rule.rule.name))</h3>")
            let verdict = rule.holds ? "Proved over every state of the variant." : "Refuted."
            let proves = rule.rule.requirement.map { " Proves " + escape($0) + "." } ?? ""
            page.line(
                """
                <p>\(verdict)\(proves) Written at \(escape(manifest.file)):\(rule.rule.location) \
                (\(escape(rule.rule.path))).</p>
                """
            )
            if !rule.holds, let walk = rule.walk {
                page.line(
                    """
                    <p>A walk that breaks it (\(walk.depth) input\(walk.depth == 1 ? "" : "s")), as the live \
                    engine takes it:</p><ol class=\"walk\">
                    """
                )
                for input in walk.inputs { page.line("<li>\(escape("\(input.screen ?? "start"): \(input)"))</li>") }
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

        // 5. Screen inventory.
        page.line("<section id=\"screens\"><h2>5. Screen inventory</h2>")
        page.line(
            """
            <p class=\"note\">Every screen a person can see in this variant, in \(escape(variant.locale)), with \
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
            page.line("<h3><span class=\"sid\">\(escape(screen.id))</span> \(escape(screen.title))</h3>")
            for line in screen.body { page.line("<p>\(escape(line))</p>") }
            if !contents.results.isEmpty {
                let walkers = contents.results.filter { $0.nodes.contains(screen.id) }.map { base($0.file) }
                page.line(
                    walkers.isEmpty
                        ? "<p class=\"walked none\">No script walks this screen.</p>"
                        : """
                        <p class=\"walked\">Walked by \(walkers.count) script\(walkers.count == 1 ? "" : "s"): \
                        \(escape(walkers.joined(separator: ", "))).</p>
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
                let row = rows.first { $0.input == .action(index) }
                let places = row?.leadsTo ?? []
                page.row([
                    label,
                    places.isEmpty
                        ? "nowhere a walk takes it"
                        : places.map { $0 == screen.id ? "stays here" : $0 }.joined(separator: ", "),
                    share(row?.transitions ?? []),
                ])
            }
            for row in rows {
                guard case .other(let input) = row.input else { continue }
                page.row(
                    [input, row.leadsTo.joined(separator: ", "), share(row.transitions)], classes: ["note", "", ""])
            }
            page.line("</tbody></table></div>")
        }
        page.line("</section>")

        // 6. Diagram.
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
            page.line("<p class=\"note\">\(escape(reason)) The routes as an outline instead:</p>")
            page.line("<ul class=\"outline\">")
            for instance in manifest.instances {
                page.line("<li>\(escape(instance.id)) (\(escape(instance.module)))<ul>")
                for exit in instance.exits {
                    let target =
                        manifest.routes[RouteKey(instance: instance.id, exit: exit.name)]?.description ?? "no route"
                    page.line("<li>\(escape(exit.name)) → \(escape(target))</li>")
                }
                page.line("</ul></li>")
            }
            page.line("</ul>")
        }
        page.line("</section>")

        // 7. Findings.
        page.line("<section id=\"findings\"><h2>7. Findings</h2>")
        if findings.isEmpty {
            let texts = verdict.translations.map { "all \($0.total) shown texts have \($0.locale) words" }
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
        page.line("</section>")

        // 8. Differences.
        if let against = contents.against {
            let other = against.variant.manifest.app.id
            let diff = against.diff
            page.line("<section id=\"differences\"><h2>8. Differences from \(escape(other))</h2>")
            if diff.isEmpty {
                page.line("<p>None: the same modules, routes, screens, steps and edges.</p>")
            }
            let parts: [(String, [String])] = [
                ("Modules only in \(app.id)", diff.instancesOnlyInA),
                ("Modules only in \(other)", diff.instancesOnlyInB),
                ("Options changed", diff.changedOptions), ("Routes only in \(app.id)", diff.routesOnlyInA),
                ("Routes only in \(other)", diff.routesOnlyInB), ("Routes changed", diff.changedRoutes),
                ("Screens only in \(app.id)", diff.screensOnlyInA), ("Screens only in \(other)", diff.screensOnlyInB),
            ]
            for (title, items) in parts where !items.isEmpty {
                page.line("<h3>\(escape(title)) (\(items.count))</h3><ul>")
                for item in items { page.line("<li>\(escape(item))</li>") }
                page.line("</ul>")
            }
            page.line("</section>")
        }

        page.line("<section id=\"sign-off\"><h2>Sign-off</h2>")
        page.line("<p>I have reviewed this variant's requirements, rules, scripts and screens as listed above.</p>")
        if let record = contents.record {
            let catalog = record.catalogDigest.map { " (catalog digest <code>\(escape($0))</code>)" } ?? ""
            page.line(
                """
                <p>This sign-off is for the variant whose manifest digest is \
                <code>\(escape(record.manifestDigest))</code>\(catalog), as explored on \(escape(record.date)) by \
                \(escape(record.tool)) on Stepflow \(escape(record.stepflowVersion)), with \(escape(record.packages)). \
                A CI run's JUnit file records the same digest.</p>
                """
            )
        }
        let rows = ["Name", "Role", "Date", "Signature"].map { "<tr><th>\($0)</th><td></td></tr>" }
        page.line("<table class=\"sign\"><tbody>" + rows.joined() + "</tbody></table>")
        page.line("</section>")
        page.line("</body>")
        page.line("</html>")
        return (page.text, verdict)
    }

    /// Graphviz's SVG without its XML prologue, so it sits inside HTML.
    static func inlineSVG(_ svg: String) -> String {
        guard let start = svg.firstRange(of: "<svg") else { return "" }
        return String(svg[start.lowerBound...])
    }

    static func base(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Text made safe for HTML.
    public static func escape(_ text: String) -> String {
        var output = ""
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.append(character)
            }
        }
        return output
    }

    private struct HTMLPage {
        var text = ""
        mutating func line(_ line: String) { text += line + "\n" }
        mutating func row(_ cells: [String], header: Bool = false, bad: Bool = false, classes: [String] = []) {
            var html = bad ? "<tr class=\"bad\">" : "<tr>"
            for (index, cell) in cells.enumerated() {
                let tag = header && index == 0 ? "th" : "td"
                let style = index < classes.count && !classes[index].isEmpty ? " class=\"\(classes[index])\"" : ""
                html += "<\(tag)\(style)>\(ReviewReport.escape(cell))</\(tag)>"
            }
            line(html + "</tr>")
        }
    }

    /// Screen and print styles: A4 pages, sections from a new page, rows
    /// never split.
    static let style = """
        body { font: 11pt/1.45 "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; color: #1b1b1b; margin: 2em auto; \
        max-width: 60em; padding: 0 1.5em; }
        h1 { font-size: 1.9em; margin: 0.1em 0 0.2em; } \
        h2 { font-size: 1.35em; border-bottom: 2px solid #2c5d8a; padding-bottom: 0.2em; margin-top: 2em; \
        color: #1d3f5e; }
        h3 { font-size: 1.05em; margin: 1.2em 0 0.3em; }
        .kind { text-transform: uppercase; letter-spacing: 0.08em; color: #55606b; font-size: 0.85em; margin: 0; }
        .meta { color: #55606b; font-size: 0.9em; }
        .verdict { padding: 0.6em 0.9em; border-radius: 4px; font-weight: bold; }
        .verdict.ok { background: #e5f4e8; border: 1px solid #7bbf87; } \
        .verdict.bad { background: #fbe7e6; border: 1px solid #d9827b; }
        .verdict.warn { background: #fff4d6; border: 1px solid #d6a93a; } .record code { font-size: 0.95em; }
        table { border-collapse: collapse; width: 100%; margin: 0.6em 0 1em; font-size: 0.92em; }
        th, td { border: 1px solid #c9d1d9; padding: 0.35em 0.5em; text-align: left; vertical-align: top; }
        thead th { background: #eef3f8; } table.summary th { width: 12em; background: #f6f8fa; }
        tr.bad td, tr.bad th { background: #fbe7e6; }
        td.status.passed { color: #1f7a35; font-weight: bold; } \
        td.status.failed { color: #b3261e; font-weight: bold; } td.status.uncovered { color: #8a6100; }
        td.id, .sid { font-family: "DejaVu Sans Mono", Menlo, monospace; white-space: nowrap; }
        .sid { font-size: 0.85em; color: #55606b; margin-right: 0.5em; }
        .rule { border-left: 4px solid #7bbf87; padding: 0.1em 0.8em; margin: 0.8em 0; } \
        .rule.bad { border-left-color: #d9827b; }
        .screen { border: 1px solid #c9d1d9; border-radius: 6px; padding: 0.2em 0.9em 0.4em; margin: 0.8em 0; }
        .screen p { margin: 0.3em 0; } p.walked { color: #1f7a35; font-size: 0.9em; } \
        p.walked.none { color: #8a6100; } table.actions { width: auto; min-width: 60%; }
        .note { color: #55606b; font-style: italic; }
        figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; } \
        figcaption { color: #55606b; font-size: 0.9em; }
        ol.walk li { font-family: "DejaVu Sans Mono", Menlo, monospace; font-size: 0.9em; }
        nav ol { columns: 2; font-size: 0.95em; }
        table.sign td { height: 2.2em; } table.sign th { width: 8em; }
        @page { size: A4; margin: 16mm 14mm; }
        @media print {
            body { margin: 0; max-width: none; padding: 0; font-size: 10pt; }
            section { break-before: page; } #sign-off { break-before: auto; }
            tr, .screen, .rule, figure { break-inside: avoid; }
            h2, h3 { break-after: avoid; }
            a { color: inherit; text-decoration: none; }
        }
        """
}
