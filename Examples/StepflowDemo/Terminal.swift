#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Stepflow

/// Where output goes and how it looks: colour only on a terminal and never
/// with `NO_COLOR`; prompts only when stdin is a terminal.
struct Terminal: Sendable {
    let isInteractive: Bool
    let usesColor: Bool
    let width = 80

    static func current() -> Terminal {
        let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        return Terminal(isInteractive: isatty(0) == 1, usesColor: isatty(1) == 1 && !noColor)
    }

    func bold(_ text: String) -> String { usesColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { usesColor ? "\u{1B}[2m\(text)\u{1B}[0m" : text }

    /// Writes a line to stdout, unbuffered.
    func write(_ text: String, terminator: String = "\n") {
        Terminal.write(text + terminator, to: 1)
    }

    /// Writes a line to stderr.
    func error(_ text: String) {
        Terminal.write(text + "\n", to: 2)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Wraps `text` to lines of at most `width` characters after `indent`.
    func wrap(_ text: String, indent: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && indent.count + line.count + 1 + word.count > width {
                lines.append(indent + line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(indent + line) }
        return lines
    }

    /// The index of the action a number key picks: actions are numbered
    /// from 1 in order, back actions aside (they take `b`).
    func actionIndex(forKey key: Int, on screen: PresentedScreen) -> Int? {
        let numbered = screen.actions.indices.filter { screen.actions[$0].role != .back }
        return numbered.indices.contains(key - 1) ? numbered[key - 1] : nil
    }

    /// A screen as text: a title rule, the body, numbered actions.
    func render(_ screen: PresentedScreen) -> String {
        let title = "── \(screen.title) "
        let rule = title + String(repeating: "─", count: max(0, width - title.count))
        var lines = ["", bold(rule)]
        for line in screen.body { lines += wrap(line, indent: "  ") }
        lines.append("")
        // Numbered actions first, in order; back actions last, on `b`.
        let numbered = screen.actions.filter { $0.role != .back }
        for (offset, action) in numbered.enumerated() { lines.append("  \(offset + 1)) \(action.label)") }
        for action in screen.actions where action.role == .back { lines.append("  b) \(action.label)") }
        return lines.joined(separator: "\n")
    }
}

/// Renders the top screen whenever it changes; keeps the state for input.
final class TerminalNavigator: Navigator {
    private let terminal: Terminal
    private let shown = Locked<(state: NavigationState, top: ScreenInstanceID?)>((NavigationState(), nil))

    init(terminal: Terminal) { self.terminal = terminal }

    func render(_ state: NavigationState, changes: [NavigationChange]) {
        let top = state.top
        let changed = shown.withLock { shown in
            defer { shown = (state, top) }
            return shown.top != top
        }
        if changed, let screen = state.topScreen {
            terminal.write(terminal.render(screen))
        }
    }

    /// The screen on top in the last state rendered.
    var topScreen: PresentedScreen? { shown.withLock { $0.state.topScreen } }
}
