import Dispatch
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowPresentation

extension VariantSession {
    /// One input a session gave, to find the transition it took.
    package enum Given: Hashable, Sendable {
        /// Action `index` of the screen on top.
        case action(Int)
        /// Something that came by itself: a service answering, a stepper
        /// emitting (not a timer: see ``timer``).
        case emission
        /// A waiting timer let finish (`s`, a script's `wait`).
        case timer
        /// A live stepper made to emit a declared step (a script's `emit`).
        case emitted(stepper: String, step: String)
        /// An outside answer given by hand.
        case answer(source: String, answer: String)
        /// Action `index`, submitting values in these classes (by field).
        case submitted(Int, classes: [String: String])
        /// The link at `address` opened from outside.
        case link(address: String)
        /// The section `section` of the flow called `flow` selected.
        case select(section: String, flow: String)
        /// The app opened again after it ended.
        case relaunch
    }

    /// The transitions one input took from `from` to `reached`: the
    /// input itself, then any answers or emissions that came by
    /// themselves before the engine was idle again (a service replying
    /// at once).
    static func transitions(in states: StateGraph, from: Int, to reached: Int, given: Given) -> [Int] {
        func isByItself(_ transition: StateGraph.Transition) -> Bool {
            switch transition.input.kind {
            case .emit, .answer: true
            case .choose, .submit, .link, .select, .relaunch: false
            @unknown default: false
            }
        }
        func matches(_ kind: StateGraph.Input.Kind) -> Bool {
            switch (kind, given) {
            // Each input matches its own kind only: two inputs that reach the
            // same state are two transitions, each counted as taken when
            // it was given.
            case (.choose(let index, _, _), .action(let chosen)): index == chosen
            case (.submit(let index, _, _, let entries), .submitted(let chosen, let classes)):
                index == chosen && entries.count == classes.count
                    && entries.allSatisfy { classes[$0.field] == $0.valueClass }
            case (.emit(_, _, let isTimer), .timer): isTimer
            case (.emit(let stepper, let step, _), .emitted(let givenStepper, let givenStep)):
                stepper == givenStepper && step == givenStep
            case (.emit(_, _, let isTimer), .emission): !isTimer
            case (.answer, .emission): true
            case (.answer(let source, _, let answer, _, _), .answer(let givenSource, let givenAnswer)):
                source == givenSource && answer == givenAnswer
            case (.link(let address), .link(let given)): address == given
            case (.select(let section, _, let flow), .select(let given, let owner)): section == given && flow == owner
            case (.relaunch, .relaunch): true
            default: false
            }
        }
        // Breadth first over chains: the input itself, then what came by itself.
        var frontier: [(state: Int, chain: [Int])] = []
        for position in states.positions(from: from) {
            let candidate = states.transitions[position]
            guard matches(candidate.input.kind) else { continue }
            if candidate.to == reached { return [position] }
            frontier.append((candidate.to, [position]))
        }
        for _ in 0..<4 where !frontier.isEmpty {
            var next: [(state: Int, chain: [Int])] = []
            for (state, chain) in frontier {
                for position in states.positions(from: state) where isByItself(states.transitions[position]) {
                    let step = states.transitions[position]
                    if step.to == reached { return chain + [position] }
                    next.append((step.to, chain + [position]))
                }
            }
            frontier = next
        }
        return []
    }
}
