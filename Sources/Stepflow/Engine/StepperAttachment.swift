/// What a stepper is bound to.
package enum AttachmentBinding: Hashable, Sendable {
    /// The stepper its flow was started with: emits once the flow is ready.
    case flowStepper
    /// Contributed for the flow's lifetime.
    case flow
    /// Bound to a screen instance; gated by its visibility.
    case screen(ScreenInstanceID, qualifiedID: String, screenID: String, visibility: Visibility)
}

/// One stepper attached to one flow, type-erased: its declarations (what
/// analysis lets it emit) and binding, immutable once made; and, for the
/// coordinator only, the buffers its emissions wait in for the queue.
package class AnyStepperAttachment: QueuedSteps, @unchecked Sendable {
    // @unchecked: the declarations are immutable; the buffers are guarded
    // by the inbox's lock or confined to the coordinator's queue, as
    // QueuedSteps says; the typed subclass's references to the stepper and
    // the program are cleared by `stop()`, on the queue only.
    /// The attachment's id.
    package let id: AttachmentID
    /// The flow it delivers to.
    package let flow: FlowInfo
    /// What it is bound to.
    package let binding: AttachmentBinding
    /// The positions of its emissions that have a limit.
    let limited: [Int]
    /// The stepper object's identity: a stepper is coordinated once.
    let stepperObject: ObjectIdentifier
    /// Whether the stepper is a ``TimerStepper``: its emission is time
    /// passing, which `rootapp walk` gives with `s`.
    package let isTimer: Bool
    /// Who outside the flows it speaks for (``Stepper/outside``): id and
    /// label; `nil` for the app's own stepper.
    package let outside: (id: String, label: String)?

    init(
        id: AttachmentID, flow: FlowInfo, binding: AttachmentBinding, limited: [Int], stepperObject: ObjectIdentifier,
        isTimer: Bool, outside: (id: String, label: String)?
    ) {
        self.outside = outside
        self.id = id
        self.flow = flow
        self.binding = binding
        self.limited = limited
        self.stepperObject = stepperObject
        self.isTimer = isTimer
    }

    /// The stepper's type name, without generic arguments.
    package var stepperName: String { "" }

    /// What it declared it emits, as a value: part of the state's identity.
    package var declarationKey: AnyHashable { AnyHashable(0) }

    /// The steps it may emit now, given what it has spent, each once, in
    /// declaration order: its step id, the work that delivers it, and the
    /// answer it is when the stepper speaks for the outside world.
    package func emissionInputs(spent: [Bool]) -> [EmissionInput] { [] }

    /// The work that delivers its outside answer called `name` (by hand,
    /// in place of the service); `nil` when it has no such answer.
    package func answerWork(named name: String) -> (stepID: String, work: PendingWork)? { nil }

    /// The names of its outside answers, in order.
    package var answerNames: [String] { [] }

    /// Connects the stepper's relay to `inbox` (live only).
    func connect(to inbox: Inbox) {}
    /// Tells the stepper it may emit (live only).
    func start() {}
    /// Stops the stepper and lets it and its flow go (live only).
    func stop() {}
    /// Lets the stepper and its flow go without telling it: a replay
    /// never started it.
    func discard() {}
    /// Tells a restored stepper it may emit, `elapsed` after it was first
    /// told so (live only).
    func resume(after elapsed: Duration) {}
    /// The work that delivers the declared step whose id is `stepID`, as
    /// if the stepper emitted it; `nil` when it declares none.
    func replayEmission(stepID: String) -> PendingWork? { nil }

    /// Why a step from it is not delivered once it is detached.
    func detachedReason(in state: EngineState) -> DropReason {
        if case .screen(_, let qualifiedID, _, _) = binding, state.flows[flow.id] != nil {
            return .screenDismissed(screen: qualifiedID)
        }
        return .flowEnded
    }
}

/// A stepper attached to a flow of type `F`.
final class StepperAttachment<F: Flow>: AnyStepperAttachment, @unchecked Sendable {
    // @unchecked: see AnyStepperAttachment.
    typealias StepType = F.StepType

