import Dispatch
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowScripts
import Testing

/// A module that sends a form to the app's server: the sending page
/// offers Back while the server answers, whenever it answers.
enum Sender {
    /// The app's server: answers `done` once it has the form.
    protocol Server: Sendable {
        func send(done: @escaping @Sendable () -> Void)
    }

    /// Answers after `delay`, on another thread: a real service's speed.
    struct DelayedServer: Server {
        let delay: DispatchTimeInterval
        func send(done: @escaping @Sendable () -> Void) {
            DispatchQueue.global().asyncAfter(deadline: .now() + delay, execute: done)
        }
    }

    /// Answers at once, before the sending page is drawn.
    struct InstantServer: Server {
        func send(done: @escaping @Sendable () -> Void) { done() }
    }

    enum SendStep: Step { case form, send, sent, back, finish }
    enum SendExit: ModuleExit { case done }

    /// Asks the server once its screen is up; speaks for it as `server`.
    final class SendWhenUp: Stepper {
        let steps = StepRelay<SendStep>()
        let server: (any Server)?
        let outside: OutsideSource<SendStep>? = OutsideSource(
            "server", label: "The server", answers: [Answer("received", .sent, label: "Received")])
        init(server: (any Server)?) { self.server = server }
        var declaredSteps: [SendStep] { [.sent] }
        var emissions: [Emission<SendStep>] { [Emission(declaredSteps, limit: .once)] }
        func readyToEmitSteps() { server?.send { [steps] in steps.emit(.sent) } }
    }

    final class SendFlow: Flow {
        let name = "send"
        let server: (any Server)?
        init(server: (any Server)?) { self.server = server }
        func navigate(to step: SendStep) -> Navigation<SendStep, SendExit> {
            switch step {
            case .form:
                // Three ways to the sending page, two out of it: a suite
                // that takes every transition ends a script there.
                .show(
                    Screen(
                        id: "form", title: "Your form",
                        actions: [
                            ScreenAction("Send", .send), ScreenAction("Send now", .send),
                            ScreenAction("Send by post", .send),
                        ]), as: .replace)
            case .send:
                .show(
                    Screen(id: "sending", title: "Sending", actions: [ScreenAction("Back", .back, role: .back)]),
                    stepper: SendWhenUp(server: server))
            case .sent:
                .show(Screen(id: "sent", title: "Sent", actions: [ScreenAction("Finish", .finish)]), as: .replace)
            case .back: .pop
            case .finish: .end(.done)
            }
        }
    }

    enum SendModule: FeatureModule {
        static let id = "send"
        static let summary = "Sends a form."
        static let options: [OptionSpec] = []
        static func exits(for options: ModuleOptions) -> [ExitSpec] { [ExitSpec("done", summary: "sent")] }
        static func services(for options: ModuleOptions) -> [ServiceRequirement] {
            [ServiceRequirement((any Server).self, summary: "receives the form")]
        }
        static func launch(
            instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
        ) -> ModuleLaunch {
            ModuleLaunch(SendFlow(server: environment.services.resolve((any Server).self)), entry: .form)
        }
    }

    static let registry = ModuleRegistry([SendModule.self])

    static func services(_ server: any Server) -> ModuleServices {
        ModuleServices().providing((any Server).self, server)
    }

    static func manifest() throws -> Manifest {
        let text = """
            {"schema": 1, "app": {"id": "sender", "name": "Sender", "audience": "lay"},
             "modules": [{"id": "send", "module": "send"}], "start": "send", "routes": {"send.done": "end"}}
            """
        return try ManifestLoader(registry: registry, services: services(InstantServer())).decode(
            Array(text.utf8), file: "sender.json")
    }
}

@Suite("A suite passes its own check whenever the app's services answer")
struct SlowServiceSuiteTests {
    @Test("A script that ends where a service may answer holds it by hand, and passes against any server's speed")
    func scriptsEndingWhereAServiceAnswersHoldIt() throws {
        let manifest = try Sender.manifest()
        // Written against a slow server: it has not answered when a
        // script ends on the sending page.
        let slow = ScriptRunner(
            manifest: manifest, registry: Sender.registry,
            services: Sender.services(Sender.DelayedServer(delay: .milliseconds(300))))
        let suite = try SuiteGenerator(runner: slow).generate()
        let sending = try #require(
            suite.scripts.first { $0.text.hasSuffix("expect screen send/sending\n") }, "\(suite.scripts.map(\.text))")
        #expect(sending.text.contains("\nby-hand server\n"), "\(sending.text)")
        // Checked against the app's real services, slow or at once, every
        // script passes.
        for server: any Sender.Server in [Sender.DelayedServer(delay: .milliseconds(300)), Sender.InstantServer()] {
            let runner = ScriptRunner(manifest: manifest, registry: Sender.registry, services: Sender.services(server))
            for generated in suite.scripts {
                let result = runner.run(try Script.parse(generated.text, file: generated.fileName))
                #expect(result.passed, "\(server): \(generated.fileName): \(result)")
            }
        }
    }
}
