/// The runtime side of one live flow, type-erased so the coordinator can
/// hold flows of different step types side by side. Confined to the
/// coordinator's queue.
class FlowNodeHandle: @unchecked Sendable {
    // @unchecked: created, used and released on the coordinator's queue only.
    let info: FlowInfo
    // unowned(unsafe): the coordinator owns every live node and terminates
    // them all in its deinit, and every job runs while the inbox's drain
    // holds the coordinator strongly. The step path does not read this
    // (it passes the drain's coordinator down); other work on the queue does.
    unowned(unsafe) let coordinator: Coordinator
    /// False once the flow has ended; late work for it is reported dropped.
    /// (Unchecked exclusivity, here and below: confined to the queue, and
    /// read on every step.)
    @exclusivity(unchecked) var isLive = true

    init(info: FlowInfo, coordinator: Coordinator) {
        self.info = info
        self.coordinator = coordinator
    }

    /// Delivers a deep link if `step` is of this flow's step type.
    func deliverDeepLink(_ step: any Step, to tally: DeepLinkTally) {}
    /// Whether `step` is of this flow's step type.
    func accepts(_ step: any Step) -> Bool { false }
    /// Chooses action `index` of the presented `screen`.
    func select(action index: Int, on screen: PresentedScreen) {}
    /// The screen instance went away.
    func screenRemoved(_ id: ScreenInstanceID) {}
    /// The flow navigated its first step: its own stepper may emit.
    func becameReady() {}
    /// The flow ended: stop and release its steppers and screens.
    func terminate() { isLive = false }
}

/// The runtime node of a live flow of type `F`.
final class FlowBox<F: Flow>: FlowNodeHandle, @unchecked Sendable {
    // @unchecked: see FlowNodeHandle.
    typealias StepType = F.StepType

    struct ScreenEntry {
        let screen: Screen<StepType>
        let visibility: Visibility
        var steppers: [StepperAttachment<F>] = []
        var isPresented = true
    }

    let flow: F
    /// Hands an exit to the parent; `nil` for a root.
    let exitSink: ((F.ExitType) -> Void)?
    @exclusivity(unchecked) var flowSteppers: [StepperAttachment<F>] = []
    @exclusivity(unchecked) var screens: [ScreenInstanceID: ScreenEntry] = [:]
    @exclusivity(unchecked) var isReady = false

    init(flow: F, info: FlowInfo, coordinator: Coordinator, exitSink: ((F.ExitType) -> Void)?) {
        self.flow = flow
        self.exitSink = exitSink
        super.init(info: info, coordinator: coordinator)
    }

    func record(_ step: StepType) -> StepRecord {
        StepRecord(flow: info, step: step.stepID)
    }

    /// Runs `adapt`, then `navigate`, for a step that passed the gate.
    ///
    /// `coordinator` is the job's, passed down rather than read from
    /// ``FlowNodeHandle/coordinator``: a borrowed argument costs no retain
    /// and release on every step.
    func receive(_ step: StepType, origin: StepOrigin, in coordinator: Coordinator) {
        switch flow.adapt(step: step) {
        case .step(let adapted):
            navigate(adapted, origin: origin, in: coordinator)
        case .none:
            coordinator.reportDropped(record(step), .filteredByAdapt)
        case .deferred(let ask):
            coordinator.deferAdaptation(ask, of: step, for: self) { box, adapted, coordinator in
                box.navigate(adapted, origin: origin, in: coordinator)
            }
        }
    }

    /// Navigates `step` and applies the result. Returns whether the flow
    /// handled it.
    @discardableResult
    func navigate(_ step: StepType, origin: StepOrigin, in coordinator: Coordinator) -> Bool {
        coordinator.emit { .willNavigate(self.record(step), origin: origin) }
        let navigation = flow.navigate(to: step)
        guard navigation.isHandled else {
            coordinator.reportDropped(record(step), .unhandled)
            return false
        }
        coordinator.apply(navigation, of: self, step: step)
        return true
    }

