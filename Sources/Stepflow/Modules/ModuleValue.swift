/// A value in a manifest's module options or in a handoff between modules.
public enum ModuleValue: Hashable, Sendable, CustomStringConvertible {
    /// A whole number.
    case integer(Int)
    /// Text; also the value of a choice.
    case text(String)
    /// True or false.
    case boolean(Bool)

    /// As written in JSON: `15`, `"nasal"`, `true`.
    public var description: String {
        switch self {
        case .integer(let value): String(value)
        case .text(let value): "\"\(value)\""
        case .boolean(let value): String(value)
        }
    }
}

/// What values an option or a handoff field accepts.
public enum ValueKind: Hashable, Sendable, CustomStringConvertible {
    /// A whole number within the range.
    case integer(ClosedRange<Int>)
    /// One of these strings.
    case choice([String])
    /// `true` or `false`.
    case boolean
    /// Any string.
    case text

    /// Whether `value` is of this kind (and in range, or among the choices).
    public func accepts(_ value: ModuleValue) -> Bool {
        switch (self, value) {
        case (.integer(let range), .integer(let number)): range.contains(number)
        case (.choice(let choices), .text(let string)): choices.contains(string)
        case (.boolean, .boolean), (.text, .text): true
        default: false
        }
    }

    /// `integer 1...60`, `one of "lay", "professional"`, `boolean`, `text`.
    public var description: String {
        switch self {
        case .integer(let range): "integer \(range.lowerBound)...\(range.upperBound)"
        case .choice(let choices): "one of " + choices.map { "\"\($0)\"" }.joined(separator: ", ")
        case .boolean: "boolean"
        case .text: "text"
        }
    }
}

/// A module option as the module declares it: its name, what it means, the
/// values it accepts and its default. The manifest layer checks a manifest's
/// options against these and fills in defaults.
public struct OptionSpec: Hashable, Sendable {
    /// The option's name in the manifest (`"waitMinutes"`).
    public let name: String
    /// One line on what it changes.
    public let summary: String
    /// The values it accepts.
    public let kind: ValueKind
    /// The value when the manifest gives none; always accepted by `kind`.
    public let defaultValue: ModuleValue

    /// Declares an option. `defaultValue` must be accepted by `kind`.
    public init(_ name: String, _ kind: ValueKind, default defaultValue: ModuleValue, summary: String) {
        precondition(kind.accepts(defaultValue), "option '\(name)': default \(defaultValue) is not \(kind)")
        self.name = name
        self.summary = summary
        self.kind = kind
        self.defaultValue = defaultValue
    }
}

/// A field of a handoff: a named value one module's exit carries and
/// another module's entry reads.
public struct FieldSpec: Hashable, Sendable {
    /// The field's name (`"result"`).
    public let name: String
    /// The values it holds.
    public let kind: ValueKind
    /// For an entry field: whether the module cannot start without it.
    /// Validation proves every route into the module supplies a required
    /// field; an optional one is read when present.
    public let isRequired: Bool
    /// Declares a field.
    public init(_ name: String, _ kind: ValueKind, required: Bool = true) {
        self.name = name
        self.kind = kind
        self.isRequired = required
    }
}
