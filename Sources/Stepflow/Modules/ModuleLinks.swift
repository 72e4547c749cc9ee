/// A link a feature module declares: an address the outside world (a
/// notification, a universal link, another app) may open, with typed
/// parameters, mapped inside the module to one of its internal steps.
///
/// The module's step type stays internal: the module declares the link's
/// name and parameters here, and maps a ``ModuleLink`` to its own step in
/// ``ModuleLaunch/init(_:entry:links:)``. A manifest routes outside
/// addresses to the links of its instances (`"links": {"result/{result}":
/// "result.show"}`), and validation proves where each lands from every
/// state of the variant.
///
/// ```swift
/// public static func links(for options: ModuleOptions) -> [LinkSpec] {
///     [LinkSpec("show", parameters: [FieldSpec("result", .choice(["positive", "negative"]))],
///               summary: "opens the advice for a result, from the notification that it is ready")]
/// }
/// ```
public struct LinkSpec: Hashable, Sendable {
    /// The link's name, as manifests route to it (`instance.name`).
    public let name: String
    /// The typed parameters the address carries. A required one must be
    /// a placeholder of every address routed to the link.
    public let parameters: [FieldSpec]
    /// One line on what opening the link does.
    public let summary: String

    /// Declares a link.
    ///
    /// - Parameters:
    ///   - name: The name manifests route to.
    ///   - parameters: The typed parameters the address carries.
    ///   - summary: One line on what opening it does.
    public init(_ name: String, parameters: [FieldSpec] = [], summary: String) {
        self.name = name
        self.parameters = parameters
        self.summary = summary
    }
}

/// A link as the module receives it: the declared link's name and the
/// parameters' values, each checked against its ``FieldSpec`` before the
/// module sees it.
public struct ModuleLink: Hashable, Sendable, CustomStringConvertible {
    /// The declared link's name.
    public let name: String
    /// The parameters' values, by parameter name.
    package let arguments: Handoff

    /// A link named `name` with `arguments`.
    ///
    /// - Parameters:
    ///   - name: The declared link's name.
    ///   - arguments: The parameters' values.
    package init(_ name: String, arguments: Handoff = Handoff()) {
        self.name = name
        self.arguments = arguments
    }

    /// `show {result: "positive"}`.
    public var description: String {
        arguments.fields.isEmpty ? name : "\(name) \(arguments)"
    }
}

/// A link resolved to the flow that takes it: what the engine is given by
/// ``Coordinator/open(_:completion:)`` and what analysis branches on from
/// every state.
///
/// When a live flow is named ``target``, ``step`` is delivered to it (its
/// `adapt`, then `navigate`); otherwise ``otherwise`` says what happens.
/// Either way the engine reports a ``NavigationEvent/link(_:_:)``: a link
/// is never lost without a word.
public struct LinkDelivery: Sendable, Hashable, CustomStringConvertible {
    /// The address as the outside world gave it (`result/positive`): what
    /// events, traces and scripts print.
    public let address: String
    /// The name of the flow that takes the link (a module instance's id).
    public let target: String
    /// The step delivered to that flow: its own step type.
    public let step: any Step
    /// What happens when no flow named ``target`` is live.
    public let otherwise: LinkFallback

    /// A link to `target`'s `step`, opened as `address`.
    ///
    /// - Parameters:
    ///   - address: The address as the outside world gave it.
    ///   - target: The name of the flow that takes it.
    ///   - step: The step delivered to that flow.
    ///   - otherwise: What happens when that flow is not live.
    public init(address: String, target: String, step: any Step, otherwise: LinkFallback) {
        self.address = address
        self.target = target
        self.step = step
        self.otherwise = otherwise
    }

    /// Equal when address, target, step (by id) and fallback are.
    public static func == (a: LinkDelivery, b: LinkDelivery) -> Bool {
        a.address == b.address && a.target == b.target && a.step.stepID == b.step.stepID
            && a.otherwise == b.otherwise
    }

    /// Hashes the address, target and step id.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(address)
        hasher.combine(target)
        hasher.combine(step.stepID)
    }

    /// `result/positive → result`.
    public var description: String { "\(address) → \(target)" }
}

/// What a link does when the flow it is for is not live.
///
/// This enum grows: later versions add cases. End a `switch` over it
/// with `@unknown default:`.
public enum LinkFallback: Sendable, Hashable, CustomStringConvertible {
    /// End every child of the root flows (what runs is left: the module on
    /// screen ends without taking an exit) and deliver `step` to the roots:
    /// the root starts the link's flow at the link (a manifest's root:
    /// `linked`).
    case restart(any Step)
    /// Hold the link until a flow named as its target starts, then
    /// deliver it there; reported as held. The same link opened again
    /// while held is held once.
    case wait
    /// Decline it, for `reason` (one sentence a person reads).
    case decline(reason: String)

    /// Equal when the case and its value (a step by its id) are.
    public static func == (a: LinkFallback, b: LinkFallback) -> Bool {
        switch (a, b) {
        case (.restart(let x), .restart(let y)): x.stepID == y.stepID
        case (.wait, .wait): true
        case (.decline(let x), .decline(let y)): x == y
        default: false
        }
    }

    /// Hashes the case.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .restart(let step):
            hasher.combine(0)
            hasher.combine(step.stepID)
        case .wait: hasher.combine(1)
        case .decline(let reason):
            hasher.combine(2)
            hasher.combine(reason)
        }
    }

    /// `restart`, `wait`, `decline: <reason>`.
    public var description: String {
        switch self {
        case .restart: "restart"
        case .wait: "wait"
        case .decline(let reason): "decline: \(reason)"
        }
    }
}

/// How an opened link ended, as ``NavigationEvent/link(_:_:)`` reports it.
///
/// This enum grows: later versions add cases. End a `switch` over it
/// with `@unknown default:`.
public enum LinkOutcome: Hashable, Sendable, CustomStringConvertible {
    /// Delivered to the live flow it is for, which handled or declined it.
    case delivered(DeepLinkResult)
    /// The flow was not live: the roots' children ended and the roots
    /// were given the link's restart step, which they handled or declined.
    case restarted(DeepLinkResult)
    /// The flow was not live: held until it starts.
    case held
    /// The flow was not live, and the route declines it for this reason.
    case declined(reason: String)
    /// Held, and the app ended before a flow it is for started.
    case endedWhileHeld

    /// Whether a flow navigated it.
    package var isHandled: Bool {
        switch self {
        case .delivered(let result), .restarted(let result): result.isHandled
        case .held, .declined, .endedWhileHeld: false
        }
    }

    /// `delivered: handled by result`, `held`, `declined: <reason>`.
    public var description: String {
        switch self {
        case .delivered(let result): "delivered: \(result)"
        case .restarted(let result): "restarted: \(result)"
        case .held: "held until its flow starts"
        case .declined(let reason): "declined: \(reason)"
        case .endedWhileHeld: "held, and the app ended before its flow started"
        }
    }
}
