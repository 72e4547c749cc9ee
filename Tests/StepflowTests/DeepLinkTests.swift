import Stepflow
import StepflowTesting
import Testing

/// The steps of the tabs in the deep-link tree.
enum TabStep: Step {
    case start
    case open(String)
    case openNewTab
}

@Suite("Deep links")
struct DeepLinkTests {
    /// root (TestStep) ─┬─ tab1 (TabStep) ── tab1.inner (TabStep)
    ///                  └─ tab2 (TabStep)
    /// A tab receiving `.openNewTab` starts a new child tab.
    private func makeTree(log: Locked<[String]>) -> (Coordinator, EventRecorder) {
        let (coordinator, _, events) = makeCoordinator()
        @Sendable func tab(_ name: String, inner: Bool) -> TestFlow<TabStep, Never> {
            TestFlow<TabStep, Never>(name) { step in
                switch step {
                case .start:
                    return inner ? .start(tab("\(name).inner", inner: false), with: OneStepper(TabStep.start)) : .none
                case .open(let target):
                    log.withLock { $0.append("\(name) opens \(target)") }
                    return target == name ? .show(Screen(id: target, title: target)) : .unhandled
                case .openNewTab:
                    log.withLock { $0.append("\(name) opens a new tab") }
                    return .start(tab("\(name).new", inner: false), with: NoneStepper())
                }
            }
        }
        let root = TestFlow<TestStep, Never>("root") { step in
            step == .start
                ? .multiple(
                    .start(tab("tab1", inner: true), with: OneStepper(TabStep.start)),
                    .start(tab("tab2", inner: false), with: OneStepper(TabStep.start))
                )
                : .none
        }
        coordinator.coordinate(flow: root, with: OneStepper(TestStep.start))
        coordinator.waitUntilIdle()
        return (coordinator, events)
    }

    @Test func aDeepLinkReachesEveryLiveFlowOfItsTypeParentsFirstInStartOrder() {
        let log = Locked<[String]>([])
        let (coordinator, _) = makeTree(log: log)
        let result = Locked<DeepLinkResult?>(nil)
        coordinator.navigate(to: TabStep.open("tab2")) { outcome in result.withLock { $0 = outcome } }
        coordinator.waitUntilIdle()

        #expect(log.withLock { $0 } == ["tab1 opens tab2", "tab1.inner opens tab2", "tab2 opens tab2"])
        #expect(result.withLock { $0 }?.handledBy.map(\.name) == ["tab2"])
        #expect(result.withLock { $0 }?.declinedBy.map(\.name) == ["tab1", "tab1.inner"])
    }

    @Test func flowsStartedByADeepLinkDoNotReceiveItAgain() {
        let log = Locked<[String]>([])
        let (coordinator, _) = makeTree(log: log)
        coordinator.navigate(to: TabStep.openNewTab)
        coordinator.waitUntilIdle()

        #expect(log.withLock { $0 } == ["tab1 opens a new tab", "tab1.inner opens a new tab", "tab2 opens a new tab"])
        let names = coordinator.currentState.flows.values.map(\.info.name).sorted()
        #expect(names == ["root", "tab1", "tab1.inner", "tab1.inner.new", "tab1.new", "tab2", "tab2.new"])
    }

    @Test func anUnhandledDeepLinkIsReported() {
        let log = Locked<[String]>([])
        let (coordinator, events) = makeTree(log: log)
        coordinator.navigate(to: TabStep.open("settings"))
        coordinator.navigate(to: TestExit.finished)  // no live flow takes TestExit
        coordinator.waitUntilIdle()

        let deepLinks = events.events.compactMap { event -> String? in
            if case .deepLink = event { return event.description }
            return nil
        }
        #expect(
            deepLinks == [
                "deep link open(\"settings\"): unhandled (declined by tab1, tab1.inner, tab2)",
                "deep link finished: unhandled (no live flow takes this step type)",
            ])
    }

    @Test func aFlowEndedByAnEarlierDeliveryOfTheSameLinkIsReportedNotSkipped() {
        let (coordinator, _, events) = makeCoordinator()
        let child = TestFlow<TestStep, TestExit>("child") { _ in .none }
        let root = TestFlow<TestStep, TestExit>("root") { step in
            switch step {
            case .start: .start(child, with: NoneStepper(), onExit: { _ in .done })
            case .done: .end(.finished)  // ends the whole tree, the child with it
            default: .none
            }
        }
        coordinator.coordinate(flow: root, with: OneStepper(.start))
        coordinator.waitUntilIdle()
        let result = Locked<DeepLinkResult?>(nil)
        coordinator.navigate(to: TestStep.done) { outcome in result.withLock { $0 = outcome } }
        coordinator.waitUntilIdle()

        #expect(result.withLock { $0 }?.handledBy.map(\.name) == ["root"])
        #expect(result.withLock { $0 }?.endedBeforeDelivery.map(\.name) == ["child"])
        #expect(child.navigated.isEmpty)
        #expect(events.droppedSteps.map(\.step) == ["child.done"])
        #expect(events.droppedSteps.map(\.reason) == [.flowEnded])
    }

    @Test func aDeepLinkGoesThroughAdaptAndMayBeDeferred() {
        let (coordinator, _, _) = makeCoordinator()
        let flow = TestFlow<TestStep, Never>(
            "root",
            adapt: { step in step == .b ? .deferred { completion in completion(.c) } : .step(step) },
            navigate: { step in step == .c ? .show(screen("deep")) : .none }
        )
        coordinator.coordinate(flow: flow, with: OneStepper(.start))
        let result = Locked<DeepLinkResult?>(nil)
        coordinator.navigate(to: TestStep.b) { outcome in result.withLock { $0 = outcome } }
        coordinator.waitUntilIdle()

        #expect(flow.navigated == [.start, .c])
        #expect(result.withLock { $0 }?.isHandled == true)
    }
}
