/// Lists of bytes (state keys) one after another, each with its length in
/// front, in pages of a fixed size that never move: one list that doubled
/// held both copies while it grew, which was the peak of exploring a
/// million steps. A list that does not fit the last page starts a new one
/// (a list longer than a page has a page of its own).
package struct KeyPages: Sendable {
    private var pages: [[UInt8]] = []
    /// A page holds `1 << pageShift` bytes: by default 1 MiB.
    private let pageShift: Int

    /// No list, in pages of `1 << pageShift` bytes.
    package init(pageShift: Int = 20) {
        precondition(pageShift > 0 && pageShift < 31, "a page holds between 2 bytes and 1 GiB")
        self.pageShift = pageShift
    }

    /// Adds `list`; where it starts: page `start >> pageShift`, that page's
    /// byte `start & (1 << pageShift - 1)`.
    package mutating func append(_ list: [UInt8]) -> Int32 {
        // The length takes a byte for each seven bits of it.
        let needed = (Int.bitWidth - max(1, list.count).leadingZeroBitCount + 6) / 7 + list.count
        if pages.isEmpty || pages[pages.count - 1].count + needed > 1 << pageShift {
            var page: [UInt8] = []
            page.reserveCapacity(max(1 << pageShift, needed))
            pages.append(page)
        }
        let page = pages.count - 1
        let start = Int32(page << pageShift | pages[page].count)
        var bits = UInt64(list.count)
        while bits >= 0x80 {
            pages[page].append(UInt8(truncatingIfNeeded: bits) | 0x80)
            bits >>= 7
        }
        pages[page].append(UInt8(bits))
        pages[page].append(contentsOf: list)
        return start
    }

    /// Whether the list that starts at `start` is `list`.
    package func holds(_ start: Int32, _ list: [UInt8]) -> Bool {
        let page = pages[Int(start) >> pageShift]
        var position = Int(start) & (1 << pageShift - 1)
        var length = 0
        var shift = 0
        while true {
            let byte = page[position]
            position += 1
            length |= Int(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        guard length == list.count else { return false }
        return page.withUnsafeBytes { page in
            list.withUnsafeBytes { list in
                Bytes.equal(UnsafeRawBufferPointer(rebasing: page[position..<position + length]), list)
            }
        }
    }
}

/// Runs of bytes compared eight at a time: a generic `elementsEqual` went
/// byte by byte, and comparing ids and state keys was a few percent of
/// exploring.
package enum Bytes {
    /// Whether `a` and `b` hold the same bytes.
    package static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        var position = 0
        while position + 8 <= a.count {
            guard
                a.loadUnaligned(fromByteOffset: position, as: UInt64.self)
                    == b.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            else { return false }
            position += 8
        }
        while position < a.count {
            guard a[position] == b[position] else { return false }
            position += 1
        }
        return true
    }
}
