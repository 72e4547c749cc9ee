import Stepflow
import StepflowGraph

// Values at and just past class edges, entered by the suite: each in a
// script of its own, the shortest walk to where its class is first
// submitted, with the edge value typed instead of the representative.
extension SuiteGenerator {
    /// One value at or just past a class's edge, to enter on a submit.
    package struct EdgeTry: Hashable, Sendable {
        /// The transition that submits the value's class, in the state
        /// nearest the start.
        package let transition: Int
        /// The field.
        package let field: String
        /// The value typed.
        package let value: String
        /// Where it is: `4.0, the lower bound of normal`.
        package let said: String
    }

    /// Every class edge value analysis tries (by screen, action, field and
    /// value, as `validate` counts them), each at the transition nearest
    /// the start that submits its class there.
    func edgeTries(states: StateGraph) -> [EdgeTry] {
        let fields = Dictionary(
            runner.variant.screens.map { ($0.id, $0.fields) }, uniquingKeysWith: { first, _ in first })
        var found: [String: EdgeTry] = [:]
        var order: [String] = []
        for (position, transition) in states.transitions.enumerated() {
            guard case .submit(let action, _, _, let entries) = transition.input.kind,
                let screen = transition.input.screen
            else { continue }
            for entry in entries {
                guard let field = fields[screen]?.first(where: { $0.name == entry.field }) else { continue }
                for trial in field.edgeTries where trial.valueClass.name == entry.valueClass {
                    let key = "\(screen) \(action) \(field.name) \(trial.value)"
                    let edge = EdgeTry(
                        transition: position, field: field.name, value: trial.value,
                        said: "\(trial.value), \(trial.edge) of \(trial.valueClass.name)")
                    if let known = found[key] {
                        let depth = { (candidate: EdgeTry) in
                            states.states[states.transitions[candidate.transition].from].depth
                        }
                        if depth(edge) < depth(known) { found[key] = edge }
                    } else {
                        found[key] = edge
                        order.append(key)
                    }
                }
            }
        }
        return order.compactMap { found[$0] }
    }
}
