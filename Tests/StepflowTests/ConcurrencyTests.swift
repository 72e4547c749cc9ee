import Dispatch
import Stepflow
import StepflowTesting
import Testing

@Suite("Steps from many threads")
struct ConcurrencyTests {
    /// Steps tagged with the emitting thread and a sequence number.
    enum Tagged: Step {
        case start
        case step(thread: Int, sequence: Int)
    }

    /// Checks on the queue that each thread's steps arrive in order, once.
    final class OrderCheck: Sendable {
        private let state: Locked<(next: [Int], violations: Int, total: Int)>
        init(threads: Int) { state = Locked((Array(repeating: 0, count: threads), 0, 0)) }
        func record(thread: Int, sequence: Int) {
            state.withLock { state in
                if state.next[thread] != sequence { state.violations += 1 }
                state.next[thread] = sequence + 1
                state.total += 1
            }
        }
        var result: (next: [Int], violations: Int, total: Int) { state.withLock { $0 } }
    }

    @Test func eightThreadsEmitting100kStepsEachAreDeliveredOnceInTheirOrder() {
        let threads = 8
        let perThread = 100_000
        let coordinator = Coordinator()
        let check = OrderCheck(threads: threads)
        let flow = TestFlowWithoutLog<Tagged, Never> { step in
            if case .step(let thread, let sequence) = step { check.record(thread: thread, sequence: sequence) }
            return .none
        }
        // One stepper per thread, contributed to the same flow.
        let steppers = (0..<threads).map { _ in ManualStepper<Tagged>() }
        coordinator.coordinate(flow: flow, with: CompositeStepper(steppers))
        coordinator.waitUntilIdle()
        // And one stepper shared by every thread, to race on one relay.
        let shared = ManualStepper<Tagged>()
        coordinator.coordinate(flow: TestFlowWithoutLog<Tagged, Never> { _ in .none }, with: shared)

        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for sequence in 0..<perThread {
                steppers[thread].emit(.step(thread: thread, sequence: sequence))
                if sequence % 1000 == 0 { shared.emit(.start) }
            }
        }
        coordinator.waitUntilIdle()

