/// The least share of a variant its acceptance scripts must take before it
/// is ready for sign-off, per kind, in whole percent (the manifest's
/// `"coverage"`).
package struct CoverageMinimum: Hashable, Sendable {
    /// What is counted.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Screens a person can see.
        case screens
        /// Edges of the screen/step graph.
        case edges
        /// State transitions: every input in every state.
        case transitions
    }

    /// The minimum percent of each kind that has one.
    package var percents: [Kind: Int] = [:]
    /// Where the manifest sets it.
    package let location: TextLocation

    /// No minimum yet, set at `location`.
    init(location: TextLocation) { self.location = location }
}
