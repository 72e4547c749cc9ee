/// What a restore does with a save another release made (its
/// ``SavedNavigation/fingerprint`` is not the one the app gives now).
///
/// ```swift
/// try coordinator.restore(
///     saved, roots: [RootCoordination(app, with: OneStepper(.start))], fingerprint: buildNumber,
///     deepLinks: [], onAnotherRelease: .replay { instance in instance == "testing" ? .askAgain : .restartModule })
/// ```
public enum OtherRelease: Sendable {
    /// Refuse it with ``RestoreError/Kind/fingerprint``: what a restore
    /// without `onAnotherRelease:` does.
    case refuse
    /// Replay its inputs by their identities (the screen each was given
    /// on, an action's step, a value's class, a stepper's name; never a
    /// label's wording). When one no longer applies, `policy` says, for
    /// the module instance the person was in, what the restore does
    /// instead.
    case replay(policy: @Sendable (_ instance: String) -> LostWalkPolicy)

    /// Replay its inputs by their identities, and refuse a walk that does
    /// not replay whole.
    package static var replay: OtherRelease { .replay { _ in .refuse } }
}

/// What a restore on another release does with a walk whose inputs no
/// longer all apply there: a manifest names one per module instance
/// (`"restoreOnUpdate"`), and `rootapp update-check` proves where each
/// leads.
public enum LostWalkPolicy: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Refuse the save: the app starts afresh.
    case refuse
    /// Restore up to the last input both releases agree on, and ask the
    /// person for it again, with the values they had entered there (see
    /// ``RestoreOutcome/keptValues``).
    case askAgain = "ask-again"
    /// Restore up to the first input the person gave in the module
    /// instance they were in: the module starts afresh, what came before
    /// it is kept.
    case restartModule = "restart-module"

    /// Its name in a manifest: `refuse`, `ask-again`, `restart-module`.
    public var description: String { rawValue }
}

/// What a restore did.
public struct RestoreOutcome: Hashable, Sendable {
    /// How the save was taken.
    public enum Kind: Hashable, Sendable {
        /// Saved by this release: replayed exactly.
        case sameRelease
        /// Saved by another release, and every input replayed by identity.
        case otherRelease
        /// Saved by another release whose inputs did not all replay:
        /// restored as the policy says (``refusal`` says why).
        case fellBack(LostWalkPolicy)
    }

    /// How the save was taken.
    public let kind: Kind
    /// The inputs replayed (``SavedNavigation/givenCount``: queued work aside).
    public let inputs: Int
    /// For ``Kind/fellBack(_:)``: why the whole walk could not be restored
    /// (the first input that no longer applies, and where).
    public let refusal: RestoreError?
    /// For ``LostWalkPolicy/askAgain``: the values the person had entered
    /// for the input asked again, by field name, to fill in again.
    public let keptValues: [String: String]
    /// The screen on top once restored (`instance/screen`), if any.
    public let top: String?

    /// A restore of `kind` that replayed `inputs` and shows `top`.
    public init(
        _ kind: Kind, inputs: Int, top: String?, refusal: RestoreError? = nil, keptValues: [String: String] = [:]
    ) {
        self.kind = kind
        self.inputs = inputs
        self.top = top
        self.refusal = refusal
        self.keptValues = keptValues
    }
}
