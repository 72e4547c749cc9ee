/// A key made of one allocation number: flow, screen and attachment ids.
package protocol TableKey: Hashable, Sendable {
    /// The number.
    var tableKey: UInt64 { get }
}

extension FlowID: TableKey {
    package var tableKey: UInt64 { UInt64(rawValue) }
}

extension AttachmentID: TableKey {
    package var tableKey: UInt64 { rawValue }
}

/// A dictionary from ids to values, for the engine's state: a value with
/// copy-on-write storage, like `Dictionary`, but hashing an id with one
/// multiplication instead of SipHash. Looking up a flow and an attachment
/// happens on every step, and SipHash was a tenth of handling one.
///
/// Open addressing with linear probing over a power-of-two index; entries
/// stay dense (removal moves the last entry into the hole), so their order
/// is not insertion order: callers that need an order sort the keys.
package struct IDTable<Key: TableKey, Value> {
    /// For each slot, the entry it holds plus one; 0 when empty.
    private var slots: [Int32] = []
    /// The keys, dense.
    package private(set) var keys: [Key] = []
    /// The values, beside their keys.
    private var values: [Value] = []

    /// An empty table.
    package init() {}

    /// The number of entries.
    package var count: Int { keys.count }

    /// Whether there is no entry.
    package var isEmpty: Bool { keys.isEmpty }

    @inline(__always)
    private func home(_ key: Key, mask: Int) -> Int {
        Int(truncatingIfNeeded: (key.tableKey &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The entry holding `key`, if any.
    @inline(__always)
    package func entry(of key: Key) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = home(key, mask: mask)
        while true {
            let held = Int(slots[slot])
            if held == 0 { return nil }
            if keys[held - 1] == key { return held - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// Whether `key` has a value.
    package func contains(_ key: Key) -> Bool { entry(of: key) != nil }

    /// The value of entry `entry`, read or changed in place.
    package subscript(entry entry: Int) -> Value {
        _read { yield values[entry] }
        _modify { yield &values[entry] }
    }

    /// The value for `key`; setting `nil` removes it.
    package subscript(key: Key) -> Value? {
        get { entry(of: key).map { values[$0] } }
        set {
            if let newValue { insert(newValue, for: key) } else { removeValue(forKey: key) }
        }
    }

    /// Sets the value for `key`.
    package mutating func insert(_ value: Value, for key: Key) {
        if let entry = entry(of: key) {
            values[entry] = value
            return
        }
        if (keys.count + 1) * 4 > slots.count * 3 { grow() }
        keys.append(key)
        values.append(value)
        place(key, entry: keys.count - 1)
    }

    private mutating func place(_ key: Key, entry: Int) {
        let mask = slots.count - 1
        var slot = home(key, mask: mask)
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entry + 1)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: max(16, slots.count * 2))
        for (entry, key) in keys.enumerated() { place(key, entry: entry) }
    }

    /// Removes `key` and returns its value.
    @discardableResult
    package mutating func removeValue(forKey key: Key) -> Value? {
        guard let entry = entry(of: key) else { return nil }
        let mask = slots.count - 1
        // Empty the key's slot, then shift back the run after it, so that
        // every probe still finds its key without tombstones.
        var hole = home(key, mask: mask)
        while Int(slots[hole]) != entry + 1 { hole = (hole + 1) & mask }
        slots[hole] = 0
        var slot = (hole + 1) & mask
        while slots[slot] != 0 {
            let held = Int(slots[slot]) - 1
            let wanted = home(keys[held], mask: mask)
            // Move it into the hole if its home does not lie in (hole, slot].
            if (slot - wanted) & mask >= (slot - hole) & mask {
                slots[hole] = slots[slot]
                slots[slot] = 0
                hole = slot
            }
            slot = (slot + 1) & mask
        }
        // Keep entries dense: the last one fills the removed one's place.
        let value = values[entry]
        let last = keys.count - 1
        if entry != last {
            var lastSlot = home(keys[last], mask: mask)
            while Int(slots[lastSlot]) != last + 1 { lastSlot = (lastSlot + 1) & mask }
            slots[lastSlot] = Int32(entry + 1)
            keys[entry] = keys[last]
            values[entry] = values[last]
        }
        keys.removeLast()
        values.removeLast()
        return value
    }

    /// Removes every entry.
    package mutating func removeAll() {
        slots = []
        keys = []
        values = []
    }
}

extension IDTable: Sendable where Value: Sendable {}
