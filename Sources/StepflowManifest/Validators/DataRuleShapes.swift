import Stepflow

// The rules about data: what one walk carries into an instance, where a
// typed value goes, and what becomes of an item kept for later. Each names
// fields and entries of this variant; screens and steps are checked
// against the explored graph.
extension RuleShapes {
    /// `{"entering": "<instance>", "carriesNone": ["<field>", …]}`: the
    /// instance must exist, and each name be a field some exit hands on or
    /// an entry of the variant's record.
    mutating func dataRule(_ rule: ManifestDraft.Rule) -> PathRuleSpec.Kind? {
        let shape = "write {\"entering\": \"<instance>\", \"carriesNone\": [\"<field or entry>\", …]}"
        let fields = rule.fields
        guard let enteringMember = fields["entering"], let carriedMember = fields["carriesNone"] else {
            log.error(
                rule.path, rule.node.location,
                """
                \(fields["entering"] == nil ? "'carriesNone' needs 'entering'" : "'entering' needs 'carriesNone'"): \
                \(shape).
                """
            )
            return nil
        }
        guard saysOneThing(rule, ["entering", "carriesNone"], shape: shape) else { return nil }
        let instance = log.string(enteringMember, rule.path.key("entering"))?.value
        let ids = instances.map(\.id)
        var valid = instance != nil
        if let instance, !ids.contains(instance) {
            log.error(
                rule.path.key("entering"), enteringMember.value.location,
                """
                unknown instance '\(instance)'. \(Suggestion.didYouMean(instance, ids))Instances: \
                \(Suggestion.list(ids)).
                """
            )
            valid = false
        }
        guard case .array(let items) = carriedMember.value.value, !items.isEmpty else {
            log.error(
                rule.path.key("carriesNone"), carriedMember.value.location,
                "expected a non-empty list of field names, found \(DiagnosticLog.describe(carriedMember.value)).")
            return nil
        }
        let known = Set(instances.flatMap { $0.exits.flatMap { $0.fields.map(\.name) } } + record.keys).sorted()
        var names: [String] = []
        for (index, item) in items.enumerated() {
            let itemPath = rule.path.key("carriesNone").index(index)
            guard case .string(let name) = item.value else {
                log.error(
                    itemPath, item.location, "expected a field name (a string), found \(DiagnosticLog.describe(item)).")
                continue
            }
            guard known.contains(name) else {
                log.error(
                    itemPath, item.location,
                    """
                    no module of this variant hands on a field or records an entry '\(name)'. \
                    \(Suggestion.didYouMean(name, known))Fields and entries: \(Suggestion.list(known)).
                    """
                )
                continue
            }
            names.append(name)
        }
        guard valid, let instance, names.count == items.count else { return nil }
        return .carriesNone(fields: names, entering: instance)
    }

    /// `{"value": "<entry>", "typedOn": "<screen>", "reachesUnchanged":
    /// ["<screen>", …]}`: the entry must be one of the record's values
    /// (not a list); `typedOn` may be left out (typed on any screen).
    mutating func valueRule(_ rule: ManifestDraft.Rule) -> PathRuleSpec.Kind? {
        let shape =
            "write {\"value\": \"<entry>\", \"typedOn\": \"<screen>\", \"reachesUnchanged\": [\"<screen>\", …]}"
        let fields = rule.fields
        guard let valueMember = fields["value"], let screensMember = fields["reachesUnchanged"] else {
            log.error(
                rule.path, rule.node.location,
                (fields["value"] == nil ? "a value rule needs 'value'" : "'value' needs 'reachesUnchanged'")
                    + ": \(shape)."
            )
            return nil
        }
        guard saysOneThing(rule, ["value", "typedOn", "reachesUnchanged"], shape: shape),
            let key = entry(valueMember, rule.path.key("value"), list: false)
        else { return nil }
        let typedOn = fields["typedOn"].flatMap { log.string($0, rule.path.key("typedOn"))?.value }
        if fields["typedOn"] != nil, typedOn == nil { return nil }
        guard let screens = events(screensMember, rule.path.key("reachesUnchanged")) else { return nil }
        return .valueReaches(key: key, typedOn: typedOn, screens: screens)
    }

