/// What a person gave and the app learned in one walk of a variant, as
/// typed entries by key: the variant's record (DESIGN contract 9).
///
/// The record is part of the engine's state (``NavigationState/record``):
/// it changes only through ``RecordOperation``s that flows return from
/// `navigate` (``Navigation/record(_:)``), that a field bound to an entry
/// makes when its action is chosen (``EntryField/recorded(as:)``), or that
/// an outside answer's values make (``Answer/values``). Each change is a
/// ``NavigationChange/recorded(_:)`` in the step's event, so a trace says
/// what was recorded, by whom and when. A flow reads it with
/// ``Navigation/reading(_:then:)-(String...,_)``.
///
/// ```swift
/// var record = VariantRecord()
/// record.apply(.set("reading", RecordValue("5.4", class: "normal")), by: "test")
/// record["reading"]?.description  // "5.4 (normal)"
/// ```
public struct VariantRecord: Hashable, Sendable, CustomStringConvertible {
    /// Every entry held now, by key.
    package private(set) var entries: [String: RecordEntry] = [:] {
        didSet { edition = Edition() }
    }

    /// This value of the record, as an object: a new one each time the
    /// entries change, shared by every copy made since. A state's key
    /// numbers the record by it, so an input that leaves the record as it
    /// was costs no hashing of its entries (a form's record holds
    /// hundreds). Not part of the value: two records with equal entries
    /// are equal, whatever their editions.
    package private(set) var edition = Edition()

    /// The identity of one value of a record (see ``edition``).
    package final class Edition: Sendable {}

    /// An empty record.
    public init() {}

    /// A record holding `entries`.
    public init(entries: [String: RecordEntry]) { self.entries = entries }

    /// Whether both hold the same entries (the same edition: at once).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.edition === rhs.edition || lhs.entries == rhs.entries
    }

    /// Hashes the entries (not the edition).
    public func hash(into hasher: inout Hasher) { hasher.combine(entries) }

    /// Whether nothing is recorded.
    public var isEmpty: Bool { entries.isEmpty }

    /// The value of entry `key`, if it holds one value.
    public subscript(_ key: String) -> RecordValue? {
        if case .value(let value) = entries[key] { return value }
        return nil
    }

    /// The items of entry `key`: empty when it holds none.
    public func items(_ key: String) -> [RecordItem] {
        if case .items(let items) = entries[key] { return items }
        return []
    }

    /// The keys held, sorted.
    public var keys: [String] { entries.keys.sorted() }

    /// Applies `operation`; returns what changed, or `nil` when nothing
    /// did (an item not held removed, an entry not held cleared). A value
    /// set is a change even when it equals the one held: the person gave
    /// it again, from `origin`. `writer` is the module instance that wrote
    /// it (`nil`: the variant itself, at a boundary).
    @discardableResult
    package mutating func apply(
        _ operation: RecordOperation, by writer: String?, from origin: ValueOrigin? = nil
    ) -> RecordChange? {
        switch operation {
        case .set(let key, let value):
            entries[key] = .value(value)
            return RecordChange(key: key, kind: .set(value), by: writer, origin: origin)
        case .append(let key, let item):
            entries[key] = .items(items(key) + [item])
            return RecordChange(key: key, kind: .appended(item), by: writer, origin: origin)
        case .remove(let key, let item):
            var held = items(key)
            guard let position = held.firstIndex(of: item) else { return nil }
            held.remove(at: position)
            entries[key] = held.isEmpty ? nil : .items(held)
            return RecordChange(key: key, kind: .removed(item), by: writer)
        case .clear(let key):
            guard entries.removeValue(forKey: key) != nil else { return nil }
            return RecordChange(key: key, kind: .cleared, by: writer)
        }
    }

    /// The record with only the entries `keep` keeps.
    package func keeping(_ keep: (String) -> Bool) -> VariantRecord {
        var kept = self
        kept.entries = entries.filter { keep($0.key) }
        return kept
    }

    /// `reading = 5.4 (normal); kept = [{…}]`, keys sorted; `empty`.
    public var description: String {
        entries.isEmpty ? "empty" : keys.map { "\($0) = \(entries[$0]!)" }.joined(separator: "; ")  // keys held
    }
}

/// A change a flow asks of the record: returned from `navigate` as
/// ``Navigation/record(_:)``.
public enum RecordOperation: Hashable, Sendable, CustomStringConvertible {
    /// Entry `key` holds `value` from now on.
    case set(String, RecordValue)
    /// `item` is added after the items entry `key` holds.
    case append(String, RecordItem)
    /// The first item of entry `key` equal to `item` goes (sent, discarded).
    case remove(String, RecordItem)
    /// Entry `key` holds nothing any more.
    case clear(String)

    /// The entry's key.
    public var key: String {
        switch self {
        case .set(let key, _), .append(let key, _), .remove(let key, _), .clear(let key): key
        }
    }

    /// `set reading = 5.4 (normal)`, `append kept {…}`, `remove kept {…}`, `clear patient`.
    public var description: String {
        switch self {
        case .set(let key, let value): "set \(key) = \(value)"
        case .append(let key, let item): "append to \(key) \(item)"
        case .remove(let key, let item): "remove from \(key) \(item)"
        case .clear(let key): "clear \(key)"
        }
    }
}

/// What changed in the record: an entry, how, and who changed it.
public struct RecordChange: Hashable, Sendable, CustomStringConvertible {
    /// How an entry changed.
    ///
    /// This enum may grow; end a `switch` over it with `@unknown default:`.
    public enum Kind: Hashable, Sendable {
        /// It holds this value now.
        case set(RecordValue)
        /// This item was added.
        case appended(RecordItem)
        /// This item went.
        case removed(RecordItem)
        /// It holds nothing now (its lifetime ended, or a module cleared it).
        case cleared
    }

    /// The entry's key.
    public let key: String
    /// How it changed.
    public let kind: Kind
    /// The module instance that changed it; `nil` for the variant itself
    /// (an entry dropped at its lifetime's boundary).
    public let by: String?
    /// Where the value set or item added came from: typed by a person on
    /// a screen, or carried by an outside answer; `nil` for one the module
    /// made itself. The value's identity, which rules about data follow.
    public let origin: ValueOrigin?

    /// `key` changed as `kind` says, by `by`, with a value from `origin`.
    public init(key: String, kind: Kind, by: String?, origin: ValueOrigin? = nil) {
        self.key = key
        self.kind = kind
        self.by = by
        self.origin = origin
    }

    /// `recorded reading = 5.4 (normal) (test)`, `dropped patient`.
    public var description: String {
        let who = by.map { " (\($0))" } ?? ""
        switch kind {
        case .set(let value): return "recorded \(key) = \(value)\(who)"
        case .appended(let item): return "added to \(key) \(item)\(who)"
        case .removed(let item): return "removed from \(key) \(item)\(who)"
        case .cleared: return "dropped \(key)\(who)"
        }
    }
}
