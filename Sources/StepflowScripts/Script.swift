import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowPlatform

/// An acceptance script: what to choose, which screen must be showing,
/// how the app must end. Plain text, one instruction a line. An action is
/// chosen by its label, its number, or its text key in brackets, which is
/// the same in every language (`choose [privacy.agree] # I agree`; what
/// follows the key is a comment):
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
/// covers UR-RES-01
/// ```
///
/// Where the outside world decides (a permission, a service's answer),
/// a script may say what it answers: `answer camera-permission denied`.
/// A script with such a line answers that source itself throughout (its
/// service is not asked); a script without one gets the app's real
/// service, and each line waits until the app no longer waits for it.
/// `emit <Stepper> <step>` makes a live stepper of that type emit a step
/// it declares.
///
/// ``ScriptRunner`` runs scripts on the live engine; `rootapp check` and
/// a team's own `swift test` use it alike.
public struct Script: Sendable {
    /// The outside sources the script answers itself: the app's services
    /// for them are not asked while it runs. Those it answers, and those
    /// its `by-hand` lines name (a walk that stops while one is asked).
    package var answeredSources: Set<String> { givenAnswers.union(byHand) }

    /// The outside sources the script holds: named `by-hand` and never
    /// answered (an outbox kept offline). A device running the script's
    /// flow must keep them from answering.
    package var heldSources: Set<String> { Set(byHand).subtracting(givenAnswers) }

    /// The sources an `answer` line of the script answers.
    private var givenAnswers: Set<String> {
        Set(
            lines.compactMap { line in
                if case .input(.answer(let source, _)) = line.instruction { return source }
                return nil
            })
    }

    /// The sources its `by-hand` lines name: answered by the script even
    /// where it gives no answer (`by-hand patient-lookup`).
    package var byHand: [String] = []

    /// An instruction and the line it is on.
    package struct Line: Hashable, Sendable {
        /// The line number, from 1.
        package let number: Int
        /// What the line says.
        package let instruction: Instruction
        /// The refusal the next line expects of this line's input
        /// (`expect refused …`), and that line's number.
        package var refusal: (expected: Instruction, line: Int)? {
            get { expectedRefusal.map { ($0.instruction, $0.number) } }
            set { expectedRefusal = newValue.map { Refused(number: $0.line, instruction: $0.expected) } }
        }
        private var expectedRefusal: Refused?

        package init(number: Int, instruction: Instruction) {
            self.number = number
            self.instruction = instruction
        }

        /// The `expect refused` line folded into the input before it.
        private struct Refused: Hashable, Sendable {
            let number: Int
            let instruction: Instruction
        }
    }

    /// The file the script came from, as reports name it.
    public let file: String
    /// The instructions, comments and blank lines left out.
    package let lines: [Line]
    /// The requirements the script says it exercises (`covers UR-RES-01`),
    /// with their lines.
    public let covers: [(id: String, line: Int)]
    /// The SHA-256 digest of the bytes it was read from (64 hex
    /// digits), as evidence names it; `nil` for a script made in code.
    package internal(set) var digest: String?

    /// A script of `lines` from `file`, exercising `covers`.
    package init(file: String, lines: [Line], covers: [(id: String, line: Int)] = []) {
        self.file = file
        self.lines = lines
        self.covers = covers
    }

    /// A syntax error: the line, what is wrong and the forms allowed.
    public struct SyntaxError: Error, Sendable, CustomStringConvertible {
        /// The script's file.
        package let file: String
        /// The line, from 1.
        package let line: Int
        /// What is wrong.
        package let message: String
        /// `file:line: error: message` and the forms a line takes.
        public var description: String { "\(file):\(line): error: \(message) \(Self.forms)" }

        /// `Lines are: choose …, or # comments.`: every form a script's
        /// line takes.
        package static var forms: String {
            """
            Lines are: \(Input.forms), expect screen <instance/screen>, expect end [<instance.exit>], expect \
            layers <screens> | <screens>, expect entry <key> <value>, expect refused <field> [<class>], covers \
            <requirement ids>, by-hand <sources>, or # comments.
            """
        }
    }

