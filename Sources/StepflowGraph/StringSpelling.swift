import Stepflow

extension String {
    /// Whether this is `head`, `separator` and `tail` put together, byte
    /// for byte: an id compared with its parts without making it.
    ///
    /// The lengths are compared first (a native string knows its UTF-8
    /// length), then the bytes in place, eight at a time (``Bytes``); a
    /// string without contiguous UTF-8 is compared byte by byte.
    func isSpelled(by head: String, _ separator: UInt8, _ tail: String) -> Bool {
        let headCount = head.utf8.count
        guard utf8.count == headCount + 1 + tail.utf8.count else { return false }
        let compared = utf8.withContiguousStorageIfAvailable { whole -> Bool in
            guard whole[headCount] == separator else { return false }
            let matchesHead =
                head.utf8.withContiguousStorageIfAvailable { part in
                    Bytes.equal(
                        UnsafeRawBufferPointer(part),
                        UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: whole[..<headCount])))
                } ?? head.utf8.elementsEqual(whole[..<headCount])
            guard matchesHead else { return false }
            return tail.utf8.withContiguousStorageIfAvailable { part in
                Bytes.equal(
                    UnsafeRawBufferPointer(part),
                    UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: whole[(headCount + 1)...])))
            } ?? tail.utf8.elementsEqual(whole[(headCount + 1)...])
        }
        if let compared { return compared }
        var bytes = utf8.makeIterator()
        for byte in head.utf8 where bytes.next() != byte { return false }
        guard bytes.next() == separator else { return false }
        for byte in tail.utf8 where bytes.next() != byte { return false }
        return bytes.next() == nil
    }
}
