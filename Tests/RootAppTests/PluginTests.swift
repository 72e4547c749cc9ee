import BundledFixtures
import BundledModules
import RootAppCLI
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowScripts
import StepflowTesting
import Testing

/// A service a test module needs from the app.
protocol Greeter: Sendable {
    func greeting() -> String
}

struct PlainGreeter: Greeter {
    func greeting() -> String { "Hello" }
}

/// A module from "another package": it needs a Greeter, and names its exit
/// `done` although the case is `finishedOK`.
enum GreetingModule: FeatureModule {
    static let id = "greeting"
    static let summary = "Greets, then is done."
    static let options: [OptionSpec] = []
    static let services = [ServiceRequirement((any Greeter).self, summary: "says hello")]
    static func exits(for options: ModuleOptions) -> [ExitSpec] { [ExitSpec("done", summary: "greeted")] }
    static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        ModuleLaunch(
            GreetingFlow(name: instance, text: environment.services.require((any Greeter).self).greeting()),
            entry: .greet)
    }
}

enum GreetingExit: ModuleExit {
    case finishedOK
    var exitName: String { "done" }
}

enum GreetingStep: Step {
    case greet, finish
}

final class GreetingFlow: Flow {
    let name: String
    let text: String
    init(name: String, text: String) {
        self.name = name
        self.text = text
    }
    func navigate(to step: GreetingStep) -> Navigation<GreetingStep, GreetingExit> {
        switch step {
        case .greet: .show(Screen(id: "hello", title: text, body: [], actions: [ScreenAction("OK", .finish)]))
        case .finish: .end(.finishedOK)
        }
    }
}

/// Another module that took the support module's id.
enum FakeSupportModule: FeatureModule {
    static let id = "support"
    static let summary = "Not the bundled one."
    static let options: [OptionSpec] = []
    static func exits(for options: ModuleOptions) -> [ExitSpec] { [] }
    static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        GreetingModule.launch(instance: instance, options: options, environment: environment, handoff: handoff)
    }
}

@Suite("A team's own tool over its own modules")
struct PluginTests {
    static let manifest = """
        {"schema": 1, "app": {"id": "mixed", "name": "Mixed", "audience": "school nurses"},
         "modules": [{"id": "hi", "module": "greeting"}, {"id": "help", "module": "support", "options": {"hotline": \
        "0800 123 4567", "hours": "Monday to Friday, 8:00 to 18:00"}}],
         "start": "hi",
         "routes": {"hi.done": "help", "help.resume": "end", "help.quit": "end"},
         "rules": [{"name": "help comes after the greeting", "to": "help/topics", "passesThrough": "hi/hello"}]}
        """
    static let services = ModuleServices().providing((any Greeter).self, PlainGreeter())
    static let tool = RootApp(name: "teamapp", modules: BundledModules.all + [GreetingModule.self], services: services)

    static func manifestFile() -> String {
        let path = "/tmp/stepflow-plugin-\(UInt64.random(in: 0...UInt64.max)).json"
        Harness.write(manifest, to: path)
        return path
    }

