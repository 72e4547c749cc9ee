package import StepflowManifest

/// What a path rule came to on a variant's graph.
package struct PathRuleResult: Hashable, Sendable, CustomStringConvertible {
    /// The rule.
    package let rule: PathRuleSpec
    /// Whether the graph proves it.
    package let holds: Bool
    /// When refuted: a shortest walk that breaks it, as node ids from the
    /// start (empty for a `reaches` rule, which no walk can refute).
    package let counterExample: [String]?
    /// When refuted by a walk: the walk itself, with its inputs, which a
    /// live run can replay.
    package let walk: Walk?
    /// When refuted: what the walk shows, in a sentence (a rule about data
    /// says what was shown and what was given); `nil` when the walk says it.
    package var detail: String? = nil

    /// `proved: …` or `refuted: …: start → … → node`.
    package var description: String {
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
    package func checkRules() -> (results: [PathRuleResult], diagnostics: [ManifestDiagnostic]) {
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
            if surveys[instance] == nil { surveys[instance] = ModuleSurvey.shared(module, services: services) }
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
                if let breaking {
                    results.append(refuted(rule, by: states.walk(toState: breaking)))
                } else if let (walk, detail) = states.walk(enteringWithRecord: instance, keys: wanted) {
                    var result = refuted(rule, by: walk)
                    result.detail = detail
                    results.append(result)
                } else {
                    results.append(refuted(rule, by: nil))
                }
            case .valueReaches(let key, let typedOn, let screens):
                let unknownScreens = ([typedOn].compactMap { $0 } + screens).filter {
                    graph.node(withID: $0) == nil && !isModuleScreen($0)
                }
                for id in unknownScreens { unknown(id, rule, "reachesUnchanged") }
                guard unknownScreens.isEmpty else { continue }
                let found = states.walk(breakingValue: key, typedOn: typedOn, screens: Set(screens))
                var result = refuted(rule, by: found?.walk)
                result.detail = found?.detail
                results.append(result)
            case .kept(let key, let leavesBy):
                var isValid = true
                for event in leavesBy where !EventSelector(event, in: graph).isKnown {
                    unknown(event, rule, "leavesOnlyBy")
                    isValid = false
                }
                guard isValid else { continue }
                let found = states.walk(losingKept: key, leavesBy: leavesBy)
                var result = refuted(rule, by: found?.walk)
                result.detail = found?.detail
                results.append(result)
            case .passesThrough(let id, let viaID):
                let target = lookup(id, rule, "to")
                let via = lookup(viaID, rule, "passesThrough")
                guard let target, let via else { continue }
                results.append(
                    refuted(rule, by: target == via ? nil : states.walk(to: target, avoidingInItsLaunch: via)))
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
            case .linkLandsOn(let link, let nodes):
                let unknownNodes = nodes.filter { $0 != "end" && graph.node(withID: $0) == nil && !isModuleScreen($0) }
                for id in unknownNodes { unknown(id, rule, "landsOn") }
                guard unknownNodes.isEmpty else { continue }
                results.append(refuted(rule, by: linkLanding(link, outside: Set(nodes))))
            case .canAlwaysReach(let target, let from):
                var known = true
                for (key, names) in [("canAlwaysReach", target), ("from", from)] {
                    for name in names where !EventSelector(name, in: graph).isKnown && !isModuleScreen(name) {
                        unknown(name, rule, key)
                        known = false
                    }
                }
                guard known else { continue }
                let goal = EventSelector(anyOf: target.map { EventSelector($0, in: graph) }).matches
                let scope = from.isEmpty ? nil : EventSelector(anyOf: from.map { EventSelector($0, in: graph) })
                func isInScope(_ state: StateGraph.State) -> Bool {
                    guard let scope else { return true }
                    guard let top = state.top, let node = graph.node(withID: top) else { return false }
                    return scope.matches[node]
                }
                // A scope no state is in would make the rule hold of nothing.
                if !from.isEmpty, !states.states.contains(where: { !$0.isEnded && isInScope($0) }) {
                    diagnostics.append(
                        ManifestDiagnostic(
                            .error, file: manifest.file, location: rule.location, path: "\(rule.path).from",
                            message:
                                """
                                no state of the variant is on \(from.joined(separator: " or ")), so the rule would \
                                speak of nothing. To fix, name screens the variant shows ('<instance>/<screen>' or \
                                '<instance>/*'); `trace` lists them.
                                """))
                    continue
                }
                let found = states.walk(
                    stuckAwayFrom: goal, named: target.joined(separator: " or "), within: isInScope)
                var result = refuted(rule, by: found?.walk)
                result.detail = found?.detail
                results.append(result)
            }
        }
        return (results, diagnostics)
    }

    /// A shortest walk that opens a link `link` routes in some state and
    /// lands on a screen other than the one on top before it and not in
    /// `allowed` (`end`: the app ended); `nil` when every opening lands in
    /// `allowed` or leaves the screen as it was.
    private func linkLanding(_ link: String, outside allowed: Set<String>) -> Walk? {
        var breaking: (from: Int, position: Int)?
        // The route each address takes: an address is opened from every
        // state, and matched once.
        var routes: [String: String?] = [:]
        func route(_ address: String) -> String? {
            if let known = routes[address] { return known }
            let pattern = manifest.links.route(for: address)?.pattern
            routes[address] = pattern
            return pattern
        }
        for position in states.transitions.indices where states.transitions.isLink(at: position) {
            let transition = states.transitions[position]
            guard case .link(let address) = transition.input.kind, route(address) == link else { continue }
            let (before, after) = (states.states[transition.from], states.states[transition.to])
            let landed = after.isEnded ? "end" : after.top
            if !after.isEnded && landed == before.top { continue }
            if let landed, allowed.contains(landed) { continue }
            if let known = breaking, states.states[known.from].depth <= before.depth { continue }
            breaking = (transition.from, position)
        }
        guard let (from, position) = breaking else { return nil }
        let before = states.walk(toState: from)
        var nodes = before.nodes
        for node in states.transitions[position].nodes where nodes.last != node { nodes.append(node) }
        return Walk(inputs: before.inputs + [states.transitions[position].input], nodes: nodes, lastState: from)
    }
}
