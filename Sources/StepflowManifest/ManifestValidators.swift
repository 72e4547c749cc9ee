import Stepflow

// The rules a manifest keeps, one validator each, in the order
// `ManifestChecker.validators` runs them.

/// `schema` is the integer 1.
struct SchemaVersion: ManifestValidator {
    func validate(_ manifest: inout ManifestValidation) {
        guard let node = manifest.draft.schema else { return }
        let path = JSONPath.root.key("schema")
        guard case .number(let number) = node.value, let version = number.integer else {
            manifest.log.error(path, node.location, "expected the schema version 1 (an integer), found \(DiagnosticLog.describe(node)).")
            return
        }
        guard version == 1 else {
            manifest.log.error(path, node.location, "unsupported schema \(version). This version of Stepflow reads schema 1.")
            return
        }
        manifest.schema = version
    }
}

/// The app's id is lowercase letters, digits and '-'; its name and
/// audience (free text, optional) are not blank.
struct AppIdentity: ManifestValidator {
    func validate(_ manifest: inout ManifestValidation) {
        guard let app = manifest.draft.app else { return }
        let path = JSONPath.root.key("app")
        var id = app.id?.value
        if let written = app.id, written.value.isEmpty || !written.value.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) {
            manifest.log.error(path.key("id"), written.location, "'\(written.value)' is not a valid app id. Use lowercase letters, digits and '-' (e.g. 'covid-antigen-home').")
            id = nil
        }
        var name = app.name?.value
        if let written = app.name, written.value.allSatisfy(\.isWhitespace) {
            manifest.log.error(path.key("name"), written.location, "the app's name is empty. To fix, give the name people see.")
            name = nil
        }
        var audience = app.audience?.value
        if let written = app.audience, written.value.allSatisfy(\.isWhitespace) {
            manifest.log.error(path.key("audience"), written.location, "the audience is empty. To fix, say who the variant is for (\"lay\", \"professional\"), or leave 'audience' out.")
            audience = nil
        }
        guard let id, let name else { return }
        manifest.app = AppInfo(id: id, name: name, audience: audience)
    }
}

/// There is at least one instance; each id is an identifier, not `end`,
/// and used once.
struct InstanceIDs: ManifestValidator {
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
    }

    func validate(_ manifest: inout ManifestValidation) {
        guard let modules = manifest.draft.modules else { return }
        guard modules.count > 0 else {
            manifest.log.error(JSONPath.root.key("modules"), modules.location, "the app has no modules. To fix, add at least one: {\"id\": \"…\", \"module\": \"…\"}. Known modules: \(Suggestion.list(manifest.registry.ids)).")
            return
        }
        var firstByID: [String: (index: Int, line: Int)] = [:]
        for instance in modules.instances {
            guard let id = instance.id else { continue }
            if !Self.isIdentifier(id.value) || id.value == "end" {
                manifest.log.error(instance.path.key("id"), id.location, "'\(id.value)' is not a valid instance id. Start with a letter; use letters, digits, '-' and '_' (no dots); 'end' is reserved.")
            } else if let first = firstByID[id.value] {
                manifest.log.error(instance.path.key("id"), id.location, "duplicate instance id '\(id.value)'; modules[\(first.index)] at line \(first.line) has it too. To fix, give each instance its own id.")
            } else {
                firstByID[id.value] = (instance.index, id.location.line)
                manifest.instances.append(ManifestValidation.Instance(draft: instance, id: id.value))
            }
        }
    }
}

/// Every instance names a module the app has.
struct KnownModules: ManifestValidator {
    func validate(_ manifest: inout ManifestValidation) {
        let registry = manifest.registry
        for instance in manifest.draft.modules?.instances ?? [] {
            guard let name = instance.module, registry.module(name.value) == nil else { continue }
            manifest.log.error(instance.path.key("module"), name.location, "unknown module '\(name.value)'. \(Suggestion.didYouMean(name.value, registry.ids))Known modules: \(Suggestion.list(registry.ids)).")
        }
        for index in manifest.instances.indices {
            manifest.instances[index].module = manifest.instances[index].draft.module.flatMap { registry.module($0.value) }
        }
    }
}

/// The app gives every service the modules it names need, with the
/// options each instance is given.
struct ServicesProvided: ManifestValidator {
    func validate(_ manifest: inout ManifestValidation) {
        let services = manifest.services
        let given = services.names.isEmpty ? "none" : services.names.joined(separator: ", ")
        for instance in manifest.instances {
            guard let module = instance.module, let name = instance.draft.module else { continue }
            for service in module.services(for: instance.options) where !services.provides(service) {
                manifest.log.error(instance.draft.path.key("module"), name.location, "module '\(name.value)' needs the service \(service), which this app does not provide (it provides: \(given)). To fix, provide it in the app's ModuleServices, or use another module.")
            }
        }
    }
}

