import BundledFixtures
import BundledModules
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowTesting
import Testing

/// Small crafted flows, one per kind of finding.
enum Crafted {
    enum Step: Stepflow.Step { case start, a, b, c, back, loop, stuck, ignored }
    enum Exit: Stepflow.Step { case done }

    /// A flow whose navigation is a table.
    final class TableFlow: Flow {
        let name: String
        let table: @Sendable (Step) -> Navigation<Step, Exit>
        init(_ name: String = "app", _ table: @escaping @Sendable (Step) -> Navigation<Step, Exit>) {
            self.name = name
            self.table = table
        }
        func navigate(to step: Step) -> Navigation<Step, Exit> { table(step) }
    }

    static func screen(_ id: String, _ actions: (String, Step)...) -> Screen<Step> {
        Screen(id: id, title: id, actions: actions.map { ScreenAction($0.0, $0.1) })
    }

    static func findings(_ flow: TableFlow) -> [String] {
        GraphExplorer.explore(flow, with: OneStepper(.start)).findings().map(\.description)
    }
}

@Suite("Findings on crafted flows")
struct FindingTests {
    @Test func aStepTheFlowDoesNotHandle() {
        let flow = Crafted.TableFlow { step in
            switch step {
            case .start: .show(Crafted.screen("home", ("Go", .ignored), ("Quit", .c)))
            case .c: .end(.done)
            default: .unhandled
            }
        }
        #expect(
            Crafted.findings(flow).first
                == """
                error: unhandled step: app.ignored: app returns .unhandled for it. To fix, handle it in \
                navigate(to:).
                """
        )
    }

    @Test func aScreenWithNoActionAndAStepThatLeadsNowhere() {
        let flow = Crafted.TableFlow { step in
            switch step {
            case .start: .show(Crafted.screen("home", ("Stuck", .stuck), ("Nothing", .a)))
            case .stuck: .show(Crafted.screen("stuck"))
            default: .none
            }
        }
        #expect(
            Crafted.findings(flow) == [
                """
                error: dead end: app/stuck: nothing can happen here: the screen offers no action and no stepper \
                can emit. To fix, give it an action or end the flow. The walk: app/home: choose \"Stuck\"
                """,
                """
                error: dead end: app.a: the step leads nowhere: it shows nothing, starts nothing and ends nothing. \
                To fix, make navigate(to:) do something for it.
                """,
            ])
    }

    @Test func aLoopWithNoWayOut() {
        let flow = Crafted.TableFlow { step in
            switch step {
            case .start: .show(Crafted.screen("home", ("Loop", .loop), ("Finish", .c)))
            case .loop: .show(Crafted.screen("loop", ("Again", .loop)))
            case .c: .end(.done)
            default: .none
            }
        }
        // Each "Again" pushes one more screen: the states never repeat, so
        // the loop is reported as growth, with the walk that grows.
        let findings = Crafted.findings(flow)
        #expect(findings.count == 1)
        #expect(
            findings.first?.hasPrefix(
                "error: unbounded growth: app/loop: 49 screens and 1 flows are live after 48 inputs") == true)
        #expect(
            findings.first?.hasSuffix(
                "app/home: choose \"Loop\"; "
                    + Array(repeating: "app/loop: choose \"Again\"", count: 47).joined(separator: "; ")) == true)
    }

    @Test func aBackOnTheFirstScreenOfAFlowGoesNowhere() {
        let flow = Crafted.TableFlow { step in
            switch step {
            case .start: .show(Crafted.screen("home", ("Back", .back), ("Next", .a)))
            case .a: .show(Crafted.screen("next", ("Back", .back), ("Quit", .c)))
            case .back: .pop
            case .c: .end(.done)
            default: .none
            }
        }
        let graph = GraphExplorer.explore(flow, with: OneStepper(.start))
        #expect(
            graph.findings().map(\.description) == [
                """
                warning: ineffective back: app.back: chosen on app/home, which is the first screen of its layer: \
                nothing is removed, so the person stays. To fix, end the flow or offer another way on.
                """
            ])
        let edges = graph.outgoing(graph.node(withID: "app.back")!).map { graph.edges[Int($0)] }  // the test's step
            .map { "\($0.kind.rawValue) \(graph.nodes[$0.to].id)" }
        #expect(edges.sorted() == ["back app/home", "stays app/home"])
    }

    @Test func aModuleExitTheManifestCannotRouteIsFound() throws {
        enum SneakyStep: Stepflow.Step { case ask, ok, sneak }
        enum SneakyExit: ModuleExit { case done, surprise }
        final class SneakyFlow: Flow {
            var name: String { "sneaky" }
            func navigate(to step: SneakyStep) -> Navigation<SneakyStep, SneakyExit> {
                switch step {
                case .ask:
                    .show(
                        Screen(
                            id: "ask", title: "Ask", actions: [ScreenAction("OK", .ok), ScreenAction("Sneak", .sneak)]))
                case .ok: .end(.done)
                case .sneak: .end(.surprise)  // an exit it does not declare
                }
            }
        }
        enum SneakyModule: FeatureModule {
            static let id = "sneaky"
            static let summary = "Declares one exit, takes two."
            static let options: [OptionSpec] = []
            static func exits(for options: ModuleOptions) -> [ExitSpec] { [ExitSpec("done", summary: "done")] }
            static func launch(
                instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
            ) -> ModuleLaunch {
                ModuleLaunch(SneakyFlow(), entry: .ask)
            }
        }
        let registry = ModuleRegistry([SneakyModule.self])
        let text =
            #"{"schema": 1, "app": {"id": "s", "name": "S", "audience": "lay"}, "modules": [{"id": "sneaky", "#
            + #""module": "sneaky"}], "start": "sneaky", "routes": {"sneaky.done": "end"}}"#
        // Refused when it loads, for what the module's author must change;
        // once `validate` advised a route here that loading then refused.
        #expect(throws: ManifestLoadError.self) {
            try ManifestLoader(registry: registry).decode(Array(text.utf8), file: "s.json")
        }
        do {
            _ = try ManifestLoader(registry: registry).decode(Array(text.utf8), file: "s.json")
        } catch {
            guard case .invalid(let diagnostics) = error else { return }
            #expect(
                diagnostics.map(\.description) == [
                    """
                    s.json:1:106: error: modules[0].module: module 'sneaky' (instance 'sneaky') breaks its \
                    contract: its flow can end with the exit 'surprise', which it does not declare, so no route \
                    can take it and a walk would drop it. To fix, the module's author declares 'surprise' in \
                    SneakyModule.exits(for:) or stops ending with it; no route in this manifest can fix it.
                    """
                ])
        }
    }

    @Test func manifestFindingsNameInstancesNeverEnteredAndExitsNeverTaken() throws {
        let text = """
            {"schema": 1, "app": {"id": "odd", "name": "Odd", "audience": "lay"},
             "modules": [
               {"id": "test", "module": "procedure", "options": {"readBy": "manual", "sample": "nasal", \
            "waitMinutes": 15, "readWithinMinutes": 5, "performedBy": "person"}},
               {"id": "help", "module": "support", "options": {"hotline": "0800 123 4567", "hours": "Monday to \
            Friday, 8:00 to 18:00"}},
               {"id": "more", "module": "support", "options": {"hotline": "0800 123 4567", "hours": "Monday to \
            Friday, 8:00 to 18:00"}}
             ],
             "start": "test",
             "routes": {"test.resultCaptured": "end", "test.cancelled": "end", "test.needsHelp": "end",
                        "help.resume": "more", "help.quit": "end", "more.resume": "end", "more.quit": "end"}}
            """
        let manifest = try ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).decode(
            Array(text.utf8), file: "odd.json")
        // Loading says nothing of reachability: the walks decide it, once.
        #expect(manifest.warnings.isEmpty)
        let findings = VariantGraph(manifest: manifest, registry: BundledModules.registry).findings().map(\.description)
        #expect(
            findings == [
                """
                warning: unreachable instance: help: never entered: it is not the start and no route leads to it. \
                To fix, route an exit that is taken to it, or remove it.
                """,
                """
                warning: unreachable instance: more: never entered: no walk from the start takes 'help.resume', \
                the route to it. To fix, route an exit that is taken to it, or remove it.
                """,
            ])
    }
}

