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

    /// The value `text` (as an address or a script writes it) means for
    /// this kind, or `nil` when it means none: a whole number, `true` or
    /// `false`, one of the choices, any text.
    package func value(reading text: String) -> ModuleValue? {
        let value: ModuleValue? =
            switch self {
            case .integer: Int(text).map(ModuleValue.integer)
            case .boolean: text == "true" ? .boolean(true) : text == "false" ? .boolean(false) : nil
            case .choice, .text: .text(text)
            }
        return value.flatMap { accepts($0) ? $0 : nil }
    }

    /// Whether `value` is of this kind (and in range, or among the choices).
    package func accepts(_ value: ModuleValue) -> Bool {
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
/// values it accepts, and either its default or that the manifest must
/// give it. The manifest layer checks a manifest's options against these,
/// fills in defaults, and refuses a manifest that omits a required option.
///
/// ```swift
/// OptionSpec("waitMinutes", .integer(1...60), default: .integer(15), summary: "How long the test develops.")
/// OptionSpec.required("hotline", .text, example: .text("0800 123 4567"), summary: "The support phone number shown.")
/// OptionSpec(
///     "hours", .text, default: .text("Monday to Friday"), summary: "When the hotline answers.", translatable: true)
/// ```
///
/// Make an option required when a made-up default could reach a person
/// who acts on it (a phone number, the lab results are sent to).
public struct OptionSpec: Hashable, Sendable {
    /// The option's name in the manifest (`"waitMinutes"`).
    public let name: String
    /// One line on what it changes.
    public let summary: String
    /// The values it accepts.
    public let kind: ValueKind
    /// The value when the manifest gives none; `nil` when the option is
    /// required (see ``isRequired``). Always accepted by `kind`.
    public let defaultValue: ModuleValue?
    /// A value the option accepts, for tools that survey a module and for
    /// its contract tests: the default, or for a required option the
    /// example the module gives. Never shown to a person of a variant,
    /// whose manifest must give the value.
    public let example: ModuleValue
    /// Whether the value is words a person reads (opening hours), so a
    /// variant that ships several locales gives it per locale. A phone
    /// number is not. Only text options can be translatable.
    package let isTranslatable: Bool

    /// For a required option: the other options' values under which it
    /// is required (all of them must hold; empty: always). A professional
    /// result screen needs the lab results go to; a lay one shows none.
    public let requiredWhen: [String: ModuleValue]

    /// Whether a manifest must give the option (under ``requiredWhen``):
    /// it has no default.
    public var isRequired: Bool { defaultValue == nil }

    /// When a required option is required, as words: ` when advice is
    /// "professional"`; empty when it always is, or is not required.
    package var requiredWhenDescription: String {
        requiredWhen.isEmpty
            ? ""
            // keys of requiredWhen
            : " when " + requiredWhen.keys.sorted().map { "\($0) is \(requiredWhen[$0]!)" }.joined(separator: " and ")
    }

    /// Whether a manifest with these option values must give this option.
    package func isRequired(given values: [String: ModuleValue]) -> Bool {
        isRequired && requiredWhen.allSatisfy { values[$0.key] == $0.value }
    }

    /// Declares an option with a default. `defaultValue` must be accepted by `kind`.
    public init(
        _ name: String, _ kind: ValueKind, default defaultValue: ModuleValue, summary: String,
        translatable: Bool = false
    ) {
        self.init(
            name, kind, defaultValue: defaultValue, example: defaultValue, summary: summary, translatable: translatable,
            when: [:])
    }

    private init(
        _ name: String, _ kind: ValueKind, defaultValue: ModuleValue?, example: ModuleValue, summary: String,
        translatable: Bool, when: [String: ModuleValue]
    ) {
        precondition(
            kind.accepts(example),
            "option '\(name)': \(defaultValue == nil ? "example" : "default") \(example) is not \(kind)")
        precondition(!translatable || kind == .text, "option '\(name)': only a text option can be translatable")
        self.name = name
        self.summary = summary
        self.kind = kind
        self.defaultValue = defaultValue
        self.example = example
        self.isTranslatable = translatable
        self.requiredWhen = when
    }

    /// Declares an option every manifest must give: it has no default, and
    /// a manifest that omits it is refused when it loads, naming it.
    /// `example` must be accepted by `kind`. With `when`, it is required
    /// only while the other options have those values
    /// (`when: ["advice": .text("professional")]`).
    public static func required(
        _ name: String, _ kind: ValueKind, example: ModuleValue, summary: String, translatable: Bool = false,
        when: [String: ModuleValue] = [:]
    ) -> OptionSpec {
        OptionSpec(
            name, kind, defaultValue: nil, example: example, summary: summary, translatable: translatable, when: when)
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
    package let isRequired: Bool
    /// For a link's parameter: the classes its values fall into, as an
    /// ``EntryField``'s (a rule, a representative, and for a class the app
    /// refuses, the reason). A value in no class, or in a class that
    /// refuses, is refused before any flow sees the link
    /// (``LinkRefusal/entry``); analysis opens the link with each taken
    /// class's representative, and proves each refusing class refused.
    /// Empty: every value of the kind is taken. On an entry or exit field
    /// the module contract refuses classes: nothing would check them.
    public let classes: [ValueClass]

    /// Declares a field.
    public init(_ name: String, _ kind: ValueKind, required: Bool = true) {
        self.name = name
        self.kind = kind
        self.isRequired = required
        self.classes = []
    }

    /// Declares a link parameter whose values fall into `classes`.
    ///
    /// ```swift
    /// FieldSpec("patient", .text, classes: [
    ///     ValueClass("wellFormed", label: "P- and four digits", .pattern(#"P-\d{4}"#), representative: "P-1024"),
    ///     ValueClass("malformed", label: "anything else", .pattern(".*"), representative: "1024",
    ///                refusal: "A patient id is P- and four digits, as on the card."),
    /// ])
    /// ```
    public init(_ name: String, _ kind: ValueKind, required: Bool = true, classes: [ValueClass]) {
        self.name = name
        self.kind = kind
        self.isRequired = required
        self.classes = classes
    }

    /// The parameter as an entry field (the same classes, checked the same
    /// way), or `nil` when it declares no class.
    package var entryField: EntryField? {
        classes.isEmpty ? nil : EntryField(name, label: name, kind: entryKind, classes: classes)
    }

    /// The entry field kind its values are checked as.
    package var entryKind: EntryField.Kind {
        switch kind {
        case .text: .text
        case .integer: .number
        case .choice: .choice
        case .boolean: .toggle
        }
    }

    /// The values analysis opens a link with for this parameter, as typed
    /// in an address: each taken class's representative, or with no class,
    /// every choice, both booleans, an integer's bounds, text as
    /// `"name-1"`.
    package var representativeTexts: [String] {
        if let field = entryField { return field.acceptedClasses.map(\.representative) }
        return switch kind {
        case .choice(let choices): choices
        case .boolean: ["false", "true"]
        case .integer(let range): [String(range.lowerBound), String(range.upperBound)]
        case .text: ["\(name)-1"]
        }
    }
}
