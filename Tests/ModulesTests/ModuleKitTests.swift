import Stepflow
import StepflowKits
import Testing

/// A question page that offers Stepflow's "save and come back later" kit;
/// `Declaring` says what its module declares of the kit.
enum QuestionStep: Step { case ask, saveForLater, keepGoing, saved, done }
enum QuestionExit: ModuleExit { case done, saved }

final class QuestionFlow: Flow {
    let text: ModuleTexts
    let saving: Bool
    init(text: ModuleTexts, saving: Bool) {
        self.text = text
        self.saving = saving
    }

    func navigate(to step: QuestionStep) -> Navigation<QuestionStep, QuestionExit> {
        switch step {
        case .ask, .keepGoing:
            .show(
                Screen(
                    id: "question", title: text["question.title"],
                    actions: [ScreenAction(text["continue"], .done)]
                        + (saving ? [SaveForLater.action(text, .saveForLater)] : [])))
        case .saveForLater: .show(SaveForLater.sheet(text, confirm: .saved, cancel: .keepGoing), as: .modal)
        case .saved: .end(.saved)
        case .done: .end(.done)
        }
    }
}

/// How much of the kit a test module declares.
protocol Declaring: Sendable {
    static var kitTexts: [TextSpec] { get }
    static var kitOptions: [OptionSpec] { get }
    static var declaresSaved: Bool { get }
}

struct QuestionModule<D: Declaring>: FeatureModule {
    static var id: String { "question" }
    static var summary: String { "One question, with save and come back later." }
    static var kits: [any ModuleKit.Type] { [SaveForLater.self] }
    static var options: [OptionSpec] { D.kitOptions }
    static var texts: [TextSpec] {
        TextSpec.list(["question.title": "What is your name?", "continue": "Continue"]) + D.kitTexts
    }
    static func exits(for options: ModuleOptions) -> [ExitSpec] {
        [ExitSpec("done", summary: "the question is answered")]
            + (D.declaresSaved ? SaveForLater.exits(for: options) : [])
    }
    static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        let saving = options.values["saveForLater"].map { $0 == .boolean(true) } ?? true
        return ModuleLaunch(QuestionFlow(text: ModuleTexts(texts, environment), saving: saving), entry: .ask)
    }
}

enum Everything: Declaring {
    static let kitTexts = SaveForLater.texts
    static let kitOptions = SaveForLater.options
    static let declaresSaved = true
}

enum TextsAndExitForgotten: Declaring {
    static let kitTexts: [TextSpec] = []
    static let kitOptions = SaveForLater.options
    static let declaresSaved = false
}

enum ACopyReworded: Declaring {
    static let kitTexts =
        SaveForLater.texts.filter { $0.key != "saveForLater.title" }
        + TextSpec.list(["saveForLater.title": "Saved!"])
    static let kitOptions = SaveForLater.options
    static let declaresSaved = true
}

enum OptionForgotten: Declaring {
    static let kitTexts = SaveForLater.texts
    static let kitOptions: [OptionSpec] = []
    static let declaresSaved = true
}

@Suite("Kits: what modules share, written once and checked in each")
struct ModuleKitTests {
    @Test func aModuleThatDeclaresTheKitKeepsItsPromisesAndShowsTheKitsSheet() {
        for options in ModuleContract.optionSets(for: QuestionModule<Everything>.self) {
            #expect(ModuleContract.problems(in: QuestionModule<Everything>.self, options: options) == [])
        }
        let launch = QuestionModule<Everything>.launch(
            instance: "question", options: ModuleOptions(specs: SaveForLater.options),
            environment: ModuleEnvironment(clock: IdleClock()), handoff: Handoff())
        let exploration = FlowExplorer.explore(launch)
        #expect(exploration.screens == ["question", "save-for-later"])
        #expect(exploration.exitNames.sorted() == ["done", "saved"])
    }

    @Test func aModuleThatForgetsTheKitsTextsAndExitIsToldEachWithTheFix() {
        let problems = ModuleContract.problems(
            in: QuestionModule<TextsAndExitForgotten>.self, options: ModuleOptions(specs: SaveForLater.options))
        for key in SaveForLater.texts.map(\.key) {
            #expect(
                problems.contains(
                    """
                    question with saveForLater: true: text '\(key)' of kit saveForLater is not declared. To fix, \
                    add SaveForLater.texts to the module's texts.
                    """), "\(problems)")
        }
        #expect(
            problems.contains(
                """
                question with saveForLater: true: exit 'saved' of kit saveForLater is not declared for these \
                options. To fix, add SaveForLater.exits(for: options) to exits(for:).
                """), "\(problems)")
    }

    @Test func aCopyOfTheKitsTextsWordedOtherwiseIsFound() {
        let problems = ModuleContract.problems(
            in: QuestionModule<ACopyReworded>.self, options: ModuleOptions(specs: SaveForLater.options))
        #expect(
            problems == [
                """
                question with saveForLater: true: text 'saveForLater.title' of kit saveForLater is worded \
                otherwise here. To fix, declare the kit's own: add SaveForLater.texts to the module's texts, not a \
                copy.
                """
            ])
    }

    /// The kit reads its option, and reading an undeclared option stops
    /// a module: the contract says so before it runs anything.
    @Test func aModuleWithoutTheKitsOptionIsToldSoNotStopped() {
        let problems = ModuleContract.problems(
            in: QuestionModule<OptionForgotten>.self, options: ModuleOptions(specs: []))
        #expect(
            problems == [
                """
                question with no options: option 'saveForLater' of kit saveForLater is not declared. To fix, add \
                SaveForLater.options to the module's options.
                """
            ])
    }

    @Test func aListOfTextsIsTheTextSpecsWrittenOut() {
        let list = TextSpec.list([
            "list.title": .counted(one: "You have added {count} child", other: "You have added {count} children"),
            "wait": .counted(one: "in {minutes} minute", other: "in {minutes} minutes", count: "minutes"),
            "list.child": "{name}, born {born}",
            "list.child": "twice",
        ])
        #expect(
            list == [
                TextSpec(
                    "list.title", one: "You have added {count} child", other: "You have added {count} children",
                    count: "count"),
                TextSpec("wait", one: "in {minutes} minute", other: "in {minutes} minutes", count: "minutes"),
                TextSpec("list.child", "{name}, born {born}"),
                TextSpec("list.child", "twice"),
            ])
    }
}
