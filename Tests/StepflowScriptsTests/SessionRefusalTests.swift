import BundledFixtures
import Dispatch
import BundledModules
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowScripts
import Testing

/// A session's refusals are facts, each raised by a real session, and its
/// outcomes say what the input did.
@Suite("A session's refusals and outcomes")
struct SessionRefusalTests {
    static func session(_ name: String = "covid-antigen-home") throws -> VariantSession {
        VariantSession(
            manifest: try BundledManifests.load(name), registry: BundledModules.registry,
            services: BundledModules.services)
    }

    /// The refusal `input` meets, if any.
    static func refusal(_ session: VariantSession, _ input: Input) -> SessionRefusal? {
        do throws(SessionRefusal) { try session.give(input) } catch { return error }
        return nil
    }

    @Test func anInputGivesAnOutcomeWithTheChangesTheNavigatorWasTold() throws {
        let session = try Self.session()
        let outcome = try session.give(.choose(.label("Get started")))
        #expect(outcome.before?.qualifiedID == "onboarding/welcome")
        #expect(outcome.top?.qualifiedID == "onboarding/how-it-works-1")
        #expect(outcome.movedScreen)
        #expect(
            outcome.changes.contains {
                if case .presented(let screen) = $0 { return screen.qualifiedID == "onboarding/how-it-works-1" }
                return false
            })
        let back = try session.give(.back)
        #expect(back.top?.qualifiedID == "onboarding/welcome")
    }

    @Test func eachRefusalIsTheFactsOfWhatWasWrong() throws {
        let session = try Self.session()
        #expect(
            Self.refusal(session, .choose(.label("Nope")))
                == .noSuchAction(choice: "Nope", screen: "onboarding/welcome", numbered: 1, labels: ["Get started"]))
        #expect(
            Self.refusal(session, .choose(.key("nope")))
                == .noSuchKey(key: "nope", screen: "onboarding/welcome", keys: ["welcome.lay.start"]))
        #expect(Self.refusal(session, .back) == .noWayBack(screen: "onboarding/welcome"))
        #expect(Self.refusal(session, .wait) == .noTimer(screen: "onboarding/welcome"))
        #expect(
            Self.refusal(session, .answer(source: "camera-permission", answer: "granted"))
                == .nothingAwaits(source: "camera-permission", screen: "onboarding/welcome", waiting: [:]))
        #expect(
            Self.refusal(session, .emit(stepper: "TimerStepper", step: "timerDone"))
                == .noSuchEmission(stepper: "TimerStepper", step: "timerDone", live: ["OneStepper": []]))
        #expect(throws: SessionRefusal.noActionAt(index: 7, screen: "onboarding/welcome")) {
            try session.give(actionAt: 7)
        }
        #expect(
            throws: SessionRefusal.otherScreen(expected: "result/positive", shown: "onboarding/welcome", ending: nil)
        ) {
            try session.run(.expectScreen("result/positive"))
        }
        #expect(throws: SessionRefusal.notEnded(expected: nil, shown: "onboarding/welcome", ending: nil)) {
            try session.run(.expectEnd(nil))
        }
        try session.run(.expectLayers([["onboarding/welcome"]]))
        #expect(
            throws: SessionRefusal.otherLayers(
                expected: [["onboarding/welcome"], ["support/help"]], shown: [["onboarding/welcome"]])
        ) {
            try session.run(.expectLayers([["onboarding/welcome"], ["support/help"]]))
        }
        #expect(
            SessionRefusal.otherLayers(expected: [["a/b"], ["c/d"]], shown: [["a/b"]]).description
                == "expected the layers a/b | c/d, but the UI shows a/b.")
        // Each sentence is written once, and names the fix.
        let sentence = SessionRefusal.noSuchAction(
            choice: "Nope", screen: "onboarding/welcome", numbered: 1, labels: ["Get started"]
        ).description
        #expect(sentence == "no action 'Nope' on onboarding/welcome. Choose 1 or a label: 'Get started'.")
    }

    @Test func aQuestionIsAnsweredFirstAndAnAnswerItDoesNotHaveIsRefused() throws {
        let session = try Self.session()
        for label in [
            "Get started", "Next", "Next", "Next", "I agree", "Everything is there", "Next", "Next", "Next",
            "Done, start the timer",
        ] {
            try session.give(.choose(.label(label)))
        }
        try session.give(.wait)
        try session.give(.choose(.label("Read the result")))
        try session.give(.choose(.label("Take a photo")))
        let open = SessionRefusal.questionOpen(
            source: "camera-permission", question: "camera permission", answers: ["granted", "denied"])
        #expect(Self.refusal(session, .choose(.label("Read it myself"))) == open)
        #expect(open.description.hasSuffix("give its answer first: answer camera-permission <granted, denied>."))
        #expect(
            Self.refusal(session, .answer(source: "camera-permission", answer: "maybe"))
                == .noSuchAnswer(
                    source: "camera-permission", question: "camera permission", answer: "maybe",
                    answers: ["granted", "denied"]))
        let answered = try session.give(.answer(source: "camera-permission", answer: "denied"))
        #expect(answered.top?.qualifiedID == "test/manual")
    }

    @Test func afterTheEndNothingIsTaken() throws {
        let session = try Self.session()
        try session.give(.choose(.label("Get started")))
        for _ in 0..<3 { try session.give(.choose(.number(1))) }
        let outcome = try session.give(.choose(.label("I do not agree")))
        #expect(outcome.top == nil && outcome.ending != nil)
        #expect(Self.refusal(session, .choose(.number(1))) == .ended)
        try session.run(.expectEnd("onboarding.declined"))
    }

    /// A walk sleeps until something changes: what comes by itself (a
    /// timer that finished while the person read) reaches `onChange`,
    /// with the screen it presented; nothing needs to poll `top`.
    @Test func whatChangesByItselfReachesTheChangeHandler() throws {
        let session = VariantSession(
            manifest: try BundledManifests.load("covid-antigen-home"), registry: BundledModules.registry,
            services: BundledModules.services, clock: WalkClock(scale: 600))
        for key in [
            "welcome.lay.start", "howItWorks.next", "howItWorks.next", "howItWorks.next", "privacy.agree",
            "checklist.complete", "next", "next", "next",
        ] {
            try session.give(.choose(.key(key)))
        }
        let presented = Locked<[String]>([])
        let woken = DispatchSemaphore(value: 0)
        session.onChange { changes in
            for case .presented(let screen) in changes { presented.withLock { $0.append(screen.qualifiedID) } }
            woken.signal()
        }
        defer { session.onChange(nil) }
        // The 15-minute timer runs 600 times faster: about 1.5 s.
        let timer = try session.give(.choose(.key("apply.startTimer")))
        #expect(timer.top?.qualifiedID == "test/timer")
        while presented.withLock({ !$0.contains("test/ready") }) {
            try #require(woken.wait(timeout: .now() + 10) == .success, "the finished timer was reported")
        }
        // The input's own change is reported too, then what the timer
        // presented with nothing given.
        #expect(presented.withLock { Array($0.prefix(2)) } == ["test/timer", "test/ready"])
    }
}
