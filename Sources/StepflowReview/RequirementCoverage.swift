package import StepflowGraph
package import StepflowManifest
package import StepflowScripts

/// How each requirement of a variant stands: the rules that prove it, the
/// scripts that exercise it, and what they showed. `validate` reads it
/// with the rules only run (covered or not); `check` and `report` with the
/// scripts run (passed or failed).
package struct RequirementCoverage: Sendable {
    /// Where a requirement stands.
    package enum Status: String, Hashable, Sendable {
        /// Every rule naming it holds and every script naming it passed.
        case passed
        /// A rule naming it is refuted, or a script naming it failed.
        case failed
        /// Rules or scripts name it, but the scripts were not run.
        case covered
        /// No rule and no script names it.
        case uncovered
    }

    /// One requirement and its evidence.
    package struct Entry: Sendable {
        /// The requirement.
        package let requirement: Requirement
        /// The rules that name it, and whether each holds.
        package let rules: [(name: String, holds: Bool)]
        /// The scripts that name it, and whether each passed (`nil`: not run).
        package let scripts: [(file: String, passed: Bool?)]
        /// Where it stands.
        package let status: Status
        /// Whether its rules only show that something can be reached (each
        /// is an existence rule, `reaches`): then it reads `shown
        /// reachable`, never `proved`.
        package var reachableOnly = false

        /// Where it stands, as strong as its evidence: a passed
        /// requirement a rule proves reads `proved`, one whose rules only
        /// show a screen can be reached reads `shown reachable`; one only
        /// scripts exercised reads `shown on 2 walks` (a walk shows, it
        /// does not prove); any other status its name.
        package var verdict: String {
            guard status == .passed else { return status.rawValue }
            let walks = scripts.count
            let shown = "shown on \(walks) walk\(walks == 1 ? "" : "s")"
            if rules.isEmpty { return shown }
            let proved = reachableOnly ? "shown reachable" : "proved"
            return walks == 0 ? proved : "\(proved); \(shown)"
        }
    }

    /// A script naming a requirement the manifest does not list.
    package struct UnknownRequirement: Sendable, CustomStringConvertible {
        /// The script's file.
        package let file: String
        /// The line of its `covers`.
        package let line: Int
        /// What is wrong, with the nearest id.
        package let message: String
        /// `file:line: error: message`.
        package var description: String { "\(file):\(line): error: \(message)" }
    }

    /// Every requirement, in the manifest's order.
    package let entries: [Entry]
    /// `covers` lines naming requirements the manifest does not list.
    package let unknown: [UnknownRequirement]

    /// The coverage of `manifest`'s requirements by `rules` (checked) and
    /// `scripts`, with `results` when the scripts were run (in the same
    /// order).
    package init(manifest: Manifest, rules: [PathRuleResult], scripts: [Script], results: [ScriptRunner.Result]? = nil)
    {
        let ids = manifest.requirements.map(\.id)
        var unknown: [UnknownRequirement] = []
        for script in scripts {
            for (id, line) in script.covers where !ids.contains(id) {
                let known =
                    ids.isEmpty
                    ? "The manifest lists no \"requirements\"."
                    : "Requirements: \(ids.map { "'\($0)'" }.joined(separator: ", "))."
                unknown.append(
                    UnknownRequirement(
                        file: script.file, line: line,
                        message: "unknown requirement '\(id)'. \(Suggestion.didYouMean(id, ids))\(known)"))
            }
        }
        self.unknown = unknown
        entries = manifest.requirements.map { requirement in
            let proving = rules.filter { $0.rule.requirement == requirement.id }.map { ($0.rule.name, $0.holds) }
            var exercising: [(file: String, passed: Bool?)] = []
            for (index, script) in scripts.enumerated() where script.covers.contains(where: { $0.id == requirement.id })
            {
                exercising.append((script.file, results.map { $0[index].passed }))
            }
            let status: Status
            if proving.isEmpty && exercising.isEmpty {
                status = .uncovered
            } else if proving.contains(where: { !$0.1 }) || exercising.contains(where: { $0.passed == false }) {
                status = .failed
            } else if results == nil && !exercising.isEmpty {
                status = .covered
            } else {
                status = .passed
            }
            var entry = Entry(requirement: requirement, rules: proving, scripts: exercising, status: status)
            let kinds = rules.filter { $0.rule.requirement == requirement.id }.map(\.rule.proves)
            entry.reachableOnly = !kinds.isEmpty && kinds.allSatisfy { $0 == [.reached] }
            return entry
        }
    }

    /// Requirements no rule or script covers: errors for critical ones,
    /// warnings for the rest, located in the manifest.
    package func uncovered(in file: String) -> [ManifestDiagnostic] {
        entries.filter { $0.status == .uncovered }.map { entry in
            let requirement = entry.requirement
            return ManifestDiagnostic(
                requirement.critical ? .error : .warning, file: file, location: requirement.location,
                path: requirement.path,
                message:
                    """
                    \(requirement.critical ? "critical requirement" : "requirement") '\(requirement.id)' is \
                    covered by no rule and no script. To fix, name it in a rule (\"requirement\": \
                    \"\(requirement.id)\") or in a script (covers \(requirement.id)).
                    """
            )
        }
    }

    /// How many requirements stand each way.
    package func count(_ status: Status) -> Int { entries.filter { $0.status == status }.count }
}
