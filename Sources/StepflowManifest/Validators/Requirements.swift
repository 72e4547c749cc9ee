import Stepflow

/// Each requirement has an id (letters, digits, `.`, `-`, `_`) used once
/// and a text; the scripts folder, when named, exists. Whether each is
/// covered is for the tools that read the scripts (`validate`, `check`).
struct Requirements: ManifestValidator {
    let draft: ManifestDraft
    let folder: ManifestFolder
    var log: DiagnosticLog

    /// The requirements that are sound, and the scripts folder's path.
    struct Settled {
        var list: [Requirement] = []
        var scriptsFolder: String?
    }

    consuming func check() -> Checked<Settled> {
        var settled = Settled()
        var seen: [String: Int] = [:]
        for written in draft.requirements {
            guard let id = written.id, let text = written.text else { continue }
            guard !id.value.isEmpty,
                id.value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
            else {
                log.error(
                    written.path.key("id"), id.location,
                    "'\(id.value)' is not a requirement id. Use letters, digits, '.', '-' and '_' (\"UR-RES-01\").")
                continue
            }
            if let line = seen[id.value] {
                log.error(
                    written.path.key("id"), id.location,
                    """
                    duplicate requirement '\(id.value)'; line \(line) has it too. To fix, give each requirement \
                    its own id.
                    """
                )
                continue
            }
            seen[id.value] = id.location.line
            guard !text.value.allSatisfy(\.isWhitespace) else {
                log.error(
                    written.path.key("text"), text.location,
                    "the requirement '\(id.value)' says nothing. To fix, write what must be true.")
                continue
            }
            var requirement = Requirement(
                id: id.value, text: text.value, critical: written.critical, location: written.node.location,
                path: written.path.description)
            if let claim = written.claim {
                let claims = Requirement.Claim.allCases.map(\.rawValue)
                guard let known = Requirement.Claim(rawValue: claim.value) else {
                    log.error(
                        written.path.key("claim"), claim.location,
                        """
                        '\(claim.value)' is no claim. \(Suggestion.didYouMean(claim.value, claims))Claims: \
                        \(Suggestion.list(claims)).
                        """)
                    continue
                }
                requirement.claim = known
            }
            settled.list.append(requirement)
        }
        if let scripts = draft.scripts {
            settled.scriptsFolder = folder.resolve(scripts.value)
        }
        return log.checked(settled)
    }
}
