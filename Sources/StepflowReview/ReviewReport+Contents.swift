import Stepflow
package import StepflowGraph
import StepflowManifest
package import StepflowScripts

extension ReviewReport {
    /// What the report is made of.
    package struct Contents: Sendable {
        /// The variant, explored.
        package var variant: VariantGraph
        /// Its path rules, checked.
        package var rules: [PathRuleResult]
        /// The acceptance scripts, and their results in the same order
        /// (empty when none ran).
        package var scripts: [Script]
        /// The scripts' results.
        package var results: [ScriptRunner.Result]
        /// What the scripts covered.
        package var coverage: ScriptRunner.Coverage?
        /// Where each requirement stands.
        package var requirements: RequirementCoverage
        /// The diagram.
        package var diagram: Diagram
        /// Another variant and how this one differs from it.
        package var against: (variant: VariantGraph, diff: VariantDiff)?
        /// The tool and version that made the report (`rootapp 0.4.0`).
        package var generator: String
        /// What ties the sign-off to a build: digest, date, versions. When
        /// `nil`, the report says it is not tied to one.
        package var record: ReviewRecord?
        /// Where the variant's prototype page is (``PrototypePage``), as a
        /// link from the report: a file name beside it. When `nil`, the
        /// report says how to make one. Set it after making the contents.
        package var prototype: String? = nil

        /// The contents of a report.
        package init(
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
}
