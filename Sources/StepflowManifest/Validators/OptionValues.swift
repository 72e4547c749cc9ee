import Stepflow

/// Each instance's options are the module's, with values of their kinds;
/// wrong values are reported and replaced by defaults so checking goes on.
/// A required option (no default) must be given. A translatable text
/// option may be given per locale (`{"de": "…", "en": "…"}`), and then
/// for every locale the variant ships. The instance's exits follow from
/// its options.
struct OptionValues: ManifestValidator {
    let instances: [ValidatedInstance]
    let locales: [String]
    var log: DiagnosticLog

    /// The instances, each with its options and the exits they give.
    consuming func check() -> Checked<[ValidatedInstance]> {
        var instances = instances
        for index in instances.indices {
            guard let module = instances[index].module else { continue }
            let read = Self.options(instances[index].draft, module: module, locales: locales, &log)
            instances[index].options = read.options
            instances[index].optionTexts = read.texts
            instances[index].optionLocations = read.locations
            let inapplicable = Set(
                module.options.filter {
                    $0.isRequired && read.locations[$0.name] == nil && !$0.isRequired(given: read.options.values)
                }.map(\.name))
            instances[index].inapplicableOptions = inapplicable
            instances[index].translatableOptions = module.options.filter {
                $0.isTranslatable && !inapplicable.contains($0.name)
            }.map(\.name)
            instances[index].exits = module.exits(for: read.options)
        }
        return log.checked(instances)
    }

    /// What `draft`'s options say: the values (for a translatable option
    /// given per locale, the first locale's text), the texts by option and
    /// locale, and where each option is written.
    struct Read {
        var options: ModuleOptions
        var texts: [String: [String: String]] = [:]
        var locations: [String: TextLocation] = [:]
    }

    static func options(
        _ draft: ManifestDraft.Instance, module: any FeatureModule.Type, locales: [String], _ log: inout DiagnosticLog
    ) -> Read {
        let specs = module.options
        let path = draft.path.key("options")
        var values: [String: ModuleValue] = [:]
        var read = Read(options: ModuleOptions(specs: specs))
        defer { Self.requireGiven(specs, values: values, draft, module: module, &log) }
        guard let member = draft.options else { return read }
        let names = specs.map(\.name)
        guard case .object(let members) = member.value.value else {
            log.error(
                path, member.value.location,
                "expected the options of '\(module.id)' (a JSON object), found \(DiagnosticLog.describe(member.value))."
            )
            // Not given as an object: said once, not also each required one missing.
            for spec in specs { values[spec.name] = spec.example }
            return read
        }
        for option in log.uniqueMembers(members, path) {
            let optionPath = path.key(option.key)
            guard let spec = specs.first(where: { $0.name == option.key }) else {
                let known =
                    specs.isEmpty
                    ? "Module '\(module.id)' takes no options."
                    : "Options of '\(module.id)': \(Suggestion.list(names))."
                log.error(
                    optionPath, option.keyLocation,
                    "unknown option '\(option.key)'. \(Suggestion.didYouMean(option.key, names))\(known)")
                // A misspelt required option is one error, not also a missing one.
                if let meant = Suggestion.nearest(to: option.key, in: names), values[meant] == nil,
                    let spec = specs.first(where: { $0.name == meant })
                {
                    values[meant] = spec.example
                }
                continue
            }
            read.locations[spec.name] = option.value.location
            if spec.isTranslatable, case .object(let byLocale) = option.value.value {
                guard let texts = perLocale(byLocale, optionPath, at: option.value.location, locales: locales, &log)
                else {
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
    static func perLocale(
        _ members: [JSONMember], _ path: JSONPath, at location: TextLocation, locales: [String],
        _ log: inout DiagnosticLog
    ) -> [String: String]? {
        var texts: [String: String] = [:]
        var valid = true
        for member in log.uniqueMembers(members, path, noun: "locale") {
            guard locales.contains(member.key) else {
                log.error(
                    path.key(member.key), member.keyLocation,
                    """
                    the variant does not ship the locale '\(member.key)'. \
                    \(Suggestion.didYouMean(member.key, locales))It ships: \(Suggestion.list(locales)). To fix, \
                    give the text for those locales only.
                    """
                )
                valid = false
                continue
            }
            guard case .string(let text) = member.value.value, !text.allSatisfy(\.isWhitespace) else {
                log.error(
                    path.key(member.key), member.value.location,
                    """
                    expected the '\(member.key)' text (a non-empty string), found \
                    \(DiagnosticLog.describe(member.value)).
                    """
                )
                valid = false
                continue
            }
            texts[member.key] = text
        }
        let missing = locales.filter { texts[$0] == nil }
        if valid, !missing.isEmpty {
            log.error(
                path, location,
                """
                no text for \(Suggestion.list(missing)): a translatable option given per locale gives every locale \
                the variant ships (\(Suggestion.list(locales))), or the person sees another language. To fix, add \
                \(missing.map { "\"\($0)\": \"…\"" }.joined(separator: ", ")).
                """
            )
            valid = false
        }
        return valid ? texts : nil
    }

    /// Each required option is given: a made-up default could reach a
    /// person who acts on it (a phone number, a lab).
    static func requireGiven(
        _ specs: [OptionSpec], values: [String: ModuleValue], _ draft: ManifestDraft.Instance,
        module: any FeatureModule.Type, _ log: inout DiagnosticLog
    ) {
        let merged = ModuleOptions(specs: specs, values: values).values
        for spec in specs where spec.isRequired(given: merged) && values[spec.name] == nil {
            let place =
                draft.options == nil
                ? "add \"options\": {\"\(spec.name)\": \(spec.example)}"
                : "add \"\(spec.name)\": \(spec.example) to its \"options\""
            log.error(
                draft.options == nil ? draft.path : draft.path.key("options"),
                draft.options?.keyLocation ?? draft.module?.location,
                """
                module '\(module.id)' needs the option '\(spec.name)'\(spec.requiredWhenDescription) \
                (\(spec.kind): \(spec.summary)), which has no default: the variant must choose it. To fix, \
                \(place) with this variant's own value.
                """
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
                log.error(
                    path, node.location,
                    """
                    unknown value '\(string)'. \(Suggestion.didYouMean(string, choices))Allowed: \
                    \(Suggestion.list(choices)).
                    """
                )
                return nil
            }
            return .text(string)
        case (.boolean, .bool(let flag)):
            return .boolean(flag)
        case (.text, .string(let string)):
            return .text(string)
        case (.text, .object):
            log.error(
                path, node.location,
                """
                expected text, found an object. Only an option the module declares translatable can be given per \
                locale.
                """
            )
            return nil
        default:
            log.error(path, node.location, "expected \(kind), found \(DiagnosticLog.describe(node)).")
            return nil
        }
    }
}
