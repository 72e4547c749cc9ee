#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What handling one input decided, besides the next state: the effects to
/// perform, in order. The engine's transition functions append to it; the
/// coordinator performs it on its queue; the explorer reads its events and
/// runs its queued work itself.
///
/// A transaction that changes nothing (the commonest step) appends nothing
/// and allocates nothing.
package struct Transaction {
    /// Whether events are built. Without an observer they are not: a step
    /// is not even hashed or named.
    package private(set) var observes: Bool
    /// Whether render effects are wanted (a navigator is set, and the
    /// change is not one the UI already shows).
    package var renders: Bool
    /// The effects, in the order they must be performed.
    package var effects: [Effect] = []

    /// Changes since the last commit: rendered and reported at the next.
    var changes: [NavigationChange] = []
    /// Whether a question opened or closed since the last commit: the next
    /// renders even with no change, so a UI shows itself busy or free.
    var questionsChanged = false
    /// Performed after the next render: steppers told they may emit.
    var afterRender: [Effect] = []
    /// Exit steps of flows ended in this transaction, for their events.
    var exits = [FlowID: String]()
    /// Roots that ended, with their exit.
    var endedCoordinations: [StepRecord] = []
    /// Step ids already rendered, when the caller keeps them across
    /// transactions (an explorer, a tool's live sessions); `nil` renders
    /// each time.
    package private(set) var names: StepNames?

    /// A transaction that builds events when `observes` and render effects
    /// when `renders`, naming steps through `names` when given.
    package init(observes: Bool, renders: Bool, names: StepNames? = nil) {
        self.observes = observes
        self.renders = renders
        self.names = names
    }

    /// Makes this transaction, whose effects were performed, ready for
    /// the next input: a coordinator keeps one and reuses it (making and
    /// freeing its five buffers was a tenth of handling a step).
    mutating func reset(observes: Bool, renders: Bool, names: StepNames?) {
        self.observes = observes
        self.renders = renders
        self.names = names
        if !effects.isEmpty { effects.removeAll(keepingCapacity: true) }
        if !changes.isEmpty { changes.removeAll() }
        questionsChanged = false
        if !afterRender.isEmpty { afterRender.removeAll() }
        if !exits.isEmpty { exits.removeAll() }
        if !endedCoordinations.isEmpty { endedCoordinations.removeAll() }
    }

    /// The id of `step`: remembered in ``names`` when there are any.
    @inline(__always)
    func id(of step: some Step) -> String {
        names?.id(of: step) ?? step.stepID
    }

    /// The name a parent routes `exit` by: remembered in ``names`` when
    /// there are any.
    func exitName(of exit: some Step) -> String {
        names?.exitName(of: exit) ?? Stepflow.exitName(of: exit)
    }

    /// A record of `step`, meant for `flow`, named through ``names``.
    func record(_ flow: FlowInfo, _ step: some Step) -> StepRecord {
        StepRecord(flow: flow, value: step, id: id(of: step))
    }

    /// Appends the event `make` builds, if anyone observes.
    @inline(__always)
    mutating func emit(_ make: () -> NavigationEvent) {
        if observes { effects.append(.event(make())) }
    }

    /// Queues `work` behind everything already queued.
    mutating func enqueue(_ work: PendingWork) {
        effects.append(.enqueue(work))
    }
}

/// One effect of a transaction.
package enum Effect {
    /// Tell observers.
    case event(NavigationEvent)
    /// Run this work later, behind everything queued before it.
    case enqueue(PendingWork)
    /// Connect a new attachment's stepper: its later emissions, and those it
    /// made before it was coordinated, join the queue from now on.
    case connect(any StepperAttachmentProtocol)
    /// Stop a detached stepper and let it go.
    case stop(any StepperAttachmentProtocol)
    /// Render the state the queue settles in; the changes say what
    /// changed since the last render.
    case render([NavigationChange])
    /// Tell a stepper it may emit.
    case start(any StepperAttachmentProtocol)
    /// Ask a flow's deferred `adapt` for its answer.
    case deferred(DeferredAdaptation)
    /// Call back (a deep link's completion).
    case call(@Sendable () -> Void)
}

