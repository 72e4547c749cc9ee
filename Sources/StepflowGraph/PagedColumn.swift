/// A list of numbers an explorer only appends to, kept in pages of a fixed
/// size that never move.
///
/// An array that doubles holds its old and its new buffer at once while it
/// copies; the columns of a million-step exploration's transitions doubled
/// at the same moment, near that exploration's peak of memory. A page here
/// is filled and kept: growing copies nothing, and the memory held is what
/// is used, and a page at the most besides.
///
/// Numbers appended one by one (``append(_:)``) are read by their
/// position. Runs appended together (``appendRun(_:)``) stay in one page
/// and are read as one slice of it (``run(at:count:)``); positions then
/// skip what was left at the end of a page.
///
/// - Complexity: O(1) to append a number and to read one; a run, its length.
struct PagedColumn: Sendable {
    /// A page holds `1 << pageShift` numbers: by default 256 Ki (1 MiB of
    /// 32-bit numbers).
    let pageShift: Int
    private var pageSize: Int { 1 << pageShift }
    private var pageMask: Int { pageSize - 1 }

    /// An empty column whose pages hold `1 << pageShift` numbers.
    init(pageShift: Int = 18) {
        precondition(pageShift > 0 && pageShift < 31, "a page holds between 2 and 2^30 numbers")
        self.pageShift = pageShift
    }

    private var pages: [[Int32]] = []
    /// Where the next number goes: page `end >> pageShift`, its number
    /// `end & pageMask`; a page past the last one is yet to be made.
    private(set) var end = 0

    /// The number at `position` (appended one by one).
    subscript(position: Int) -> Int32 {
        pages[position >> pageShift][position & pageMask]
    }

    /// Appends `number`; its position.
    @discardableResult
    mutating func append(_ number: Int32) -> Int {
        if end >> pageShift == pages.count { addPage(capacity: pageSize) }
        let position = end
        pages[pages.count - 1].append(number)
        end += 1
        return position
    }

    /// Appends `run` in one page: the last, if it has room, else a new one
    /// (as large as the run, if the run is longer than a page); where it
    /// starts.
    @discardableResult
    mutating func appendRun(_ run: some Collection<Int32>) -> Int {
        guard !run.isEmpty else { return end }
        let room = end >> pageShift == pages.count ? 0 : pageSize - end & pageMask
        if run.count > room {
            addPage(capacity: max(pageSize, run.count))
            end = (pages.count - 1) << pageShift
        }
        let start = end
        pages[pages.count - 1].append(contentsOf: run)
        // A page filled (or a long run's own page) is done with.
        end = pages[pages.count - 1].count >= pageSize ? pages.count << pageShift : end + run.count
        return start
    }

    /// The run that starts at `start`, the next one (or ``end``) at `next`:
    /// the page that holds it and its range there. A run the next does not
    /// follow in its page ends with its page.
    func run(from start: Int, upTo next: Int) -> (page: [Int32], range: Range<Int>) {
        let page = start >> pageShift
        guard page < pages.count else { return ([], 0..<0) }
        let offset = start & pageMask
        let stop = next >> pageShift == page ? next & pageMask : pages[page].count
        return (pages[page], offset..<max(offset, stop))
    }

    private mutating func addPage(capacity: Int) {
        var page: [Int32] = []
        page.reserveCapacity(capacity)
        pages.append(page)
    }
}
