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

@Suite("rootapp's command line")
struct CommandLineTests {
    static let commands = [
        "walk", "check", "graph", "trace", "paths", "validate", "diff", "update-check", "report", "prototype",
        "modules",
        "strings", "completion",
    ]

    @Test func theOverviewAndEveryCommandsHelpMatchTheirGoldenFilesAndFitEightyColumns() {
        let overview = Harness.run(["--help"])
        #expect(overview.code == 0)
        Harness.goldens.check(overview.out, "help.txt")
        for command in Self.commands {
            let help = Harness.run([command, "--help"])
            #expect(help.code == 0)
            #expect(Harness.run(["help", command]).out == help.out)
            Harness.goldens.check(help.out, "help-\(command).txt")
            for line in help.out.split(separator: "\n") { #expect(line.count <= 80, "\(command): \(line)") }
        }
        #expect(Harness.run(["--version"]).out == "rootapp 0.4.0\n")
    }

    @Test(
        arguments: [
            (
                ["grph"],
                """
                error: unknown command 'grph'. Did you mean 'graph'? Commands: walk, check, suite, export, graph, \
                trace, paths, validate, diff, update-check, report, prototype, modules, strings, completion.\nSee \
                'rootapp --help'.\n
                """
            ),
            (
                ["graph", "m.json", "--fromat", "dot"],
                "error: unknown option '--fromat'. Did you mean '--format'?\nSee 'rootapp graph --help'.\n"
            ),
            (
                ["graph", "m.json", "-o", "x.png"],
                """
                error: cannot tell the format from 'x.png': name it with --format (dot, mermaid, json or svg), or \
                end the file name in .dot, .mmd, .json or .svg.\nSee 'rootapp graph --help'.\n
                """
            ),
            (
                ["graph", "m.json", "--format", "svgg"],
                """
                error: 'svgg' is not a valid format for '--format'. Did you mean 'svg'? Allowed: dot, mermaid, \
                json, svg.\nSee 'rootapp graph --help'.\n
                """
            ),
            (
                ["trace"],
                """
                error: missing <manifest>.\nUsage: rootapp trace <manifest> [--format <format>] [--locale \
                <locale>]\nSee 'rootapp trace --help'.\n
                """
            ),
            (
                ["trace", "a.json", "b.json"],
                """
                error: unexpected argument 'b.json'.\nUsage: rootapp trace <manifest> [--format <format>] \
                [--locale <locale>]\nSee 'rootapp trace --help'.\n
                """
            ),
            (
                ["paths", "m.json", "--to", "end", "--limit", "0"],
                "error: --limit takes a whole number from 1 to 10000, not '0'.\nSee 'rootapp paths --help'.\n"
            ),
            ([], nil),
        ] as [([String], String?)])
    func usageErrorsNameTheWordSuggestAndPointToHelp(arguments: [String], expected: String?) {
        let run = Harness.run(arguments)
        #expect(run.code == 64)
        if let expected { #expect(run.err == expected) }
        #expect(run.out.isEmpty, "usage errors go to stderr")
    }

    @Test func aMissingManifestIs66AndAnInvalidOneIs65() {
        let missing = Harness.run(["trace", "/no/such.json"])
        #expect(missing.code == 66)
        #expect(
            missing.err
                == """
                /no/such.json: error: no such file. To fix, check the path.\nManifests bundled with the app are in \
                RootApp/Manifests/.\n
                """
        )
        let invalid = Harness.run(["trace", BundledManifests.repositoryRoot + "/Package.swift"])
        #expect(invalid.code == 65)
        #expect(invalid.err.contains("Package.swift:1:1: error: invalid JSON:"))
    }

    @Test func validateReportsEachFileAndExitsOneOnErrors() {
        let bundled = Harness.run(["validate"] + BundledManifests.names.map(BundledManifests.path))
        #expect(bundled.code == 0)
        #expect(bundled.out.split(separator: "\n").filter { !$0.hasPrefix(" ") }.count == BundledManifests.names.count)
        #expect(bundled.unwrappedOut.contains("covid-antigen-home.json: valid (76 states, 105 nodes"))
        let mixed = Harness.run([
            "validate", BundledManifests.path("strep-a-home"), BundledManifests.repositoryRoot + "/Package.swift",
            "/no/such.json",
        ])
        #expect(mixed.code == 66, "a missing file outranks errors")
        #expect(mixed.out.contains("Package.swift: 1 error"))
        #expect(mixed.out.contains("strep-a-home.json: valid"))
        // Diagnostics go to stderr, each starting with its file and place,
        // as editors match them; results to stdout.
        #expect(
            mixed.err.split(separator: "\n").contains {
                $0.hasSuffix(
                    """
                    Package.swift:1:1: error: invalid JSON: expected a value (an object, array, string, number, \
                    true, false or null), found '/'.
                    """
                ) || $0.contains("Package.swift:1:1: error:")
            })
        #expect(mixed.err.contains("/no/such.json: error: no such file."))
        #expect(!mixed.out.contains("error:"))
    }

