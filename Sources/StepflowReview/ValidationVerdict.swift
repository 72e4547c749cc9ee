package import StepflowGraph
package import StepflowManifest
import StepflowScripts

/// What `rootapp validate` found in one manifest, as values: every
/// problem with its kind and severity, and one headline made from them
/// (``headline``), written here and nowhere else, beside the sign-off's
/// ``SignOffVerdict``.
package struct ValidationVerdict: Sendable {
    /// How bad a problem is.
    public enum Severity: String, Hashable, Sendable {
        /// The variant is not valid.
        case error
        /// Valid, but something to look at.
        case warning
    }

    /// Where a problem comes from.
    ///
    /// This enum may grow; end a `switch` over it with `@unknown default:`.
    package enum Kind: String, Hashable, Sendable {
        /// The manifest itself (its JSON, its names, its catalog).
        case manifest
        /// A finding of the explored graph (a dead end, a screen never reached).
        case finding
        /// A path rule: refuted, or naming what the variant does not have.
        case rule
        /// A requirement no rule or script covers, or one a script names
        /// that the manifest does not list.
        case requirement
        /// A script that cannot be read.
        case script
        /// An outside answer the analysis assumed rather than explored.
        case assumption
    }

    /// One problem: its kind, its severity, and its sentence as the tools
    /// print it (`file:line:column: error: …`).
    package struct Problem: Hashable, Sendable, CustomStringConvertible {
        /// Where it comes from.
        package let kind: Kind
        /// How bad it is.
        package let severity: Severity
        /// The sentence, with its place and fix.
        package let description: String

        /// A problem of `kind` and `severity`, said in `description`.
        package init(_ kind: Kind, _ severity: Severity, _ description: String) {
            self.kind = kind
            self.severity = severity
            self.description = description
        }
    }

    /// Every problem, in the order the tools print them.
    package let problems: [Problem]

    /// A verdict over `problems`.
    package init(problems: [Problem]) {
        self.problems = problems
    }

    /// The problems of each severity.
    package func count(_ severity: Severity) -> Int { problems.filter { $0.severity == severity }.count }

    /// Whether the manifest is valid: no problem is an error.
    package var isValid: Bool { count(.error) == 0 }

    /// The severity the headline speaks with: an error's, a warning's, or none.
    package var worst: Severity? {
        count(.error) > 0 ? .error : count(.warning) > 0 ? .warning : nil
    }

    /// `valid`, `valid, 2 warnings` or `3 errors`.
    package var headline: String {
        let errors = count(.error)
        let warnings = count(.warning)
        if errors > 0 { return "\(errors) error\(errors == 1 ? "" : "s")" }
        return warnings > 0 ? "valid, \(warnings) warning\(warnings == 1 ? "" : "s")" : "valid"
    }
}

extension ValidationVerdict {
    /// A warning for each of `locales` the tools' own words (``ToolWords``)
    /// do not speak: there the walk's prompts and the prototype's frame
    /// show in English around the variant's words.
    package static func toolWordProblems(locales: [String], in path: String) -> [Problem] {
        locales.filter { !ToolWords.speaks($0) }.map { locale in
            Problem(
                .manifest, .warning,
                """
                \(path): warning: locales: the tools' own words (the walk's prompts and help, the prototype's \
                frame) have no '\(locale)', so they show in English around the variant's \(locale) texts. They \
                speak \(ToolWords.locales.joined(separator: ", ")); the variant's own texts are not affected.
                """)
        }
    }
}

extension ValidationVerdict.Problem {
    /// A manifest's diagnostic, as a problem of `kind`.
    package init(_ kind: ValidationVerdict.Kind, _ diagnostic: ManifestDiagnostic) {
        self.init(kind, diagnostic.severity == .error ? .error : .warning, diagnostic.description)
    }

    /// A graph finding of `manifest`'s variant.
    package init(_ finding: Finding, in path: String) {
        self.init(.finding, finding.severity == .error ? .error : .warning, "\(path): \(finding.description)")
    }
}
