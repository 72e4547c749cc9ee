/// What a stepper is bound to.
package enum AttachmentBinding: Hashable, Sendable {
    /// The stepper its flow was started with: emits once the flow is ready.
    case flowStepper
    /// Contributed for the flow's lifetime.
    case flow
    /// Bound to a screen instance; gated by its visibility.
    case screen(ScreenInstanceID, qualifiedID: String, screenID: String, visibility: Visibility)
}

/// One stepper attached to one flow, as the engine's state holds it: its
/// declarations (what analysis lets it emit), its binding and how its
/// steps are delivered. Immutable once made. Its one conformer is
/// ``StepperAttachment``; the runtime side (the buffers its emissions wait
/// in, the stepper's lifecycle) is the coordinator's `StepperMailbox`.
package protocol StepperAttachmentProtocol: AnyObject, Sendable {
    /// The type of the flow it delivers to.
    associatedtype FlowType: Flow

    /// The attachment's id.
    var id: AttachmentID { get }
    /// The flow it delivers to.
    var flow: FlowInfo { get }
    /// What it is bound to.
    var binding: AttachmentBinding { get }
    /// The positions of its emissions that have a limit.
    var limited: [Int] { get }
    /// The stepper object's identity: a stepper is coordinated once.
    var stepperObject: ObjectIdentifier { get }
    /// Whether the stepper is a ``TimerStepper``: its emission is time
    /// passing, which `rootapp walk` gives with `s`.
    var isTimer: Bool { get }
    /// For a ``TimerStepper``: how long it waits and the id of the step it
    /// emits.
    var timer: (duration: Duration, step: String)? { get }
    /// Who outside the flows it speaks for (``Stepper/outside``): id and
    /// label; `nil` for the app's own stepper.
    var outside: (id: String, label: String)? { get }
    /// The text keys of its outside source's label and answers' labels.
    var outsideTextKeys: [String] { get }
    /// The stepper's type name, without generic arguments.
    var stepperName: String { get }
    /// What it declared it emits, as a value: part of the state's identity.
    var declarationKey: AnyHashable { get }
    /// The number of what it declared it emits in `interner`, hashed as
    /// its own type.
    func declarationNumber(in interner: StateKeyParts) -> Int
    /// Whether it declared no emission at all (a flow's own stepper with
    /// only initial steps, most often): it can never give an input, so
    /// every such stepper is alike in a state's key, whatever its type.
    var declaresNoEmission: Bool { get }
    /// The names of its outside answers, in order.
    var answerNames: [String] { get }
    /// The stepper, for the runtime to connect, start and stop.
    var stepper: any Stepper<FlowType.StepType> { get }
    /// The attachment as its one concrete type: the runtime's hot path
    /// calls it directly, not through this protocol's witnesses.
    var concrete: StepperAttachment<FlowType> { get }

    /// The steps it may emit now, given what it has spent, each once, in
    /// declaration order: its step id, the work that delivers it, and the
    /// answer it is when the stepper speaks for the outside world.
    func emissionInputs(spent: [Bool], names: StepNames?) -> [EmissionInput]
    /// The work that delivers its outside answer called `name` (by hand,
    /// in place of the service); `nil` when it has no such answer.
    func answerWork(named name: String) -> (stepID: String, work: PendingWork)?
    /// The work that delivers the declared step whose id is `stepID`, as
    /// if the stepper emitted it; `nil` when it declares none.
    func replayEmission(stepID: String) -> PendingWork?
    /// Delivers a step it emitted: a transition of the engine.
    func deliver(_ step: FlowType.StepType, in state: inout EngineState, _ transaction: inout Transaction)
}

extension AttachmentBinding {
    /// Why a step from an attachment so bound to flow `flow` is not
    /// delivered once the attachment is detached.
    func detachedReason(flow: FlowID, in state: EngineState) -> DropReason {
        if case .screen(_, let qualifiedID, _, _) = self, state.flows[flow] != nil {
            return .screenDismissed(screen: qualifiedID)
        }
        return .flowEnded
    }
}

