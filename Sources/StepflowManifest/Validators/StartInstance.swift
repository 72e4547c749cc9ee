import Stepflow

/// `start` names an instance.
struct StartInstance: ManifestValidator {
    func validate(_ manifest: inout ManifestValidation) {
        guard let start = manifest.draft.start else { return }
        let ids = manifest.ids
        if ids.contains(start.value) {
            manifest.start = start.value
        } else if !ids.isEmpty {
            manifest.log.error(
                JSONPath.root.key("start"), start.location,
                """
                unknown instance '\(start.value)'. \(Suggestion.didYouMean(start.value, ids))Instances: \
                \(Suggestion.list(ids)).
                """
            )
        }
    }
}
