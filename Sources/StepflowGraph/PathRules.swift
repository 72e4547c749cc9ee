public import StepflowManifest

/// What a path rule came to on a variant's graph.
public struct PathRuleResult: Hashable, Sendable, CustomStringConvertible {
    /// The rule.
    public let rule: PathRuleSpec
    /// Whether the graph proves it.
    public let holds: Bool
    /// When refuted: a shortest path (node ids from the start) that breaks it.
    public let counterExample: [String]?

    /// `proved: …` or `refuted: …: start → … → node`.
    public var description: String {
        holds ? "proved: \(rule.name)" : "refuted: \(rule.name): " + (counterExample ?? []).joined(separator: " → ")
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
        let ids = graph.nodes.map(\.id)
        let shortest = graph.shortestPaths()
        func lookup(_ id: String, _ rule: PathRuleSpec, _ key: String) -> Int? {
            if let node = graph.node(withID: id) { return node }
            diagnostics.append(ManifestDiagnostic(.error, file: manifest.file, location: rule.location, path: "\(rule.path).\(key)",
                message: "no node '\(id)' in the graph of '\(manifest.app.id)'. \(Suggestion.didYouMean(id, ids))Node ids are 'start', 'end', '<instance>.<step>' and '<instance>/<screen>'; `trace` lists them."))
            return nil
        }
        func path(_ paths: ShortestPaths, _ node: Int) -> [String]? {
            paths.path(to: node)?.map { graph.nodes[$0].id }
        }
        for rule in manifest.rules {
            switch rule.kind {
            case .reaches(let id):
                guard let node = lookup(id, rule, "reaches") else { continue }
                results.append(PathRuleResult(rule: rule, holds: shortest.depth[node] >= 0, counterExample: nil))
            case .neverReaches(let id):
                guard let node = graph.node(withID: id) else {
                    if let near = Suggestion.nearest(to: id, in: ids) {
                        diagnostics.append(ManifestDiagnostic(.warning, file: manifest.file, location: rule.location, path: "\(rule.path).neverReaches",
                            message: "no node '\(id)' in the graph, so the rule holds; did you mean '\(near)'?"))
                    }
                    results.append(PathRuleResult(rule: rule, holds: true, counterExample: nil))
                    continue
                }
                let reached = shortest.depth[node] >= 0
                results.append(PathRuleResult(rule: rule, holds: !reached, counterExample: reached ? path(shortest, node) : nil))
            case .passesThrough(let id, let viaID):
                let target = lookup(id, rule, "to")
                let via = lookup(viaID, rule, "passesThrough")
                guard let target, let via else { continue }
                let avoiding = graph.shortestPaths(avoiding: via)
                let escapes = target != via && avoiding.depth[target] >= 0
                results.append(PathRuleResult(rule: rule, holds: !escapes, counterExample: escapes ? path(avoiding, target) : nil))
            }
        }
        return (results, diagnostics)
    }
}
