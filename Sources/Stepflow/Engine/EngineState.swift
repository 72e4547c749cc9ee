/// The engine's whole state as a value: the tree of live flows with their
/// screens (``NavigationState``), and what the engine needs beside it to
/// handle the next input: each live flow's program and readiness, each
/// screen's typed content, each attached stepper with what it declared and
/// what it has spent.
///
/// Handling an input is a pure function of this value (see
/// ``Transaction``): the coordinator runs it on its queue and performs the
/// effects it returns; the explorer runs the very same function over
/// copies, with no Dispatch at all. (DESIGN contract 7.)
///
/// Programs and stepper attachments are classes, but immutable ones (their
/// I/O buffers aside, which only the coordinator touches): a copy of the
/// state shares them safely.
package struct EngineState: @unchecked Sendable {
    // @unchecked: the programs and attachments it holds are immutable once
    // made (an attachment's memoised names are made on the one thread that
    // runs the transitions); the buffers steps wait in are the
    // coordinator's mailboxes, not part of the state; `any Hashable`
    // screens are `Screen` values, which are Sendable.

    /// The tree of live flows and their screens.
    package internal(set) var navigation = NavigationState()
    /// Each live flow's program and runtime data.
    package internal(set) var flows = IDTable<FlowID, FlowRecord>()
    /// Each attached stepper.
    package internal(set) var attachments = IDTable<AttachmentID, AttachmentRecord>()
    /// The attachment each stepper object is coordinated by, so a stepper
    /// contributed twice is refused from the state alone.
    var stepperOwners: [ObjectIdentifier: AttachmentID] = [:]
    var lastFlowID: UInt32 = 0
    var lastScreenID: UInt64 = 0
    var lastAttachmentID: UInt64 = 0
    /// How many roots were ever started: a root's launch key.
    var rootsStarted = 0
    /// Questions flows asked the outside world that have no answer yet,
    /// in the order asked (see ``Question``).
    package internal(set) var openQuestions: [OpenQuestion] = []
    /// The number of the last question asked.
    var lastQuestion = 0
    /// Deep links whose flows have not all answered yet (a deferred
    /// `adapt`), by number: values in the state, so two copies of the
    /// state never share one.
    var deepLinks: [Int: DeepLinkTally] = [:]
    /// The number of the last deep link delivered.
    var lastDeepLink = 0
    /// Counts of what happened.
    package internal(set) var statistics = EngineStatistics()

    /// An empty engine: no flow.
    package init() {}
}

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
}

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

/// One attached stepper: its immutable attachment and what it has spent.
package struct AttachmentRecord {
    /// The attachment: the stepper's declarations and binding.
    package let unit: any StepperAttachmentProtocol
    /// For each of its emissions with a limit: whether it has been spent.
    /// Empty when no emission has a limit.
    package internal(set) var spent: [Bool]
}

/// A question a live flow asked and that has no answer yet: the answers
/// it declared, each with the work that handles it.
package struct OpenQuestion {
    /// Its number among the questions this state's engine asked.
    package let number: Int
    /// The flow that asked it.
    package let flow: FlowInfo
    /// ``Question/id``.
    package let id: String
    /// ``Question/label``.
    package let label: String
    /// The step it was asked about: part of the state's key.
    package let askedAbout: KeyPart
    /// Its declared answers, in order.
    package let answers: [OpenAnswer]
    /// Whether someone outside is asked (``Question/ask`` is not `nil`).
    package let asksOutside: Bool
}

/// One declared answer of an ``OpenQuestion``.
package struct OpenAnswer {
    /// ``Answer/name``.
    package let name: String
    /// ``Answer/label``.
    package let label: String
    /// The work that closes the question and handles the answer.
    package let work: PendingWork
}

extension EngineState {
    /// Whether flow `id` is live and has navigated its first step. Read in
    /// place: no copy of the flow's record.
    @inline(__always)
    package func isReady(_ id: FlowID) -> Bool {
        guard let entry = flows.entry(of: id) else { return false }
        return flows[entry: entry].isReady
    }

    /// Whether steps from screen `id` may be delivered now; the reason to
    /// drop them if not.
    func gate(_ id: ScreenInstanceID, qualifiedID: String, visibility: Visibility) -> DropReason? {
        if navigation.isPresented(id) {
            if navigation.top == id || visibility.contains(.allowStepsWhenCovered) { return nil }
            return .screenCovered(screen: qualifiedID, topScreen: navigation.topScreen?.qualifiedID)
        }
        return visibility.contains(.allowStepsWhenDismissed) ? nil : .screenDismissed(screen: qualifiedID)
    }

    /// The live attachments whose steppers may emit now, in attachment
    /// order: every attached stepper except a flow's own stepper before
    /// the flow is ready.
    package var emittingAttachments: [AttachmentRecord] {
        attachments.keys.sorted().compactMap { id in
            guard let record = attachments[id] else { return nil }
            if case .flowStepper = record.unit.binding, !isReady(record.unit.flow.id) { return nil }
            return record
        }
    }
}
