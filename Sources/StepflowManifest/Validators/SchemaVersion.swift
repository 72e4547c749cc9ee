import Stepflow

/// `schema` is the integer 1.
struct SchemaVersion: ManifestValidator {
    func validate(_ manifest: inout ManifestValidation) {
        guard let node = manifest.draft.schema else { return }
        let path = JSONPath.root.key("schema")
        guard case .number(let number) = node.value, let version = number.integer else {
            manifest.log.error(
                path, node.location,
                "expected the schema version 1 (an integer), found \(DiagnosticLog.describe(node)).")
            return
        }
        guard version == 1 else {
            manifest.log.error(
                path, node.location, "unsupported schema \(version). This version of Stepflow reads schema 1.")
            return
        }
        manifest.schema = version
    }
}
