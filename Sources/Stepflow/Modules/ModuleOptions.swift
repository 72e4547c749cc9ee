/// A module instance's options: every declared option, from the manifest or
/// its default, already checked against the module's ``OptionSpec``s.
///
/// ```swift
/// let sample = options.choice("sample", as: SampleType.self)   // .nasal
/// let minutes = options.integer("waitMinutes")                 // 15
/// ```
///
/// Reading an option the module did not declare is a programming error in
/// the module and stops the program with a message naming the option.
public struct ModuleOptions: Hashable, Sendable {
    /// The values by option name.
    public let values: [String: ModuleValue]

    /// The options: `values` over the specs' defaults. Values are not
    /// checked here; the manifest layer checks them before making options,
    /// and refuses a manifest that omits a required option. A required
    /// option missing from `values` (a tool surveying the module, a test)
    /// takes the spec's ``OptionSpec/example``.
    public init(specs: [OptionSpec], values: [String: ModuleValue] = [:]) {
        var merged: [String: ModuleValue] = [:]
        for spec in specs { merged[spec.name] = values[spec.name] ?? spec.defaultValue ?? spec.example }
        self.values = merged
    }

    private init(values: [String: ModuleValue]) { self.values = values }

    /// These options with `changes` in place of their values; a name not
    /// among the options is left out.
    public func replacing(_ changes: [String: ModuleValue]) -> ModuleOptions {
        ModuleOptions(values: values.merging(changes.filter { values[$0.key] != nil }) { $1 })
    }

    private func value(_ name: String) -> ModuleValue {
        guard let value = values[name] else {
            preconditionFailure(
                """
                The module read option '\(name)', which it does not declare. Declared: \(values.keys.sorted()). To \
                fix, add it to the module's options.
                """
            )
        }
        return value
    }

    /// The integer option `name`.
    public func integer(_ name: String) -> Int {
        guard case .integer(let number) = value(name) else { preconditionFailure("option '\(name)' is not an integer") }
        return number
    }

    /// The boolean option `name`.
    public func boolean(_ name: String) -> Bool {
        guard case .boolean(let flag) = value(name) else { preconditionFailure("option '\(name)' is not a boolean") }
        return flag
    }

    /// The text option `name`.
    public func text(_ name: String) -> String {
        guard case .text(let string) = value(name) else { preconditionFailure("option '\(name)' is not text") }
        return string
    }

    /// The choice option `name` as the module's own enum.
    public func choice<Choice: RawRepresentable>(_ name: String, as type: Choice.Type) -> Choice
    where Choice.RawValue == String {
        guard let choice = Choice(rawValue: text(name)) else {
            preconditionFailure("option '\(name)': \(text(name)) is not a \(Choice.self)")
        }
        return choice
    }
}

/// Data handed from one module to the next: the fields of an exit, read by
/// the next module's entry. The manifest layer checks that every route
/// hands the target module the fields its entry needs.
public struct Handoff: Hashable, Sendable, CustomStringConvertible {
    /// The values by field name.
    public var fields: [String: ModuleValue]

    /// A handoff with `fields`.
    public init(_ fields: [String: ModuleValue] = [:]) { self.fields = fields }

    /// The text or choice field `name`, if present.
    public func text(_ name: String) -> String? {
        if case .text(let string) = fields[name] { return string }
        return nil
    }

    /// The integer field `name`, if present.
    public func integer(_ name: String) -> Int? {
        if case .integer(let number) = fields[name] { return number }
        return nil
    }

    /// The choice field `name` as the module's own enum, if present and valid.
    public func choice<Choice: RawRepresentable>(_ name: String, as type: Choice.Type) -> Choice?
    where Choice.RawValue == String {
        text(name).flatMap(Choice.init(rawValue:))
    }

    /// `{}` or `{patient: "A-1024", result: "positive"}`, fields sorted.
    public var description: String {
        "{" + fields.keys.sorted().map { "\($0): \(fields[$0]!)" }.joined(separator: ", ") + "}"  // keys from `fields`
    }
}
