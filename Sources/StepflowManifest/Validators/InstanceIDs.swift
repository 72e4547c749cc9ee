import Stepflow

/// There is at least one instance; each id is an identifier, not `end`,
/// and used once.
struct InstanceIDs: ManifestValidator {
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
        }
    }

    let draft: ManifestDraft
    let registry: ModuleRegistry
    var log: DiagnosticLog

    consuming func check() -> Checked<[ValidatedInstance]> {
        guard let modules = draft.modules else { return log.checked([]) }
        guard modules.count > 0 else {
            log.error(
                JSONPath.root.key("modules"), modules.location,
                """
                the app has no modules. To fix, add at least one: {\"id\": \"…\", \"module\": \"…\"}. Known \
                modules: \(Suggestion.list(registry.ids)).
                """
            )
            return log.checked([])
        }
        var instances: [ValidatedInstance] = []
        var firstByID: [String: (index: Int, line: Int)] = [:]
        for instance in modules.instances {
            guard let id = instance.id else { continue }
            if !Self.isIdentifier(id.value) || id.value == "end" {
                log.error(
                    instance.path.key("id"), id.location,
                    """
                    '\(id.value)' is not a valid instance id. Start with a letter; use letters, digits, '-' and \
                    '_' (no dots); 'end' is reserved.
                    """
                )
            } else if let first = firstByID[id.value] {
                log.error(
                    instance.path.key("id"), id.location,
                    """
                    duplicate instance id '\(id.value)'; modules[\(first.index)] at line \(first.line) has it too. \
                    To fix, give each instance its own id.
                    """
                )
            } else {
                firstByID[id.value] = (instance.index, id.location.line)
                instances.append(ValidatedInstance(draft: instance, id: id.value))
            }
        }
        return log.checked(instances)
    }
}
