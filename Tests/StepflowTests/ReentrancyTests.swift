import Dispatch
import Stepflow
import StepflowTesting
import Testing

@Suite("Re-entrancy")
struct ReentrancyTests {
    /// Counts how deep `navigate` calls nest.
    final class DepthGauge: Sendable {
        private let depths = Locked<(current: Int, deepest: Int)>((0, 0))
        func enter() {
            depths.withLock {
                $0.current += 1
                $0.deepest = max($0.deepest, $0.current)
            }
        }
        func leave() { depths.withLock { $0.current -= 1 } }
        var deepest: Int { depths.withLock { $0.deepest } }
    }

    @Test func aStepEmittedInsideNavigateIsHandledAfterTheCurrentOne() {
        let (coordinator, _, events) = makeCoordinator()
        let gauge = DepthGauge()
        let sideChannel = ManualStepper<TestStep>(declared: [.b, .c])
        let flow = TestFlow<TestStep, Never>("root") { step in
            gauge.enter()
            defer { gauge.leave() }
            switch step {
            case .start: return .contribute(sideChannel)
            case .a:
                sideChannel.emit(.b)  // not pure, on purpose: the engine must still not recurse
                sideChannel.emit(.c)
                return .show(screen("after-a"))
            default: return .none
            }
        }
        let driver = ManualStepper<TestStep>(initial: [.start, .a])
        coordinator.coordinate(flow: flow, with: driver)
        coordinator.waitUntilIdle()

        #expect(flow.navigated == [.start, .a, .b, .c])
        #expect(gauge.deepest == 1)
        #expect(events.navigatedSteps == ["root.start", "root.a", "root.b", "root.c"])
    }

    @Test func aStepEmittedFromANavigatorCallbackIsQueuedNotNested() {
        let gauge = DepthGauge()
        let sideChannel = ManualStepper<TestStep>(declared: [.b])
        let emitted = Locked(false)
        let navigator = RecordingNavigator { state in
            guard state.topScreen?.screenID == "first" else { return }
            let first = emitted.withLock { emitted in
                defer { emitted = true }
                return !emitted
            }
            if first { sideChannel.emit(.b) }
        }
        let coordinator = Coordinator(navigator: navigator)
        let flow = TestFlow<TestStep, Never>("root") { step in
            gauge.enter()
            defer { gauge.leave() }
            switch step {
            case .start: return .multiple(.contribute(sideChannel), .show(screen("first")))
            case .b: return .show(screen("second"))
            default: return .none
            }
        }
        coordinator.coordinate(flow: flow, with: OneStepper(.start))
        coordinator.waitUntilIdle()

        #expect(flow.navigated == [.start, .b])
        #expect(gauge.deepest == 1)
        #expect(navigator.presentedScreens == ["root/first", "root/second"])
    }

    @Test func a100kStepChainDoesNotGrowTheStack() {
        let coordinator = Coordinator()
        let gauge = DepthGauge()
        let count = Locked(0)
        let flow = TestFlow<TestStep, Never>("root") { step in
            gauge.enter()
            defer { gauge.leave() }
            count.withLock { $0 += 1 }
            switch step {
            case .start: return .forward(.next(1))
            case .next(let n): return n < 100_000 ? .forward(.next(n + 1)) : .none
            default: return .none
            }
        }
        coordinator.coordinate(flow: flow, with: OneStepper(.start))
        coordinator.waitUntilIdle()

        #expect(count.withLock { $0 } == 100_001)
        #expect(gauge.deepest == 1)
        #expect(coordinator.statistics.navigated == 100_001)
    }

    /// A step whose payload emits a step when it is released.
    enum TokenStep: Step {
        case token(Token)
        case released
    }

    final class Token: Hashable, Sendable {
        let relay: StepRelay<TokenStep>
        init(relay: StepRelay<TokenStep>) { self.relay = relay }
        deinit { relay.emit(.released) }
        static func == (lhs: Token, rhs: Token) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    @Test func aStepWhosePayloadEmitsWhenReleasedDoesNotDeadlockTheInbox() {
        // The engine lets go of a delivered step when its batch is done (not
        // when the next batch starts), and outside its locks: releasing it
        // under the inbox's lock would deadlock here, as the payload's
        // deinit emits through the same inbox.
        let coordinator = Coordinator()
        let stepper = ManualStepper<TokenStep>()
        let navigated = Locked<[String]>([])
        let flow = TestFlowWithoutLog<TokenStep, Never> { step in
            navigated.withLock { $0.append(step.stepID.hasPrefix("token") ? "token" : step.stepID) }
            return .none
        }
        coordinator.coordinate(flow: flow, with: stepper)
        stepper.steps.emit(.token(Token(relay: stepper.steps)))
        stepper.steps.emit(.token(Token(relay: stepper.steps)))
        let idle = DispatchSemaphore(value: 0)
        coordinator.onIdle { idle.signal() }
        let finished = idle.wait(timeout: .now() + 20) == .success
        #expect(finished, "the inbox deadlocked")
        guard finished else { return }
        coordinator.waitUntilIdle()
        // Each token's release follows its batch; how the two tokens fall
        // into batches depends on timing.
        let order = navigated.withLock { $0 }
        #expect(order.sorted() == ["released", "released", "token", "token"])
        #expect(order.first == "token")
    }
}
