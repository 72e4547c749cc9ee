import Dispatch
import Stepflow
import StepflowTesting

/// The steps most tests use.
enum TestStep: Step {
    case start
    case a, b, c, d
    case next(Int)
    case spawn(Int)
    case childEnded(Int)
    case done
}

/// The exits of test child flows.
enum TestExit: Step {
    case finished
    case finishedWith(Int)
    case note(String)
}

/// A flow whose `navigate` and `adapt` are closures, and which records the
/// steps it was asked to adapt and navigate (for assertions only; the
/// closures themselves stay pure).
final class TestFlow<StepType: Step, ExitType: Step>: Flow {
    let name: String
    private let navigateBody: @Sendable (StepType) -> Navigation<StepType, ExitType>
    private let adaptBody: @Sendable (StepType) -> Adaptation<StepType>
    private let log = Locked<(adapted: [StepType], navigated: [StepType])>(([], []))

    init(
        _ name: String,
        adapt: @escaping @Sendable (StepType) -> Adaptation<StepType> = { .step($0) },
        navigate: @escaping @Sendable (StepType) -> Navigation<StepType, ExitType>
    ) {
        self.name = name
        self.adaptBody = adapt
        self.navigateBody = navigate
    }

    func adapt(step: StepType) -> Adaptation<StepType> {
        log.withLock { $0.adapted.append(step) }
        return adaptBody(step)
    }

    func navigate(to step: StepType) -> Navigation<StepType, ExitType> {
        log.withLock { $0.navigated.append(step) }
        return navigateBody(step)
    }

    var adapted: [StepType] { log.withLock { $0.adapted } }
    var navigated: [StepType] { log.withLock { $0.navigated } }
}

/// A stepper driven by hand: emit from the test, from any thread.
final class ManualStepper<StepType: Step>: Stepper {
    let steps = StepRelay<StepType>()
    let initialSteps: [StepType]
    let declaredSteps: [StepType]
    private let onReady: (@Sendable (ManualStepper) -> Void)?
    private let lifecycle = Locked<(ready: Int, stopped: Int)>((0, 0))

    init(
        initial: [StepType] = [],
        declared: [StepType]? = nil,
        onReady: (@Sendable (ManualStepper) -> Void)? = nil
    ) {
        self.initialSteps = initial
        self.declaredSteps = declared ?? initial
        self.onReady = onReady
    }

    func emit(_ step: StepType) { steps.emit(step) }

    func readyToEmitSteps() {
        lifecycle.withLock { $0.ready += 1 }
        onReady?(self)
    }

    func stopEmittingSteps() { lifecycle.withLock { $0.stopped += 1 } }

    var readyCount: Int { lifecycle.withLock { $0.ready } }
    var stopCount: Int { lifecycle.withLock { $0.stopped } }
}

/// Holds weak references to objects a test wants to see released.
final class Tracker: Sendable {
    private final class Weak: @unchecked Sendable {
        // @unchecked: `object` is only read and written under the tracker's lock.
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    private let refs = Locked<[(label: String, ref: Weak)]>([])

    /// Tracks `object`, returning it.
    @discardableResult
    func track<T: AnyObject>(_ object: T, _ label: String) -> T {
        refs.withLock { $0.append((label, Weak(object))) }
        return object
    }

    var tracked: Int { refs.withLock { $0.count } }

    /// Labels of the tracked objects still alive.
    var alive: [String] {
        refs.withLock { refs in refs.filter { $0.ref.object != nil }.map(\.label) }
    }
}

/// A screen whose actions emit the given steps, labelled by their ids.
func screen(_ id: String, _ steps: TestStep...) -> Screen<TestStep> {
    Screen(id: id, title: "Title of \(id)", actions: steps.map { ScreenAction($0.stepID, $0) })
}

/// A coordinator with a recording navigator and an event recorder.
func makeCoordinator() -> (Coordinator, RecordingNavigator, EventRecorder) {
    let navigator = RecordingNavigator()
    let coordinator = Coordinator(queue: DispatchQueue(label: "test.coordinator"), navigator: navigator)
    let events = EventRecorder(observing: coordinator)
    return (coordinator, navigator, events)
}