    @Test func theToolNamesItselfInHelpUsageAndVersion() {
        let help = Harness.run(["help", "walk"], tool: Self.tool)
        #expect(help.out.contains("USAGE: teamapp walk <manifest>"))
        #expect(!help.out.contains("rootapp"))
        let usage = Harness.run(["trace"], tool: Self.tool)
        #expect(usage.code == 64 && usage.err.hasSuffix("See 'teamapp trace --help'.\n"))
        #expect(Harness.run(["--version"], tool: Self.tool).out == "teamapp, on Stepflow's RootAppCLI 0.4.0\n")
        let versioned = RootApp(
            name: "teamapp", modules: BundledModules.all + [GreetingModule.self], services: Self.services,
            version: "2.1.0")
        #expect(Harness.run(["--version"], tool: versioned).out == "teamapp 2.1.0, on Stepflow's RootAppCLI 0.4.0\n")
        #expect(!Harness.run(["--help"], tool: Self.tool).out.contains("RootApp/Manifests"))
        for shell in ["bash", "zsh", "fish"] {
            let script = Harness.run(["completion", shell], tool: Self.tool).out
            #expect(script.contains("teamapp") && !script.contains("rootapp"), "\(shell)")
        }
        #expect(
            Harness.run(["completion", "bash"], tool: Self.tool).out.contains(
                "complete -o filenames -F _teamapp teamapp\n"))
    }

    @Test func itWalksValidatesAndChecksAVariantMixingBundledAndItsOwnModules() {
        let path = Self.manifestFile()
        let validate = Harness.run(["validate", path], tool: Self.tool)
        #expect(validate.code == 0, "\(validate.err)")
        #expect(validate.out.contains("1 of 1 rules proved"))
        // The exit is routed and drawn by its own name, not its case name.
        let graph = Harness.run(["graph", path, "--format", "json"], tool: Self.tool)
        #expect(graph.out.contains("\"kind\": \"exit\"") && graph.out.contains("\"label\": \"done\""))
        #expect(!graph.out.contains("finishedOK\""))
        let walk = Harness.run(["walk", path], input: ["OK", "Carry on"], tool: Self.tool)
        #expect(
            walk.code == 0 && walk.out.contains("Mixed (mixed, school nurses)")
                && walk.out.contains("Finished: help.resume."))
    }

    @Test func aGermanVariantReportsEachLiteralTextOfAnOutsideModuleAsShownInEnglish() throws {
        // The greeting module writes its texts as literals. Before, a
        // German variant with it validated as if every text were
        // translated: literals were never counted.
        let catalog = BundledManifests.repositoryRoot + "/RootApp/Manifests/covid-antigen-home-de.xcstrings"
        let path = "/tmp/stepflow-plugin-de-\(UInt64.random(in: 0...UInt64.max)).json"
        Harness.write(
            """
            {"schema": 1, "app": {"id": "mixed-de", "name": "Gemischt"}, "locales": ["de", "en"], "strings": \
            "\(catalog)",
             "modules": [{"id": "hi", "module": "greeting"},
                         {"id": "help", "module": "support", "options": {"hotline": "0800 123 4567", "hours": {"de": \
            "montags", "en": "Mondays"}}}],
             "start": "hi", "routes": {"hi.done": "help", "help.resume": "end", "help.quit": "end"}}
            """, to: path)
        let validate = Harness.run(["validate", path], tool: Self.tool)
        #expect(validate.code == 1)
        #expect(validate.out.contains("2 of "), "\(validate.out)")
        #expect(
            validate.out.replacing("\n    ", with: " ").contains("texts a person can see have no de words"),
            "\(validate.out)")
        #expect(
            validate.err.contains(
                """
                missing translation: hi/hello: the title \"Hello\" is a literal in module 'greeting', not a \
                declared text, so it shows in English in 'de'
                """
            ), "\(validate.err)")
        #expect(
            validate.err.contains("missing translation: hi/hello: the action \"OK\" is a literal in module 'greeting'"),
            "\(validate.err)")
        // The support module's texts and its hours, given per locale, are German: not listed.
        #expect(!validate.err.contains("help/"), "\(validate.err)")
        #expect(!validate.err.contains("help.hours"), "\(validate.err)")
    }

    @Test func aTranslatableOptionGivenOnceIsReportedAtItsLineInTheManifest() throws {
        let catalog = BundledManifests.repositoryRoot + "/RootApp/Manifests/covid-antigen-home-de.xcstrings"
        let path = "/tmp/stepflow-plugin-hours-\(UInt64.random(in: 0...UInt64.max)).json"
        Harness.write(
            """
            {"schema": 1, "app": {"id": "help-de", "name": "Hilfe"}, "locales": ["de", "en"], "strings": "\(catalog)",
             "modules": [{"id": "help", "module": "support",
                          "options": {"hotline": "0800 123 4567", "hours": "Monday to Friday"}}],
             "start": "help", "routes": {"help.resume": "end", "help.quit": "end"}}
            """, to: path)
        let validate = Harness.run(["validate", path], tool: Self.tool)
        #expect(validate.code == 1)
        #expect(
            validate.err.contains(
                """
                missing translation: help.hours: \(path):3:64: the option 'hours' of 'help' is one text for every \
                locale, so 'de' shows it as written.
                """
            ), "\(validate.err)")
        #expect(validate.out.contains("1 of "), "\(validate.out)")
    }

    @Test func aTeamsReportNamesItsOwnToolAndVersionAndItsModulesPackages() throws {
        let path = Self.manifestFile()
        let output = "/tmp/stepflow-plugin-report-\(UInt64.random(in: 0...UInt64.max)).html"
        let tool = RootApp(
            name: "teamapp", modules: BundledModules.all + [GreetingModule.self], services: Self.services,
            version: "2.1.0")
        let run = Harness.run(["report", path, "-o", output], tool: tool)
        #expect(run.code == 0, "\(run.err)")
        let html = try #require(GoldenFile.read(output))
        #expect(
            html.contains(
                """
                by teamapp 2.1.0 on Stepflow 0.4.0 · modules: greeting: (package not declared) (version not \
                declared); support: Stepflow 0.4.0
                """
            ))
        #expect(!html.contains("rootapp"))
    }

    @Test func aModuleWhoseServiceTheAppDoesNotGiveIsRefusedWhenLoaded() {
        let path = Self.manifestFile()
        let bare = RootApp(name: "teamapp", modules: BundledModules.all + [GreetingModule.self])
        let validate = Harness.run(["validate", path], tool: bare)
        #expect(validate.code == 1, "validate reports an invalid manifest as a finding")
        #expect(Harness.run(["trace", path], tool: bare).code == 65)
        #expect(
            validate.err.contains(
                """
                :2:37: error: modules[0].module: module 'greeting' needs the service Greeter (says hello), which \
                this app does not provide (it provides: none). To fix, provide it in the app's ModuleServices, or \
                use another module.
                """
            ))
        let modules = Harness.run(["modules"], tool: bare)
        #expect(modules.code == 0)
        #expect(modules.out.contains("    Greeter (says hello) (not provided by teamapp)\n"))
        #expect(modules.out.contains("  exits and screens: not explored, as teamapp does not provide Greeter;"))
    }

    @Test func twoModulesWithOneIDAreRefusedNamingBothTypes() {
        let twice = RootApp(name: "teamapp", modules: BundledModules.all + [FakeSupportModule.self])
        let run = Harness.run(["modules"], tool: twice)
        #expect(run.code == 70)
        #expect(
            run.err
                == """
                teamapp: error: two modules have the id 'support': Support.SupportModule and \
                RootAppTests.FakeSupportModule. To fix, register one of them, or give each module its own id.\n
                """
        )
        // A library user's loader refuses too, rather than guess.
        let loader = ManifestLoader(registry: ModuleRegistry(BundledModules.all + [FakeSupportModule.self]))
        #expect(throws: ManifestLoadError.self) { try loader.decode(Array(Self.manifest.utf8), file: "mixed.json") }
        // The same type listed twice is one module, not a conflict.
        #expect(ModuleRegistry(BundledModules.all + BundledModules.all).conflicts.isEmpty)
    }

    @Test func servicesAreFoundByTheTypeAskedFor() {
        let services = ModuleServices().providing((any Greeter).self, PlainGreeter())
        #expect(services.resolve((any Greeter).self)?.greeting() == "Hello")
        #expect(services.resolve(Int.self) == nil)
        #expect(services.provides(ServiceRequirement((any Greeter).self, summary: "")))
        #expect(!ModuleServices().provides(ServiceRequirement((any Greeter).self, summary: "")))
        #expect(services.providing(Int.self, 3).names == ["Greeter", "Int"])
    }

    @Test func aTeamsScriptRunsWithoutTheCLI() throws {
        let manifest = try ManifestLoader(registry: Self.tool.registry, services: Self.services).decode(
            Array(Self.manifest.utf8), file: "mixed.json")
        let runner = ScriptRunner(manifest: manifest, registry: Self.tool.registry, services: Self.services)
        let passing = try Script.parse(
            "expect screen hi/hello\nchoose OK\nexpect screen help/topics\nchoose Stop for now\nexpect end help.quit\n",
            file: "ok.txt")
        let result = runner.run(passing)
        #expect(result.passed, "\(result)")
        let failing = try Script.parse("choose OK\nexpect end hi.done\n", file: "wrong.txt")
        #expect(
            runner.run(failing).description
                == "wrong.txt:2: failed: expected the app to have ended, but help/topics is showing.")
        let coverage = runner.coverage(of: [result])
        #expect(coverage.screens == ScriptRunner.Share(covered: 2, total: 2 + 3 + 1))
    }
}