/// Each instance's options are the module's, with values of their kinds;
/// wrong values are reported and replaced by defaults so checking goes on.
/// A required option (no default) must be given. A translatable text
/// option may be given per locale (`{"de": "…", "en": "…"}`), and then
/// for every locale the variant ships. The instance's exits follow from
/// its options.
struct OptionValues: ManifestValidator {
    func validate(_ manifest: inout ManifestValidation) {
        for index in manifest.instances.indices {
            guard let module = manifest.instances[index].module else { continue }
            let draft = manifest.instances[index].draft
            let read = Self.options(draft, module: module, locales: manifest.locales, &manifest.log)
            manifest.instances[index].options = read.options
            manifest.instances[index].optionTexts = read.texts
            manifest.instances[index].optionLocations = read.locations
            let inapplicable = Set(module.options.filter {
                $0.isRequired && read.locations[$0.name] == nil && !$0.isRequired(given: read.options.values)
            }.map(\.name))
            manifest.instances[index].inapplicableOptions = inapplicable
            manifest.instances[index].translatableOptions = module.options.filter { $0.isTranslatable && !inapplicable.contains($0.name) }.map(\.name)
            manifest.instances[index].exits = module.exits(for: read.options)
        }
    }

    /// What `draft`'s options say: the values (for a translatable option
    /// given per locale, the first locale's text), the texts by option and
    /// locale, and where each option is written.
    struct Read {
        var options: ModuleOptions
        var texts: [String: [String: String]] = [:]
        var locations: [String: TextLocation] = [:]
    }

    static func options(_ draft: ManifestDraft.Instance, module: any FeatureModule.Type, locales: [String], _ log: inout DiagnosticLog) -> Read {
        let specs = module.options
        let path = draft.path.key("options")
        var values: [String: ModuleValue] = [:]
        var read = Read(options: ModuleOptions(specs: specs))
        defer { Self.requireGiven(specs, values: values, draft, module: module, &log) }
        guard let member = draft.options else { return read }
        let names = specs.map(\.name)
        guard case .object(let members) = member.value.value else {
            log.error(path, member.value.location, "expected the options of '\(module.id)' (a JSON object), found \(DiagnosticLog.describe(member.value)).")
            // Not given as an object: said once, not also each required one missing.
            for spec in specs { values[spec.name] = spec.example }
            return read
        }
        for option in log.uniqueMembers(members, path) {
            let optionPath = path.key(option.key)
            guard let spec = specs.first(where: { $0.name == option.key }) else {
                let known = specs.isEmpty ? "Module '\(module.id)' takes no options." : "Options of '\(module.id)': \(Suggestion.list(names))."
                log.error(optionPath, option.keyLocation, "unknown option '\(option.key)'. \(Suggestion.didYouMean(option.key, names))\(known)")
                // A misspelt required option is one error, not also a missing one.
                if let meant = Suggestion.nearest(to: option.key, in: names), values[meant] == nil,
                   let spec = specs.first(where: { $0.name == meant }) {
                    values[meant] = spec.example
                }
                continue
            }
            read.locations[spec.name] = option.value.location
            if spec.isTranslatable, case .object(let byLocale) = option.value.value {
                guard let texts = perLocale(byLocale, optionPath, at: option.value.location, locales: locales, &log) else {
                    values[spec.name] = spec.example
                    continue
                }
                read.texts[spec.name] = texts
                values[spec.name] = texts[locales[0]].map(ModuleValue.text) ?? spec.example
                continue
            }
            if let value = value(option.value, optionPath, kind: spec.kind, &log) {
                values[spec.name] = value
            } else {
                values[spec.name] = spec.example
            }
        }
        read.options = ModuleOptions(specs: specs, values: values)
        return read
    }

