import StepflowManifest

/// An acceptance script: what to choose, which screen must be showing,
/// how the app must end. Plain text, one instruction a line:
///
/// ```text
/// # A lay user reads a negative result.
/// expect screen onboarding/welcome
/// choose Get started
/// choose 1
/// back
/// wait
/// expect screen result/negative
/// choose Done
/// expect end result.done
/// ```
struct Script {
    enum Instruction: Equatable {
        /// Choose an action by label or number.
        case choose(String)
        /// The back action.
        case back
        /// Let waiting timers fire.
        case wait
        /// This screen (`instance/screen`) must be on top.
        case expectScreen(String)
        /// The app must have ended; through `instance.exit` if given.
        case expectEnd(String?)
    }

    struct Line {
        let number: Int
        let instruction: Instruction
    }

    let file: String
    let lines: [Line]

    /// A syntax error: the line, what is wrong and the forms allowed.
    struct SyntaxError: Error {
        let file: String
        let line: Int
        let message: String
        var description: String {
            "\(file):\(line): error: \(message) Lines are: choose <label or number>, back, wait, expect screen <instance/screen>, expect end [<instance.exit>], or # comments."
        }
    }

    /// Parses `text`, the script `file`.
    static func parse(_ text: String, file: String) throws(SyntaxError) -> Script {
        var lines: [Line] = []
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters()
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let number = offset + 1
            let words = line.split(separator: " ", maxSplits: 1).map(String.init)
            let rest = words.count > 1 ? words[1].trimmingCharacters() : ""
            switch words[0].lowercased() {
            case "choose":
                guard !rest.isEmpty else { throw SyntaxError(file: file, line: number, message: "'choose' needs an action's label or number.") }
                lines.append(Line(number: number, instruction: .choose(rest)))
            case "back":
                lines.append(Line(number: number, instruction: .back))
            case "wait":
                lines.append(Line(number: number, instruction: .wait))
            case "expect":
                let parts = rest.split(separator: " ", maxSplits: 1).map(String.init)
                switch parts.first?.lowercased() {
                case "screen" where parts.count == 2:
                    lines.append(Line(number: number, instruction: .expectScreen(parts[1].trimmingCharacters())))
                case "end":
                    lines.append(Line(number: number, instruction: .expectEnd(parts.count == 2 ? parts[1].trimmingCharacters() : nil)))
                default:
                    throw SyntaxError(file: file, line: number, message: "'expect' takes 'screen <instance/screen>' or 'end [<instance.exit>]', not '\(rest)'.")
                }
            default:
                let word = line.split(separator: " ").first.map(String.init) ?? ""
                let hint = Suggestion.nearest(to: word, in: ["choose", "back", "wait", "expect"])
                throw SyntaxError(file: file, line: number, message: "unknown instruction '\(line)'.\(hint.map { " Did you mean '\($0)'?" } ?? "")")
            }
        }
        return Script(file: file, lines: lines)
    }
}

extension StringProtocol {
    /// Without leading and trailing white space.
    func trimmingCharacters() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
