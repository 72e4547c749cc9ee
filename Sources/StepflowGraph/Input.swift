import StepflowManifest

/// One thing a person, a script, a page or a test can do to a running
/// variant, as a value: the input language of every tool, read and
/// written here and nowhere else.
///
/// Its line (``scriptLine``) is what a script holds and what `trace`,
/// `paths`, `suite`, `walk --record`, the Maestro comments and the
/// prototype's downloaded walk print; ``init(line:)`` reads it back, and
/// with it every line those tools print, the note `trace` puts after an
/// input included. ``typed`` is the short form a person types in
/// `rootapp walk` (`2`, `Get started`, `b`, `s`).
///
/// ```swift
/// let input = try Input(line: "answer camera-permission granted (camera allowed)")
/// input == .answer(source: "camera-permission", answer: "granted")  // true
/// input.scriptLine  // "answer camera-permission granted"
/// ```
///
/// This enum grows as inputs do (a field's value, a deep link, a tab):
/// end a `switch` over it with `@unknown default:`.
public enum Input: Hashable, Sendable, CustomStringConvertible {
    /// How an input names an action of the screen on top.
    public enum Action: Hashable, Sendable {
        /// By its text key, the same in every locale (`privacy.agree`).
        case key(String)
        /// By its number from 1, as the walk numbers them (back actions aside).
        case number(Int)
        /// By its label in the session's locale, compared as
        /// ``names(_:_:)`` compares: case-insensitively, a keyboard's
        /// quote for a typographic one.
        case label(String)

        /// Whether `typed` names `label` as a person types it: the same
        /// letters in any case, and a keyboard's `'` and `"` for each
        /// typographic apostrophe and quote (`Los geht's` for
        /// `Los geht’s`, `"OK"` for `„OK“`).
        package static func names(_ typed: String, _ label: String) -> Bool {
            folded(typed) == folded(label)
        }

        /// `text` lowercased, with its typographic quotes as a keyboard's.
        static func folded(_ text: String) -> String {
            var out = ""
            for scalar in text.lowercased().unicodeScalars {
                switch scalar {
                case "\u{2018}", "\u{2019}", "\u{201A}", "\u{201B}", "\u{2032}", "\u{00B4}", "\u{0060}":
                    out.unicodeScalars.append("'")
                case "\u{201C}", "\u{201D}", "\u{201E}", "\u{201F}", "\u{2033}", "\u{00AB}", "\u{00BB}":
                    out.unicodeScalars.append("\"")
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out
        }

        /// The action `text` names as a person types it: `[key]`, a
        /// number from 1, or else a label.
        package init(typed text: String) {
            if text.count > 2, text.hasPrefix("["), text.hasSuffix("]") {
                self = .key(String(text.dropFirst().dropLast()))
            } else if let number = Int(text), number > 0 {
                self = .number(number)
            } else {
                self = .label(text)
            }
        }
    }

    /// Choose an action of the screen on top.
    ///
    /// `Action(typed:)` reads what a person types for one: `[key]`, a number, or a label.
    case choose(Action)
    /// The screen's way back.
    case back
    /// Let a waiting timer finish now.
    case wait
    /// The outside source `source` (a question's id, or a stepper's
    /// `outside` id) answers `answer`.
    case answer(source: String, answer: String)
    /// A live stepper of type `stepper` emits the step `step` it declares.
    case emit(stepper: String, step: String)
    /// Type `value` into the field `field` of the screen on top; the
    /// action chosen next submits it.
    case enter(field: String, value: String)
    /// The outside world opens the link at this address (a notification,
    /// a universal link), as the variant's manifest routes it.
    case link(String)
    /// Select the section (tab) of this name of a flow whose section bar
    /// shows: the innermost such flow first.
    case select(String)
    /// Open the app again once it has ended, with what its device keeps
    /// (a result waiting for the lab): `relaunch`.
    case relaunch

    /// The line a script holds: `choose [privacy.agree]`, `choose 2`,
    /// `choose "Get started"`, `back`, `wait`, `answer camera-permission
    /// granted`, `emit SendWhenConnected sentLater`.
    package var scriptLine: String {
        switch self {
        case .choose(.key(let key)): "choose [\(key)]"
        case .choose(.number(let number)): "choose \(number)"
        case .choose(.label(let label)): "choose \"\(label)\""
        case .back: "back"
        case .wait: "wait"
        case .answer(let source, let answer): "answer \(source) \(answer)"
        case .emit(let stepper, let step): "emit \(stepper) \(step)"
        case .enter(let field, let value): "enter \(field) \(Escaping.scriptValue(value))"
        case .link(let address): "link \(address)"
        case .select(let section): "select \(section)"
        case .relaunch: "relaunch"
        }
    }

    /// What a person types for it at `rootapp walk`'s prompt: an action's
    /// label or number, `[key]`, `b`, `s`, or the script line.
    public var typed: String {
        switch self {
        case .choose(.key(let key)): "[\(key)]"
        case .choose(.number(let number)): "\(number)"
        case .choose(.label(let label)): label
        case .back: "b"
        case .wait: "s"
        case .answer, .emit, .enter, .link, .select, .relaunch: scriptLine
        }
    }

    /// The script line.
    public var description: String { scriptLine }

    /// Why a line is not an input: what is wrong, and the forms there are.
    public struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong, ending in the fix, as a clause after
        /// `file:line:`.
        package let message: String
        /// The input the line began with (`link`, `select`), when it is
        /// one: a tool adds what that input takes in its variant.
        package var keyword: String?
        /// The message as a sentence of its own (capital first letter).
        package var sentence: String { message.prefix(1).uppercased() + message.dropFirst() }
        /// The message.
        public var description: String { message }
    }

