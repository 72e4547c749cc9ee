import Stepflow

/// Each path rule says one thing, in one of its shapes; a data rule names
/// an instance and fields of this variant. (The nodes a rule names are
/// checked against the explored graph, which knows every node.)
struct RuleShapes: ManifestValidator {
    static let shapes =
        """
        {\"to\": \"<node>\", \"passesThrough\": \"<node>\"}, {\"neverReaches\": \"<node>\"}, {\"reaches\": \
        \"<node>\"} or {\"entering\": \"<instance>\", \"carriesNone\": [\"<field>\", …]}
        """

    func validate(_ manifest: inout ManifestValidation) {
        let ids = manifest.requirements.map(\.id)
        for rule in manifest.draft.rules {
            let fields = rule.fields
            let name = fields["name"].flatMap { manifest.log.string($0, rule.path.key("name"))?.value }
            var requirement: String?
            if let written = manifest.log.string(fields["requirement"], rule.path.key("requirement")) {
                if ids.contains(written.value) {
                    requirement = written.value
                } else {
                    let listed =
                        ids.isEmpty
                        ? "The manifest lists no \"requirements\"." : "Requirements: \(Suggestion.list(ids))."
                    manifest.log.error(
                        rule.path.key("requirement"), written.location,
                        "unknown requirement '\(written.value)'. \(Suggestion.didYouMean(written.value, ids))\(listed)"
                    )
                }
            }
            if fields["entering"] != nil || fields["carriesNone"] != nil {
                if let kind = Self.dataRule(rule, &manifest) {
                    manifest.rules.append(
                        PathRuleSpec(
                            name: name, kind: kind, location: rule.node.location, path: rule.path.description,
                            requirement: requirement))
                }
                continue
            }
            let to = fields["to"].flatMap { manifest.log.string($0, rule.path.key("to"))?.value }
            let via = fields["passesThrough"].flatMap { manifest.log.string($0, rule.path.key("passesThrough"))?.value }
            let never = fields["neverReaches"].flatMap { manifest.log.string($0, rule.path.key("neverReaches"))?.value }
            let reaches = fields["reaches"].flatMap { manifest.log.string($0, rule.path.key("reaches"))?.value }
            let kinds = [to != nil || via != nil, never != nil, reaches != nil].filter { $0 }.count
            guard kinds == 1 else {
                manifest.log.error(
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
                manifest.log.error(
                    rule.path, rule.node.location,
                    """
                    \(to == nil ? "'passesThrough' needs 'to'" : "'to' needs 'passesThrough'"): write {\"to\": \
                    \"<node>\", \"passesThrough\": \"<node>\"}.
                    """
                )
                continue
            }
            manifest.rules.append(
                PathRuleSpec(
                    name: name, kind: kind, location: rule.node.location, path: rule.path.description,
                    requirement: requirement))
        }
    }

    /// `{"entering": "<instance>", "carriesNone": ["<field>", …]}`: the
    /// instance and the fields must exist in the variant.
    static func dataRule(_ rule: ManifestDraft.Rule, _ manifest: inout ManifestValidation) -> PathRuleSpec.Kind? {
        let shape = "write {\"entering\": \"<instance>\", \"carriesNone\": [\"<field>\", …]}"
        let fields = rule.fields
        guard let enteringMember = fields["entering"], let carriedMember = fields["carriesNone"] else {
            manifest.log.error(
                rule.path, rule.node.location,
                """
                \(fields["entering"] == nil ? "'carriesNone' needs 'entering'" : "'entering' needs 'carriesNone'"): \
                \(shape).
                """
            )
            return nil
        }
        if fields["to"] != nil || fields["passesThrough"] != nil || fields["neverReaches"] != nil
            || fields["reaches"] != nil
        {
            manifest.log.error(
                rule.path, rule.node.location, "a rule says one thing: \(shape), and the other rule as its own.")
            return nil
        }
        let instance = manifest.log.string(enteringMember, rule.path.key("entering"))?.value
        let ids = manifest.ids
        var valid = instance != nil
        if let instance, !ids.contains(instance) {
            manifest.log.error(
                rule.path.key("entering"), enteringMember.value.location,
                """
                unknown instance '\(instance)'. \(Suggestion.didYouMean(instance, ids))Instances: \
                \(Suggestion.list(ids)).
                """
            )
            valid = false
        }
        guard case .array(let items) = carriedMember.value.value, !items.isEmpty else {
            manifest.log.error(
                rule.path.key("carriesNone"), carriedMember.value.location,
                "expected a non-empty list of field names, found \(DiagnosticLog.describe(carriedMember.value)).")
            return nil
        }
        let known = Set(manifest.instances.flatMap { $0.exits.flatMap { $0.fields.map(\.name) } }).sorted()
        var names: [String] = []
        for (index, item) in items.enumerated() {
            let itemPath = rule.path.key("carriesNone").index(index)
            guard case .string(let name) = item.value else {
                manifest.log.error(
                    itemPath, item.location, "expected a field name (a string), found \(DiagnosticLog.describe(item)).")
                continue
            }
            guard known.contains(name) else {
                manifest.log.error(
                    itemPath, item.location,
                    """
                    no module of this variant hands on a field '\(name)'. \
                    \(Suggestion.didYouMean(name, known))Fields: \(Suggestion.list(known)).
                    """
                )
                continue
            }
            names.append(name)
        }
        guard valid, let instance, names.count == items.count else { return nil }
        return .carriesNone(fields: names, entering: instance)
    }
}
