#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import BundledFixtures
import StepflowGraph
import StepflowTesting
import Testing

@Suite("Walking and checking")
struct WalkAndCheckTests {
    @Test func aPipedWalkReachesAResultAndPrintsTheTrace() {
        let input = ["1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "s", "1", "2", "2", "1"]
        let run = Harness.run(["walk", BundledManifests.path("covid-antigen-home")], input: input)
        #expect(run.code == 0)
        #expect(run.out.contains("── Your result: negative ─"))
        #expect(run.out.contains("Finished: result.done.\nTrace (22 steps):"))
        #expect(!run.out.contains("> "), "no prompt noise when the input is not a terminal")
        #expect(!run.out.contains("\u{1B}["), "no colour when the output is not a terminal")
        for line in run.out.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
    }

    @Test func aWalkEndsCleanlyAtTheEndOfInputAndHelpsWithAWrongChoice() {
        let run = Harness.run(
            ["walk", BundledManifests.path("strep-a-home")], input: ["9", "Get started", "b", "t", "s"])
        #expect(run.code == 0)
        // Wrapped to the width; no 'b' where there is no way back, no 's'
        // where no timer runs.
        #expect(
            run.err.replacing("\n", with: " ").contains(
                "No action '9' on onboarding/welcome. Choose 1 or a label: 'Get started'. Or type t or q."))
        #expect(run.err.split(separator: "\n").allSatisfy { $0.count <= 80 })
        #expect(run.err.contains("onboarding/how-it-works-1") == false)
        #expect(run.err.contains("No timer is waiting"))
        #expect(
            run.out.hasSuffix(
                """
                End of input.\nTrace (3 steps):\n  1. strep-a-home.start\n  2. onboarding.welcome\n  3. \
                onboarding.howItWorks(page: 1)\n
                """
            ) == false)
        #expect(run.out.contains("End of input."))
        #expect(run.out.contains("onboarding.back"))
    }

    @Test func aScriptIsReplayedAndTheSessionRecorded() throws {
        let record = "/tmp/rootapp-record-\(getpid()).txt"
        defer { unlink(record) }
        let script = BundledManifests.scripts("covid-antigen-home").first { $0.hasSuffix("declined.txt") }!  // bundled
        let run = Harness.run([
            "walk", BundledManifests.path("covid-antigen-home"), "--script", script, "--record", record,
        ])
        #expect(run.code == 0)
        #expect(run.out.contains("Finished: onboarding.declined."))
        let recorded = try #require(GoldenFile.read(record))
        // Actions by their keys, with the label as a comment: the same
        // script runs in every locale.
        #expect(recorded.hasSuffix("choose [privacy.decline] # I do not agree\nexpect end onboarding.declined\n"))
        let again = Harness.run(["check", BundledManifests.path("covid-antigen-home"), record])
        #expect(again.code == 0, "a recording passes as an acceptance script")
    }

    @Test(arguments: BundledManifests.names)
    func everyBundledVariantsScriptsPassAndWalkItToAnEnd(name: String) {
        let scripts = BundledManifests.scripts(name)
        #expect(!scripts.isEmpty)
        let run = Harness.run(["check", BundledManifests.path(name)] + scripts)
        #expect(run.code == 0, "\(run.out)\(run.err)")
        #expect(run.out.contains("Coverage of \(name) by \(scripts.count) scripts that ran:"))
        let endings = scripts.compactMap { GoldenFile.read($0)?.split(separator: "\n").last }.filter {
            $0.hasPrefix("expect end")
        }
        #expect(!endings.isEmpty, "some script walks \(name) to its end")
    }

    @Test func checkRunsEveryScriptItCanAndExitsWithTheWorstStatus() {
        let broken = "/tmp/rootapp-broken-\(getpid()).txt"
        defer { unlink(broken) }
        Harness.write("choose Get started\nfrobnicate\n", to: broken)
        let scripts = BundledManifests.scripts("covid-antigen-home")
        let run = Harness.run(["check", BundledManifests.path("covid-antigen-home"), broken] + scripts)
        #expect(run.code == 65, "a broken script: 65, though the others pass")
        #expect(
            run.out.split(separator: "\n").filter { $0.hasSuffix("lines)") }.count == scripts.count,
            "every good script ran")
        #expect(run.err.contains("\(broken):2: error: unknown instruction 'frobnicate'."))
        let missing = Harness.run(
            ["check", BundledManifests.path("covid-antigen-home"), broken, "/no/such.txt"] + scripts)
        #expect(missing.code == 66, "a missing script outranks a broken one")
    }

    @Test func aHugeManifestIsReportedWithItsRealSize() {
        let path = "/tmp/rootapp-huge-\(getpid()).json"
        defer { unlink(path) }
        path.withCString { file in
            let handle = fopen(file, "w")
            let block = [UInt8](repeating: 0x20, count: 1 << 20)
            for _ in 0..<3 { fwrite(block, 1, block.count, handle) }
            fclose(handle)
        }
        let run = Harness.run(["validate", path])
        #expect(run.code == 1)
        #expect(run.err.contains("\(path): error: the file is 3.0 MiB; a manifest is at most 1.0 MiB."))
    }

    @Test func aFolderGivenAsAScriptIsRefusedNotRunAsAnEmptyScript() {
        let run = Harness.run([
            "check", BundledManifests.path("strep-a-home"), BundledManifests.repositoryRoot + "/RootApp/Scripts",
        ])
        #expect(run.code == 66)
        #expect(
            run.err.hasSuffix(
                """
                /RootApp/Scripts: error: cannot read the file: it is a folder, not a file. To fix, name a script \
                inside it.\n
                """
            ))
    }

    @Test func aFailingLineIsReportedWithTheScreenShowing() {
        let script = "/tmp/rootapp-fail-\(getpid()).txt"
        defer { unlink(script) }
        Harness.write("choose Get started\nexpect screen onboarding/privacy\n", to: script)
        let run = Harness.run(["check", BundledManifests.path("covid-antigen-home"), script])
        #expect(run.code == 1)
        #expect(
            run.unwrappedOut.contains(
                "\(script):2: failed: expected screen onboarding/privacy, but onboarding/how-it-works-1 is showing."))
        #expect(run.out.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }
}

