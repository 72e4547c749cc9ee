package import Stepflow
package import StepflowGraph
import StepflowManifest

// How one input of the state graph is written as a script's lines: the
// one place `suite` and the prototype name an input for a script.
extension SuiteGenerator {
    /// The script instruction that gives `input` on `top` (the screen it is
    /// given on), and its line as a script writes it: `back`, `choose
    /// [key] # label` (the same in every locale) or `choose label` or
    /// `choose 2 # label`, `wait` for a timer, `emit …`, `answer …`, `link …`.
    /// Throws when no line names the action alone.
    package static func instruction(
        for input: StateGraph.Input, on top: PresentedScreen
    ) throws(Refusal) -> (instruction: Script.Instruction, line: String) {
        /// The input and its line, with the label as a comment where the line does not say it.
        func line(_ input: Input, _ comment: String? = nil) -> (Script.Instruction, String) {
            (.input(input), input.scriptLine + (comment.map { " # \($0)" } ?? ""))
        }
        switch input.kind {
        case .choose(let index, let label, let role), .submit(let index, let label, let role, _):
            let action = top.actions[index]
            if role == .back, top.actions.firstIndex(where: { $0.role == .back }) == index {
                return line(.back)
            } else if let key = action.key, top.actions.filter({ $0.key == key }).count == 1 {
                return line(.choose(.key(key)), label)
            } else if top.actions.firstIndex(where: { Input.Action.names(label, $0.label) }) == index {
                return line(.choose(.label(label)))
            } else if let number = VariantSession.numbered(top).firstIndex(of: index) {
                return line(.choose(.number(number + 1)), label)
            }
            throw Refusal(
                message:
                    """
                    action \(index) of \(top.qualifiedID) ('\(label)') cannot be named in a script: \
                    another action has its label and key. To fix, give the module's actions distinct \
                    labels.
                    """
            )
        case .emit(let stepper, let step, let isTimer):
            return isTimer ? line(.wait) : line(.emit(stepper: stepper, step: step))
        case .answer(let source, _, let answer, let label, _):
            return line(.answer(source: source, answer: answer), label)
        case .link(let address):
            return line(.link(address))
        case .select(let section, let label, _):
            return line(.select(section), label)
        case .relaunch:
            return line(.relaunch)
        @unknown default:
            throw Refusal(message: "the input '\(input)' cannot be written in a script by this version of Stepflow.")
        }
    }

    /// The `enter` lines that come before `input`: one per value it
    /// enters, its class as a comment.
    /// With `edge`, its field's entry types the edge value instead of the
    /// class's representative.
    package static func entries(
        for input: StateGraph.Input, edge: ClassEdgeValue? = nil
    ) -> [(instruction: Script.Instruction, line: String)] {
        input.entries.map { given in
            let value = edge?.field == given.field ? edge?.value ?? given.value : given.value
            let entry = Input.enter(field: given.field, value: value)
            return (.input(entry), entry.scriptLine + " # \(given.valueClass)")
        }
    }

    /// Lower case, letters, digits and dashes.
    static func slug(_ text: String) -> String {
        var out = ""
        for character in text.lowercased() {
            if character.isLetter && character.isASCII || character.isNumber && character.isASCII {
                out.append(character)
            } else if !out.hasSuffix("-") {
                out.append("-")
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return String(out.prefix(72))
    }
}
