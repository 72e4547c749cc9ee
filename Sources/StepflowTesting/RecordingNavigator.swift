public import Stepflow

/// A ``Navigator`` that records every render, for tests.
///
/// ```swift
/// let navigator = RecordingNavigator()
/// let coordinator = Coordinator(navigator: navigator)
/// coordinator.coordinate(flow: ConsentFlow(), with: OneStepper(.ask))
/// coordinator.waitUntilIdle()
/// #expect(navigator.topScreen?.screenID == "ask")
/// ```
public final class RecordingNavigator: Navigator {
    /// One render.
    public struct Render: Hashable, Sendable {
        /// The state rendered.
        public let state: NavigationState
        /// What changed since the previous render: empty when only the
        /// open questions did.
        public let changes: [NavigationChange]
        /// The questions open, in the order asked.
        public let questions: [WaitingAnswer]
    }

    private let storage = Locked<[Render]>([])
    private let onRender: (@Sendable (NavigationState) -> Void)?

    /// Creates a recorder. `onRender`, if given, runs on the coordinator's
    /// queue after each render is recorded (to emit from a render in tests).
    public init(onRender: (@Sendable (NavigationState) -> Void)? = nil) {
        self.onRender = onRender
    }

    /// Records the render. Called on the coordinator's queue.
    public func render(_ state: NavigationState, changes: [NavigationChange], questions: [WaitingAnswer]) {
        storage.withLock { $0.append(Render(state: state, changes: changes, questions: questions)) }
        onRender?(state)
    }

    /// Records a render with no question open.
    public func render(_ state: NavigationState, changes: [NavigationChange]) {
        render(state, changes: changes, questions: [])
    }

    /// Every render so far, in order.
    package var renders: [Render] { storage.withLock { $0 } }

    /// The last state rendered; empty before the first render.
    public var state: NavigationState { renders.last?.state ?? NavigationState() }

    /// The screen on top in the last state rendered.
    public var topScreen: PresentedScreen? { state.topScreen }

    /// The qualified ids (`flow/screen`) of every screen presented so far,
    /// in order.
    public var presentedScreens: [String] {
        renders.flatMap(\.changes).compactMap { change in
            if case .presented(let screen) = change { return screen.qualifiedID }
            return nil
        }
    }
}
