import BundledFixtures
import BundledModules
import Dispatch
import Procedure
import Stepflow
import StepflowManifest
import StepflowTesting
import Testing

/// Walks a variant on the real coordinator, as a person would.
final class Walk {
    let coordinator: Coordinator
    let navigator = RecordingNavigator()
    let clock = ManualClock()
    let events: EventRecorder

    init(_ manifest: Manifest, services: ModuleServices = ModuleServices()) {
        coordinator = Coordinator(navigator: navigator)
        events = EventRecorder(observing: coordinator)
        let root = RootFlow(
            manifest: manifest, registry: BundledModules.registry,
            environment: ModuleEnvironment(clock: clock, services: services))
        coordinator.coordinate(flow: root, with: OneStepper(.start))
        coordinator.waitUntilIdle()
    }

    /// The screen on top, as `instance/screen`.
    var screen: String? { navigator.topScreen?.qualifiedID }

    /// Chooses the action labelled `label` on the screen on top.
    func choose(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let top = navigator.topScreen else {
            Issue.record("no screen is showing; cannot choose '\(label)'", sourceLocation: sourceLocation)
            return
        }
        guard top.actions.contains(where: { $0.label == label }) else {
            Issue.record(
                "\(top.qualifiedID) has no action '\(label)'; it has \(top.actions.map(\.label))",
                sourceLocation: sourceLocation)
            return
        }
        coordinator.select(actionLabeled: label, on: top)
        coordinator.waitUntilIdle()
    }

    /// Answers the open question or outside source `source` with `answer`.
    func answer(_ source: String, _ answer: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            coordinator.answer(source, with: answer), "nothing waits for \(source) \(answer)",
            sourceLocation: sourceLocation)
        coordinator.waitUntilIdle()
    }

    /// Taps the tab of section `section` of the flow on top's section bar.
    func select(_ section: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let state = coordinator.currentState
        guard
            let owner = state.flowsInTreeOrder.reversed().compactMap({ state.flows[$0] }).first(where: {
                $0.sections.contains { $0.name == section }
            })
        else {
            Issue.record("no flow shows a section '\(section)'", sourceLocation: sourceLocation)
            return
        }
        coordinator.select(section: section, of: owner.info)
        coordinator.waitUntilIdle()
    }

    /// Lets `minutes` pass on the clock.
    func wait(minutes: Int) {
        clock.advance(by: .seconds(minutes * 60))
        coordinator.waitUntilIdle()
    }

    /// How the coordination ended, if it has.
    var ending: String? {
        events.events.lazy.compactMap { event -> String? in
            if case .coordinationEnded(let exit) = event { return exit.description }
            return nil
        }.first
    }
}

