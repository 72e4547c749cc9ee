import Dispatch
import Stepflow
import StepflowTesting
import Testing

/// Links at the engine: a root that starts a child at a step, and links
/// to that child delivered, restarted, held or declined, from many
/// threads at once.
@Suite("Opening links on the coordinator")
struct LinkEngineTests {
    /// A root that starts `child` at `.start`, or at `.next(n)` when linked.
    static func root() -> TestFlow<TestStep, TestExit> {
        TestFlow("root") { step in
            switch step {
            case .start: .start(child(), with: OneStepper(.start), onExit: { _ in .done })
            case .spawn(let n): .start(child(), with: OneStepper(.next(n)), onExit: { _ in .done })
            case .done: .end(.finished)
            default: .none
            }
        }
    }

    static func child() -> TestFlow<TestStep, TestExit> {
        TestFlow("child") { step in
            switch step {
            case .start: .show(screen("home", .done))
            case .next(let n): .show(screen("item\(n % 3)"), as: .replace)
            case .done: .end(.finished)
            default: .unhandled
            }
        }
    }

    static func link(_ n: Int, otherwise: LinkFallback) -> LinkDelivery {
        LinkDelivery(address: "item/\(n)", target: "child", step: TestStep.next(n), otherwise: otherwise)
    }

    @Test("Links opened from many threads at once are each delivered and reported once, in the queue's order")
    func manyThreads() async throws {
        let (coordinator, navigator, events) = makeCoordinator()
        coordinator.coordinate(flow: Self.root(), with: OneStepper(.start))
        coordinator.waitUntilIdle()
        let threads = 8, perThread = 100
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for n in 0..<perThread {
                coordinator.open(Self.link(thread * perThread + n, otherwise: .restart(TestStep.spawn(0))))
            }
        }
        coordinator.waitUntilIdle()
        let outcomes = events.events.compactMap { event -> String? in
            if case .link(_, let outcome) = event { return outcome.description }
            return nil
        }
        #expect(outcomes.count == threads * perThread)
        #expect(outcomes.allSatisfy { $0 == "delivered: handled by child" })
        #expect(navigator.state.shownIDs.count == 1, "each link replaces the child's screen")
        // The async form returns how it ended.
        let outcome = await coordinator.open(Self.link(7, otherwise: .wait))
        #expect(outcome.isHandled)
    }

    @Test("A link that arrives while its flow ends mid-flight restarts it, is held, or is declined: never lost")
    func whileEnding() async throws {
        // The child ends, and its exit ends the root: a link held on the
        // way is reported when the app ends; one opened after, at once.
        let (ending, _, events) = makeCoordinator()
        ending.coordinate(flow: Self.root(), with: OneStepper(.start))
        ending.waitUntilIdle()
        let other = LinkDelivery(address: "other", target: "other", step: TestStep.a, otherwise: .wait)
        ending.open(other, completion: nil)
        ending.select(action: 0, on: ending.currentState.topScreen!)
        ending.waitUntilIdle()
        let late = await ending.open(Self.link(2, otherwise: .wait))
        let declined = await ending.open(Self.link(3, otherwise: .decline(reason: "Not now.")))
        let said = events.events.compactMap { event -> String? in
            if case .link = event { return event.description }
            return nil
        }
        #expect(
            said == [
                "link other: held until its flow starts",
                "link other: held, and the app ended before its flow started",
                "link item/2: held, and the app ended before its flow started",
                "link item/3: declined: Not now.",
            ])
        #expect(late == .endedWhileHeld)
        #expect(declined == .declined(reason: "Not now."))
        // On a fresh app, restarting starts the child at the link.
        let (fresh, freshNavigator, _) = makeCoordinator()
        fresh.coordinate(
            flow: TestFlow<TestStep, TestExit>("root") { step in
                step == .spawn(4) ? .start(Self.child(), with: OneStepper(.next(4)), onExit: { _ in .done }) : .none
            }, with: OneStepper(.start))
        let restarted = await fresh.open(Self.link(4, otherwise: .restart(TestStep.spawn(4))))
        #expect(restarted.description == "restarted: handled by root")
        fresh.waitUntilIdle()
        #expect(freshNavigator.state.shownIDs == ["child/item1"])
    }
}
