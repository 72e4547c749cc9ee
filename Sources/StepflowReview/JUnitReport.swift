import Stepflow
import StepflowManifest
public import StepflowScripts

/// Acceptance-script results as JUnit XML, the format CI servers read: a
/// test suite per variant, a test case per script, a failure carrying the
/// script's line and what was showing; the requirements each script
/// covers as properties.
public enum JUnitReport {
    /// The XML for `scripts` run with `results` (in the same order).
    /// With `record`, the suite's properties carry the manifest digest,
    /// the date and the versions, as the review report does.
    public static func xml(
        app: String, scripts: [Script], results: [ScriptRunner.Result], requirements: RequirementCoverage? = nil,
        record: ReviewRecord? = nil
    ) -> String {
        let failures = results.filter { !$0.passed }.count
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\(Escaping.xmlAttribute(app)) tests=\"\(results.count)\" failures=\"\(failures)\">",
            "  <testsuite name=\(Escaping.xmlAttribute(app)) tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\" "
                + "skipped=\"0\">",
        ]
        let entries = requirements?.entries ?? []
        if !entries.isEmpty || record != nil {
            lines.append("    <properties>")
            if let record {
                lines.append(
                    "      <property name=\"manifest digest\" value=\(Escaping.xmlAttribute(record.manifestDigest))/>")
                if let catalog = record.catalogDigest {
                    lines.append("      <property name=\"catalog digest\" value=\(Escaping.xmlAttribute(catalog))/>")
                }
                lines.append("      <property name=\"made\" value=\(Escaping.xmlAttribute(record.date))/>")
                lines.append("      <property name=\"tool\" value=\(Escaping.xmlAttribute(record.tool))/>")
                lines.append(
                    "      <property name=\"stepflow\" value=\(Escaping.xmlAttribute(record.stepflowVersion))/>")
                if let locale = record.locale {
                    lines.append("      <property name=\"locale\" value=\(Escaping.xmlAttribute(locale))/>")
                }
                for script in record.scripts {
                    lines.append(
                        "      <property name=\(Escaping.xmlAttribute("script " + script.name)) value=\(Escaping.xmlAttribute(script.digest))/>"
                    )
                }
                for module in record.modules {
                    lines.append(
                        "      <property name=\(Escaping.xmlAttribute("module " + module.id)) "
                            + "value=\(Escaping.xmlAttribute(module.package.description))/>"
                    )
                }
            }
            for entry in entries {
                let status = entry.status.rawValue + (entry.requirement.critical ? ", critical" : "")
                lines.append(
                    "      <property name=\(Escaping.xmlAttribute("requirement " + entry.requirement.id)) "
                        + "value=\(Escaping.xmlAttribute(status))/>"
                )
            }
            lines.append("    </properties>")
        }
        for (script, result) in zip(scripts, results) {
            let name = script.file.split(separator: "/").last.map(String.init) ?? script.file
            let opening =
                "    <testcase classname=\(Escaping.xmlAttribute(app)) name=\(Escaping.xmlAttribute(name)) file=\(Escaping.xmlAttribute(script.file))"
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
                "      <failure message=\(Escaping.xmlAttribute("line \(failure.line): \(failure.message)")) "
                    + "type=\"ScriptFailure\">\(Escaping.xml("\(script.file):\(failure.line): \(failure.message)"))</failure>"
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
