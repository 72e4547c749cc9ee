/// A requirement a variant must meet (a user-interface requirement of
/// IEC 62366-1, say), traced to the rules that prove it and the scripts
/// that exercise it.
///
/// ```json
/// "requirements": [
///   { "id": "UR-PRIV-01", "text": "Consent comes before any result.", "critical": true }
/// ]
/// ```
package struct Requirement: Hashable, Sendable {
    /// A stable id (`UR-PRIV-01`).
    package let id: String
    /// What must be true, as a reviewer reads it.
    package let text: String
    /// Whether it is hazard-related: left uncovered, it is an error, not
    /// a warning.
    package let critical: Bool
    /// Where it is written.
    package let location: TextLocation
    /// Its JSON path (`requirements[0]`).
    package let path: String
    /// What kind of thing it claims (`"claim": "response"`), when the
    /// manifest says: then only a rule of that kind proves it, and
    /// `validate` refuses a rule that proves less.
    package var claim: Claim? = nil

    /// What a requirement claims, which only a rule of a matching kind
    /// proves (``PathRuleSpec/proves``).
    ///
    /// This enum may grow; end a `switch` over it with `@unknown default:`.
    package enum Claim: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// Something can happen: some walk reaches it.
        case reached
        /// Something never happens.
        case never
        /// Something happens only after something else.
        case precedence
        /// Whenever something happens, something else follows.
        case response
        /// Something holds throughout.
        case always
        /// A value a person gives reaches a screen unchanged.
        case valueReaches
        /// An item kept for later is never lost: it leaves only as
        /// allowed, and always can.
        case kept
        /// One run's data never reaches the next run.
        case separated
        /// An outside link lands only where allowed.
        case landsOn
        /// Something stays within reach: from every state (in a scope),
        /// some walk reaches it.
        case alwaysReachable

        /// What it claims, in words: `a response: whenever …, then …`.
        package var description: String {
            switch self {
            case .reached: "that something can be reached"
            case .never: "that something never happens"
            case .precedence: "an order: something only after something else"
            case .response: "a response: whenever something happens, something else follows"
            case .always: "that something holds throughout"
            case .valueReaches: "that a value given reaches a screen unchanged"
            case .kept: "that an item kept for later is never lost"
            case .separated: "that one run's data never reaches the next"
            case .landsOn: "where a link lands"
            case .alwaysReachable: "that something stays within reach from every state"
            }
        }
    }
}
