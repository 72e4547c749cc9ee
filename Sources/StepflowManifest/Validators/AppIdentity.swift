import Stepflow

/// The app's id is lowercase letters, digits and '-'; its name and
/// audience (free text, optional) are not blank; its link scheme is a URL
/// scheme other than http and https, its link hosts are host names.
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
        let linkScheme = scheme(app.linkScheme, path.key("linkScheme"))
        let linkHosts = hosts(app.linkHosts, path.key("linkHosts"))
        guard let id, let name else { return log.checked(nil) }
        return log.checked(
            AppInfo(id: id, name: name, audience: audience, linkScheme: linkScheme, linkHosts: linkHosts))
    }

    /// A URL scheme (RFC 3986: a letter, then letters, digits, `+`, `-`
    /// and `.`), not `http` or `https`.
    private mutating func scheme(_ written: Located<String>?, _ path: JSONPath) -> String? {
        guard let written else { return nil }
        let scalars = written.value.unicodeScalars
        let valid =
            scalars.first.map { $0.isASCII && $0.properties.isAlphabetic } == true
            && scalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
            }
        guard valid, !["http", "https"].contains(written.value.lowercased()) else {
            log.error(
                path, written.location,
                valid
                    ? """
                    '\(written.value)' is the web's scheme, not the app's own. To fix, list the web's hosts in \
                    \"linkHosts\" and give the app's own scheme here, or leave 'linkScheme' out.
                    """
                    : """
                    '\(written.value)' is not a URL scheme. To fix, write a letter, then letters, digits, '+', '-' \
                    or '.', without '://' (e.g. \"org.example.clinic\").
                    """)
            return nil
        }
        return written.value
    }

    /// Host names (letters, digits and `-` in two or more labels joined
    /// by dots), each once.
    private mutating func hosts(_ member: JSONMember?, _ path: JSONPath) -> [String] {
        guard let member else { return [] }
        guard case .array(let elements) = member.value.value, !elements.isEmpty else {
            log.error(
                path, member.value.location,
                """
                expected the universal-link hosts (a JSON array such as [\"clinic.example.org\"]), found \
                \(DiagnosticLog.describe(member.value)).
                """)
            return []
        }
        var hosts: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let host) = element.value, Self.isHost(host) else {
                log.error(
                    path.index(index), element.location,
                    """
                    expected a host name such as \"clinic.example.org\" (no scheme, path or port), found \
                    \(DiagnosticLog.describe(element)).
                    """)
                continue
            }
            if hosts.contains(where: { $0.lowercased() == host.lowercased() }) {
                log.error(path.index(index), element.location, "'\(host)' is listed twice. To fix, list it once.")
                continue
            }
            hosts.append(host)
        }
        return hosts
    }

    /// Two or more labels of ASCII letters, digits and `-`, joined by dots.
    static func isHost(_ text: String) -> Bool {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && text.utf8.count <= 253
            && labels.allSatisfy { label in
                !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.unicodeScalars.allSatisfy {
                        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
                    }
            }
    }
}
