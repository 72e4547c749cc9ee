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
    /// Links opened while no flow they are for was live, under
    /// ``LinkFallback/wait``: in the order they arrived.
    package internal(set) var heldLinks: [LinkDelivery] = []
    /// Counts of what happened.
    package internal(set) var statistics = EngineStatistics()
    /// What the variant declares about its record (its root's
    /// ``Flow/recordSchema``); `nil`: any flow writes and reads any entry.
    /// The same in every state of a walk, so no part of a state's key.
    package internal(set) var recordSchema: RecordSchema?
    /// The day date classes are judged on (its root's
    /// ``DatedFlow/referenceDate``); `nil`: the device's day when each
    /// screen is shown. The same in every state of a walk.
    package internal(set) var referenceDate: CalendarDate?

    /// An empty engine: no flow.
    package init() {}
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
    /// The text keys of what the app waits for now, by the flow that
    /// shows them: each open question's label and answers, each live
    /// outside source's label and answers (what a walk or a UI lists).
    package var waitingTextKeys: [(flow: FlowInfo, key: String)] {
        openQuestions.flatMap { question in question.textKeys.map { (question.flow, $0) } }
            + emittingAttachments.flatMap { record in record.unit.outsideTextKeys.map { (record.unit.flow, $0) } }
    }

    package var emittingAttachments: [AttachmentRecord] {
        attachments.keys.sorted().compactMap { id in
            guard let record = attachments[id] else { return nil }
            if case .flowStepper = record.unit.binding, !isReady(record.unit.flow.id) { return nil }
            return record
        }
    }
}
