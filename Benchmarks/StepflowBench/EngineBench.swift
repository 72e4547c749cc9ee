#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Stepflow

// The engine against its floors: a bare queue hop, a direct switch, and an
// Rx-style chain built by hand (subject → filter → map → observe-on → sink).

enum BenchStep: Step {
    case start
    case tick(Int)
    case spawn(Int)
    case done

    var stepID: String {
        switch self {
        case .start: "start"
        case .tick(let n): "tick(\(n))"
        case .spawn(let n): "spawn(\(n))"
        case .done: "done"
        }
    }
}

enum BenchExit: Step { case finished }

/// Counts steps. Written only on the queue being measured and read after
/// that queue is idle (waitUntilIdle or sync), so no lock is needed.
final class Counter: @unchecked Sendable {
    // @unchecked: see above; one writer at a time, reads after a sync.
    var value = 0
}

/// A stepper the benchmark emits through.
final class BenchStepper: Stepper {
    let steps = StepRelay<BenchStep>()
    let initialSteps: [BenchStep]
    init(initial: [BenchStep] = []) { initialSteps = initial }
    var declaredSteps: [BenchStep] { [] }
}

/// Counts the ticks it navigates; starts its child on `.start`.
final class LevelFlow: Flow {
    let name: String
    let child: (@Sendable () -> LevelFlow)?
    let stepper: BenchStepper?
    let counter: Counter
    init(name: String, counter: Counter, stepper: BenchStepper? = nil, child: (@Sendable () -> LevelFlow)? = nil) {
        self.name = name
        self.counter = counter
        self.stepper = stepper
        self.child = child
    }
    func navigate(to step: BenchStep) -> Navigation<BenchStep, BenchExit> {
        switch step {
        case .start:
            if let child { return .start(child(), with: OneStepper(.start), onExit: { _ in .done }) }
            if let stepper { return .contribute(stepper) }
            return .none
        case .tick:
            counter.value += 1
            return .none
        case .spawn, .done:
            return .none
        }
    }
}

/// Navigates and renders nothing.
final class NoOpNavigator: Navigator {
    func render(_ state: NavigationState, changes: [NavigationChange]) {}
}

/// A root → child → grandchild tree; the grandchild contributes `stepper`.
func threeLevels(_ counter: Counter, _ stepper: BenchStepper, queue: DispatchQueue) -> Coordinator {
    let coordinator = Coordinator(queue: queue, navigator: NoOpNavigator())
    let root = LevelFlow(
        name: "root", counter: counter,
        child: {
            LevelFlow(
                name: "child", counter: counter,
                child: {
                    LevelFlow(name: "grandchild", counter: counter, stepper: stepper)
                })
        })
    coordinator.coordinate(flow: root, with: OneStepper(.start))
    coordinator.waitUntilIdle()
    return coordinator
}

/// Nanoseconds per step.
struct EngineFigures {
    var crossThread = Timing(median: 0, min: 0, max: 0), hop = Timing(median: 0, min: 0, max: 0)
    var onQueue = Timing(median: 0, min: 0, max: 0), directSwitch = Timing(median: 0, min: 0, max: 0)
    var rxChain = Timing(median: 0, min: 0, max: 0)
}