    /// A translatable option's texts by locale: a string for each locale
    /// the variant ships, and no other.
    static func perLocale(_ members: [JSONMember], _ path: JSONPath, at location: TextLocation, locales: [String], _ log: inout DiagnosticLog) -> [String: String]? {
        var texts: [String: String] = [:]
        var valid = true
        for member in log.uniqueMembers(members, path, noun: "locale") {
            guard locales.contains(member.key) else {
                log.error(path.key(member.key), member.keyLocation, "the variant does not ship the locale '\(member.key)'. \(Suggestion.didYouMean(member.key, locales))It ships: \(Suggestion.list(locales)). To fix, give the text for those locales only.")
                valid = false
                continue
            }
            guard case .string(let text) = member.value.value, !text.allSatisfy(\.isWhitespace) else {
                log.error(path.key(member.key), member.value.location, "expected the '\(member.key)' text (a non-empty string), found \(DiagnosticLog.describe(member.value)).")
                valid = false
                continue
            }
            texts[member.key] = text
        }
        let missing = locales.filter { texts[$0] == nil }
        if valid, !missing.isEmpty {
            log.error(path, location, "no text for \(Suggestion.list(missing)): a translatable option given per locale gives every locale the variant ships (\(Suggestion.list(locales))), or the person sees another language. To fix, add \(missing.map { "\"\($0)\": \"…\"" }.joined(separator: ", ")).")
            valid = false
        }
        return valid ? texts : nil
    }

    /// Each required option is given: a made-up default could reach a
    /// person who acts on it (a phone number, a lab).
    static func requireGiven(_ specs: [OptionSpec], values: [String: ModuleValue], _ draft: ManifestDraft.Instance, module: any FeatureModule.Type, _ log: inout DiagnosticLog) {
        let merged = ModuleOptions(specs: specs, values: values).values
        for spec in specs where spec.isRequired(given: merged) && values[spec.name] == nil {
            let place = draft.options == nil ? "add \"options\": {\"\(spec.name)\": \(spec.example)}" : "add \"\(spec.name)\": \(spec.example) to its \"options\""
            log.error(
                draft.options == nil ? draft.path : draft.path.key("options"), draft.options?.keyLocation ?? draft.module?.location,
                "module '\(module.id)' needs the option '\(spec.name)'\(spec.requiredWhenDescription) (\(spec.kind): \(spec.summary)), which has no default: the variant must choose it. To fix, \(place) with this variant's own value."
            )
        }
    }

    static func value(_ node: JSONNode, _ path: JSONPath, kind: ValueKind, _ log: inout DiagnosticLog) -> ModuleValue? {
        switch (kind, node.value) {
        case (.integer(let range), .number(let number)):
            guard let integer = number.integer else {
                log.error(path, node.location, "expected a whole number (\(kind)), found \(number.literal).")
                return nil
            }
            guard range.contains(integer) else {
                log.error(path, node.location, "\(integer) is out of range. Allowed: \(kind).")
                return nil
            }
            return .integer(integer)
        case (.integer, .string(let string)) where Int(string) != nil:
            log.error(path, node.location, "expected \(kind), found a string \"\(string)\". To fix, remove the quotes.")
            return nil
        case (.choice(let choices), .string(let string)):
            guard choices.contains(string) else {
                log.error(path, node.location, "unknown value '\(string)'. \(Suggestion.didYouMean(string, choices))Allowed: \(Suggestion.list(choices)).")
                return nil
            }
            return .text(string)
        case (.boolean, .bool(let flag)):
            return .boolean(flag)
        case (.text, .string(let string)):
            return .text(string)
        case (.text, .object):
            log.error(path, node.location, "expected text, found an object. Only an option the module declares translatable can be given per locale.")
            return nil
        default:
            log.error(path, node.location, "expected \(kind), found \(DiagnosticLog.describe(node)).")
            return nil
        }
    }
}

/// `start` names an instance.
struct StartInstance: ManifestValidator {
    func validate(_ manifest: inout ManifestValidation) {
        guard let start = manifest.draft.start else { return }
        let ids = manifest.ids
        if ids.contains(start.value) {
            manifest.start = start.value
        } else if !ids.isEmpty {
            manifest.log.error(JSONPath.root.key("start"), start.location, "unknown instance '\(start.value)'. \(Suggestion.didYouMean(start.value, ids))Instances: \(Suggestion.list(ids)).")
        }
    }
}

/// Each route goes from an exit an instance has to an instance or `end`.
struct RouteEnds: ManifestValidator {
    func validate(_ manifest: inout ManifestValidation) {
        let ids = manifest.ids
        let targets = ids + ["end"]
        for route in manifest.draft.routes?.routes ?? [] {
            guard let dot = route.key.firstIndex(of: "."), dot != route.key.startIndex, route.key.index(after: dot) != route.key.endIndex else {
                manifest.log.error(route.path, route.keyLocation, "'\(route.key)' is not a route source. Write \"<instance>.<exit>\", e.g. \"\(ids.first ?? "test").\(manifest.instances.first?.exits.first?.name ?? "done")\".")
                continue
            }
            let instanceID = String(route.key[..<dot])
            let exitName = String(route.key[route.key.index(after: dot)...])
            var sourceIsValid = true
            if let instance = manifest.instances.first(where: { $0.id == instanceID }) {
                if let module = instance.module, !instance.exits.contains(where: { $0.name == exitName }) {
                    let exits = instance.exits.map(\.name)
                    manifest.log.error(route.path, route.keyLocation, "'\(instanceID)' (module '\(module.id)') has no exit '\(exitName)'. \(Suggestion.didYouMean(exitName, exits))Its exits: \(Suggestion.list(exits)).")
                    sourceIsValid = false
                }
            } else {
                manifest.log.error(route.path, route.keyLocation, "unknown instance '\(instanceID)'. \(Suggestion.didYouMean(instanceID, ids))Instances: \(Suggestion.list(ids)).")
                sourceIsValid = false
            }
            let key = RouteKey(instance: instanceID, exit: exitName)
            if sourceIsValid { manifest.routedSources.insert(key) }
            guard let target = route.target else { continue }
            guard targets.contains(target.value) else {
                manifest.log.error(route.path, target.location, "route to nowhere: '\(target.value)' is not an instance. \(Suggestion.didYouMean(target.value, targets))Targets: \(Suggestion.list(targets)).")
                continue
            }
            if sourceIsValid {
                manifest.routes.append(ManifestValidation.Route(key: key, target: target.value == "end" ? .end : .instance(target.value), location: target.location))
            }
        }
    }
}

