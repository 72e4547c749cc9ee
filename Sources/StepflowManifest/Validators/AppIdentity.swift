import Stepflow

/// The app's id is lowercase letters, digits and '-'; its name and
/// audience (free text, optional) are not blank.
struct AppIdentity: ManifestValidator {
    let draft: ManifestDraft
    var log: DiagnosticLog

    consuming func check() -> Checked<AppInfo?> {
        guard let app = draft.app else { return log.checked(nil) }
        let path = JSONPath.root.key("app")
        var id = app.id?.value
        if let written = app.id,
            written.value.isEmpty
                || !written.value.unicodeScalars.allSatisfy({
                    ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                })
        {
            log.error(
                path.key("id"), written.location,
                """
                '\(written.value)' is not a valid app id. Use lowercase letters, digits and '-' (e.g. \
                'covid-antigen-home').
                """
            )
            id = nil
        }
        var name = app.name?.value
        if let written = app.name, written.value.allSatisfy(\.isWhitespace) {
            log.error(
                path.key("name"), written.location, "the app's name is empty. To fix, give the name people see.")
            name = nil
        }
        var audience = app.audience?.value
        if let written = app.audience, written.value.allSatisfy(\.isWhitespace) {
            log.error(
                path.key("audience"), written.location,
                """
                the audience is empty. To fix, say who the variant is for (\"lay\", \"professional\"), or leave \
                'audience' out.
                """
            )
            audience = nil
        }
        guard let id, let name else { return log.checked(nil) }
        return log.checked(AppInfo(id: id, name: name, audience: audience))
    }
}
