import Stepflow
import Testing

/// The hash index explorers find states, nodes, edges and screens by:
/// it holds only positions, so the owner's list and hashes decide.
@Suite("A hash index of positions")
struct PositionIndexTests {
    /// Entries whose hashes collide (seven hashes for 5,000 entries) are
    /// each found at their own position through several growths, and an
    /// entry never added is not found, even with a hash that others have.
    @Test func collidingEntriesAreEachFoundAndAbsentOnesAreNot() {
        let entries = (0..<5_000).map { "entry \($0)" }
        func hash(_ entry: String) -> Int { entry.utf8.count % 7 }
        var index = PositionIndex()
        for (position, entry) in entries.enumerated() {
            #expect(index.position(hash: hash(entry)) { entries[$0] == entry } == nil)
            index.insert(position, hash: hash(entry)) { hash(entries[$0]) }
        }
        #expect(index.count == entries.count)
        for (position, entry) in entries.enumerated() {
            #expect(index.position(hash: hash(entry)) { entries[$0] == entry } == position)
        }
        for absent in ["entry -1", "entry 5000", ""] {
            #expect(index.position(hash: hash(absent)) { entries[$0] == absent } == nil)
        }
    }

    /// Hashes with any bits set, negative ones too, place and find alike.
    @Test func anyHashPlacesAndFinds() {
        let hashes = [Int.min, -1, 0, 1, Int.max, -123_456_789_012, 987_654_321_098]
        var index = PositionIndex()
        for (position, hash) in hashes.enumerated() {
            index.insert(position, hash: hash) { hashes[$0] }
        }
        for (position, hash) in hashes.enumerated() {
            #expect(index.position(hash: hash) { $0 == position } == position)
        }
    }
}
