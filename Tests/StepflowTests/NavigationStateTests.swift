import Stepflow
import Testing

/// The pure reducer: no coordinator, no queue, just values.
@Suite("Applying commands to the state value")
struct NavigationStateTests {
    private let root = FlowInfo(id: FlowID(rawValue: 1), name: "root")
    private let child = FlowInfo(id: FlowID(rawValue: 2), name: "child")
    private let grandchild = FlowInfo(id: FlowID(rawValue: 3), name: "grandchild")
    private var lastScreen: UInt64 = 0

    private mutating func screen(
        _ id: String, in flow: FlowInfo, _ presentation: Presentation = .push
    ) -> PresentedScreen {
        lastScreen += 1
        return PresentedScreen(
            id: ScreenInstanceID(rawValue: lastScreen),
            flow: flow,
            screen: Screen<TestStep>(id: id, title: id),
            presentation: presentation,
            visibility: []
        )
    }

    private func stack(_ state: NavigationState, _ flow: FlowInfo) -> [String] {
        state.flows[flow.id]?.stack.map(\.screenID) ?? []
    }

    @Test mutating func pushPopAndPopToRootFollowTheTopLayer() {
        var state = NavigationState()
        state.apply(.startFlow(root, parent: nil))
        state.apply(.show(screen("home", in: root)))
        state.apply(.show(screen("list", in: root)))
        state.apply(.show(screen("detail", in: root)))
        #expect(stack(state, root) == ["home", "list", "detail"])

        state.apply(.pop(root.id))
        #expect(stack(state, root) == ["home", "list"])
        #expect(state.topScreen?.screenID == "list")

        state.apply(.show(screen("sheet", in: root, .modal)))
        state.apply(.show(screen("sheet-step", in: root)))
        state.apply(.popToRoot(root.id))
        #expect(stack(state, root) == ["home", "list", "sheet"], "pops to the base of the modal layer")

        state.apply(.dismiss(root.id))
        #expect(stack(state, root) == ["home", "list"])
        state.apply(.popToRoot(root.id))
        #expect(stack(state, root) == ["home"])
    }

    @Test mutating func theSameModalAgainReplacesTheOneShowingAndAnotherStacks() {
        var state = NavigationState()
        state.apply(.startFlow(root, parent: nil))
        state.apply(.show(screen("home", in: root)))
        state.apply(.show(screen("notice", in: root, .modal)))
        state.apply(.show(screen("notice-detail", in: root)))
        // The same sheet again (a link opened twice): it replaces the one
        // showing and what the flow pushed over it, never a second one.
        let again = screen("notice", in: root, .modal)
        let changes = state.apply(.show(again))
        #expect(stack(state, root) == ["home", "notice"])
        #expect(state.top == again.id)
        #expect(changes.last == .presented(again))
        #expect(changes.count == 3, "two removed, one presented: \(changes)")
        // Another sheet stacks over it, as before.
        state.apply(.show(screen("confirm", in: root, .modal)))
        #expect(stack(state, root) == ["home", "notice", "confirm"])
        // A pushed screen of the same id is no sheet: it is pushed.
        state.apply(.show(screen("confirm", in: root)))
        #expect(stack(state, root) == ["home", "notice", "confirm", "confirm"])
    }

    @Test mutating func commandsThatCannotApplySayWhyAndChangeNothing() {
        var state = NavigationState()
        state.apply(.startFlow(root, parent: nil))
        state.apply(.show(screen("home", in: root)))
        let before = state

        #expect(
            state.apply(.pop(root.id)) == [
                .rejected(
                    reason:
                        """
                        root cannot pop 'home': it is the base of its layer. To fix, return .dismiss for a modal \
                        screen or .end(…) to leave the flow.
                        """
                )
            ])
        #expect(
            state.apply(.dismiss(root.id)) == [
                .rejected(
                    reason: "root has no modal screen to dismiss. To fix, show the screen with .modal, or return .pop.")
            ])
        #expect(state.apply(.end(child.id)) == [.rejected(reason: "flow#2 has ended; end(flow#2) was not applied")])
        #expect(
            state.apply(.startFlow(grandchild, parent: child.id)) == [
                .rejected(reason: "parent flow#2 of grandchild has ended")
            ])
        #expect(state == before)
    }

    @Test mutating func replaceDismissesTheFlowsWholeStack() {
        var state = NavigationState()
        state.apply(.startFlow(root, parent: nil))
        state.apply(.show(screen("a", in: root)))
        state.apply(.show(screen("b", in: root, .modal)))
        let changes = state.apply(.show(screen("c", in: root, .replace)))

        #expect(stack(state, root) == ["c"])
        #expect(changes.map(\.description) == ["removed root/b", "removed root/a", "showed root/c (replace)"])
    }

    @Test mutating func theTopIsTheMostRecentlyPresentedScreenAcrossFlows() {
        var state = NavigationState()
        state.apply(.startFlow(root, parent: nil))
        state.apply(.show(screen("home", in: root)))
        state.apply(.startFlow(child, parent: root.id))
        state.apply(.show(screen("welcome", in: child)))
        #expect(state.topScreen?.qualifiedID == "child/welcome")

        state.apply(.show(screen("banner", in: root)))
        #expect(state.topScreen?.qualifiedID == "root/banner")

        state.apply(.pop(root.id))
        #expect(state.topScreen?.qualifiedID == "child/welcome")
    }

    @Test mutating func endingAFlowRemovesItsSubtreeChildrenFirst() {
        var state = NavigationState()
        state.apply(.startFlow(root, parent: nil))
        state.apply(.show(screen("home", in: root)))
        state.apply(.startFlow(child, parent: root.id))
        state.apply(.show(screen("one", in: child)))
        state.apply(.show(screen("two", in: child)))
        state.apply(.startFlow(grandchild, parent: child.id))
        state.apply(.show(screen("deep", in: grandchild)))

        let changes = state.apply(.end(child.id))
        #expect(
            changes.map(\.description) == [
                "removed grandchild/deep", "ended grandchild",
                "removed child/two", "removed child/one", "ended child",
            ])
        #expect(state.flowsInTreeOrder == [root.id])
        #expect(state.flows[root.id]?.children == [])
        #expect(state.topScreen?.qualifiedID == "root/home")
        #expect(!state.isPresented(ScreenInstanceID(rawValue: 4)))
    }

    @Test mutating func treeOrderIsParentsFirstSiblingsInStartOrder() {
        var state = NavigationState()
        let flows = (1...6).map { FlowInfo(id: FlowID(rawValue: UInt32($0)), name: "f\($0)") }
        state.apply(.startFlow(flows[0], parent: nil))
        state.apply(.startFlow(flows[1], parent: flows[0].id))
        state.apply(.startFlow(flows[2], parent: flows[0].id))
        state.apply(.startFlow(flows[3], parent: flows[1].id))
        state.apply(.startFlow(flows[4], parent: nil))
        state.apply(.startFlow(flows[5], parent: flows[2].id))

        #expect(state.flowsInTreeOrder.map(\.rawValue) == [1, 2, 4, 3, 6, 5])
    }

    @Test mutating func readinessIsRecordedOnce() {
        var state = NavigationState()
        state.apply(.startFlow(root, parent: nil))
        #expect(state.apply(.markReady(root.id)) == [.flowReady(root)])
        #expect(state.apply(.markReady(root.id)) == [])
        #expect(state.flows[root.id]?.isReady == true)
    }
}
