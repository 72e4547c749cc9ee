import Stepflow

/// Each path rule says one thing, in one of its shapes; a data rule names
/// an instance and fields of this variant. (The nodes a rule names are
/// checked against the explored graph, which knows every node.)
struct RuleShapes: ManifestValidator {
    static let shapes =
        """
        {\"to\": \"<node>\", \"passesThrough\": \"<node>\"}, {\"neverReaches\": \"<node>\"}, {\"reaches\": \
        \"<node>\"}, {\"entering\": \"<instance>\", \"carriesNone\": [\"<field>\", …]}, or a pattern: \
        {\"never\" | \"eventually\" | \"always\": \"<event>\"}, {\"of\": \"<event>\", \"onlyAfter\": \"<event>\"} or \
        {\"whenever\": \"<event>\", \"then\": \"<event>\"}, each with an optional scope: \"after\", \"before\", \
        \"after\" and \"before\", or \"after\" and \"until\", and an optional \"when\": {\"<field>\": <value>}; \
        or {\"link\": \"<route>\", \"landsOn\": [\"<node>\", …]}; or about data: {\"value\": \"<entry>\", \
        \"typedOn\": \"<screen>\", \"reachesUnchanged\": [\"<screen>\", …]} or {\"kept\": \"<entry>\", \
        \"leavesOnlyBy\": [\"<step>\", …]}; or {\"canAlwaysReach\": \"<event>\", \"from\": [\"<screen>\", …]}
        """

    let draft: ManifestDraft
    let instances: [ValidatedInstance]
    let requirements: [Requirement]
    /// The variant's record: the entries a data rule may name.
    let record: RecordSchema
    var log: DiagnosticLog

    /// The rules that are sound.
    consuming func check() -> Checked<[PathRuleSpec]> {
        var rules: [PathRuleSpec] = []
        let ids = requirements.map(\.id)
        for rule in draft.rules {
            let fields = rule.fields
            let name = fields["name"].flatMap { log.string($0, rule.path.key("name"))?.value }
            var requirement: String?
            if let written = log.string(fields["requirement"], rule.path.key("requirement")) {
                if ids.contains(written.value) {
                    requirement = written.value
                } else {
                    let listed =
                        ids.isEmpty
                        ? "The manifest lists no \"requirements\"." : "Requirements: \(Suggestion.list(ids))."
                    log.error(
                        rule.path.key("requirement"), written.location,
                        "unknown requirement '\(written.value)'. \(Suggestion.didYouMean(written.value, ids))\(listed)"
                    )
                }
            }
            if Self.patternKeys.allSatisfy({ fields[$0] == nil }), let when = fields["when"] {
                log.error(
                    rule.path.key("when"), when.value.location,
                    """
                    'when' qualifies a pattern's event (never, always, of, whenever). To fix, write the rule as \
                    one: {"never": "<event>", "when": {"<field>": <value>}}.
                    """
                )
                continue
            }
            func add(_ kind: PathRuleSpec.Kind?) {
                guard let kind else { return }
                let spec = PathRuleSpec(
                    name: name, kind: kind, location: rule.node.location, path: rule.path.description,
                    requirement: requirement)
                // A requirement that says what it claims is proved only by
                // a rule of that kind: an existence is no response.
                if let requirement, let claim = requirements.first(where: { $0.id == requirement })?.claim,
                    !spec.proves.contains(claim)
                {
                    let fitting = Self.shapes(proving: claim)
                    log.error(
                        rule.path.key("requirement"), fields["requirement"]?.value.location ?? rule.node.location,
                        """
                        \(requirement) claims \(claim), and this rule is \(spec.kindName), which does not prove it. \
                        To fix, write the rule as \(fitting), or give it to a requirement that claims \
                        \(spec.proves.map(\.rawValue).sorted().joined(separator: " or ")).
                        """)
                    return
                }
                rules.append(spec)
            }
            if fields["link"] != nil || fields["landsOn"] != nil {
                add(linkRule(rule))
                continue
            }
            if fields["entering"] != nil || fields["carriesNone"] != nil {
                add(dataRule(rule))
                continue
            }
            if fields["value"] != nil || fields["typedOn"] != nil || fields["reachesUnchanged"] != nil {
                add(valueRule(rule))
                continue
            }
            if fields["kept"] != nil || fields["leavesOnlyBy"] != nil {
                add(keptRule(rule))
                continue
            }
            if fields["canAlwaysReach"] != nil || fields["from"] != nil {
                add(reachRule(rule))
                continue
            }
            if let patternKey = Self.patternKeys.first(where: { fields[$0] != nil }) {
                add(patternRule(rule, first: patternKey))
                continue
            }
            let to = fields["to"].flatMap { log.string($0, rule.path.key("to"))?.value }
            let via = fields["passesThrough"].flatMap { log.string($0, rule.path.key("passesThrough"))?.value }
            let never = fields["neverReaches"].flatMap { log.string($0, rule.path.key("neverReaches"))?.value }
            let reaches = fields["reaches"].flatMap { log.string($0, rule.path.key("reaches"))?.value }
            let kinds = [to != nil || via != nil, never != nil, reaches != nil].filter { $0 }.count
            guard kinds == 1 else {
                log.error(
                    rule.path, rule.node.location,
                    kinds == 0
                        ? "the rule says nothing. Write \(Self.shapes)."
                        : "a rule says one thing. Write \(Self.shapes), each as its own rule.")
                continue
            }
            let kind: PathRuleSpec.Kind
            if let never {
                kind = .neverReaches(never)
            } else if let reaches {
                kind = .reaches(reaches)
            } else if let to, let via {
                kind = .passesThrough(node: to, via: via)
            } else {
                log.error(
                    rule.path, rule.node.location,
                    """
                    \(to == nil ? "'passesThrough' needs 'to'" : "'to' needs 'passesThrough'"): write {\"to\": \
                    \"<node>\", \"passesThrough\": \"<node>\"}.
                    """
                )
                continue
            }
            add(kind)
        }
        return log.checked(rules)
    }

