/// How a variant runs on a device, for flows a device-testing tool runs
/// (`rootapp export maestro`): the manifest's `"device"` section.
///
/// ```json
/// "device": {
///   "appId": "org.example.antigen.home",
///   "answers": {
///     "camera-permission granted": { "permissions": { "camera": "allow" } },
///     "camera-permission denied": { "permissions": { "camera": "deny" } },
///     "lab-link sent": { "flow": "device/lab-sends.yaml" }
///   }
/// }
/// ```
///
/// A script gives an outside answer by hand (`answer camera-permission
/// denied`); on a device something else must give it. `answers` says
/// what, per `<source> <answer>`: permissions set before the input that
/// makes the app ask, or a flow of the team's own that makes the device
/// give it (a mock server's call, a deep link).
package struct DeviceSettings: Hashable, Sendable {
    /// The app's id on a device: its Android package name or iOS bundle
    /// id (Maestro's `appId`).
    package let appId: String
    /// How a device gives each outside answer the manifest names, in file
    /// order.
    package let answers: [DeviceAnswer]
    /// Where the section starts.
    package let location: TextLocation

    /// How a device gives `answer` from `source`, if the manifest says.
    package func answer(source: String, answer: String) -> DeviceAnswer? {
        answers.first { $0.source == source && $0.answer == answer }
    }
}

