import RootAppCLI
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowScripts
import StepflowTesting
import SymptomApp
import SymptomCheck
import Synchronization
import Dispatch
import Testing

/// This package's folder, found from this file.
let packageRoot = String(
    #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/"))
let manifestPath = packageRoot + "/Manifests/covid-antigen-symptoms.json"

/// An advisor that counts the times it is asked and always says `advice`.
final class CountingAdvisor: SymptomAdvisor {
    let advice: SymptomAdvice
    let asked = Mutex(0)
    init(_ advice: SymptomAdvice) { self.advice = advice }
    func advise(_ answers: SymptomAnswers, reply: @escaping @Sendable (SymptomAdvice) -> Void) {
        asked.withLock { $0 += 1 }
        reply(advice)
    }
}

@Suite("The symptom-check module")
struct ModuleTests {
    @Test func keepsItsContractUnderEveryOptionSet() {
        let environment = ModuleEnvironment(
            clock: ManualClock(),
            services: ModuleServices().providing((any SymptomAdvisor).self, CountingAdvisor(.test)))
        for options in ModuleContract.optionSets(for: SymptomCheckModule.self) {
            #expect(
                ModuleContract.problems(in: SymptomCheckModule.self, options: options, environment: environment) == [])
        }
    }

    @Test func aManifestNamingItIsRefusedWhenTheAppGivesNoAdvisor() {
        let loader = ManifestLoader(registry: SymptomApp.registry)
        #expect {
            try loader.load(path: manifestPath)
        } throws: { error in
            "\(error)".contains(
                """
                module 'symptom-check' needs the service SymptomAdvisor (turns the answers into advice: test now, \
                or see a doctor), which this app does not provide (it provides: none)
                """
            )
        }
    }

    @Test func analysisNeverAsksTheAdvisorAndTheLiveWalkAsksItOnce() throws {
        let advisor = CountingAdvisor(.seekCare)
        let services = ModuleServices().providing((any SymptomAdvisor).self, advisor)
        let manifest = try ManifestLoader(registry: SymptomApp.registry, services: services).load(path: manifestPath)
        // Exploring reads what the advice stepper declares: both answers.
        let runner = ScriptRunner(manifest: manifest, registry: SymptomApp.registry, services: services)
        #expect(advisor.asked.withLock { $0 } == 0)
        let screens = Set(runner.variant.graph.nodes.map(\.id))
        #expect(screens.isSuperset(of: ["symptoms/seek-care", "test/checklist"]))
        // A live session asks the advisor when its screen is up.
        let session = VariantSession(manifest: manifest, registry: SymptomApp.registry, services: services)
        for choice in ["Get started", "Next", "I agree", "Next", "No", "No"] {
            #expect(throws: Never.self) { try session.give(.choose(.label(choice))) }
        }
        #expect(advisor.asked.withLock { $0 } == 1)
        #expect(session.top?.qualifiedID == "symptoms/seek-care")
    }
}

@Suite("The symptom-check app")
struct AppTests {
    static let scripts = [
        "back-changes-an-answer", "no-symptoms-tests-negative", "rather-not-say-stops", "short-of-breath-sees-a-doctor",
    ]

    @Test(arguments: scripts)
    func itsAcceptanceScriptPasses(_ name: String) throws {
        let manifest = try ManifestLoader(registry: SymptomApp.registry, services: SymptomApp.services).load(
            path: manifestPath)
        let runner = ScriptRunner(manifest: manifest, registry: SymptomApp.registry, services: SymptomApp.services)
        let result = runner.run(try Script.load(path: "\(packageRoot)/Scripts/covid-antigen-symptoms/\(name).txt"))
        #expect(result.passed, "\(result)")
    }

    @Test func itsToolValidatesTheMixedVariantWithEveryRuleProved() {
        let out = Mutex("")
        let console = Console(out: { text in out.withLock { $0 += text } }, err: { _ in })
        let tool = RootApp(name: "symptomapp", registry: SymptomApp.registry, services: SymptomApp.services)
        #expect(tool.run(["validate", manifestPath], console: console) == 0)
        // Lines wrap at 80 columns; joined again, the summary reads whole.
        let summary = out.withLock { $0 }.replacing("\n    ", with: " ")
        #expect(summary.contains("4 of 4 rules proved;"))
        // The reminder's link, opened from every state: it restarts the
        // check while the check runs, and is declined with its reason
        // everywhere else.
        #expect(
            summary.contains(
                """
                1 link opened from each of 105 live states: 29 land on 1 screen, 76 declined with the route's \
                reason, 0 declined by a module without a reason; each address also opened in the forms a device \
                hands over (6 in all), 0 routed otherwise; 4 class edges tried; 3 of 3 requirements covered
                """))
    }

    /// A walk that opens the link while the advisor is asked holds the
    /// advisor (`by-hand`): live, it would answer first and the walk
    /// would leave the graph (the generator refused to write such a suite).
    @Test func aGeneratedSuiteOpensTheLinkWhileTheAdvisorIsAskedAndEveryScriptPasses() throws {
        let runner = try OutsideAnswerTests().runner(CountingAdvisor(.seekCare))
        let suite = try SuiteGenerator(runner: runner).generate()
        #expect(suite.covered == suite.goals)
        let held = suite.scripts.filter { $0.text.contains("by-hand symptom-advisor") }
        #expect(held.contains { $0.text.contains("expect screen symptoms/checking\nlink symptoms/recheck") })
        for generated in suite.scripts {
            let result = runner.run(try Script.parse(generated.text, file: generated.fileName))
            #expect(result.passed, "\(generated.fileName): \(result)")
        }
    }

    @Test func theRemindersLinkRestartsTheCheckInPlaceAndIsDeclinedElsewhere() throws {
        let runner = try OutsideAnswerTests().runner(CountingAdvisor(.test))
        let script = try Script.parse(
            """
            link symptoms/recheck
            expect screen onboarding/welcome
            choose Get started
            choose Next
            choose I agree
            enter temperature 36.8
            choose Next
            choose Yes
            expect screen symptoms/breathing
            link symptoms/recheck
            expect layers symptoms/temperature

            """, file: "recheck.txt")
        let result = runner.run(script)
        #expect(result.passed, "\(result)")
    }

    @Test func aToolWithTwoModulesOfOneIDRefusesToRunNamingBoth() {
        let err = Mutex("")
        let console = Console(out: { _ in }, err: { text in err.withLock { $0 += text } })
        let tool = RootApp(name: "symptomapp", modules: [SymptomCheckModule.self, ImpostorModule.self])
        #expect(tool.run(["modules"], console: console) == 70)
        #expect(
            err.withLock { $0 }
                == """
                symptomapp: error: two modules have the id 'symptom-check': SymptomCheck.SymptomCheckModule and \
                SymptomCheckTests.ImpostorModule. To fix, register one of them, or give each module its own id.\n
                """
        )
    }
}