    /// `{"link": "<route>", "landsOn": ["<node>", …]}` (or one node as a
    /// string): the route must be one the manifest's `"links"` writes; the
    /// nodes are checked against the explored graph.
    mutating func linkRule(_ rule: ManifestDraft.Rule) -> PathRuleSpec.Kind? {
        let shape = "write {\"link\": \"<route>\", \"landsOn\": [\"<node>\", …]}"
        let fields = rule.fields
        guard let linkMember = fields["link"], let landsMember = fields["landsOn"] else {
            log.error(
                rule.path, rule.node.location,
                "\(fields["link"] == nil ? "'landsOn' needs 'link'" : "'link' needs 'landsOn'"): \(shape).")
            return nil
        }
        let others =
            ["to", "passesThrough", "neverReaches", "reaches", "entering", "carriesNone"] + Self.patternKeys
            + Self.scopeKeys + ["when", "canAlwaysReach", "from"]
        if let other = others.first(where: { fields[$0] != nil }) {
            log.error(
                rule.path.key(other), fields[other]?.value.location ?? rule.node.location,
                "a rule says one thing: 'link' makes it a link rule, so '\(other)' belongs in a rule of its own.")
            return nil
        }
        guard let link = log.string(linkMember, rule.path.key("link"))?.value else { return nil }
        var routes: [String] = []
        if case .object(let members)? = draft.links?.value.value { routes = members.map(\.key) }
        guard routes.contains(link) else {
            log.error(
                rule.path.key("link"), linkMember.value.location,
                routes.isEmpty
                    ? "the manifest routes no link, so the rule would speak of nothing. To fix, add \"links\"."
                    : """
                    '\(link)' is not a route of "links". \(Suggestion.didYouMean(link, routes))Routes: \
                    \(Suggestion.list(routes)).
                    """)
            return nil
        }
        guard let nodes = events(landsMember, rule.path.key("landsOn")) else { return nil }
        return .linkLandsOn(link: link, nodes: nodes)
    }