/// Every exit an instance can take has a route.
struct EveryExitRouted: ManifestValidator {
    func validate(_ manifest: inout ManifestValidation) {
        guard manifest.start != nil, let routes = manifest.draft.routes, !manifest.instances.isEmpty else { return }
        for instance in manifest.instances where instance.module != nil {
            for exit in instance.exits where !manifest.routedSources.contains(RouteKey(instance: instance.id, exit: exit.name)) {
                manifest.log.error(.root.key("routes"), routes.keyLocation, "no route for '\(instance.id).\(exit.name)' (\(exit.summary)). To fix, add \"\(instance.id).\(exit.name)\": \"<instance>\" or \"end\".")
            }
        }
    }
}

/// Every route into an instance hands on the fields its module's entry
/// needs, on every path from the start (loops such as a retest included).
/// Whether an instance is reached at all is decided once, from the walks
/// the variant's graph explores (`unreachableInstance`): routes alone
/// cannot tell a route from an exit no walk takes.
struct EntryFieldsHandedOn: ManifestValidator {
    func validate(_ manifest: inout ManifestValidation) {
        // The fields are only worth proving over a manifest otherwise sound.
        guard let start = manifest.start, manifest.draft.routes != nil, !manifest.instances.isEmpty, !manifest.log.hasErrors else { return }
        let instances = manifest.instances
        let routes = manifest.routes
        // What each instance is entered with: the fields every path brings
        // (names intersected over the routes that lead there), each with
        // every value some path can bring (kinds merged) and the exits
        // that hand it on; to a fixpoint, loops such as a retest included.
        let byID = Dictionary(uniqueKeysWithValues: instances.map { ($0.id, $0) })
        var entry: [String: [String: Arrival]?] = Dictionary(uniqueKeysWithValues: instances.map { ($0.id, nil) })
        entry[start] = [:]
        func handedOn(_ route: ManifestValidation.Route, _ entry: [String: [String: Arrival]?]) -> [String: Arrival]? {
            guard let incoming = entry[route.key.instance] ?? nil,
                  let exit = byID[route.key.instance]?.exits.first(where: { $0.name == route.key.exit }) else { return nil }
            var fields = incoming
            for field in exit.fields { fields[field.name] = Arrival(kind: field.kind, origins: [route.key.description]) }
            return fields
        }
        var changed = true
        var rounds = 0
        while changed && rounds < 1_000 {
            changed = false
            rounds += 1
            for instance in instances {
                var fields: [String: Arrival]? = instance.id == start ? [:] : nil
                for route in routes where route.target == .instance(instance.id) {
                    guard let offered = handedOn(route, entry) else { continue }
                    guard let current = fields else {
                        fields = offered
                        continue
                    }
                    var merged: [String: Arrival] = [:]
                    for (name, arrival) in current {
                        guard let other = offered[name], let kind = Self.merge(arrival.kind, other.kind) else { continue }
                        merged[name] = Arrival(kind: kind, origins: Array(Set(arrival.origins + other.origins)).sorted())
                    }
                    fields = merged
                }
                if fields != entry[instance.id] ?? nil {
                    entry[instance.id] = fields
                    changed = true
                }
            }
        }
        let path = JSONPath.root.key("routes")
        for route in routes {
            guard case .instance(let targetID) = route.target, let target = byID[targetID], let module = target.module,
                  let offered = handedOn(route, entry) else { continue }
            for needed in module.entryFields(for: target.options) where needed.isRequired {
                guard let arrival = offered[needed.name] else {
                    manifest.log.error(path.key(route.key.description), route.location, "'\(targetID)' (module '\(module.id)') needs '\(needed.name)' (\(needed.kind)), which '\(route.key)' does not hand on. To fix, route '\(route.key)' to an instance that does not need it, or to 'end'.")
                    continue
                }
                guard !Self.kind(arrival.kind, satisfies: needed.kind) else { continue }
                let through = arrival.origins.map { "'\($0)'" }.joined(separator: " or ")
                let values: String
                if case .choice(let given) = arrival.kind, case .choice(let accepted) = needed.kind {
                    let foreign = given.filter { !accepted.contains($0) }
                    values = foreign.map { "\"\($0)\"" }.joined(separator: ", ") + " can arrive"
                } else {
                    values = "\(arrival.kind) can arrive"
                }
                manifest.log.error(path.key(route.key.description), route.location, "'\(targetID)' (module '\(module.id)') accepts '\(needed.name)' \(needed.kind), but \(values) when it is entered through '\(route.key)' (handed on by \(through)). To fix, give the instance that hands it on options whose values '\(targetID)' accepts, or give '\(targetID)' options that accept them.")
            }
        }
    }

