import Stepflow
import Testing

/// The hash index explorers find states, nodes, edges, screens and
/// interned strings by: it holds only positions and hashes, so the
/// owner's list decides what matches.
@Suite("A hash index of positions")
struct HashIndexTests {
    /// Entries whose hashes collide (seven hashes for 5,000 entries) are
    /// each found at their own position through several growths, and an
    /// entry never added is not found, even with a hash that others have.
    @Test func collidingEntriesAreEachFoundAndAbsentOnesAreNot() {
        let entries = (0..<5_000).map { "entry \($0)" }
        func hash(_ entry: String) -> UInt64 { UInt64(entry.utf8.count % 7) }
        var index = HashIndex()
        for (position, entry) in entries.enumerated() {
            let added = index.insert(hash(entry)) { entries[$0] == entry }
            #expect(added.isNew && added.position == position)
        }
        #expect(index.count == entries.count)
        for (position, entry) in entries.enumerated() {
            #expect(index.find(hash(entry)) { entries[$0] == entry }.position == position)
            #expect(index.insert(hash(entry)) { entries[$0] == entry } == (position, false))
        }
        for absent in ["entry -1", "entry 5000", ""] {
            #expect(index.find(hash(absent)) { entries[$0] == absent }.position == nil)
        }
    }

    /// Hashes that differ only in their high bits, or only in their low
    /// bits, may share a slot or a folded hash; the owner's comparison
    /// tells their entries apart, and each is found where it was added.
    @Test func entriesWhoseHashesShareBitsAreEachFound() {
        let hashes: [UInt64] = [0, 1, 1 << 32, 1 << 63, .max, .max - 1, 0xFFFF_FFFF, 0xFFFF_FFFF_0000_0000]
        var index = HashIndex()
        for (position, hash) in hashes.enumerated() {
            #expect(index.insert(hash) { hashes[$0] == hash } == (position, true))
        }
        for (position, hash) in hashes.enumerated() {
            #expect(index.find(hash) { hashes[$0] == hash }.position == position)
        }
        #expect(index.find(2) { hashes[$0] == 2 }.position == nil)
    }
}

/// The tables an explorer remembers steps and screens in: keyed by values
/// of types the engine never sees, found through a hash index.
@Suite("A typed table")
struct TypedTableTests {
    /// Every key added is found with its value, through several growths;
    /// a key never added is not.
    @Test func everyKeyAddedIsFoundWithItsValueAndNoOtherIs() {
        let table = TypedTable<String, Int>(capacity: 2)
        for number in 0..<3_000 { #expect(table.append(number * 2, for: "key \(number)") == number) }
        #expect(table.count == 3_000)
        for number in 0..<3_000 {
            let position = table.position(of: "key \(number)")
            #expect(position == number)
            #expect(position.map(table.value(at:)) == number * 2)
        }
        #expect(table.position(of: "key 3000") == nil)
        #expect(table.position(of: "") == nil)
    }

    /// A table given a hash of part of a key (here one that collides for
    /// every key) still tells keys apart by comparing them whole.
    @Test func aHashOfPartOfTheKeyStillTellsKeysApart() {
        let table = TypedTable<[String], String>(hash: { $0.first?.count ?? 0 })
        let keys = (0..<200).map { ["same", "\($0)"] }
        for key in keys { table.append(key.joined(separator: "/"), for: key) }
        for key in keys {
            #expect(table.position(of: key).map(table.value(at:)) == key.joined(separator: "/"))
        }
        #expect(table.position(of: ["same", "200"]) == nil)
    }

    /// Forgetting every entry lets go of the values, and the table is
    /// used again from empty.
    @Test func removingEverythingLetsTheValuesGo() {
        final class Value {}
        let table = TypedTable<Int, Value>()
        weak var first: Value?
        do {
            let value = Value()
            first = value
            table.append(value, for: 1)
        }
        #expect(first != nil)
        table.removeAll()
        #expect(first == nil, "the table let go of its value")
        #expect(table.count == 0 && table.position(of: 1) == nil)
        table.append(Value(), for: 1)
        #expect(table.position(of: 1) == 0)
    }
}
