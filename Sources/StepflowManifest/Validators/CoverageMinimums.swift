import Stepflow

/// `coverage` sets the least share of the variant its acceptance scripts
/// must take before it is ready for sign-off: a whole percent per kind,
/// `{"screens": 100, "edges": 80, "transitions": 60}`; kinds left out
/// have no minimum.
struct CoverageMinimums: ManifestValidator {
    let draft: ManifestDraft
    var log: DiagnosticLog

    consuming func check() -> Checked<CoverageMinimum?> {
        guard let member = draft.coverage else { return log.checked(nil) }
        let path = JSONPath.root.key("coverage")
        let kinds = CoverageMinimum.Kind.allCases.map(\.rawValue)
        guard case .object(let members) = member.value.value else {
            log.error(
                path, member.value.location,
                """
                expected the minimum coverage (a JSON object such as {\"transitions\": 80}), found \
                \(DiagnosticLog.describe(member.value)).
                """
            )
            return log.checked(nil)
        }
        var minimum = CoverageMinimum(location: member.keyLocation)
        for entry in log.uniqueMembers(members, path) {
            guard let kind = CoverageMinimum.Kind(rawValue: entry.key) else {
                log.error(
                    path.key(entry.key), entry.keyLocation,
                    """
                    unknown coverage kind '\(entry.key)'. \(Suggestion.didYouMean(entry.key, kinds))Kinds: \
                    \(Suggestion.list(kinds)).
                    """
                )
                continue
            }
            guard case .number(let number) = entry.value.value, let percent = number.integer,
                (0...100).contains(percent)
            else {
                log.error(
                    path.key(entry.key), entry.value.location,
                    "expected a whole percent from 0 to 100, found \(DiagnosticLog.describe(entry.value)).")
                continue
            }
            minimum.percents[kind] = percent
        }
        return log.checked(minimum)
    }
}
