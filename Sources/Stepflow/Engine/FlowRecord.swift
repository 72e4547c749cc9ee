/// One live flow's runtime data.
package struct FlowRecord {
    /// Its program: the flow and how its exits reach its parent.
    package let program: any FlowProgram
    /// The module instance whose record declarations it writes and reads
    /// under (``RecordSchema``); `nil` for the variant's root and for
    /// flows outside any module.
    package var scope: String? = nil
    /// Whether it has navigated its first step.
    package internal(set) var isReady = false
    /// Its screens: presented, or dismissed and kept for late steps.
    package internal(set) var screens = ScreenRecords()
    /// Steppers bound to the flow (the one it was started with first), in
    /// attachment order.
    package internal(set) var steppers: [AttachmentID] = []
}
