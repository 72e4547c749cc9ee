import Stepflow

/// Interns strings as dense ids: the explorer's node ids and edge labels.
///
/// A ``HashIndex`` over the strings, with a word-at-a-time multiplicative
/// hash of the UTF-8 bytes. `Dictionary<String, Int32>` hashes with SipHash
/// (seeded per process), which cost more than the rest of adding an edge.
/// Nothing here is exposed to input an attacker controls over a network, so
/// a fixed hash is fine; collisions only cost probes, never correctness.
///
/// - Complexity: expected O(length of the string) per lookup or insert.
struct StringInterner: Sendable {
    /// The interned strings, by id.
    private(set) var strings: [String] = []
    private var index: HashIndex

    init(capacity: Int = 64) {
        index = HashIndex(capacity: capacity)
        strings.reserveCapacity(capacity)
    }

    /// The id of `string`, if interned.
    func id(of string: String) -> Int32? {
        index.find(Self.hash(string)) { strings[$0] == string }.position.map(Int32.init)
    }

    /// The id of `string`, interning it if new; `isNew` tells.
    mutating func intern(_ string: String) -> (id: Int32, isNew: Bool) {
        let (position, isNew) = index.insert(Self.hash(string)) { strings[$0] == string }
        if isNew { strings.append(string) }
        return (Int32(position), isNew)
    }

    /// A multiplicative hash of the UTF-8 bytes, eight at a time.
    @inline(__always)
    static func hash(_ string: String) -> UInt64 {
        if let hash = string.utf8.withContiguousStorageIfAvailable(hash(bytes:)) { return hash }
        return Array(string.utf8).withUnsafeBufferPointer(hash(bytes:))
    }

    private static func hash(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(truncatingIfNeeded: bytes.count) &* multiplier
        var position = 0
        let raw = UnsafeRawBufferPointer(bytes)
        while position + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 29
            position += 8
        }
        // The last 0-7 bytes in at most three loads, not a loop per byte.
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        if bytes.count - position >= 4 {
            tail = UInt64(raw.loadUnaligned(fromByteOffset: position, as: UInt32.self))
            shift = 32
            position += 4
        }
        if bytes.count - position >= 2 {
            tail |= UInt64(raw.loadUnaligned(fromByteOffset: position, as: UInt16.self)) << shift
            shift += 16
            position += 2
        }
        if position < bytes.count {
            tail |= UInt64(bytes[position]) << shift
        }
        hash = (hash ^ tail) &* multiplier
        hash ^= hash >> 32
        return hash &* multiplier
    }
}
