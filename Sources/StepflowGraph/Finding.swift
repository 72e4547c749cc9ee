/// Something a reviewer should look at in a variant's graph.
package struct Finding: Hashable, Sendable, CustomStringConvertible {
    /// The kinds of findings.
    ///
    /// This enum grows: later versions add cases. End a `switch` over it
    /// with `@unknown default:`, so a new case is a warning to handle, not
    /// a build that breaks.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A step a flow returns `.unhandled` for.
        case unhandledStep
        /// A module exit the variant has no route for.
        case exitWithoutRoute
        /// A node with no way forward that is not the end.
        case deadEnd
        /// A node from which the app can never finish.
        case noWayOut
        /// A back step with nothing to go back to (the screen is the base
        /// of its layer), so it leaves the person where they are.
        case ineffectiveBack
        /// A module instance no path enters.
        case unreachableInstance
        /// A routed exit no path takes.
        case unreachableExit
        /// Screens or flows pile up along a loop: the state space has no
        /// bound (a push inside a cycle). In an app, a leak.
        case unboundedGrowth
        /// One input causes steps without end.
        case neverSettles
        /// Exploration stopped at its bound on states.
        case explorationLimit
        /// A text a person can see has no text in a locale the variant
        /// ships: it would show in English.
        case missingTranslation
        /// A routed link its module declines without a reason in some
        /// state: a person who opens it sees nothing happen.
        case linkDeclined
        /// A module wrote or read an entry of the variant's record that its
        /// instance may not (not declared, not its owner, a list full):
        /// the engine refused it, so what the person gave is not kept.
        case recordRefused
        /// A member at an edge of a field's class (a range's bound) does
        /// not do what the class's representative does: the class claims
        /// its members behave alike, and analysis enters only the
        /// representative.
        case classMemberDiffers
    }

    /// How serious a finding is.
    public enum Severity: String, Hashable, Sendable {
        /// The variant is wrong.
        case error
        /// Probably not meant.
        case warning
    }

    /// The kind.
    package let kind: Kind
    /// The node or name it is about.
    package let subject: String
    /// Why, and what to do.
    package let detail: String

    /// Creates a finding.
    package init(_ kind: Kind, _ subject: String, _ detail: String) {
        self.kind = kind
        self.subject = subject
        self.detail = detail
    }

    /// Errors: unhandled steps, exits without route, dead ends, no way out.
    /// Warnings: the rest.
    package var severity: Severity {
        switch kind {
        case .unhandledStep, .exitWithoutRoute, .deadEnd, .noWayOut, .unboundedGrowth, .neverSettles,
            .missingTranslation, .linkDeclined, .recordRefused, .classMemberDiffers:
            .error
        case .ineffectiveBack, .unreachableInstance, .unreachableExit, .explorationLimit: .warning
        }
    }

    /// `error: dead end: test/photo: …`.
    package var description: String {
        "\(severity.rawValue): \(kind.phrase): \(subject): \(detail)"
    }
}

extension Finding.Kind {
    /// Lower-case words.
    var phrase: String {
        switch self {
        case .unhandledStep: "unhandled step"
        case .exitWithoutRoute: "exit without route"
        case .deadEnd: "dead end"
        case .noWayOut: "no way out"
        case .ineffectiveBack: "ineffective back"
        case .unreachableInstance: "unreachable instance"
        case .unreachableExit: "unreachable exit"
        case .unboundedGrowth: "unbounded growth"
        case .neverSettles: "never settles"
        case .explorationLimit: "exploration limit"
        case .missingTranslation: "missing translation"
        case .linkDeclined: "link declined"
        case .recordRefused: "record refused"
        case .classMemberDiffers: "class member differs"
        }
    }
}
