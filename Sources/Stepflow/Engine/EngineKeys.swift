/// Identifies one stepper attachment within a coordinator. Allocated in
/// order, never reused.
package struct AttachmentID: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let rawValue: UInt64
    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    package var description: String { "stepper#\(rawValue)" }
}

/// How a live flow was started: enough, with its parent's key, to make the
/// same flow again. `navigate` is pure, so the child a parent starts for a
/// step is the same whenever it is started for that step.
package struct LaunchKey: Sendable {
    /// The parent flow; `nil` for a root.
    package let parent: FlowID?
    /// The parent's step whose navigation started it; `nil` for a root.
    package let step: KeyPart?
    /// The position of the `.start` among that navigation's parts, or the
    /// root's start number.
    package let element: Int
    /// For a section's flow, the section's position in its
    /// `.sections`; -1 otherwise.
    package let section: Int

    init(parent: FlowID?, step: KeyPart?, element: Int, section: Int = -1) {
        self.parent = parent
        self.step = step
        self.element = element
        self.section = section
    }
}