@Suite("Path rules")
struct PathRuleTests {
    @Test(arguments: BundledManifests.names)
    func everyBundledRuleIsProved(name: String) throws {
        let (results, diagnostics) = try Bundled.variant(name).checkRules()
        #expect(diagnostics == [])
        #expect(!results.isEmpty)
        for result in results { #expect(result.holds, "\(result)") }
    }

    private func rules(
        _ rules: String, in name: String = "covid-antigen-home"
    ) throws -> (results: [String], diagnostics: [String]) {
        let path = "\(BundledManifests.repositoryRoot)/RootApp/Manifests/\(name).json"
        var text = String(decoding: try ManifestLoaderTestHook.read(path), as: UTF8.self)
        let start = text.firstRange(of: "\"rules\": [")!  // every bundled manifest has rules
        let end = text[start.upperBound...].firstRange(of: "\n  ]")!
        text.replaceSubrange(start.lowerBound..<end.upperBound, with: "\"rules\": [\(rules)]")
        let manifest = try ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).decode(
            Array(text.utf8), file: "\(name).json")
        let checked = VariantGraph(manifest: manifest, registry: BundledModules.registry).checkRules()
        return (checked.results.map(\.description), checked.diagnostics.map(\.description))
    }

    @Test func aBrokenRuleIsRefutedWithACounterExamplePath() throws {
        let checked = try rules(
            #"{"name": "help only after consent", "to": "help/topics", "passesThrough": "onboarding/privacy"}, "#
                + #"{"neverReaches": "result/positive"}"#
        )
        #expect(
            checked.results == [
                "proved: help only after consent",
                """
                refuted: never reaches result/positive: start → covid-antigen-home.start → onboarding.welcome → \
                onboarding/welcome → onboarding.howItWorks(page: 1) → onboarding/how-it-works-1 → \
                onboarding.howItWorks(page: 2) → onboarding/how-it-works-2 → onboarding.howItWorks(page: 3) → \
                onboarding/how-it-works-3 → onboarding.privacy → onboarding/privacy → onboarding.consentAccepted → \
                covid-antigen-home.onboarding.completed → test.checklist → test/checklist → test.instruction(1) → \
                test/nasal-1 → test.instruction(2) → test/nasal-2 → test.instruction(3) → test/nasal-3 → \
                test.applySample → test/apply-sample → test.startTimer → test/timer → test.timerDone → test/ready \
                → test.read → test/read → test.readByHand → test/manual → test.resultRead(positive) → \
                covid-antigen-home.test.resultCaptured {result: \"positive\"} → result.show(positive, patient: \
                nil) → result/positive
                """,
            ])
        let bypass = try rules(
            #"{"to": "result/record", "passesThrough": "onboarding/wrong-password"}"#, in: "covid-antigen-clinic")
        #expect(
            bypass.results.first?.hasPrefix(
                """
                refuted: every path to result/record passes through onboarding/wrong-password: start → \
                covid-antigen-clinic.start → onboarding.welcome
                """
            ) == true)
        #expect(bypass.results.first?.hasSuffix("→ result/record") == true)
    }

    @Test func aRuleNamingAnUnknownNodeIsAnErrorWithTheNearestNode() throws {
        let checked = try rules(
            #"{"to": "result/positiv", "passesThrough": "onboarding/privacy"}, {"neverReaches": "intake/identfy"}"#)
        #expect(checked.diagnostics.first?.hasPrefix("covid-antigen-home.json:") == true)
        #expect(
            checked.diagnostics.first?.contains(
                """
                error: rules[0].to: no node 'result/positiv' in the graph of 'covid-antigen-home', so the rule \
                would speak of nothing. Did you mean 'result/positive'?
                """
            ) == true)
        // A rule never holds because it speaks of nothing: a node the
        // variant does not have is an error for neverReaches too.
        #expect(checked.results.isEmpty)
        #expect(checked.diagnostics.count == 2)
        #expect(checked.diagnostics.last?.contains("error: rules[1].neverReaches: no node 'intake/identfy'") == true)
    }

    @Test func aModuleIsSurveyedOnceForTheServicesGiven() throws {
        // A family's variants share each module's survey (the screens its
        // rules may name), but not across the services an app gives: a
        // module needing one the app lacks is not explored.
        let home = try #require(BundledModules.registry.module("home"))
        let given = ModuleSurvey.shared(home, services: BundledModules.services)
        let lacking = ModuleSurvey.shared(home, services: ModuleServices())
        let fresh = ModuleSurvey(home, services: BundledModules.services)
        #expect(given.missingServices.isEmpty)
        #expect(given.screens == fresh.screens && given.exits == fresh.exits && !given.screens.isEmpty)
        #expect(!lacking.missingServices.isEmpty && lacking.screens.isEmpty)
        #expect(ModuleSurvey.shared(home, services: BundledModules.services).screens == given.screens)
    }

    @Test func aRuleThatSaysTwoThingsIsRejected() throws {
        let text = BrokenRules.manifest(#"{"neverReaches": "a/b", "reaches": "end"}"#)
        #expect(throws: ManifestLoadError.self) {
            try ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).decode(
                Array(text.utf8), file: "r.json")
        }
    }
}

