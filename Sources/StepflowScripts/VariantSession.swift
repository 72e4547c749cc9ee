import Dispatch
public import Stepflow
public import StepflowGraph
public import StepflowManifest
package import StepflowPresentation

/// Remembers the last state rendered, and the changes rendered since
/// they were last taken, for the session to read; tells a listener of
/// each render.
final class StateHolder: Navigator {
    private let latest = Locked(
        (state: NavigationState(), changes: [NavigationChange](), questions: [WaitingAnswer]()))
    let listener = Locked<(@Sendable ([NavigationChange]) -> Void)?>(nil)
    func render(_ state: NavigationState, changes: [NavigationChange], questions: [WaitingAnswer]) {
        latest.withLock {
            $0.state = state
            $0.changes += changes
            $0.questions = questions
        }
        listener.withLock { $0 }?(changes)
    }
    func render(_ state: NavigationState, changes: [NavigationChange]) {
        render(state, changes: changes, questions: [])
    }
    var state: NavigationState { latest.withLock { $0.state } }
    /// What a UI shows for the state last rendered.
    var presentation: PresentationTree {
        latest.withLock { PresentationTree($0.state, questions: $0.questions) }
    }
    /// The changes rendered since the last call.
    func takeChanges() -> [NavigationChange] {
        latest.withLock { held in
            defer { held.changes = [] }
            return held.changes
        }
    }
}

/// One run of a variant on the real coordinator, driven input by input
/// by a person, a script or a test: choose an action, go back, let time
/// pass, and see the screen on top.
///
/// ```swift
/// let session = VariantSession(manifest: manifest, registry: registry)
/// let outcome = try session.give(.choose(.label("Get started")))  // or a SessionRefusal
/// outcome.top?.qualifiedID          // "onboarding/how-it-works-1"
/// ```
///
/// A session is driven from one thread at a time; each input returns once
/// the engine has finished what it caused.
public final class VariantSession {
    /// The manifest walked.
    public let manifest: Manifest
    /// The modules the variant's instances are made from.
    public let registry: ModuleRegistry
    /// The live coordinator.
    public let coordinator: Coordinator
    /// The clock the modules' timers run on.
    package let clock: WalkClock
    /// The projection's edges the walk took, from the live events.
    package let recorder: LiveWalkRecorder
    let holder = StateHolder()
    /// The values typed into the fields of a screen (its instance), not
    /// yet submitted: the form a person fills in.
    var form: (screen: ScreenInstanceID, values: [String: String])?
    /// The values the session's actions took, as typed: `instance/screen
    /// action field value`, the action by its position on its screen.
    package internal(set) var submitted: Set<String> = []
    /// The screen on top before the last input, for the recorder.
    private var previousTop: PresentedScreen?
    /// The variant's states, when coverage is measured: each waiting state
    /// the walk passes through is looked up in it.
    let states: StateGraph?
    /// The services the modules were launched with.
    let services: ModuleServices
    /// The outside sources answered by hand only.
    let answeredByHand: Set<String>
    /// The state the engine waits in, if `states` lists it.
    package private(set) var stateIndex: Int?
    /// The transitions of `states` walked so far.
    package private(set) var walkedTransitions: Set<Int> = []
    /// The transitions of `states` walked so far, in order.
    public private(set) var walk: [Int] = []
    /// The projection nodes touched so far (node ids).
    public private(set) var touched: Set<String> = []
    /// The trace and how the app ended (read off the events as the
    /// explorer reads each transition's), and the last link opened.
    let log = Locked<(trace: TraceReader, link: LinkOpened?)>((TraceReader(), nil))

    /// The locale the variant's texts are shown in.
    package let locale: String
    /// How long a line waits for the outside world at most (10 s).
    package var outsideTimeLimit: Duration = .seconds(10)