    /// `{"kept": "<entry>", "leavesOnlyBy": ["<step>", …]}`: the entry must
    /// be one of the record's lists.
    mutating func keptRule(_ rule: ManifestDraft.Rule) -> PathRuleSpec.Kind? {
        let shape = "write {\"kept\": \"<entry>\", \"leavesOnlyBy\": [\"<step>\", …]}"
        let fields = rule.fields
        guard let keptMember = fields["kept"], let leavesMember = fields["leavesOnlyBy"] else {
            log.error(
                rule.path, rule.node.location,
                "\(fields["kept"] == nil ? "'leavesOnlyBy' needs 'kept'" : "'kept' needs 'leavesOnlyBy'"): \(shape).")
            return nil
        }
        guard saysOneThing(rule, ["kept", "leavesOnlyBy"], shape: shape),
            let key = entry(keptMember, rule.path.key("kept"), list: true),
            let leavesBy = events(leavesMember, rule.path.key("leavesOnlyBy"))
        else { return nil }
        return .kept(key: key, leavesBy: leavesBy)
    }

    /// Whether the rule has only `keys` (and a name and a requirement);
    /// reports the first other key.
    private mutating func saysOneThing(_ rule: ManifestDraft.Rule, _ keys: [String], shape: String) -> Bool {
        let others = rule.fields.keys.filter { !keys.contains($0) && $0 != "name" && $0 != "requirement" }.sorted()
        guard let other = others.first else { return true }
        log.error(
            rule.path.key(other), rule.fields[other]?.value.location ?? rule.node.location,
            "a rule says one thing: \(shape), and '\(other)' belongs in a rule of its own.")
        return false
    }

    /// The record entry `member` names: one of the record's values, or
    /// with `list` one of its lists.
    private mutating func entry(_ member: JSONMember, _ path: JSONPath, list: Bool) -> String? {
        guard let key = log.string(member, path)?.value else { return nil }
        let fitting = record.keys.filter { record.entries[$0]?.spec.isList == list }
        guard let entry = record.entries[key] else {
            log.error(
                path, member.value.location,
                record.keys.isEmpty
                    ? "the variant records nothing, so the rule would speak of nothing. To fix, name a record entry."
                    : """
                    no module of this variant records an entry '\(key)'. \(Suggestion.didYouMean(key, record.keys))\
                    Entries: \(Suggestion.list(record.keys)).
                    """)
            return nil
        }
        guard entry.spec.isList == list else {
            log.error(
                path, member.value.location,
                """
                '\(key)' is \(entry.spec.isList ? "a list of items" : "one value"); \
                \(list ? "'kept' speaks of a list" : "'value' speaks of one value"). \
                \(fitting.isEmpty ? "" : "Entries that fit: \(Suggestion.list(fitting)).")
                """)
            return nil
        }
        return key
    }

    /// `{"canAlwaysReach": "<event>", "from": ["<screen>", …]}` (each one
    /// name or a list; `from` optional): from every state on one of `from`
    /// (every state the app runs in without it), some walk reaches one of
    /// the events. The names are checked against the explored graph.
    mutating func reachRule(_ rule: ManifestDraft.Rule) -> PathRuleSpec.Kind? {
        let shape = "write {\"canAlwaysReach\": \"<event>\", \"from\": [\"<screen>\", …]}"
        let fields = rule.fields
        guard let targetMember = fields["canAlwaysReach"] else {
            log.error(rule.path, rule.node.location, "'from' needs 'canAlwaysReach': \(shape).")
            return nil
        }
        guard saysOneThing(rule, ["canAlwaysReach", "from"], shape: shape),
            let target = events(targetMember, rule.path.key("canAlwaysReach"))
        else { return nil }
        var from: [String] = []
        if let fromMember = fields["from"] {
            guard let screens = events(fromMember, rule.path.key("from")) else { return nil }
            from = screens
        }
        return .canAlwaysReach(target: target, from: from)
    }

    /// A pattern's events: a name, or a non-empty list of names.
    mutating func events(_ member: JSONMember, _ path: JSONPath) -> [String]? {
        let names: [JSONNode]
        var isList = false
        if case .array(let items) = member.value.value {
            names = items
            isList = true
        } else {
            names = [member.value]
        }
        var events: [String] = []
        for (index, node) in names.enumerated() {
            let itemPath = isList ? path.index(index) : path
            guard case .string(let name) = node.value, !name.isEmpty else {
                log.error(
                    itemPath, node.location,
                    """
                    expected an event: a screen, a step, '<instance>/*', 'start' or 'end' (or a list of them), found \
                    \(DiagnosticLog.describe(node)).
                    """
                )
                return nil
            }
            events.append(name)
        }
        guard !events.isEmpty else {
            log.error(path, member.value.location, "an empty list names no event. To fix, name at least one.")
            return nil
        }
        return events
    }
}
