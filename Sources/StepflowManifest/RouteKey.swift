/// A route's source: an exit of an instance, written `instance.exit`.
package struct RouteKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The instance id.
    package let instance: String
    /// The exit name.
    package let exit: String
    /// A route source.
    package init(instance: String, exit: String) {
        self.instance = instance
        self.exit = exit
    }
    /// `instance.exit`.
    package var description: String { "\(instance).\(exit)" }
    /// Orders by text.
    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }
}

/// Where a route leads.
package enum RouteTarget: Hashable, Sendable, CustomStringConvertible {
    /// Start this instance, with the exit's handoff.
    case instance(String)
    /// The app's end.
    case end
    /// Change an answer: the exit names a record entry (its handoff field
    /// `entry`); the instance that owns the entry opens at the page that
    /// asks it, and when it is done the walk comes back to the instance
    /// that asked for the change, the edit kept, unless the new answer
    /// makes the owner end another way (a decision changed): then the walk
    /// goes where that way is routed. GOV.UK's "check your answers".
    case edit

    /// The instance id, `end` or `edit`.
    package var description: String {
        switch self {
        case .instance(let id): id
        case .end: "end"
        case .edit: "edit"
        }
    }
}