    /// Starts `manifest`'s variant on a live coordinator, its modules
    /// launched with `services`, their texts in `locale` (by default the
    /// first the variant ships) and their timers on `clock`. Give the
    /// variant's `states` to measure which of its transitions the session
    /// walks.
    ///
    /// The outside sources in `answeredByHand` (question ids and
    /// ``Stepflow/Stepper/outside`` ids) are answered with ``answer(_:_:)``
    /// only: their services are not asked.
    public convenience init(
        manifest: Manifest, registry: ModuleRegistry, services: ModuleServices = ModuleServices(),
        locale: String? = nil, clock: WalkClock = WalkClock(), states: StateGraph? = nil,
        answeredByHand: Set<String> = []
    ) {
        self.init(
            manifest: manifest, registry: registry, services: services, locale: locale, clock: clock, states: states,
            answeredByHand: answeredByHand, names: nil)
    }

    /// A session as ``init(manifest:registry:services:locale:clock:states:answeredByHand:)``
    /// makes, naming steps and screens from `names`: a tool that runs
    /// many sessions of a variant one after another shares one, so each
    /// distinct step is named once (by reflection), not at every input.
    /// Sessions that run at the same time must not share it.
    package convenience init(
        manifest: Manifest, registry: ModuleRegistry, services: ModuleServices, locale: String?, clock: WalkClock,
        states: StateGraph?, answeredByHand: Set<String>, names: StepNames?
    ) {
        self.init(
            manifest: manifest, registry: registry, services: services, locale: locale, clock: clock, states: states,
            answeredByHand: answeredByHand, names: names, parts: ())
        coordinator.coordinate(flow: root, with: rootStepper)
        settle()
    }

    /// Resumes a session of `manifest`'s variant from what
    /// ``savedNavigation`` returned in another process: the same screens,
    /// stacks and handoffs; a timer that was running runs for the time
    /// left on `clock` (or has fired, if none is). Choose the `clock`'s
    /// scale as when it was saved.
    ///
    /// A save of another release of the variant (another manifest, or a
    /// module at another version) replays by the identities of its inputs
    /// (``Stepflow/OtherRelease/replay(policy:)``); one that does not
    /// replay whole is restored as the manifest's ``Manifest/restoreOnUpdate``
    /// says (by default, refused). ``restoreOutcome`` says which; values
    /// kept for an input asked again are in ``entered``.
    ///
    /// - Throws: ``RestoreError`` when `saved` is of another app, or its
    ///   inputs no longer replay and the policy refuses it; start a new
    ///   session then.
    package convenience init(
        resuming saved: SavedNavigation, manifest: Manifest, registry: ModuleRegistry,
        services: ModuleServices = ModuleServices(), locale: String? = nil, clock: WalkClock = WalkClock(),
        states: StateGraph? = nil, answeredByHand: Set<String> = []
    ) throws(RestoreError) {
        try self.init(
            resuming: saved, manifest: manifest, registry: registry, services: services, locale: locale, clock: clock,
            states: states, answeredByHand: answeredByHand, names: nil)
    }

    /// Resumes `saved`, naming steps and screens from `names` (shared by
    /// the forks of one walk of a graph; `nil` keeps none).
    package convenience init(
        resuming saved: SavedNavigation, manifest: Manifest, registry: ModuleRegistry, services: ModuleServices,
        locale: String?, clock: WalkClock, states: StateGraph?, answeredByHand: Set<String>, names: StepNames?
    ) throws(RestoreError) {
        self.init(
            manifest: manifest, registry: registry, services: services, locale: locale, clock: clock, states: states,
            answeredByHand: answeredByHand, names: names, parts: ())
        let policies = manifest.restoreOnUpdate
        restoreOutcome = try coordinator.restore(
            saved, roots: [RootCoordination(root, with: rootStepper)],
            fingerprint: Self.fingerprint(of: manifest, registry: registry), deepLinks: [],
            onAnotherRelease: .replay { policies.policy(for: $0) }, names: names)
        isResumed = true
        settle()
        if let kept = restoreOutcome?.keptValues, !kept.isEmpty, let top {
            form = (top.id, kept.filter { kept in top.fields.contains { $0.name == kept.key } })
        }
    }

    /// How the session was resumed, if it was: exactly, on another
    /// release, or as a policy said.
    package private(set) var restoreOutcome: RestoreOutcome?