    /// Parses `text`, the script `file`.
    public static func parse(_ text: String, file: String) throws(SyntaxError) -> Script {
        var lines: [Line] = []
        var covers: [(id: String, line: Int)] = []
        var byHand: [String] = []
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters()
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let number = offset + 1
            let words = line.split(separator: " ", maxSplits: 1).map(String.init)
            let rest = words.count > 1 ? words[1].trimmingCharacters() : ""
            switch words[0].lowercased() {
            case let word where Input.words.contains(word):
                do throws(Input.SyntaxError) {
                    lines.append(Line(number: number, instruction: .input(try Input(line: line))))
                } catch {
                    throw SyntaxError(file: file, line: number, message: error.message)
                }
            case "covers":
                let ids = rest.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
                guard !ids.isEmpty else {
                    throw SyntaxError(
                        file: file, line: number,
                        message:
                            """
                            'covers' needs the ids of the requirements the script exercises: covers UR-RES-01, \
                            UR-RES-02.
                            """
                    )
                }
                covers += ids.map { ($0, number) }
            case "by-hand":
                let sources = rest.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
                guard !sources.isEmpty else {
                    throw SyntaxError(
                        file: file, line: number,
                        message:
                            """
                            'by-hand' needs the outside sources the script answers itself (their services are not \
                            asked): by-hand patient-lookup.
                            """
                    )
                }
                byHand += sources
            case "expect":
                let parts = rest.split(separator: " ", maxSplits: 1).map(String.init)
                switch parts.first?.lowercased() {
                case "screen" where parts.count == 2:
                    lines.append(Line(number: number, instruction: .expectScreen(parts[1].trimmingCharacters())))
                case "layers" where parts.count == 2:
                    let layers = parts[1].split(separator: "|", omittingEmptySubsequences: false).map {
                        $0.split(separator: " ").map(String.init)
                    }
                    guard layers.allSatisfy({ !$0.isEmpty }) else {
                        throw SyntaxError(
                            file: file, line: number,
                            message:
                                """
                                'expect layers' takes each layer's screens, bottom first, a '|' between layers \
                                (expect layers test/read | support/help), not '\(parts[1])'.
                                """)
                    }
                    lines.append(Line(number: number, instruction: .expectLayers(layers)))
                case "end":
                    lines.append(
                        Line(
                            number: number,
                            instruction: .expectEnd(parts.count == 2 ? parts[1].trimmingCharacters() : nil)))
                case "entry" where parts.count == 2:
                    lines.append(Line(number: number, instruction: try entry(parts[1], file: file, line: number)))
                case "refused" where parts.count == 2:
                    let words = (parts[1].split(separator: "#", maxSplits: 1).first ?? "").split(separator: " ")
                        .map(String.init)
                    // It speaks of the input before it: the two are one step.
                    guard (1...2).contains(words.count), let last = lines.indices.last,
                        lines[last].instruction.input != nil, lines[last].refusal == nil
                    else {
                        throw SyntaxError(
                            file: file, line: number,
                            message:
                                """
                                'expect refused' takes a field and, if you like, the class whose value is refused, \
                                and follows the input the app refuses: enter reading 20.0, choose "Save the value", \
                                expect refused reading tooHigh.
                                """)
                    }
                    lines[last].refusal = (
                        .expectRefused(field: words[0], valueClass: words.count == 2 ? words[1] : nil), number
                    )
                default:
                    throw SyntaxError(
                        file: file, line: number,
                        message:
                            """
                            'expect' takes 'screen <instance/screen>', 'end [<instance.exit>]', 'layers <screens> \
                            | <screens>', 'entry <key> <value | none | count n>' or 'refused <field> [<class>]', \
                            not '\(rest)'.
                            """)
                }
            default:
                let word = line.split(separator: " ").first.map(String.init) ?? ""
                let hint = Suggestion.nearest(to: word, in: Input.words + ["expect", "covers", "by-hand"])
                throw SyntaxError(
                    file: file, line: number,
                    message: "unknown instruction '\(line.shortened())'.\(hint.map { " Did you mean '\($0)'?" } ?? "")")
            }
        }
        var script = Script(file: file, lines: lines, covers: covers)
        script.byHand = byHand
        return script
    }

    /// `expect entry <key> <value>`: a value (quoted when it holds
    /// spaces), `none`, or `count <n>`; a `# comment` may follow.
    private static func entry(_ text: String, file: String, line number: Int) throws(SyntaxError) -> Instruction {
        let shape =
            "'expect entry' takes a record entry's key and what it holds: expect entry reading 6.1, "
            + "expect entry patient none, expect entry kept count 1"
        let words = text.split(separator: " ", maxSplits: 1).map(String.init)
        guard words.count == 2 else {
            throw SyntaxError(file: file, line: number, message: "\(shape); '\(text)' is not that.")
        }
        let key = words[0]
        let rest = words[1].split(separator: "#", maxSplits: 1).first.map { String($0).trimmingCharacters() } ?? ""
        if rest == "none" { return .expectEntry(key, .none) }
        if rest.hasPrefix("count ") {
            guard let count = Int(rest.dropFirst(6).trimmingCharacters()), count >= 0 else {
                throw SyntaxError(file: file, line: number, message: "\(shape); '\(rest)' is not a count.")
            }
            return .expectEntry(key, .count(count))
        }
        // The value as `enter` reads one: bare, or quoted with escapes.
        let read: Input
        do throws(Input.SyntaxError) {
            read = try Input(line: "enter \(key) \(rest)")
        } catch {
            throw SyntaxError(file: file, line: number, message: "\(shape): \(error.message)")
        }
        guard case .enter(_, let value) = read else {
            throw SyntaxError(file: file, line: number, message: "\(shape); '\(text)' is not that.")
        }
        return .expectEntry(key, .value(value))
    }
}

