// Strings and numbers: the scalars of a JSON text.
extension JSONParser {
    mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1  // opening quote
        // The bytes are valid UTF-8 (checked first): a string without
        // escapes (most) is its bytes as they are, decoded once; escapes are
        // written into a copy of the bytes, decoded once at the end.
        var escaped: [UInt8]?
        var runStart = index
        func flush(_ parser: JSONParser, upTo end: Int) {
            escaped = (escaped ?? []) + parser.bytes[runStart..<end]
        }
        func append(_ scalar: Unicode.Scalar) {
            escaped?.append(contentsOf: String(scalar).utf8)
        }
        while true {
            guard index < bytes.count else { throw error("the file ends inside a string. To fix, close it with '\"'.") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                defer { index += 1 }
                guard escaped != nil else { return String(decoding: bytes[runStart..<index], as: UTF8.self) }
                flush(self, upTo: index)
                return String(decoding: escaped ?? [], as: UTF8.self)
            case UInt8(ascii: "\\"):
                flush(self, upTo: index)
                index += 1
                guard index < bytes.count else {
                    throw error("the file ends inside a string. To fix, close it with '\"'.")
                }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): append("\"")
                case UInt8(ascii: "\\"): append("\\")
                case UInt8(ascii: "/"): append("/")
                case UInt8(ascii: "b"): append("\u{08}")
                case UInt8(ascii: "f"): append("\u{0C}")
                case UInt8(ascii: "n"): append("\n")
                case UInt8(ascii: "r"): append("\r")
                case UInt8(ascii: "t"): append("\t")
                case UInt8(ascii: "u"): append(try parseUnicodeEscape())
                default:
                    index -= 2
                    throw error(
                        """
                        '\\\(Character(UnicodeScalar(escape)))' is not a JSON escape. Valid: \\\" \\\\ \\/ \\b \\f \
                        \\n \\r \\t \\uXXXX.
                        """
                    )
                }
                runStart = index
            case 0x00..<0x20:
                throw error(
                    """
                    a control character (\(String(format: byte))) cannot stand in a JSON string. To fix, write it \
                    as an escape such as \\n or \\t.
                    """
                )
            default:
                index += 1
            }
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("'\\u' needs four hexadecimal digits.") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("'\\u' needs four hexadecimal digits, found \(describeCurrent()).")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let first = try parseHex4()
        func written() -> String { "'\\u\(String(fourHexDigits: first))'" }  // made for errors only
        if (0xD800...0xDBFF).contains(first) {
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else {
                throw error(
                    "\(written()) is half of a surrogate pair; the other half must follow as '\\uDC00'…'\\uDFFF'."
                )
            }
            index += 2
            let second = try parseHex4()
            guard (0xDC00...0xDFFF).contains(second) else {
                throw error(
                    """
                    \(written()) must be followed by a low surrogate ('\\uDC00'…'\\uDFFF'), not \
                    '\\u\(String(fourHexDigits: second))'.
                    """
                )
            }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!  // in range by construction
        }
        guard let scalar = Unicode.Scalar(first) else {
            throw error("\(written()) is a lone low surrogate, not a character.")
        }
        return scalar
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = index
        func digits(_ parser: inout JSONParser) -> Int {
            let from = parser.index
            while parser.index < parser.bytes.count,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index])
            { parser.index += 1 }
            return parser.index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard digits(&self) > 0 else { throw error("a number needs digits after '-'.") }
        if bytes[integerStart] == UInt8(ascii: "0") && index - integerStart > 1 {
            index = integerStart
            throw error("numbers cannot start with 0 in JSON. To fix, remove the leading zeros.")
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("a number needs digits after '.'.") }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard digits(&self) > 0 else { throw error("a number needs digits in its exponent.") }
        }
        return JSONNumber(literal: String(decoding: bytes[start..<index], as: UTF8.self))
    }
}
