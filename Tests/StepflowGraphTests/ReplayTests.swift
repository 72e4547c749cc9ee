import BundledFixtures
import BundledModules
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowTesting
import Testing

/// Replays printed walks on a live coordinator, as a person would type
/// them into `rootapp walk`: the label (or `b`) on the screen named, a
/// timer left to finish.
enum Replay {
    /// What replaying a walk gave: the node ids touched, from the start,
    /// cut at the first touch of `target` in the last input; or why it
    /// could not be replayed.
    static func replay(
        _ walk: Walk, to target: String, manifest: Manifest, registry: ModuleRegistry = BundledModules.registry
    ) -> Result<[String], ReplayError> {
        let clock = ManualClock()
        let coordinator = Coordinator(answeredByHand: ["patient-lookup"])
        let recorder = LiveWalkRecorder(app: manifest.app.id)
        coordinator.observe { recorder.record($0) }
        let root = RootFlow(
            manifest: manifest, registry: registry,
            environment: ModuleEnvironment(clock: clock, services: BundledModules.services))
        coordinator.coordinate(flow: root, with: OneStepper(.start))
        coordinator.waitUntilIdle()
        var nodes = recorder.take(from: nil, to: coordinator.currentState.topScreen, in: coordinator.currentState)
        if walk.inputs.isEmpty, let cut = nodes.firstIndex(of: target) { nodes = Array(nodes[...cut]) }
        for (position, input) in walk.inputs.enumerated() {
            let top = coordinator.currentState.topScreen
            guard top?.qualifiedID == input.screen else {
                return .failure(
                    ReplayError(
                        """
                        input \(position + 1) is for \(input.screen ?? "no screen"), but \
                        \(top?.qualifiedID ?? "no screen") is showing
                        """
                    ))
            }
            switch input.kind {
            case .choose(let index, let label, let role):
                guard let top else { return .failure(ReplayError("no screen to choose on")) }
                // As the walk types it: `b` picks the first back action, a
                // label the first action with it.
                let typed =
                    role == .back
                    ? top.actions.firstIndex { $0.role == .back }
                    : top.actions.firstIndex { $0.label.lowercased() == label.lowercased() }
                guard typed == index else {
                    return .failure(
                        ReplayError(
                            """
                            typing \(input) on \(top.qualifiedID) picks action \
                            \(typed.map(String.init) ?? "none"), not \(index)
                            """
                        ))
                }
                coordinator.select(action: index, on: top)
            case .submit(let index, _, _, let entries):
                guard let top else { return .failure(ReplayError("no screen to submit on")) }
                coordinator.select(
                    action: index, on: top,
                    entering: Dictionary(uniqueKeysWithValues: entries.map { ($0.field, $0.value) }))
            case .emit:
                // A timer, or the lab link's next try: both wait on the clock.
                guard clock.pendingCount > 0 else {
                    return .failure(ReplayError("\(input): nothing waits on the clock"))
                }
                clock.advance(by: .seconds(3600))
            case .answer(let source, _, let answer, _, _):
                // Nobody outside is asked in a test: the answer is given by hand.
                guard coordinator.answer(source, with: answer) else {
                    return .failure(ReplayError("\(input): nothing waits for that answer"))
                }
            case .link(let address):
                guard case .success(let link) = root.route(link: address) else {
                    return .failure(ReplayError("\(input): the variant does not route \(address)"))
                }
                coordinator.open(link)
            case .select(let section, _, let flow):
                guard coordinator.selectSection(section, ofFlowNamed: flow) else {
                    return .failure(ReplayError("\(input): no live \(flow) shows that section"))
                }
            case .relaunch:
                guard coordinator.currentState.roots.isEmpty else {
                    return .failure(ReplayError("\(input): the app has not ended"))
                }
                coordinator.coordinate(flow: root, with: OneStepper(.start))
            }
            coordinator.waitUntilIdle()
            var touched = recorder.take(from: top, to: coordinator.currentState.topScreen, in: coordinator.currentState)
            if position == walk.inputs.count - 1 {
                guard let cut = touched.firstIndex(of: target) else {
                    return .failure(ReplayError("the last input did not touch \(target): \(touched)"))
                }
                touched = Array(touched[...cut])
            }
            for node in touched where nodes.last != node { nodes.append(node) }
        }
        return .success(nodes)
    }

