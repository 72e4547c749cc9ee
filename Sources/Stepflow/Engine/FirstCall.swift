/// Lets the first of many calls through, from any thread: an outside
/// answer counts once, however often the completion is called.
final class FirstCall: Sendable {
    private let done = Locked(false)
    /// True for the first call only.
    func take() -> Bool {
        done.withLock { done in
            defer { done = true }
            return !done
        }
    }
}
