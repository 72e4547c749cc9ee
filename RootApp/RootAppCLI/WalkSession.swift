#if canImport(Glibc)
import Glibc
#endif
import BundledModules
import Dispatch
import Stepflow
import StepflowGraph
import StepflowManifest

/// Real time whose waiting timers can be run at once (`s` in a walk).
final class SkippableClock: StepClock {
    private struct Pending {
        let id: Int
        let deadline: DispatchTime
        let action: @Sendable () -> Void
        let scheduled: any ScheduledAction
    }

    private let base = DispatchClock()
    /// How much faster than real time timers run: `ROOTAPP_TIME_SCALE=60`
    /// makes a minute pass in a second (for demonstrations and tests).
    private let scale: Double = getenv("ROOTAPP_TIME_SCALE").flatMap { Double(String(cString: $0)) }.map { max(1, $0) } ?? 1
    private let pending = Locked<(next: Int, items: [Pending])>((0, []))

    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any ScheduledAction {
        let seconds = (Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18) / scale
        let delay = Duration.nanoseconds(Int64(seconds * 1e9))
        let id = pending.withLock { state in
            state.next += 1
            return state.next
        }
        let fire: @Sendable () -> Void = { [pending] in
            let isPending = pending.withLock { state in
                guard let index = state.items.firstIndex(where: { $0.id == id }) else { return false }
                state.items.remove(at: index)
                return true
            }
            if isPending { action() }
        }
        let scheduled = base.schedule(after: delay, fire)
        pending.withLock { $0.items.append(Pending(id: id, deadline: .now() + seconds, action: fire, scheduled: scheduled)) }
        return Cancel { [pending] in
            pending.withLock { $0.items.removeAll { $0.id == id } }
            scheduled.cancel()
        }
    }

    /// Seconds until the next timer fires; `nil` when none waits.
    var secondsLeft: Int? {
        pending.withLock { state in
            state.items.map(\.deadline).min().map { deadline in
                let now = DispatchTime.now().uptimeNanoseconds
                guard deadline.uptimeNanoseconds > now else { return 0 }
                // Seconds as the person reads them: scaled back to the timer's own time.
                return Int((Double(deadline.uptimeNanoseconds - now) * scale / 1e9).rounded(.up))
            }
        }
    }

    /// Runs every waiting timer now. Returns whether any waited.
    @discardableResult
    func skip() -> Bool {
        let due = pending.withLock { state -> [Pending] in
            let due = state.items
            return due
        }
        for item in due {
            item.scheduled.cancel()
            item.action()
        }
        return !due.isEmpty
    }

    private struct Cancel: ScheduledAction {
        let body: @Sendable () -> Void
        func cancel() { body() }
    }
}

/// Remembers the last state rendered, for the session to read.
final class StateHolder: Navigator {
    private let latest = Locked(NavigationState())
    func render(_ state: NavigationState, changes: [NavigationChange]) { latest.withLock { $0 = state } }
    var state: NavigationState { latest.withLock { $0 } }
}

/// One run of a variant on the real coordinator, driven step by step by a
/// person, a script or a check: choose an action, go back, let time pass.
final class WalkSession {
    let manifest: Manifest
    let coordinator: Coordinator
    let clock = SkippableClock()
    let recorder: LiveWalkRecorder
    private let holder = StateHolder()
    /// The screen on top before the last input, for the recorder.
    private var previousTop: PresentedScreen?
    /// The variant's states, when coverage is measured: each waiting state
    /// the walk passes through is looked up in it.
    private let states: StateGraph?
    /// The state the engine waits in, if `states` lists it.
    private(set) var stateIndex: Int?
    /// The transitions of `states` walked so far.
    private(set) var walkedTransitions: Set<Int> = []
    /// The projection nodes touched so far (node ids).
    private(set) var touched: Set<String> = []
    private let log = Locked<(trace: [String], ending: String?)>(([], nil))

