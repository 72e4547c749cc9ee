import StepflowManifest

/// What a command accepts: the source of its parsing, its help and its
/// usage errors, so they cannot disagree.
struct CommandSpec: Sendable {
    struct Argument: Sendable {
        let name: String
        let help: String
        var isRepeating = false
        var isOptional = false
        /// The fixed values it takes (`bash`, `zsh`, `fish`): what
        /// completion offers in its place; empty for a file.
        var choices: [String] = []
    }

    /// An option as the parser, the help and the completion see it;
    /// made by an ``OptionKey`` or a ``FlagKey``, never by hand.
    struct Option: Sendable {
        let name: String
        var short: Character?
        /// The value's placeholder; `nil` for a flag.
        var value: String?
        let help: String
        /// The values allowed, when the option takes one of a list.
        var choices: [String] = []
        /// Whether the command cannot run without it.
        var isRequired = false
        /// Turns the text given into the option's value, or says why not.
        var convert: @Sendable (String) -> Result<any Sendable, Refusal> = { .success($0) }
    }

    /// Why an option's value was refused: a sentence for a usage error.
    struct Refusal: Error, Sendable {
        let message: String
    }

    let name: String
    let abstract: String
    var discussion: String = ""
    var arguments: [Argument] = []
    var options: [Option] = []

    /// `rootapp graph <manifest> --format <format> [--output <file>]`.
    func usage(program: String) -> String {
        var parts = [program, name]
        for argument in arguments {
            var text = "<\(argument.name)>"
            if argument.isRepeating { text += " ..." }
            parts.append(argument.isOptional ? "[\(text)]" : text)
        }
        for option in options {
            let text = "--\(option.name)" + (option.value.map { " <\($0)>" } ?? "")
            parts.append(option.isRequired ? text : "[\(text)]")
        }
        return parts.joined(separator: " ")
    }
}

/// An option that takes a value, declared once as a static constant of
/// its command: the spec lists it, the parser converts its text to
/// `Value` (refusing a bad one with a usage error), and the command reads
/// it typed, `arguments[Self.limit]`. A misspelt name does not compile.
struct OptionKey<Value: Sendable>: Sendable {
    let option: CommandSpec.Option

    /// An option whose value is converted by `convert`.
    init(
        _ name: String, short: Character? = nil, value placeholder: String, help: String,
        isRequired: Bool = false, choices: [String] = [],
        convert: @escaping @Sendable (String) -> Result<Value, CommandSpec.Refusal>
    ) {
        option = CommandSpec.Option(
            name: name, short: short, value: placeholder, help: help, choices: choices, isRequired: isRequired,
            convert: { text in convert(text).map { $0 as any Sendable } })
    }
}

extension OptionKey where Value == String {
    /// An option whose value is the text given: a path, an id.
    init(_ name: String, short: Character? = nil, value placeholder: String, help: String, isRequired: Bool = false) {
        self.init(name, short: short, value: placeholder, help: help, isRequired: isRequired) { .success($0) }
    }
}

extension OptionKey where Value == Int {
    /// A whole number in `range`.
    init(_ name: String, value placeholder: String, help: String, range: ClosedRange<Int>) {
        self.init(name, value: placeholder, help: help) { text in
            guard let number = Int(text), range.contains(number) else {
                let bounds =
                    range.upperBound == .max
                    ? "above \(range.lowerBound - 1)" : "from \(range.lowerBound) to \(range.upperBound)"
                return .failure(
                    CommandSpec.Refusal(message: "--\(name) takes a whole number \(bounds), not '\(text)'."))
            }
            return .success(number)
        }
    }
}

extension OptionKey where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of `Value`'s cases, by raw value; the choices the help and the
    /// completion offer are its cases.
    init(_ name: String, value placeholder: String, help: String, isRequired: Bool = false) {
        let choices = Value.allCases.map(\.rawValue)
        self.init(name, value: placeholder, help: help, isRequired: isRequired, choices: choices) { text in
            // The parser has checked the text is one of the choices.
            Value(rawValue: text).map { .success($0) }
                ?? .failure(CommandSpec.Refusal(message: "'\(text)' is not one of \(choices)."))
        }
    }
}

