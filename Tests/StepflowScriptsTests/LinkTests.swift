import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowPresentation
import StepflowScripts
import Testing

/// A small mail app: a welcome module, then an inbox module that declares
/// two links (a message by id, a notice by level), its steps internal.
enum Mail {
    enum WelcomeStep: Step { case hello, next }
    enum WelcomeExit: ModuleExit { case done }
    final class WelcomeFlow: Flow {
        let name: String
        init(name: String) { self.name = name }
        func navigate(to step: WelcomeStep) -> Navigation<WelcomeStep, WelcomeExit> {
            switch step {
            case .hello: .show(Screen(id: "hello", title: "Hello", actions: [ScreenAction("Continue", .next)]))
            case .next: .end(.done)
            }
        }
    }
    enum WelcomeModule: FeatureModule {
        static let id = "welcome"
        static let summary = "Says hello."
        static let options: [OptionSpec] = []
        static func exits(for options: ModuleOptions) -> [ExitSpec] { [ExitSpec("done", summary: "read")] }
        static func launch(
            instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
        ) -> ModuleLaunch {
            ModuleLaunch(WelcomeFlow(name: instance), entry: .hello)
        }
    }

    enum InboxStep: Step { case list, open(String), linked(String), notice(String), back, close }
    enum InboxExit: ModuleExit { case closed }
    final class InboxFlow: Flow {
        let name: String
        init(name: String) { self.name = name }
        func navigate(to step: InboxStep) -> Navigation<InboxStep, InboxExit> {
            let list = Screen<InboxStep>(
                id: "list", title: "Inbox",
                actions: [ScreenAction("Open the first", .open("1")), ScreenAction("Close", .close)])
            let message = Screen<InboxStep>(
                id: "message", title: "Message", actions: [ScreenAction("Back", .back, role: .back)])
            switch step {
            case .list: return .show(list, as: .replace)
            case .open: return .show(message)
            // From a link: the list, then the message, whatever was shown.
            case .linked: return .multiple(.show(list, as: .replace), .show(message))
            case .notice(let level):
                // A high notice is shown; a low one is not the module's business.
                guard level == "high" else { return .unhandled }
                return .show(Screen(id: "notice", title: "Notice", actions: [ScreenAction("OK", .list)]), as: .replace)
            case .back: return .pop
            case .close: return .end(.closed)
            }
        }
    }
    enum InboxModule: FeatureModule {
        static let id = "inbox"
        static let summary = "Messages."
        static let options: [OptionSpec] = []
        static func exits(for options: ModuleOptions) -> [ExitSpec] { [ExitSpec("closed", summary: "closed")] }
        static func links(for options: ModuleOptions) -> [LinkSpec] {
            [
                LinkSpec("message", parameters: [FieldSpec("id", .text)], summary: "opens one message"),
                LinkSpec(
                    "notice", parameters: [FieldSpec("level", .choice(["low", "high"]))], summary: "shows a notice"),
                LinkSpec("compose", summary: "writes a message"),
            ]
        }
        static func launch(
            instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
        ) -> ModuleLaunch {
            ModuleLaunch(InboxFlow(name: instance), entry: .list) { link in
                switch link.name {
                case "message": link.arguments.text("id").map(InboxStep.linked)
                case "notice": link.arguments.text("level").map(InboxStep.notice)
                case "compose": .linked("new")
                default: nil
                }
            }
        }
    }

    static let registry = ModuleRegistry([WelcomeModule.self, InboxModule.self])

    static func manifest(links: String, rules: String = "") throws -> Manifest {
        let text = """
            {"schema": 1, "app": {"id": "mail", "name": "Mail", "audience": "lay"},
             "modules": [{"id": "welcome", "module": "welcome"}, {"id": "inbox", "module": "inbox"}],
             "start": "welcome", "routes": {"welcome.done": "inbox", "inbox.closed": "end"},
             "links": {\(links)}, "rules": [\(rules)]}
            """
        return try ManifestLoader(registry: registry).decode(Array(text.utf8), file: "mail.json")
    }

    static let routed =
        #""message/{id}": "inbox.message", "notice/{level}": {"to": "inbox.notice", "#
        + #""whenNotRunning": "wait"}, "compose": {"to": "inbox.compose", "whenNotRunning": "decline", "#
        + #""reason": "Open the inbox first."}"#

    /// The diagnostics `links` gets, each as `path: message`.
    static func diagnostics(_ links: String, rules: String = "") -> [String] {
        do {
            let manifest = try manifest(links: links, rules: rules)
            return manifest.warnings.map { "\($0.path): \($0.message)" }
        } catch {
            guard case .invalid(let list) = error as? ManifestLoadError else { return ["\(error)"] }
            return list.map { "\($0.path): \($0.message)" }
        }
    }
}

