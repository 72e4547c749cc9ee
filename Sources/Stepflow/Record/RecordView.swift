/// The entries of the record a flow read with ``Navigation/reading(_:then:)-(String...,_)``:
/// only those it asked for, as they were when its navigation was applied.
///
/// ```swift
/// .reading("reading") { record in
///     record.valueClass(of: "reading") == "diabetes" ? .show(referral) : .show(advice)
/// }
/// ```
public struct RecordView: Hashable, Sendable {
    /// The entries read that the record holds, by key.
    package let entries: [String: RecordEntry]

    /// A view of `entries`.
    public init(_ entries: [String: RecordEntry] = [:]) { self.entries = entries }

    /// The value of entry `key`, if it holds one.
    public subscript(_ key: String) -> RecordValue? {
        if case .value(let value) = entries[key] { return value }
        return nil
    }

    /// The items of list `key`: empty when it holds none.
    public func items(_ key: String) -> [RecordItem] {
        if case .items(let items) = entries[key] { return items }
        return []
    }

    /// The class of entry `key`'s value, if it holds one in a class.
    public func valueClass(of key: String) -> String? { self[key]?.valueClass }

    /// The entries read, as a screen shows them (``Screen/shows``).
    package var shown: [RecordShown] {
        entries.keys.sorted().map { RecordShown(key: $0, entry: entries[$0]!) }  // keys of entries
    }
}

/// An entry of the record a screen shows: its key and what it held when
/// the screen was shown.
public struct RecordShown: Hashable, Sendable, CustomStringConvertible {
    /// The entry's key.
    public let key: String
    /// What it held.
    public let entry: RecordEntry

    /// Entry `key`, holding `entry`.
    public init(key: String, entry: RecordEntry) {
        self.key = key
        self.entry = entry
    }

    /// `reading = 5.4 (normal)`.
    public var description: String { "\(key) = \(entry)" }
}