    /// The shapes of rule that prove `claim`, as a manifest writes them.
    static func shapes(proving claim: Requirement.Claim) -> String {
        switch claim {
        case .reached: "{\"reaches\": \"<node>\"}"
        case .never: "{\"neverReaches\": \"<node>\"} or {\"never\": \"<event>\"}"
        case .precedence: "{\"to\": …, \"passesThrough\": …} or {\"of\": …, \"onlyAfter\": …}"
        case .response: "{\"whenever\": …, \"then\": …}, {\"eventually\": …} or {\"kept\": …, \"leavesOnlyBy\": […]}"
        case .always: "{\"always\": \"<event>\"}"
        case .valueReaches: "{\"value\": …, \"typedOn\": …, \"reachesUnchanged\": […]}"
        case .kept: "{\"kept\": …, \"leavesOnlyBy\": […]}"
        case .separated: "{\"entering\": …, \"carriesNone\": […]}"
        case .landsOn: "{\"link\": …, \"landsOn\": […]}"
        case .alwaysReachable: "{\"canAlwaysReach\": …, \"from\": […]}"
        }
    }

    /// The keys that make a rule a pattern, and its scope's keys.
    static let patternKeys = ["never", "eventually", "always", "of", "onlyAfter", "whenever", "then"]
    static let scopeKeys = ["after", "before", "until"]

    /// A pattern rule: one pattern (`never`, `eventually`, `always`, `of` +
    /// `onlyAfter`, `whenever` + `then`) and an optional scope (`after`,
    /// `before`, `after` + `before`, `after` + `until`). The events are
    /// checked against the explored graph.
    mutating func patternRule(_ rule: ManifestDraft.Rule, first: String) -> PathRuleSpec.Kind? {
        let fields = rule.fields
        let others = ["to", "passesThrough", "neverReaches", "reaches", "entering", "carriesNone"]
        if let other = others.first(where: { fields[$0] != nil }) {
            log.error(
                rule.path.key(other), fields[other]?.value.location ?? rule.node.location,
                "a rule says one thing: '\(first)' makes it a pattern, so '\(other)' belongs in a rule of its own.")
            return nil
        }
        var values: [String: [String]] = [:]
        for key in Self.patternKeys + Self.scopeKeys {
            guard let member = fields[key] else { continue }
            guard let events = self.events(member, rule.path.key(key)) else { return nil }
            values[key] = events
        }
        let given = Self.patternKeys.filter { values[$0] != nil }
        let kind: PropertyPattern.Kind
        switch Set(given) {
        case ["never"]: kind = .absence(values["never"]!)  // the case says it is there
        case ["eventually"]: kind = .existence(values["eventually"]!)  // the case says it is there
        case ["always"]: kind = .universality(values["always"]!)  // the case says it is there
        case ["of", "onlyAfter"]:
            kind = .precedence(event: values["of"]!, precededBy: values["onlyAfter"]!)  // both there, as the case says
        case ["whenever", "then"]:
            kind = .response(trigger: values["whenever"]!, response: values["then"]!)  // both there, as the case says
        default:
            let pairs = ["of": "onlyAfter", "onlyAfter": "of", "whenever": "then", "then": "whenever"]
            let message =
                if given.count == 1, let partner = pairs[given[0]] {
                    "'\(given[0])' needs '\(partner)': write \(Self.partnerShape(given[0]))."
                } else {
                    """
                    a rule states one pattern, and this one gives \(given.map { "'\($0)'" }.joined(separator: ", ")). \
                    Write {"never" | "eventually" | "always": "<event>"}, {"of": "<event>", "onlyAfter": "<event>"} \
                    or {"whenever": "<event>", "then": "<event>"}, each pattern as its own rule.
                    """
                }
            log.error(rule.path, rule.node.location, message)
            return nil
        }
        let scope: PropertyPattern.Scope
        switch (values["after"], values["before"], values["until"]) {
        case (nil, nil, nil): scope = .globally
        case (let after?, nil, nil): scope = .after(after)
        case (nil, let before?, nil): scope = .before(before)
        case (let after?, let before?, nil): scope = .between(after, and: before)
        case (let after?, nil, let until?): scope = .afterUntil(after, until: until)
        case (nil, _, _?):
            log.error(
                rule.path.key("until"), fields["until"]?.value.location ?? rule.node.location,
                "'until' closes a scope that 'after' opens: write {\"after\": \"<event>\", \"until\": \"<event>\"}.")
            return nil
        case (_, _?, _?):
            log.error(
                rule.path, rule.node.location,
                """
                a scope has 'before' or 'until', not both: "before" counts only parts of a walk that reach it, \
                "until" also those that never do. Keep the one you mean.
                """
            )
            return nil
        }
        var conditions: [PropertyPattern.Condition] = []
        if let when = fields["when"] {
            if case .existence = kind {
                log.error(
                    rule.path.key("when"), when.value.location,
                    """
                    'eventually' with 'when' would require the value on every walk. To fix, say what must follow \
                    once the value is carried: {"whenever": "<event>", "then": "<event>", "when": {…}}.
                    """
                )
                return nil
            }
            guard let read = self.conditions(when, rule.path.key("when")) else { return nil }
            conditions = read
        }
        return .pattern(PropertyPattern(kind, scope: scope, when: conditions))
    }