    init(manifest: Manifest, states: StateGraph? = nil) {
        self.manifest = manifest
        self.states = states
        self.recorder = LiveWalkRecorder(app: manifest.app.id)
        coordinator = Coordinator(queue: DispatchQueue(label: "rootapp.walk"), navigator: holder)
        let recorder = self.recorder
        let log = self.log
        coordinator.observe { event in
            recorder.record(event)
            switch event {
            case .didNavigate(let step, _): log.withLock { $0.trace.append(step.description) }
            case .dropped(let step, let reason): log.withLock { $0.trace.append("\(step) dropped: \(reason)") }
            case .coordinationEnded(let exit): log.withLock { $0.ending = exit.description }
            default: break
            }
        }
        let root = RootFlow(manifest: manifest, registry: BundledModules.registry, environment: ModuleEnvironment(clock: clock))
        coordinator.coordinate(flow: root, with: OneStepper(.start))
        settle()
    }

    /// The screen on top; `nil` once the app has ended.
    var top: PresentedScreen? { holder.state.topScreen }
    /// The steps navigated so far, as `flow.step`.
    var trace: [String] { log.withLock { $0.trace } }
    /// How the app ended (`app.finished(…)`), once it has.
    var ending: String? { log.withLock { $0.ending } }
    /// Whether a timer waits on the screen on top.
    var timerWaits: Bool { clock.secondsLeft != nil }

    /// Waits for the engine to finish what was queued. `action` is the
    /// index of the action just chosen (`nil` for a timer), to tell apart
    /// two inputs that lead to the same state.
    func settle(action: Int? = nil) {
        coordinator.waitUntilIdle(includingPendingAdaptations: false)
        let top = self.top
        touched.formUnion(recorder.take(from: previousTop, to: top))
        previousTop = top
        guard let states else { return }
        let reached = states.state(of: coordinator.engineState)
        if let from = stateIndex, let reached,
           let transition = states.transitions(from: from).indices.first(where: { position in
               let candidate = states.transitions[position]
               guard candidate.to == reached else { return false }
               if case .choose(let index, _, _) = candidate.input.kind { return index == action }
               return action == nil
           }) {
            walkedTransitions.insert(transition)
        }
        stateIndex = reached
    }

    /// The actions a number picks: numbered from 1, back actions aside.
    static func numbered(_ screen: PresentedScreen) -> [Int] {
        screen.actions.indices.filter { screen.actions[$0].role != .back }
    }

    /// Chooses an action by its number or its label (case-insensitive).
    /// Returns an error to show when there is no such action.
    func choose(_ choice: String) -> String? {
        guard let screen = top else { return "the app has ended; there is nothing to choose." }
        let numbered = Self.numbered(screen)
        let index: Int?
        if let number = Int(choice) {
            index = numbered.indices.contains(number - 1) ? numbered[number - 1] : nil
        } else {
            index = screen.actions.firstIndex { $0.label.lowercased() == choice.lowercased() }
        }
        guard let index else {
            let labels = screen.actions.map { "'\($0.label)'" }.joined(separator: ", ")
            let keys = numbered.isEmpty ? "" : numbered.count == 1 ? "1 or " : "1-\(numbered.count) or "
            return "no action '\(choice)' on \(screen.qualifiedID). Choose \(keys)a label: \(labels)."
        }
        coordinator.select(action: index, on: screen)
        settle(action: index)
        return nil
    }

    /// Chooses the screen's back action.
    func back() -> String? {
        guard let screen = top else { return "the app has ended; there is nowhere to go back to." }
        guard let index = screen.actions.firstIndex(where: { $0.role == .back }) else {
            return "\(screen.qualifiedID) has no way back."
        }
        coordinator.select(action: index, on: screen)
        settle(action: index)
        return nil
    }

    /// Lets waiting timers fire now.
    func skipTime() -> String? {
        guard clock.skip() else { return "no timer is waiting on \(top?.qualifiedID ?? "this screen")." }
        settle()
        return nil
    }
}
