/// A path into a JSON document, written the way a person reads it:
/// `modules[1].options.waitMinutes`, `routes["test.resultCaptured"]`.
struct JSONPath: CustomStringConvertible {
    private var text = ""

    static let root = JSONPath()

    /// The member `key` of this object.
    func key(_ key: String) -> JSONPath {
        var path = self
        if Self.isIdentifier(key) {
            path.text += text.isEmpty ? key : ".\(key)"
        } else {
            path.text += "[\"\(key)\"]"
        }
        return path
    }

    /// Whether `key` reads as a name (`waitMinutes`): letters, digits and
    /// `_`, not starting with a digit. ASCII keys (nearly all) are read byte
    /// by byte; others character by character.
    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first else { return false }
        if key.utf8.allSatisfy({ $0 < 0x80 }) {
            func isLetter(_ byte: UInt8) -> Bool {
                (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            }
            func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
            return !isDigit(first) && key.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
        }
        return key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !(key.first?.isNumber ?? true)
    }

    /// The element `index` of this array (from 0).
    func index(_ index: Int) -> JSONPath {
        var path = self
        path.text += "[\(index)]"
        return path
    }

    var description: String { text }
}
