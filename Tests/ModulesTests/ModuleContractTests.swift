import BundledModules
import Stepflow
import StepflowManifest
import StepflowTesting
import Testing

/// Every bundled module, for every option set that covers it, keeps its
/// promises: every declared exit reachable, nothing undeclared, handoffs as
/// declared, every step handled, no screen without a way on.
@Suite("Module contracts")
struct ModuleContractTests {
    static let modules = BundledModules.registry.all.map { ModuleCase(module: $0) }

    struct ModuleCase: CustomTestStringConvertible, Sendable {
        let module: any FeatureModule.Type
        var testDescription: String { module.id }
    }

    @Test(arguments: modules)
    func everyOptionSetReachesExactlyItsDeclaredExits(_ item: ModuleCase) {
        let sets = ModuleContract.optionSets(for: item.module)
        #expect(!sets.isEmpty)
        for options in sets {
            let entries = ModuleContract.entryHandoffs(for: item.module, extra: ["patient": .text("P-1")])
            #expect(ModuleContract.problems(in: item.module, options: options, handoffs: entries) == [])
        }
    }

    @Test func theBundledRegistryHoldsSixModules() {
        #expect(BundledModules.registry.ids == ["home", "intake", "onboarding", "procedure", "results", "support"])
    }

    @Test func theContractCheckFindsABrokenModule() {
        // A module that declares an exit it never takes, takes one it does
        // not declare, does not handle a step its screen offers, and shows
        // a screen with no way on.
        enum BrokenStep: Step { case start, stuck, leave, oops }
        enum BrokenExit: ModuleExit { case done, surprise }
        final class BrokenFlow: Flow {
            func navigate(to step: BrokenStep) -> Navigation<BrokenStep, BrokenExit> {
                switch step {
                case .start:
                    .show(
                        Screen(
                            id: "menu", title: "Menu",
                            body: [],
                            actions: [
                                ScreenAction("Stay", .stuck), ScreenAction("Leave", .leave),
                                ScreenAction("Oops", .oops),
                            ]))
                case .stuck: .show(Screen(id: "stuck", title: "Stuck"))
                case .leave: .end(.surprise)
                case .oops: .unhandled
                }
            }
        }
        enum BrokenModule: FeatureModule {
            static let id = "broken"
            static let summary = "Broken on purpose."
            static let options: [OptionSpec] = []
            static func exits(for options: ModuleOptions) -> [ExitSpec] { [ExitSpec("done", summary: "never")] }
            static func launch(
                instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
            ) -> ModuleLaunch {
                ModuleLaunch(BrokenFlow(), entry: .start)
            }
        }
        #expect(
            ModuleContract.problems(in: BrokenModule.self, options: ModuleOptions(specs: [])) == [
                """
                broken with no options: declared exit 'done' is never reached. To fix, reach it or stop declaring \
                it for these options.
                """,
                "broken with no options: exit 'surprise' is reached but not declared. To fix, add it to exits(for:).",
                """
                broken with no options: step 'oops' is reachable but not handled. To fix, handle it in \
                navigate(to:).
                """,
                """
                broken with no options: screen 'stuck' has no action, so nobody can leave it. To fix, give it an \
                action.
                """,
            ])
    }

    @Test func aFlowThatHandsOnAnExitAndGoesOnIsExploredPastIt() {
        // `.forwardToParent` hands an exit on without ending: what comes
        // after it (a screen, another exit) is reachable and listed.
        enum Step: Stepflow.Step { case start, early, later }
        enum Exit: ModuleExit { case early, done }
        final class GoingOnFlow: Flow {
            func navigate(to step: Step) -> Navigation<Step, Exit> {
                switch step {
                case .start:
                    .show(Screen(id: "first", title: "First", body: [], actions: [ScreenAction("On", .early)]))
                case .early:
                    .multiple(
                        .forwardToParent(.early),
                        .show(Screen(id: "after", title: "After", body: [], actions: [ScreenAction("Done", .later)])))
                case .later: .end(.done)
                }
            }
        }
        let exploration = FlowExplorer.explore(GoingOnFlow(), from: .start)
        #expect(exploration.screens == ["first", "after"])
        #expect(exploration.exitNames == ["early", "done"])
        #expect(exploration.screensWithoutActions.isEmpty)
    }

    @Test func theContractFindsTextsThatCannotBeReWordedOrTranslated() {
        // A module that declares its texts but shows one literal, one
        // undeclared key, and declares one key twice.
        #expect(
            ModuleContract.problems(in: WordyModule.self, options: ModuleOptions(specs: [])) == [
                """
                wordy with no options: text 'hello.bodyy' is shown but not declared. To fix, add \
                TextSpec(\"hello.bodyy\", …) to the module's texts.
                """,
                """
                wordy with no options: hello: OK is shown without a key, so no manifest can re-word it and no \
                catalog translate it. To fix, declare it and show it through ModuleTexts.
                """,
                "wordy: text 'hello.title' is declared twice. To fix, give each text its own key.",
            ])
    }

    @Test(arguments: BundledModules.all.map { $0.id })
    func everyBundledModuleShowsOnlyTextsItDeclares(_ id: String) throws {
        let module = try #require(BundledModules.registry.module(id))
        #expect(!module.texts.isEmpty)
        for options in ModuleContract.optionSets(for: module) {
            #expect(ModuleContract.problems(in: module, options: options).filter { $0.contains("text") } == [])
        }
    }
}

// A module for the text contract: see theContractFindsTextsThatCannotBeReWordedOrTranslated.
private enum WordyStep: Step { case start, done }
private enum WordyExit: ModuleExit { case done }
private final class WordyFlow: Flow {
    let text: ModuleTexts
    init(text: ModuleTexts) { self.text = text }
    func navigate(to step: WordyStep) -> Navigation<WordyStep, WordyExit> {
        switch step {
        case .start:
            .show(
                Screen(
                    id: "hello", title: text["hello.title"], body: [text["hello.bodyy"]],
                    actions: [ScreenAction("OK", .done)]))
        case .done: .end(.done)
        }
    }
}
private enum WordyModule: FeatureModule {
    static let id = "wordy"
    static let summary = "Says things."
    static let options: [OptionSpec] = []
    static let texts = [
        TextSpec("hello.title", "Hello"), TextSpec("hello.body", "Hi."), TextSpec("hello.title", "Hello again"),
    ]
    static func exits(for options: ModuleOptions) -> [ExitSpec] { [ExitSpec("done", summary: "said")] }
    static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        ModuleLaunch(WordyFlow(text: ModuleTexts(texts, environment)), entry: .start)
    }
}
