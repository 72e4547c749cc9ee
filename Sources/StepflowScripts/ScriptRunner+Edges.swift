import Stepflow
package import StepflowGraph

extension ScriptRunner {
    /// The values at and just past the fields' class edges that `results`
    /// submitted, of those analysis tries (``Stepflow/EntryField/edgeTries``)
    /// wherever an action submits the field: each by screen, action and
    /// value, as `validate` counts them. Those not entered are said as
    /// `instance/screen field: value, the edge of class`; `nil` when the
    /// variant has no class edge to try.
    package static func classEdgesEntered(
        by results: [Result], in variant: VariantGraph
    ) -> (share: Share, missing: [String])? {
        let fields = Dictionary(
            variant.screens.map { ($0.id, $0.fields) }, uniquingKeysWith: { first, _ in first })
        var all: [(key: String, said: String)] = []
        var seen: Set<String> = []
        for transition in variant.states.transitions {
            guard case .submit(let action, _, _, let entries) = transition.input.kind,
                let screen = transition.input.screen
            else { continue }
            for entry in entries {
                guard let field = fields[screen]?.first(where: { $0.name == entry.field }) else { continue }
                for trial in field.edgeTries {
                    let key = "\(screen) \(action) \(field.name) \(trial.value)"
                    guard seen.insert(key).inserted else { continue }
                    all.append(
                        (key, "\(screen) \(field.name): \(trial.value), \(trial.edge) of \(trial.valueClass.name)"))
                }
            }
        }
        guard !all.isEmpty else { return nil }
        let submitted = results.reduce(into: Set<String>()) { $0.formUnion($1.submitted) }
        return (
            Share(covered: all.count { submitted.contains($0.key) }, total: all.count),
            all.filter { !submitted.contains($0.key) }.map(\.said)
        )
    }
}
