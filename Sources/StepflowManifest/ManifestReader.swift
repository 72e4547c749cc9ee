import Stepflow

/// A value and where it is written.
struct Located<Value> {
    let value: Value
    let location: TextLocation
}

/// A manifest as written: each part with the JSON shape it must have, and
/// where it is. What the parts mean (a known module, a valid id, a route
/// to an instance) is for the validators.
struct ManifestDraft {
    /// The `schema` value, any JSON.
    var schema: JSONNode?
    /// The `app` object's strings.
    var app:
        (
            id: Located<String>?, name: Located<String>?, audience: Located<String>?, linkScheme: Located<String>?,
            linkHosts: JSONMember?
        )?
    /// The `modules` array, when it is one: where, how many elements, and
    /// those that are objects.
    var modules: (location: TextLocation, count: Int, instances: [Instance])?
    /// The `start` string.
    var start: Located<String>?
    /// The `routes` object, when it is one: its members in file order.
    var routes: (keyLocation: TextLocation, routes: [Route])?
    /// The `rules` array's objects.
    var rules: [Rule] = []
    /// The `locales` array, when it is one: where, and its strings.
    var locales: (location: TextLocation, values: [Located<String>])?
    /// The `strings` file name.
    var strings: Located<String>?
    /// The `scripts` folder name.
    var scripts: Located<String>?
    /// The `referenceDate`: the day the tools judge date classes on.
    var referenceDate: CalendarDate?
    /// The `requirements` array's objects.
    var requirements:
        [(
            path: JSONPath, node: JSONNode, id: Located<String>?, text: Located<String>?, critical: Bool,
            claim: Located<String>?
        )] = []
    /// The `texts` object's members, when it is one.
    var texts: [TextOverride] = []
    /// The `coverage` member: the minimum coverage the scripts must reach.
    var coverage: JSONMember?
    /// The `device` member: how the app runs on a device.
    var device: JSONMember?
    /// The `restoreOnUpdate` member: what another release's walks become.
    var restoreOnUpdate: JSONMember?
    /// The `links` member: outside addresses routed to instances' links.
    var links: JSONMember?
    /// The `record` member: each entry's owner and lifetime.
    var record: JSONMember?

    /// One member of `texts`: `"<instance>/<key>": "…"` or
    /// `{"<locale>": "…", …}`.
    struct TextOverride {
        let key: String
        let keyLocation: TextLocation
        let path: JSONPath
        /// The English text, when the value is a string.
        let english: Located<String>?
        /// The texts by locale, when the value is an object.
        let byLocale: [(locale: String, text: Located<String>)]?
    }

    /// One element of `modules` that is an object.
    struct Instance {
        let index: Int
        let path: JSONPath
        let id: Located<String>?
        let module: Located<String>?
        let options: JSONMember?
    }

    /// One member of `routes`: `"instance.exit": "target"`.
    struct Route {
        let key: String
        let keyLocation: TextLocation
        let path: JSONPath
        /// The target, when it is a string.
        let target: Located<String>?
    }

    /// One element of `rules` that is an object, by key.
    struct Rule {
        let path: JSONPath
        let node: JSONNode
        let fields: [String: JSONMember]
    }
}

/// Reads the JSON shapes of a manifest: objects where objects go, with
/// their keys known, present when required and not repeated; strings and
/// arrays where they go. Every problem is logged; what has the right shape
/// goes into the draft.
struct ManifestReader {
    static let topKeys = ["schema", "app", "modules", "start", "routes"]
    static let optionalTopKeys = [
        "rules", "locales", "strings", "texts", "requirements", "scripts", "coverage", "device", "restoreOnUpdate",
        "links", "record", "referenceDate",
    ]
    static let ruleKeys = [
        "name", "to", "passesThrough", "neverReaches", "reaches", "entering", "carriesNone", "requirement",
        "never", "eventually", "always", "of", "onlyAfter", "whenever", "then", "after", "before", "until",
        "when", "link", "landsOn", "value", "typedOn", "reachesUnchanged", "kept", "leavesOnlyBy",
        "canAlwaysReach", "from",
    ]

