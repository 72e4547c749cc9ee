package import Stepflow
package import StepflowGraph
package import StepflowManifest
package import StepflowScripts

/// Whether a variant is ready for sign-off, and on what evidence: its path
/// rules, its acceptance scripts and how much of the variant they take,
/// its requirements, its error findings, its translations, against the
/// manifest's minimum coverage. `check` and `report` say the same thing
/// from the same value.
///
/// The verdict is never stronger than its evidence: without a minimum in
/// the manifest, the scripts' coverage is stated but not judged, and the
/// variant is not called ready.
package struct SignOffVerdict: Sendable {
    /// Where the verdict lands.
    package enum Standing: String, Hashable, Sendable {
        /// Everything checked holds, and coverage meets the manifest's minimum.
        case ready
        /// Everything checked holds, but the manifest sets no minimum
        /// coverage (or no script ran), so how much was exercised is not judged.
        case unjudged
        /// Something checked fails, or coverage is below the minimum.
        case notReady
    }

    /// A coverage kind below its minimum.
    package struct Shortfall: Hashable, Sendable {
        /// What is counted.
        package let kind: CoverageMinimum.Kind
        /// How much the scripts took.
        package let share: ScriptRunner.Share
        /// The manifest's minimum, in whole percent.
        package let minimum: Int
    }

    /// Path rules proved, of those the manifest states.
    package let rules: ScriptRunner.Share
    /// Scripts passed, of those that ran.
    package let scripts: ScriptRunner.Share
    /// What the scripts took, when any ran.
    package let coverage: ScriptRunner.Coverage?
    /// The manifest's minimum coverage, if it sets one.
    package let minimum: CoverageMinimum?
    /// Kinds below their minimum.
    package let shortfalls: [Shortfall]
    /// Requirements passed, of those listed; failed; critical ones uncovered.
    package let requirements: (passed: Int, total: Int, failed: Int, criticalUncovered: Int)
    /// Findings of error severity (dead ends, missing translations, …).
    package let errorFindings: Int
    /// Each shipped locale other than English: how many instance texts have its words.
    package let translations: [VariantGraph.TranslationCoverage]

    /// The verdict for `variant` from what was checked.
    package init(
        variant: VariantGraph, rules: [PathRuleResult], results: [ScriptRunner.Result],
        coverage: ScriptRunner.Coverage?, requirements: RequirementCoverage, findings: [Finding]
    ) {
        let manifest = variant.manifest
        self.rules = ScriptRunner.Share(covered: rules.filter(\.holds).count, total: rules.count)
        self.scripts = ScriptRunner.Share(covered: results.filter(\.passed).count, total: results.count)
        self.coverage = results.isEmpty ? nil : coverage
        self.minimum = manifest.coverageMinimum
        var shortfalls: [Shortfall] = []
        if let minimum = manifest.coverageMinimum {
            for kind in CoverageMinimum.Kind.allCases {
                guard let percent = minimum.percents[kind] else { continue }
                let share = self.coverage.map { Self.share(kind, of: $0) } ?? ScriptRunner.Share(covered: 0, total: 1)
                if share.covered * 100 < percent * share.total {
                    shortfalls.append(Shortfall(kind: kind, share: share, minimum: percent))
                }
            }
        }
        self.shortfalls = shortfalls
        self.requirements = (
            requirements.count(.passed), requirements.entries.count, requirements.count(.failed),
            requirements.entries.filter { $0.status == .uncovered && $0.requirement.critical }.count
        )
        self.errorFindings = findings.filter { $0.severity == .error }.count
        self.translations = manifest.locales.filter { $0 != "en" }.map(variant.translationCoverage(in:))
        self.assumptions = variant.states.assumptions
    }

    /// The outside answers analysis assumed instead of exploring (a
    /// deferred `adapt` taken as the step unchanged): every verdict here
    /// rests on them, and the evidence says so.
    package let assumptions: [AssumedAnswer]

    /// The share of `kind` in `coverage`.
    static func share(_ kind: CoverageMinimum.Kind, of coverage: ScriptRunner.Coverage) -> ScriptRunner.Share {
        switch kind {
        case .screens: coverage.screens
        case .edges: coverage.edges
        case .transitions: coverage.transitions
        }
    }

    /// Whether everything checked holds (rules, scripts, requirements,
    /// findings), whatever the coverage.
    package var checksHold: Bool {
        rules.covered == rules.total && scripts.covered == scripts.total && requirements.failed == 0
            && requirements.criticalUncovered == 0 && errorFindings == 0
    }

    /// Where the verdict lands.
    package var standing: Standing {
        guard checksHold, shortfalls.isEmpty else { return .notReady }
        guard let minimum, !minimum.percents.isEmpty, coverage != nil else { return .unjudged }
        return .ready
    }

    /// The headline: the standing, then every piece of evidence with its
    /// count. ("Not ready for sign-off: transitions 43 of 269 (15%), below
    /// the minimum 80%. 5 of 5 rules proved; 4 of 4 scripts pass; they
    /// take …")
    package var headline: String {
        var lead: String
        switch standing {
        case .ready: lead = "Ready for sign-off, on this evidence:"
        case .unjudged:
            lead =
                coverage == nil
                ? "Not judged ready: no acceptance script ran, so nothing shows the variant was exercised."
                : """
                Not judged ready: the manifest sets no minimum coverage (\"coverage\"), so how much the scripts \
                exercised is stated, not judged.
                """
        case .notReady:
            var reasons: [String] = []
            for shortfall in shortfalls {
                reasons.append(
                    """
                    the scripts take \(shortfall.kind.rawValue) \(shortfall.share), below the manifest's minimum \
                    of \(shortfall.minimum)%
                    """
                )
            }
            if rules.covered < rules.total {
                reasons.append(
                    "\(rules.total - rules.covered) rule\(rules.total - rules.covered == 1 ? " is" : "s are") refuted")
            }
            if scripts.covered < scripts.total {
                reasons.append(
                    "\(scripts.total - scripts.covered) script\(scripts.total - scripts.covered == 1 ? "" : "s") failed"
                )
            }
            if requirements.failed > 0 {
                reasons.append("\(requirements.failed) requirement\(requirements.failed == 1 ? "" : "s") failed")
            }
            if requirements.criticalUncovered > 0 {
                reasons.append(
                    """
                    \(requirements.criticalUncovered) critical \
                    requirement\(requirements.criticalUncovered == 1 ? " is" : "s are") uncovered
                    """
                )
            }
            if errorFindings > 0 {
                reasons.append("\(errorFindings) finding\(errorFindings == 1 ? " is an error" : "s are errors")")
            }
            lead = "Not ready for sign-off: " + reasons.joined(separator: "; ") + "."
        }
        return lead + " " + evidence
    }

    /// Every piece of evidence with its count.
    package var evidence: String {
        var parts = ["\(rules.covered) of \(rules.total) rules proved"]
        if let coverage {
            parts.append(
                """
                \(scripts.covered) of \(scripts.total) scripts pass; they take \(coverage.screens) screens, \
                \(coverage.edges) edges and \(coverage.transitions) state transitions
                """
            )
        } else {
            parts.append("no script ran")
        }
        if requirements.total > 0 {
            parts.append("\(requirements.passed) of \(requirements.total) requirements passed")
        }
        parts.append(
            errorFindings == 0 ? "no error finding" : "\(errorFindings) error finding\(errorFindings == 1 ? "" : "s")")
        for translation in translations {
            parts.append(
                translation.isComplete
                    ? "all \(translation.total) instance texts have \(translation.locale) words"
                    : """
                    \(translation.untranslated) of \(translation.total) instance texts show in English in \
                    \(translation.locale)
                    """
            )
        }
        if let minimum, !minimum.percents.isEmpty {
            let set = CoverageMinimum.Kind.allCases.compactMap { kind in
                minimum.percents[kind].map { "\(kind.rawValue) \($0)%" }
            }
            parts.append("minimum coverage " + set.joined(separator: ", "))
        }
        if !assumptions.isEmpty {
            parts.append(
                """
                resting on \(assumptions.count) outside answer\(assumptions.count == 1 ? "" : "s") assumed, not \
                explored (\(assumptions.map(\.description).joined(separator: ", ")))
                """
            )
        }
        return parts.joined(separator: "; ") + "."
    }
}