    /// The flow's program. Cleared by ``stop()`` so that a stepper someone
    /// still holds keeps no ended flow alive.
    @exclusivity(unchecked) private(set) var program: FlowProgramOf<F>?
    /// The stepper, for its lifecycle hooks; cleared by ``stop()``.
    @exclusivity(unchecked) private var stepper: (any Stepper<StepType>)?
    /// Every step it declared: an emission outside them is reported.
    let declared: Set<StepType>
    /// Its emissions after its initial steps.
    let emissions: [Emission<StepType>]
    private let stepperType: Any.Type
    private lazy var name: String = {
        let full = TypeNames.name(of: stepperType)
        return full.firstIndex(of: "<").map { String(full[..<$0]) } ?? full
    }()
    /// Where its steps come from, made on first use (naming the stepper's
    /// type uses reflection). Unchecked exclusivity: read on every step,
    /// on the coordinator's queue or by one explorer.
    @exclusivity(unchecked) private var originCache: StepOrigin?
    private var cachedOrigin: StepOrigin {
        if let originCache { return originCache }
        let origin: StepOrigin =
            switch binding {
            case .flowStepper: .flowStepper(TypeNames.name(of: stepperType))
            case .flow: .stepper(TypeNames.name(of: stepperType))
            case .screen(let id, _, let screenID, _):
                .screenStepper(id, screenID: screenID, stepper: TypeNames.name(of: stepperType))
            }
        originCache = origin
        return origin
    }

    /// The declared steps by id, made on the first replayed emission (a
    /// replay runs on one thread).
    @exclusivity(unchecked) private var replayIndex: [String: StepType]?

    /// Steps emitted and not yet taken by a drain; under the inbox's lock.
    @exclusivity(unchecked) private var incoming: [StepType] = []
    /// Steps of the batch being drained, from `nextOutgoing` on; on the queue.
    @exclusivity(unchecked) private var outgoing: [StepType] = []
    @exclusivity(unchecked) private var nextOutgoing = 0

    init(id: AttachmentID, stepper: any Stepper<StepType>, program: FlowProgramOf<F>, binding: AttachmentBinding) {
        self.program = program
        self.stepper = stepper
        self.declared = Set(stepper.declaredSteps)
        let emissions = stepper.emissions
        self.emissions = emissions
        self.stepperType = type(of: stepper)
        let outside = stepper.outside
        self.answers = outside?.answers ?? []
        super.init(
            id: id, flow: program.info, binding: binding,
            limited: emissions.indices.filter { emissions[$0].limit == .once },
            stepperObject: ObjectIdentifier(stepper),
            isTimer: stepper is TimerStepper<StepType>,
            outside: outside.map { ($0.id, $0.label) }
        )
    }

    /// Its outside answers (``Stepper/outside``).
    let answers: [Answer<StepType>]

    override var stepperName: String { name }

    override var declarationKey: AnyHashable { AnyHashable(emissions) }

    override func emissionInputs(spent: [Bool]) -> [EmissionInput] {
        var seen = Set<StepType>()
        var inputs: [EmissionInput] = []
        for (position, emission) in emissions.enumerated() {
            if let slot = limited.firstIndex(of: position), spent[slot] { continue }
            for step in emission.steps where seen.insert(step).inserted {
                let answer = answers.first { $0.step == step }
                inputs.append(
                    EmissionInput(
                        stepID: step.stepID,
                        work: PendingWork { [self] state, transaction in
                            deliver(step, in: &state, &transaction)
                        }, answer: answer.map { ($0.name, $0.label) }))
            }
        }
        return inputs
    }

    override func answerWork(named name: String) -> (stepID: String, work: PendingWork)? {
        guard let step = answers.first(where: { $0.name == name })?.step else { return nil }
        return (step.stepID, PendingWork { [self] state, transaction in deliver(step, in: &state, &transaction) })
    }

    override var answerNames: [String] { answers.map(\.name) }