/// An option without a value, declared like an ``OptionKey``.
struct FlagKey: Sendable {
    let option: CommandSpec.Option

    init(_ name: String, help: String) {
        option = CommandSpec.Option(name: name, help: help)
    }
}

extension OptionKey where Value == String {
    /// `--locale <locale>`: the variant's texts in one of its locales.
    static let locale = OptionKey(
        "locale", value: "locale",
        help: "Show the variant's texts in this locale, one the manifest ships (default: its first).")

    /// `-o, --output <file>`: a file instead of standard output.
    static let outputFile = OptionKey.output(
        """
        Write to this file instead of standard output (checked before any work; written whole, or not at all). \
        '-' is standard output.
        """)

    /// `-o, --output <…>`: where the result goes.
    static func output(_ help: String, value: String = "file", isRequired: Bool = false) -> Self {
        OptionKey("output", short: "o", value: value, help: help, isRequired: isRequired)
    }
}

/// The parsed command line of one command: its positional arguments, and
/// its options as the values their keys convert them to.
struct ParsedArguments: Sendable {
    var positional: [String] = []
    private(set) var values: [String: any Sendable] = [:]
    private(set) var flags: Set<String> = []
    /// The options the command declares: reading another is a bug.
    let declared: Set<String>

    init(declared: Set<String>) { self.declared = declared }

    mutating func set(_ name: String, to value: any Sendable) { values[name] = value }
    mutating func raise(_ name: String) { flags.insert(name) }
    func isGiven(_ name: String) -> Bool { values[name] != nil || flags.contains(name) }

    /// The value of `key`, or `nil` when the command line does not give it.
    subscript<Value>(_ key: OptionKey<Value>) -> Value? {
        assert(declared.contains(key.option.name), "--\(key.option.name) is not in the command's spec")
        return values[key.option.name] as? Value
    }

    /// Whether the command line gives `flag`.
    subscript(_ flag: FlagKey) -> Bool {
        assert(declared.contains(flag.option.name), "--\(flag.option.name) is not in the command's spec")
        return flags.contains(flag.option.name)
    }
}

/// A wrong command line: what is wrong, for which command.
struct UsageError: Error, Sendable {
    let message: String
    let command: String?

    /// `error: …` then the pointer to `--help`.
    func text(program: String) -> String {
        let help = command.map { "\(program) \($0) --help" } ?? "\(program) --help"
        return "error: \(message)\nSee '\(help)'."
    }
}

