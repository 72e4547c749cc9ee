/// Parses JSON (RFC 8259) into ``JSONNode``s that remember their location.
///
/// Written for manifests: it reports the line and column of every syntax
/// error, rejects bytes that are not UTF-8, and refuses nesting deeper
/// than ``maximumDepth`` instead of overflowing the stack on hostile input.
///
/// - Complexity: O(n) in the size of the input.
package struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    package static let maximumDepth = 64

    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0
    /// The last column counted, and the byte it is at: columns are counted
    /// on from there, so a long line is counted once, not once a value
    /// (which made a file of one long line quadratic to read).
    var counted = (position: 0, column: 1)

    /// Parses `bytes` as one JSON value (a UTF-8 byte-order mark is skipped).
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
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

    var location: TextLocation {
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

    mutating func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, location: location)
    }

    mutating func encodingError(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, location: location, isEncodingError: true)
    }

    func describeCurrent() -> String {
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

}