    /// Delivers a step it emitted: a transition of the engine.
    func deliver(_ step: StepType, in state: inout EngineState, _ transaction: inout Transaction) {
        guard let program, let index = state.attachments.entry(of: id) else {
            return state.reportDropped(
                StepRecord(flow: flow, step: step.stepID), detachedReason(in: state), &transaction)
        }
        if !limited.isEmpty { spend(step, at: index, in: &state) }
        // Only an observer learns of an undeclared step: without one, the
        // step is not even hashed.
        if transaction.observes && !declared.contains(step) {
            transaction.emit { .undeclaredStep(program.record(step), stepper: TypeNames.name(of: stepperType)) }
        }
        if case .screen(let screen, let qualifiedID, _, let visibility) = binding,
            let reason = state.gate(screen, qualifiedID: qualifiedID, visibility: visibility)
        {
            return state.reportDropped(program.record(step), reason, &transaction)
        }
        program.receive(step, origin: cachedOrigin, in: &state, &transaction)
    }

    /// Marks spent the first unspent limited emission that has `step`.
    private func spend(_ step: StepType, at index: Int, in state: inout EngineState) {
        let spent = state.attachments[entry: index].spent
        for (slot, position) in limited.enumerated() where !spent[slot] && emissions[position].steps.contains(step) {
            state.attachments[entry: index].spent[slot] = true
            return
        }
    }

    // MARK: - Live I/O

    override func connect(to inbox: Inbox) {
        guard let stepper else { return }
        stepper.steps.connect(
            sink: { [self] step in enqueue(step, in: inbox) },
            replay: { [self] pending in for step in pending { enqueue(step, in: inbox) } }
        )
    }

    override func start() { stepper?.readyToEmitSteps() }

    override func resume(after elapsed: Duration) { stepper?.resumeEmittingSteps(after: elapsed) }

    override func discard() {
        stepper = nil
        program = nil
    }

    override func replayEmission(stepID: String) -> PendingWork? {
        if replayIndex == nil {
            var index: [String: StepType] = [:]
            for step in declared { index[step.stepID] = step }
            replayIndex = index
        }
        guard let step = replayIndex?[stepID] else { return nil }
        return PendingWork { [self] state, transaction in deliver(step, in: &state, &transaction) }
    }

    override func stop() {
        guard let stepper else { return }
        self.stepper = nil
        program = nil
        stepper.stopEmittingSteps()
    }

    /// Queues `step` in `inbox` for delivery by this attachment.
    private func enqueue(_ step: StepType, in inbox: Inbox) {
        inbox.enqueueStep(for: self) { incoming.append(step) }
    }

    override func handOver() {
        // `outgoing` is empty (see finishBatch): no step is released here,
        // under the lock.
        swap(&incoming, &outgoing)
    }

    override func finishBatch() {
        outgoing.removeAll(keepingCapacity: true)
        nextOutgoing = 0
    }

    override func deliverNext(_ coordinator: Coordinator) {
        let step = outgoing[nextOutgoing]
        nextOutgoing += 1
        coordinator.deliver(step, from: self)
    }
}

/// One emission an explorer may let a stepper make.
package struct EmissionInput {
    /// The step's id.
    package let stepID: String
    /// The work that delivers it.
    package let work: PendingWork
    /// The answer's name and label, when the stepper speaks for the
    /// outside world and an answer names this step.
    package let answer: (name: String, label: String)?
}

/// Type names, made once per type: naming a type uses reflection, and
/// every child flow started attaches a stepper whose type is named. Types
/// are never unloaded, so the table only grows by the types a program has.
enum TypeNames {
    private static let names = Locked<[ObjectIdentifier: String]>([:])

    /// `String(describing: type)`, remembered.
    static func name(of type: Any.Type) -> String {
        if let known = names.withLock({ $0[ObjectIdentifier(type)] }) { return known }
        let name = String(describing: type)
        names.withLock { $0[ObjectIdentifier(type)] = name }
        return name
    }
}