    /// A field on its way into an instance: every value it can have, and
    /// the exits that hand it on.
    struct Arrival: Equatable {
        let kind: ValueKind
        let origins: [String]
    }

    /// The kind of a field that arrives as `a` on one path and `b` on
    /// another: every value either brings. `nil` when they do not mix.
    static func merge(_ a: ValueKind, _ b: ValueKind) -> ValueKind? {
        switch (a, b) {
        case (.choice(let x), .choice(let y)): .choice(x + y.filter { !x.contains($0) })
        case (.integer(let x), .integer(let y)): .integer(min(x.lowerBound, y.lowerBound)...max(x.upperBound, y.upperBound))
        case (.text, .choice), (.choice, .text): .text
        default: a == b ? a : nil
        }
    }

    /// Whether a field of kind `offered` fits an entry that needs `needed`.
    static func kind(_ offered: ValueKind, satisfies needed: ValueKind) -> Bool {
        switch (offered, needed) {
        case (.choice(let given), .choice(let accepted)): Set(given).isSubset(of: accepted)
        case (.choice, .text): true
        case (.integer(let given), .integer(let accepted)): accepted.contains(given.lowerBound) && accepted.contains(given.upperBound)
        default: offered == needed
        }
    }
}

/// Each path rule says one thing, in one of its shapes; a data rule names
/// an instance and fields of this variant. (The nodes a rule names are
/// checked against the explored graph, which knows every node.)
struct RuleShapes: ManifestValidator {
    static let shapes = "{\"to\": \"<node>\", \"passesThrough\": \"<node>\"}, {\"neverReaches\": \"<node>\"}, {\"reaches\": \"<node>\"} or {\"entering\": \"<instance>\", \"carriesNone\": [\"<field>\", …]}"

    func validate(_ manifest: inout ManifestValidation) {
        let ids = manifest.requirements.map(\.id)
        for rule in manifest.draft.rules {
            let fields = rule.fields
            let name = fields["name"].flatMap { manifest.log.string($0, rule.path.key("name"))?.value }
            var requirement: String?
            if let written = manifest.log.string(fields["requirement"], rule.path.key("requirement")) {
                if ids.contains(written.value) {
                    requirement = written.value
                } else {
                    manifest.log.error(rule.path.key("requirement"), written.location, "unknown requirement '\(written.value)'. \(Suggestion.didYouMean(written.value, ids))\(ids.isEmpty ? "The manifest lists no \"requirements\"." : "Requirements: \(Suggestion.list(ids)).")")
                }
            }
            if fields["entering"] != nil || fields["carriesNone"] != nil {
                if let kind = Self.dataRule(rule, &manifest) {
                    manifest.rules.append(PathRuleSpec(name: name, kind: kind, location: rule.node.location, path: rule.path.description, requirement: requirement))
                }
                continue
            }
            let to = fields["to"].flatMap { manifest.log.string($0, rule.path.key("to"))?.value }
            let via = fields["passesThrough"].flatMap { manifest.log.string($0, rule.path.key("passesThrough"))?.value }
            let never = fields["neverReaches"].flatMap { manifest.log.string($0, rule.path.key("neverReaches"))?.value }
            let reaches = fields["reaches"].flatMap { manifest.log.string($0, rule.path.key("reaches"))?.value }
            let kinds = [to != nil || via != nil, never != nil, reaches != nil].filter { $0 }.count
            guard kinds == 1 else {
                manifest.log.error(rule.path, rule.node.location, kinds == 0 ? "the rule says nothing. Write \(Self.shapes)." : "a rule says one thing. Write \(Self.shapes), each as its own rule.")
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
                manifest.log.error(rule.path, rule.node.location, "\(to == nil ? "'passesThrough' needs 'to'" : "'to' needs 'passesThrough'"): write {\"to\": \"<node>\", \"passesThrough\": \"<node>\"}.")
                continue
            }
            manifest.rules.append(PathRuleSpec(name: name, kind: kind, location: rule.node.location, path: rule.path.description, requirement: requirement))
        }
    }

