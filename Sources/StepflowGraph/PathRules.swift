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
    /// Proves or refutes each of the manifest's path rules. A rule naming
    /// something the variant does not have is an error (a typo, or a rule
    /// written for another variant), with the nearest name, never a rule
    /// that holds because it speaks of nothing: an event a rule names is a
    /// node of the graph, or a screen the instance's module can show that
    /// this variant never reaches (then a `neverReaches` of it is proved,
    /// over every state, and says so).
    ///
    /// - Complexity: O(rules × (V + E)); a pattern O(16 × (V + E)).
    public func checkRules() -> (results: [PathRuleResult], diagnostics: [ManifestDiagnostic]) {
        var results: [PathRuleResult] = []
        var diagnostics: [ManifestDiagnostic] = []
        // Node ids only for a suggestion, and walks only for a refuted rule.
        var ids: [String] { graph.nodes.map { $0.id } }
        let touched = states.touchedNodes()
        var surveys: [String: ModuleSurvey] = [:]
        /// Whether `name` is `<instance>/<screen>` of a screen the
        /// instance's module can show, under some options.
        func isModuleScreen(_ name: String) -> Bool {
            guard let slash = name.firstIndex(of: "/") else { return false }
            let instance = String(name[..<slash])
            let screen = String(name[name.index(after: slash)...])
            guard let module = moduleTypes[instance] else { return false }
            if surveys[instance] == nil { surveys[instance] = ModuleSurvey(module, services: services) }
            return surveys[instance]?.screens.contains { $0.id == screen } ?? false
        }
        func unknown(_ id: String, _ rule: PathRuleSpec, _ key: String) {
            diagnostics.append(
                ManifestDiagnostic(
                    .error, file: manifest.file, location: rule.location, path: "\(rule.path).\(key)",
                    message:
                        """
                        no node '\(id)' in the graph of '\(manifest.app.id)', so the rule would speak of nothing. \
                        \(Suggestion.didYouMean(id, ids))Node ids are 'start', 'end', '<instance>.<step>' and \
                        '<instance>/<screen>'; `trace` lists them.
                        """
                ))
        }
        func lookup(_ id: String, _ rule: PathRuleSpec, _ key: String) -> Int? {
            if let node = graph.node(withID: id) { return node }
            unknown(id, rule, key)
            return nil
        }
        /// A `when` no state satisfies: the rule would hold because it
        /// speaks of no walk.
        func neverCarried(_ conditions: [PropertyPattern.Condition], _ rule: PathRuleSpec) {
            let dropped = conditions.map(\.field).filter { !carriedFields.contains($0) }
            let named = conditions.map(\.description).joined(separator: " and ")
            let why =
                dropped.isEmpty
                ? "No walk of the variant carries \(named) into a module."
                : """
                No module of the variant reads \(dropped.map { "'\($0)'" }.joined(separator: ", ")), so it is dropped \
                when handed on and never carried.
                """
            diagnostics.append(
                ManifestDiagnostic(
                    .error, file: manifest.file, location: rule.location, path: "\(rule.path).when",
                    message: "the rule's 'when' never holds, so the rule would speak of nothing. \(why)"))
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
                    if isModuleScreen(id) {
                        results.append(PathRuleResult(rule: rule, holds: true, counterExample: nil, walk: nil))
                    } else {
                        unknown(id, rule, "neverReaches")
                    }
                    continue
                }
                results.append(refuted(rule, by: touched[node] ? states.shortestWalk(touching: node) : nil))
            case .carriesNone(let fields, let instance):
                // The first state, fewest inputs first, in which the instance
                // runs with one of the fields: its shortest walk breaks it.
                let wanted = Set(fields)
                let breaking = states.states.indices.filter {
                    states.facts[$0].entered.contains { $0.instance == instance && wanted.contains($0.field) }
                }
                .min { states.states[$0].depth < states.states[$1].depth }
                results.append(refuted(rule, by: breaking.map(states.walk(toState:))))
            case .passesThrough(let id, let viaID):
                let target = lookup(id, rule, "to")
                let via = lookup(viaID, rule, "passesThrough")
                guard let target, let via else { continue }
                results.append(refuted(rule, by: target == via ? nil : states.walk(to: target, avoiding: via)))
            case .pattern(let pattern):
                var selectors: [String: EventSelector] = [:]
                var isValid = true
                for (key, events) in pattern.slots {
                    for event in events where selectors[event] == nil {
                        let selector = EventSelector(event, in: graph)
                        if !selector.isKnown && !isModuleScreen(event) {
                            unknown(event, rule, key)
                            isValid = false
                        }
                        selectors[event] = selector
                    }
                }
                var carrying: [Bool]?
                if !pattern.conditions.isEmpty {
                    let holds = states.states.indices.map { state in
                        pattern.conditions.allSatisfy { condition in
                            states.facts[state].entered.contains {
                                condition.accepts(field: $0.field, from: $0.producer, value: $0.value)
                            }
                        }
                    }
                    if !holds.contains(true) {
                        neverCarried(pattern.conditions, rule)
                        isValid = false
                    }
                    carrying = holds
                }
                guard isValid else { continue }
                let monitor = PatternMonitor(pattern, selectors: selectors, graph: graph, carrying: carrying)
                results.append(refuted(rule, by: states.walk(breaking: monitor)))
            }
        }
        return (results, diagnostics)
    }
}