/// How a device gives one outside answer.
package struct DeviceAnswer: Hashable, Sendable {
    /// What gives it.
    package enum Giving: Hashable, Sendable {
        /// These system permissions, set (`allow`, `deny` or `unset`)
        /// before the input that makes the app ask; sorted by name.
        case permissions([Permission])
        /// A flow file of the team's, run where the answer comes (a path
        /// relative to the folder the flows are written to).
        case flow(String)
    }

    /// A system permission and the value it is set to.
    package struct Permission: Hashable, Sendable {
        /// Maestro's name for it (`camera`) or an Android permission id.
        package let name: String
        /// `allow`, `deny` or `unset`.
        package let value: String

        /// `name` set to `value`.
        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The outside source: a question's id or a stepper's outside id.
    package let source: String
    /// The answer's name.
    package let answer: String
    /// What gives it on a device.
    package let giving: Giving
    /// Where the manifest names it.
    package let location: TextLocation
}

/// `device`: an app id that a device accepts, and answers given as
/// permissions or a flow file.
struct DeviceSection: ManifestValidator {
    static let permissionValues = ["allow", "deny", "unset"]

    let draft: ManifestDraft
    var log: DiagnosticLog

    consuming func check() -> Checked<DeviceSettings?> {
        guard let member = draft.device else { return log.checked(nil) }
        let path = JSONPath.root.key("device")
        guard
            let fields = log.object(
                member.value, path, what: "the device section", required: ["appId"], optional: ["answers"])
        else { return log.checked(nil) }
        var appId: String?
        if let id = log.string(fields["appId"], path.key("appId")) {
            if Self.isAppID(id.value) {
                appId = id.value
            } else {
                log.error(
                    path.key("appId"), id.location,
                    """
                    '\(id.value)' is not an app id a device accepts. To fix, write the Android package name or iOS \
                    bundle id: letters, digits, '_' and '-' in two or more parts joined by dots, e.g. \
                    \"org.example.antigen\".
                    """
                )
            }
        }
        var answers: [DeviceAnswer] = []
        if let list = fields["answers"] {
            let listPath = path.key("answers")
            if case .object(let members) = list.value.value {
                for entry in log.uniqueMembers(members, listPath, noun: "answer") {
                    if let answer = Self.answer(entry, listPath.key(entry.key), &log) {
                        answers.append(answer)
                    }
                }
            } else {
                log.error(
                    listPath, list.value.location,
                    """
                    expected the answers (a JSON object of \"<source> <answer>\": {\"permissions\": {…}} or \
                    {\"flow\": \"file.yaml\"}), found \(DiagnosticLog.describe(list.value)).
                    """
                )
            }
        }
        guard let appId else { return log.checked(nil) }
        return log.checked(DeviceSettings(appId: appId, answers: answers, location: member.keyLocation))
    }

    /// `org.example.app`: two or more dot-separated parts of letters,
    /// digits, `_` and `-`, each starting with a letter or `_`.
    static func isAppID(_ id: String) -> Bool {
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, id.utf8.count <= 255 else { return false }
        return parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, first.properties.isAlphabetic || first == "_", first.isASCII
            else { return false }
            return part.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
            }
        }
    }

    private static func answer(_ entry: JSONMember, _ path: JSONPath, _ log: inout DiagnosticLog) -> DeviceAnswer? {
        let words = entry.key.split(separator: " ").map(String.init)
        guard words.count == 2 else {
            log.error(
                path, entry.keyLocation,
                """
                '\(entry.key)' is not '<source> <answer>'. To fix, write the two words a script's answer line \
                gives, e.g. \"camera-permission denied\".
                """
            )
            return nil
        }
        guard
            let fields = log.object(
                entry.value, path, what: "how a device gives '\(entry.key)'", required: [],
                optional: ["permissions", "flow"])
        else { return nil }
        switch (fields["permissions"], fields["flow"]) {
        case (let permissions?, nil):
            let permissionsPath = path.key("permissions")
            guard case .object(let members) = permissions.value.value, !members.isEmpty else {
                log.error(
                    permissionsPath, permissions.value.location,
                    """
                    expected the permissions to set (a JSON object such as {\"camera\": \"deny\"}), found \
                    \(DiagnosticLog.describe(permissions.value)).
                    """
                )
                return nil
            }
            var set: [DeviceAnswer.Permission] = []
            for permission in log.uniqueMembers(members, permissionsPath, noun: "permission") {
                guard let value = log.string(permission, permissionsPath.key(permission.key)) else { continue }
                guard permissionValues.contains(value.value) else {
                    log.error(
                        permissionsPath.key(permission.key), value.location,
                        """
                        '\(value.value)' is not a permission's value. \
                        \(Suggestion.didYouMean(value.value, permissionValues))Values: \
                        \(Suggestion.list(permissionValues)).
                        """
                    )
                    continue
                }
                guard !permission.key.isEmpty,
                    !permission.key.contains(where: { $0.isWhitespace || $0 == ":" || $0 == "#" })
                else {
                    log.error(
                        permissionsPath.key(permission.key), permission.keyLocation,
                        """
                        '\(permission.key)' is not a permission's name. To fix, write Maestro's name for it \
                        (camera, location, notifications, …) or an Android permission id.
                        """
                    )
                    continue
                }
                set.append(DeviceAnswer.Permission(name: permission.key, value: value.value))
            }
            guard set.count == members.count else { return nil }
            return DeviceAnswer(
                source: words[0], answer: words[1], giving: .permissions(set.sorted { $0.name < $1.name }),
                location: entry.keyLocation)
        case (nil, let flow?):
            guard let file = log.string(flow, path.key("flow")) else { return nil }
            let parts = file.value.split(separator: "/", omittingEmptySubsequences: false)
            guard file.value.hasSuffix(".yaml") || file.value.hasSuffix(".yml"), !file.value.hasPrefix("/"),
                !parts.contains(".."), !parts.contains(""),
                !file.value.contains(where: { $0 == "\"" || $0 == "\\" || $0.isNewline })
            else {
                log.error(
                    path.key("flow"), file.location,
                    """
                    '\(file.value)' is not a flow file inside the flows' folder. To fix, write a relative path \
                    ending in .yaml, without '..', e.g. \"device/lab-sends.yaml\".
                    """
                )
                return nil
            }
            return DeviceAnswer(
                source: words[0], answer: words[1], giving: .flow(file.value), location: entry.keyLocation)
        default:
            log.error(
                path, entry.value.location,
                """
                say how a device gives '\(entry.key)' with one of \"permissions\" ({\"camera\": \"deny\"}) or \
                \"flow\" (\"device/answer.yaml\"), not \(fields.isEmpty ? "neither" : "both").
                """
            )
            return nil
        }
    }
}
