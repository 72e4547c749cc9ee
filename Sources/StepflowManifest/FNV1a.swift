/// A 64-bit FNV-1a hash, fed byte by byte.
struct FNV1a {
    private var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ byte: UInt8) {
        value ^= UInt64(byte)
        value &*= 0x0000_0100_0000_01b3
    }

    mutating func add(_ text: String) {
        for byte in text.utf8 { add(byte) }
    }

    /// Feeds `text` as ``JSONText/string(_:)`` writes it: quoted, with `"`,
    /// `\\` and control characters escaped. Every byte it escapes is ASCII,
    /// and no byte of a longer UTF-8 sequence is, so it goes byte by byte.
    mutating func addQuoted(_ text: String) {
        add(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): add("\\\"")
            case UInt8(ascii: "\\"): add("\\\\")
            case UInt8(ascii: "\n"): add("\\n")
            case UInt8(ascii: "\r"): add("\\r")
            case UInt8(ascii: "\t"): add("\\t")
            case 0..<0x20:
                add("\\u00")
                let digits = Array("0123456789abcdef".utf8)
                add(digits[Int(byte >> 4)])
                add(digits[Int(byte & 0xF)])
            default: add(byte)
            }
        }
        add(UInt8(ascii: "\""))
    }

    /// The hash as 16 hex digits.
    var hex: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
