/// A route's source: an exit of an instance, written `instance.exit`.
public struct RouteKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The instance id.
    public let instance: String
    /// The exit name.
    public let exit: String
    /// A route source.
    public init(instance: String, exit: String) {
        self.instance = instance
        self.exit = exit
    }
    /// `instance.exit`.
    public var description: String { "\(instance).\(exit)" }
    /// Orders by text.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }
}

/// Where a route leads.
public enum RouteTarget: Hashable, Sendable, CustomStringConvertible {
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
    public var description: String {
        switch self {
        case .instance(let id): id
        case .end: "end"
        case .edit: "edit"
        }
    }
}
