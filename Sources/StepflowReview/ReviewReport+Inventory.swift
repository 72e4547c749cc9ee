import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowScripts

// The screen inventory's rows: what each input on a screen does, over
// every state that shows the screen.
extension ReviewReport {
    /// One kind of input on a screen, as the inventory lists it.
    enum ScreenInput: Hashable {
        /// The screen's action at this index.
        case action(Int)
        /// The screen's action at this index, with values in these
        /// classes entered (`reading: prediabetes`).
        case submit(Int, classes: String)
        /// Anything that comes by itself or from outside, with the words
        /// the inventory shows for it.
        case other(String)
    }

    /// What one input on a screen does, over every state that shows it.
    struct Consequence {
        let input: ScreenInput
        var leadsTo: [String]
        var transitions: [Int]
    }

    /// What a person can do on each screen and where it leads, from the
    /// state graph (exact: a back action leads to the one screen below,
    /// not every screen some back could reach): by screen id, each input
    /// (an action, or a stepper finishing) with the screens next on top,
    /// or the end.
    static func consequences(_ states: StateGraph) -> [String: [Consequence]] {
        var result: [String: [Consequence]] = [:]
        for (position, transition) in states.transitions.enumerated() {
            guard let screen = states.states[transition.from].top else { continue }
            let input: ScreenInput =
                switch transition.input.kind {
                case .choose(let index, _, _): .action(index)
                case .submit(let index, _, _, let entries):
                    entries.isEmpty
                        ? .action(index)
                        : .submit(
                            index, classes: entries.map { "\($0.field): \($0.valueClass)" }.joined(separator: ", "))
                case .emit(let stepper, let step, let isTimer):
                    .other(isTimer ? "(the timer finishes)" : "(\(stepper) emits \(step))")
                case .answer(_, let source, _, let label, _): .other("(\(source): \(label))")
                case .link(let address): .other("(link \(address))")
                case .select(_, let label, _): .other("(tab \(label))")
                case .relaunch: .other("(the app opened again)")
                @unknown default: .other("(\(transition.input))")
                }
            let target = states.states[transition.to]
            let place = target.isEnded ? "the end" : target.top ?? "no screen"
            var rows = result[screen] ?? []
            if let index = rows.firstIndex(where: { $0.input == input }) {
                if !rows[index].leadsTo.contains(place) { rows[index].leadsTo.append(place) }
                rows[index].transitions.append(position)
            } else {
                rows.append(Consequence(input: input, leadsTo: [place], transitions: [position]))
            }
            result[screen] = rows
        }
        return result
    }
}