/// A module with a link: `wave` shows its screen from anywhere.
enum WaveModule: FeatureModule {
    static let id = "wave"
    static let summary = "Waves when a link says so."
    static let options: [OptionSpec] = []
    static func exits(for options: ModuleOptions) -> [ExitSpec] { [ExitSpec("done", summary: "waved")] }
    static func links(for options: ModuleOptions) -> [LinkSpec] {
        [LinkSpec("wave", summary: "shows a wave")]
    }
    static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        ModuleLaunch(WaveFlow(name: instance), entry: .wave) { link in link.name == "wave" ? .wave : nil }
    }
}

/// One screen, shown in place of itself when the link comes again.
final class WaveFlow: Flow {
    enum Step: Stepflow.Step { case wave, finish }
    let name: String
    init(name: String) { self.name = name }
    func navigate(to step: Step) -> Navigation<Step, GreetingExit> {
        switch step {
        case .wave: .show(Screen(id: "hello", title: "Wave", actions: [ScreenAction("OK", .finish)]), as: .replace)
        case .finish: .end(.finishedOK)
        }
    }
}

@Suite("Links in a team's own tool")
struct PluginLinkTests {
    static let tool = RootApp(
        name: "teamapp", modules: BundledModules.all + [GreetingModule.self, WaveModule.self],
        services: PluginTests.services)

