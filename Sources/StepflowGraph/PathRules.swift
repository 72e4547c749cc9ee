public import StepflowManifest

/// What a path rule came to on a variant's graph.
public struct PathRuleResult: Hashable, Sendable, CustomStringConvertible {
    /// The rule.
    public let rule: PathRuleSpec
    /// Whether the graph proves it.
    public let holds: Bool
    /// When refuted: a shortest walk that breaks it, as node ids from the
    /// start (empty for a `reaches` rule, which no walk can refute).
    public let counterExample: [String]?
    /// When refuted by a walk: the walk itself, with its inputs, which a
    /// live run can replay.
    public let walk: Walk?

    /// `proved: …` or `refuted: …: start → … → node`.
    public var description: String {
        guard !holds else { return "proved: \(rule.name)" }
        guard let counterExample, !counterExample.isEmpty else { return "refuted: \(rule.name): no walk reaches it" }
        return "refuted: \(rule.name): " + counterExample.joined(separator: " → ")
    }
}

extension VariantGraph {
    /// Proves or refutes each of the manifest's path rules. A rule naming a
    /// node the graph does not have is reported as an error (a typo), with
    /// the nearest node; for `neverReaches` that absence is the proof, and a
    /// near name is only a warning.
    ///
    /// - Complexity: O(rules × (V + E)).
    public func checkRules() -> (results: [PathRuleResult], diagnostics: [ManifestDiagnostic]) {
        var results: [PathRuleResult] = []
        var diagnostics: [ManifestDiagnostic] = []
        // Node ids only for a suggestion, and walks only for a refuted rule.
        var ids: [String] { graph.nodes.map { $0.id } }
        let touched = states.touchedNodes()
        func lookup(_ id: String, _ rule: PathRuleSpec, _ key: String) -> Int? {
            if let node = graph.node(withID: id) { return node }
            diagnostics.append(
                ManifestDiagnostic(
                    .error, file: manifest.file, location: rule.location, path: "\(rule.path).\(key)",
                    message:
                        """
                        no node '\(id)' in the graph of '\(manifest.app.id)'. \
                        \(Suggestion.didYouMean(id, ids))Node ids are 'start', 'end', '<instance>.<step>' and \
                        '<instance>/<screen>'; `trace` lists them.
                        """
                ))
            return nil
        }
        func refuted(_ rule: PathRuleSpec, by walk: Walk?) -> PathRuleResult {
            PathRuleResult(
                rule: rule, holds: walk == nil, counterExample: walk.map { $0.nodes.map { graph.nodes[$0].id } },
                walk: walk)
        }
        for rule in manifest.rules {
            switch rule.kind {
            case .reaches(let id):
                guard let node = lookup(id, rule, "reaches") else { continue }
                results.append(
                    PathRuleResult(
                        rule: rule, holds: touched[node], counterExample: touched[node] ? nil : [], walk: nil))
            case .neverReaches(let id):
                guard let node = graph.node(withID: id) else {
                    if let near = Suggestion.nearest(to: id, in: ids) {
                        diagnostics.append(
                            ManifestDiagnostic(
                                .warning, file: manifest.file, location: rule.location,
                                path: "\(rule.path).neverReaches",
                                message: "no node '\(id)' in the graph, so the rule holds; did you mean '\(near)'?"))
                    }
                    results.append(PathRuleResult(rule: rule, holds: true, counterExample: nil, walk: nil))
                    continue
                }
                results.append(refuted(rule, by: touched[node] ? states.shortestWalk(touching: node) : nil))
            case .carriesNone(let fields, let instance):
                // The first state, fewest inputs first, in which the instance
                // runs with one of the fields: its shortest walk breaks it.
                let wanted = Set(fields.map { EnteredField(instance: instance, field: $0) })
                let breaking = states.states.indices.filter {
                    states.facts[$0].entered.contains(where: wanted.contains)
                }
                .min { states.states[$0].depth < states.states[$1].depth }
                results.append(refuted(rule, by: breaking.map(states.walk(toState:))))
            case .passesThrough(let id, let viaID):
                let target = lookup(id, rule, "to")
                let via = lookup(viaID, rule, "passesThrough")
                guard let target, let via else { continue }
                results.append(refuted(rule, by: target == via ? nil : states.walk(to: target, avoiding: via)))
            }
        }
        return (results, diagnostics)
    }
}
