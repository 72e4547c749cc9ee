/// A table from keys to values for the engine's code that is generic over
/// types its module never sees (an app's steps and screens): what an
/// explorer remembers per step and per screen.
///
/// A `Dictionary` of such a type, used from unspecialised generic code,
/// looked up its own generic types at run time on every lookup (a tenth of
/// exploring a bundled variant went to those lookups). This class keeps
/// its keys and values in memory of its own and finds them through a
/// ``HashIndex``: a method of the class reads the key and value types from
/// the object, so a lookup costs the key's hash and one comparison.
///
/// A value is read by position (``position(of:)``, then
/// ``value(at:)``), so that no optional of the value's type is made.
/// Not thread-safe: one owner, one thread (or the owner's lock).
///
/// - Complexity: O(1) expected for a lookup and an insertion.
package final class TypedTable<Key: Hashable, Value> {
    private var keys: UnsafeMutablePointer<Key>
    private var values: UnsafeMutablePointer<Value>
    /// The entries, at positions `0..<count`.
    package private(set) var count = 0
    private var capacity: Int
    private var index: HashIndex
    /// How a key is hashed: by default all of it (`hashValue`).
    private let hash: (Key) -> Int

    /// An empty table with room for `capacity` entries before it grows,
    /// hashing keys with `hash`: by default all of a key; a part of it
    /// that tells most keys apart when a whole key is long to hash and
    /// equal keys are quick to compare (their strings share storage).
    package init(capacity: Int = 16, hash: @escaping (Key) -> Int = { $0.hashValue }) {
        self.hash = hash
        self.capacity = max(1, capacity)
        keys = UnsafeMutablePointer<Key>.allocate(capacity: self.capacity)
        values = UnsafeMutablePointer<Value>.allocate(capacity: self.capacity)
        index = HashIndex(capacity: self.capacity)
    }

    deinit {
        keys.deinitialize(count: count)
        values.deinitialize(count: count)
        keys.deallocate()
        values.deallocate()
    }

    /// The position of `key`, if the table has it.
    @inline(__always)
    package func position(of key: Key) -> Int? {
        index.find(hashed(key)) { keys[$0] == key }.position
    }

    /// The value at `position` (below ``count``).
    @inline(__always)
    package func value(at position: Int) -> Value {
        precondition(position >= 0 && position < count, "a typed table read past its end")
        return values[position]
    }

    /// Adds `value` for `key`, which the table does not have (see
    /// ``position(of:)``); its position.
    @discardableResult
    package func append(_ value: Value, for key: Key) -> Int {
        let hash = hashed(key)
        let slot = index.find(hash) { keys[$0] == key }
        precondition(slot.position == nil, "a typed table given a key it has")
        if count == capacity { grow() }
        (keys + count).initialize(to: key)
        (values + count).initialize(to: value)
        count += 1
        return index.add(hash, at: slot.slot)
    }

    /// Forgets every entry, keeping the memory.
    package func removeAll() {
        keys.deinitialize(count: count)
        values.deinitialize(count: count)
        count = 0
        index = HashIndex(capacity: capacity)
    }

    @inline(__always)
    private func hashed(_ key: Key) -> UInt64 { UInt64(bitPattern: Int64(hash(key))) }

    private func grow() {
        let newCapacity = capacity * 2
        let newKeys = UnsafeMutablePointer<Key>.allocate(capacity: newCapacity)
        let newValues = UnsafeMutablePointer<Value>.allocate(capacity: newCapacity)
        newKeys.moveInitialize(from: keys, count: count)
        newValues.moveInitialize(from: values, count: count)
        keys.deallocate()
        values.deallocate()
        keys = newKeys
        values = newValues
        capacity = newCapacity
    }
}
