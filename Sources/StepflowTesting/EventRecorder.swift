public import Stepflow

/// Records a coordinator's events, for tests.
///
/// ```swift
/// let events = EventRecorder(observing: coordinator)
/// coordinator.coordinate(flow: flow, with: OneStepper(.start))
/// coordinator.waitUntilIdle()
/// #expect(events.navigatedSteps == ["consent.ask"])
/// ```
public final class EventRecorder: Sendable {
    private let storage = Locked<[NavigationEvent]>([])
    private let token: ObservationToken

    /// Starts recording `coordinator`'s events (with its readiness replay).
    public init(observing coordinator: Coordinator) {
        let storage = self.storage
        token = coordinator.observe { event in storage.withLock { $0.append(event) } }
    }

    /// Stops recording.
    public func stop() { token.cancel() }

    /// Every event so far, in order.
    package var events: [NavigationEvent] { storage.withLock { $0 } }

    /// The steps navigated so far (`flow.step`), in order.
    package var navigatedSteps: [String] {
        events.compactMap { event in
            if case .didNavigate(let step, _) = event { return step.description }
            return nil
        }
    }

    /// The steps dropped so far, with why.
    package var droppedSteps: [(step: String, reason: DropReason)] {
        events.compactMap { event in
            if case .dropped(let step, let reason) = event { return (step.description, reason) }
            return nil
        }
    }

    /// Each event's one-line description, in order.
    public var lines: [String] { events.map(\.description) }
}