    @Test func aVariantThatCanNeverEndIsAnErrorAndARefutedRuleShowsItsWalk() throws {
        let path = "/tmp/rootapp-noend-\(getpid()).json"
        defer { unlink(path) }
        let text = """
            {"schema": 1, "app": {"id": "loop", "name": "Loop", "audience": "lay"},
             "modules": [{"id": "help", "module": "support", "options": {"hotline": "0800 123 4567", "hours": "Monday \
            to Friday, 8:00 to 18:00"}}, {"id": "again", "module": "support", "options": {"hotline": "0800 123 4567", \
            "hours": "Monday to Friday, 8:00 to 18:00"}}],
             "start": "help",
             "routes": {"help.resume": "again", "help.quit": "again", "again.resume": "help", "again.quit": "help"},
             "rules": [{"reaches": "end"}, {"name": "never the second topic", "neverReaches": "again/topics"}]}
            """
        Harness.write(text, to: path)
        let run = Harness.run(["validate", path])
        #expect(run.code == 1)
        #expect(run.out.hasPrefix("\(path): 3 errors"))
        #expect(run.err.contains("\(path): error: no way out: end: no walk ends the app"))
        #expect(run.err.contains("\(path):5:12: error: rules[0]: rule refuted: reaches end: no walk reaches it."))
        #expect(
            run.err.contains(
                """
                \(path):5:32: error: rules[1]: rule refuted: never the second topic. A walk that breaks it (1 \
                input):\n     help/topics: choose \"Carry on\"\n
                """
            ))
    }

    @Test func helpForHelpAndHelpAfterTheFlagWork() {
        let help = Harness.run(["help", "help"])
        #expect(help.code == 0 && help.out.hasPrefix("USAGE: rootapp help [<command>]"))
        let walk = Harness.run(["--help", "walk"])
        #expect(walk.code == 0 && walk.out.hasPrefix("OVERVIEW: Walk a variant in the terminal"))
    }

    @Test func outputFilesAreCheckedFirstNeverOverwriteAnInputAndAreWrittenWhole() throws {
        let manifest = "/tmp/rootapp-input-\(getpid()).json"
        defer { unlink(manifest) }
        let original = try #require(GoldenFile.read(BundledManifests.path("covid-antigen-home")))
        Harness.write(original, to: manifest)
        let record = Harness.run(["walk", manifest, "--record", manifest], input: ["1"])
        #expect(record.code == 73)
        #expect(record.err.contains("is an input of this command, so writing it would destroy it."))
        #expect(GoldenFile.read(manifest) == original, "the manifest is untouched")
        let nowhere = Harness.run(["walk", manifest, "--record", "/no/such/folder/walk.txt"], input: ["1"])
        #expect(nowhere.code == 73 && nowhere.out.isEmpty, "refused before the walk starts")
        for format in ["dot", "svg"] {
            let graph = Harness.run(["graph", manifest, "--format", format, "-o", "/nonexistent/x.\(format)"])
            #expect(graph.code == 73, "\(format)")
            #expect(graph.err.contains("cannot write '/nonexistent/x.\(format)'"))
        }
    }
}