@Suite("Bundled variants")
struct VariantWalkTests {
    /// The tests over every bundled variant take their list from the
    /// folder: an unreadable folder must fail here, not pass them all empty.
    @Test func theBundledVariantsAreFound() {
        #expect(
            BundledManifests.names == [
                "covid-antigen-clinic", "covid-antigen-home-de", "covid-antigen-home", "hba1c-clinic", "strep-a-home",
            ])
        #expect(BundledManifests.names.allSatisfy { !BundledManifests.scripts($0).isEmpty })
    }

    @Test(arguments: BundledManifests.names)
    func everyBundledManifestValidatesWithoutWarnings(name: String) throws {
        let manifest = try BundledManifests.load(name)
        #expect(manifest.app.id == name)
        #expect(manifest.warnings == [])
    }

    @Test func theLayCovidVariantWalksFromWelcomeToANegativeResult() throws {
        let walk = Walk(try BundledManifests.load("covid-antigen-home"))
        #expect(walk.screen == "onboarding/welcome")
        for label in ["Get started", "Next", "Next", "Next", "I agree"] { walk.choose(label) }
        #expect(walk.screen == "test/checklist")
        for label in ["Everything is there", "Next", "Next", "Next", "Done, start the timer"] { walk.choose(label) }
        #expect(walk.screen == "test/timer")
        walk.wait(minutes: 15)
        walk.choose("Read the result")
        walk.choose("Read it myself")
        walk.choose("only the C line (negative)")
        #expect(walk.screen == "result/negative")
        walk.choose("Done")
        #expect(walk.ending == "covid-antigen-home.finished(instance: \"result\", exit: \"done\")")
        #expect(walk.events.droppedSteps.isEmpty)
    }

    @Test func backGoesToThePreviousPage() throws {
        let walk = Walk(try BundledManifests.load("covid-antigen-home"))
        walk.choose("Get started")
        walk.choose("Next")
        #expect(walk.screen == "onboarding/how-it-works-2")
        walk.choose("Back")
        #expect(walk.screen == "onboarding/how-it-works-1")
    }

    @Test func theClinicVariantCarriesThePatientFromIntakeToTheLab() throws {
        let walk = Walk(try BundledManifests.load("covid-antigen-clinic"))
        for label in [
            "Sign in", "Sign in (wrong password)", "Try again", "Sign in (password accepted)", "Main clinic",
            "I acknowledge",
        ] { walk.choose(label) }
        // The professional's home: test a patient, kept results, help.
        #expect(walk.screen == "home/test")
        walk.choose("Start a test")
        #expect(walk.screen == "intake/identify")
        // The wristband gives the id; the patient records say who it is.
        walk.choose("Scan wristband (reads P-1024)")
        walk.answer("patient-lookup", "found")
        #expect(
            walk.navigator.topScreen?.body.first
                == "P-1024: Alex Example, born 1980-04-12. Ask the patient to say both.")
        for label in ["Details are correct", "Consent given"] { walk.choose(label) }
        for label in ["Everything is there", "Next", "Next", "Next", "Done, start the timer"] { walk.choose(label) }
        walk.wait(minutes: 15)
        walk.choose("Read the result")
        walk.answer("camera-permission", "granted")
        #expect(walk.screen == "test/photo", "this variant reads by photo only")
        walk.choose("Analysis: C and T lines (positive)")
        #expect(walk.navigator.topScreen?.body.first == "Alex Example, born 1980-04-12 (P-1024): positive.")
        walk.choose("Confirm and record")
        #expect(
            walk.navigator.topScreen?.body.first
                == "Recorded for the lab: Alex Example, born 1980-04-12 (P-1024), positive.")
        walk.choose("Submit to the regional public-health lab")
        walk.choose("No connection")
        walk.choose("Try again")
        walk.choose("Receipt confirmed")
        walk.choose("Next patient")
        #expect(walk.screen == "home/test", "home, for the next patient")
        walk.choose("Sign out")
        #expect(walk.ending == "covid-antigen-clinic.finished(instance: \"home\", exit: \"signOut\")")
    }

    @Test func anInvalidStrepATestLoopsBackToANewTest() throws {
        let walk = Walk(try BundledManifests.load("strep-a-home"))
        for label in [
            "Get started", "Next", "Next", "I agree", "Everything is there", "Next", "Next", "Next",
            "Done, start the timer",
        ] { walk.choose(label) }
        walk.wait(minutes: 5)
        walk.choose("Read the result")
        #expect(walk.screen == "test/manual", "this variant reads by hand only")
        walk.choose("no C line or an error (invalid)")
        #expect(walk.screen == "result/invalid")
        walk.choose("Test again")
        #expect(walk.screen == "test/checklist")
        #expect(walk.coordinator.currentState.flows.count == 2, "the root and the new test")
    }

    @Test func aLockedOutProfessionalEndsTheHbA1cApp() throws {
        let walk = Walk(try BundledManifests.load("hba1c-clinic"))
        walk.choose("Sign in")
        for _ in 1..<5 {
            walk.choose("Sign in (wrong password)")
            walk.choose("Try again")
        }
        walk.choose("Sign in (wrong password)")
        #expect(walk.screen == "onboarding/locked-out")
        walk.choose("Close")
        #expect(walk.ending == "hba1c-clinic.finished(instance: \"onboarding\", exit: \"lockedOut\")")
    }

    @Test func helpFromTheTestResumesTheTest() throws {
        let walk = Walk(try BundledManifests.load("hba1c-clinic"))
        for label in [
            "Sign in", "Sign in (password accepted)", "Care home visit", "I acknowledge", "Start a test",
            "Scan wristband (reads P-1024)",
        ] { walk.choose(label) }
        walk.answer("patient-lookup", "found")
        for label in ["Details are correct", "Consent given"] { walk.choose(label) }
        walk.choose("Get help")
        #expect(walk.screen == "help/topics")
        // The professional's help shows talking to a person as a tab of its own.
        walk.select("contact")
        #expect(walk.screen == "help/contact")
        walk.select("topics")
        walk.choose("Taking the sample")
        walk.choose("Back")
        walk.select("contact")
        walk.choose("Carry on")
        #expect(walk.screen == "test/checklist")
    }

    @Test func helpWithAPositiveResultReturnsToTheSameAdvice() throws {
        let walk = Walk(try BundledManifests.load("covid-antigen-home"))
        for label in [
            "Get started", "Next", "Next", "Next", "I agree", "Everything is there", "Next", "Next", "Next",
            "Done, start the timer",
        ] { walk.choose(label) }
        walk.wait(minutes: 15)
        for label in ["Read the result", "Take a photo"] { walk.choose(label) }
        walk.answer("camera-permission", "granted")
        walk.choose("Analysis: C and T lines (positive)")
        #expect(walk.screen == "result/positive")
        walk.choose("Get help")
        #expect(walk.screen == "resultHelp/topics", "a second instance of the support module")
        walk.choose("Carry on")
        #expect(walk.screen == "result/positive", "the result was handed on again")
    }

    @Test func theSameModuleCanRunAsTwoInstancesWithDifferentOptions() throws {
        let text = """
            {"schema": 1, "app": {"id": "twice", "name": "Twice", "audience": "lay"},
             "modules": [
               {"id": "quick", "module": "procedure", "options": {"waitMinutes": 1, "readBy": "manual", "sample": \
            "nasal", "readWithinMinutes": 5, "performedBy": "person"}},
               {"id": "slow", "module": "procedure", "options": {"waitMinutes": 30, "sample": "saliva", "readBy": \
            "manual", "readWithinMinutes": 5, "performedBy": "person"}}
             ],
             "start": "quick",
             "routes": {"quick.resultCaptured": "slow", "quick.cancelled": "end", "quick.needsHelp": "end",
                        "slow.resultCaptured": "end", "slow.cancelled": "end", "slow.needsHelp": "end"}}
            """
        let manifest = try ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).decode(
            Array(text.utf8), file: "twice.json")
        let walk = Walk(manifest)
        for label in ["Everything is there", "Next", "Next", "Next", "Done, start the timer"] { walk.choose(label) }
        walk.wait(minutes: 1)
        walk.choose("Read the result")
        walk.choose("only the C line (negative)")
        #expect(walk.screen == "slow/checklist")
        for label in ["Everything is there", "Next", "Next", "Done, start the timer"] { walk.choose(label) }
        walk.wait(minutes: 29)
        #expect(walk.screen == "slow/timer")
        walk.wait(minutes: 1)
        #expect(walk.screen == "slow/ready")
    }
}