extension CommandSpec {
    /// Parses `arguments` (after the command name) against this spec.
    func parse(_ words: [String], program: String) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments(declared: Set(options.map(\.name)))
        var remaining = words[...]
        var onlyPositional = false
        while let argument = remaining.popFirst() {
            if onlyPositional || !argument.hasPrefix("-") || argument == "-" {
                parsed.positional.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositional = true
                continue
            }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                guard argument.count == 2, let short = argument.last,
                    let option = options.first(where: { $0.short == short })
                else {
                    throw UsageError(
                        message: "unknown option '\(argument)'.\(suggestion(for: argument))", command: self.name)
                }
                name = option.name
            }
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError(
                    message: "unknown option '\(argument)'.\(suggestion(for: argument))", command: self.name)
            }
            guard let placeholder = option.value else {
                if inlineValue != nil { throw UsageError(message: "'--\(name)' takes no value.", command: self.name) }
                parsed.raise(name)
                continue
            }
            guard let value = inlineValue ?? remaining.popFirst(), !(inlineValue == nil && value.hasPrefix("--")) else {
                let choices = option.choices.isEmpty ? "" : ", one of \(option.choices.joined(separator: ", "))"
                throw UsageError(
                    message:
                        """
                        '--\(name)' needs a value: --\(name) <\(placeholder)>\(choices).
                        """,
                    command: self.name)
            }
            if !option.choices.isEmpty && !option.choices.contains(value) {
                let near = Suggestion.nearest(to: value, in: option.choices).map { " Did you mean '\($0)'?" } ?? ""
                throw UsageError(
                    message:
                        """
                        '\(value)' is not a valid \(placeholder) for '--\(name)'.\(near) Allowed: \
                        \(option.choices.joined(separator: ", ")).
                        """,
                    command: self.name)
            }
            if parsed.isGiven(name) {
                throw UsageError(message: "'--\(name)' is given twice; give it once.", command: self.name)
            }
            switch option.convert(value) {
            case .success(let converted): parsed.set(name, to: converted)
            case .failure(let refusal): throw UsageError(message: refusal.message, command: self.name)
            }
        }
        for option in options where option.isRequired && !parsed.isGiven(option.name) {
            throw UsageError(
                message:
                    "missing '--\(option.name) " + "<\(option.value ?? "value")>"
                    + "'\(option.choices.isEmpty ? "" : " (one of \(option.choices.joined(separator: ", ")))")."
                    + "\nUsage: \(usage(program: program))",
                command: self.name)
        }
        let required = arguments.filter { !$0.isOptional }.count
        let repeating = arguments.contains { $0.isRepeating }
        if parsed.positional.count < required {
            let missing = arguments.filter { !$0.isOptional }[parsed.positional.count]
            throw UsageError(
                message: "missing <\(missing.name)>.\nUsage: \(usage(program: program))", command: self.name)
        }
        if !repeating && parsed.positional.count > arguments.count {
            let extra = parsed.positional[arguments.count]
            throw UsageError(
                message: "unexpected argument '\(extra)'.\nUsage: \(usage(program: program))", command: self.name)
        }
        return parsed
    }

    private func suggestion(for argument: String) -> String {
        let names = options.map { "--\($0.name)" } + ["--help"]
        return Suggestion.nearest(to: argument, in: names).map { " Did you mean '\($0)'?" } ?? ""
    }

    /// `text`, written of `rootapp`, for the program `program`.
    static func named(_ text: String, program: String) -> String {
        program == "rootapp" ? text : text.replacing("rootapp", with: program)
    }

    /// The command's help for the program `program`, wrapped to `width`.
    /// Texts name the program `rootapp`; another program's name replaces it.
    func help(width: Int, program: String) -> String {
        let console = Console(out: { _ in }, err: { _ in }, width: width)
        func named(_ text: String) -> String { Self.named(text, program: program) }
        var lines = console.wrap("OVERVIEW: \(abstract)", indent: "  ", firstIndent: "")
        if !discussion.isEmpty {
            lines.append("")
            for paragraph in named(discussion).split(separator: "\n", omittingEmptySubsequences: false) {
                lines += paragraph.isEmpty ? [""] : console.wrap(String(paragraph), indent: "  ", firstIndent: "  ")
            }
        }
        lines.append("")
        lines += console.wrap("USAGE: \(usage(program: program))", indent: "         ", firstIndent: "")
        func entry(_ left: String, _ help: String) -> [String] {
            let column = 26
            if left.count + 4 <= column {
                let first = "  " + left + String(repeating: " ", count: column - 2 - left.count)
                return console.wrap(help, indent: String(repeating: " ", count: column), firstIndent: first)
            }
            return ["  " + left]
                + console.wrap(
                    help, indent: String(repeating: " ", count: column),
                    firstIndent: String(repeating: " ", count: column))
        }
        if !arguments.isEmpty {
            lines += ["", "ARGUMENTS:"]
            for argument in arguments { lines += entry("<\(argument.name)>", named(argument.help)) }
        }
        lines += ["", "OPTIONS:"]
        for option in options {
            let left =
                (option.short.map { "-\($0), " } ?? "") + "--\(option.name)" + (option.value.map { " <\($0)>" } ?? "")
            lines += entry(left, named((option.isRequired ? "(required) " : "") + option.help))
        }
        lines += entry("-h, --help", "Show help for this command.")
        lines += ["", ExitCode.table]
        return lines.joined(separator: "\n") + "\n"
    }
}