    /// Every form of an input's line, as error messages list them.
    public static let forms =
        """
        choose <label, "label", number or [key]>, back, wait, answer <source> <answer>, emit <stepper> <step>, \
        enter <field> <value or "value">, link <address>, select <section>, relaunch
        """

    /// The words that start an input's line.
    public static let words = ["choose", "back", "wait", "answer", "emit", "enter", "link", "select", "relaunch"]

    /// Whether `line` starts with one of ``words``: an input, right or
    /// wrong, rather than another kind of line.
    package static func isInput(_ line: String) -> Bool {
        words.contains(line.split(separator: " ", maxSplits: 1).first.map { $0.lowercased() } ?? "")
    }

    /// Reads one line as scripts, `trace`, `paths` and `walk --record`
    /// write it. After the input, a `# comment` may follow (`choose
    /// [privacy.agree] # I agree`), and after `back`, `wait`, `answer` and
    /// `emit` the note in parentheses `trace` prints (`wait (TimerStepper:
    /// timerDone)`). A label is written in quotes, or bare when it is not
    /// a number and does not start with `[` or `"`.
    public init(line text: String) throws(SyntaxError) {
        let line = Self.trimmed(text)
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        let word = words.first?.lowercased() ?? ""
        let rest = words.count > 1 ? Self.trimmed(words[1]) : ""
        do throws(SyntaxError) {
            self = try Self.parsed(word: word, rest: rest, line: line)
        } catch {
            // Which input the line meant, for a tool that says more of it.
            var said = error
            said.keyword = Self.words.contains(word) ? word : nil
            throw said
        }
    }

    /// The input `word` and `rest` make (`line` whole, for messages).
    private static func parsed(word: String, rest: String, line: String) throws(SyntaxError) -> Input {
        switch word {
        case "choose":
            return .choose(try Self.action(rest))
        case "back", "wait", "relaunch":
            guard Self.note(rest) else {
                throw SyntaxError(
                    message: """
                        '\(word)' takes nothing after it but a # comment or a (note); '\(rest.shortened())' is not \
                        that.
                        """)
            }
            return word == "back" ? .back : word == "wait" ? .wait : .relaunch
        case "answer", "emit":
            // A step's id may hold spaces and end in parentheses
            // (`advised(seekCare, some)`): after `emit` and the stepper,
            // the rest up to a `# comment` is the step.
            let said = word == "emit" ? Self.withoutComment(rest) : Self.withoutNote(rest)
            var parts = said.split(separator: " ", maxSplits: word == "emit" ? 1 : Int.max).map(String.init)
            if word == "emit", parts.count == 2 { parts[1] = Self.trimmed(parts[1]) }
            guard parts.count == 2 else {
                let example =
                    word == "answer" ? "answer camera-permission denied" : "emit SendWhenConnected sentLater"
                let takes = word == "answer" ? "the source and its answer" : "the stepper and the step"
                throw SyntaxError(
                    message: """
                        '\(word)' takes two words, \(takes), e.g. \(example); '\(rest.shortened())' is not that.
                        """)
            }
            return
                word == "answer"
                ? .answer(source: parts[0], answer: parts[1]) : .emit(stepper: parts[0], step: parts[1])
        case "enter":
            return try Self.entry(rest)
        case "link":
            let address = Self.withoutComment(rest)
            guard !address.isEmpty, !address.contains(" ") else {
                throw SyntaxError(
                    message: """
                        'link' takes one address, without spaces (link <address>); '\(rest.shortened())' is not \
                        that.
                        """)
            }
            return .link(address)
        case "select":
            let section = Self.withoutNote(rest)
            guard !section.isEmpty, !section.contains(" ") else {
                throw SyntaxError(
                    message: """
                        'select' takes one section's name, without spaces (select <section>); \
                        '\(rest.shortened())' is not that.
                        """)
            }
            return .select(section)
        default:
            throw SyntaxError(
                message:
                    """
                    '\(line.shortened())' is no input. Inputs are: \
                    \(Self.forms).
                    """
            )
        }
    }

