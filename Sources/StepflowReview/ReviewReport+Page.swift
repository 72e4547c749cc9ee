import StepflowManifest

// How the report's page is written: escaping, the page buffer, the style.
extension ReviewReport {
    /// Graphviz's SVG without its XML prologue, so it sits inside HTML.
    static func inlineSVG(_ svg: String) -> String {
        guard let start = svg.firstRange(of: "<svg") else { return "" }
        return String(svg[start.lowerBound...])
    }

    static func base(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Text made safe for HTML, in an element or a quoted attribute.
    package static func escape(_ text: String) -> String { Escaping.html(text) }

    struct HTMLPage {
        var text = ""
        mutating func line(_ line: String) { text += line + "\n" }
        mutating func row(_ cells: [String], header: Bool = false, bad: Bool = false, classes: [String] = []) {
            var html = bad ? "<tr class=\"bad\">" : "<tr>"
            for (index, cell) in cells.enumerated() {
                let tag = header && index == 0 ? "th" : "td"
                let style = index < classes.count && !classes[index].isEmpty ? " class=\"\(classes[index])\"" : ""
                html += "<\(tag)\(style)>\(Escaping.html(cell))</\(tag)>"
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
        .verdict.warn { background: #fff4d6; border: 1px solid #d6a93a; } \
        .record code { font-size: 0.95em; overflow-wrap: anywhere; }
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
        p.walked.none { color: #8a6100; } table.actions, table.fields { width: auto; min-width: 60%; }
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
