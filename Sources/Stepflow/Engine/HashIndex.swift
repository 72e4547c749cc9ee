/// Open addressing over the positions of entries an owner keeps in its own
/// arrays (interned strings, explored states' keys, a projection's nodes
/// and edges). The index keeps each entry's hash (32 bits of it), so
/// probes compare entries only when hashes match, and growing never
/// hashes an entry again.
///
/// A `Set` or a `Dictionary` keyed by the entries would keep a second copy
/// of each beside the array that already holds them; at a million states
/// those copies were most of an explorer's memory. Here an entry costs
/// its hash and between one and three 4-byte slots (the index is at most
/// three quarters full): 9 to 15 bytes. An owner whose entries are cheap
/// to hash and compare (a projection's 16-byte edges) keeps no hashes: 5
/// to 11 bytes, and it hashes its entries again to grow.
package struct HashIndex: Sendable {
    /// Each entry's hash, folded to 32 bits; empty when `keepsHashes` is
    /// false.
    private var hashes: [UInt32] = []
    private let keepsHashes: Bool
    /// The number of entries.
    package private(set) var count = 0
    /// Slot → position + 1; 0 is empty.
    private var slots: [Int32]
    private var shift: UInt64

    /// An empty index with room for `capacity` entries before it grows;
    /// it keeps each entry's hash unless `keepsHashes` is false.
    package init(capacity: Int = 8, keepsHashes: Bool = true) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [Int32](repeating: 0, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
        self.keepsHashes = keepsHashes
        if keepsHashes { hashes.reserveCapacity(capacity) }
    }

    /// The position of the entry with `hash` that `matches`, if any, and
    /// otherwise the slot a new entry with that hash takes.
    @inline(__always)
    package func find(_ hash: UInt64, where matches: (Int) -> Bool) -> (position: Int?, slot: Int) {
        let hash = Self.fold(hash)
        let mask = slots.count - 1
        var slot = start(hash)
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return (nil, slot) }
            if (!keepsHashes || hashes[entry - 1] == hash) && matches(entry - 1) { return (entry - 1, slot) }
            slot = (slot + 1) & mask
        }
    }

    /// The position of the entry with `hash` that `matches`; if there is
    /// none, records a new entry at the next position (the number recorded
    /// so far), which the owner then fills.
    @inline(__always)
    package mutating func insert(_ hash: UInt64, where matches: (Int) -> Bool) -> (position: Int, isNew: Bool) {
        let (found, slot) = find(hash, where: matches)
        if let found { return (found, false) }
        return (add(hash, at: slot), true)
    }

    /// Records a new entry with `hash` at the next position (the number
    /// recorded so far) in `slot`, which ``find(_:where:)`` just gave for
    /// that hash; the position. For an owner whose `matches` reads the
    /// value the index is part of: it finds, then adds.
    @inline(__always)
    package mutating func add(_ hash: UInt64, at slot: Int) -> Int {
        precondition(keepsHashes, "an index that keeps no hashes grows by hashing its entries again")
        hashes.append(Self.fold(hash))
        let kept = hashes
        return record(at: slot) { kept[$0] }
    }

    /// As ``add(_:at:)``, for an index that keeps no hashes: `hashOf`
    /// hashes the entry at a position when the index grows.
    @inline(__always)
    package mutating func add(_ hash: UInt64, at slot: Int, rehashing hashOf: (Int) -> UInt64) -> Int {
        record(at: slot) { Self.fold(hashOf($0)) }
    }

    @inline(__always)
    private mutating func record(at slot: Int, hashOf: (Int) -> UInt32) -> Int {
        count += 1
        slots[slot] = Int32(count)
        if count * 4 > slots.count * 3 { grow(hashOf) }
        return count - 1
    }

    /// `hash` in 32 bits, each bit of it counted.
    @inline(__always)
    private static func fold(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash ^ (hash >> 32)) }

    /// Fibonacci hashing: the top bits of the product pick the slot.
    @inline(__always)
    private func start(_ hash: UInt32) -> Int {
        Int(truncatingIfNeeded: (UInt64(hash) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    private mutating func grow(_ hashOf: (Int) -> UInt32) {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        shift -= 1
        let mask = slots.count - 1
        for position in 0..<count {
            var slot = start(hashOf(position))
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(position + 1)
        }
    }
}