    /// What a saved session of `manifest` is fingerprinted with: the app
    /// id and the manifest file's digest.
    @available(*, deprecated, message: "A module's version is part of a release: use fingerprint(of:registry:).")
    public static func fingerprint(of manifest: Manifest) -> String {
        fingerprint(of: manifest, versions: [:])
    }

    /// What a saved session of `manifest` is fingerprinted with: the app
    /// id, the manifest file's digest, and a digest of the versions of
    /// the modules it uses (``versions(of:registry:)``), so that a module
    /// released anew makes another release.
    public static func fingerprint(of manifest: Manifest, registry: ModuleRegistry) -> String {
        fingerprint(of: manifest, versions: versions(of: manifest, registry: registry))
    }

    /// What a session of `manifest` with modules at `versions` (by module
    /// id) is fingerprinted with; with no versions, the app id and digest
    /// alone, as a format-1 save holds it.
    public static func fingerprint(of manifest: Manifest, versions: [String: String]) -> String {
        let release = "\(manifest.app.id) \(manifest.digest)"
        guard !versions.isEmpty else { return release }
        let text = versions.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
        return "\(release) \(Manifest.digest(of: Array(text.utf8)))"
    }

    /// The versions of the modules `manifest` uses, by module id: each
    /// module's package and version (`Stepflow 0.4.0`; `(version not
    /// declared)` when its package does not say).
    public static func versions(of manifest: Manifest, registry: ModuleRegistry) -> [String: String] {
        var versions: [String: String] = [:]
        for instance in manifest.instances {
            guard let module = registry.module(instance.module) else { continue }
            versions[instance.module] = module.package.description
        }
        return versions
    }

    /// The session so far, to resume in another process with
    /// ``init(resuming:manifest:registry:services:locale:clock:states:answeredByHand:)``:
    /// it names the release it was saved by (``Stepflow/SavedNavigation/versions``).
    public var savedNavigation: SavedNavigation {
        var saved = coordinator.savedNavigation ?? SavedNavigation()
        saved.fingerprint = Self.fingerprint(of: manifest, registry: registry)
        saved.versions = Self.versions(of: manifest, registry: registry)
        return saved
    }

    /// Whether the session was resumed from a saved one: its ``trace``
    /// starts there.
    package private(set) var isResumed = false

    private let root: RootFlow

    /// The delivery `address` means in this variant, or why none.
    /// What the variant's routing makes of `address` (in the session's
    /// locale): the delivery, or the typed refusal a tool words itself.
    package func routeLink(_ address: String) -> Result<LinkDelivery, LinkRefusal> { root.route(link: address) }
    private let rootStepper = OneStepper(RootFlow.StepType.start)

    private init(
        manifest: Manifest, registry: ModuleRegistry, services: ModuleServices, locale: String?, clock: WalkClock,
        states: StateGraph?, answeredByHand: Set<String>, names: StepNames?, parts: ()
    ) {
        self.manifest = manifest
        self.registry = registry
        self.services = services
        self.answeredByHand = answeredByHand
        self.states = states
        self.clock = clock
        self.recorder = LiveWalkRecorder(app: manifest.app.id)
        coordinator = Coordinator(
            queue: DispatchQueue(label: "stepflow.session"), navigator: holder, savesNavigationOn: clock,
            answeredByHand: answeredByHand)
        // Before any input: the queue reads it from the first.
        coordinator.stepNames = names
        // The session waits for the engine after each input anyway.
        coordinator.runInputsOnCaller()
        let recorder = self.recorder
        let log = self.log
        coordinator.observe { event in
            recorder.record(event)
            log.withLock { log in
                log.trace.read(event)
                if case .link(let address, let outcome) = event {
                    log.link = LinkOpened(address: address, outcome: outcome)
                }
            }
        }
        root = RootFlow(
            manifest: manifest, registry: registry,
            environment: ModuleEnvironment(clock: clock, services: services, today: manifest.referenceDate),
            locale: locale)
        self.locale = root.locale
    }

