import Stepflow
import StepflowScripts

/// A screen as terminal text: a title rule ending with the module instance
/// that shows it (two instances of one module look alike otherwise), the
/// body wrapped, numbered actions, back actions on `b`; every line within
/// the console's width.
enum ScreenRenderer {
    static func render(_ screen: PresentedScreen, _ console: Console) -> String {
        let title = "── \(screen.title) "
        let instance = " \(screen.flow.name)"
        let room = console.width - title.count - instance.count
        let rule =
            room >= 2
            ? title + String(repeating: "─", count: room) + instance
            : title.count >= console.width ? title : title + String(repeating: "─", count: console.width - title.count)
        var lines = ["", console.bold(rule)]
        for line in screen.body { lines += console.wrap(line, indent: "  ", firstIndent: "  ") }
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
}
