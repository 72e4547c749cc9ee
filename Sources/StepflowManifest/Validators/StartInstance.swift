import Stepflow

/// `start` names an instance.
struct StartInstance: ManifestValidator {
    let draft: ManifestDraft
    let instances: [ValidatedInstance]
    var log: DiagnosticLog

    /// The start's instance id, when it names one.
    consuming func check() -> Checked<String?> {
        guard let start = draft.start else { return log.checked(nil) }
        let ids = instances.map(\.id)
        if ids.contains(start.value) {
            return log.checked(start.value)
        } else if !ids.isEmpty {
            log.error(
                JSONPath.root.key("start"), start.location,
                """
                unknown instance '\(start.value)'. \(Suggestion.didYouMean(start.value, ids))Instances: \
                \(Suggestion.list(ids)).
                """
            )
        }
        return log.checked(nil)
    }
}
