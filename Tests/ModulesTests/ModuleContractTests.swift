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

    @Test func theBundledRegistryHoldsFiveModules() {
        #expect(BundledModules.registry.ids == ["intake", "onboarding", "procedure", "results", "support"])
    }

    @Test func theContractCheckFindsABrokenModule() {
        // A module that declares an exit it never takes, takes one it does
        // not declare, and shows a screen with no way on.
        enum BrokenStep: Step { case start, stuck }
        enum BrokenExit: ModuleExit { case done, surprise }
        final class BrokenFlow: Flow {
            func navigate(to step: BrokenStep) -> Navigation<BrokenStep, BrokenExit> {
                switch step {
                case .start: .multiple(.show(Screen(id: "stuck", title: "Stuck")), .end(.surprise))
                case .stuck: .unhandled
                }
            }
        }
        enum BrokenModule: FeatureModule {
            static let id = "broken"
            static let summary = "Broken on purpose."
            static let options: [OptionSpec] = []
            static func exits(for options: ModuleOptions) -> [ExitSpec] { [ExitSpec("done", summary: "never")] }
            static func launch(instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff) -> ModuleLaunch {
                ModuleLaunch(BrokenFlow(), entry: .start)
            }
        }
        #expect(ModuleContract.problems(in: BrokenModule.self, options: ModuleOptions(specs: [])) == [
            "broken with no options: declared exit 'done' is never reached. To fix, reach it or stop declaring it for these options.",
            "broken with no options: exit 'surprise' is reached but not declared. To fix, add it to exits(for:).",
            "broken with no options: screen 'stuck' has no action, so nobody can leave it. To fix, give it an action.",
        ])
    }
}
