import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowPresentation
import StepflowScripts

// What the walk says besides screens: its help, its prompt, the trace.
extension TerminalWalk {
    /// Whether `typed` is the label of an action on the screen: then it
    /// chooses the action, even if it reads as a key (`Help`).
    func isActionLabel(_ typed: String) -> Bool {
        session.top?.actions.contains { Input.Action.names(typed, $0.label) } ?? false
    }

    /// What a person can type on this screen: `?`, `h` or `help`.
    func help() -> [String] {
        var lines = ["", console.bold(words["walk.help.title"])]
        func item(_ keys: String, _ what: String) {
            // Keys too long for their column stand on a line of their own.
            if keys.count > 13 {
                lines.append("  " + keys)
                lines += console.wrap(what, indent: String(repeating: " ", count: 16))
                return
            }
            lines += console.wrap(
                what, indent: String(repeating: " ", count: 16),
                firstIndent: "  " + keys + String(repeating: " ", count: max(1, 14 - keys.count)))
        }
        let example = session.top?.actions.first { $0.role != .back }.map { " (\($0.label))" } ?? ""
        if let busy = session.presentation.busy, busy.isAnsweredByHand {
            // While the app asks, a number picks an answer: actions wait.
            item("1, 2, …", words["walk.help.answerNumber", ["question": busy.label]])
        } else {
            item("1, 2, …", words["walk.help.number", ["example": example]])
        }
        if let screen = session.top, session.presentation.busy == nil {
            for (keys, what) in fieldHelp(screen) { item(keys, what) }
        }
        if canGoBack { item("b", words["walk.help.back"]) }
        if session.timerWaits { item("s", words["walk.help.timer"]) }
        for waiting in session.waitingAnswers {
            let answers = waiting.answers.map(\.name).joined(separator: ", ")
            item(
                "answer …",
                words[
                    "walk.help.answer",
                    [
                        "line": Input.answer(source: waiting.source, answer: "<\(answers)>").scriptLine,
                        "question": waiting.label,
                    ]])
        }
        if let bar = session.presentation.layers.last?.sections.first(where: \.isSelectable) {
            let others = bar.tabs.indices.filter { $0 != bar.selected }.map { bar.tabs[$0].name }
            item("select …", words["walk.help.select", ["names": others.joined(separator: ", ")]])
        }
        if session.ending != nil { item("relaunch", words["walk.help.relaunch"]) }
        item("r", words["walk.help.record"])
        item("t", words["walk.help.trace"])
        item("?", words["walk.help.help"])
        item("q", words["walk.help.quit"])
        lines.append("")
        return lines
    }

    /// The prompt: on a terminal with a timer running, the time it has
    /// left (the editor redraws it as it changes).
    func prompt() -> String {
        if console.terminal != nil, session.timerWaits, let left = session.clock.secondsLeft {
            return console.dim("⏱ " + words["walk.prompt.timer", ["left": Self.clock(left)]]) + " > "
        }
        return "> "
    }

    /// What the variant's record holds now (`r`).
    func printRecord() {
        let lines = RecordLines.lines(session.coordinator.currentState.record, schema: session.manifest.record)
        console.print(console.bold(words["walk.record.title"]))
        if lines.isEmpty { console.print("  " + words["walk.record.empty"]) }
        for line in lines {
            for part in console.wrap(line, indent: "      ", firstIndent: "  ") { console.print(part) }
        }
    }

    func printTrace() {
        let steps = session.trace
        let title = session.isResumed ? "walk.trace.sinceResuming" : "walk.trace"
        console.print(console.dim(words[title, ["steps": words.counted("walk.steps", steps.count)]]))
        for (index, step) in steps.enumerated() {
            for line in console.wrap(step, indent: "      ", firstIndent: "  \(index + 1). ") {
                console.print(console.dim(line))
            }
        }
    }
}
