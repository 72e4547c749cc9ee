/// An entry of the variant's record that a module writes, reads or takes:
/// part of a module's public face (``FeatureModule/record(for:)``), as its
/// options and exits are.
///
/// A module declares each entry it writes (its owner's page asks for it)
/// with a value kind and classes, or as a list of items with at most so
/// many; each entry it reads; and each list it takes items off (sends or
/// discards them). The manifest says which instance owns each entry and
/// how long it lives; the module contract refuses a write or read the
/// module does not declare.
///
/// ```swift
/// public static func record(for options: ModuleOptions) -> [RecordSpec] {
///     [
///         .writes("reading", label: "HbA1c reading (%)", kind: .number, classes: readingClasses,
///                 summary: "the value the analyser shows, typed in"),
///         .reads("patient", summary: "the patient the test is of, named on the screens"),
///     ]
/// }
/// ```
public struct RecordSpec: Hashable, Sendable, CustomStringConvertible {
    /// What a module does with an entry.
    package enum Access: String, Hashable, Sendable, CaseIterable {
        /// It sets the entry (or adds items to it): its owner.
        case writes
        /// It reads the entry.
        case reads
        /// It reads a list's items and removes them (sent, discarded).
        case takes
    }

    /// A value of an item of a list entry.
    public struct Field: Hashable, Sendable {
        /// Its name in the item (`reading`).
        public let name: String
        /// What a person reads for it.
        public let label: String
        /// What it holds.
        public let kind: EntryField.Kind
        /// Its classes, as a field's.
        public let classes: [ValueClass]

        /// An item's value called `name`, labelled `label`, of `kind`, in `classes`.
        public init(_ name: String, label: String, kind: EntryField.Kind = .text, classes: [ValueClass] = []) {
            self.name = name
            self.label = label
            self.kind = kind
            self.classes = classes
        }
    }

    /// The entry's key, the same in every module that uses it (`reading`).
    public let key: String
    /// What the module does with it.
    package let access: Access
    /// What a person reads for it on a summary or a report (`HbA1c reading`).
    public let label: String
    /// One line on what it holds, for `rootapp modules` and the report.
    public let summary: String
    /// What a value holds; `nil` for a list of items.
    public let kind: EntryField.Kind?
    /// The classes its values fall into (for a reader: the classes it
    /// expects, which the module contract enters).
    public let classes: [ValueClass]
    /// For a list: the values of each item.
    package let itemFields: [Field]
    /// For a list: at most this many items (the analysis explores every
    /// count up to it; adding one more is refused).
    package let capacity: Int?
    /// For a read: whether the module cannot work without the entry, so
    /// a variant in which no module writes it is refused. An optional
    /// read (the default) reads nothing there.
    package let isRequired: Bool

    /// Whether the entry is a list of items.
    package var isList: Bool { capacity != nil }

    private init(
        _ key: String, access: Access, label: String, summary: String, kind: EntryField.Kind?,
        classes: [ValueClass], itemFields: [Field], capacity: Int?, required: Bool = false
    ) {
        self.isRequired = required
        precondition(capacity.map { $0 > 0 } ?? true, "record entry '\(key)': a list holds at least one item")
        self.key = key
        self.access = access
        self.label = label
        self.summary = summary
        self.kind = kind
        self.classes = classes
        self.itemFields = itemFields
        self.capacity = capacity
    }

    /// The module sets entry `key`, a value of `kind` in `classes`.
    public static func writes(
        _ key: String, label: String, kind: EntryField.Kind = .text, classes: [ValueClass] = [], summary: String
    ) -> RecordSpec {
        RecordSpec(
            key, access: .writes, label: label, summary: summary, kind: kind, classes: classes, itemFields: [],
            capacity: nil)
    }

    /// The module adds items of `fields` to entry `key`, a list of at
    /// most `capacity` items.
    public static func writes(
        _ key: String, label: String, items fields: [Field], atMost capacity: Int, summary: String
    ) -> RecordSpec {
        RecordSpec(
            key, access: .writes, label: label, summary: summary, kind: nil, classes: [], itemFields: fields,
            capacity: capacity)
    }

    /// The module reads entry `key`, a value of `kind` in `classes` (what
    /// its contract enters when it is explored alone); `required`: a
    /// variant must have a module that writes it.
    public static func reads(
        _ key: String, label: String? = nil, kind: EntryField.Kind = .text, classes: [ValueClass] = [],
        required: Bool = false, summary: String
    ) -> RecordSpec {
        RecordSpec(
            key, access: .reads, label: label ?? key, summary: summary, kind: kind, classes: classes,
            itemFields: [], capacity: nil, required: required)
    }

    /// The module reads the items of list `key` (of `fields`, at most
    /// `capacity`) and takes them off it. A list no module of the variant
    /// writes is empty, which a module that takes items works with; one
    /// that cannot says `required`, and the manifest must have a writer.
    public static func takes(
        _ key: String, label: String? = nil, items fields: [Field], atMost capacity: Int, required: Bool = false,
        summary: String
    ) -> RecordSpec {
        RecordSpec(
            key, access: .takes, label: label ?? key, summary: summary, kind: nil, classes: [], itemFields: fields,
            capacity: capacity, required: required)
    }

    /// The module reads the items of list `key` (of `fields`, at most
    /// `capacity`) without taking any.
    public static func reads(
        _ key: String, label: String? = nil, items fields: [Field], atMost capacity: Int, summary: String
    ) -> RecordSpec {
        RecordSpec(
            key, access: .reads, label: label ?? key, summary: summary, kind: nil, classes: [], itemFields: fields,
            capacity: capacity)
    }

    /// `writes reading (number)`, `takes kept (list of at most 2)`.
    public var description: String {
        "\(access.rawValue) \(key) (" + (capacity.map { "list of at most \($0)" } ?? kind?.rawValue ?? "value") + ")"
    }

    /// The values a module explored alone may find in this entry: nothing,
    /// and each class's representative (a value without classes: one
    /// made-up value; a list: one item of representatives, and as many as
    /// it holds).
    package var representativeEntries: [RecordEntry?] {
        if let capacity {
            let item = RecordItem(
                itemFields.map { field in
                    RecordItem.Named(
                        field.name,
                        RecordValue(
                            field.classes.first { $0.refusal == nil }?.representative ?? "\(field.name)-1",
                            class: field.classes.first { $0.refusal == nil }?.name))
                })
            return [nil, .items([item])] + (capacity > 1 ? [.items(Array(repeating: item, count: capacity))] : [])
        }
        let accepted = classes.filter { $0.refusal == nil }
        if accepted.isEmpty { return [nil, .value(RecordValue("\(key)-1"))] }
        return [nil] + accepted.map { .value(RecordValue($0.representative, class: $0.name)) }
    }
}
