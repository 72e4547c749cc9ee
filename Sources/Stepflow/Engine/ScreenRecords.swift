/// A flow's screens by instance id, in id order (the order they were
/// shown). A flow holds a handful, so a sorted array of pairs is faster
/// than a dictionary and a fraction of its memory: a dictionary of one
/// screen is a table of about 150 bytes, and every live flow has one.
package struct ScreenRecords {
    private var entries: [(id: ScreenInstanceID, record: ScreenRecord)] = []

    /// No screens.
    package init() {}

    /// The records, in id order.
    package var records: some Sequence<ScreenRecord> { entries.lazy.map(\.record) }

    /// The record of screen `id`; setting `nil` forgets it.
    package subscript(id: ScreenInstanceID) -> ScreenRecord? {
        get {
            let position = position(of: id)
            return position < entries.count && entries[position].id == id ? entries[position].record : nil
        }
        set {
            let position = position(of: id)
            let found = position < entries.count && entries[position].id == id
            switch (found, newValue) {
            case (true, let record?): entries[position].record = record
            case (true, nil): entries.remove(at: position)
            case (false, let record?): entries.insert((id, record), at: position)
            case (false, nil): break
            }
        }
    }

    /// Where `id` is, or would be inserted.
    private func position(of id: ScreenInstanceID) -> Int {
        // Ids grow: a new screen goes last, without a search.
        if let last = entries.last, last.id < id { return entries.count }
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// One screen of a live flow.
package struct ScreenRecord {
    /// The typed `Screen` value (in `part.value`), boxed once: part of the
    /// state's key.
    package let part: KeyPart
    /// When its steps are delivered though it is not on top.
    package let visibility: Visibility
    /// Steppers bound to this showing.
    package internal(set) var steppers: [AttachmentID] = []
    /// False once dismissed but kept for late steps.
    package internal(set) var isPresented = true
}
