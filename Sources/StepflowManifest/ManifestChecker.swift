import Stepflow

/// Walks a parsed manifest, collecting every problem (not just the first)
/// with its location, JSON path, nearest valid name and allowed values.
struct ManifestChecker {
    let file: String
    let registry: ModuleRegistry
    let services: ModuleServices
    private(set) var diagnostics: [ManifestDiagnostic] = []

    private static let topKeys = ["schema", "app", "modules", "start", "routes"]
    private static let optionalTopKeys = ["rules"]

    init(file: String, registry: ModuleRegistry, services: ModuleServices) {
        self.file = file
        self.registry = registry
        self.services = services
    }

    /// An instance as written, with where its parts are.
    private struct Written {
        let index: Int
        let id: String
        let idLocation: TextLocation
        let module: (any FeatureModule.Type)?
        let options: ModuleOptions
        let exits: [ExitSpec]
    }

    /// A route as written.
    private struct WrittenRoute {
        let key: RouteKey
        let target: RouteTarget
        let location: TextLocation
    }

    // MARK: Reporting

    private mutating func error(_ path: JSONPath, _ location: TextLocation?, _ message: String) {
        diagnostics.append(ManifestDiagnostic(.error, file: file, location: location, path: path.description, message: message))
    }

    private mutating func warning(_ path: JSONPath, _ location: TextLocation?, _ message: String) {
        diagnostics.append(ManifestDiagnostic(.warning, file: file, location: location, path: path.description, message: message))
    }

