/// One live flow's runtime data.
package struct FlowRecord {
    /// Its program: the flow and how its exits reach its parent.
    package let program: any FlowProgram
    /// Whether it has navigated its first step.
    package internal(set) var isReady = false
    /// Its screens: presented, or dismissed and kept for late steps.
    package internal(set) var screens = ScreenRecords()
    /// Steppers bound to the flow (the one it was started with first), in
    /// attachment order.
    package internal(set) var steppers: [AttachmentID] = []
}
