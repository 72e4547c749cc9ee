import Stepflow
import StepflowTesting
import Testing

/// A value an exit carries: known by identity, so a test can tell when
/// nothing holds it any more.
final class Carried: Hashable, Sendable {
    static func == (a: Carried, b: Carried) -> Bool { a === b }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A module's exit that names itself and carries a value.
enum NamedExit: ModuleExit {
    case finished(Carried)
    var exitName: String { "allDone" }
}

/// A module flow that ends at once with the value it was made with.
final class EndingModuleFlow: Flow {
    enum Step: Stepflow.Step { case begin }
    let name = "module"
    let carried: Carried
    init(carried: Carried) { self.carried = carried }
    func navigate(to step: Step) -> Navigation<Step, NamedExit> { .end(.finished(carried)) }
}

/// The parent: launches the module with a new value, as a root flow does
/// on each entry (keeping only a weak reference to the value, for the
/// test), and records the exit name it is handed.
final class LaunchingFlow: Flow {
    enum Step: Stepflow.Step {
        case start
        case exited(String)
    }
    final class Watched: Sendable {
        let weakly = Locked<WeakCarried>(WeakCarried())
    }
    struct WeakCarried { weak var value: Carried? }
    let name = "parent"
    let watched = Watched()
    func navigate(to step: Step) -> Navigation<Step, Never> {
        switch step {
        case .start:
            let carried = Carried()
            watched.weakly.withLock { $0.value = carried }
            let launch = ModuleLaunch(EndingModuleFlow(carried: carried), entry: .begin)
            return launch.start(namingExits: { _, name in .exited(name) })
        case .exited: return .none
        }
    }
}

@Suite("Starting a module through its launch")
struct ModuleLaunchTests {
    /// The parent is handed the module's own name for its exit (read by
    /// the engine when the exit is taken), and once the module has ended
    /// nothing keeps the exit's value.
    @Test func theParentGetsTheExitsNameAndTheExitsValueIsLetGo() {
        let coordinator = Coordinator()
        let events = EventRecorder(observing: coordinator)
        let parent = LaunchingFlow()
        coordinator.coordinate(flow: parent, with: OneStepper(.start))
        coordinator.waitUntilIdle()
        #expect(events.navigatedSteps.contains("parent.exited(\"allDone\")"), "\(events.navigatedSteps)")
        #expect(parent.watched.weakly.withLock { $0.value } == nil, "the ended module's exit value is still held")
    }
}
