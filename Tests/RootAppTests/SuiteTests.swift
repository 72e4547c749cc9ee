import BundledFixtures
import BundledModules
import StepflowGraph
import StepflowManifest
import StepflowScripts
import StepflowTesting
import Testing

@Suite("Generated covering suites")
struct SuiteTests {
    static func runner(_ name: String) throws -> ScriptRunner {
        let manifest = try BundledManifests.load(name)
        return ScriptRunner(manifest: manifest, registry: BundledModules.registry, services: BundledModules.services)
    }

    /// Every bundled variant: the suite, run afresh script by script on
    /// the live engine, passes and takes every state transition, and its
    /// inputs stay within a quarter of a bound no suite can beat (the
    /// greedy planner's worst is the COVID clinic's, 1.22 times: its kept
    /// result's link, declined in each of a test's states, is a goal in
    /// every one of them).
    @Test(arguments: BundledManifests.cases(BundledManifests.wholeVariantNames, plain: ["covid-antigen-home-de"]))
    func aGeneratedSuiteTakesEveryTransitionOnTheLiveEngine(name: String) throws {
        let runner = try Self.runner(name)
        let suite = try SuiteGenerator(runner: runner).generate()
        var walked = Set<Int>()
        for generated in suite.scripts {
            let result = runner.run(try Script.parse(generated.text, file: generated.fileName))
            #expect(result.passed, "\(result)")
            walked.formUnion(result.transitions)
        }
        #expect(walked.count == runner.variant.states.transitions.count)
        #expect(suite.covered == suite.goals)
        #expect(suite.lowerBound <= suite.totalInputs)
        #expect(
            Double(suite.totalInputs) <= 1.25 * Double(suite.lowerBound),
            "\(suite.totalInputs) inputs, bound \(suite.lowerBound)")
        #expect(suite.random.inputs > suite.totalInputs)
    }

    @Test func everyAnswerOfTheCameraIsWalkedAndEveryScriptNamesWhatItIsFirstToTake() throws {
        let suite = try SuiteGenerator(runner: try Self.runner("covid-antigen-home")).generate()
        let text = suite.scripts.map(\.text).joined()
        #expect(text.contains("answer camera-permission granted # camera allowed"))
        #expect(text.contains("answer camera-permission denied # camera not allowed"))
        #expect(suite.scripts.allSatisfy { $0.text.contains("first to take ") })
        #expect(suite.scripts.allSatisfy { $0.text.split(separator: "\n").last?.hasPrefix("expect ") == true })
    }

    @Test(arguments: [SuiteGenerator.Target.screens, .pairs, .requirements])
    func otherTargetsAreCoveredToo(target: SuiteGenerator.Target) throws {
        let runner = try Self.runner("strep-a-home")
        let suite = try SuiteGenerator(runner: runner, target: target).generate()
        #expect(suite.covered == suite.goals && suite.goals > 0)
        #expect(suite.lowerBound <= suite.totalInputs)
        for generated in suite.scripts {
            #expect(runner.run(try Script.parse(generated.text, file: generated.fileName)).passed)
        }
    }

    @Test func theCommandWritesASuiteCheckTakesWholeAndARegeneratedSuiteIsTheSame() throws {
        let manifest = BundledManifests.path("strep-a-home")
        let folder = TemporaryFiles.folder([:]) + "/suite"
        let first = Harness.run(["suite", manifest, "-o", folder])
        #expect(first.code == 0, "\(first.err)")
        #expect(first.flat.contains("270 of 270 state transitions covered."), "\(first.out)")
        #expect(first.out.contains("lower bound"))
        let paths = try #require(Script.paths(in: folder))
        let before = paths.map { GoldenFile.read($0) ?? "" }
        let check = Harness.run(["check", manifest] + paths)
        #expect(check.code == 0, "\(check.err)")
        #expect(check.out.contains("inputs  270 of 270 (100%) state transitions"))
        #expect(Harness.run(["suite", manifest, "-o", folder]).code == 0)
        #expect(Script.paths(in: folder) == paths)
        #expect(paths.map { GoldenFile.read($0) ?? "" } == before, "a regenerated suite diffs cleanly")
    }

    @Test func aScriptAPersonWroteIsNeverReplaced() throws {
        let manifest = BundledManifests.path("strep-a-home")
        let folder = TemporaryFiles.folder([:]) + "/suite"
        #expect(Harness.run(["suite", manifest, "-o", folder]).code == 0)
        let paths = try #require(Script.paths(in: folder))
        let mine = try #require(paths.first)
        Harness.write("# mine\nchoose Get started\n", to: mine)
        let run = Harness.run(["suite", manifest, "-o", folder])
        #expect(run.code == 73)
        #expect(run.err.contains("was not written by rootapp suite, so it is not replaced"))
        #expect(GoldenFile.read(mine) == "# mine\nchoose Get started\n")
    }

    @Test func aBoundTooShortIsRefusedNamingWhatCannotBeReached() {
        let run = Harness.run([
            "suite", BundledManifests.path("strep-a-home"), "-o", TemporaryFiles.folder([:]) + "/s", "--max-inputs",
            "5",
        ])
        #expect(run.code == 1)
        #expect(
            run.err.replacing("\n", with: " ").contains("more than --max-inputs 5. To fix, raise --max-inputs."),
            "\(run.err)")
    }

    @Test func keptScriptsAreRunAndOnlyWhatTheyMissIsAdded() throws {
        let runner = try Self.runner("covid-antigen-home")
        let folder = BundledManifests.repositoryRoot + "/RootApp/Scripts/covid-antigen-home"
        let kept = try #require(Script.paths(in: folder)).map { try Script.load(path: $0) }
        let full = try SuiteGenerator(runner: runner).generate()
        let added = try SuiteGenerator(runner: runner).generate(keeping: kept)
        #expect(added.coveredByKept == 43)
        #expect(added.covered == added.goals)
        #expect(added.totalInputs < full.totalInputs)
        var walked = Set<Int>()
        for script in kept { walked.formUnion(runner.run(script).transitions) }
        for generated in added.scripts {
            walked.formUnion(runner.run(try Script.parse(generated.text, file: generated.fileName)).transitions)
        }
        #expect(walked.count == runner.variant.states.transitions.count)
    }

    @Test func checkNamesAHandWrittenScriptOthersMakeRedundant() {
        let run = Harness.run(["check", BundledManifests.path("covid-antigen-home"), "--redundant"])
        #expect(
            run.flat.contains("Redundant: 1 of 6 passing scripts take only state transitions the others take:"),
            "\(run.out)")
        #expect(run.flat.contains("negative-by-hand.txt: all taken by camera-denied-reads-by-eye.txt"))
        #expect(
            run.flat.contains(
                """
                by kind: actions 35 of 121 (28%), backs 3 of 31 (9%), timers 2 of 21 (9%), outside answers 2 of \
                12 (16%), links 1 of 75 (1%)
                """
            ))
    }
}

extension Run {
    /// The output with every line break and its indent read as one space.
    var flat: String {
        out.split(separator: "\n").map { $0.drop(while: { $0 == " " }) }.joined(separator: " ")
    }
}