/// A stepper attached to a flow of type `F`.
package final class StepperAttachment<F: Flow>: StepperAttachmentProtocol, @unchecked Sendable {
    // @unchecked: immutable after init but for three caches (the type's
    // name, the declared steps, the replay index), each made on first use on
    // the one thread that runs the engine's transitions (the coordinator's
    // queue, or one explorer); the stepper and the program are Sendable.
    package typealias FlowType = F
    package typealias StepType = F.StepType

    // One is made for every flow started and every stepper contributed,
    // and lives as long as it: it keeps only what the hot path reads or
    // what cannot be read again from the stepper. Everything else (the
    // flow, the outside source, the declared steps) is read from the
    // program or the stepper when asked, or made on first use (a live
    // coordinator with no observer never needs the declared steps).

    package let id: AttachmentID
    package let binding: AttachmentBinding
    package let limited: [Int]
    package let isTimer: Bool
    /// The flow's program.
    let program: FlowProgramOf<F>
    package let stepper: any Stepper<StepType>
    /// Its emissions after its initial steps.
    let emissions: [Emission<StepType>]
    /// The stepper's type's names, found on first use (naming uses
    /// reflection; every delivered step carries the name in its origin).
    @exclusivity(unchecked) private var typeNames: TypeNames.Names?
    /// Every step it declared, read on first use: an observer learns of a
    /// step outside them. A list (most steppers declare a handful, and an
    /// explorer makes attachments by the thousand); a set for long ones.
    @exclusivity(unchecked) private var declaredCache: Declared?

    private enum Declared {
        case few([StepType])
        case many(Set<StepType>)

        init(_ steps: [StepType]) { self = steps.count <= 16 ? .few(steps) : .many(Set(steps)) }

        func contains(_ step: StepType) -> Bool {
            switch self {
            case .few(let steps): steps.contains(step)
            case .many(let steps): steps.contains(step)
            }
        }

        var all: [StepType] {
            switch self {
            case .few(let steps): steps
            case .many(let steps): Array(steps)
            }
        }
    }

    /// The declared steps by id, made on the first replayed emission (a
    /// replay runs on one thread).
    @exclusivity(unchecked) private var replayIndex: [String: StepType]?

    init(id: AttachmentID, stepper: any Stepper<StepType>, program: FlowProgramOf<F>, binding: AttachmentBinding) {
        self.id = id
        self.binding = binding
        self.program = program
        self.stepper = stepper
        let emissions = stepper.emissions
        self.emissions = emissions
        self.limited = emissions.indices.filter { emissions[$0].limit == .once }
        self.declaresNoEmission = emissions.isEmpty
        // `TimerStepper` is final: its type, not a cast (a cast looks the
        // stepper's type up against every protocol conformance of the
        // program the first time it meets that type).
        self.isTimer = type(of: stepper) == TimerStepper<StepType>.self
    }

    package var flow: FlowInfo { program.info }

    package var timer: (duration: Duration, step: String)? {
        guard isTimer else { return nil }
        let timer = unsafeDowncast(stepper as AnyObject, to: TimerStepper<StepType>.self)
        return (timer.duration, timer.step.stepID)
    }

    package var stepperObject: ObjectIdentifier { ObjectIdentifier(stepper) }

    package var outside: (id: String, label: String)? { stepper.outside.map { ($0.id, $0.label) } }

    package var outsideTextKeys: [String] { stepper.outside?.textKeys ?? [] }

    /// Its outside answers (``Stepper/outside``).
    private var answers: [Answer<StepType>] { stepper.outside?.answers ?? [] }

    /// The stepper's type's names, shared by every stepper of its type.
    private var names: TypeNames.Names {
        if let typeNames { return typeNames }
        let names = TypeNames.names(of: type(of: stepper))
        typeNames = names
        return names
    }

    /// The stepper's type name, with generic arguments.
    private var typeName: String { names.full }

    private var declared: Declared {
        if let declaredCache { return declaredCache }
        let declared = Declared(stepper.declaredSteps)
        declaredCache = declared
        return declared
    }

    /// Where its steps come from.
    private var origin: StepOrigin {
        switch binding {
        case .flowStepper: .flowStepper(typeName)
        case .flow: .stepper(typeName)
        case .screen(let id, _, let screenID, _): .screenStepper(id, screenID: screenID, stepper: typeName)
        }
    }

    package var stepperName: String { names.base }

    package var concrete: StepperAttachment<F> { self }

    package var declarationKey: AnyHashable { AnyHashable(emissions) }

    package func declarationNumber(in interner: StateKeyParts) -> Int { interner.number(of: emissions) }

    package let declaresNoEmission: Bool

    package var answerNames: [String] { answers.map(\.name) }

    package func emissionInputs(spent: [Bool], names: StepNames?) -> [EmissionInput] {
        // Most steppers (a flow's one entry step) emit nothing more: no
        // set of steps or list of answers is made for them.
        if emissions.isEmpty { return [] }
        var seen = Set<StepType>()
        var inputs: [EmissionInput] = []
        let outsideAnswers = answers
        // By index, as the engine's loops over generic elements are.
        for position in 0..<emissions.count {
            let emission = emissions[position]
            if let slot = limited.firstIndex(of: position), spent[slot] { continue }
            for step in emission.steps where seen.insert(step).inserted {
                let answer = outsideAnswers.first { $0.step == step }
                inputs.append(
                    EmissionInput(
                        stepID: names?.id(of: step) ?? step.stepID,
                        work: PendingWork { [self] state, transaction in
                            deliver(step, in: &state, &transaction)
                        }, answer: answer.map { ($0.name, $0.label) }))
            }
        }
        return inputs
    }

    package func answerWork(named name: String) -> (stepID: String, work: PendingWork)? {
        guard let step = answers.first(where: { $0.name == name })?.step else { return nil }
        return (step.stepID, PendingWork { [self] state, transaction in deliver(step, in: &state, &transaction) })
    }

    package func replayEmission(stepID: String) -> PendingWork? {
        if replayIndex == nil {
            var index: [String: StepType] = [:]
            for step in declared.all where index[step.stepID] == nil { index[step.stepID] = step }
            replayIndex = index
        }
        guard let step = replayIndex?[stepID] else { return nil }
        return PendingWork { [self] state, transaction in deliver(step, in: &state, &transaction) }
    }

    package func deliver(_ step: StepType, in state: inout EngineState, _ transaction: inout Transaction) {
        guard let index = state.attachments.entry(of: id) else {
            return state.reportDropped(
                StepRecord(flow: flow, step: step.stepID), binding.detachedReason(flow: flow.id, in: state),
                &transaction)
        }
        if !limited.isEmpty { spend(step, at: index, in: &state) }
        // Only an observer learns of an undeclared step: without one, the
        // step is not even hashed.
        if transaction.observes && !declared.contains(step) {
            let names = transaction.names
            transaction.emit { .undeclaredStep(program.record(step, names), stepper: typeName) }
        }
        if case .screen(let screen, let qualifiedID, _, let visibility) = binding,
            let reason = state.gate(screen, qualifiedID: qualifiedID, visibility: visibility)
        {
            return state.reportDropped(program.record(step, nil), reason, &transaction)
        }
        program.receive(step, origin: origin, in: &state, &transaction)
    }

    /// Marks spent the first unspent limited emission that has `step`.
    private func spend(_ step: StepType, at index: Int, in state: inout EngineState) {
        let spent = state.attachments[entry: index].spent
        for slot in 0..<limited.count where !spent[slot] && emissions[limited[slot]].steps.contains(step) {
            state.attachments[entry: index].spent[slot] = true
            return
        }
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
    private static let names = Locked<[ObjectIdentifier: Names]>([:])

    /// A type's names, made once and shared by everything that names it.
    final class Names: Sendable {
        /// The type's name as `String(describing: type)` writes it:
        /// `TimerStepper<TestStep>`.
        let full: String
        /// Without generic arguments: `TimerStepper`. Swift gives a type's
        /// name only as the runtime writes it, so it is cut from that text,
        /// once per type.
        let base: String

        init(_ type: Any.Type) {
            // What `String(describing: type)` writes, without first asking
            // whether the metatype is printable some other way (a scan of
            // every protocol conformance in the program for each new type:
            // half a million instructions, once per stepper type).
            let full = _typeName(type, qualified: false)
            self.full = full
            base = full.firstIndex(of: "<").map { String(full[..<$0]) } ?? full
        }
    }

    /// `String(describing: type)`, remembered.
    static func name(of type: Any.Type) -> String { names(of: type).full }

    /// Both names of `type`, remembered.
    static func names(of type: Any.Type) -> Names {
        if let known = names.withLock({ $0[ObjectIdentifier(type)] }) { return known }
        let made = Names(type)
        return names.withLock { names in
            if let raced = names[ObjectIdentifier(type)] { return raced }
            names[ObjectIdentifier(type)] = made
            return made
        }
    }
}
