extension String {
    /// Whether this is `head`, `separator` and `tail` put together, byte
    /// for byte: an id compared with its parts without making it.
    func isSpelled(by head: String, _ separator: UInt8, _ tail: String) -> Bool {
        var bytes = utf8.makeIterator()
        for byte in head.utf8 where bytes.next() != byte { return false }
        guard bytes.next() == separator else { return false }
        for byte in tail.utf8 where bytes.next() != byte { return false }
        return bytes.next() == nil
    }
}
