public import Stepflow
import StepflowManifest
import StepflowTesting
import Testing

// The module from Sources/Stepflow/Stepflow.docc/WritingAModule.md, verbatim, so the guide keeps
// compiling and its module keeps its contract.

enum SymptomsStep: Step {
    case ask
    case fever
    case answered(hasSymptoms: Bool)
    case back
}

final class SymptomsFlow: Flow {
    let name: String
    let askAboutFever: Bool

    init(name: String, askAboutFever: Bool) {
        self.name = name
        self.askAboutFever = askAboutFever
    }

    func navigate(to step: SymptomsStep) -> Navigation<SymptomsStep, SymptomsExit> {
        switch step {
        case .ask:
            .show(
                Screen(
                    id: "ask", title: "Any symptoms?", body: ["Cough, sore throat, loss of smell or taste."],
                    actions: [
                        ScreenAction("Yes", askAboutFever ? .fever : .answered(hasSymptoms: true)),
                        ScreenAction("No", .answered(hasSymptoms: false)),
                    ]))
        case .fever:
            .show(
                Screen(
                    id: "fever", title: "Fever?", body: ["Above 38 °C in the last day."],
                    actions: [
                        ScreenAction("Yes or no, noted", .answered(hasSymptoms: true)),
                        ScreenAction("Back", .back, role: .back),
                    ]))
        case .answered(let hasSymptoms):
            .end(hasSymptoms ? .symptomatic : .asymptomatic)
        case .back:
            .pop
        }
    }
}

public enum SymptomsExit: ModuleExit {
    case symptomatic
    case asymptomatic

    public var handoff: Handoff {
        Handoff(["symptoms": .text(self == .symptomatic ? "yes" : "no")])
    }
}

public enum SymptomsModule: FeatureModule {
    public static let id = "symptoms"
    public static let summary = "Asks about symptoms before the test."
    public static let options: [OptionSpec] = [
        OptionSpec("askAboutFever", .boolean, default: .boolean(true), summary: "Ask about fever after a yes.")
    ]

    public static func exits(for options: ModuleOptions) -> [ExitSpec] {
        let symptoms = FieldSpec("symptoms", .choice(["yes", "no"]))
        return [
            ExitSpec("symptomatic", fields: [symptoms], summary: "the person has symptoms"),
            ExitSpec("asymptomatic", fields: [symptoms], summary: "the person has none"),
        ]
    }

    public static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        ModuleLaunch(SymptomsFlow(name: instance, askAboutFever: options.boolean("askAboutFever")), entry: .ask)
    }
}

@Suite("The guide's example module")
struct GuideExampleTests {
    @Test func symptomsKeepsItsContract() {
        for options in ModuleContract.optionSets(for: SymptomsModule.self) {
            #expect(ModuleContract.problems(in: SymptomsModule.self, options: options) == [])
        }
        #expect(ModuleContract.optionSets(for: SymptomsModule.self).count == 2)
    }

    @Test func theGuidesManifestSnippetValidates() throws {
        let registry = ModuleRegistry([SymptomsModule.self])
        let text = """
            {"schema": 1, "app": {"id": "guide", "name": "Guide", "audience": "lay"},
             "modules": [{ "id": "symptoms", "module": "symptoms", "options": { "askAboutFever": false } }],
             "start": "symptoms",
             "routes": {"symptoms.symptomatic": "end", "symptoms.asymptomatic": "end"}}
            """
        let manifest = try ManifestLoader(registry: registry).decode(Array(text.utf8), file: "guide.json")
        #expect(manifest.instance("symptoms")?.options.boolean("askAboutFever") == false)
    }
}
