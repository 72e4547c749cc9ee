import Stepflow
import StepflowManifest
package import StepflowScripts

/// Acceptance-script results as JUnit XML, the format CI servers read: a
/// test suite per variant, a test case per script, a failure carrying the
/// script's line and what was showing; the requirements each script
/// covers as properties.
package enum JUnitReport {
    /// The XML for `scripts` run with `results` (in the same order).
    /// With `record`, the suite's properties carry the manifest digest,
    /// the date and the versions, as the review report does.
    package static func xml(
        app: String, scripts: [Script], results: [ScriptRunner.Result], requirements: RequirementCoverage? = nil,
        record: ReviewRecord? = nil
    ) -> String {
        let failures = results.filter { !$0.passed }.count
        let attribute = Escaping.xmlAttribute
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\(attribute(app)) tests=\"\(results.count)\" failures=\"\(failures)\">",
            "  <testsuite name=\(attribute(app)) tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\" "
                + "skipped=\"0\">",
        ]
        let entries = requirements?.entries ?? []
        if !entries.isEmpty || record != nil {
            lines.append("    <properties>")
            if let record {
                lines.append(
                    "      <property name=\"manifest digest\" value=\(attribute(record.manifestDigest))/>")
                if let catalog = record.catalogDigest {
                    lines.append("      <property name=\"catalog digest\" value=\(attribute(catalog))/>")
                }
                lines.append("      <property name=\"made\" value=\(attribute(record.date))/>")
                lines.append("      <property name=\"tool\" value=\(attribute(record.tool))/>")
                lines.append(
                    "      <property name=\"stepflow\" value=\(attribute(record.stepflowVersion))/>")
                if let locale = record.locale {
                    lines.append("      <property name=\"locale\" value=\(attribute(locale))/>")
                }
                for script in record.scripts {
                    lines.append(
                        "      <property name=\(attribute("script " + script.name)) value=\(attribute(script.digest))/>"
                    )
                }
                for module in record.modules {
                    lines.append(
                        "      <property name=\(attribute("module " + module.id)) "
                            + "value=\(attribute(module.package.description))/>"
                    )
                }
            }
            for entry in entries {
                let status = entry.status.rawValue + (entry.requirement.critical ? ", critical" : "")
                lines.append(
                    "      <property name=\(attribute("requirement " + entry.requirement.id)) "
                        + "value=\(attribute(status))/>"
                )
            }
            lines.append("    </properties>")
        }
        for (script, result) in zip(scripts, results) {
            let name = script.file.split(separator: "/").last.map(String.init) ?? script.file
            let opening =
                "    <testcase classname=\(attribute(app)) name=\(attribute(name)) file=\(attribute(script.file))"
            let covers = script.covers.map(\.id)
            guard let failure = result.failure else {
                if covers.isEmpty {
                    lines.append(opening + "/>")
                } else {
                    lines.append(opening + ">")
                    lines.append(properties(covers))
                    lines.append("    </testcase>")
                }
                continue
            }
            lines.append(opening + ">")
            if !covers.isEmpty { lines.append(properties(covers)) }
            lines.append(
                "      <failure message=\(attribute("line \(failure.line): \(failure.message)")) "
                    + "type=\"ScriptFailure\">"
                    + Escaping.xml("\(script.file):\(failure.line): \(failure.message)") + "</failure>"
            )
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func properties(_ covers: [String]) -> String {
        "      <properties>\n"
            + covers.map { "        <property name=\"covers\" value=\(Escaping.xmlAttribute($0))/>" }.joined(
                separator: "\n")
            + "\n      </properties>"
    }
}
