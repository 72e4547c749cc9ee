/// Every output format's escaping, in one place: what a text must become
/// to sit inside a JSON or YAML string, HTML, XML, a Mermaid label or a
/// DOT string. Each exporter calls the one for its format; none escapes
/// by itself.
///
/// (A step's own id, `captured(positive)`, is not here: its quoting is
/// the step's identity, spelled by `StepIdentity` in the engine, and
/// changing it would change node ids.)
package enum Escaping {
    // MARK: - JSON and YAML

    /// `"text"` as a JSON string, escaped per RFC 8259.
    package static func json(_ text: String) -> String {
        json(text, alsoEscaping: { _ in false })
    }

    /// `"text"` as a JSON string; also `\uXXXX` for the characters
    /// `alsoEscaping` picks.
    package static func json(_ text: String, alsoEscaping: (Unicode.Scalar) -> Bool) -> String {
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

    /// `text` as a YAML double-quoted scalar: JSON's escapes (a JSON
    /// string is one), and the characters YAML does not allow unescaped
    /// (DEL, C1 controls, line and paragraph separators, BOM).
    package static func yaml(_ text: String) -> String {
        json(text) { scalar in
            scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) || scalar.value == 0x2028
                || scalar.value == 0x2029 || scalar.value == 0xFEFF
        }
    }

    // MARK: - Script lines

    /// A value as a script's `enter` line writes it: bare when it reads
    /// back so (no space, quote, `#`, parenthesis or backslash; not
    /// empty), else in quotes with `\"`, `\\` and `\n` escaped.
    /// (`Input(line:)` reads it back.)
    package static func scriptValue(_ value: String) -> String {
        let plain =
            !value.isEmpty
            && !value.contains { $0.isWhitespace || $0 == "\"" || $0 == "#" || $0 == "(" || $0 == ")" || $0 == "\\" }
        if plain { return value }
        var quoted = "\""
        for character in value {
            switch character {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }

    // MARK: - HTML and XML

    /// Text made safe for HTML, in an element or a quoted attribute.
    package static func html(_ text: String) -> String {
        var output = ""
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.append(character)
            }
        }
        return output
    }

    /// Text for an XML 1.0 element; the characters XML 1.0 cannot hold
    /// are dropped.
    package static func xml(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// `"text"` as an XML 1.0 attribute value, quotes included.
    package static func xmlAttribute(_ text: String) -> String {
        "\"" + xml(text).replacing("\"", with: "&quot;") + "\""
    }

    // MARK: - Graphs

    /// Text for a quoted Mermaid label: entity codes for the characters
    /// that end or confuse it; a line break is a space.
    package static func mermaid(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\"": out += "#quot;"
            case "#": out += "#35;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "|": out += "#124;"
            case "`": out += "#96;"
            case "\n": out += " "
            default: out.append(character)
            }
        }
        return out
    }

    /// DOT's escape for one byte inside a quoted string, or `nil` when
    /// the byte stands as it is. (A byte, so exporters that write bytes
    /// escape as they copy.)
    @inline(__always)
    package static func dot(_ byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "\""): "\\\""
        case UInt8(ascii: "\\"): "\\\\"
        case UInt8(ascii: "\n"): "\\n"
        default: nil
        }
    }

    /// DOT's escape for a label that holds its own line breaks (`\n`,
    /// `\l`): only the quote, so the backslashes keep their meaning.
    @inline(__always)
    package static func dotLabel(_ byte: UInt8) -> StaticString? {
        byte == UInt8(ascii: "\"") ? "\\\"" : nil
    }
}