enum BrokenRules {
    static func manifest(_ rule: String) -> String {
        """
        {"schema": 1, "app": {"id": "r", "name": "R", "audience": "lay"},
         "modules": [{"id": "help", "module": "support", "options": {"hotline": "0800 123 4567", "hours": "Monday to \
        Friday, 8:00 to 18:00"}}], "start": "help",
         "routes": {"help.resume": "end", "help.quit": "end"}, "rules": [\(rule)]}
        """
    }
}

/// Reads a file the way the loader does.
enum ManifestLoaderTestHook {
    static func read(_ path: String) throws -> [UInt8] {
        guard let text = GoldenFile.read(path) else { throw ManifestLoadError.fileNotFound(path: path) }
        return Array(text.utf8)
    }
}

@Suite("Paths and diffs")
struct PathAndDiffTests {
    @Test func theLayAndProfessionalCovidVariantsDiffer() throws {
        let diff = GraphDiff(
            try Bundled.variant("covid-antigen-home").graph, try Bundled.variant("covid-antigen-clinic").graph)
        #expect(diff.nodesOnlyInA.contains("onboarding/privacy"))
        #expect(diff.nodesOnlyInB.contains("intake/identify"))
        #expect(diff.nodesOnlyInB.contains("result/submit"))
        #expect(
            !diff.nodesOnlyInA.contains("test/checklist") && !diff.nodesOnlyInB.contains("test/checklist"), "both test")
        #expect(
            diff.edgesOnlyInA.contains("test/read -> test.readByHand [Read it myself]"),
            "only the home variant reads by hand")
        #expect(GraphDiff(try Bundled.variant("strep-a-home").graph, try Bundled.variant("strep-a-home").graph).isEmpty)
    }
}

