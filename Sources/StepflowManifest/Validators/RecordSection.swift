import Stepflow

/// `record`: each entry a module of the variant writes, its owner (the one
/// instance that writes it) and how long it lives; every entry read or
/// taken is written by some instance; no entry is named that nobody
/// writes. An entry the section leaves out is owned by the one instance
/// that writes it and lives for the walk.
///
/// ```json
/// "record": {
///   "patient": { "owner": "intake", "lifetime": { "untilEntering": "intake" } },
///   "kept": { "owner": "result", "lifetime": "device" }
/// }
/// ```
struct RecordSection: ManifestValidator {
    let draft: ManifestDraft
    let instances: [ValidatedInstance]
    var log: DiagnosticLog

    /// Each writer's, reader's and taker's declaration, by entry key.
    private struct Uses {
        var writers: [(instance: String, spec: RecordSpec)] = []
        var readers: [(instance: String, spec: RecordSpec)] = []
        var takers: [(instance: String, spec: RecordSpec)] = []
    }

    /// One entry as the section writes it.
    private struct Declared {
        let key: String
        let path: JSONPath
        let location: TextLocation
        let owner: Located<String>?
        let lifetime: RecordLifetime
    }

    consuming func check() -> Checked<RecordSchema> {
        let path = JSONPath.root.key("record")
        var uses: [String: Uses] = [:]
        for instance in instances {
            guard let module = instance.module else { continue }
            for spec in module.record(for: instance.options) {
                switch spec.access {
                case .writes: uses[spec.key, default: Uses()].writers.append((instance.id, spec))
                case .reads: uses[spec.key, default: Uses()].readers.append((instance.id, spec))
                case .takes: uses[spec.key, default: Uses()].takers.append((instance.id, spec))
                }
            }
        }
        var declared: [String: Declared] = [:]
        if let member = draft.record {
            if case .object(let members) = member.value.value {
                for entry in log.uniqueMembers(members, path, noun: "record entry") {
                    if let found = self.declared(entry, path.key(entry.key), uses: uses) { declared[entry.key] = found }
                }
            } else {
                log.error(
                    path, member.value.location,
                    """
                    expected the record (a JSON object of \"<entry>\": {\"owner\": \"<instance>\", \"lifetime\": \
                    …}), found \(DiagnosticLog.describe(member.value)).
                    """)
            }
        }
        let ids = instances.map(\.id)
        var entries: [RecordSchema.Entry] = []
        var optionalReads: Set<String> = []
        for key in uses.keys.sorted() {
            let use = uses[key]!  // a key of uses
            let writers = use.writers.map(\.instance)
            let named = declared[key]
            guard !use.writers.isEmpty else {
                optionalReads.insert(key)
                for (instance, spec) in use.readers + use.takers where spec.isRequired {
                    let verb = spec.access == .takes ? "takes items off" : "reads"
                    log.error(
                        path, draft.record?.keyLocation ?? instanceLocation(instance),
                        """
                        \(instance) \(verb) the record entry '\(key)' (\(spec.summary)), which no module of the \
                        variant writes. To fix, add an instance whose module writes '\(key)', or use a module that \
                        does not read it.
                        """)
                }
                continue
            }
            var owner = writers[0]
            if let chosen = named?.owner {
                guard writers.contains(chosen.value) else {
                    let known = ids.contains(chosen.value) ? "" : " (of \(Suggestion.list(ids)))"
                    log.error(
                        named!.path.key("owner"), chosen.location,  // named holds the owner read
                        """
                        '\(chosen.value)' does not write '\(key)'; \(Suggestion.list(writers)) \
                        \(writers.count == 1 ? "does" : "do"). \(Suggestion.didYouMean(chosen.value, writers))To fix, \
                        name an instance whose module writes it\(known).
                        """)
                    continue
                }
                owner = chosen.value
            } else if writers.count > 1 {
                log.error(
                    named?.path ?? path, named?.location ?? draft.record?.keyLocation ?? instanceLocation(writers[1]),
                    """
                    \(Suggestion.list(writers)) all write the record entry '\(key)', and only one may own it. To \
                    fix, name its owner: "record": {"\(key)": {"owner": "\(writers[0])"}}.
                    """)
                continue
            }
            for other in writers where other != owner {
                log.error(
                    named?.path ?? path, named?.location ?? draft.record?.keyLocation ?? instanceLocation(other),
                    """
                    \(other) writes the record entry '\(key)', which \(owner) owns, so the engine would refuse its \
                    writes. To fix, use a module in \(other) that does not write '\(key)', or a key of its own.
                    """)
            }
            let spec = use.writers.first { $0.instance == owner }!.spec  // owner is one of the writers
            for (reader, expected) in use.readers + use.takers where expected.isList != spec.isList {
                log.error(
                    path, draft.record?.keyLocation ?? instanceLocation(reader),
                    """
                    \(reader) reads '\(key)' as \(expected.isList ? "a list" : "one value"), and \(owner) writes it \
                    as \(spec.isList ? "a list" : "one value"). To fix, use modules that agree on what it holds.
                    """)
            }
            entries.append(
                RecordSchema.Entry(
                    key, owner: owner, spec: spec, readers: Set(use.readers.map(\.instance)),
                    takers: Set(use.takers.map(\.instance)), lifetime: named?.lifetime ?? .walk))
        }
        return log.checked(RecordSchema(entries, optionalReads: optionalReads))
    }

