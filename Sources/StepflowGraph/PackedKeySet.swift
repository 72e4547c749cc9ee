/// A set of 64-bit keys with open addressing and a multiplicative hash:
/// for packed edge keys in the explorer's hot loop, where `Set<UInt64>`
/// would run SipHash (seeded per process) for every edge.
///
/// - Complexity: expected O(1) per insert; keys are spread by Fibonacci
///   hashing, so packed ids do not cluster.
struct PackedKeySet {
    private var slots: [UInt64]
    private var occupied: [Bool]
    private var count = 0
    private var shift: UInt64

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        occupied = [Bool](repeating: false, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    @inline(__always)
    private func slot(for key: UInt64) -> Int {
        Int((key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// Inserts `key`; returns whether it was new.
    @inline(__always)
    mutating func insert(_ key: UInt64) -> Bool {
        if (count + 1) * 4 > slots.count * 3 { grow() }
        let mask = slots.count - 1
        var index = slot(for: key)
        while occupied[index] {
            if slots[index] == key { return false }
            index = (index + 1) & mask
        }
        occupied[index] = true
        slots[index] = key
        count += 1
        return true
    }

    private mutating func grow() {
        let old = zip(slots, occupied).filter(\.1).map(\.0)
        self = PackedKeySet(capacity: slots.count)
        for key in old { _ = insert(key) }
    }
}
