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
        .emit(stepper: "AdviceStepper", step: "advised(seekCare, some)"), .enter(field: "patientID", value: "P-1024"),
        .enter(field: "note", value: "two words"), .enter(field: "note", value: #"a "quoted" \ (note) # not"#),
        .enter(field: "reading", value: "6,1"),
    ]

    @Test(arguments: inputs)
    func eachInputsLineReadsBackAsTheSameInput(_ input: Input) throws {
        #expect(try Input(line: input.scriptLine) == input, "\(input.scriptLine)")
        #expect(try Input(line: input.scriptLine + " # a comment") == input)
        if case .enter = input {
            // As `trace` prints it: the value's class as a note.
            #expect(try Input(line: input.scriptLine + " (normal)") == input)
        }
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
        ("enter reading", "'enter' takes a field's name and a value"), ("enter note \"open", "does not close it"),
        ("enter note two words", "Quote a value with spaces"),
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
            // Each line printed (an `enter` per value, then the input) reads
            // back as the input the graph gives.
            #expect(transition.input.lines.count == transition.input.givenInputs.count)
            for (printed, given) in zip(transition.input.lines, transition.input.givenInputs) {
                #expect(try Input(line: printed) == given, "\(name): \(printed)")
                kinds.insert(String(given.scriptLine.prefix { $0 != " " }))
            }
        }
        #expect(kinds.isSuperset(of: ["choose", "back", "wait"]), "\(name): \(kinds)")
        if name == "hba1c-clinic" { #expect(kinds.contains("enter"), "the reading is typed") }
    }
}
