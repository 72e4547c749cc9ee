import Stepflow
import StepflowGraph
import StepflowScripts

// The walk's form: asking for the values an action submits.
extension TerminalWalk {
    /// Asks for each field `action` submits that has no value yet, as the
    /// app's form would before sending; a value the field refuses is said
    /// and asked again. Returns `false` when the person gives up (an
    /// empty line for a required field, the end of input) or the screen
    /// changed meanwhile: then nothing is submitted.
    func fillFields(submittedBy action: ActionSummary, on screen: PresentedScreen) -> Bool {
        for name in action.submits where session.entered[name] == nil {
            guard let field = screen.fields.first(where: { $0.name == name }) else { continue }
            let classes = field.acceptedClasses.map(\.shown).joined(separator: " · ")
            for line in console.wrap(
                words["walk.field.classes", ["classes": classes]], indent: "    ", firstIndent: "  ")
            {
                console.print(console.dim(line))
            }
            while true {
                let optional = field.isRequired ? "" : " " + words["walk.field.optional"]
                guard let typed = readLine(prompt: "\(field.label)\(optional) > "), session.top?.id == screen.id else {
                    return false
                }
                let value = typed.trimmingCharacters()
                // A required field left empty cancels; an optional one is
                // left empty, as `enter <field> ""` in a script.
                if value.isEmpty, field.isRequired { return false }
                guard let refusal = perform(.enter(field: name, value: value), record: true) else { break }
                show(refusal)
                // Piped, the next line is the next input, not another try.
                if !console.isInteractive { return false }
            }
        }
        return true
    }

    /// What the help says of each field on `screen`: how to fill it in.
    func fieldHelp(_ screen: PresentedScreen) -> [(keys: String, what: String)] {
        screen.fields.map { field in
            let classes = field.acceptedClasses.map(\.shown).joined(separator: " · ")
            let what = words[
                screen.fields.count == 1 ? "walk.help.field.only" : "walk.help.field",
                ["label": field.label, "classes": classes, "name": field.name]]
            let optional = words["walk.help.field.optional", ["name": field.name]]
            return ("enter \(field.name) …", field.isRequired ? what : what + " " + optional)
        }
    }

    /// One line typed at `prompt`, on the terminal's editor when there is
    /// one; `nil` at the end of input.
    func readLine(prompt: String) -> String? {
        if let editor = terminalEditor {
            let outcome = editor.read(
                prompt: { prompt }, ticking: { false }, screenChanged: { [self] in session.top?.id != shown },
                drawScreen: { [self] in showIfChanged() }, draw: { [console] in console.out($0) })
            if case .line(let typed) = outcome { return typed }
            return nil
        }
        if console.isInteractive { console.out(prompt) }
        return console.readLine()
    }
}
