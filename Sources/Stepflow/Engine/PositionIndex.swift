/// A hash index of positions in a list its owner keeps: finds the
/// position of an entry by its hash, four bytes a slot.
///
/// A `Set` or a `Dictionary` keyed by the entries would keep a second copy
/// of each (a node's strings, an edge's 16 bytes) beside the list that
/// already holds them; at a million states those copies were most of the
/// explorer's transient memory. The owner hashes an entry and says
/// whether a position holds it; the index keeps only positions, and
/// their hashes only when the owner stores them (to grow).
///
/// Open addressing with linear probing, at most three quarters full.
package struct PositionIndex: Sendable {
    /// Each slot's position, or -1 when empty; a power of two long.
    private var slots: [Int32]
    /// The number of positions in the index.
    package private(set) var count = 0

    /// An empty index.
    package init() { slots = [Int32](repeating: -1, count: 16) }

    /// The position whose entry hashes to `hash` and for which `holds`
    /// is true, if there is one.
    package func position(hash: Int, where holds: (Int) -> Bool) -> Int? {
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let position = slots[slot]
            if position < 0 { return nil }
            if holds(Int(position)) { return Int(position) }
            slot = (slot + 1) & mask
        }
    }

    /// Adds `position`, whose entry hashes to `hash` and is not in the
    /// index yet; `hashOf` gives the hash of a position already in it,
    /// when the index grows.
    package mutating func insert(_ position: Int, hash: Int, hashOf: (Int) -> Int) {
        if (count + 1) * 4 > slots.count * 3 { grow(hashOf) }
        place(Int32(position), hash: hash)
        count += 1
    }

    private mutating func place(_ position: Int32, hash: Int) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = position
    }

    private mutating func grow(_ hashOf: (Int) -> Int) {
        let old = slots
        slots = [Int32](repeating: -1, count: old.count * 2)
        for position in old where position >= 0 { place(position, hash: hashOf(Int(position))) }
    }
}
