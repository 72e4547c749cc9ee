/// Identifies one live flow instance within a coordinator. Allocated in
/// start order, never reused.
public struct FlowID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The allocation number, from 1.
    package let rawValue: UInt32
    /// Wraps a raw number.
    package init(rawValue: UInt32) { self.rawValue = rawValue }
    /// `flow#N`.
    public var description: String { "flow#\(rawValue)" }
    /// Orders by allocation, so by start order.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Identifies one showing of a screen within a coordinator. Showing the same
/// ``Screen`` twice gives two instances. Allocated in order, never reused.
public struct ScreenInstanceID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The allocation number, from 1.
    package let rawValue: UInt64
    /// Wraps a raw number.
    package init(rawValue: UInt64) { self.rawValue = rawValue }
    /// `screen#N`.
    public var description: String { "screen#\(rawValue)" }
    /// Orders by allocation, so by presentation order.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A flow instance as events and traces name it.
public struct FlowInfo: Hashable, Sendable, CustomStringConvertible {
    /// The instance.
    package let id: FlowID
    /// The flow's ``Flow/name``.
    package let name: String
    /// Creates a description of a flow instance.
    package init(id: FlowID, name: String) {
        self.id = id
        self.name = name
    }
    /// The name.
    public var description: String { name }
}

/// A step as traces name it: the flow instance that receives it and the
/// step's ``Step/stepID``; written `onboarding.welcome`.
///
/// A record made by the engine also keeps the step itself, so a reader
/// that knows the flow's step type reads the value, not its text:
///
/// ```swift
/// if case .coordinationEnded(let exit) = event,
///    case .finished(let instance, let exitName)? = exit.value(as: AppExit.self) { … }
/// ```
///
/// Two records are equal when they name the same flow and step id; the
/// kept value does not take part.
public struct StepRecord: Hashable, Sendable, CustomStringConvertible {
    /// The flow the step was meant for.
    public let flow: FlowInfo
    /// The step's identity.
    public let step: String
    /// The step itself, when the record was made from one.
    let value: (any Step)?

    /// Creates a record of a step known only by its id.
    public init(flow: FlowInfo, step: String) {
        self.flow = flow
        self.step = step
        self.value = nil
    }

    /// Creates a record of `step`, keeping the value.
    public init(flow: FlowInfo, step value: some Step) {
        self.init(flow: flow, value: value, id: value.stepID)
    }

    /// A record of `value` whose id is already rendered.
    init(flow: FlowInfo, value: any Step, id: String) {
        self.flow = flow
        self.step = id
        self.value = value
    }

    /// The step as a value of `type`, or `nil` when the record holds no
    /// value or one of another type.
    public func value<S: Step>(as type: S.Type) -> S? { value as? S }

    /// `flowName.stepID`.
    public var description: String { "\(flow.name).\(step)" }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.flow == rhs.flow && lhs.step == rhs.step }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(flow)
        hasher.combine(step)
    }
}