    override func accepts(_ step: any Step) -> Bool { step is StepType }

    override func deliverDeepLink(_ step: any Step, to tally: DeepLinkTally) {
        guard let step = step as? StepType else { return }
        tally.expect()
        let finish = { [info] (handled: Bool) in tally.record(info, handled: handled) }
        switch flow.adapt(step: step) {
        case .step(let adapted):
            finish(navigate(adapted, origin: .deepLink, in: coordinator))
        case .none:
            coordinator.reportDropped(record(step), .filteredByAdapt)
            finish(false)
        case .deferred(let ask):
            coordinator.deferAdaptation(ask, of: step, for: self, onDrop: { finish(false) }) { box, adapted, coordinator in
                finish(box.navigate(adapted, origin: .deepLink, in: coordinator))
            }
        }
    }

    override func select(action index: Int, on screen: PresentedScreen) {
        guard let entry = screens[screen.id] else {
            let step = screen.actions.indices.contains(index) ? screen.actions[index].step : "action[\(index)]"
            return coordinator.reportDropped(StepRecord(flow: info, step: step), .screenDismissed(screen: screen.qualifiedID))
        }
        guard entry.screen.actions.indices.contains(index) else {
            let labels = entry.screen.actions.enumerated().map { "\($0.offset) '\($0.element.label)'" }
            return coordinator.reportDropped(
                StepRecord(flow: info, step: "action[\(index)]"),
                .noSuchAction(screen: screen.qualifiedID, action: "\(index); it has \(labels.isEmpty ? "none" : labels.joined(separator: ", "))")
            )
        }
        let action = entry.screen.actions[index]
        if let reason = coordinator.gate(screen.id, qualifiedID: screen.qualifiedID, visibility: entry.visibility) {
            return coordinator.reportDropped(record(action.step), reason)
        }
        receive(action.step, origin: .screen(screen.id, screenID: entry.screen.id, action: action.label), in: coordinator)
    }

    override func screenRemoved(_ id: ScreenInstanceID) {
        guard var entry = screens[id] else { return }
        if entry.visibility.contains(.allowStepsWhenDismissed) {
            // Kept, steppers running, until the flow ends.
            entry.isPresented = false
            screens[id] = entry
            return
        }
        screens[id] = nil
        entry.steppers.forEach { $0.detach(because: .screenDismissed(screen: $0.screenQualifiedID)) }
    }

    override func becameReady() {
        isReady = true
        // Only the flow's own stepper waits for readiness; contributed
        // steppers were told after the navigation that contributed them.
        for attachment in flowSteppers {
            if case .flowStepper = attachment.binding { attachment.stepper?.readyToEmitSteps() }
        }
    }

    override func terminate() {
        super.terminate()
        let screenSteppers = screens.keys.sorted().flatMap { screens[$0]!.steppers }  // keys come from `screens`
        screens = [:]
        let steppers = flowSteppers
        flowSteppers = []
        for attachment in steppers + screenSteppers { attachment.detach(because: .flowEnded) }
    }
}

/// Collects the flows' answers to one deep link, some of which may arrive
/// later (a deferred `adapt`), and reports once all have.
final class DeepLinkTally: @unchecked Sendable {
    // @unchecked: used on the coordinator's queue only.
    private var result = DeepLinkResult()
    private var outstanding = 1  // the delivery pass itself
    private let finish: (DeepLinkResult) -> Void

    init(finish: @escaping (DeepLinkResult) -> Void) { self.finish = finish }

    func expect() { outstanding += 1 }

    func recordEnded(_ flow: FlowInfo) { result.endedBeforeDelivery.append(flow) }

    func record(_ flow: FlowInfo, handled: Bool) {
        if handled { result.handledBy.append(flow) } else { result.declinedBy.append(flow) }
        settle()
    }

    /// Called once the delivery pass over the tree is done.
    func settle() {
        outstanding -= 1
        if outstanding == 0 { finish(result) }
    }
}
