/// A line and column in a text file, both from 1. Columns count characters
/// (Unicode scalars), not bytes.
public struct TextLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    package let line: Int
    /// The column, from 1.
    package let column: Int
    /// A location.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    /// `line:column`.
    public var description: String { "\(line):\(column)" }
    /// Orders by line, then column.
    public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
}

/// A parsed JSON value that remembers where it was written.
package struct JSONNode: Hashable, Sendable {
    /// The value.
    package let value: JSONValue
    /// Where the value starts.
    package let location: TextLocation
}

/// A JSON value. Objects keep their members in file order, duplicates
/// included, so validation can report a key given twice.
package enum JSONValue: Hashable, Sendable {
    /// `{ … }`.
    case object([JSONMember])
    /// `[ … ]`.
    case array([JSONNode])
    /// `"…"`.
    case string(String)
    /// A number, with its literal text.
    case number(JSONNumber)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// The kind of value, as error messages name it: `an object`, `a string`….
    package var kindDescription: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number(let number): number.integer != nil ? "an integer" : "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// One `"key": value` of a JSON object.
package struct JSONMember: Hashable, Sendable {
    /// The key.
    public let key: String
    /// Where the key starts.
    package let keyLocation: TextLocation
    /// The value.
    package let value: JSONNode
}

/// A JSON number as written.
package struct JSONNumber: Hashable, Sendable {
    /// The literal text (`15`, `1.5e3`).
    package let literal: String
    /// The value as an integer, when the literal is a whole number (no
    /// fraction, no exponent) that fits in `Int`.
    package var integer: Int? {
        literal.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? nil : Int(literal)
    }
}
