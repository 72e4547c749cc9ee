public import ClinicHome
public import Results

/// The lab link `rootapp` gives the results module: the connection is back
/// by the time the module tries again (a minute after the result was
/// saved), so a walk shows the saved result being sent. An app gives the
/// link to its own lab.
public struct DemoLabLink: LabLink, ResultOutbox {
    /// A link that always reaches the lab.
    public init() {}

    /// The lab has it, at once.
    public func send(_ record: LabRecord, done: @escaping @Sendable (Bool) -> Void) { done(true) }

    /// The lab has the kept result, at once.
    public func send(_ result: KeptResultRecord, done: @escaping @Sendable (Bool) -> Void) { done(true) }
}
