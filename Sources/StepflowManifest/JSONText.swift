/// Writes JSON text without Foundation: strings escaped per RFC 8259,
/// output deterministic (the caller decides the order of keys).
package enum JSONText {
    /// `"text"`, escaped (``Escaping/json(_:)``).
    package static func string(_ text: String) -> String { Escaping.json(text) }

    /// `["a", "b"]`.
    package static func array(_ strings: [String]) -> String {
        "[" + strings.map(string).joined(separator: ", ") + "]"
    }
}
