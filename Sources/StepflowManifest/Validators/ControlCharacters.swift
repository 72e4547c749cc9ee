/// No text of the manifest holds a character that steers a terminal or
/// the direction of text instead of being read: a control character
/// (ESC starts a terminal's commands; a carriage return writes over the
/// line) or a bidirectional override or isolate (an app name that reads
/// backwards). Each is a warning naming the character and where it is; a
/// terminal shows it escaped (`\u{1B}`) whatever the manifest says.
struct ControlCharacters: ManifestValidator {
    let root: JSONNode
    var log: DiagnosticLog

    consuming func check() -> Checked<Void> {
        visit(root, JSONPath.root)
        return log.checked(())
    }

    private mutating func visit(_ node: JSONNode, _ path: JSONPath) {
        switch node.value {
        case .object(let members):
            for member in members {
                report(member.key, at: path.key(member.key), member.value.location, what: "key")
                visit(member.value, path.key(member.key))
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() { visit(element, path.index(index)) }
        case .string(let text): report(text, at: path, node.location, what: "text")
        case .number, .bool, .null: break
        }
    }

    private mutating func report(_ text: String, at path: JSONPath, _ location: TextLocation, what: String) {
        let found = text.unicodeScalars.filter(TerminalText.steers)
        guard let first = found.first else { return }
        let names = Array(Set(found.map(TerminalText.describe))).sorted().joined(separator: ", ")
        let controls = found.contains { $0.value < 0x2000 }
        let turns = found.contains { $0.value >= 0x2000 }
        let effect =
            controls && turns
            ? "a terminal obeys instead of showing, and which turn the text around"
            : controls ? "a terminal obeys instead of showing" : "turns the text around"
        log.warning(
            path, location,
            """
            the \(what) holds \(names), which \(effect). To fix, write the text as people read it, without \
            it (a terminal shows it escaped: \(TerminalText.escaped(String(first)))).
            """)
    }
}

/// Text from a manifest or a catalog as a terminal may show it: each
/// character that would steer the terminal, or the direction of the text,
/// written out as an escape (`\u{1B}`, `\u{202E}`).
package enum TerminalText {
    /// Whether `scalar` steers a terminal or the direction of text: a C0
    /// control other than tab and newline, DEL, a C1 control, or a
    /// bidirectional embedding, override or isolate.
    package static func steers(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00..<0x20, 0x7F..<0xA0: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `U+202E (RIGHT-TO-LEFT OVERRIDE)`.
    package static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let controls: [UInt32: String] = [
            0x00: "NULL", 0x07: "BELL", 0x08: "BACKSPACE", 0x0B: "LINE TABULATION", 0x0C: "FORM FEED",
            0x0D: "CARRIAGE RETURN", 0x1B: "ESCAPE", 0x7F: "DELETE", 0x9B: "CONTROL SEQUENCE INTRODUCER",
        ]
        let name = controls[scalar.value] ?? scalar.properties.name ?? (scalar.value < 0xA0 ? "a control" : nil)
        return name.map { "\(code) (\($0))" } ?? code
    }

    /// `text` with each steering character escaped, except the colour and
    /// weight codes (`ESC [ … m`) the tools themselves write when `styles`.
    package static func escaped(_ text: String, keepingStyles styles: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: steers) else { return text }
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if styles, scalar == "\u{1B}", let end = styleEnd(scalars, from: index) {
                out.append(contentsOf: scalars[index...end])
                index = end + 1
                continue
            }
            if steers(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
            index += 1
        }
        return String(out)
    }

    /// The index of the `m` ending a colour or weight code (`ESC [ digits
    /// and ; m`) that starts at `start`, if one does.
    private static func styleEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count, scalars[index] == ";" || ("0"..."9").contains(scalars[index]) { index += 1 }
        return index < scalars.count && scalars[index] == "m" ? index : nil
    }
}
