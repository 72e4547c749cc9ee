import Testing

@testable import StepflowGraph

/// The explorer's append-only columns, in pages that never move.
@Suite("A paged column")
struct PagedColumnTests {
    /// Numbers appended one by one are read at their positions, across
    /// many pages of four.
    @Test func numbersAppendedOneByOneAreReadAtTheirPositions() {
        var column = PagedColumn(pageShift: 2)
        for number in 0..<1_000 { #expect(column.append(Int32(number * 3)) == number) }
        #expect(column.end == 1_000)
        for number in 0..<1_000 { #expect(column[number] == Int32(number * 3)) }
    }

    /// Runs of every length (empty, shorter than a page's room, longer
    /// than a page) each read back whole and in order, each from one page,
    /// the last one up to the column's end.
    @Test func runsOfEveryLengthReadBackWhole() {
        var column = PagedColumn(pageShift: 3)
        var random = SplitMix(seed: 7)
        var runs: [[Int32]] = []
        var starts: [Int] = []
        var next: Int32 = 0
        for _ in 0..<500 {
            let length = random.next(below: 20)
            let run = (0..<length).map { _ in
                next += 1
                return next
            }
            runs.append(run)
            starts.append(column.appendRun(run))
        }
        for (position, run) in runs.enumerated() {
            let upTo = position + 1 < starts.count ? starts[position + 1] : column.end
            let (page, range) = column.run(from: starts[position], upTo: upTo)
            #expect(Array(page[range]) == run, "run \(position) of \(run.count)")
        }
    }
}

/// A small seeded generator (SplitMix64), so a failing case comes back.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        value ^= value >> 31
        return Int(value % UInt64(max(1, bound)))
    }
}
