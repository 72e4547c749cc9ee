/// A requirement a variant must meet (a user-interface requirement of
/// IEC 62366-1, say), traced to the rules that prove it and the scripts
/// that exercise it.
///
/// ```json
/// "requirements": [
///   { "id": "UR-PRIV-01", "text": "Consent comes before any result.", "critical": true }
/// ]
/// ```
public struct Requirement: Hashable, Sendable {
    /// A stable id (`UR-PRIV-01`).
    public let id: String
    /// What must be true, as a reviewer reads it.
    public let text: String
    /// Whether it is hazard-related: left uncovered, it is an error, not
    /// a warning.
    public let critical: Bool
    /// Where it is written.
    public let location: TextLocation
    /// Its JSON path (`requirements[0]`).
    public let path: String
}