@Suite("Node ids")
struct NodeIDTests {
    enum Dotted: Step {
        case start, dotted, plain, done
        var stepID: String {
            switch self {
            case .start: "start"
            case .dotted: "y.z"
            case .plain: "z"
            case .done: "done"
            }
        }
    }

    final class Named: Flow {
        let name: String
        let body: @Sendable (Dotted) -> Navigation<Dotted, Never>
        init(_ name: String, _ body: @escaping @Sendable (Dotted) -> Navigation<Dotted, Never>) {
            self.name = name
            self.body = body
        }
        func navigate(to step: Dotted) -> Navigation<Dotted, Never> { body(step) }
    }

    @Test func everyNodeIsFoundByItsIDEvenWhenTwoInstancesSpellTheSameID() {
        // Instance "x" step "y.z" and instance "x.y" step "z" are both
        // "x.y.z": lookups still land on a node with the id asked for, the
        // first one, and every later node is still found.
        let child = Named("x.y") { step in
            step == .start ? .forward(.plain) : .show(Screen(id: "child", title: "Child"))
        }
        let root = Named("x") { step in
            switch step {
            case .start: .forward(.dotted)
            case .dotted: .start(child, with: OneStepper(.start))
            default: .none
            }
        }
        let graph = GraphExplorer.explore(root, with: OneStepper(.start))
        let duplicated = graph.nodes.indices.filter { graph.nodes[$0].id == "x.y.z" }
        #expect(duplicated.count == 2)
        #expect(graph.node(withID: "x.y.z") == duplicated.first)
        for (position, node) in graph.nodes.enumerated() where node.id != "x.y.z" {
            #expect(graph.node(withID: node.id) == position)
        }
    }
}
