import StepflowManifest

/// What a command accepts: the source of its parsing, its help and its
/// usage errors, so they cannot disagree.
struct CommandSpec: Sendable {
    struct Argument: Sendable {
        let name: String
        let help: String
        var isRepeating = false
        var isOptional = false
    }

    struct Option: Sendable {
        let name: String
        var short: Character?
        /// The value's placeholder; `nil` for a flag.
        var value: String?
        let help: String
        /// The values allowed, when the option takes one of a list.
        var choices: [String] = []
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

extension CommandSpec.Option {
    /// `--locale <locale>`: the variant's texts in one of its locales.
    static let locale = CommandSpec.Option(name: "locale", value: "locale", help: "Show the variant's texts in this locale, one the manifest ships (default: its first).")

    /// Options named in the abstract as required (`--format` of graph).
    var isRequired: Bool { help.hasPrefix("(required)") }
}

/// The parsed command line of one command.
struct ParsedArguments: Sendable {
    var positional: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    func value(_ name: String) -> String? { values[name] }
    func flag(_ name: String) -> Bool { flags.contains(name) }
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
        var parsed = ParsedArguments()
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
                      let option = options.first(where: { $0.short == short }) else {
                    throw UsageError(message: "unknown option '\(argument)'.\(suggestion(for: argument))", command: self.name)
                }
                name = option.name
            }
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError(message: "unknown option '\(argument)'.\(suggestion(for: argument))", command: self.name)
            }
            guard let placeholder = option.value else {
                if inlineValue != nil { throw UsageError(message: "'--\(name)' takes no value.", command: self.name) }
                parsed.flags.insert(name)
                continue
            }
            guard let value = inlineValue ?? remaining.popFirst(), !(inlineValue == nil && value.hasPrefix("--")) else {
                throw UsageError(message: "'--\(name)' needs a value: --\(name) <\(placeholder)>\(option.choices.isEmpty ? "" : ", one of \(option.choices.joined(separator: ", "))").", command: self.name)
            }
            if !option.choices.isEmpty && !option.choices.contains(value) {
                let near = Suggestion.nearest(to: value, in: option.choices).map { " Did you mean '\($0)'?" } ?? ""
                throw UsageError(message: "'\(value)' is not a valid \(placeholder) for '--\(name)'.\(near) Allowed: \(option.choices.joined(separator: ", ")).", command: self.name)
            }
            if parsed.values[name] != nil {
                throw UsageError(message: "'--\(name)' is given twice; give it once.", command: self.name)
            }
            parsed.values[name] = value
        }
        for option in options where option.isRequired && parsed.values[option.name] == nil {
            throw UsageError(message: "missing '--\(option.name) <\(option.value ?? "value")>'\(option.choices.isEmpty ? "" : " (one of \(option.choices.joined(separator: ", ")))").\nUsage: \(usage(program: program))", command: self.name)
        }
        let required = arguments.filter { !$0.isOptional }.count
        let repeating = arguments.contains { $0.isRepeating }
        if parsed.positional.count < required {
            let missing = arguments.filter { !$0.isOptional }[parsed.positional.count]
            throw UsageError(message: "missing <\(missing.name)>.\nUsage: \(usage(program: program))", command: self.name)
        }
        if !repeating && parsed.positional.count > arguments.count {
            let extra = parsed.positional[arguments.count]
            throw UsageError(message: "unexpected argument '\(extra)'.\nUsage: \(usage(program: program))", command: self.name)
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
            return ["  " + left] + console.wrap(help, indent: String(repeating: " ", count: column), firstIndent: String(repeating: " ", count: column))
        }
        if !arguments.isEmpty {
            lines += ["", "ARGUMENTS:"]
            for argument in arguments { lines += entry("<\(argument.name)>", named(argument.help)) }
        }
        lines += ["", "OPTIONS:"]
        for option in options {
            let left = (option.short.map { "-\($0), " } ?? "") + "--\(option.name)" + (option.value.map { " <\($0)>" } ?? "")
            lines += entry(left, named(option.help))
        }
        lines += entry("-h, --help", "Show help for this command.")
        lines += ["", ExitCode.table]
        return lines.joined(separator: "\n") + "\n"
    }
}
