import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowScripts
import Testing

/// Class edge values in suites: each in a script of its own, checked on
/// the live engine before it is written, and counted by coverage.
@Suite("Class edges entered by suites and counted by coverage")
struct SuiteEdgeTests {
    static func runner(_ mistake: EdgeForm.Mistake) throws -> ScriptRunner {
        ScriptRunner(manifest: try EdgeForm.manifest(mistake), registry: EdgeForm.registry)
    }

    @Test("A suite enters every edge value validate tries, each where its class is first submitted, and passes check")
    func suitesEnterEdgeValues() throws {
        let runner = try Self.runner(.none)
        let suite = try SuiteGenerator(runner: runner).generate()
        // 4.0 and 5.6 of normal, 5.7 and 15.0 of high: validate's four.
        #expect(runner.variant.states.classEdgesTried == 4)
        #expect(suite.edgeValues == 4 && suite.edgeScripts == 4)
        let edges = suite.scripts.suffix(4)
        #expect(edges.map(\.fileName).allSatisfy { $0.contains("-edge-reading-") }, "\(edges.map(\.fileName))")
        let lower = try #require(edges.first { $0.fileName.contains("edge-reading-4-0") })
        #expect(
            lower.text.hasSuffix("enter reading 4.0 # normal\nchoose \"Save\"\nexpect screen form/normal\n"),
            "\(lower.text)")
        #expect(lower.text.contains("# Enters reading 4.0, the lower bound of normal"), "\(lower.text)")
        var results: [ScriptRunner.Result] = []
        for generated in suite.scripts {
            let result = runner.run(try Script.parse(generated.text, file: generated.fileName))
            #expect(result.passed, "\(result)")
            results.append(result)
        }
        let entered = try #require(ScriptRunner.classEdgesEntered(by: results, in: runner.variant))
        #expect(entered.share.description == "4 of 4 (100%)" && entered.missing.isEmpty, "\(entered)")
        // The planned scripts alone enter representatives: no edge value.
        let planned = try #require(
            ScriptRunner.classEdgesEntered(by: Array(results.dropLast(4)), in: runner.variant))
        #expect(planned.share.description == "0 of 4 (0%)")
        #expect(planned.missing.first == "form/form reading: 4.0, the lower bound of normal", "\(planned.missing)")
    }

    @Test func anEdgeValueThatDoesNotDoWhatItsRepresentativeDoesIsLeftOutAndCounted() throws {
        // The flow reads 5.7 as normal, though its class is high.
        let runner = try Self.runner(.rawValue)
        let suite = try SuiteGenerator(runner: runner).generate()
        #expect(suite.edgeValues == 4 && suite.edgeScripts == 3)
        #expect(!suite.scripts.contains { $0.text.contains("enter reading 5.7") })
        for generated in suite.scripts {
            let result = runner.run(try Script.parse(generated.text, file: generated.fileName))
            #expect(result.passed, "\(result)")
        }
    }
}
