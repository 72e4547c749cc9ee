import Stepflow
import StepflowScripts

/// A screen as terminal text: a title rule ending with the module instance
/// that shows it (two instances of one module look alike otherwise), the
/// body wrapped, numbered actions, back actions on `b`; every line within
/// the console's width.
enum ScreenRenderer {
    static func render(
        _ screen: PresentedScreen, _ console: Console, entered: [String: String] = [:], words: ToolWords? = nil
    ) -> String {
        var lines = [""] + rule(title: screen.title, instance: screen.flow.name, width: console.width).map(console.bold)
        for line in screen.body { lines += console.wrap(line, indent: "  ", firstIndent: "  ") }
        if let content = screen.screenContent {
            // The module's own view (a camera, a video): a terminal names it.
            lines += console.wrap("[\(content.qualifiedKind)]", indent: "  ", firstIndent: "  ").map(console.dim)
        }
        if !screen.fields.isEmpty { lines.append("") }
        for field in screen.fields {
            let value = entered[field.name].flatMap { $0.isEmpty ? nil : "\"\($0)\"" } ?? "—"
            let required = field.isRequired ? "" : " " + (words?["walk.field.optional"] ?? "(optional)")
            lines += console.wrap(
                "\(field.label)\(required): \(value)   [enter \(field.name) …]", indent: "     ", firstIndent: "  ✎  ")
        }
        lines.append("")
        let numbered = VariantSession.numbered(screen)
        for (offset, index) in numbered.enumerated() {
            lines += console.wrap(screen.actions[index].label, indent: "     ", firstIndent: "  \(offset + 1)) ")
        }
        for action in screen.actions where action.role == .back {
            lines += console.wrap(action.label, indent: "     ", firstIndent: "  b) ")
        }
        return lines.joined(separator: "\n")
    }

    /// `── Title ──────── instance`, `width` wide. A title too long for
    /// one line wraps at spaces, so the instance's name stays on the
    /// rule's last line.
    static func rule(title: String, instance: String, width: Int) -> [String] {
        let instance = " \(instance)"
        // Each line of the title, and at least two dashes and the instance beside the last.
        let room = width - 3 - instance.count - 3
        let parts = room >= 10 ? Console.wrap(title, width: room) : []
        guard let last = parts.last, parts.allSatisfy({ $0.count <= room }) else {
            // Too narrow for the instance beside any title: the title alone.
            let line = "── \(title) "
            return [line.count >= width ? line : line + String(repeating: "─", count: width - line.count)]
        }
        let lastLine = (parts.count == 1 ? "── " : "   ") + last + " "
        return parts.dropLast().enumerated().map { ($0.offset == 0 ? "── " : "   ") + $0.element }
            + [lastLine + String(repeating: "─", count: width - lastLine.count - instance.count) + instance]
    }
}
