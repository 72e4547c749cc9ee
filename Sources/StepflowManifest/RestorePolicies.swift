package import Stepflow

/// What a release does with a walk saved by another release that does not
/// replay on it whole: the manifest's `"restoreOnUpdate"` section, by the
/// module instance the person was in.
///
/// ```json
/// "restoreOnUpdate": {
///   "default": "ask-again",
///   "instances": { "testing": "restart-module", "result": "refuse" }
/// }
/// ```
///
/// Without the section every such walk is refused (the app starts
/// afresh). `rootapp update-check` proves where each policy leads.
public struct RestorePolicies: Hashable, Sendable {
    /// The policy of an instance the section does not name.
    package let fallback: LostWalkPolicy
    /// The policy of each instance the section names.
    package let instances: [String: LostWalkPolicy]

    /// `fallback` for every instance, but those in `instances`.
    package init(fallback: LostWalkPolicy = .refuse, instances: [String: LostWalkPolicy] = [:]) {
        self.fallback = fallback
        self.instances = instances
    }

    /// The policy for a walk the person left in `instance`.
    package func policy(for instance: String) -> LostWalkPolicy {
        instances[instance] ?? fallback
    }
}

/// `restoreOnUpdate`: a known policy for `default` and for each named
/// instance, which must be one of the manifest's.
struct RestorePolicySection: ManifestValidator {
    let draft: ManifestDraft
    let instances: [String]
    var log: DiagnosticLog

    consuming func check() -> Checked<RestorePolicies> {
        guard let member = draft.restoreOnUpdate else { return log.checked(RestorePolicies()) }
        let path = JSONPath.root.key("restoreOnUpdate")
        guard
            let fields = log.object(
                member.value, path, what: "the restoreOnUpdate section", required: [],
                optional: ["default", "instances"])
        else { return log.checked(RestorePolicies()) }
        let fallback = fields["default"].flatMap { policy($0, path.key("default")) } ?? .refuse
        var named: [String: LostWalkPolicy] = [:]
        if let list = fields["instances"] {
            let listPath = path.key("instances")
            if case .object(let members) = list.value.value {
                for entry in log.uniqueMembers(members, listPath, noun: "instance") {
                    guard instances.contains(entry.key) else {
                        log.error(
                            listPath.key(entry.key), entry.keyLocation,
                            """
                            '\(entry.key)' is not a module instance of this manifest. \
                            \(Suggestion.didYouMean(entry.key, instances))To fix, name one of \
                            \(Suggestion.list(instances)).
                            """
                        )
                        continue
                    }
                    if let chosen = policy(entry, listPath.key(entry.key)) { named[entry.key] = chosen }
                }
            } else {
                log.error(
                    listPath, list.value.location,
                    """
                    expected the instances' policies (a JSON object of \"instance\": \"policy\"), found \
                    \(DiagnosticLog.describe(list.value)).
                    """
                )
            }
        }
        return log.checked(RestorePolicies(fallback: fallback, instances: named))
    }

    private mutating func policy(_ member: JSONMember, _ path: JSONPath) -> LostWalkPolicy? {
        guard let name = log.string(member, path) else { return nil }
        if let policy = LostWalkPolicy(rawValue: name.value) { return policy }
        let names = LostWalkPolicy.allCases.map(\.rawValue)
        log.error(
            path, name.location,
            """
            '\(name.value)' is not a policy. \(Suggestion.didYouMean(name.value, names))To fix, write one of \
            \(Suggestion.list(names)).
            """
        )
        return nil
    }
}