    /// `{"entering": "<instance>", "carriesNone": ["<field>", …]}`: the
    /// instance and the fields must exist in the variant.
    static func dataRule(_ rule: ManifestDraft.Rule, _ manifest: inout ManifestValidation) -> PathRuleSpec.Kind? {
        let shape = "write {\"entering\": \"<instance>\", \"carriesNone\": [\"<field>\", …]}"
        let fields = rule.fields
        guard let enteringMember = fields["entering"], let carriedMember = fields["carriesNone"] else {
            manifest.log.error(rule.path, rule.node.location, "\(fields["entering"] == nil ? "'carriesNone' needs 'entering'" : "'entering' needs 'carriesNone'"): \(shape).")
            return nil
        }
        if fields["to"] != nil || fields["passesThrough"] != nil || fields["neverReaches"] != nil || fields["reaches"] != nil {
            manifest.log.error(rule.path, rule.node.location, "a rule says one thing: \(shape), and the other rule as its own.")
            return nil
        }
        let instance = manifest.log.string(enteringMember, rule.path.key("entering"))?.value
        let ids = manifest.ids
        var valid = instance != nil
        if let instance, !ids.contains(instance) {
            manifest.log.error(rule.path.key("entering"), enteringMember.value.location, "unknown instance '\(instance)'. \(Suggestion.didYouMean(instance, ids))Instances: \(Suggestion.list(ids)).")
            valid = false
        }
        guard case .array(let items) = carriedMember.value.value, !items.isEmpty else {
            manifest.log.error(rule.path.key("carriesNone"), carriedMember.value.location, "expected a non-empty list of field names, found \(DiagnosticLog.describe(carriedMember.value)).")
            return nil
        }
        let known = Set(manifest.instances.flatMap { $0.exits.flatMap { $0.fields.map(\.name) } }).sorted()
        var names: [String] = []
        for (index, item) in items.enumerated() {
            let itemPath = rule.path.key("carriesNone").index(index)
            guard case .string(let name) = item.value else {
                manifest.log.error(itemPath, item.location, "expected a field name (a string), found \(DiagnosticLog.describe(item)).")
                continue
            }
            guard known.contains(name) else {
                manifest.log.error(itemPath, item.location, "no module of this variant hands on a field '\(name)'. \(Suggestion.didYouMean(name, known))Fields: \(Suggestion.list(known)).")
                continue
            }
            names.append(name)
        }
        guard valid, let instance, names.count == items.count else { return nil }
        return .carriesNone(fields: names, entering: instance)
    }
}

/// `locales` lists the languages the variant ships, each once, each with
/// a known plural rule; English when there is no list.
struct Locales: ManifestValidator {
    func validate(_ manifest: inout ManifestValidation) {
        guard let written = manifest.draft.locales else { return }
        let path = JSONPath.root.key("locales")
        guard !written.values.isEmpty else {
            manifest.log.error(path, written.location, "the variant ships no locale. To fix, name at least one (\"en\"), or leave 'locales' out for English.")
            return
        }
        var locales: [String] = []
        for (index, locale) in written.values.enumerated() {
            let language = PluralRule.language(of: locale.value)
            if locales.contains(locale.value) {
                manifest.log.error(path.index(index), locale.location, "'\(locale.value)' is listed twice. To fix, list each locale once.")
            } else if !PluralRule.knownLanguages.contains(language) || locale.value.isEmpty {
                let known = PluralRule.knownLanguages.sorted()
                manifest.log.error(path.index(index), locale.location, "Stepflow has no plural rule for '\(locale.value)' yet, so counted texts could not be chosen. \(Suggestion.didYouMean(locale.value, known))Known languages: \(Suggestion.list(known)).")
            } else {
                locales.append(locale.value)
            }
        }
        if !locales.isEmpty { manifest.locales = locales }
    }
}