    /// The action `choose` names: `[key]`, a number, `"label"` or a bare label.
    private static func action(_ rest: String) throws(SyntaxError) -> Action {
        guard !rest.isEmpty else { throw SyntaxError(message: "'choose' needs an action's label, number or [key].") }
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]"), close > rest.index(after: rest.startIndex) else {
                throw SyntaxError(
                    message:
                        """
                        '\(rest.shortened())' opens a key with '[' but does not close it. Write choose [<key>], \
                        e.g. choose [privacy.agree].
                        """
                )
            }
            let after = trimmed(rest[rest.index(after: close)...])
            guard after.isEmpty || after.hasPrefix("#") else {
                throw SyntaxError(
                    message:
                        """
                        '\(after.shortened())' follows the key \(rest[...close]); only a # comment may. Write \
                        choose [<key>] # <label>.
                        """
                )
            }
            return .key(String(rest[rest.index(after: rest.startIndex)..<close]))
        }
        if rest.hasPrefix("\"") {
            // The label runs to the last quote before a comment.
            let body = rest.dropFirst()
            let beforeComment = body.firstRange(of: "\" #").map { body[..<$0.lowerBound] }
            guard let label = beforeComment ?? (body.hasSuffix("\"") ? body.dropLast() : nil), !label.isEmpty else {
                throw SyntaxError(
                    message:
                        "'\(rest.shortened())' opens a label with '\"' but does not close it. Write choose \"<label>\"."
                )
            }
            return .label(String(label))
        }
        // A bare label or number, and an optional ` # comment`.
        let bare = rest.firstRange(of: " #").map { trimmed(rest[..<$0.lowerBound]) } ?? rest
        if let number = Int(bare), number > 0 { return .number(number) }
        return .label(bare)
    }

    /// `enter`'s field and value: `reading 6.1`, `patientID "P 1024"`,
    /// then an optional `(note)` or `# comment`.
    private static func entry(_ rest: String) throws(SyntaxError) -> Input {
        let example = "e.g. enter patientID P-1024, or enter note \"two words\""
        let parts = rest.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].hasPrefix("\"") else {
            throw SyntaxError(
                message: "'enter' takes a field's name and a value, \(example); '\(rest.shortened())' is not that.")
        }
        let field = parts[0]
        let text = trimmed(parts[1])
        var value = ""
        var after: Substring
        if text.hasPrefix("\"") {
            var escaped = false
            var closed: String.Index?
            var index = text.index(after: text.startIndex)
            while index < text.endIndex {
                let character = text[index]
                if escaped {
                    value.append(character == "n" ? "\n" : character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    closed = index
                    break
                } else {
                    value.append(character)
                }
                index = text.index(after: index)
            }
            guard let closed else {
                throw SyntaxError(
                    message: "the value '\(text.shortened())' opens a quote but does not close it; \(example).")
            }
            after = text[text.index(after: closed)...]
        } else {
            let end = text.firstIndex { $0 == " " } ?? text.endIndex
            value = String(text[..<end])
            after = text[end...]
        }
        guard note(trimmed(after)) else {
            throw SyntaxError(
                message: """
                    '\(trimmed(after).shortened())' follows the value; only a # comment or a (note) may. Quote a \
                    value with spaces, \(example).
                    """)
        }
        return .enter(field: field, value: value)
    }

    /// Whether `rest` is empty, a `# comment` or a `(note)`.
    private static func note(_ rest: String) -> Bool {
        rest.isEmpty || rest.hasPrefix("#") || (rest.hasPrefix("(") && rest.hasSuffix(")"))
    }

    /// `rest` without a trailing ` # comment`.
    private static func withoutComment(_ rest: String) -> String {
        trimmed(rest.firstRange(of: " #").map { rest[..<$0.lowerBound] } ?? rest[...])
    }

    /// `rest` without a trailing `# comment` or `(note)`.
    private static func withoutNote(_ rest: String) -> String {
        var said =
            rest.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        if said.hasSuffix(")"), let open = said.firstIndex(of: "(") { said = String(said[..<open]) }
        return trimmed(said)
    }

    private static func trimmed(_ text: some StringProtocol) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }
}
