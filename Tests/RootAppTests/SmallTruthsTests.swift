#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import BundledFixtures
import BundledModules
import RootAppCLI
import Stepflow
import StepflowManifest
import StepflowScripts
import StepflowTesting
import Testing

/// The small untruths a new user met, each fixed and kept fixed.
@Suite("What the tools say is so")
struct SmallTruthsTests {
    static let home = BundledManifests.path("covid-antigen-home")

    @Test func resumingAFinishedWalkSaysThereIsNothingToContinue() throws {
        let file = TemporaryFiles.folder([:]) + "/finished.json"
        // Get started, three pages, then decline the privacy notice: the app ends.
        let walk = Harness.run(["walk", Self.home, "--save", file], input: ["1", "1", "1", "1", "2"])
        #expect(walk.code == 0)
        #expect(
            walk.err.replacing("\n", with: " ").contains(
                "Saved the finished walk (5 inputs) as \(file); it ended, so there is nothing to continue."),
            "\(walk.err)")
        #expect(!walk.err.contains("--resume"))
        let resumed = Harness.run(["walk", Self.home, "--resume", file])
        #expect(resumed.code == 0)
        #expect(
            resumed.unwrappedOut.replacing("\n", with: " ").contains(
                "had finished: the app ended, so there is nothing to continue. To walk again, start without --resume."),
            "\(resumed.out)")
        #expect(!resumed.out.contains("End of input"), "no empty prompt")
        #expect(!resumed.err.contains("replayed"), "a finished walk is not resumed: \(resumed.err)")
    }

    @Test func aSaveSurvivesWhitespaceAndKeyOrderEditsOfItsManifest() throws {
        let original = try #require(GoldenFile.read(Self.home))
        let scripts = BundledManifests.repositoryRoot + "/RootApp/Scripts/covid-antigen-home"
        let base = original.replacing(
            #""scripts": "../Scripts/covid-antigen-home""#, with: #""scripts": "\#(scripts)""#)
        let folder = TemporaryFiles.folder(["m.json": base])
        let save = folder + "/walk.json"
        #expect(Harness.run(["walk", folder + "/m.json", "--save", save], input: ["1", "1"]).code == 0)
        // A blank line and re-indented keys: the same variant.
        Harness.write("\n\n" + base.replacing("\n  ", with: "\n      "), to: folder + "/m.json")
        let resumed = Harness.run(["walk", folder + "/m.json", "--resume", save], input: ["1"])
        #expect(resumed.code == 0, "\(resumed.err)")
        #expect(!resumed.err.contains("another release"), "the same release: replayed exactly")
        // A changed value is another release: the walk replays there by
        // what each input was, and is resumed, saying so.
        Harness.write(base.replacing(#""waitMinutes": 15"#, with: #""waitMinutes": 20"#), to: folder + "/m.json")
        let next = Harness.run(["walk", folder + "/m.json", "--resume", save])
        #expect(next.code == 0)
        #expect(next.err.replacing("\n", with: " ").contains("changed since the walk was saved"))
    }

    @Test func graphTakesItsFormatFromTheOutputFilesExtension() throws {
        let folder = TemporaryFiles.folder([:])
        for (file, start) in [("g.dot", "digraph"), ("g.json", "{"), ("g.mmd", "flowchart")] {
            let run = Harness.run(["graph", Self.home, "-o", folder + "/" + file])
            #expect(run.code == 0, "\(file): \(run.err)")
            #expect(GoldenFile.read(folder + "/" + file)?.hasPrefix(start) == true, "\(file)")
        }
        let unknown = Harness.run(["graph", Self.home, "-o", folder + "/g.png"])
        #expect(unknown.code == 64)
        #expect(unknown.err.contains("cannot tell the format from"))
    }

    @Test(arguments: ["mermaid", "json"])
    func aFlagMermaidAndJSONCannotDrawIsRefusedNotIgnored(format: String) {
        for flag in [["--detail"], ["--module", "test"], ["--steps"]] {
            let run = Harness.run(["graph", Self.home, "--format", format] + flag)
            #expect(run.code == 64, "\(flag)")
            #expect(
                run.err.contains("\(flag[0]) draws DOT and SVG only; \(format) is always the whole step graph."),
                "\(run.err)")
            #expect(run.out.isEmpty)
        }
    }

    @Test func aMistypedPathIsAnsweredWithTheNearestFile() {
        let manifest = Harness.run([
            "validate", BundledManifests.repositoryRoot + "/RootApp/Manifests/covid-antigen-hom.json",
        ])
        #expect(manifest.code == 66)
        #expect(
            manifest.err.contains(
                "Did you mean '\(BundledManifests.repositoryRoot)/RootApp/Manifests/covid-antigen-home.json'?"),
            "\(manifest.err)")
        let script = Harness.run([
            "check", Self.home,
            BundledManifests.repositoryRoot + "/RootApp/Scripts/covid-antigen-home/negative-by-hnd.txt",
        ])
        #expect(
            script.err.contains(
                """
                Did you mean \
                '\(BundledManifests.repositoryRoot)/RootApp/Scripts/covid-antigen-home/negative-by-hand.txt'?
                """
            ), "\(script.err)")
    }

    /// Scripts read lately are kept by path and bytes: one edited between
    /// two reads is read anew, and a broken edit is reported, not hidden
    /// behind the copy read before.
    @Test func aScriptEditedBetweenTwoReadsIsReadAnew() throws {
        let folder = TemporaryFiles.folder(["walk.txt": "choose 1\nexpect end result.done\n"])
        let path = folder + "/walk.txt"
        #expect(try Script.load(path: path).lines.count == 2)
        guard let file = fopen(path, "w") else { throw ScriptEditFailed() }
        fputs("choose 1\nback\nexpect end result.done\n", file)
        fclose(file)
        #expect(try Script.load(path: path).lines.count == 3)
        guard let broken = fopen(path, "w") else { throw ScriptEditFailed() }
        fputs("chose 1\n", broken)
        fclose(broken)
        #expect(throws: ScriptLoadError.self) { try Script.load(path: path) }
    }

    private struct ScriptEditFailed: Error {}

    @Test func theKeysOfferedAfterAWrongChoiceAreTheOnesThatWorkThere() {
        // The how-it-works page has a way back: b is offered; the welcome has none.
        let run = Harness.run(["walk", Self.home], input: ["x", "1", "x"])
        let lines = run.err.replacing("\n", with: " ")
        #expect(
            lines.contains("on onboarding/welcome. Choose 1 or a label: 'Get started'. Or type t or q."), "\(run.err)")
        #expect(lines.contains("'Next', 'Back'. Or type b, t or q."), "\(run.err)")
    }

    @Test func dataNoModuleReadsIsSaidToBeDroppedInTraceAndGraphAlike() {
        let trace = Harness.run(["trace", Self.home])
        #expect(trace.out.contains("Not carried (no module of the variant reads it): test.resultCaptured: sample."))
        let graph = Harness.run(["graph", Self.home])
        #expect(graph.out.contains(#"[label="resultCaptured\n(result)\n(read by no module: sample)"]"#))
    }

    @Test func theTimerLineWrapsToANarrowTerminal() {
        let out = Locked("")
        let lines = Locked(Array(repeating: "1", count: 10)[...])
        let console = Console(
            out: { text in out.withLock { $0 += text } }, err: { _ in }, readLine: { lines.withLock { $0.popFirst() } },
            width: 50)
        _ = Harness.rootapp.run(["walk", Self.home], console: console)
        let printed = out.withLock { $0 }
        #expect(printed.contains("  (a timer is running: 15:00 left; s lets it\n   finish now)\n"), "\(printed)")
        for line in printed.split(separator: "\n") { #expect(line.count <= 50, "\(line)") }
    }

    @Test func theReportListsScreensModuleByModuleWithPlainActionLabels() throws {
        let output = TemporaryFiles.folder([:]) + "/r.html"
        #expect(Harness.run(["report", Self.home, "-o", output]).code == 0)
        let html = try #require(GoldenFile.read(output))
        #expect(!html.contains("Back (back)"))
        // Every onboarding screen before the first test screen, and every
        // test screen before the first result screen.
        func first(_ prefix: String) -> String.Index? {
            html.firstRange(of: "<span class=\"sid\">\(prefix)/")?.lowerBound
        }
        func last(_ prefix: String) -> String.Index? {
            html.ranges(of: "<span class=\"sid\">\(prefix)/").last?.lowerBound
        }
        let (onboardingEnd, testStart, testEnd, resultStart) = try (
            #require(last("onboarding")), #require(first("test")), #require(last("test")), #require(first("result"))
        )
        #expect(onboardingEnd < testStart && testEnd < resultStart)
        // A lay variant has no lab: the option does not apply, so it is not listed.
        #expect(!html.contains("lab = "))
    }
}