/// A camera whose permission dialog answers later, on another thread.
private final class SlowCamera: CameraAccess {
    let allows: Bool
    init(allows: Bool) { self.allows = allows }
    func requestAccess(_ answer: @escaping @Sendable (Bool) -> Void) {
        let allows = self.allows
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) { answer(allows) }
    }
}

@Suite("The camera permission: an outside answer")
struct CameraPermissionTests {
    /// Up to the screen that asks for the camera.
    private func walkToRead(_ walk: Walk) {
        for label in [
            "Get started", "Next", "Next", "Next", "I agree", "Everything is there", "Next", "Next", "Next",
            "Done, start the timer",
        ] { walk.choose(label) }
        walk.wait(minutes: 15)
        walk.choose("Read the result")
    }

    @Test func aDeniedCameraLeadsToReadingByEye() throws {
        let walk = Walk(try BundledManifests.load("covid-antigen-home"))
        walkToRead(walk)
        walk.choose("Take a photo")
        #expect(walk.screen == "test/read", "nothing is shown before the answer")
        #expect(walk.coordinator.waitingAnswers.map(\.source) == ["camera-permission"])
        #expect(walk.coordinator.waitingAnswers.first?.answers.map(\.name) == ["granted", "denied"])
        walk.answer("camera-permission", "denied")
        #expect(walk.screen == "test/manual")
        #expect(walk.coordinator.waitingAnswers.isEmpty)
    }

    @Test func whileTheAppAsksAPersonsActionIsReportedAsDroppedNotApplied() throws {
        let walk = Walk(try BundledManifests.load("covid-antigen-home"))
        walkToRead(walk)
        walk.choose("Take a photo")
        walk.choose("Read it myself")
        #expect(walk.screen == "test/read")
        #expect(
            walk.events.events.contains { event in
                if case .dropped(_, .awaitingAnswer(let question)) = event { return question == "camera permission" }
                return false
            })
        walk.answer("camera-permission", "granted")
        #expect(walk.screen == "test/photo")
        #expect(!walk.coordinator.answer("camera-permission", with: "denied"), "the question is closed once answered")
    }

    /// UR-READ-01: the read window runs out while the permission dialog is
    /// up; the answer that comes after must not lead past "Too late to
    /// read" to reading the strip (found by replaying an exported flow).
    @Test(arguments: ["granted", "denied"])
    func anAnswerThatComesAfterTheReadWindowRanOutIsDropped(answer: String) throws {
        let walk = Walk(try BundledManifests.load("covid-antigen-home"))
        walkToRead(walk)
        walk.choose("Take a photo")
        walk.wait(minutes: 5)
        #expect(walk.screen == "test/too-late")
        walk.answer("camera-permission", answer)
        #expect(walk.screen == "test/too-late")
        #expect(
            walk.events.events.contains { event in
                if case .dropped(_, .screenDismissed(let screen)) = event { return screen == "test/read" }
                return false
            })
        walk.choose("Count it as invalid")
        #expect(walk.screen == "result/invalid")
    }

    @Test(arguments: [(true, "test/photo"), (false, "test/manual")])
    func aRealPermissionDialogThatAnswersLaterIsWaitedFor(allows: Bool, shown: String) throws {
        let services = ModuleServices().providing((any CameraAccess).self, SlowCamera(allows: allows))
        let walk = Walk(try BundledManifests.load("covid-antigen-home"), services: services)
        walkToRead(walk)
        walk.choose("Take a photo")
        walk.coordinator.waitUntilIdle(includingPendingAdaptations: true)
        #expect(walk.screen == shown)
    }
}