    private var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// `a string "15"`, `an integer (15)`, `an object`.
    private func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .string(let string):
            let shown = string.count > 40 ? String(string.prefix(40)) + "…" : string
            return "a string \"\(shown)\""
        case .number(let number): return "\(node.value.kindDescription) (\(number.literal))"
        case .bool(let flag): return "a boolean (\(flag))"
        default: return node.value.kindDescription
        }
    }

    // MARK: Shapes

    /// The members in file order without repeats, reporting each key
    /// given again (`noun` names what the key is: "key", "route").
    private mutating func uniqueMembers(_ members: [JSONMember], _ path: JSONPath, noun: String = "key") -> [JSONMember] {
        var first: [String: TextLocation] = [:]
        return members.filter { member in
            if let location = first[member.key] {
                error(path.key(member.key), member.keyLocation, "duplicate \(noun) '\(member.key)'; the first is at line \(location.line). To fix, keep one.")
                return false
            }
            first[member.key] = member.keyLocation
            return true
        }
    }

    /// The members of an object by key, reporting a value that is not an
    /// object, unknown keys, duplicate keys and missing required keys.
    private mutating func object(
        _ node: JSONNode, _ path: JSONPath, what: String, required: [String], optional: [String] = []
    ) -> [String: JSONMember]? {
        guard case .object(let members) = node.value else {
            error(path, node.location, "expected \(what) (a JSON object), found \(describe(node)).")
            return nil
        }
        let allowed = required + optional
        var byKey: [String: JSONMember] = [:]
        for member in uniqueMembers(members, path) {
            if !allowed.contains(member.key) {
                error(path.key(member.key), member.keyLocation, "unknown key '\(member.key)'. \(Suggestion.didYouMean(member.key, allowed))Allowed keys: \(Suggestion.list(allowed)).")
            } else {
                byKey[member.key] = member
            }
        }
        for key in required where byKey[key] == nil {
            error(path, node.location, "missing '\(key)'. To fix, add \"\(key)\": … to \(what).")
        }
        return byKey
    }

    private mutating func string(_ member: JSONMember?, _ path: JSONPath) -> String? {
        guard let member else { return nil }
        guard case .string(let string) = member.value.value else {
            error(path, member.value.location, "expected a string, found \(describe(member.value)).")
            return nil
        }
        return string
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
    }

    // MARK: The manifest

    mutating func check(_ root: JSONNode) -> Manifest? {
        guard let top = object(root, .root, what: "the manifest", required: Self.topKeys, optional: Self.optionalTopKeys) else { return nil }
        let schema = checkSchema(top["schema"])
        let app = checkApp(top["app"])
        let instances = checkModules(top["modules"])
        let ids = instances.map(\.id)
        var start: String?
        if let member = top["start"], let name = string(member, JSONPath.root.key("start")) {
            if ids.contains(name) {
                start = name
            } else if !ids.isEmpty {
                error(JSONPath.root.key("start"), member.value.location, "unknown instance '\(name)'. \(Suggestion.didYouMean(name, ids))Instances: \(Suggestion.list(ids)).")
            }
        }
        let routes = checkRoutes(top["routes"], instances: instances)
        if let start, let routesMember = top["routes"], !instances.isEmpty {
            checkCoverage(instances: instances, routes: routes, start: start, routesLocation: routesMember.keyLocation)
        }
        let rules = checkRules(top["rules"], instances: instances)
        guard !hasErrors, let schema, let app, let start else { return nil }
        return Manifest(
            file: file,
            schema: schema,
            app: app,
            instances: instances.map { ModuleInstance(id: $0.id, module: $0.module!.id, options: $0.options, exits: $0.exits) },  // no errors: every module is known
            start: start,
            routes: Dictionary(uniqueKeysWithValues: routes.map { ($0.key, $0.target) }),
            rules: rules,
            warnings: diagnostics
        )
    }

    private mutating func checkSchema(_ member: JSONMember?) -> Int? {
        guard let member else { return nil }
        let path = JSONPath.root.key("schema")
        guard case .number(let number) = member.value.value, let version = number.integer else {
            error(path, member.value.location, "expected the schema version 1 (an integer), found \(describe(member.value)).")
            return nil
        }
        guard version == 1 else {
            error(path, member.value.location, "unsupported schema \(version). This version of Stepflow reads schema 1.")
            return nil
        }
        return version
    }

    private mutating func checkApp(_ member: JSONMember?) -> AppInfo? {
        guard let member else { return nil }
        let path = JSONPath.root.key("app")
        guard let fields = object(member.value, path, what: "'app'", required: ["id", "name"], optional: ["audience"]) else { return nil }
        var id = string(fields["id"], path.key("id"))
        if let value = id, let location = fields["id"]?.value.location,
           value.isEmpty || !value.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) {
            error(path.key("id"), location, "'\(value)' is not a valid app id. Use lowercase letters, digits and '-' (e.g. 'covid-antigen-home').")
            id = nil
        }
        var name = string(fields["name"], path.key("name"))
        if let value = name, value.allSatisfy(\.isWhitespace), let location = fields["name"]?.value.location {
            error(path.key("name"), location, "the app's name is empty. To fix, give the name people see.")
            name = nil
        }
        var audience: String?
        if fields["audience"] != nil, let value = string(fields["audience"], path.key("audience")), let location = fields["audience"]?.value.location {
            if value.allSatisfy(\.isWhitespace) {
                error(path.key("audience"), location, "the audience is empty. To fix, say who the variant is for (\"lay\", \"professional\"), or leave 'audience' out.")
            } else {
                audience = value
            }
        }
        guard let id, let name else { return nil }
        return AppInfo(id: id, name: name, audience: audience)
    }

    private mutating func checkModules(_ member: JSONMember?) -> [Written] {
        guard let member else { return [] }
        let path = JSONPath.root.key("modules")
        guard case .array(let elements) = member.value.value else {
            error(path, member.value.location, "expected a list of module instances (a JSON array), found \(describe(member.value)).")
            return []
        }
        guard !elements.isEmpty else {
            error(path, member.value.location, "the app has no modules. To fix, add at least one: {\"id\": \"…\", \"module\": \"…\"}. Known modules: \(Suggestion.list(registry.ids)).")
            return []
        }
        var written: [Written] = []
        var firstByID: [String: (index: Int, line: Int)] = [:]
        for (index, element) in elements.enumerated() {
            let elementPath = path.index(index)
            guard let fields = object(element, elementPath, what: "a module instance", required: ["id", "module"], optional: ["options"]) else { continue }
            var id = string(fields["id"], elementPath.key("id"))
            if let value = id, let idMember = fields["id"] {
                if !Self.isIdentifier(value) || value == "end" {
                    error(elementPath.key("id"), idMember.value.location, "'\(value)' is not a valid instance id. Start with a letter; use letters, digits, '-' and '_' (no dots); 'end' is reserved.")
                    id = nil
                } else if let first = firstByID[value] {
                    error(elementPath.key("id"), idMember.value.location, "duplicate instance id '\(value)'; modules[\(first.index)] at line \(first.line) has it too. To fix, give each instance its own id.")
                    id = nil
                } else {
                    firstByID[value] = (index, idMember.value.location.line)
                }
            }
            var module: (any FeatureModule.Type)?
            if let name = string(fields["module"], elementPath.key("module")), let location = fields["module"]?.value.location {
                module = registry.module(name)
                if module == nil {
                    error(elementPath.key("module"), location, "unknown module '\(name)'. \(Suggestion.didYouMean(name, registry.ids))Known modules: \(Suggestion.list(registry.ids)).")
                }
                for service in module?.services ?? [] where !services.provides(service) {
                    let given = services.names.isEmpty ? "none" : services.names.joined(separator: ", ")
                    error(elementPath.key("module"), location, "module '\(name)' needs the service \(service), which this app does not provide (it provides: \(given)). To fix, provide it in the app's ModuleServices, or use another module.")
                }
            }
            guard let id, let idMember = fields["id"] else { continue }
            guard let module else {
                written.append(Written(index: index, id: id, idLocation: idMember.value.location, module: nil, options: ModuleOptions(specs: []), exits: []))
                continue
            }
            let options = checkOptions(fields["options"], elementPath.key("options"), module: module)
            written.append(Written(index: index, id: id, idLocation: idMember.value.location, module: module, options: options, exits: module.exits(for: options)))
        }
        return written
    }

    /// The options of one instance; wrong values are reported and replaced
    /// by their defaults so checking can go on.
    private mutating func checkOptions(_ member: JSONMember?, _ path: JSONPath, module: any FeatureModule.Type) -> ModuleOptions {
        let specs = module.options
        guard let member else { return ModuleOptions(specs: specs) }
        let names = specs.map(\.name)
        guard case .object(let members) = member.value.value else {
            error(path, member.value.location, "expected the options of '\(module.id)' (a JSON object), found \(describe(member.value)).")
            return ModuleOptions(specs: specs)
        }
        var values: [String: ModuleValue] = [:]
        for option in uniqueMembers(members, path) {
            let optionPath = path.key(option.key)
            guard let spec = specs.first(where: { $0.name == option.key }) else {
                let known = specs.isEmpty ? "Module '\(module.id)' takes no options." : "Options of '\(module.id)': \(Suggestion.list(names))."
                error(optionPath, option.keyLocation, "unknown option '\(option.key)'. \(Suggestion.didYouMean(option.key, names))\(known)")
                continue
            }
            if let value = checkValue(option.value, optionPath, kind: spec.kind) { values[spec.name] = value }
        }
        return ModuleOptions(specs: specs, values: values)
    }

    private mutating func checkValue(_ node: JSONNode, _ path: JSONPath, kind: ValueKind) -> ModuleValue? {
        switch (kind, node.value) {
        case (.integer(let range), .number(let number)):
            guard let integer = number.integer else {
                error(path, node.location, "expected a whole number (\(kind)), found \(number.literal).")
                return nil
            }
            guard range.contains(integer) else {
                error(path, node.location, "\(integer) is out of range. Allowed: \(kind).")
                return nil
            }
            return .integer(integer)
        case (.integer, .string(let string)) where Int(string) != nil:
            error(path, node.location, "expected \(kind), found a string \"\(string)\". To fix, remove the quotes.")
            return nil
        case (.choice(let choices), .string(let string)):
            guard choices.contains(string) else {
                error(path, node.location, "unknown value '\(string)'. \(Suggestion.didYouMean(string, choices))Allowed: \(Suggestion.list(choices)).")
                return nil
            }
            return .text(string)
        case (.boolean, .bool(let flag)):
            return .boolean(flag)
        case (.text, .string(let string)):
            return .text(string)
        default:
            error(path, node.location, "expected \(kind), found \(describe(node)).")
            return nil
        }
    }

    /// Route sources written with a valid source, whatever their target:
    /// a route to nowhere is one error, not also a missing route.
    private var writtenSources: Set<RouteKey> = []

    private mutating func checkRoutes(_ member: JSONMember?, instances: [Written]) -> [WrittenRoute] {
        guard let member else { return [] }
        let path = JSONPath.root.key("routes")
        guard case .object(let members) = member.value.value else {
            error(path, member.value.location, "expected the routes (a JSON object of \"instance.exit\": \"target\"), found \(describe(member.value)).")
            return []
        }
        let ids = instances.map(\.id)
        let targets = ids + ["end"]
        var routes: [WrittenRoute] = []
        for route in uniqueMembers(members, path, noun: "route") {
            let routePath = path.key(route.key)
            guard let dot = route.key.firstIndex(of: "."), dot != route.key.startIndex, route.key.index(after: dot) != route.key.endIndex else {
                error(routePath, route.keyLocation, "'\(route.key)' is not a route source. Write \"<instance>.<exit>\", e.g. \"\(ids.first ?? "test").\(instances.first?.exits.first?.name ?? "done")\".")
                continue
            }
            let instanceID = String(route.key[..<dot])
            let exitName = String(route.key[route.key.index(after: dot)...])
            var sourceIsValid = true
            if let instance = instances.first(where: { $0.id == instanceID }) {
                if let module = instance.module, !instance.exits.contains(where: { $0.name == exitName }) {
                    let exits = instance.exits.map(\.name)
                    error(routePath, route.keyLocation, "'\(instanceID)' (module '\(module.id)') has no exit '\(exitName)'. \(Suggestion.didYouMean(exitName, exits))Its exits: \(Suggestion.list(exits)).")
                    sourceIsValid = false
                }
            } else {
                error(routePath, route.keyLocation, "unknown instance '\(instanceID)'. \(Suggestion.didYouMean(instanceID, ids))Instances: \(Suggestion.list(ids)).")
                sourceIsValid = false
            }
            if sourceIsValid { writtenSources.insert(RouteKey(instance: instanceID, exit: exitName)) }
            guard let target = string(route, routePath) else { continue }
            guard targets.contains(target) else {
                error(routePath, route.value.location, "route to nowhere: '\(target)' is not an instance. \(Suggestion.didYouMean(target, targets))Targets: \(Suggestion.list(targets)).")
                continue
            }
            if sourceIsValid {
                routes.append(WrittenRoute(
                    key: RouteKey(instance: instanceID, exit: exitName),
                    target: target == "end" ? .end : .instance(target),
                    location: route.value.location
                ))
            }
        }
        return routes
    }

    /// Path rules: their shape here; the node ids they name are checked
    /// against the explored graph, which knows every node.
    private mutating func checkRules(_ member: JSONMember?, instances: [Written]) -> [PathRuleSpec] {
        guard let member else { return [] }
        let path = JSONPath.root.key("rules")
        guard case .array(let elements) = member.value.value else {
            error(path, member.value.location, "expected a list of path rules (a JSON array), found \(describe(member.value)).")
            return []
        }
        var rules: [PathRuleSpec] = []
        for (index, element) in elements.enumerated() {
            let rulePath = path.index(index)
            guard let fields = object(element, rulePath, what: "a path rule", required: [], optional: ["name", "to", "passesThrough", "neverReaches", "reaches", "entering", "carriesNone"]) else { continue }
            let name = fields["name"].flatMap { string($0, rulePath.key("name")) }
            if fields["entering"] != nil || fields["carriesNone"] != nil {
                if let kind = dataRule(fields, element, rulePath, instances: instances) {
                    rules.append(PathRuleSpec(name: name, kind: kind, location: element.location, path: rulePath.description))
                }
                continue
            }
            let to = fields["to"].flatMap { string($0, rulePath.key("to")) }
            let via = fields["passesThrough"].flatMap { string($0, rulePath.key("passesThrough")) }
            let never = fields["neverReaches"].flatMap { string($0, rulePath.key("neverReaches")) }
            let reaches = fields["reaches"].flatMap { string($0, rulePath.key("reaches")) }
            let kinds = [to != nil || via != nil, never != nil, reaches != nil].filter { $0 }.count
            let shapes = "{\"to\": \"<node>\", \"passesThrough\": \"<node>\"}, {\"neverReaches\": \"<node>\"}, {\"reaches\": \"<node>\"} or {\"entering\": \"<instance>\", \"carriesNone\": [\"<field>\", …]}"
            guard kinds == 1 else {
                error(rulePath, element.location, kinds == 0 ? "the rule says nothing. Write \(shapes)." : "a rule says one thing. Write \(shapes), each as its own rule.")
                continue
            }
            let kind: PathRuleSpec.Kind
            if let never {
                kind = .neverReaches(never)
            } else if let reaches {
                kind = .reaches(reaches)
            } else if let to, let via {
                kind = .passesThrough(node: to, via: via)
            } else {
                error(rulePath, element.location, "\(to == nil ? "'passesThrough' needs 'to'" : "'to' needs 'passesThrough'"): write {\"to\": \"<node>\", \"passesThrough\": \"<node>\"}.")
                continue
            }
            rules.append(PathRuleSpec(name: name, kind: kind, location: element.location, path: rulePath.description))
        }
        return rules
    }

    /// `{"entering": "<instance>", "carriesNone": ["<field>", …]}`: the
    /// instance and the fields must exist in the variant.
    private mutating func dataRule(_ fields: [String: JSONMember], _ element: JSONNode, _ rulePath: JSONPath, instances: [Written]) -> PathRuleSpec.Kind? {
        let shape = "write {\"entering\": \"<instance>\", \"carriesNone\": [\"<field>\", …]}"
        guard let enteringMember = fields["entering"], let carriedMember = fields["carriesNone"] else {
            error(rulePath, element.location, "\(fields["entering"] == nil ? "'carriesNone' needs 'entering'" : "'entering' needs 'carriesNone'"): \(shape).")
            return nil
        }
        if fields["to"] != nil || fields["passesThrough"] != nil || fields["neverReaches"] != nil || fields["reaches"] != nil {
            error(rulePath, element.location, "a rule says one thing: \(shape), and the other rule as its own.")
            return nil
        }
        let instance = string(enteringMember, rulePath.key("entering"))
        let ids = instances.map(\.id)
        var valid = instance != nil
        if let instance, !ids.contains(instance) {
            error(rulePath.key("entering"), enteringMember.value.location, "unknown instance '\(instance)'. \(Suggestion.didYouMean(instance, ids))Instances: \(Suggestion.list(ids)).")
            valid = false
        }
        guard case .array(let items) = carriedMember.value.value, !items.isEmpty else {
            error(rulePath.key("carriesNone"), carriedMember.value.location, "expected a non-empty list of field names, found \(describe(carriedMember.value)).")
            return nil
        }
        let known = Set(instances.flatMap { $0.exits.flatMap { $0.fields.map(\.name) } }).sorted()
        var names: [String] = []
        for (index, item) in items.enumerated() {
            let itemPath = rulePath.key("carriesNone").index(index)
            guard case .string(let name) = item.value else {
                error(itemPath, item.location, "expected a field name (a string), found \(describe(item)).")
                continue
            }
            guard known.contains(name) else {
                error(itemPath, item.location, "no module of this variant hands on a field '\(name)'. \(Suggestion.didYouMean(name, known))Fields: \(Suggestion.list(known)).")
                continue
            }
            names.append(name)
        }
        guard valid, let instance, names.count == items.count else { return nil }
        return .carriesNone(fields: names, entering: instance)
    }

    /// Every exit has a route; every entry gets the fields it needs on every
    /// path.
    private mutating func checkCoverage(instances: [Written], routes: [WrittenRoute], start: String, routesLocation: TextLocation) {
        let path = JSONPath.root.key("routes")
        let routed = writtenSources
        for instance in instances where instance.module != nil {
            for exit in instance.exits where !routed.contains(RouteKey(instance: instance.id, exit: exit.name)) {
                error(path, routesLocation, "no route for '\(instance.id).\(exit.name)' (\(exit.summary)). To fix, add \"\(instance.id).\(exit.name)\": \"<instance>\" or \"end\".")
            }
        }
        guard !hasErrors else { return }

        // What each instance is entered with, on every path: the fields
        // gathered so far plus the exit's own, intersected over the routes
        // that lead there, to a fixpoint (loops such as a retest included).
        let byID = Dictionary(uniqueKeysWithValues: instances.map { ($0.id, $0) })
        var entry: [String: [String: ValueKind]?] = Dictionary(uniqueKeysWithValues: instances.map { ($0.id, nil) })
        entry[start] = [:]
        func handedOn(_ route: WrittenRoute, _ entry: [String: [String: ValueKind]?]) -> [String: ValueKind]? {
            guard let incoming = entry[route.key.instance] ?? nil,
                  let exit = byID[route.key.instance]?.exits.first(where: { $0.name == route.key.exit }) else { return nil }
            var fields = incoming
            for field in exit.fields { fields[field.name] = field.kind }
            return fields
        }
        var changed = true
        while changed {
            changed = false
            for instance in instances {
                var fields: [String: ValueKind]? = instance.id == start ? [:] : nil
                for route in routes where route.target == .instance(instance.id) {
                    guard let offered = handedOn(route, entry) else { continue }
                    fields = fields.map { current in current.filter { offered[$0.key] == $0.value } } ?? offered
                }
                if fields != entry[instance.id] ?? nil {
                    entry[instance.id] = fields
                    changed = true
                }
            }
        }
        for route in routes {
            guard case .instance(let targetID) = route.target, let target = byID[targetID], let module = target.module,
                  let offered = handedOn(route, entry) else { continue }
            for needed in module.entryFields where needed.isRequired && !(offered[needed.name].map { Self.kind($0, satisfies: needed.kind) } ?? false) {
                error(path.key(route.key.description), route.location, "'\(targetID)' (module '\(module.id)') needs '\(needed.name)' (\(needed.kind)), which '\(route.key)' does not hand on. To fix, route '\(route.key)' to an instance that does not need it, or to 'end'.")
            }
        }
        // Whether an instance is reached is decided once, from the walks the
        // variant's graph explores (`unreachableInstance`): routes alone
        // cannot tell a route from an exit no walk takes.
    }

    /// Whether a field of kind `offered` fits an entry that needs `needed`.
    private static func kind(_ offered: ValueKind, satisfies needed: ValueKind) -> Bool {
        switch (offered, needed) {
        case (.choice(let given), .choice(let accepted)): Set(given).isSubset(of: accepted)
        case (.choice, .text): true
        case (.integer(let given), .integer(let accepted)): accepted.contains(given.lowerBound) && accepted.contains(given.upperBound)
        default: offered == needed
        }
    }
}