    struct ReplayError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

@Suite("Every printed walk replays on the live engine")
struct ReplayTests {
    @Test(arguments: BundledManifests.wholeVariantNames)
    func everyTraceWalkReachesItsTargetThroughTheSameSteps(name: String) throws {
        let variant = try Bundled.variant(name)
        let graph = variant.graph
        var replayed = 0
        for (node, walk) in variant.states.shortestWalks().enumerated() {
            guard let walk else { continue }
            let id = graph.nodes[node].id
            let expected = walk.nodes.map { graph.nodes[$0].id }
            let result = Replay.replay(walk, to: id, manifest: variant.manifest)
            #expect(try result.get() == expected, "\(id)")
            replayed += 1
        }
        // Every node has a walk, a step that runs in a hidden section too
        // (help's contact tab, started unseen when help opens on its
        // topics): only the end of a variant that never ends has none.
        let unended = variant.states.states.contains(where: \.isEnded) ? 0 : 1
        #expect(replayed == graph.nodes.count - unended)
    }

    /// What path rules ask instead of every shortest walk: whether a walk
    /// touches a node, and the one walk to a node a rule refutes, are
    /// exactly ``StateGraph/shortestWalks()``'s.
    @Test(arguments: BundledManifests.wholeVariantNames)
    func aNodesShortestWalkAloneIsTheOneAmongAllWalks(name: String) throws {
        let states = try Bundled.variant(name).states
        let walks = states.shortestWalks()
        #expect(states.touchedNodes() == walks.map { $0 != nil })
        for node in walks.indices {
            #expect(states.shortestWalk(touching: node) == walks[node], "node \(node)")
        }
    }

    @Test(arguments: BundledManifests.wholeVariantNames)
    func pathsToASampleOfTargetsReplay(name: String) throws {
        let variant = try Bundled.variant(name)
        let graph = variant.graph
        for node in stride(from: 1, to: graph.nodes.count, by: 9) {
            let id = graph.nodes[node].id
            let found = variant.states.walks(to: node, limit: 4)
            #expect(!found.walks.isEmpty, "\(id)")
            #expect(found.walks.map(\.depth) == found.walks.map(\.depth).sorted(), "shortest first")
            for walk in found.walks {
                #expect(
                    try Replay.replay(walk, to: id, manifest: variant.manifest).get()
                        == walk.nodes.map { graph.nodes[$0].id }, "\(id)")
            }
        }
    }

    /// Counter-examples: for a sample of (target, avoided) pairs, the walk
    /// that reaches the target without passing the other replays, and
    /// touches the avoided node nowhere before the target.
    @Test(arguments: BundledManifests.wholeVariantNames)
    func counterExamplesReplayAndAvoidWhatTheySay(name: String) throws {
        let variant = try Bundled.variant(name)
        let graph = variant.graph
        var refuted = 0
        for target in stride(from: 2, to: graph.nodes.count, by: 5) {
            for avoided in stride(from: 3, to: graph.nodes.count, by: 11) where avoided != target {
                guard let walk = variant.states.walk(to: target, avoiding: avoided) else { continue }
                refuted += 1
                let ids = try Replay.replay(walk, to: graph.nodes[target].id, manifest: variant.manifest).get()
                #expect(ids == walk.nodes.map { graph.nodes[$0].id })
                #expect(
                    !ids.dropLast().contains(graph.nodes[avoided].id),
                    "\(graph.nodes[target].id) avoiding \(graph.nodes[avoided].id)")
            }
        }
        #expect(refuted > 0)
    }
}