    /// The draft of `root`; `nil` when it is not an object at all.
    static func read(_ root: JSONNode, _ log: inout DiagnosticLog) -> ManifestDraft? {
        guard let top = log.object(root, .root, what: "the manifest", required: topKeys, optional: optionalTopKeys)
        else { return nil }
        var draft = ManifestDraft()
        draft.schema = top["schema"]?.value
        if let member = top["app"] {
            let path = JSONPath.root.key("app")
            if let fields = log.object(
                member.value, path, what: "'app'", required: ["id", "name"],
                optional: ["audience", "linkScheme", "linkHosts"])
            {
                draft.app = (
                    log.string(fields["id"], path.key("id")),
                    log.string(fields["name"], path.key("name")),
                    log.string(fields["audience"], path.key("audience")),
                    log.string(fields["linkScheme"], path.key("linkScheme")),
                    fields["linkHosts"]
                )
            }
        }
        if let member = top["modules"] {
            draft.modules = instances(member, &log)
        }
        draft.start = log.string(top["start"], JSONPath.root.key("start"))
        draft.coverage = top["coverage"]
        draft.device = top["device"]
        draft.restoreOnUpdate = top["restoreOnUpdate"]
        draft.links = top["links"]
        draft.record = top["record"]
        if let member = top["routes"] {
            let path = JSONPath.root.key("routes")
            if case .object(let members) = member.value.value {
                let routes = log.uniqueMembers(members, path, noun: "route").map { route in
                    ManifestDraft.Route(
                        key: route.key, keyLocation: route.keyLocation, path: path.key(route.key),
                        target: log.string(route, path.key(route.key)))
                }
                draft.routes = (member.keyLocation, routes)
            } else {
                log.error(
                    path, member.value.location,
                    """
                    expected the routes (a JSON object of \"instance.exit\": \"target\"), found \
                    \(DiagnosticLog.describe(member.value)).
                    """
                )
            }
        }
        if let member = top["locales"] {
            let path = JSONPath.root.key("locales")
            if case .array(let elements) = member.value.value {
                var values: [Located<String>] = []
                for (index, element) in elements.enumerated() {
                    guard case .string(let locale) = element.value else {
                        log.error(
                            path.index(index), element.location,
                            "expected a locale (a string such as \"de\"), found \(DiagnosticLog.describe(element)).")
                        continue
                    }
                    values.append(Located(value: locale, location: element.location))
                }
                draft.locales = (member.value.location, values)
            } else {
                log.error(
                    path, member.value.location,
                    """
                    expected the locales the variant ships (a JSON array such as [\"de\", \"en\"]), found \
                    \(DiagnosticLog.describe(member.value)).
                    """
                )
            }
        }
        draft.strings = log.string(top["strings"], JSONPath.root.key("strings"))
        draft.scripts = log.string(top["scripts"], JSONPath.root.key("scripts"))
        if let date = log.string(top["referenceDate"], JSONPath.root.key("referenceDate")) {
            draft.referenceDate = CalendarDate(date.value)
            if draft.referenceDate == nil {
                log.error(
                    JSONPath.root.key("referenceDate"), date.location,
                    """
                    expected the day the variant's date classes are judged on, a date that exists written \
                    YYYY-MM-DD ("2026-11-29"), found \(JSONText.string(date.value)).
                    """)
            }
        }
        if let member = top["requirements"] {
            let path = JSONPath.root.key("requirements")
            if case .array(let elements) = member.value.value {
                for (index, element) in elements.enumerated() {
                    let itemPath = path.index(index)
                    guard
                        let fields = log.object(
                            element, itemPath, what: "a requirement", required: ["id", "text"],
                            optional: ["critical", "claim"])
                    else { continue }
                    var critical = false
                    if let flag = fields["critical"] {
                        if case .bool(let value) = flag.value.value {
                            critical = value
                        } else {
                            log.error(
                                itemPath.key("critical"), flag.value.location,
                                "expected true or false, found \(DiagnosticLog.describe(flag.value)).")
                        }
                    }
                    draft.requirements.append(
                        (
                            itemPath, element, log.string(fields["id"], itemPath.key("id")),
                            log.string(fields["text"], itemPath.key("text")), critical,
                            log.string(fields["claim"], itemPath.key("claim"))
                        ))
                }
            } else {
                log.error(
                    path, member.value.location,
                    """
                    expected the requirements (a JSON array of {\"id\": \"…\", \"text\": \"…\", \"critical\": \
                    true}), found \(DiagnosticLog.describe(member.value)).
                    """
                )
            }
        }
        if let member = top["texts"] {
            let path = JSONPath.root.key("texts")
            if case .object(let members) = member.value.value {
                for text in log.uniqueMembers(members, path, noun: "text") {
                    let textPath = path.key(text.key)
                    switch text.value.value {
                    case .string(let english):
                        draft.texts.append(
                            ManifestDraft.TextOverride(
                                key: text.key, keyLocation: text.keyLocation, path: textPath,
                                english: Located(value: english, location: text.value.location), byLocale: nil))
                    case .object(let locales):
                        var byLocale: [(locale: String, text: Located<String>)] = []
                        for locale in log.uniqueMembers(locales, textPath, noun: "locale") {
                            if let value = log.string(locale, textPath.key(locale.key)) {
                                byLocale.append((locale.key, value))
                            }
                        }
                        draft.texts.append(
                            ManifestDraft.TextOverride(
                                key: text.key, keyLocation: text.keyLocation, path: textPath, english: nil,
                                byLocale: byLocale))
                    default:
                        log.error(
                            textPath, text.value.location,
                            """
                            expected the text (a string, or an object by locale: {\"en\": \"…\", \"de\": \"…\"}), \
                            found \(DiagnosticLog.describe(text.value)).
                            """
                        )
                    }
                }
            } else {
                log.error(
                    path, member.value.location,
                    """
                    expected the texts (a JSON object of \"<instance>/<key>\": \"…\"), found \
                    \(DiagnosticLog.describe(member.value)).
                    """
                )
            }
        }
        if let member = top["rules"] {
            let path = JSONPath.root.key("rules")
            if case .array(let elements) = member.value.value {
                for (index, element) in elements.enumerated() {
                    let rulePath = path.index(index)
                    if let fields = log.object(element, rulePath, what: "a path rule", required: [], optional: ruleKeys)
                    {
                        draft.rules.append(ManifestDraft.Rule(path: rulePath, node: element, fields: fields))
                    }
                }
            } else {
                log.error(
                    path, member.value.location,
                    "expected a list of path rules (a JSON array), found \(DiagnosticLog.describe(member.value)).")
            }
        }
        return draft
    }

    private static func instances(
        _ member: JSONMember, _ log: inout DiagnosticLog
    ) -> (location: TextLocation, count: Int, instances: [ManifestDraft.Instance])? {
        let path = JSONPath.root.key("modules")
        guard case .array(let elements) = member.value.value else {
            log.error(
                path, member.value.location,
                "expected a list of module instances (a JSON array), found \(DiagnosticLog.describe(member.value)).")
            return nil
        }
        var instances: [ManifestDraft.Instance] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path.index(index)
            guard
                let fields = log.object(
                    element, elementPath, what: "a module instance", required: ["id", "module"], optional: ["options"])
            else { continue }
            instances.append(
                ManifestDraft.Instance(
                    index: index,
                    path: elementPath,
                    id: log.string(fields["id"], elementPath.key("id")),
                    module: log.string(fields["module"], elementPath.key("module")),
                    options: fields["options"]
                ))
        }
        return (member.value.location, elements.count, instances)
    }
}
