import Stepflow
import Testing

/// The pages an explorer keeps its state keys in: lists of bytes, each
/// with its length in front, in pages that never move.
@Suite("State keys in pages")
struct KeyPagesTests {
    /// Lists of every length from empty to several pages long (lengths
    /// that take one, two and three bytes to write), added into pages of
    /// 64 bytes, are each held where they were added, and no list is
    /// held where another was, even one that is its prefix or shares it.
    @Test func everyListIsHeldWhereItWasAddedAndNoOtherIs() {
        var generator = Xorshift(seed: 0x5EED)
        var lengths = (0..<400).map { _ in Int(generator.next() % 70) }
        lengths += [0, 1, 62, 63, 64, 65, 127, 128, 129, 300, 16_384, 20_000]
        let lists = lengths.map { length in
            (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next() % 3) }
        }
        var pages = KeyPages(pageShift: 6)
        let starts = lists.map { pages.append($0) }
        for (number, list) in lists.enumerated() {
            #expect(pages.holds(starts[number], list), "list \(number) of \(list.count) bytes")
            var longer = list
            longer.append(0)
            #expect(!pages.holds(starts[number], longer))
            if !list.isEmpty {
                #expect(!pages.holds(starts[number], Array(list.dropLast())))
                var changed = list
                changed[list.count / 2] &+= 1
                #expect(!pages.holds(starts[number], changed))
            }
        }
    }

    /// The default pages (1 MiB) hold a hundred thousand short keys and
    /// tell each from its neighbour.
    @Test func manyShortKeysInDefaultPages() {
        var pages = KeyPages()
        let lists = (0..<100_000).map { number in
            [UInt8(truncatingIfNeeded: number), UInt8(truncatingIfNeeded: number >> 8), UInt8(number >> 16)]
        }
        let starts = lists.map { pages.append($0) }
        for number in stride(from: 0, to: lists.count, by: 997) {
            #expect(pages.holds(starts[number], lists[number]))
            #expect(!pages.holds(starts[number], lists[(number + 1) % lists.count]))
        }
    }
}

@Suite("Runs of bytes compared eight at a time")
struct BytesTests {
    /// Every length up to three words, and a difference at every place:
    /// in a whole word, in the tail after the last word, in the length.
    @Test func equalExactlyWhenEveryByteIs() {
        for length in 0...24 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            bytes.withUnsafeBytes { a in
                Array(bytes).withUnsafeBytes { b in #expect(Bytes.equal(a, b)) }
                for place in 0..<length {
                    var changed = bytes
                    changed[place] ^= 0x40
                    changed.withUnsafeBytes { b in #expect(!Bytes.equal(a, b), "length \(length), byte \(place)") }
                }
                (bytes + [0]).withUnsafeBytes { b in #expect(!Bytes.equal(a, b)) }
            }
        }
    }
}

/// A small seeded generator, so a failing case can be rerun.
private struct Xorshift {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
