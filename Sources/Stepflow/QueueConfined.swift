/// Carries a value that is not `Sendable` across a `@Sendable` boundary to
/// code that only touches it on the coordinator's queue.
struct QueueConfined<Value>: @unchecked Sendable {
    // @unchecked: the wrapped value is created on the coordinator's queue and
    // only used again inside a job that runs on that same queue.
    let value: Value
    init(_ value: Value) { self.value = value }
}
