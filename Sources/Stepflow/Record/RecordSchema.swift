/// How long an entry of the record lives.
///
/// This enum may grow; end a `switch` over it with `@unknown default:`.
public enum RecordLifetime: Hashable, Sendable, CustomStringConvertible {
    /// As long as the walk: dropped when the app ends.
    case walk
    /// Until one of these module instances is entered (the next patient
    /// starts with intake): dropped then, and when the app ends.
    case untilEntering([String])
    /// Kept on the device across launches, until a module takes it off.
    case device
    /// Kept on the device across launches, until one of these module
    /// instances is entered (a saved application, until a new one starts).
    case keptUntilEntering([String])

    /// `this walk`, `until intake is entered`, `kept on the device`.
    public var description: String {
        switch self {
        case .walk: "this walk"
        case .untilEntering(let instances): "until \(instances.joined(separator: " or ")) is entered"
        case .device: "kept on the device"
        case .keptUntilEntering(let instances):
            "kept on the device until \(instances.joined(separator: " or ")) is entered"
        }
    }

    /// Whether the entry outlives the walk.
    package var isKeptOnDevice: Bool {
        switch self {
        case .device, .keptUntilEntering: true
        case .walk, .untilEntering: false
        }
    }
}

/// What a variant declares about its record: for each entry, the module
/// instance that owns it (the only one that writes it), the instances
/// that read it or take its items, how long it lives, and what it holds.
///
/// A manifest's `RootFlow` gives one (``Flow/recordSchema``); the engine
/// then refuses a write or read by an instance the schema does not name,
/// with a ``NavigationChange/rejected(reason:)`` that says how to fix it.
/// A flow tree without a schema (a test, an app of plain flows) may write
/// and read any entry.
public struct RecordSchema: Hashable, Sendable {
    /// One entry.
    public struct Entry: Hashable, Sendable {
        /// The entry's key.
        public let key: String
        /// The instance that writes it.
        public let owner: String
        /// The instances that read it.
        package let readers: Set<String>
        /// The instances that take its items off.
        package let takers: Set<String>
        /// How long it lives.
        package let lifetime: RecordLifetime
        /// What the owner declares it holds.
        package let spec: RecordSpec

        /// `key`, owned by `owner` as `spec` declares, read by `readers`,
        /// its items taken by `takers`, living for `lifetime`.
        public init(
            _ key: String, owner: String, spec: RecordSpec, readers: Set<String> = [], takers: Set<String> = [],
            lifetime: RecordLifetime = .walk
        ) {
            self.key = key
            self.owner = owner
            self.spec = spec
            self.readers = readers
            self.takers = takers
            self.lifetime = lifetime
        }
    }

    /// Every entry, by key.
    package let entries: [String: Entry]
    /// Entries some instance reads if they are there, which no instance of
    /// the variant writes: read, they hold nothing.
    package let optionalReads: Set<String>

    /// A schema of `entries`; `optionalReads` read as nothing.
    public init(_ entries: [Entry], optionalReads: Set<String> = []) {
        self.entries = Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        self.optionalReads = optionalReads
    }

    /// The entries, by key.
    public var keys: [String] { entries.keys.sorted() }

    /// The keys whose lifetime ends when `instance` is entered.
    package func keysEnding(entering instance: String) -> [String] {
        keys.filter { key in
            switch entries[key]?.lifetime {
            case .untilEntering(let instances), .keptUntilEntering(let instances): instances.contains(instance)
            default: false
            }
        }
    }

    /// Whether entry `key` outlives the walk.
    package func isKept(_ key: String) -> Bool { entries[key]?.lifetime.isKeptOnDevice ?? false }

    /// Why `instance` (`nil`: the variant itself) may not apply
    /// `operation`, with the fix; `nil` when it may.
    package func refusal(of operation: RecordOperation, by instance: String?, holding record: VariantRecord) -> String?
    {
        guard let instance else { return nil }
        let key = operation.key
        guard let entry = entries[key] else {
            return """
                \(instance) wrote '\(key)', which the variant's record does not have (it has \(list(keys))). To fix, \
                declare it in the module's record(for:), or write one of those.
                """
        }
        switch operation {
        case .set, .append, .clear:
            guard entry.owner == instance else {
                return """
                    \(instance) wrote '\(key)', which \(entry.owner) owns: only its owner writes it. To fix, write it \
                    in \(entry.owner), or make \(instance) its owner in the manifest's "record".
                    """
            }
        case .remove:
            guard entry.owner == instance || entry.takers.contains(instance) else {
                return """
                    \(instance) took an item off '\(key)', which it does not declare it takes. To fix, declare \
                    RecordSpec.takes("\(key)", …) in its module's record(for:).
                    """
            }
        }
        if case .append = operation, let capacity = entry.spec.capacity, record.items(key).count >= capacity {
            return """
                \(instance) added an item to '\(key)', which holds \(capacity), its most. To fix, offer no way to \
                add one while it is full (read how many it holds).
                """
        }
        if case .set = operation, entry.spec.isList {
            return "\(instance) set '\(key)', a list. To fix, append items to it."
        }
        return nil
    }

    /// Why `instance` may not read entry `key`, with the fix; `nil` when it may.
    package func refusal(reading key: String, by instance: String?) -> String? {
        if optionalReads.contains(key) { return nil }
        guard let instance, let entry = entries[key] else {
            return instance == nil || entries[key] != nil
                ? nil
                : """
                \(instance ?? "") read '\(key)', which the variant's record does not have (it has \(list(keys))). To \
                fix, read one of those, or declare '\(key)' in the module that writes it.
                """
        }
        guard entry.owner == instance || entry.readers.contains(instance) || entry.takers.contains(instance) else {
            return """
                \(instance) read '\(key)' without declaring it. To fix, declare RecordSpec.reads("\(key)", …) in its \
                module's record(for:).
                """
        }
        return nil
    }

    private func list(_ keys: [String]) -> String {
        keys.isEmpty ? "none" : keys.map { "'\($0)'" }.joined(separator: ", ")
    }
}
