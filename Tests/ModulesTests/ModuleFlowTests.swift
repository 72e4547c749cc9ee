import Dispatch
import Stepflow
import StepflowTesting
import Testing
import ClinicHome
@testable import Onboarding
@testable import PatientIntake
@testable import Procedure
@testable import Results
@testable import Support

/// The screens each module shows for its options.
@Suite("Module flows")
struct ModuleFlowTests {
    private func explore(
        _ module: any FeatureModule.Type, _ values: [String: ModuleValue], handoff: Handoff = Handoff()
    ) -> FlowExplorer.Exploration {
        let options = ModuleOptions(specs: module.options, values: values)
        let launch = module.launch(
            instance: module.id, options: options, environment: ModuleEnvironment(clock: ManualClock()),
            handoff: handoff)
        return FlowExplorer.explore(launch)
    }

    @Test(arguments: 1...5)
    func layOnboardingShowsAsManyHowItWorksPagesAsConfigured(pages: Int) {
        let screens = explore(OnboardingModule.self, ["audience": .text("lay"), "howItWorksPages": .integer(pages)])
            .screens
        #expect(screens == ["welcome"] + (1...pages).map { "how-it-works-\($0)" } + ["privacy"])
    }

    @Test func professionalOnboardingSignsInPicksASiteAndAcknowledgesDataProtection() {
        let exploration = explore(
            OnboardingModule.self, ["audience": .text("professional"), "maxSignInAttempts": .integer(3)])
        #expect(
            exploration.screens == ["welcome", "sign-in", "site", "wrong-password", "data-protection", "locked-out"])
        #expect(
            exploration.exits == [
                "completed(site: mainClinic)", "completed(site: mobileUnit)", "completed(site: careHome)", "lockedOut",
            ])
        #expect(exploration.handoffs["completed(site: careHome)"] == Handoff(["site": .text("care-home")]))
    }

    @Test func theThirdWrongPasswordLocksTheProfessionalOut() {
        let flow = OnboardingFlow(name: "onboarding", audience: .professional, pages: 3, maxAttempts: 3)
        let screenAfter: (OnboardingStep) -> String? = { step in
            for case .show(let screen, _, _, _) in flow.navigate(to: step).elements { return screen.id }
            return nil
        }
        #expect(screenAfter(.signInFailed(attempt: 1)) == "wrong-password")
        #expect(screenAfter(.signInFailed(attempt: 2)) == "wrong-password")
        #expect(screenAfter(.signInFailed(attempt: 3)) == "locked-out")
    }

    @Test(arguments: ProcedureModule.Sample.allCases)
    func eachSampleTypeHasItsOwnInstructions(sample: ProcedureModule.Sample) {
        let screens = explore(ProcedureModule.self, ["sample": .text(sample.rawValue)]).screens
        let instructions = screens.filter { $0.hasPrefix(sample.rawValue + "-") }
        #expect(instructions.count == SampleGuide.instructions(for: sample).count)
        #expect(
            screens.allSatisfy { screen in
                ProcedureModule.Sample.allCases.allSatisfy { $0 == sample || !screen.hasPrefix($0.rawValue + "-") }
            })
    }

    @Test func anHbA1cReadoutCapturesHbA1cResults() {
        let exploration = explore(
            ProcedureModule.self,
            ["sample": .text("fingerstick"), "readout": .text("hba1c"), "readBy": .text("manual")])
        let results = exploration.exits.filter { $0.hasPrefix("resultCaptured") }
        #expect(
            results
                == ["normal", "prediabetes", "diabetes", "invalid"].map { "resultCaptured(\($0), sample: fingerstick)" }
        )
        #expect(!exploration.screens.contains("photo"))
    }

    @Test(arguments: [
        ("photo", ["photo", "manual"], ["read"]), ("manual", ["manual"], ["photo", "read"]),
        ("both", ["read", "photo", "manual"], []),
    ])
    func theReadMethodDecidesTheReadingScreens(readBy: String, shown: [String], hidden: [String]) {
        let screens = explore(ProcedureModule.self, ["readBy": .text(readBy)]).screens
        #expect(shown.allSatisfy(screens.contains))
        #expect(hidden.allSatisfy { !screens.contains($0) })
    }

    @Test func theIncubationTimerRunsOnTheInjectedClockAndIsCancelledWithTheTest() throws {
        let clock = ManualClock()
        let navigator = RecordingNavigator()
        let coordinator = Coordinator(navigator: navigator)
        let options = ModuleOptions(specs: ProcedureModule.options, values: ["waitMinutes": .integer(15)])
        let flow = ProcedureFlow(
            name: "test", sample: .nasal, wait: 15, readout: .lateralFlow, readBy: .both, clock: clock)
        _ = options
        coordinator.coordinate(flow: flow, with: OneStepper(.startTimer))
        coordinator.waitUntilIdle()
        #expect(navigator.topScreen?.screenID == "timer")
        #expect(clock.pendingCount == 1)

        clock.advance(by: .seconds(14 * 60))
        coordinator.waitUntilIdle()
        #expect(navigator.topScreen?.screenID == "timer", "not yet")
        clock.advance(by: .seconds(60))
        coordinator.waitUntilIdle()
        #expect(navigator.topScreen?.screenID == "ready")
        // The read window (5 minutes) is a timer of its own.
        #expect(clock.pendingCount == 1)

        // A second run, cancelled: the timer is stopped with its screen.
        let second = Coordinator(navigator: navigator)
        second.coordinate(flow: flow, with: OneStepper(.startTimer))
        second.waitUntilIdle()
        #expect(clock.pendingCount == 2)
        second.select(actionLabeled: "Cancel the test", on: try #require(second.currentState.topScreen))
        second.waitUntilIdle()
        #expect(navigator.topScreen?.screenID == "cancel-test", "a test is cancelled only once confirmed")
        #expect(clock.pendingCount == 2, "the timer runs on while the person decides")
        second.select(actionLabeled: "Cancel the test", on: try #require(second.currentState.topScreen))
        second.waitUntilIdle()
        #expect(clock.pendingCount == 1, "the first run's read window still runs; the second's timer is stopped")
    }

    @Test func keepingOnWaitingKeepsTheTimeAndATimerThatEndsWhileAskedShowsTheResultScreen() throws {
        let clock = ManualClock()
        let navigator = RecordingNavigator()
        let coordinator = Coordinator(navigator: navigator)
        let flow = ProcedureFlow(
            name: "test", sample: .nasal, wait: 15, readout: .lateralFlow, readBy: .both, clock: clock)
        coordinator.coordinate(flow: flow, with: OneStepper(.startTimer))
        coordinator.waitUntilIdle()
        clock.advance(by: .seconds(10 * 60))
        coordinator.select(actionLabeled: "Cancel the test", on: try #require(coordinator.currentState.topScreen))
        coordinator.waitUntilIdle()
        coordinator.select(actionLabeled: "Keep waiting", on: try #require(coordinator.currentState.topScreen))
        coordinator.waitUntilIdle()
        #expect(navigator.topScreen?.screenID == "timer")
        #expect(clock.pendingCount == 1, "the same timer, not a new one")
        // Asked again, and the time runs out while the question is up.
        coordinator.select(actionLabeled: "Cancel the test", on: try #require(coordinator.currentState.topScreen))
        coordinator.waitUntilIdle()
        clock.advance(by: .seconds(5 * 60))
        coordinator.waitUntilIdle()
        #expect(navigator.topScreen?.screenID == "ready")
        #expect(coordinator.currentState.flows.values.first?.stack.count == 1, "ready replaces the question")
    }

    @Test(arguments: ProcedureModule.Sample.allCases)
    func whatAPersonMustNotDoBeforeTheTestIsSaidBeforeItStarts(_ sample: ProcedureModule.Sample) throws {
        // An instruction that says "for 30 minutes before" comes too late
        // on its own page: the checklist, before the first step, says it.
        let flow = ProcedureFlow(
            name: "test", sample: sample, wait: 15, readout: .lateralFlow, readBy: .both, clock: ManualClock())
        let pages = SampleGuide.instructions(for: sample, by: .person).map(\.text)
        guard pages.contains(where: { $0.contains("30 minutes") }) else { return }
        guard case .show(let checklist, _, _, _) = flow.navigate(to: .checklist).elements.first else {
            Issue.record("the checklist is a screen")
            return
        }
        #expect(checklist.body.contains { $0.contains("30 minutes before the test") }, "\(sample)")
    }

    @Test func aResultNotReadWithinTheReadWindowCountsAsInvalid() throws {
        let clock = ManualClock()
        let navigator = RecordingNavigator()
        let coordinator = Coordinator(navigator: navigator)
        let flow = ProcedureFlow(
            name: "test", sample: .nasal, wait: 15, readout: .lateralFlow, readBy: .both, readWindow: 5, clock: clock)
        coordinator.coordinate(flow: flow, with: OneStepper(.startTimer))
        coordinator.waitUntilIdle()
        clock.advance(by: .seconds(15 * 60))
        coordinator.waitUntilIdle()
        #expect(navigator.topScreen?.screenID == "ready")
        #expect(navigator.topScreen?.body == ["Read the result within 5 minutes."])
        coordinator.select(actionLabeled: "Read the result", on: try #require(coordinator.currentState.topScreen))
        coordinator.waitUntilIdle()
        #expect(navigator.topScreen?.screenID == "read")
        clock.advance(by: .seconds(4 * 60 + 59))
        coordinator.waitUntilIdle()
        #expect(navigator.topScreen?.screenID == "read", "still within the window")
        clock.advance(by: .seconds(1))
        coordinator.waitUntilIdle()
        #expect(navigator.topScreen?.screenID == "too-late")
        let ended = Locked<String?>(nil)
        coordinator.observe { event in
            if case .coordinationEnded(let exit) = event { ended.withLock { $0 = exit.step } }
        }
        coordinator.select(actionLabeled: "Count it as invalid", on: try #require(coordinator.currentState.topScreen))
        coordinator.waitUntilIdle()
        #expect(ended.withLock { $0 } == "resultCaptured(invalid, sample: nasal)")
    }

    @Test func aResultReadInTimeStopsTheReadWindow() throws {
        let clock = ManualClock()
        let coordinator = Coordinator()
        let flow = ProcedureFlow(
            name: "test", sample: .nasal, wait: 15, readout: .lateralFlow, readBy: .manual, readWindow: 5, clock: clock)
        coordinator.coordinate(flow: flow, with: OneStepper(.startTimer))
        coordinator.waitUntilIdle()
        clock.advance(by: .seconds(15 * 60))
        coordinator.waitUntilIdle()
        coordinator.select(actionLabeled: "Read the result", on: try #require(coordinator.currentState.topScreen))
        coordinator.waitUntilIdle()
        coordinator.select(
            actionLabeled: "only the C line (negative)", on: try #require(coordinator.currentState.topScreen))
        coordinator.waitUntilIdle()
        #expect(clock.pendingCount == 0, "the flow ended: its read window with it")
    }

    @Test(arguments: ProcedureModule.Sample.allCases)
    func aProfessionalIsToldWhatToDoToThePatientNeverToSwabThemselves(sample: ProcedureModule.Sample) {
        let professional = explore(
            ProcedureModule.self, ["sample": .text(sample.rawValue), "performedBy": .text("professional")])
        let person = explore(ProcedureModule.self, ["sample": .text(sample.rawValue), "performedBy": .text("person")])
        func pages(by performer: ProcedureModule.Performer) -> Set<String> {
            Set(
                SampleGuide.instructions(for: sample, by: performer).indices.map {
                    SampleGuide.key(for: sample, by: performer, page: $0 + 1) + ".text"
                })
        }
        // A professional sees every professional page and no self-test page; a person the other way round.
        #expect(pages(by: .professional).isSubset(of: professional.textKeys))
        #expect(pages(by: .person).isDisjoint(with: professional.textKeys))
        #expect(pages(by: .person).isSubset(of: person.textKeys))
        #expect(pages(by: .professional).isDisjoint(with: person.textKeys))
        let instructions = pages(by: .professional)
        let texts = ProcedureModule.texts.filter { instructions.contains($0.key) }.map(\.english).joined(separator: " ")
        #expect(texts.contains("patient"))
        for selfTest in ["Blow your nose", "Warm the hand", "Let saliva pool in your mouth"] {
            #expect(!texts.contains(selfTest))
        }
    }

    @Test(arguments: [
        ("lay", "covid", "positive", "positive"), ("lay", "covid", "negative", "negative"),
        ("lay", "strep-a", "invalid", "invalid"),
        ("lay", "hba1c", "prediabetes", "prediabetes"), ("professional", "covid", "positive", "review"),
        ("professional", "covid", "invalid", "review-invalid"),
    ])
    func resultsShowTheAdviceForTheResult(advice: String, condition: String, result: String, screen: String) {
        let exploration = explore(
            ResultsModule.self, ["advice": .text(advice), "condition": .text(condition)],
            handoff: Handoff(["result": .text(result)]))
        #expect(exploration.screens.first == screen)
    }

    @Test func laySrepAAdviceSendsAPositiveToTheDoctorForAntibiotics() {
        let flow = ResultsFlow(name: "result", advice: .lay, condition: .strepA, lab: "lab")
        guard case .show(let screen, _, _, _) = flow.navigate(to: .show(.positive, patient: nil)).elements.first else {
            Issue.record("no screen")
            return
        }
        #expect(screen.body.joined().contains("antibiotics"))
    }

    @Test func professionalResultsNameThePatientAndSubmitToTheLab() {
        let exploration = explore(
            ResultsModule.self, ["advice": .text("professional"), "lab": .text("Lab North")],
            handoff: Handoff(["result": .text("negative"), "patient": .text("P-7")]))
        #expect(
            exploration.screens == ["review", "record", "submit", "submitted", "submit-failed", "saved", "sent-later"])
        #expect(exploration.steps.contains("confirmed(negative, patient: \"P-7\")"))
    }

    @Test func aResultSavedForLaterIsSentWhenTheConnectionReturnsAndTheScreenSaysSo() throws {
        // A link whose connection is down for the first try, back for the second.
        final class FlakyLink: LabLink {
            let tries = Locked<[LabRecord]>([])
            func send(_ record: LabRecord, done: @escaping @Sendable (Bool) -> Void) {
                let count = tries.withLock {
                    $0.append(record)
                    return $0.count
                }
                done(count >= 2)
            }
        }
        let clock = ManualClock()
        let link = FlakyLink()
        let navigator = RecordingNavigator()
        let coordinator = Coordinator(navigator: navigator)
        let flow = ResultsFlow(
            name: "result", advice: .professional, condition: .covid, lab: "the regional lab", link: link, clock: clock)
        coordinator.coordinate(flow: flow, with: OneStepper(.savedForLater(kept("P-7", lab: "the regional lab"))))
        coordinator.waitUntilIdle()
        #expect(navigator.topScreen?.screenID == "saved")
        #expect(
            navigator.topScreen?.body.first?.contains("sent to the regional lab as soon as the connection returns")
                == true)
        clock.advance(by: .seconds(60))
        coordinator.waitUntilIdle()
        #expect(navigator.topScreen?.screenID == "saved", "the first try fails")
        clock.advance(by: .seconds(60))
        coordinator.waitUntilIdle()
        #expect(navigator.topScreen?.screenID == "sent-later")
        #expect(navigator.topScreen?.body == ["The connection is back: the saved result was sent to the regional lab."])
        #expect(
            link.tries.withLock { $0 } == [
                LabRecord(lab: "the regional lab", result: "positive", patient: "P-7"),
                LabRecord(lab: "the regional lab", result: "positive", patient: "P-7"),
            ])
    }

    @Test func leavingTheSavedScreenStopsTheNextTryLikeATimer() throws {
        let clock = ManualClock()
        let coordinator = Coordinator()
        let flow = ResultsFlow(
            name: "result", advice: .professional, condition: .covid, lab: "the lab", link: NeverConnected(),
            clock: clock)
        coordinator.coordinate(flow: flow, with: OneStepper(.savedForLater(kept(nil))))
        coordinator.waitUntilIdle()
        #expect(clock.pendingCount == 1, "the next try waits on the clock")
        coordinator.select(actionLabeled: "Next patient", on: try #require(coordinator.currentState.topScreen))
        coordinator.waitUntilIdle()
        #expect(clock.pendingCount == 0, "the stepper was stopped with its screen")
    }

    @Test func aResultSavedForLaterIsKeptInTheRecordAndLeavesItOnlyWhenSent() throws {
        // The screen promises "kept on this device … go on with the next
        // patient": the record's kept list holds it, whatever screen is up.
        let clock = ManualClock()
        let coordinator = Coordinator()
        let flow = ResultsFlow(
            name: "result", advice: .professional, condition: .covid, lab: "the lab", link: NeverConnected(),
            clock: clock)
        let item = kept("P-7")
        coordinator.coordinate(flow: flow, with: OneStepper(.savedForLater(item)))
        coordinator.waitUntilIdle()
        #expect(coordinator.currentState.record.items("kept") == [item.recorded])
        #expect(
            item.recorded.description == #"{result: positive, patient: P-7, lab: the lab}"#,
            "the result, the patient and where it goes")
        coordinator.navigate(to: ResultsStep.sentLater(item))
        coordinator.waitUntilIdle()
        #expect(coordinator.currentState.record.items("kept").isEmpty, "sent, it is taken off")
        #expect(coordinator.currentState.topScreen?.screenID == "sent-later")
    }

    @Test func aResultTheLabCouldNotReceiveOffersNoWayOutThatDropsIt() throws {
        let navigator = RecordingNavigator()
        let coordinator = Coordinator(navigator: navigator)
        let flow = ResultsFlow(
            name: "result", advice: .professional, condition: .covid, lab: "the lab", link: NeverConnected(),
            keepAtMost: 1)
        coordinator.coordinate(flow: flow, with: OneStepper(.submitFailed(.positive, patient: "P-7")))
        coordinator.waitUntilIdle()
        #expect(navigator.topScreen?.actions.map(\.label) == ["Try again", "Send it later"])
        coordinator.select(actionLabeled: "Send it later", on: try #require(navigator.topScreen))
        coordinator.waitUntilIdle()
        #expect(navigator.topScreen?.actions.map(\.label) == ["Next patient", "Call support"])
        // With the one result the device keeps, another that fails to go
        // cannot be kept: the professional tries again, and nothing else
        // leaves the result behind.
        coordinator.navigate(to: ResultsStep.submitFailed(.negative, patient: "P-8"))
        coordinator.waitUntilIdle()
        #expect(navigator.topScreen?.actions.map(\.label) == ["Try again"])
        #expect(navigator.topScreen?.body.first?.contains("already keeps 1 result for the lab") == true)
    }

    @Test func aProfessionalResultModuleNeedsALabLinkAndALayOneDoesNot() {
        let professional = ModuleOptions(specs: ResultsModule.options, values: ["advice": .text("professional")])
        #expect(ResultsModule.services(for: professional).map(\.name) == ["LabLink"])
        #expect(ResultsModule.services(for: ModuleOptions(specs: ResultsModule.options)).isEmpty)
    }

    @Test func intakeWithScanOnlyOffersNoTyping() {
        let exploration = explore(PatientIntakeModule.self, ["identifyBy": .text("scan")])
        #expect(!exploration.screens.contains("type-id"))
        #expect(exploration.handoffs["identified(patient: \"P-1024\")"] == Handoff(["patient": .text("P-1024")]))
    }

    @Test func supportShowsTheHotlineItIsGiven() {
        let flow = SupportFlow(name: "help", hotline: "555 0100", hours: "always")
        guard case .show(let screen, _, _, _) = flow.navigate(to: .contact).elements.first else {
            Issue.record("no screen")
            return
        }
        #expect(screen.body == ["Call 555 0100, always. Have your test kit at hand."])
    }
}

/// A lab link whose connection never returns.
private final class NeverConnected: LabLink {
    func send(_ record: LabRecord, done: @escaping @Sendable (Bool) -> Void) { done(false) }
}

/// A positive result of `patient` kept for `lab`.
private func kept(_ patient: String?, lab: String = "the lab") -> KeptItem {
    KeptItem(reading: .positive, patient: patient, record: RecordView(), lab: lab)
}
