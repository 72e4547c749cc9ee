/// Renders the engine's state: a terminal, a test recorder, an app's UI
/// adapter.
///
/// The coordinator calls ``render(_:changes:questions:)`` on its queue
/// after each navigation that changed the state, and each time a
/// ``Question`` opened or closed (the app became busy or free), before the
/// steppers that navigation contributed are told they may emit. A step
/// emitted from inside `render` is queued, not handled re-entrantly.
///
/// A navigator that does not show questions implements only
/// ``render(_:changes:)``: it is called when the navigation changed.
public protocol Navigator: AnyObject, Sendable {
    /// Renders `state`; `changes` says what changed since the last call.
    /// Called on the coordinator's queue.
    func render(_ state: NavigationState, changes: [NavigationChange])

    /// Renders `state` while `questions` are open (the open questions, in
    /// the order asked: while one is, the engine refuses a person's
    /// actions); `changes` says what changed since the last call, and is
    /// empty when only the open questions did. Called on the coordinator's
    /// queue.
    ///
    /// The default calls ``render(_:changes:)`` when `changes` is not empty.
    func render(_ state: NavigationState, changes: [NavigationChange], questions: [WaitingAnswer])
}

extension Navigator {
    /// Calls ``render(_:changes:)`` when `changes` is not empty.
    public func render(_ state: NavigationState, changes: [NavigationChange], questions: [WaitingAnswer]) {
        if !changes.isEmpty { render(state, changes: changes) }
    }
}
