/// Renders the engine's state: a terminal, a test recorder, an app's UI
/// adapter.
///
/// The coordinator calls ``render(_:changes:)`` on its queue after each
/// navigation that changed the state, before the steppers that navigation
/// contributed are told they may emit. A step emitted from inside `render`
/// is queued, not handled re-entrantly.
public protocol Navigator: AnyObject, Sendable {
    /// Renders `state`; `changes` says what changed since the last call.
    /// Called on the coordinator's queue.
    func render(_ state: NavigationState, changes: [NavigationChange])
}