    /// Where instance `id` is declared, for a problem that has no place of
    /// its own in the manifest.
    private func instanceLocation(_ id: String) -> TextLocation? {
        instances.first { $0.id == id }?.draft.id?.location
    }

    /// One member of `record`, read.
    private mutating func declared(_ entry: JSONMember, _ path: JSONPath, uses: [String: Uses]) -> Declared? {
        let key = entry.key
        let written = uses.filter { !$0.value.writers.isEmpty }.keys.sorted()
        guard uses[key]?.writers.isEmpty == false else {
            log.error(
                path, entry.keyLocation,
                """
                no module of the variant writes a record entry '\(key)'. \(Suggestion.didYouMean(key, written))\
                Entries written: \(Suggestion.list(written)).
                """)
            return nil
        }
        guard
            let fields = log.object(
                entry.value, path, what: "the record entry '\(key)'", required: [], optional: ["owner", "lifetime"])
        else { return nil }
        let owner = log.string(fields["owner"], path.key("owner"))
        var lifetime = RecordLifetime.walk
        if let member = fields["lifetime"] {
            let lifetimePath = path.key("lifetime")
            switch member.value.value {
            case .string(let named) where named == "walk": lifetime = .walk
            case .string(let named) where named == "device": lifetime = .device
            case .object:
                guard
                    let untilFields = log.object(
                        member.value, lifetimePath, what: "a lifetime", required: ["untilEntering"],
                        optional: ["keptOnDevice"])
                else { return nil }
                // untilEntering is required: the object above has it.
                guard let instances = boundary(untilFields["untilEntering"]!, lifetimePath.key("untilEntering"))
                else { return nil }
                var kept = false
                if let flag = untilFields["keptOnDevice"] {
                    guard case .bool(let value) = flag.value.value else {
                        log.error(
                            lifetimePath.key("keptOnDevice"), flag.value.location,
                            "expected true or false, found \(DiagnosticLog.describe(flag.value)).")
                        return nil
                    }
                    kept = value
                }
                lifetime = kept ? .keptUntilEntering(instances) : .untilEntering(instances)
            default:
                log.error(
                    lifetimePath, member.value.location,
                    """
                    expected a lifetime: "walk", "device", or {"untilEntering": "<instance>"} (with \
                    "keptOnDevice": true to keep it across launches until then), found \
                    \(DiagnosticLog.describe(member.value)).
                    """)
                return nil
            }
        }
        return Declared(key: key, path: path, location: entry.keyLocation, owner: owner, lifetime: lifetime)
    }

    /// The instances whose entering ends an entry: one name or a list.
    private mutating func boundary(_ member: JSONMember, _ path: JSONPath) -> [String]? {
        var names: [Located<String>] = []
        switch member.value.value {
        case .string(let name): names = [Located(value: name, location: member.value.location)]
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                guard case .string(let name) = element.value else {
                    log.error(
                        path.index(index), element.location,
                        "expected an instance's id, found \(DiagnosticLog.describe(element)).")
                    return nil
                }
                names.append(Located(value: name, location: element.location))
            }
        default:
            log.error(
                path, member.value.location,
                "expected an instance's id or a list of them, found \(DiagnosticLog.describe(member.value)).")
            return nil
        }
        let ids = instances.map(\.id)
        for name in names where !ids.contains(name.value) {
            log.error(
                path, name.location,
                """
                '\(name.value)' is not a module instance of this manifest. \(Suggestion.didYouMean(name.value, ids))\
                To fix, name one of \(Suggestion.list(ids)).
                """)
            return nil
        }
        guard !names.isEmpty else {
            log.error(path, member.value.location, "an empty list ends the entry nowhere. To fix, name an instance.")
            return nil
        }
        return names.map(\.value)
    }
}
