/// A JSON syntax error, with where it happened.
package struct JSONSyntaxError: Error, Hashable, Sendable {
    /// What is wrong, and how to fix it.
    package let message: String
    /// Where.
    package let location: TextLocation
    /// Whether the bytes are not UTF-8 (rather than not JSON).
    package var isEncodingError = false
}

extension String {
    /// `0xFF`.
    init(format byte: UInt8) {
        let digits = String(byte, radix: 16, uppercase: true)
        self = "0x" + (digits.count == 1 ? "0" : "") + digits
    }

    /// `value` as four (or more) upper-case hex digits: `00E9`.
    init(fourHexDigits value: UInt32) {
        let digits = String(value, radix: 16, uppercase: true)
        self = String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
    }
}
