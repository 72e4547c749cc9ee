import Stepflow
package import StepflowGraph

/// One value at or just past a class's edge that analysis tries where an
/// action submits its field: what `validate` counts, `suite` enters and
/// coverage counts, listed once for all three.
package struct ClassEdgeValue: Hashable, Sendable {
    /// `instance/screen action field value`: the value, by the screen and
    /// the action's position that submit it.
    package let key: String
    /// The screen (`instance/screen`).
    package let screen: String
    /// The transition that submits the value's class there, in the state
    /// nearest the start.
    package let transition: Int
    /// The field.
    package let field: String
    /// The value typed.
    package let value: String
    /// Where it is: `4.0, the lower bound of normal`.
    package let said: String

    /// Every class edge value of `variant`, in the order its transitions
    /// first submit them (``Stepflow/EntryField/edgeTries`` of each field
    /// submitted, by screen, action and value, as `validate` counts them).
    package static func all(of variant: VariantGraph) -> [ClassEdgeValue] {
        let states = variant.states
        let fields = Dictionary(variant.screens.map { ($0.id, $0.fields) }, uniquingKeysWith: { first, _ in first })
        var found: [String: ClassEdgeValue] = [:]
        var order: [String] = []
        for (position, transition) in states.transitions.enumerated() {
            guard case .submit(let action, _, _, let entries) = transition.input.kind,
                let screen = transition.input.screen
            else { continue }
            for entry in entries {
                guard let field = fields[screen]?.first(where: { $0.name == entry.field }) else { continue }
                for trial in field.edgeTries where trial.valueClass.name == entry.valueClass {
                    let key = "\(screen) \(action) \(field.name) \(trial.value)"
                    let edge = ClassEdgeValue(
                        key: key, screen: screen, transition: position, field: field.name, value: trial.value,
                        said: "\(trial.value), \(trial.edge) of \(trial.valueClass.name)")
                    guard let known = found[key] else {
                        found[key] = edge
                        order.append(key)
                        continue
                    }
                    let depth = { (value: ClassEdgeValue) in
                        states.states[states.transitions[value.transition].from].depth
                    }
                    if depth(edge) < depth(known) { found[key] = edge }
                }
            }
        }
        return order.compactMap { found[$0] }
    }
}

extension ScriptRunner {
    /// The class edge values (``ClassEdgeValue``) that `results`
    /// submitted, of all the variant's. Those not entered are said as
    /// `instance/screen field: value, the edge of class`; `nil` when the
    /// variant has no class edge to try.
    package static func classEdgesEntered(
        by results: [Result], in variant: VariantGraph
    ) -> (share: Share, missing: [String])? {
        let all = ClassEdgeValue.all(of: variant)
        guard !all.isEmpty else { return nil }
        let submitted = results.reduce(into: Set<String>()) { $0.formUnion($1.submitted) }
        return (
            Share(covered: all.count { submitted.contains($0.key) }, total: all.count),
            all.filter { !submitted.contains($0.key) }.map {
                "\($0.screen) \($0.field): \($0.said)"
            }
        )
    }
}
