import BundledFixtures
import BundledModules
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowTesting
import Testing

/// A small, fast, seeded generator (SplitMix64).
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("The graph and the live engine agree")
struct RandomWalkTests {
    static let walksPerVariant = 1_000
    static let actionsPerWalk = 100

    /// One seeded walk on the real coordinator: at each screen an action
    /// (or letting a waiting timer fire), chosen at random; three times in
    /// four among those nearest an edge no walk has taken yet (`distance`,
    /// from the graph). Returns the edges it walked.
    static func walk(_ manifest: Manifest, graph: NavigationGraph, guide: ContextGuide, distance: [[Int]], seed: UInt64) -> (edges: Set<TransitionRecorder.Edge>, unexplained: [String]) {
        var random = SeededGenerator(state: seed)
        var edges: Set<TransitionRecorder.Edge> = []
        var unexplained: [String] = []
        // A choice made again in the same walk scores worse, so a walk that
        // loops (help, carry on, help…) moves on.
        var taken: [String: Int] = [:]
        var context = 0
        func score(_ target: Int?, _ choice: String) -> Int {
            let near = target.map { distance[$0][context] } ?? Int.max
            return near == Int.max ? Int.max : near + 3 * taken[choice, default: 0]
        }
        var budget = actionsPerWalk
        // When the app ends, the walk starts it again until its budget is spent.
        while budget > 0 {
            let clock = ManualClock()
            let coordinator = Coordinator()
            let recorder = TransitionRecorder()
            coordinator.observe { recorder.record($0) }
            let root = RootFlow(manifest: manifest, registry: BundledModules.registry, environment: ModuleEnvironment(clock: clock))
            coordinator.coordinate(flow: root, with: OneStepper(.start))
            coordinator.waitUntilIdle()
            context = 0
            while budget > 0, let top = coordinator.currentState.topScreen {
                budget -= 1
                if let root = recorder.lastRootStep, let known = guide.context(ofRootNode: root) { context = known }
                // Choices: each action, then the timer if one waits.
                var choices = top.actions.map { "\(top.qualifiedID)#\($0.label)" }
                var scores = top.actions.indices.map { score(graph.node(withID: "\(top.flow.name).\(top.actions[$0].step)"), choices[$0]) }
                if clock.pendingCount > 0, let screen = graph.node(withID: top.qualifiedID) {
                    let timer = graph.outgoing(screen).map { graph.edges[Int($0)] }.first { graph.label(of: $0) == "TimerStepper" }
                    choices.append("\(top.qualifiedID)#timer")
                    scores.append(score(timer?.to, choices[choices.count - 1]))
                }
                let best = scores.min() ?? Int.max
                let nearest = scores.indices.filter { scores[$0] == best }
                let choice = Int.random(in: 0..<4, using: &random) < 3
                    ? nearest[Int.random(in: 0..<nearest.count, using: &random)]
                    : Int.random(in: 0..<scores.count, using: &random)
                taken[choices[choice], default: 0] += 1
                if choice < top.actions.count {
                    coordinator.select(action: choice, on: top)
                } else {
                    clock.advance(by: .seconds(3600))
                }
                coordinator.waitUntilIdle()
                recorder.settle(top: coordinator.currentState.topScreen)
            }
            edges.formUnion(recorder.edges)
            unexplained += recorder.unexplained
        }
        return (edges, unexplained)
    }

    @Test(arguments: BundledManifests.names)
    func everyTransitionWalkedIsAnEdgeAndEveryEdgeIsWalked(name: String) throws {
        let variant = try Bundled.variant(name)
        let graph = variant.graph
        let guide = ContextGuide(graph: graph, manifest: variant.manifest)
        let graphEdges = Set(graph.edges.map { TransitionRecorder.Edge(from: graph.nodes[$0.from].id, to: graph.nodes[$0.to].id) })
        var walked: Set<TransitionRecorder.Edge> = []
        for seed in 0..<UInt64(Self.walksPerVariant) {
            let result = Self.walk(variant.manifest, graph: graph, guide: guide, distance: guide.distances(walked: walked), seed: seed)
            #expect(result.unexplained.isEmpty, "seed \(seed): transitions the recorder cannot place: \(result.unexplained)")
            let strays = result.edges.subtracting(graphEdges)
            #expect(strays.isEmpty, "seed \(seed) walked transitions the graph does not have: \(strays.sorted { $0.description < $1.description })")
            if !strays.isEmpty { break }
            walked.formUnion(result.edges)
        }
        let unwalked = graphEdges.subtracting(walked).sorted { $0.description < $1.description }
        #expect(unwalked.isEmpty, "\(unwalked.count) of \(graphEdges.count) edges no walk took: \(unwalked.prefix(10))")
    }
}