    /// Calls `handler` with the changes each time the navigator is told
    /// of some, on the coordinator's queue: those an input caused (also
    /// in its ``Outcome``) and those that came by themselves (a timer that
    /// finished, a service that answered late), which only this reports.
    /// A walk wakes on it to draw a screen nobody asked for, instead of
    /// polling ``top``. `nil` stops it.
    ///
    /// Keep `handler` short and do not give the session inputs from it:
    /// it runs while the coordinator renders.
    package func onChange(_ handler: (@Sendable ([NavigationChange]) -> Void)?) {
        holder.listener.withLock { $0 = handler }
    }

    /// The screen on top; `nil` once the app has ended.
    public var top: PresentedScreen? { holder.state.topScreen }
    /// What a UI shows now, as the app's own UI draws it: the root stack,
    /// the modal layers above it, whether Back is possible, the question
    /// the app waits for (`StepflowPresentation`'s tree).
    package var presentation: PresentationTree { holder.presentation }
    /// The steps reached so far, as `flow.step`: each navigated step, and
    /// a step the app asks the outside world about when it asks.
    public var trace: [String] { log.withLock { $0.trace.lines } }

    /// A link opened, and how it ended.
    package struct LinkOpened: Hashable, Sendable, CustomStringConvertible {
        /// The address.
        package let address: String
        /// How it ended.
        package let outcome: LinkOutcome
        /// `link result/positive: declined: <reason>`, as the event says it.
        package var description: String { NavigationEvent.link(address, outcome).description }
    }

    /// The last link opened and how it ended (a held link is reported
    /// again when it is delivered or the app ends).
    package var lastLink: LinkOpened? { log.withLock { $0.link } }
    /// How the app ended, once it has: the instance and the exit whose
    /// route is `end`.
    package var ending: AppExit? { log.withLock { $0.trace.ending } }
    /// Whether a timer waits.
    package var timerWaits: Bool { clock.secondsLeft != nil }

    /// `instance.exit` the app ended through, once it has.
    package var endingExit: String? { ending?.route }

    /// What the fields of the screen on top hold (by field name), which
    /// the next action that submits them sends: what was typed into this
    /// screen, else what the engine shows in the field (its record
    /// entry's value, ``Stepflow/EntryField/value``). A field keeps its
    /// value until the person changes it: after a submit, under a sheet
    /// and back on top, or shown again from the record; an optional field
    /// left empty holds `""`.
    public var entered: [String: String] {
        guard let top else { return [:] }
        var values: [String: String] = [:]
        for field in top.fields { if let value = field.value { values[field.name] = value } }
        if let draft = form, draft.screen == top.id { values.merge(draft.values) { $1 } }
        return values
    }

    /// Waits for the engine to finish what was queued; call it after an
    /// input that arrived by itself (a timer, a service's answer).
    /// `given` is the input just given, to tell apart two inputs that
    /// lead to the same state.
    package func settle(_ given: Given = .emission) {
        coordinator.waitUntilIdle(includingPendingAdaptations: false)
        let top = self.top
        touched.formUnion(recorder.take(from: previousTop, to: top, in: holder.state))
        previousTop = top
        guard let states else { return }
        let reached = states.state(of: coordinator.engineState)
        if let from = stateIndex, let reached {
            let taken = Self.transitions(in: states, from: from, to: reached, given: given)
            walk += taken
            walkedTransitions.formUnion(taken)
        }
        stateIndex = reached
    }

    /// Settles after something that may have come by itself (a deferred
    /// answer): only when the screen or the state moved, so waiting for
    /// nothing takes no transition.
    func settleIfMoved() {
        let moved =
            top?.id != previousTop?.id
            || (states.map { $0.state(of: coordinator.engineState) != stateIndex } ?? false)
        if moved { settle(.emission) }
    }

    /// Opens the app again (its root started anew) on the same
    /// coordinator, which keeps what the device kept.
    func restart() {
        log.withLock {
            $0.trace.ending = nil
            $0.link = nil
        }
        coordinator.coordinate(flow: root, with: rootStepper)
    }

    /// The actions a number picks: numbered from 1, back actions aside.
    package static func numbered(_ screen: PresentedScreen) -> [Int] {
        screen.actions.indices.filter { screen.actions[$0].role != .back }
    }
}
