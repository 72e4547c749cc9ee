/// Parses JSON (RFC 8259) into ``JSONNode``s that remember their location.
///
/// Written for manifests: it reports the line and column of every syntax
/// error, rejects bytes that are not UTF-8, and refuses nesting deeper
/// than ``maximumDepth`` instead of overflowing the stack on hostile input.
///
/// - Complexity: O(n) in the size of the input.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// The last column counted, and the byte it is at: columns are counted
    /// on from there, so a long line is counted once, not once a value
    /// (which made a file of one long line quadratic to read).
    private var counted = (position: 0, column: 1)

    /// Parses `bytes` as one JSON value (a UTF-8 byte-order mark is skipped).
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        try parser.checkUTF8()
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            parser.index = 3
            parser.lineStart = 3
        }
        parser.skipWhitespace()
        guard parser.index < bytes.count else {
            throw JSONSyntaxError(
                message: "the file holds no JSON value. To fix, write a JSON object starting with '{'.",
                location: parser.location)
        }
        let node = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else {
            throw parser.error(
                """
                unexpected \(parser.describeCurrent()) after the end of the JSON value. To fix, remove it, or wrap \
                the values in an array.
                """
            )
        }
        return node
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    // MARK: Positions

    private var location: TextLocation {
        mutating get {
            // Columns count characters: every byte that does not continue a
            // UTF-8 sequence starts one.
            if counted.position < lineStart || counted.position > index { counted = (lineStart, 1) }
            var (position, column) = counted
            while position < index && position < bytes.count {
                if bytes[position] & 0xC0 != 0x80 { column += 1 }
                position += 1
            }
            counted = (position, column)
            return TextLocation(line: line, column: column)
        }
    }

    private mutating func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, location: location)
    }

    private mutating func encodingError(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, location: location, isEncodingError: true)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
        return String(format: byte)
    }

    /// Finds the first byte that is not valid UTF-8 (bad lead or
    /// continuation byte, overlong form, surrogate, beyond U+10FFFF).
    private mutating func checkUTF8() throws(JSONSyntaxError) {
        var position = 0
        while position < bytes.count {
            let lead = bytes[position]
            if lead < 0x80 {
                if lead == 0x0A {
                    line += 1
                    lineStart = position + 1
                }
                position += 1
                continue
            }
            let length = lead & 0xE0 == 0xC0 ? 2 : lead & 0xF0 == 0xE0 ? 3 : lead & 0xF8 == 0xF0 ? 4 : 0
            var scalar = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            var valid = length > 0 && position + length <= bytes.count
            if valid {
                for offset in 1..<length {
                    let byte = bytes[position + offset]
                    if byte & 0xC0 != 0x80 {
                        valid = false
                        break
                    }
                    scalar = scalar << 6 | UInt32(byte & 0x3F)
                }
            }
            let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
            if valid && (scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar)) { valid = false }
            guard valid else {
                index = position
                throw encodingError(
                    """
                    the file is not UTF-8: byte \(String(format: lead)) at offset \(position) does not start a \
                    valid character. To fix, save the file as UTF-8.
                    """
                )
            }
            position += length
        }
        line = 1
        lineStart = 0
    }

    // MARK: Grammar

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D:
                index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        let start = location
        guard index < bytes.count else {
            throw error("the file ends where a value was expected. To fix, complete the JSON.")
        }
        let value: JSONValue
        switch bytes[index] {
        case UInt8(ascii: "{"): value = try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): value = try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try parseNumber())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            value = .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            value = .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            value = .null
        case UInt8(ascii: "'"):
            throw error("strings take double quotes in JSON, not single quotes. To fix, write \"…\".")
        default:
            throw error(
                "expected a value (an object, array, string, number, true, false or null), found \(describeCurrent()).")
        }
        return JSONNode(value: value, location: start)
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONSyntaxError) {
        let utf8 = Array(literal.utf8)
        guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw error("expected '\(literal)', found \(describeWord()).")
        }
        index += utf8.count
    }

    private func describeWord() -> String {
        var end = index
        while end < bytes.count, end - index < 20,
            !(bytes[end] == 0x20 || bytes[end] == 0x0A || bytes[end] == 0x2C || bytes[end] == 0x7D || bytes[end] == 0x5D
                || bytes[end] == 0x0D || bytes[end] == 0x09)
        { end += 1 }
        return end > index ? "'\(String(decoding: bytes[index..<end], as: UTF8.self))'" : describeCurrent()
    }

    private mutating func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
        guard depth <= Self.maximumDepth else {
            throw error(
                """
                arrays and objects nest deeper than \(Self.maximumDepth) levels. A manifest needs a handful; to \
                fix, flatten the file.
                """
            )
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        try checkDepth(depth)
        index += 1  // {
        var members: [JSONMember] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("the file ends inside an object. To fix, close it with '}'.") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                if bytes[index] == UInt8(ascii: "}") {
                    throw error("a comma before '}' is not allowed in JSON. To fix, remove the trailing comma.")
                }
                throw error("expected a key in double quotes, found \(describeWord()).")
            }
            let keyLocation = location
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(key)\", found \(describeCurrent()).")
            }
            index += 1
            skipWhitespace()
            guard index < bytes.count else {
                throw error(
                    """
                    the file ends inside an object, after the key \"\(key)\". To fix, give its value and close the \
                    object with '}'.
                    """
                )
            }
            let value = try parseValue(depth: depth)
            members.append(JSONMember(key: key, keyLocation: keyLocation, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw error("the file ends inside an object. To fix, close it with '}'.") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw error("expected ',' or '}' after the value of \"\(key)\", found \(describeWord()).")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        try checkDepth(depth)
        index += 1  // [
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("the file ends inside an array. To fix, close it with ']'.") }
            if bytes[index] == UInt8(ascii: "]") {
                throw error("a comma before ']' is not allowed in JSON. To fix, remove the trailing comma.")
            }
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("the file ends inside an array. To fix, close it with ']'.") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: throw error("expected ',' or ']' in the array, found \(describeWord()).")
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
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

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
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
