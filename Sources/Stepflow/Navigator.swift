/// Renders the engine's state: a terminal, a test recorder, an app's UI
/// adapter.
///
/// The coordinator calls ``render(_:changes:questions:)`` on its queue
/// once its queue has settled after navigation changed the state, or a
/// ``Question`` opened or closed (the app became busy or free): with the
/// state it settled in and every change since the last render. Steps that
/// follow one another without waiting for anyone (a module's exit, the
/// next module starting and showing its screen; a screen's stepper
/// emitting at once) are one render, so a running app never renders the
/// empty tree between two flows. The steppers those navigations
/// contributed have already been told they may emit. A step emitted from
/// inside `render` is queued, not handled re-entrantly.
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
