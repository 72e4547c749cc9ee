import StepflowManifest

/// `rootapp completion bash|zsh|fish`: a completion script made from the
/// commands' own specs, so it always offers what the parser accepts.
enum CompletionCommand {
    static let command = RootApp.Command(
        spec: CommandSpec(
            name: "completion",
            abstract: "Print a shell completion script: bash, zsh or fish.",
            discussion:
                """
                bash: source <(rootapp completion bash), or save it in /etc/bash_completion.d/. zsh: rootapp \
                completion zsh > \"${fpath[1]}/_rootapp\". fish: rootapp completion fish > \
                ~/.config/fish/completions/rootapp.fish. Commands, options and their fixed values are completed; \
                manifests and scripts as file names.
                """,
            arguments: [.init(name: "shell", help: "bash, zsh or fish.", choices: ["bash", "zsh", "fish"])]
        )
    ) { arguments, console, app throws(ExitCodeError) in
        let shell = arguments.positional[0]
        let specs = RootApp.commands.map(\.spec)
        switch shell {
        case "bash": console.out(bash(specs, program: app.name))
        case "zsh": console.out(zsh(specs, program: app.name))
        case "fish": console.out(fish(specs, program: app.name))
        default:
            let hint =
                Suggestion.nearest(to: shell, in: ["bash", "zsh", "fish"]).map { " Did you mean '\($0)'?" } ?? ""
            console.error(
                UsageError(
                    message: "no completion for '\(shell)'.\(hint) Shells: bash, zsh, fish.", command: "completion"
                ).text(program: app.name))
            return .usage
        }
        return .success
    }

    /// The shell function for `program`: `_rootapp`, `_team_app`.
    private static func function(_ program: String) -> String {
        "_" + String(program.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }

    private static func names(_ specs: [CommandSpec]) -> String {
        (specs.map(\.name) + ["help"]).joined(separator: " ")
    }

    private static func options(_ spec: CommandSpec) -> [String] {
        spec.options.flatMap { option in ["--\(option.name)"] + (option.short.map { ["-\($0)"] } ?? []) } + ["--help"]
    }

    static func bash(_ specs: [CommandSpec], program: String = "rootapp") -> String {
        var cases = ""
        for spec in specs {
            cases += "        \(spec.name))\n"
            for option in spec.options where !option.choices.isEmpty {
                cases +=
                    "            if [[ \"$previous\" == --\(option.name) ]]; then COMPREPLY=($(compgen -W "
                    + "\"\(option.choices.joined(separator: " "))\" -- \"$current\")); return; fi\n"
            }
            cases +=
                "            if [[ \"$current\" == -* ]]; then COMPREPLY=($(compgen -W "
                + "\"\(options(spec).joined(separator: " "))\" -- \"$current\")); return; fi\n"
            // A first argument of fixed values (`export maestro`) completes them, not files.
            if let first = spec.arguments.first, !first.choices.isEmpty {
                cases +=
                    "            if [[ $COMP_CWORD -eq 2 ]]; then COMPREPLY=($(compgen -W "
                    + "\"\(first.choices.joined(separator: " "))\" -- \"$current\")); return; fi\n"
            }
            cases += "            COMPREPLY=($(compgen -f -- \"$current\")) ;;\n"
        }
        return """
            # bash completion for \(program) (made by `\(program) completion bash`)
            \(function(program))() {
                local current="${COMP_WORDS[COMP_CWORD]}" previous="${COMP_WORDS[COMP_CWORD-1]}"
                if [[ $COMP_CWORD -eq 1 ]]; then
                    COMPREPLY=($(compgen -W "\(names(specs)) --help --version" -- "$current"))
                    return
                fi
                case "${COMP_WORDS[1]}" in
                    help) COMPREPLY=($(compgen -W "\(names(specs))" -- "$current")) ;;
            \(cases)    esac
            }
            complete -o filenames -F \(function(program)) \(program)

            """
    }

    static func zsh(_ specs: [CommandSpec], program: String = "rootapp") -> String {
        func quote(_ text: String) -> String {
            text.replacing("'", with: "'\\''").replacing(":", with: "\\:").replacing("[", with: "\\[").replacing(
                "]", with: "\\]")
        }
        var functions = ""
        for spec in specs {
            var lines = spec.options.map { option -> String in
                let value =
                    option.value.map { placeholder in
                        option.choices.isEmpty
                            ? ":\(placeholder):_files" : ":\(placeholder):(\(option.choices.joined(separator: " ")))"
                    } ?? ""
                return "'--\(option.name)[\(quote(CommandSpec.named(option.help, program: program)))]\(value)'"
            }
            if let first = spec.arguments.first, !first.choices.isEmpty {
                lines.append("'1:\(first.name):(\(first.choices.joined(separator: " ")))'")
            }
            if spec.arguments.count > 1 || spec.arguments.first?.choices.isEmpty != false {
                lines.append("'*:file:_files'")
            }
            functions +=
                "    \(spec.name)) _arguments \\\n        " + lines.joined(separator: " \\\n        ") + " ;;\n"
        }
        let described = specs.map { "'\($0.name):\(quote($0.abstract))'" }.joined(separator: " ")
        return """
            #compdef \(program)
            # zsh completion for \(program) (made by `\(program) completion zsh`)
            \(function(program))() {
              if (( CURRENT == 2 )); then
                local -a commands=(\(described) 'help:Show help for a command.')
                _describe command commands
                return
              fi
              case ${words[2]} in
                help) _values command \(names(specs)) ;;
            \(functions)  esac
            }
            \(function(program)) "$@"

            """
    }

    static func fish(_ specs: [CommandSpec], program: String = "rootapp") -> String {
        func quote(_ text: String) -> String {
            "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
        }
        var lines = [
            "# fish completion for \(program) (made by `\(program) completion fish`)",
            "complete -c \(program) -n __fish_use_subcommand -a help -d \(quote("Show help for a command."))",
        ]
        for spec in specs {
            lines.append("complete -c \(program) -n __fish_use_subcommand -a \(spec.name) -d \(quote(spec.abstract))")
            if let first = spec.arguments.first, !first.choices.isEmpty {
                // Its values, and no file, while it is the only word after the command.
                lines.append(
                    "complete -c \(program) -n '__fish_seen_subcommand_from \(spec.name); and "
                        + "test (count (commandline -opc)) -eq 2' -f -a \(quote(first.choices.joined(separator: " ")))")
            }
            for option in spec.options {
                var line = "complete -c \(program) -n '__fish_seen_subcommand_from \(spec.name)' -l \(option.name)"
                if let short = option.short { line += " -s \(short)" }
                if option.value != nil {
                    line += option.choices.isEmpty ? " -r -F" : " -x -a \(quote(option.choices.joined(separator: " ")))"
                }
                lines.append(line + " -d \(quote(CommandSpec.named(option.help, program: program)))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
