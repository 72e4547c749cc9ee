/// Interns strings as dense ids: the explorer's node ids and edge labels.
///
/// Open addressing over a table of ids, with a word-at-a-time multiplicative
/// hash of the UTF-8 bytes. `Dictionary<String, Int32>` hashes with SipHash
/// (seeded per process), which cost more than the rest of adding an edge.
/// Nothing here is exposed to input an attacker controls over a network, so
/// a fixed hash is fine; collisions only cost probes, never correctness.
///
/// - Complexity: expected O(length of the string) per lookup or insert.
struct StringTable: Sendable {
    /// The interned strings, by id.
    private(set) var strings: [String] = []
    /// Each id's hash, so probes compare strings only when hashes match.
    private var hashes: [UInt64] = []
    /// Slot → id + 1; 0 is empty.
    private var slots: [Int32]
    private var shift: UInt64

    init(capacity: Int = 64) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [Int32](repeating: 0, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
        strings.reserveCapacity(capacity)
        hashes.reserveCapacity(capacity)
    }

    /// How many strings are interned.
    var count: Int { strings.count }

    /// The id of `string`, if interned.
    func id(of string: String) -> Int32? {
        let hash = Self.hash(string)
        let mask = slots.count - 1
        var index = Int(hash >> shift)
        while true {
            let entry = slots[index]
            if entry == 0 { return nil }
            let id = Int(entry - 1)
            if hashes[id] == hash && strings[id] == string { return entry - 1 }
            index = (index + 1) & mask
        }
    }

    /// The id of `string`, interning it if new; `isNew` tells.
    mutating func intern(_ string: String) -> (id: Int32, isNew: Bool) {
        let hash = Self.hash(string)
        let mask = slots.count - 1
        var index = Int(hash >> shift)
        while true {
            let entry = slots[index]
            if entry == 0 { break }
            let id = Int(entry - 1)
            if hashes[id] == hash && strings[id] == string { return (entry - 1, false) }
            index = (index + 1) & mask
        }
        let id = Int32(strings.count)
        strings.append(string)
        hashes.append(hash)
        slots[index] = id + 1
        if strings.count * 4 > slots.count * 3 { grow() }
        return (id, true)
    }

    private mutating func grow() {
        let size = slots.count * 2
        slots = [Int32](repeating: 0, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
        let mask = size - 1
        for (id, hash) in hashes.enumerated() {
            var index = Int(hash >> shift)
            while slots[index] != 0 { index = (index + 1) & mask }
            slots[index] = Int32(id) + 1
        }
    }

    /// A multiplicative hash of the UTF-8 bytes, eight at a time; the top
    /// bits pick the slot (Fibonacci hashing), so they are mixed last.
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