/// Work for the engine's queue: a step for a flow (forwarded, a child's
/// exit, a stepper's initial step, a deferred answer). Runs one transition
/// when its turn comes.
package struct PendingWork: @unchecked Sendable {
    // @unchecked: the closure captures programs and typed steps (immutable,
    // Sendable values) and is only run on the coordinator's queue or by an
    // explorer on its own thread.
    package let run: (inout EngineState, inout Transaction) -> Void
    init(_ run: @escaping (inout EngineState, inout Transaction) -> Void) { self.run = run }
}

/// A flow's `adapt` that answers later: a declared ``Question`` or a
/// legacy `.deferred` closure.
package struct DeferredAdaptation: @unchecked Sendable {
    // @unchecked: as PendingWork.
    /// Asks the outside world; `answered` receives, once, the work that
    /// handles its answer (navigate it, or report it filtered or its flow
    /// ended), and the answer's name (a question's) or step id (a legacy
    /// closure's; `nil`: filtered). `nil` when nobody is there to ask: a
    /// person, a script or a test answers (``Coordinator/answer(_:with:)``).
    package let ask: ((_ answered: @escaping @Sendable (PendingWork, String?) -> Void) -> Void)?
    /// The work an analysis runs instead of asking a legacy closure: as if
    /// the flow answered with the step unchanged. `nil` for a question:
    /// it stays open in the state, and analysis branches on its answers.
    package let asIfUnchanged: PendingWork?
    /// The work for a saved answer: a question's answer by name, a legacy
    /// closure's by step id (`nil`: filtered). `nil` when it cannot be
    /// rebuilt (an undeclared answer, another step than the one asked).
    package let replay: (String?) -> PendingWork?
    /// The open question's number in the state and its id; `nil` for a
    /// legacy closure.
    package let question: (number: Int, id: String)?
    /// For a legacy closure: the flow and the step whose answer analysis
    /// assumes (the step unchanged), so a verdict can say so.
    package var assumed: AssumedAnswer? = nil
}

/// An outside answer analysis did not explore but assumed: a deferred
/// `adapt` (``Adaptation/deferred(_:)``) taken as answering with the step
/// unchanged.
package struct AssumedAnswer: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The flow instance whose `adapt` defers.
    package let flow: String
    /// The step it was asked about (its id).
    package let step: String

    /// The flow and the step.
    package init(flow: String, step: String) {
        self.flow = flow
        self.step = step
    }

    /// `test's adapt of readByPhoto`.
    package var description: String { "\(flow)'s adapt of \(step)" }

    /// By flow, then step.
    package static func < (a: Self, b: Self) -> Bool { (a.flow, a.step) < (b.flow, b.step) }
}

extension EngineState {
    /// Runs `work` now, as its own transition.
    package mutating func perform(_ work: PendingWork, _ transaction: inout Transaction) {
        work.run(&self, &transaction)
    }
}