/// 1-3: ns per step.
func engineBenchmarks(steps: Int, runs: Int) -> EngineFigures {
    var figures = EngineFigures()
    let count = Counter()
    let emitter = DispatchQueue(label: "bench.emitter")

    // 1. Cross-thread: steps emitted on another queue, routed through the
    // tree to a no-op navigator; against a bare queue.async + switch.
    figures.crossThread = measure(runs: runs) {
        count.value = 0
        let stepper = BenchStepper()
        let coordinator = threeLevels(count, stepper, queue: DispatchQueue(label: "bench.coordinator"))
        emitter.sync { for n in 0..<steps { stepper.steps.emit(.tick(n)) } }
        coordinator.waitUntilIdle()
        precondition(count.value == steps, "every step delivered")
    }.per(steps)
    figures.hop = measure(runs: runs) {
        count.value = 0
        let queue = DispatchQueue(label: "bench.hop")
        emitter.sync {
            for n in 0..<steps {
                let step = BenchStep.tick(n)
                queue.async {
                    switch step {
                    case .tick: count.value += 1
                    default: break
                    }
                }
            }
        }
        queue.sync {}
        precondition(count.value == steps)
    }.per(steps)

    // 2. On the queue: steps queued while the queue is suspended, then
    // handled in one drain; against a direct switch over the same steps.
    figures.onQueue = measureTimed(runs: runs) {
        count.value = 0
        let queue = DispatchQueue(label: "bench.onqueue")
        let stepper = BenchStepper()
        let coordinator = threeLevels(count, stepper, queue: queue)
        queue.suspend()
        for n in 0..<steps { stepper.steps.emit(.tick(n)) }
        let start = now()
        queue.resume()
        coordinator.waitUntilIdle()
        let elapsed = now() - start
        precondition(count.value == steps)
        return elapsed
    }.per(steps)
    let script = (0..<steps).map { BenchStep.tick($0) }
    figures.directSwitch = measure(runs: runs) {
        count.value = 0
        for step in script {
            switch step {
            case .tick: count.value += 1
            default: break
            }
        }
        consume(count.value)
    }.per(steps)

    // 3. An Rx-style chain with a queue hop, built by hand.
    figures.rxChain = measure(runs: runs) {
        count.value = 0
        let subject = Subject<BenchStep>()
        let hop = DispatchQueue(label: "bench.rx")
        subject
            .filter { if case .tick = $0 { true } else { false } }
            .map { step -> Int in if case .tick(let n) = step { n } else { -1 } }
            .observe(on: hop)
            .sink { _ in count.value += 1 }
        emitter.sync { for n in 0..<steps { subject.send(.tick(n)) } }
        hop.sync {}
        precondition(count.value == steps)
    }.per(steps)
    return figures
}

/// A minimal Rx-style observable: what an RxSwift pipeline does per value,
/// without the library: a closure per operator, a lock per send, a hop.
final class Observable<Value>: @unchecked Sendable {
    // @unchecked: the chain is wired before any value is sent.
    fileprivate var observer: ((Value) -> Void)?

    func filter(_ predicate: @escaping (Value) -> Bool) -> Observable<Value> {
        let next = Observable<Value>()
        observer = { value in if predicate(value) { next.observer?(value) } }
        return next
    }

    func map<T>(_ transform: @escaping (Value) -> T) -> Observable<T> {
        let next = Observable<T>()
        observer = { value in next.observer?(transform(value)) }
        return next
    }

    func observe(on queue: DispatchQueue) -> Observable<Value> {
        let next = Observable<Value>()
        observer = { value in
            nonisolated(unsafe) let value = value  // handed to one queue, used there only
            queue.async { next.observer?(value) }
        }
        return next
    }

    func sink(_ body: @escaping (Value) -> Void) { observer = body }
}

/// The source: sends under a lock, as Rx subjects do.
final class Subject<Value>: @unchecked Sendable {
    // @unchecked: sends take the lock; the chain is wired before them.
    private let root = Observable<Value>()
    private var lock = pthread_mutex_t()

    init() { pthread_mutex_init(&lock, nil) }

    func send(_ value: Value) {
        pthread_mutex_lock(&lock)
        root.observer?(value)
        pthread_mutex_unlock(&lock)
    }

    func filter(_ predicate: @escaping (Value) -> Bool) -> Observable<Value> { root.filter(predicate) }
}

/// 1-3: the engine against its floors; prints the figures.
func engineSection(steps: Int, quick: Bool) -> EngineFigures {
    // The graph runs leave a large heap behind; give back what can be, so
    // the engine is measured closer to how a fresh process would run it.
    trimHeap()
    let engine = engineBenchmarks(steps: steps, runs: quick ? 3 : 5)
    print("Engine: ns per step over \(steps) steps, median (min-max).")
    print("  cross-thread, 3-level tree:   \(spread(engine.crossThread))")
    print("    bare queue.async + switch:  \(spread(engine.hop))")
    let hopRatio = engine.crossThread.median / engine.hop.median
    print("    ratio \(fixed(hopRatio, 2)); goal <= 1.5: \(verdict(hopRatio <= 1.5))")
    print("  on the queue, no hop:         \(spread(engine.onQueue))")
    print("    direct switch:              \(spread(engine.directSwitch, 2))")
    print(
        "    the engine adds \(fixed(engine.onQueue.median - engine.directSwitch.median)) ns; goal < "
            + "150: \(verdict(engine.onQueue.median < 150))"
    )
    print("  Rx-style chain with a hop:    \(spread(engine.rxChain))")
    let rxRatio = engine.crossThread.median / engine.rxChain.median
    print("    engine / Rx chain \(fixed(rxRatio, 2)); goal < 1: \(verdict(rxRatio < 1))")
    print("")
    return engine
}