/// The String Catalog beside the manifest (`strings`): it reads, it holds
/// texts of this variant's modules, and each translation for a shipped
/// locale keeps the placeholders of the module's English and is finished
/// (`new` and `needs_review` are warnings). Whether every text a person
/// can see is translated is decided from the variant's graph, which knows
/// which texts are shown (`missingTranslation`).
struct CatalogTranslations: ManifestValidator {
    func validate(_ manifest: inout ManifestValidation) {
        let translated = manifest.locales.filter { $0 != "en" }
        guard let strings = manifest.draft.strings else {
            if !translated.isEmpty, let locales = manifest.draft.locales {
                manifest.log.error(JSONPath.root.key("locales"), locales.location, "the variant ships \(translated.joined(separator: ", ")) but names no String Catalog to translate it. To fix, add \"strings\": \"<name>.xcstrings\" beside the manifest (the strings command writes one to start from).")
            }
            return
        }
        let path = JSONPath.root.key("strings")
        let bytes: [UInt8]
        let file = manifest.resolve(strings.value)
        switch manifest.readFile(file) {
        case .success(let read): bytes = read
        case .failure(.notFound):
            manifest.log.error(path, strings.location, "no String Catalog '\(strings.value)' beside the manifest. To fix, check the name, or write one with the strings command.")
            return
        case .failure(.unreadable(let reason)):
            manifest.log.error(path, strings.location, "cannot read the String Catalog '\(strings.value)': \(reason).")
            return
        }
        guard bytes.count <= StringCatalog.maximumFileSize else {
            manifest.log.error(path, strings.location, "the String Catalog '\(strings.value)' is over 8 MiB. To fix, check that it is a catalog.")
            return
        }
        let (catalog, diagnostics) = StringCatalog.read(bytes, file: file)
        manifest.log.append(diagnostics)
        guard let catalog else { return }
        manifest.catalog = catalog
        var catalogLog = DiagnosticLog(file: catalog.file)
        let used = Dictionary(manifest.instances.compactMap { $0.module.map { ($0.id, $0) } }, uniquingKeysWith: { first, _ in first })
        let translatable = Set(manifest.instances.flatMap { instance in
            instance.translatableOptions.map { VariantTexts.optionKey(instance: instance.id, option: $0) }
        })
        for entry in catalog.entries.values.sorted(by: { $0.location < $1.location }) {
            let entryPath = JSONPath.root.key("strings").key(entry.key)
            // A translatable option's words: `option:<instance>.<option>`.
            if VariantTexts.isOptionKey(entry.key) {
                if !translatable.contains(entry.key) {
                    let known = translatable.sorted()
                    catalogLog.warning(entryPath, entry.location, "'\(entry.key)' is no translatable option of this variant. \(Suggestion.didYouMean(entry.key, known))\(known.isEmpty ? "It has none." : "It has: \(Suggestion.list(known)).") To fix, rename or remove it.")
                }
                continue
            }
            guard let slash = entry.key.firstIndex(of: "/") else {
                catalogLog.warning(entryPath, entry.location, "'\(entry.key)' is not a module's text. Keys are '<module>/<key>' (\"procedure/timer.title\"). To fix, rename or remove it.")
                continue
            }
            let moduleID = String(entry.key[..<slash])
            let key = String(entry.key[entry.key.index(after: slash)...])
            guard let module = used[moduleID] else {
                catalogLog.warning(entryPath, entry.location, "no instance of this variant is of module '\(moduleID)', so '\(entry.key)' is never shown. \(Suggestion.didYouMean(moduleID, used.keys.sorted()))To fix, remove it, or check the module id.")
                continue
            }
            guard let spec = module.texts.first(where: { $0.key == key }) else {
                let keys = module.texts.map(\.key)
                catalogLog.warning(entryPath, entry.location, "module '\(moduleID)' has no text '\(key)'. \(Suggestion.didYouMean(key, keys))To fix, rename or remove it; the strings command lists every text of the variant.")
                continue
            }
            for locale in translated {
                guard let localization = entry.localizations[locale] else { continue }
                let localePath = entryPath.key("localizations").key(locale)
                if let problem = TextOverrides.placeholderProblem(localization.template.placeholders, english: spec.placeholders) {
                    catalogLog.error(localePath, localization.location, "the \(locale) text \(problem) (the English: \"\(spec.english)\"). To fix, keep exactly the placeholders of the English.")
                }
                if localization.state != "translated" {
                    catalogLog.warning(localePath, localization.location, "the \(locale) text is in state '\(localization.state)': it is shown, but nobody has signed it off. To fix, review it and set \"state\": \"translated\".")
                }
            }
        }
        manifest.log.append(catalogLog.items)
    }
}

/// `texts` re-words module texts for this variant: each key names an
/// instance and a text its module declares, gives every locale the variant
/// ships (re-wording only the English would leave another language showing
/// the old text), and keeps the English's placeholders.
struct TextOverrides: ManifestValidator {
    /// What is wrong with `given` placeholders against the English's, if
    /// anything: `drops {minutes}`, `invents {min}`.
    static func placeholderProblem(_ given: [String], english: [String]) -> String? {
        let dropped = english.filter { !given.contains($0) }
        let invented = given.filter { !english.contains($0) }
        var parts: [String] = []
        if !dropped.isEmpty { parts.append("drops " + dropped.map { "{\($0)}" }.joined(separator: ", ")) }
        if !invented.isEmpty { parts.append("invents " + invented.map { "{\($0)}" }.joined(separator: ", ")) }
        return parts.isEmpty ? nil : parts.joined(separator: " and ")
    }

