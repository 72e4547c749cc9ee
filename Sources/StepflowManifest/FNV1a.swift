/// A 64-bit FNV-1a hash, fed byte by byte: quick, for telling a release's
/// manifest apart in a save, never where a person signs (``SHA256``).
struct FNV1a: DigestSink {
    private var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ byte: UInt8) {
        value ^= UInt64(byte)
        value &*= 0x0000_0100_0000_01b3
    }

    /// The hash as 16 hex digits.
    var hex: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
