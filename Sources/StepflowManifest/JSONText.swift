/// Writes JSON text without Foundation: strings escaped per RFC 8259,
/// output deterministic (the caller decides the order of keys).
package enum JSONText {
    /// `"text"`, escaped.
    package static func string(_ text: String) -> String {
        quoted(text, alsoEscaping: { _ in false })
    }

    /// `"text"`, escaped; also `\uXXXX` for the characters `alsoEscaping`
    /// picks (those a YAML double-quoted scalar, a superset, needs).
    package static func quoted(_ text: String, alsoEscaping: (Unicode.Scalar) -> Bool) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || (scalar.value <= 0xFFFF && alsoEscaping(scalar)):
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    /// `["a", "b"]`.
    package static func array(_ strings: [String]) -> String {
        "[" + strings.map(string).joined(separator: ", ") + "]"
    }
}
