import BundledFixtures
import Dispatch
import BundledModules
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowScripts
import Testing

/// A faster clock for walks (`ROOTAPP_TIME_SCALE`): timers run faster,
/// and what a save records is real time.
@Suite("A walk's clock")
struct WalkClockTests {
    /// Up to the 15-minute timer of the home self-test.
    static func sessionAtTheTimer(_ clock: WalkClock) throws -> VariantSession {
        let session = VariantSession(
            manifest: try BundledManifests.load("covid-antigen-home"), registry: BundledModules.registry,
            services: BundledModules.services, clock: clock, answeredByHand: ["camera-permission"])
        for label in ["Get started", "Next", "Next", "Next", "I agree", "Everything is there", "Next", "Next", "Next"] {
            try session.give(.choose(.label(label)))
        }
        try session.give(.choose(.label("Done, start the timer")))
        return session
    }

    /// At 60 times, the saved instant was 60 times the time since 1970
    /// (the year 5384), and the timer of a save resumed at real speed was
    /// long over.
    @Test func aSaveMadeSixtyTimesFasterRecordsRealTimeAndResumesWithTheTimerRunning() throws {
        let fast = try Self.sessionAtTheTimer(WalkClock(scale: 60))
        #expect(fast.top?.qualifiedID == "test/timer")
        let saved = fast.savedNavigation
        let started = try #require(
            saved.entries.compactMap { entry -> Int64? in
                if case .started(_, let milliseconds) = entry { milliseconds } else { nil }
            }.first)
        let real = DispatchClock().now.components.seconds * 1000
        #expect(abs(started - real) < 60_000, "saved at \(started) ms, now is \(real) ms")
        let clock = WalkClock()
        let resumed = try VariantSession(
            resuming: saved, manifest: try BundledManifests.load("covid-antigen-home"),
            registry: BundledModules.registry, services: BundledModules.services, clock: clock,
            answeredByHand: ["camera-permission"])
        #expect(resumed.top?.qualifiedID == "test/timer")
        let left = try #require(clock.secondsLeft)
        #expect(left > 840 && left <= 900, "\(left) seconds left of 15 minutes")
    }

    @Test func timersRunFasterWhileTheClockReadsRealTime() {
        let clock = WalkClock(scale: 1000)
        let real = DispatchClock().now
        #expect(abs((clock.now - real).components.seconds) < 5)
        let fired = DispatchSemaphore(value: 0)
        _ = clock.schedule(after: .seconds(60)) { fired.signal() }
        // A minute at a thousand times is 60 ms; a loaded machine has 5 s.
        #expect(fired.wait(timeout: .now() + 5) == .success, "the minute's timer fired")
    }
}