/// A second module that took the symptom check's id.
enum ImpostorModule: FeatureModule {
    static let id = "symptom-check"
    static let summary = "Not the real one."
    static let options: [OptionSpec] = []
    static func exits(for options: ModuleOptions) -> [ExitSpec] { [] }
    static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        SymptomCheckModule.launch(
            instance: instance, options: ModuleOptions(specs: SymptomCheckModule.options), environment: environment,
            handoff: handoff)
    }
}

/// An advisor that answers `advice` 200 ms later, on another thread: a
/// triage server.
final class SlowAdvisor: SymptomAdvisor {
    let advice: SymptomAdvice
    init(_ advice: SymptomAdvice) { self.advice = advice }
    func advise(_ answers: SymptomAnswers, reply: @escaping @Sendable (SymptomAdvice) -> Void) {
        let advice = self.advice
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) { reply(advice) }
    }
}

@Suite("The advisor's answer is an input")
struct OutsideAnswerTests {
    static let questions = """
        choose Get started
        choose Next
        choose I agree
        enter temperature 36.8
        choose Next
        choose Yes
        choose Yes
        choose No

        """

    func runner(_ advisor: any SymptomAdvisor) throws -> ScriptRunner {
        let services = ModuleServices().providing((any SymptomAdvisor).self, advisor)
        let manifest = try ManifestLoader(registry: SymptomApp.registry, services: services).load(path: manifestPath)
        return ScriptRunner(manifest: manifest, registry: SymptomApp.registry, services: services)
    }

    @Test func theGraphShowsEachAdviceAsTheAdvisorsAnswer() throws {
        let states = try runner(CountingAdvisor(.test)).variant.states
        let answers = Set(
            states.transitions.compactMap { transition -> String? in
                if case .answer(let source, _, let answer, _, false) = transition.input.kind {
                    return "\(source) \(answer)"
                }
                return nil
            })
        #expect(answers == ["symptom-advisor test", "symptom-advisor seekCare"])
    }

    @Test func aScriptWaitsForAnAdvisorThatAnswersLater() throws {
        let script = try Script.parse(Self.questions + "expect screen symptoms/seek-care\n", file: "slow.txt")
        let result = try runner(SlowAdvisor(.seekCare)).run(script)
        #expect(result.passed, "\(result)")
    }

    @Test func aScriptThatGivesTheAnswerIsNotAnsweredByTheService() throws {
        // The service would say "test"; the script says the advisor sends
        // the person to a doctor, and that is what happens.
        let script = try Script.parse(
            Self.questions + "answer symptom-advisor seekCare\nexpect screen symptoms/seek-care\n", file: "given.txt")
        let advisor = CountingAdvisor(.test)
        let result = try runner(advisor).run(script)
        #expect(result.passed, "\(result)")
        #expect(advisor.asked.withLock { $0 } == 0)
    }

    @Test func anAnswerNobodyWaitsForFailsNamingWhatCanAnswer() throws {
        let script = try Script.parse("answer symptom-advisor seekCare\n", file: "early.txt")
        let result = try runner(CountingAdvisor(.test)).run(script)
        #expect(
            result.failure?.message.contains("no answer from 'symptom-advisor' is awaited here") == true, "\(result)")
    }

    /// The temperature is a typed field: a fever counts as a symptom, a
    /// value no body has is refused with the reason, and the screen stays.
    @Test func aTypedFeverCountsAsASymptomAndAnImplausibleValueIsRefused() throws {
        let services = ModuleServices().providing((any SymptomAdvisor).self, CountingAdvisor(.test))
        let manifest = try ManifestLoader(registry: SymptomApp.registry, services: services).load(path: manifestPath)
        let session = VariantSession(manifest: manifest, registry: SymptomApp.registry, services: services)
        for choice in ["Get started", "Next", "I agree"] { try session.give(.choose(.label(choice))) }
        #expect(session.top?.qualifiedID == "symptoms/temperature")
        #expect {
            try session.give(.enter(field: "temperature", value: "50"))
        } throws: { error in
            "\(error)".contains("a body temperature is between 34 and 43 °C")
        }
        try session.give(.enter(field: "temperature", value: "38,9"))
        try session.give(.choose(.label("Next")))
        #expect(session.top?.qualifiedID == "symptoms/breathing", "a fever skips the symptom question")
    }
}