    static func manifestFile(links: String, rules: String = "") -> String {
        let path = "/tmp/stepflow-plugin-links-\(UInt64.random(in: 0...UInt64.max)).json"
        Harness.write(
            """
            {"schema": 1, "app": {"id": "waving", "name": "Waving"},
             "modules": [{"id": "hi", "module": "greeting"}, {"id": "wv", "module": "wave"}],
             "start": "hi", "routes": {"hi.done": "end", "wv.done": "end"},
             "links": {\(links)}, "rules": [\(rules)]}
            """, to: path)
        return path
    }

    @Test func validateProvesWhereTheLinkLandsAndTheWalkOpensIt() {
        let path = Self.manifestFile(links: #""wave": "wv.wave""#)
        let validate = Harness.run(["validate", path], tool: Self.tool)
        #expect(validate.code == 0, "\(validate.err)")
        #expect(
            validate.out.replacing("\n    ", with: " ").contains(
                "1 link opened from each of 2 live states: 2 land on 1 screen, 0 declined by a module "
                    + "without a reason"),
            "\(validate.out)")
        let walk = Harness.run(["walk", path], input: ["link wave", "link nowhere", "OK"], tool: Self.tool)
        #expect(walk.code == 0 && walk.out.contains("Finished: wv.done."), "\(walk.out)\(walk.err)")
        #expect(
            walk.err.replacing("\n", with: " ").contains(
                "'nowhere' is no link of waving. It routes 'wave'; it opens addresses such as 'wave'."),
            "\(walk.err)")
        let declining = Self.manifestFile(
            links: #""wave": {"to": "wv.wave", "whenNotRunning": "decline", "reason": "Not from here."}"#)
        let declined = Harness.run(["walk", declining], input: ["link wave", "OK"], tool: Self.tool)
        #expect(declined.out.contains("link wave: declined: Not from here."), "\(declined.out)")
        // The report lists the link and how each opening ended, from each live state.
        let report = Harness.run(["report", declining], tool: Self.tool)
        #expect(
            report.out.contains(
                "<tr><td>wave</td><td>wv.wave: shows a wave</td><td>declined: Not from here.</td>"
                    + "<td>declined with the route&#39;s reason (1)</td></tr>"), "\(report.out)\(report.err)")
        let starting = Harness.run(["report", path], tool: Self.tool)
        #expect(
            starting.out.contains(
                "<tr><td>wave</td><td>wv.wave: shows a wave</td><td>starts it at the link</td>"
                    + "<td>wv/hello (2)</td></tr>"), "\(starting.out)\(starting.err)")
        // The prototype offers the link in every state the app runs in; each opening is a transition
        // replayed live when the page was made.
        let page = "/tmp/stepflow-plugin-links-\(UInt64.random(in: 0...UInt64.max)).html"
        let prototype = Harness.run(["prototype", path, "-o", page], tool: Self.tool)
        #expect(prototype.code == 0, "\(prototype.err)")
        let html = GoldenFile.read(page) ?? ""
        #expect(html.split(separator: #""l","wave",null"#, omittingEmptySubsequences: false).count - 1 == 2)
        #expect(html.contains(#"<div id="links" role="group""#))
        // A rule pinning where the link lands, refuted: the walk, and where the link landed.
        let pinned = Self.manifestFile(links: #""wave": "wv.wave""#, rules: #"{"link": "wave", "landsOn": "end"}"#)
        let refuted = Harness.run(["validate", pinned], tool: Self.tool)
        #expect(refuted.code == 1, "\(refuted.err)")
        #expect(refuted.err.contains("rule refuted: link wave lands only on end, or leaves the screen as it was"))
        #expect(refuted.err.contains(": link wave\n     and the link lands on wv/hello\n"), "\(refuted.err)")
        // A route to a link nobody declares is refused with the nearest name.
        let typo = Harness.run(["validate", Self.manifestFile(links: #""wave": "wv.wav""#)], tool: Self.tool)
        #expect(typo.code == 1 && typo.err.contains("declares no link 'wav'. Did you mean 'wave'?"), "\(typo.err)")
    }
}
