import BundledFixtures
import BundledModules
import StepflowGraph
import StepflowManifest
import Testing

/// The input language: every input is written one way and read back from
/// every line the tools print.
@Suite("The input language")
struct InputTests {
    static let inputs: [Input] = [
        .choose(.key("privacy.agree")), .choose(.number(2)), .choose(.label("Get started")),
        .choose(.label("2 tablets")), .choose(.label("[not a key")), .choose(.label("Say \"hi\"")), .back, .wait,
        .answer(source: "camera-permission", answer: "granted"), .emit(stepper: "SendWhenConnected", step: "sentLater"),
        .emit(stepper: "AdviceStepper", step: "advised(seekCare, some)"),
    ]

    @Test(arguments: inputs)
    func eachInputsLineReadsBackAsTheSameInput(_ input: Input) throws {
        #expect(try Input(line: input.scriptLine) == input, "\(input.scriptLine)")
        #expect(try Input(line: input.scriptLine + " # a comment") == input)
    }

    @Test func whatAPersonTypesNamesTheSameAction() {
        #expect(Input.Action(typed: "[privacy.agree]") == .key("privacy.agree"))
        #expect(Input.Action(typed: "2") == .number(2))
        #expect(Input.Action(typed: "Get started") == .label("Get started"))
        #expect(Input.choose(.label("Next")).typed == "Next")
        #expect(Input.back.typed == "b" && Input.wait.typed == "s")
    }

    @Test(arguments: [
        ("choose", "'choose' needs an action's label"), ("choose [privacy.agree", "does not close it"),
        ("choose [a] b", "only a # comment may"), ("choose \"Next", "does not close it"),
        ("answer camera-permission", "'answer' takes two words"), ("emit A", "'emit' takes two words"),
        ("back now", "'back' takes nothing after it"), ("jump", "is no input"),
    ])
    func aWrongLineSaysWhatIsWrongAndTheForms(line: String, message: String) {
        #expect {
            try Input(line: line)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    /// Every line `trace` and `paths` print for an input (`choose "Next"`,
    /// `back ("Back")`, `wait (TimerStepper: timerDone)`, `answer … (…)`)
    /// reads back as the input the graph took.
    @Test(arguments: BundledManifests.names)
    func everyPrintedInputReadsBackAsTheGraphsOwn(name: String) throws {
        let manifest = try BundledManifests.load(name)
        let states = VariantGraph(manifest: manifest, registry: BundledModules.registry).states
        var kinds: Set<String> = []
        for transition in states.transitions {
            let printed = transition.input.description
            #expect(try Input(line: printed) == transition.input.given, "\(name): \(printed)")
            kinds.insert(String(transition.input.given.scriptLine.prefix { $0 != " " }))
        }
        #expect(kinds.isSuperset(of: ["choose", "back", "wait"]), "\(name): \(kinds)")
    }
}
