import Stepflow

/// `schema` is the integer 1.
struct SchemaVersion: ManifestValidator {
    let draft: ManifestDraft
    var log: DiagnosticLog

    consuming func check() -> Checked<Int?> {
        guard let node = draft.schema else { return log.checked(nil) }
        let path = JSONPath.root.key("schema")
        guard case .number(let number) = node.value, let version = number.integer else {
            log.error(
                path, node.location,
                "expected the schema version 1 (an integer), found \(DiagnosticLog.describe(node)).")
            return log.checked(nil)
        }
        guard version == 1 else {
            log.error(
                path, node.location, "unsupported schema \(version). This version of Stepflow reads schema 1.")
            return log.checked(nil)
        }
        return log.checked(version)
    }
}