@Suite("The rootapp binary")
struct BinaryTests {
    @Test func theBuiltBinaryRunsAndExitsWithTheDocumentedCodes() {
        let version = Harness.runBinary(["--version"])
        #expect(version.code == 0 && version.out == "rootapp 0.4.0\n")
        let trace = Harness.runBinary(["trace", BundledManifests.path("strep-a-home")])
        #expect(trace.code == 0 && trace.out.hasPrefix("strep-a-home: "))
        let usage = Harness.runBinary(["tarce"])
        #expect(usage.code == 64 && usage.err.contains("Did you mean 'trace'?") && usage.out.isEmpty)
        let missing = Harness.runBinary(["validate", "/no/such.json"])
        #expect(missing.code == 66)
        let walk = Harness.runBinary(
            ["walk", BundledManifests.path("covid-antigen-home")], environment: ["NO_COLOR=1"])
        #expect(walk.code == 0 && walk.out.contains("End of input."), "stdin is /dev/null: the walk ends cleanly")
        #expect(!walk.out.contains("\u{1B}["))
    }
}

@Suite("Modules as a manifest writer reads them")
struct ModulesListingTests {
    @Test func everyExitUnderAnyOptionAndEveryScreenIsListed() {
        let run = Harness.run(["modules"])
        #expect(run.code == 0)
        // Found only with a professional audience, or with the results'
        // own options: they were missing when only defaults were listed.
        #expect(run.out.contains("lockedOut (only with audience = \"professional\"): too many wrong passwords."))
        #expect(run.out.contains("completed (hands on site)"))
        #expect(run.out.contains("needsHelp"))
        #expect(run.out.contains("    locked-out: Account locked (only with audience = \"professional\")"))
        #expect(run.out.contains("    checklist: Check your kit"))
        #expect(run.out.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }
}

@Suite("Standard streams and shell completion")
struct StreamsAndCompletionTests {
    @Test func aDashReadsTheManifestFromStandardInputAndWritesToStandardOutput() {
        // Read from standard input, a manifest's files are found from the
        // working folder: this one names its scripts by their whole path.
        let manifest = GoldenFile.read(BundledManifests.path("strep-a-home"))!  // bundled
            .replacing(
                #""scripts": "../Scripts/strep-a-home""#,
                with: #""scripts": "\#(BundledManifests.repositoryRoot)/RootApp/Scripts/strep-a-home""#)
        let input = TemporaryFiles.folder(["m.json": manifest]) + "/m.json"
        let validated = Harness.runBinary(["validate", "-"], stdin: input)
        #expect(validated.code == 0 && validated.out.hasPrefix("-: valid ("), "\(validated.err)")
        let graph = Harness.run(["graph", BundledManifests.path("strep-a-home"), "--format", "dot", "-o", "-"])
        #expect(graph.code == 0 && graph.out.hasPrefix("digraph \"strep-a-home\" {"))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func everyShellGetsAScriptThatNamesEveryCommandAndTheFormats(shell: String) {
        let run = Harness.run(["completion", shell])
        #expect(run.code == 0)
        for command in [
            "walk", "check", "graph", "trace", "paths", "validate", "diff", "report", "modules", "strings",
            "completion",
        ] {
            #expect(run.out.contains(command), "\(shell): \(command)")
        }
        #expect(run.out.contains("mermaid"), "the --format values are completed")
    }

    /// bash is always there: its script is checked for syntax and asked
    /// for completions, as a shell would.
    @Test func theBashScriptCompletesCommandsAndOptionValues() throws {
        let script = "/tmp/rootapp-completion-\(getpid()).bash"
        defer { unlink(script) }
        let text = Harness.run(["completion", "bash"]).out
        Harness.write(text, to: script)
        let probe = Harness.runProgram([
            "/bin/bash", "-c",
            """
            source \(script) && COMP_WORDS=(rootapp graph m.json --format m) && COMP_CWORD=4 && _rootapp && echo \
            ${COMPREPLY[@]} && COMP_WORDS=(rootapp tr) && COMP_CWORD=1 && _rootapp && echo ${COMPREPLY[@]}
            """,
        ])
        #expect(probe.code == 0, "\(probe.err)")
        #expect(probe.out == "mermaid\ntrace\n")
        // A first argument of fixed values completes them, not files.
        let values = Harness.runProgram([
            "/bin/bash", "-c",
            """
            cd /tmp && source \(script) && COMP_WORDS=(rootapp completion "") && COMP_CWORD=2 && _rootapp && echo \
            ${COMPREPLY[@]} && COMP_WORDS=(rootapp export m) && COMP_CWORD=2 && _rootapp && echo ${COMPREPLY[@]}
            """,
        ])
        #expect(values.out == "bash zsh fish\nmaestro\n", "\(values.err)")
    }

    @Test func zshAndFishCompleteAFirstArgumentsValues() {
        let zsh = Harness.run(["completion", "zsh"]).out
        #expect(
            zsh.contains(
                "completion) _arguments \\\n        '1:shell:(bash zsh fish)' ;;"),
            "\(zsh)")
        #expect(zsh.contains("'1:format:(maestro)' \\\n        '*:file:_files'"))
        let fish = Harness.run(["completion", "fish"]).out
        #expect(
            fish.contains(
                "'__fish_seen_subcommand_from export; and test (count (commandline -opc)) -eq 2' -f -a 'maestro'"))
    }

    @Test func anUnknownShellIsAUsageErrorWithTheNearest() {
        let run = Harness.run(["completion", "zssh"])
        #expect(run.code == 64 && run.err.hasPrefix("error: no completion for 'zssh'. Did you mean 'zsh'?"))
    }
}