    /// A pattern's `when`: an object of `"<field>"` or `"<instance>.<field>"`
    /// to a value or a non-empty list of values, each a field some exit of
    /// the variant hands on (of that instance, if named) and a value its
    /// kind accepts.
    private mutating func conditions(_ member: JSONMember, _ path: JSONPath) -> [PropertyPattern.Condition]? {
        guard case .object(let members) = member.value.value, !members.isEmpty else {
            let found =
                if case .object = member.value.value { "an empty object" } else { DiagnosticLog.describe(member.value) }
            log.error(
                path, member.value.location,
                """
                expected an object of fields and values, such as {"test.result": "positive"}, found \(found). To \
                fix, name a field the variant carries and its value, or remove 'when'.
                """
            )
            return nil
        }
        // The fields each instance hands on, and their kinds.
        var handed: [(instance: String, field: FieldSpec)] = []
        for instance in instances {
            for exit in instance.exits {
                for field in exit.fields where !handed.contains(where: { $0 == (instance.id, field) }) {
                    handed.append((instance.id, field))
                }
            }
        }
        var conditions: [PropertyPattern.Condition] = []
        var valid = true
        for entry in members {
            let keyPath = path.key(entry.key)
            let parts = entry.key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let instance = parts.count == 2 ? parts[0] : nil
            let field = parts.count == 2 ? parts[1] : entry.key
            let candidates = handed.filter { instance == nil || $0.instance == instance }
            let names = candidates.map(\.field.name)
            guard parts.count <= 2, instance?.isEmpty != true,
                let spec = candidates.first(where: { $0.field.name == field })?.field
            else {
                let known = Array(Set(handed.map { "\($0.instance).\($0.field.name)" } + handed.map(\.field.name)))
                    .sorted()
                let missing =
                    instance.flatMap { $0.isEmpty ? nil : "instance '\($0)' hands on no field '\(field)'" }
                    ?? "no module of this variant hands on a field '\(entry.key)'"
                log.error(
                    keyPath, entry.keyLocation,
                    "\(missing). \(Suggestion.didYouMean(entry.key, known + names))Fields: \(Suggestion.list(known)).")
                valid = false
                continue
            }
            var nodes = [entry.value]
            var isList = false
            if case .array(let items) = entry.value.value { (nodes, isList) = (items, true) }
            var values: [ModuleValue] = []
            for (index, node) in nodes.enumerated() {
                let value: ModuleValue? =
                    switch node.value {
                    case .string(let text): .text(text)
                    case .bool(let flag): .boolean(flag)
                    case .number(let number): number.integer.map(ModuleValue.integer)
                    default: nil
                    }
                guard let value, spec.kind.accepts(value) else {
                    var hint = ""
                    if case .choice(let choices) = spec.kind, case .string(let text) = node.value {
                        hint = Suggestion.didYouMean(text, choices)
                    }
                    let message = "'\(entry.key)' holds \(spec.kind), not \(DiagnosticLog.describe(node))."
                    log.error(
                        isList ? keyPath.index(index) : keyPath, node.location,
                        hint.isEmpty ? message : message + " " + hint.dropLast())
                    valid = false
                    continue
                }
                values.append(value)
            }
            if nodes.isEmpty {
                log.error(
                    keyPath, entry.value.location, "an empty list names no value. To fix, name at least one.")
                valid = false
            }
            conditions.append(PropertyPattern.Condition(instance: instance, field: field, values: values))
        }
        return valid ? conditions : nil
    }

    private static func partnerShape(_ key: String) -> String {
        key == "of" || key == "onlyAfter"
            ? "{\"of\": \"<event>\", \"onlyAfter\": \"<event>\"}" : "{\"whenever\": \"<event>\", \"then\": \"<event>\"}"
    }
}