/// What an explorer has already made from a value, so the thousands of
/// states that hold the same step or screen share one copy: each step's
/// ``Step/stepID`` (which reflects on the value), each step's and screen's
/// ``KeyPart`` (so a state's key numbers it by object, without hashing
/// it), each screen's presented content (its action summaries and keys).
/// The explorer owns one and hands it to each transaction it runs; the
/// coordinator runs without. Nothing in the engine's state refers to it.
///
/// An explorer takes one with ``take()`` and gives it back when it is done
/// (``giveBack(_:)``), so the next exploration in the process starts with
/// what the last one made: a family of variants meets the same modules'
/// steps and screens again and again, and making each screen's content
/// anew was a tenth of exploring one. What it holds is a function of the
/// values (a step's id, a screen's content), so a remembered entry is the
/// one the next explorer would make. Only explorers use it: their steps
/// and screens come from exploring flows with their declared outside
/// answers (no service is asked). A live session names its steps each
/// time and keeps none of them: a step can carry a person's data (a
/// patient id), which lives only as long as its session does.
package final class StepNames {
    /// One table per step type, so a lookup hashes the value as itself:
    /// boxing it in `AnyHashable` allocated and compared through a dynamic
    /// cast on every lookup.
    @exclusivity(unchecked) private var tables: [ObjectIdentifier: AnyObject] = [:]

    /// Typed tables of their own (``TypedTable``), not dictionaries: this
    /// code is generic over step types the engine never sees.
    private final class Table<S: Step> {
        let ids = TypedTable<S, String>()
        let exitNames = TypedTable<S, String>()
        let parts = TypedTable<S, KeyPart>()
        /// Hashed by id, title and number of actions: a screen's texts are
        /// long to hash, and equal screens made by the same module share
        /// their strings, so comparing them is quick.
        let screens = TypedTable<Screen<S>, Shown>(hash: { screen in
            var hasher = Hasher()
            hasher.combine(screen.id)
            hasher.combine(screen.title)
            hasher.combine(screen.actions.count)
            return hasher.finalize()
        })
    }

    /// A screen's key part and presented content.
    private struct Shown {
        let part: KeyPart
        let content: PresentedScreen
    }

    /// Entries made so far, across the tables: one given back holding
    /// more than ``keptCapacity`` is let go instead of kept.
    @exclusivity(unchecked) package private(set) var entryCount = 0

    /// An empty table.
    package init() {}

    /// Tables given back, for the next explorer to take: one a core (so
    /// each of a family's explorations running at once finds one), each
    /// holding at most ``keptCapacity`` entries, so what the process keeps
    /// is bounded (a few megabytes a table).
    private static let kept = Locked<[StepNames]>([])
    private static let keptCount = max(2, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    static let keptCapacity = 16_384

    /// Tables for one exploration: one an earlier exploration gave back,
    /// else new. Used by one search, on one thread, until given back.
    package static func take() -> StepNames {
        kept.withLock { $0.popLast() } ?? StepNames()
    }

    /// Gives `names` back for a later exploration (its owner does not use
    /// it again); one grown past ``keptCapacity`` entries is let go.
    package static func giveBack(_ names: StepNames) {
        guard names.entryCount <= keptCapacity else { return }
        kept.withLock { kept in
            if kept.count < keptCount { kept.append(names) }
        }
    }

    private func table<S: Step>(_: S.Type) -> Table<S> {
        if let known = tables[ObjectIdentifier(S.self)] { return unsafeDowncast(known, to: Table<S>.self) }
        let table = Table<S>()
        tables[ObjectIdentifier(S.self)] = table
        return table
    }

    /// `step.stepID`, rendered once per distinct step (by reflection)
    /// while the tables are kept: the searches of one command (each
    /// module's contract, then the variant) and of a family share them.
    package func id<S: Step>(of step: S) -> String {
        let table = table(S.self)
        if let known = table.ids.position(of: step) { return table.ids.value(at: known) }
        let id = step.stepID
        table.ids.append(id, for: step)
        entryCount += 1
        return id
    }

    /// The name of `exit` (a module exit's declared name, else its case),
    /// read once per distinct exit: both read the value by reflection.
    func exitName<S: Step>(of exit: S) -> String {
        let table = table(S.self)
        if let known = table.exitNames.position(of: exit) { return table.exitNames.value(at: known) }
        let name = Stepflow.exitName(of: exit)
        table.exitNames.append(name, for: exit)
        entryCount += 1
        return name
    }

    /// The key part of `step`, made once per distinct step.
    func part<S: Step>(of step: S) -> KeyPart {
        let table = table(S.self)
        if let known = table.parts.position(of: step) { return table.parts.value(at: known) }
        let part = KeyPart.of(step)
        table.parts.append(part, for: step)
        entryCount += 1
        return part
    }

    /// The key part of `screen` and its presented content (with a
    /// placeholder instance and flow), made once per distinct screen.
    func shown<S: Step>(_ screen: Screen<S>, flow: FlowInfo) -> (part: KeyPart, content: PresentedScreen) {
        let table = table(S.self)
        if let known = table.screens.position(of: screen) {
            let shown = table.screens.value(at: known)
            return (shown.part, shown.content)
        }
        let made = Shown(
            part: KeyPart.of(screen),
            content: PresentedScreen(
                id: ScreenInstanceID(rawValue: 0), flow: flow, screen: screen, presentation: .push, visibility: [],
                names: self)
        )
        table.screens.append(made, for: screen)
        entryCount += 1
        return (made.part, made.content)
    }
}