/// Why a script could not be read: a missing file, an unreadable or
/// oversized one, one not in UTF-8, or a syntax error. Each names the file,
/// the place where it has one, and the fix.
public enum ScriptLoadError: Error, Sendable, CustomStringConvertible {
    /// No file at the path.
    case fileNotFound(path: String)
    /// The file cannot be read (a folder, no permission).
    case unreadable(path: String, reason: String)
    /// The file is not a script: not UTF-8, or too big.
    case notAScript(path: String, reason: String)
    /// A line is wrong.
    case syntax(Script.SyntaxError)

    /// `path: error: …` with the fix.
    public var description: String {
        switch self {
        case .fileNotFound(let path):
            """
            \(path): error: cannot open the file: No such file or directory. \
            \(Suggestion.nearbyFile(path).map { "Did you mean '\($0)'? " } ?? "")To fix, check the path.
            """
        case .unreadable(let path, let reason), .notAScript(let path, let reason): "\(path): error: \(reason)"
        case .syntax(let error): error.description
        }
    }
}

extension Script {
    /// The paths of the scripts (`*.txt`) in `folder`, sorted; `nil` when
    /// the folder cannot be opened.
    public static func paths(in folder: String) -> [String]? {
        Platform.files(in: folder, endingWith: ".txt")
    }

    /// The largest script read, in bytes (4 MiB).
    package static let maximumFileSize = 4 << 20

    /// Reads and parses the script at `path` (`-`: standard input).
    public static func load(path: String) throws(ScriptLoadError) -> Script {
        let bytes: [UInt8]
        do throws(FileReadFailure) {
            bytes = try FileBytes.read(path: path, stoppingAfter: maximumFileSize, kind: "script")
        } catch {
            switch error {
            case .notFound: throw .fileNotFound(path: path)
            case .unreadable(let reason): throw .unreadable(path: path, reason: "cannot read the file: \(reason).")
            }
        }
        guard bytes.count <= maximumFileSize else {
            throw .notAScript(
                path: path,
                reason: "the file is over 4 MiB; a script is a few lines. To fix, check that this file is a script.")
        }
        let read = recentlyRead.value(for: ReadKey(path: path, bytes: bytes)) {
            Result { () throws(ScriptLoadError) -> Script in
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw .notAScript(path: path, reason: "the file is not UTF-8. To fix, save it as UTF-8.")
                }
                do throws(SyntaxError) {
                    var script = try parse(text, file: path)
                    script.digest = Manifest.signedDigest(of: bytes)
                    return script
                } catch {
                    throw .syntax(error)
                }
            }
        }
        return try read.get()
    }

    /// What a script reads is a function of its path and its bytes, so the
    /// scripts read lately are kept: a family of variants names the same
    /// scripts folder again and again (parsing them was a twentieth of
    /// validating a bundled variant in a family). The file is read each
    /// time; only an unchanged one is not parsed again.
    private struct ReadKey: Hashable, Sendable {
        let path: String
        let bytes: [UInt8]
    }

    private static let recentlyRead = Memo<ReadKey, Result<Script, ScriptLoadError>>(capacity: 64)
}

extension StringProtocol {
    /// Without leading and trailing white space.
    package func trimmingCharacters() -> String {
        // Found from each end, not by reversing the text twice.
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
