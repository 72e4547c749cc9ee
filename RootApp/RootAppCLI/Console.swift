import StepflowManifest

/// Where a command's text goes and comes from: the terminal in `rootapp`,
/// buffers in tests. Results go to `out`, diagnostics to `err`.
public struct Console: Sendable {
    /// Writes result text (no newline added).
    public let out: @Sendable (String) -> Void
    /// Writes diagnostics (no newline added).
    public let err: @Sendable (String) -> Void
    /// Reads a line of input; `nil` at the end.
    public let readLine: @Sendable () -> String?
    /// Whether input is a person at a terminal (prompts, countdowns).
    package let isInteractive: Bool
    /// Whether output may use colour (a terminal, and no `NO_COLOR`).
    package let usesColor: Bool
    /// The width lines are wrapped to.
    package let width: Int
    /// The descriptor of a terminal the walk may read key by key (to redraw
    /// a screen that changes while the person types); `nil` when input is
    /// not a terminal, or the terminal cannot move the cursor
    /// (`TERM=dumb`).
    public let terminal: Int32?
    /// Whether lines written to `out` and to `err` reach a terminal: there,
    /// a character from a manifest or a catalog that would steer it (ESC,
    /// a carriage return, a right-to-left override) is shown escaped
    /// (`\u{1B}`); only the tools' own colour and weight codes pass.
    package let escapesSteering: (out: Bool, err: Bool)

    /// A console of the given parts.
    public init(
        out: @escaping @Sendable (String) -> Void,
        err: @escaping @Sendable (String) -> Void,
        readLine: @escaping @Sendable () -> String? = { nil },
        isInteractive: Bool = false,
        usesColor: Bool = false,
        width: Int = 80,
        terminal: Int32? = nil,
        escapesSteering: (out: Bool, err: Bool) = (false, false)
    ) {
        self.escapesSteering = escapesSteering
        self.out = out
        self.err = err
        self.readLine = readLine
        self.isInteractive = isInteractive
        self.usesColor = usesColor
        self.width = width
        self.terminal = terminal
    }

    /// Writes a line of results.
    public func print(_ line: String = "") {
        out((escapesSteering.out ? TerminalText.escaped(line, keepingStyles: true) : line) + "\n")
    }
    /// Writes a line of diagnostics.
    public func error(_ line: String) {
        err((escapesSteering.err ? TerminalText.escaped(line, keepingStyles: true) : line) + "\n")
    }

    func bold(_ text: String) -> String { usesColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { usesColor ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    func red(_ text: String) -> String { usesColor ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
    func green(_ text: String) -> String { usesColor ? "\u{1B}[32m\(text)\u{1B}[0m" : text }
    func yellow(_ text: String) -> String { usesColor ? "\u{1B}[33m\(text)\u{1B}[0m" : text }

    /// `text` wrapped to the console's width, each line after `indent`.
    func wrap(_ text: String, indent: String = "", firstIndent: String? = nil) -> [String] {
        Self.wrap(text, width: width, indent: indent, firstIndent: firstIndent)
    }

    /// `text` wrapped at spaces to `width`, each line after `indent` (the
    /// first after `firstIndent`); a word longer than the width stands on
    /// a line of its own.
    static func wrap(_ text: String, width: Int, indent: String = "", firstIndent: String? = nil) -> [String] {
        var lines: [String] = []
        var line = firstIndent ?? indent
        var lineIsEmpty = true
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !lineIsEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
                lineIsEmpty = true
            }
            line += lineIsEmpty ? String(word) : " " + word
            lineIsEmpty = false
        }
        lines.append(line)
        return lines
    }
}

/// Why `rootapp` stopped, and the code it exits with.
package enum ExitCode: Int32, Sendable, CaseIterable {
    /// Success.
    case success = 0
    /// Findings: validation errors, failed checks, differences in a diff.
    case findings = 1
    /// The command line is wrong.
    case usage = 64
    /// An input file is wrong: a manifest, a script.
    case badInput = 65
    /// An input file is missing or cannot be read.
    case missingFile = 66
    /// A tool the command needs is not installed (Graphviz for svg).
    case unavailable = 69
    /// The tool itself is wrong: two of its modules have one id.
    case software = 70
    /// An output file cannot be created (no such folder, no permission, or
    /// it would overwrite an input).
    case cannotCreate = 73
    /// Output could not be written (a full disk, a closed stream).
    case ioError = 74
    /// Interrupted (Ctrl-C).
    case interrupted = 130

    /// The table `--help` and docs/rootapp.md print.
    static let table = """
        EXIT CODES:
          0    success
          1    findings: validation errors, failed checks, differences
          64   usage error: a wrong command, option or argument
          65   bad input data: an invalid manifest, script or saved walk
          66   missing file: a manifest, script or saved walk not found
          69   a tool the command needs is missing (Graphviz for svg)
          70   the tool is built wrong: two of its modules have one id
          73   an output file cannot be created (or would overwrite an input)
          74   output could not be written (a full disk, a closed stream)
          130  interrupted (Ctrl-C)
        """
}