    func validate(_ manifest: inout ManifestValidation) {
        let ids = manifest.ids
        let locales = manifest.locales
        for text in manifest.draft.texts {
            guard let slash = text.key.firstIndex(of: "/"), slash != text.key.startIndex, text.key.index(after: slash) != text.key.endIndex else {
                manifest.log.error(text.path, text.keyLocation, "'\(text.key)' does not name a text. Write \"<instance>/<key>\" (\"test/timer.title\"); the strings command lists every key.")
                continue
            }
            let instanceID = String(text.key[..<slash])
            let key = String(text.key[text.key.index(after: slash)...])
            guard let instance = manifest.instances.first(where: { $0.id == instanceID }) else {
                manifest.log.error(text.path, text.keyLocation, "unknown instance '\(instanceID)'. \(Suggestion.didYouMean(instanceID, ids))Instances: \(Suggestion.list(ids)).")
                continue
            }
            guard let module = instance.module else { continue }
            guard let spec = module.texts.first(where: { $0.key == key }) else {
                let keys = module.texts.map(\.key)
                let known = keys.isEmpty ? "Module '\(module.id)' declares no texts, so none can be re-worded." : "The strings command lists its texts."
                manifest.log.error(text.path, text.keyLocation, "module '\(module.id)' has no text '\(key)'. \(Suggestion.didYouMean(key, keys))\(known)")
                continue
            }
            var byLocale: [String: String] = [:]
            if let english = text.english {
                byLocale["en"] = english.value
                if let other = locales.first(where: { $0 != "en" }) {
                    let others = locales.filter { $0 != "en" }
                    manifest.log.error(text.path, english.location, "'\(text.key)' re-words the English only, but the variant ships \(others.joined(separator: ", ")): \(other) would still show the module's old text. To fix, give every locale: {\(locales.map { "\"\($0)\": \"…\"" }.joined(separator: ", "))}.")
                }
                if let problem = Self.placeholderProblem(TextTemplate(other: english.value).placeholders, english: spec.placeholders) {
                    manifest.log.error(text.path, english.location, "the text \(problem) (the module's English: \"\(spec.english)\"). To fix, keep exactly its placeholders.")
                }
            }
            for (locale, value) in text.byLocale ?? [] {
                guard locales.contains(locale) else {
                    manifest.log.error(text.path.key(locale), value.location, "the variant does not ship '\(locale)'. \(Suggestion.didYouMean(locale, locales))Its locales: \(Suggestion.list(locales)).")
                    continue
                }
                if let problem = Self.placeholderProblem(TextTemplate(other: value.value).placeholders, english: spec.placeholders) {
                    manifest.log.error(text.path.key(locale), value.location, "the \(locale) text \(problem) (the module's English: \"\(spec.english)\"). To fix, keep exactly its placeholders.")
                }
                byLocale[locale] = value.value
            }
            if text.byLocale != nil {
                let missing = locales.filter { byLocale[$0] == nil }
                if !missing.isEmpty {
                    manifest.log.error(text.path, text.keyLocation, "'\(text.key)' has no \(missing.joined(separator: ", ")) text, so \(missing.count == 1 ? "that locale" : "those locales") would show the module's old one. To fix, add \(missing.map { "\"\($0)\": \"…\"" }.joined(separator: ", ")).")
                }
            }
            manifest.overrides[instanceID, default: [:]][key] = byLocale
        }
    }
}

/// Each requirement has an id (letters, digits, `.`, `-`, `_`) used once
/// and a text; the scripts folder, when named, exists. Whether each is
/// covered is for the tools that read the scripts (`validate`, `check`).
struct Requirements: ManifestValidator {
    func validate(_ manifest: inout ManifestValidation) {
        var seen: [String: Int] = [:]
        for written in manifest.draft.requirements {
            guard let id = written.id, let text = written.text else { continue }
            guard !id.value.isEmpty, id.value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }) else {
                manifest.log.error(written.path.key("id"), id.location, "'\(id.value)' is not a requirement id. Use letters, digits, '.', '-' and '_' (\"UR-RES-01\").")
                continue
            }
            if let line = seen[id.value] {
                manifest.log.error(written.path.key("id"), id.location, "duplicate requirement '\(id.value)'; line \(line) has it too. To fix, give each requirement its own id.")
                continue
            }
            seen[id.value] = id.location.line
            guard !text.value.allSatisfy(\.isWhitespace) else {
                manifest.log.error(written.path.key("text"), text.location, "the requirement '\(id.value)' says nothing. To fix, write what must be true.")
                continue
            }
            manifest.requirements.append(Requirement(id: id.value, text: text.value, critical: written.critical, location: written.node.location, path: written.path.description))
        }
        if let scripts = manifest.draft.scripts {
            manifest.scriptsFolder = manifest.resolve(scripts.value)
        }
    }
}