@Suite("Writing results")
struct OutputErrorTests {
    @Test func aFullDiskOnStandardOutputExits74() {
        let run = Harness.runBinary(["trace", BundledManifests.path("strep-a-home")], stdout: "/dev/full")
        #expect(run.code == 74)
        #expect(
            run.err.contains("rootapp: error: cannot write the results to standard output: No space left on device."))
    }

    @Test func traceGraphAndPathsPrintWhatTheLibraryComputes() throws {
        let manifest = BundledManifests.path("covid-antigen-home")
        let json = Harness.run(["trace", manifest, "--format", "json"])
        #expect(
            json.code == 0
                && json.out.hasPrefix("{\n  \"schema\": 4,\n  \"app\": \"covid-antigen-home\",\n  \"states\": "))
        let text = Harness.run(["trace", manifest])
        #expect(text.out.hasPrefix("covid-antigen-home: 72 reachable steps, 31 screens"))
        let mermaid = Harness.run(["graph", manifest, "--format", "mermaid"])
        #expect(mermaid.out.hasPrefix("flowchart LR\n"))
        let output = "/tmp/rootapp-test-\(getpid()).dot"
        let written = Harness.run(["graph", manifest, "--format", "dot", "-o", output])
        #expect(written.code == 0 && written.out.isEmpty)
        #expect(GoldenFile.read(output)?.hasPrefix("digraph \"covid-antigen-home\" {") == true)
        unlink(output)
        let paths = Harness.run(["paths", manifest, "--to", "result/positive", "--limit", "2"])
        #expect(paths.code == 0)
        #expect(paths.out.hasPrefix("1. "))
        #expect(paths.err.contains("Stopped at 2 walks"))
        let typo = Harness.run(["paths", manifest, "--to", "result/positiv"])
        #expect(typo.code == 64 && typo.err.contains("Did you mean 'result/positive'?"))
    }

    @Test func diffExitsOneWhenVariantsDiffer() throws {
        let differ = Harness.run([
            "diff", BundledManifests.path("covid-antigen-home"), BundledManifests.path("covid-antigen-clinic"),
        ])
        #expect(differ.code == 1)
        // What a person asks comes first: modules, options, routes, screens.
        #expect(
            differ.out.hasPrefix(
                """
                Summary: covid-antigen-home → covid-antigen-clinic (compared in en)\n\nModules only in \
                covid-antigen-clinic (2):\n  home (home)\n  intake (intake)\n
                """
            ))
        #expect(
            differ.out.contains(
                """
                Options changed (11):\n  onboarding.audience: \"lay\" → \"professional\"\n  test.performedBy: \
                \"person\" → \"professional\"\n  test.readBy: \"both\" → \"photo\"\n
                """
            ))
        // A lab is an option of professional advice only: the lay variant has none.
        #expect(differ.out.contains("  result.lab: (none) → \"the regional public-health lab\"\n"))
        #expect(
            differ.out.contains(
                """
                Routes changed (4):\n  onboarding.completed: test → home\n  result.done: end → home\n  \
                resultHelp.resume: result → home\n  test.cancelled: end → intake\n
                """
            ))
        #expect(
            differ.out.contains(
                "Screens only in covid-antigen-clinic (23):\n  home/discard\n  home/help\n  home/kept\n"))
        // Links by the address the outside world opens.
        #expect(differ.out.contains("Links only in covid-antigen-home (1):\n  result → result.advice (decline: "))
        #expect(differ.out.contains("Links only in covid-antigen-clinic (1):\n  kept/{result}/{patient} → home.kept"))
        // The app's own steps, which differ only by their data, are left out.
        #expect(!differ.out.contains("covid-antigen-home.result.done {"))
        #expect(!differ.out.contains("app.result.done {"))
        #expect(differ.out.split(separator: "\n").allSatisfy { $0.count <= 80 })
        let same = Harness.run(["diff", BundledManifests.path("strep-a-home"), BundledManifests.path("strep-a-home")])
        #expect(same.code == 0)
        // A translation is compared in a shared locale: only what it says differs.
        let german = Harness.run([
            "diff", BundledManifests.path("covid-antigen-home"), BundledManifests.path("covid-antigen-home-de"),
        ])
        #expect(german.code == 1)
        #expect(
            german.out.hasPrefix(
                """
                Summary: covid-antigen-home → covid-antigen-home-de (compared in en)\n\nTexts changed (2):\n  \
                locales: en → de, en\n
                """
            ))
        #expect(!german.out.contains("Edges only in"), "the same navigation, whatever the words")
        // What a person reading English sees: the German words of an
        // option or a text are no difference in English.
        #expect(!german.out.contains("(de)"))
        #expect(!german.out.contains("Options changed"), "the hours read the same in English")
        // A link's decline reason is a text the diff compares too, in each locale.
        let germanPath = BundledManifests.path("covid-antigen-home-de")
        let copy = TemporaryFiles.folder([
            "de.json": try #require(GoldenFile.read(germanPath)).replacing(
                "The advice shows at the end of a test: open the app to take one.",
                with: "Take a test in the app to see the advice."),
            "covid-antigen-home-de.xcstrings": try #require(
                GoldenFile.read(BundledManifests.folder + "/covid-antigen-home-de.xcstrings")),
        ])
        for locale in ["en", "de"] {
            let reason = Harness.run(["diff", germanPath, copy + "/de.json", "--locale", locale])
            let said = reason.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(
                said.contains("link result reason (en): re-worded: \"Take a test in the app to see the advice.\"")
                    == (locale == "en"), "\(locale): \(reason.out)\(reason.err)")
            #expect(!said.contains("Links changed"), "the route is the same")
        }
    }

    @Test(arguments: BundledManifests.wholeVariantNames)
    func everyCommandWorksOnEveryBundledManifest(name: String) {
        let manifest = BundledManifests.path(name)
        for arguments in [
            ["validate", manifest], ["trace", manifest], ["trace", manifest, "--format", "json"],
            ["graph", manifest, "--format", "dot"], ["graph", manifest, "--format", "mermaid"],
            ["graph", manifest, "--format", "json"],
            ["paths", manifest, "--to", "end", "--limit", "3"], ["diff", manifest, manifest],
        ] {
            let run = Harness.run(arguments)
            #expect(run.code == 0, "\(arguments.joined(separator: " ")): \(run.err)")
            #expect(!run.out.isEmpty)
        }
        let walk = Harness.run(["walk", manifest], input: ["1", "t", "q"])
        // In the variant's own words: a German variant quits in German.
        let german = name.hasSuffix("-de")
        #expect(
            walk.code == 0 && walk.out.contains(german ? "Abgebrochen.\nVerlauf (" : "Quit.\nTrace ("), "\(walk.out)")
    }

    @Test func modulesListsEveryBundledModuleWithinEightyColumns() {
        let run = Harness.run(["modules"])
        #expect(run.code == 0)
        for id in ["onboarding", "intake", "procedure", "results", "support"] {
            #expect(run.out.contains("\n\(id)\n") || run.out.hasPrefix("\(id)\n"))
        }
        #expect(run.out.contains("waitMinutes: integer 1...60, required, e.g. 15"))
        #expect(run.out.contains("lab: text, required when advice is \"professional\""))
        for line in run.out.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
        // What a manifest's links name: each link with its parameters, and
        // every screen the graph can show, those a kept result brings too.
        let home = run.out.split(separator: "\n\n").first { $0.hasPrefix("home\n") }.map(String.init) ?? ""
        let said = home.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(said.contains("links (a manifest's links route an address to '<instance>.<link>'): kept {result}:"))
        #expect(said.contains("{patient}: text (wellFormed: P- and four digits; malformed: anything else)"))
        for screen in ["test: Test a patient", "kept: Kept results", "help: Help", "kept-result:", "discard:"] {
            #expect(said.contains(screen), "\(screen)")
        }
    }
}
