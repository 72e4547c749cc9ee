/// A navigation intent: something that happened which a ``Flow`` may act on.
///
/// Each flow declares its own step type, usually an enum internal to its
/// module, so routing is an exhaustive `switch` with no casts:
///
/// ```swift
/// enum OnboardingStep: Step {
///     case welcome
///     case consent(accepted: Bool)
/// }
/// ```
///
/// A step has a stable text identity, ``stepID``, used by traces, graphs,
/// scripts and deep links. The default renders the value the way it is
/// written in Swift, without type names: `welcome`,
/// `consent(accepted: true)`, `captured(positive)`. The engine qualifies it
/// with the flow instance that handles it (`onboarding.welcome`).
public protocol Step: Hashable, Sendable {
    /// The step's stable text identity, unique within its step type.
    ///
    /// The default implementation renders enum cases and their associated
    /// values without module or type names (see ``StepIdentity``). Override
    /// it when a payload has no meaningful text form.
    var stepID: String { get }
}

extension Step {
    /// The step rendered by ``StepIdentity/render(_:)``.
    public var stepID: String { StepIdentity.render(self) }
}

/// `Never` is the step type of a flow that never ends (its exit type) or of
/// a stepper that never emits.
extension Never: Step {
    /// Unreachable: no value of `Never` exists.
    public var stepID: String { switch self {} }
}

/// Renders values as stable text identities.
///
/// `String(describing:)` would write `captured(MyModule.Result.positive)`:
/// it leaks module and type names, which change when code moves. This
/// renderer writes what a person would type instead:
///
/// ```swift
/// StepIdentity.render(ProcedureStep.captured(.positive))   // "captured(positive)"
/// StepIdentity.render(Step.patient(id: "A-12", age: 40)) // "patient(id: \"A-12\", age: 40)"
/// ```
public enum StepIdentity {
    /// Renders `value` as text: enum cases by name, associated values in
    /// parentheses with their labels, strings quoted, nested enums by case
    /// name, other values by `String(describing:)`.
    ///
    /// - Complexity: O(size of the value), using reflection; the engine calls
    ///   it only when an event, trace or graph needs the text, and an
    ///   explorer remembers each step's text for its run.
    public static func render(_ value: Any) -> String {
        var output = ""
        write(value, to: &output)
        return output
    }

    /// The case name of an enum value (`captured` for
    /// `captured(positive)`), read from the value, not cut from its text;
    /// for a value that is not an enum, its whole rendering.
    package static func caseName(of value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum else { return render(value) }
        return mirror.children.first?.label ?? String(describing: value)
    }

    private static func write(_ value: Any, to output: inout String) {
        if let string = value as? String {
            writeQuoted(string, to: &output)
            return
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .enum:
            guard let payload = mirror.children.first else {
                output += String(describing: value)
                return
            }
            output += payload.label ?? String(describing: value)
            output += "("
            writePayload(payload.value, to: &output)
            output += ")"
        case .optional:
            if let wrapped = mirror.children.first {
                write(wrapped.value, to: &output)
            } else {
                output += "nil"
            }
        default:
            output += String(describing: value)
        }
    }

    private static func writePayload(_ payload: Any, to output: inout String) {
        let mirror = Mirror(reflecting: payload)
        guard mirror.displayStyle == .tuple else {
            write(payload, to: &output)
            return
        }
        var first = true
        for child in mirror.children {
            if !first { output += ", " }
            first = false
            if let label = child.label, !label.hasPrefix(".") {
                output += label
                output += ": "
            }
            write(child.value, to: &output)
        }
    }

    private static func writeQuoted(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

}
