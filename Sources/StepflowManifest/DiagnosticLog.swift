/// The diagnostics of one manifest, as they are found.
struct DiagnosticLog {
    let file: String
    private(set) var items: [ManifestDiagnostic] = []

    init(file: String) { self.file = file }

    mutating func error(_ path: JSONPath, _ location: TextLocation?, _ message: String) {
        items.append(
            ManifestDiagnostic(.error, file: file, location: location, path: path.description, message: message))
    }

    mutating func warning(_ path: JSONPath, _ location: TextLocation?, _ message: String) {
        items.append(
            ManifestDiagnostic(.warning, file: file, location: location, path: path.description, message: message))
    }

    /// Adds diagnostics of another file (the String Catalog).
    mutating func append(_ diagnostics: [ManifestDiagnostic]) { items += diagnostics }

    var hasErrors: Bool { items.contains { $0.severity == .error } }

    /// `a string "15"`, `an integer (15)`, `an object`.
    static func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .string(let string):
            let shown = string.count > 40 ? String(string.prefix(40)) + "…" : string
            return "a string \"\(shown)\""
        case .number(let number): return "\(node.value.kindDescription) (\(number.literal))"
        case .bool(let flag): return "a boolean (\(flag))"
        default: return node.value.kindDescription
        }
    }

    /// The members in file order without repeats, reporting each key
    /// given again (`noun` names what the key is: "key", "route").
    mutating func uniqueMembers(_ members: [JSONMember], _ path: JSONPath, noun: String = "key") -> [JSONMember] {
        var first: [String: TextLocation] = [:]
        return members.filter { member in
            if let location = first[member.key] {
                error(
                    path.key(member.key), member.keyLocation,
                    "duplicate \(noun) '\(member.key)'; the first is at line \(location.line). To fix, keep one.")
                return false
            }
            first[member.key] = member.keyLocation
            return true
        }
    }

    /// The members of an object by key, reporting a value that is not an
    /// object, unknown keys, duplicate keys and missing required keys.
    mutating func object(
        _ node: JSONNode, _ path: JSONPath, what: String, required: [String], optional: [String] = []
    ) -> [String: JSONMember]? {
        guard case .object(let members) = node.value else {
            error(path, node.location, "expected \(what) (a JSON object), found \(Self.describe(node)).")
            return nil
        }
        let allowed = required + optional
        var byKey: [String: JSONMember] = [:]
        for member in uniqueMembers(members, path) {
            if !allowed.contains(member.key) {
                error(
                    path.key(member.key), member.keyLocation,
                    """
                    unknown key '\(member.key)'. \(Suggestion.didYouMean(member.key, allowed))Allowed keys: \
                    \(Suggestion.list(allowed)).
                    """
                )
            } else {
                byKey[member.key] = member
            }
        }
        for key in required where byKey[key] == nil {
            error(path, node.location, "missing '\(key)'. To fix, add \"\(key)\": … to \(what).")
        }
        return byKey
    }

    /// The member's string, reporting any other value.
    mutating func string(_ member: JSONMember?, _ path: JSONPath) -> Located<String>? {
        guard let member else { return nil }
        guard case .string(let string) = member.value.value else {
            error(path, member.value.location, "expected a string, found \(Self.describe(member.value)).")
            return nil
        }
        return Located(value: string, location: member.value.location)
    }
}
