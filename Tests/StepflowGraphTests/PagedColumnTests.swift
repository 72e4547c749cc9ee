import BundledFixtures
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
        var random = SeededRandom(seed: 7)
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
