import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowScripts
import Testing

/// An account module whose upload sheet asks a file picker, and a link
/// that opens the sheet: opened while the picker is up, the link replaces
/// the sheet that asked.
enum Uploads {
    enum AccountStep: Step { case home, upload, choose, received, close, done }
    enum AccountExit: ModuleExit { case done }
    final class AccountFlow: Flow {
        let name = "account"
        static let picker = "picker"

        func adapt(step: AccountStep) -> Adaptation<AccountStep> {
            guard step == .choose else { return .step(step) }
            return .ask(
                Question(
                    Self.picker, label: "Choose a file",
                    answers: [Answer("picked", .received, label: "A file"), Answer("cancelled", .close, label: "None")]
                ))
        }

        func navigate(to step: AccountStep) -> Navigation<AccountStep, AccountExit> {
            switch step {
            case .home:
                .show(
                    Screen(
                        id: "home", title: "Account",
                        actions: [ScreenAction("Upload", .upload), ScreenAction("Done", .done)]), as: .replace)
            case .upload:
                .show(
                    Screen(
                        id: "upload", title: "Upload",
                        actions: [ScreenAction("Choose a file", .choose), ScreenAction("Close", .close, role: .cancel)]
                    ), as: .modal)
            case .choose: .none
            case .received:
                .show(
                    Screen(
                        id: "upload-received", title: "Received",
                        actions: [ScreenAction("Close", .close, role: .cancel)]), as: .modal)
            case .close: .dismiss
            case .done: .end(.done)
            }
        }
    }

    enum AccountModule: FeatureModule {
        static let id = "account"
        static let summary = "Uploads a file."
        static let options: [OptionSpec] = []
        static func exits(for options: ModuleOptions) -> [ExitSpec] { [ExitSpec("done", summary: "done")] }
        static func links(for options: ModuleOptions) -> [LinkSpec] {
            [LinkSpec("upload", summary: "opens the upload sheet")]
        }
        static func launch(
            instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
        ) -> ModuleLaunch {
            ModuleLaunch(AccountFlow(), entry: .home) { link in link.name == "upload" ? .upload : nil }
        }
    }

    static let registry = ModuleRegistry([AccountModule.self])

    static func manifest() throws -> Manifest {
        let text = """
            {"schema": 1, "app": {"id": "uploads", "name": "Uploads", "audience": "lay"},
             "modules": [{"id": "account", "module": "account"}],
             "start": "account", "routes": {"account.done": "end"},
             "links": {"upload": "account.upload"}}
            """
        return try ManifestLoader(registry: registry).decode(Array(text.utf8), file: "uploads.json")
    }
}

@Suite("An answer to a question whose screen was replaced")
struct ReplacedSheetTests {
    /// Upload, Choose a file, then the link: the sheet that asked is
    /// replaced by a new one while the picker is up.
    static let replaced: [Input] = [.choose(.label("Upload")), .choose(.label("Choose a file")), .link("upload")]

    @Test("Is dropped live, and the graph says so: its state is not the one where the asking sheet is up")
    func graphAndLiveAgree() throws {
        let manifest = try Uploads.manifest()
        let graph = VariantGraph(manifest: manifest, registry: Uploads.registry).states
        let session = VariantSession(manifest: manifest, registry: Uploads.registry, states: graph)
        for input in Self.replaced { try session.give(input) }
        // The graph's answer from here is the live one: dropped, the new
        // sheet stays.
        let state = try #require(session.stateIndex)
        let picked = try #require(
            graph.positions(from: state).first {
                guard case .answer(_, _, "picked", _, _) = graph.transitions[$0].input.kind else { return false }
                return true
            })
        try session.give(.answer(source: Uploads.AccountFlow.picker, answer: "picked"))
        #expect(session.top?.qualifiedID == "account/upload")
        #expect(session.stateIndex == graph.transitions.target(of: picked))
        #expect(graph.states[graph.transitions.target(of: picked)].top == "account/upload")
        // Without the link, the same answer lands on the received sheet.
        let asked = VariantSession(manifest: manifest, registry: Uploads.registry, states: graph)
        for input in Self.replaced.dropLast() { try asked.give(input) }
        #expect(asked.stateIndex != state, "the asking sheet up and replaced are two states")
        try asked.give(.answer(source: Uploads.AccountFlow.picker, answer: "picked"))
        #expect(asked.top?.qualifiedID == "account/upload-received")
    }

    @Test("Every transition of the graph, given live, lands where the graph says")
    func everyTransitionReplays() throws {
        let manifest = try Uploads.manifest()
        let graph = LiveGraphWalkTests.graph(of: manifest, registry: Uploads.registry)
        #expect(try LiveGraphWalkTests.replayEveryTransition(of: graph, manifest: manifest, registry: Uploads.registry))
    }
}