        let result = check.result
        #expect(result.violations == 0)
        #expect(result.total == threads * perThread)
        #expect(result.next == Array(repeating: perThread, count: threads))
        #expect(coordinator.statistics.navigated == threads * perThread + threads * perThread / 1000)
        #expect(coordinator.statistics.dropped == 0)
    }

    @Test func stepsEmittedWhileTheStepperIsBeingConnectedArriveOnceInTheirOrder() {
        // A relay keeps what is emitted before its stepper is coordinated
        // and, once connected, takes no lock of its own: threads emitting
        // across the connection must neither lose a step nor reorder one
        // thread's steps. Each thread emits until the stepper is told it may
        // emit (after its connection) or 5,000 steps, then 1,000 more; many
        // rounds.
        let threads = 4
        for round in 0..<20 {
            let coordinator = Coordinator(queue: DispatchQueue(label: "test.connect.\(round)"))
            let check = OrderCheck(threads: threads)
            let flow = TestFlowWithoutLog<Tagged, Never> { step in
                if case .step(let thread, let sequence) = step { check.record(thread: thread, sequence: sequence) }
                return .none
            }
            let connected = Locked(false)
            let stepper = ManualStepper<Tagged>(onReady: { _ in connected.withLock { $0 = true } })
            let emitted = Locked([Int](repeating: 0, count: threads))
            let started = DispatchSemaphore(value: 0)
            let done = DispatchGroup()
            for thread in 0..<threads {
                // A queue each, so all four run at once (the global pool gives
                // no more threads than cores, and the emitters must overlap
                // the connection).
                DispatchQueue(label: "test.emitter.\(thread)").async(group: done) {
                    var sequence = 0
                    var after = 0
                    while after < 1_000 {
                        if sequence < 5_000, !connected.withLock({ $0 }) {
                            if sequence == 100 { started.signal() }
                        } else {
                            after += 1
                        }
                        stepper.emit(.step(thread: thread, sequence: sequence))
                        sequence += 1
                    }
                    if sequence <= 100 { started.signal() }
                    emitted.withLock { $0[thread] = sequence }
                }
            }
            for _ in 0..<threads { started.wait() }
            coordinator.coordinate(flow: flow, with: stepper)
            done.wait()
            coordinator.waitUntilIdle()

            let result = check.result
            #expect(result.violations == 0, "round \(round)")
            #expect(result.next == emitted.withLock { $0 }, "round \(round)")
            #expect(coordinator.statistics.dropped == 0, "round \(round)")
        }
    }

    @Test func aStepperConnectedAgainSendsLaterStepsToItsNewCoordinationOnly() {
        // Inside a composite, then coordinated on its own as well: its relay
        // is connected twice, and what it emits after goes the new way only,
        // from however many threads.
        let coordinator = Coordinator()
        let viaComposite = Locked(0)
        let direct = OrderCheck(threads: 4)
        let inner = ManualStepper<Tagged>()
        coordinator.coordinate(
            flow: TestFlowWithoutLog<Tagged, Never>(name: "composite") { _ in
                viaComposite.withLock { $0 += 1 }
                return .none
            },
            with: CompositeStepper([inner]))
        coordinator.waitUntilIdle()
        inner.emit(.start)
        coordinator.waitUntilIdle()
        #expect(viaComposite.withLock { $0 } == 1)

        let other = Coordinator()
        other.coordinate(
            flow: TestFlowWithoutLog<Tagged, Never>(name: "direct") { step in
                if case .step(let thread, let sequence) = step { direct.record(thread: thread, sequence: sequence) }
                return .none
            },
            with: inner)
        other.waitUntilIdle()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for sequence in 0..<5_000 { inner.emit(.step(thread: thread, sequence: sequence)) }
        }
        other.waitUntilIdle()
        coordinator.waitUntilIdle()

        #expect(viaComposite.withLock { $0 } == 1)
        #expect(direct.result.violations == 0)
        #expect(direct.result.next == Array(repeating: 5_000, count: 4))
    }

    @Test func flowsEndingWhileStepsArriveFromOtherThreadsLoseNoStepSilently() {
        let coordinator = Coordinator()
        let counts = Locked((navigated: 0, dropped: 0))
        coordinator.observe { event in
            switch event {
            case .didNavigate: counts.withLock { $0.navigated += 1 }
            case .dropped: counts.withLock { $0.dropped += 1 }
            default: break
            }
        }
        let children = (0..<4).map { _ in ManualStepper<TestStep>(declared: [.a, .done]) }
        let root = TestFlowWithoutLog<TestStep, Never> { step in
            guard case .start = step else { return .none }
            return .multiple(
                children.enumerated().map { index, stepper in
                    .start(
                        TestFlowWithoutLog<TestStep, TestExit>(name: "child\(index)") {
                            $0 == .done ? .end(.finished) : .none
                        },
                        with: stepper,
                        onExit: { _ in .b }
                    )
                })
        }
        coordinator.coordinate(flow: root, with: OneStepper(.start))
        coordinator.waitUntilIdle()
        let before = counts.withLock { $0 }

        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for i in 0..<10_000 {
                children[index].emit(i == 5_000 ? .done : .a)  // ends mid-flight
            }
        }
        coordinator.waitUntilIdle()

        let after = counts.withLock { $0 }
        // Each child navigates 5,000 `.a` and its `.done`; the root its 4
        // exits; the 4 × 4,999 steps after `.done` are dropped, each with an event.
        #expect(after.navigated - before.navigated == 4 * 5_001 + 4)
        #expect(after.dropped == 4 * 4_999)
        #expect(coordinator.currentState.flows.count == 1)
    }
}

/// A flow with a closure and no recording, for high-volume tests.
final class TestFlowWithoutLog<StepType: Step, ExitType: Step>: Flow {
    let name: String
    private let body: @Sendable (StepType) -> Navigation<StepType, ExitType>
    init(name: String = "root", _ body: @escaping @Sendable (StepType) -> Navigation<StepType, ExitType>) {
        self.name = name
        self.body = body
    }
    func navigate(to step: StepType) -> Navigation<StepType, ExitType> { body(step) }
}

extension TestFlowWithoutLog where ExitType == Never {
    convenience init(_ body: @escaping @Sendable (StepType) -> Navigation<StepType, Never>) {
        self.init(name: "root", body)
    }
}