@Suite("Links a module declares, routed by the manifest")
struct LinkTests {
    @Test("A route names a declared link, its parameters and a policy; each mistake names the fix")
    func validation() {
        #expect(
            Mail.diagnostics(#""m/{id}": "inbx.message""#).first?.contains(
                "'inbx' is not a module instance of this manifest. Did you mean 'inbox'?") == true)
        #expect(
            Mail.diagnostics(#""m/{id}": "inbox.mesage""#).first?.contains(
                "declares no link 'mesage'. Did you mean 'message'?") == true)
        #expect(
            Mail.diagnostics(#""m/{ident}": "inbox.message""#).first?.contains(
                "has the parameter {ident}, which inbox.message does not declare. Its parameters: 'id'.") == true)
        #expect(
            Mail.diagnostics(#""m": "inbox.message""#).first?.contains(
                "does not carry {id} (text), which inbox.message requires") == true)
        #expect(
            Mail.diagnostics(#""c": {"to": "inbox.compose", "whenNotRunning": "wiat"}"#).first?.contains(
                "'wiat' is not a policy. Did you mean 'wait'?") == true)
        #expect(
            Mail.diagnostics(#""c": {"to": "inbox.compose", "whenNotRunning": "decline"}"#).first?.contains(
                "a link that declines needs the reason") == true)
        #expect(
            Mail.diagnostics(#""m/{id}": "inbox.message", "m/{level}": "inbox.notice""#).contains {
                $0.contains("matches every address 'm/{id}' matches")
            }, "\(Mail.diagnostics(#""m/{id}": "inbox.message", "m/{level}": "inbox.notice""#))")
        #expect(Mail.diagnostics(#""/m": "inbox.compose""#).first?.contains("is no address pattern") == true)
        // Routed, with warnings for the links no address exposes.
        let unexposed = Mail.diagnostics(#""m/{id}": "inbox.message""#)
        #expect(unexposed.count == 2, "\(unexposed)")
        #expect(unexposed.contains { $0.hasPrefix("links: inbox.compose (writes a message) is declared") })
        #expect(Mail.diagnostics(Mail.routed).isEmpty)
    }

    @Test("The module contract refuses a declared link its launch maps to no step, and explores the runs links start")
    func contract() {
        #expect(
            ModuleContract.problems(in: Mail.InboxModule.self, options: ModuleOptions(specs: [], values: [:])) == [])
        let forgetful = ModuleContract.violations(in: Forgetful.self, options: ModuleOptions(specs: [], values: [:]))
        #expect(forgetful.map(\.kind) == [ContractViolation.Kind.unmappedLink, .unhandledStep])
        #expect(
            forgetful.first?.description.contains(
                "declared link 'compose' opened as compose maps to no step, so every address routed to it would be "
                    + "refused") == true)
        // The step after the link's is reached only from it: unhandled there, found there.
        #expect(forgetful.last?.subject == "close")
    }

    @Test("A module that pushes inside a loop is reported as unbounded, not explored until memory runs out")
    func pilingUp() {
        // Each push makes a longer state: unbounded, this ran out of key space (a crash) at ~20,000 screens.
        let found = FlowExplorer.explore(PilingFlow(), from: .more)
        #expect(found.isTruncated)
        #expect(found.screens == ["more"])
    }

    final class PilingFlow: Flow {
        enum PilingStep: Step { case more }
        let name = "piling"
        func navigate(to step: PilingStep) -> Navigation<PilingStep, Mail.InboxExit> {
            .show(Screen(id: "more", title: "More", actions: [ScreenAction("More", .more)]))
        }
    }

    /// Declares `compose`, maps only `message`, whose run reaches a step it does not handle.
    enum Forgetful: FeatureModule {
        enum ForgetfulStep: Step { case list, linked, close }
        final class ForgetfulFlow: Flow {
            let name = "forgetful"
            func navigate(to step: ForgetfulStep) -> Navigation<ForgetfulStep, Mail.InboxExit> {
                switch step {
                case .list:
                    .show(Screen(id: "list", title: "Inbox", actions: [ScreenAction("Refresh", .list)]), as: .replace)
                case .linked: .show(Screen(id: "linked", title: "Linked", actions: [ScreenAction("Close", .close)]))
                case .close: .unhandled
                }
            }
        }
        static let id = "forgetful"
        static let summary = "Forgets a link."
        static let options: [OptionSpec] = []
        static func exits(for options: ModuleOptions) -> [ExitSpec] { [] }
        static func links(for options: ModuleOptions) -> [LinkSpec] {
            [LinkSpec("message", summary: "opens a message"), LinkSpec("compose", summary: "writes a message")]
        }
        static func launch(
            instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
        ) -> ModuleLaunch {
            ModuleLaunch(ForgetfulFlow(), entry: .list) { $0.name == "message" ? .linked : nil }
        }
    }

    @Test("An address is routed to its link, its parameters read as their kinds, or refused with the routes")
    func routing() throws {
        let root = RootFlow(manifest: try Mail.manifest(links: Mail.routed), registry: Mail.registry)
        let message = try root.route(link: "message/42").get()
        #expect(message.target == "inbox")
        #expect(message.step.stepID == "linked(\"42\")")
        #expect(
            message.otherwise
                == .restart(
                    RootStep.linked(
                        instance: "inbox", link: ModuleLink("message", arguments: Handoff(["id": .text("42")])),
                        data: CarriedData())))
        #expect(throws: LinkRefusal.self) { try root.route(link: "notice/medium").get() }
        let unknown = #expect(throws: LinkRefusal.self) { try root.route(link: "mesage/42").get() }
        #expect(
            unknown?.message.contains(
                "It routes 'message/{id}', 'notice/{level}', 'compose'; it opens addresses such as 'message/id-1'.")
                == true)
        #expect(root.representativeLinks.map(\.address) == ["message/id-1", "notice/low", "notice/high", "compose"])
    }

    @Test("Live: a link starts its module at cold start, reaches it while it runs, waits, or is declined")
    func live() throws {
        let session = VariantSession(manifest: try Mail.manifest(links: Mail.routed), registry: Mail.registry)
        let events = Locked<[String]>([])
        let token = session.coordinator.observe { event in
            if case .link = event { events.withLock { $0.append(event.description) } }
        }
        defer { token.cancel() }
        #expect(session.top?.qualifiedID == "welcome/hello")
        // Declined while the inbox is not running: said, nothing changes.
        try session.give(.link("compose"))
        #expect(session.top?.qualifiedID == "welcome/hello")
        // Held until the inbox starts: then shown there.
        try session.give(.link("notice/high"))
        #expect(session.top?.qualifiedID == "welcome/hello")
        try session.give(.choose(.label("Continue")))
        #expect(session.presentation.layers.map { $0.screens.map(\.qualifiedID) } == [["inbox/notice"]])
        try session.give(.choose(.label("OK")))
        // Delivered to the running inbox.
        try session.give(.link("message/7"))
        #expect(session.top?.qualifiedID == "inbox/message")
        // A low notice: the module declines it, and says so.
        try session.give(.link("notice/low"))
        #expect(session.top?.qualifiedID == "inbox/message")
        #expect(throws: SessionRefusal.self) { try session.give(.link("nowhere")) }
        session.coordinator.waitUntilIdle()
        #expect(
            events.withLock { $0 } == [
                "link compose: declined: Open the inbox first.",
                "link notice/high: held until its flow starts",
                "link notice/high: delivered: handled by inbox",
                "link message/7: delivered: handled by inbox",
                "link notice/low: delivered: unhandled (declined by inbox)",
            ])
    }

    @Test("A link at cold start ends the module on screen and starts its own at the link")
    func coldStart() throws {
        let session = VariantSession(manifest: try Mail.manifest(links: Mail.routed), registry: Mail.registry)
        try session.give(.link("message/42"))
        #expect(session.presentation.layers.map { $0.screens.map(\.qualifiedID) } == [["inbox/list", "inbox/message"]])
        #expect(!session.coordinator.currentState.flows.values.contains { $0.info.name == "welcome" })
        try session.give(.back)
        #expect(session.top?.qualifiedID == "inbox/list")
    }

    @Test("The explorer opens every routed link from every state, and each printed walk replays live")
    func explored() throws {
        let manifest = try Mail.manifest(links: Mail.routed)
        let graph = VariantGraph(manifest: manifest, registry: Mail.registry)
        let states = graph.states
        let links = RootFlow(manifest: manifest, registry: Mail.registry).representativeLinks.count
        let live = states.states.indices.filter { !states.states[$0].isEnded }
        let linkTransitions = states.transitions.indices.filter { states.transitions.isLink(at: $0) }
        #expect(linkTransitions.count == live.count * links)
        #expect(states.states.contains { $0.top == "inbox/notice" })
        // Every state's shortest walk, replayed on a live session, reaches it.
        for index in states.states.indices {
            let session = VariantSession(manifest: manifest, registry: Mail.registry, states: states)
            for transition in states.shortestWalk(to: index) {
                for input in transition.input.givenInputs { try session.give(input) }
            }
            #expect(session.top?.qualifiedID == states.states[index].top, "state \(index)")
        }
        // A link is a way out for nobody: no dead end hides behind one.
        #expect(graph.findings().allSatisfy { $0.kind != .deadEnd })
    }

    @Test("A screens suite opens every link in each module it arrives in, and each script replays live")
    func suite() throws {
        let manifest = try Mail.manifest(links: Mail.routed)
        let runner = ScriptRunner(manifest: manifest, registry: Mail.registry)
        let states = runner.variant.states
        // Every (address, module on screen) a link can be opened in.
        let wanted = Set(
            states.transitions.compactMap { transition -> String? in
                guard case .link(let address) = transition.input.kind else { return nil }
                return "\(address) in \(states.projection.nodes[transition.nodes[0]].instance)"
            })
        #expect(wanted.count == 8)  // 4 addresses, from the welcome and the inbox
        let suite = try SuiteGenerator(runner: runner, target: .screens).generate()
        #expect(suite.covered == suite.goals)
        var opened: Set<String> = []
        var results: [ScriptRunner.Result] = []
        for generated in suite.scripts {
            let script = try Script.parse(generated.text, file: generated.fileName)
            let result = runner.run(script)
            results.append(result)
            #expect(result.passed, "\(generated.fileName): \(generated.text)")
            for transition in result.transitions {
                guard case .link(let address) = states.transitions[transition].input.kind else { continue }
                opened.insert(
                    "\(address) in \(states.projection.nodes[states.transitions[transition].nodes[0]].instance)")
            }
        }
        #expect(opened == wanted)
        // Coverage counts link openings as their own kind, not as actions.
        let links = runner.transitionsByKind(of: results).first { $0.kind == "links" }?.share
        #expect(links?.total == states.transitions.indices.filter { states.transitions.isLink(at: $0) }.count)
        #expect(links?.covered ?? 0 >= 8)
    }

    @Test("A rule names a link and where it may land; a landing elsewhere is refuted with its walk")
    func rules() throws {
        let manifest = try Mail.manifest(
            links: Mail.routed,
            rules: """
                {"name": "a message link shows the message (or a held notice, delivered as the inbox starts)",
                 "link": "message/{id}", "landsOn": ["inbox/message", "inbox/notice"]},
                {"name": "a notice never leaves the list", "link": "notice/{level}", "landsOn": "inbox/list"}
                """)
        let (results, diagnostics) = VariantGraph(manifest: manifest, registry: Mail.registry).checkRules()
        #expect(diagnostics.isEmpty)
        #expect(results.map(\.holds) == [true, false])
        let walk = try #require(results.last?.walk)
        #expect(
            walk.inputs.map { "\($0.screen ?? "start"): \($0)" } == [
                "welcome/hello: choose \"Continue\"", "inbox/list: link notice/high",
            ])
        #expect(results.last?.counterExample?.last == "inbox/notice")
        // Replayed live, the walk lands where the graph says.
        let session = VariantSession(manifest: manifest, registry: Mail.registry)
        for input in walk.inputs { for given in input.givenInputs { try session.give(given) } }
        #expect(session.top?.qualifiedID == "inbox/notice")
        // A rule about a route the manifest does not write, or a node the variant has not, says so.
        let typo = Mail.diagnostics(Mail.routed, rules: #"{"link": "mesage/{id}", "landsOn": "inbox/message"}"#)
        #expect(
            typo.first?.contains("'mesage/{id}' is not a route of \"links\". Did you mean 'message/{id}'?") == true,
            "\(typo)")
        let lonely = Mail.diagnostics(Mail.routed, rules: #"{"link": "message/{id}"}"#)
        #expect(lonely.first?.contains("'link' needs 'landsOn'") == true, "\(lonely)")
        let nowhere = try Mail.manifest(
            links: Mail.routed, rules: #"{"link": "message/{id}", "landsOn": "inbox/mesage"}"#)
        let (_, problems) = VariantGraph(manifest: nowhere, registry: Mail.registry).checkRules()
        #expect(problems.first?.message.contains("no node 'inbox/mesage'") == true, "\(problems)")
    }

    @Test("A link is one line of the input language")
    func inputLine() throws {
        #expect(try Input(line: "link message/42 # from a notification") == .link("message/42"))
        #expect(Input.link("notice/high").scriptLine == "link notice/high")
        #expect(throws: Input.SyntaxError.self) { try Input(line: "link") }
    }

    @Test("A save that opened links restores to the same screens")
    func restored() throws {
        let manifest = try Mail.manifest(links: Mail.routed)
        let session = VariantSession(manifest: manifest, registry: Mail.registry)
        try session.give(.link("notice/high"))
        try session.give(.choose(.label("Continue")))
        try session.give(.choose(.label("OK")))
        try session.give(.link("message/9"))
        let saved = session.savedNavigation
        #expect(saved.entries.contains(.link(address: "message/9")))
        let resumed = try VariantSession(resuming: saved, manifest: manifest, registry: Mail.registry)
        #expect(resumed.presentation.layers.map { $0.screens.map(\.qualifiedID) } == [["inbox/list", "inbox/message"]])
    }
}
