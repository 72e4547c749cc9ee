/// One value in a variant's record: what a person typed, what an outside
/// answer carried, or what a module wrote, with the class it falls in.
///
/// Where a value came from (typed on a screen, carried by an answer, made
/// by a module) is said by the change that recorded it
/// (``RecordChange/origin``): the value's identity, which the rules about
/// data follow along a walk from where it was given to where it is shown.
/// The record itself holds what the engine decides on, the text and its
/// class, so two walks that gave the same value reach the same state.
///
/// ```swift
/// let reading = RecordValue("5.4", class: "normal")
/// reading.description  // "5.4 (normal)"
/// ```
public struct RecordValue: Hashable, Sendable, CustomStringConvertible {
    /// The value as typed or given (`5.4`, `P-1024`, `Alex Example`).
    public let text: String
    /// The name of the class it falls in (`normal`), when its entry
    /// declares classes.
    public let valueClass: String?

    /// A value `text` in class `valueClass`.
    public init(_ text: String, class valueClass: String? = nil) {
        self.text = text
        self.valueClass = valueClass
    }

    /// `5.4 (normal)`, or the text alone (also when its class is its text).
    public var description: String {
        guard let valueClass, valueClass != text else { return text }
        return "\(text) (\(valueClass))"
    }
}

/// Where a value in the record came from: its identity, which rules
/// about data follow from where it was given to where it is shown.
///
/// This enum may grow; end a `switch` over it with `@unknown default:`.
public enum ValueOrigin: Hashable, Sendable, CustomStringConvertible {
    /// Typed by a person into `field` on `screen` (`test/manual`).
    case typed(screen: String, field: String)
    /// Carried by the answer `answer` of the outside source `source` (a
    /// question's id: `patient-lookup`), as its value `field`.
    case answered(source: String, answer: String, field: String)

    /// `typed on test/manual (reading)`, `answered by patient-lookup found (name)`.
    public var description: String {
        switch self {
        case .typed(let screen, let field): "typed on \(screen) (\(field))"
        case .answered(let source, let answer, let field): "answered by \(source) \(answer) (\(field))"
        }
    }
}

/// One item of a list in the record (a result kept on the device, a child
/// added to an application): named values, in the order they were given.
///
/// ```swift
/// let kept = RecordItem(["patient": patient, "reading": reading])
/// kept["reading"]?.text  // "5.4"
/// ```
public struct RecordItem: Hashable, Sendable, CustomStringConvertible {
    /// The item's values by name, in the order given.
    public let values: [Named]

    /// A named value of an item.
    public struct Named: Hashable, Sendable {
        /// The value's name within the item (`reading`).
        public let name: String
        /// The value.
        public let value: RecordValue

        /// `value` named `name`.
        public init(_ name: String, _ value: RecordValue) {
            self.name = name
            self.value = value
        }
    }

    /// An item of `values`, in the order given.
    public init(_ values: KeyValuePairs<String, RecordValue>) {
        self.values = values.map { Named($0.key, $0.value) }
    }

    /// An item of `values`, in their order.
    public init(_ values: [Named]) { self.values = values }

    /// The value named `name`, if the item has it.
    public subscript(_ name: String) -> RecordValue? { values.first { $0.name == name }?.value }

    /// `{patient: P-1024, reading: 5.4 (normal)}`.
    public var description: String {
        "{" + values.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "}"
    }
}

/// What one entry of the record holds: a value, or a list of items.
public enum RecordEntry: Hashable, Sendable, CustomStringConvertible {
    /// One value (a reading, a patient id).
    case value(RecordValue)
    /// Items, oldest first (results kept on the device, children added).
    case items([RecordItem])

    /// `5.4 (normal)`, or `[{…}, {…}]`.
    public var description: String {
        switch self {
        case .value(let value): value.description
        case .items(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        }
    }
}
