import BundledFixtures
import BundledModules
import StepflowGraph
import StepflowManifest
import StepflowReview
import Testing

/// `validate`'s verdict is made from typed problems, and its headline is
/// written once.
@Suite("The validation verdict")
struct ValidationVerdictTests {
    @Test func theHeadlineSaysTheWorstAndCountsEachSeverity() {
        #expect(ValidationVerdict(problems: []).headline == "valid")
        #expect(ValidationVerdict(problems: []).worst == nil)
        let warned = ValidationVerdict(problems: [
            .init(.assumption, .warning, "a"), .init(.finding, .warning, "b"),
        ])
        #expect(warned.headline == "valid, 2 warnings" && warned.isValid && warned.worst == .warning)
        let broken = ValidationVerdict(problems: [
            .init(.rule, .error, "r"), .init(.manifest, .warning, "m"),
        ])
        #expect(broken.headline == "1 error" && !broken.isValid && broken.worst == .error)
        #expect(broken.count(.warning) == 1)
    }

    @Test func aFindingAndADiagnosticKeepTheirSeverityAndPlace() throws {
        let manifest = try BundledManifests.load("strep-a-home")
        let variant = VariantGraph(manifest: manifest, registry: BundledModules.registry)
        let problems = variant.findings().map { ValidationVerdict.Problem($0, in: manifest.file) }
        for (problem, finding) in zip(problems, variant.findings()) {
            #expect(problem.kind == .finding)
            #expect(problem.severity.rawValue == finding.severity.rawValue)
            #expect(problem.description.hasPrefix(manifest.file + ": "))
        }
    }

    @Test func aLocaleTheToolsDoNotSpeakIsAWarningNamingIt() {
        let problems = ValidationVerdict.toolWordProblems(locales: ["en", "de", "de-AT", "fr"], in: "m.json")
        #expect(problems.count == 1)
        #expect(problems.first?.severity == .warning)
        #expect(problems.first?.description.hasPrefix("m.json: warning: locales: the tools' own words") == true)
        #expect(problems.first?.description.contains("have no 'fr'") == true)
    }
}
