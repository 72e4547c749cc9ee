import BundledFixtures
import BundledModules
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowTesting
import Testing
import Results

@Suite("The state graph and the live engine agree")
struct RandomWalkTests {
    static let inputsPerWalk = 100
    /// Walks in a row that take no transition not taken before, after
    /// which the rest is declared unreachable by walking.
    static let fruitlessWalks = 20

    /// Seeded walks until every transition of `states` is taken, or
    /// ``fruitlessWalks`` in a row take none not taken before: every
    /// transition the walks took, and the first disagreement with the
    /// graph (after which it stops).
    static func cover(_ manifest: Manifest, states: StateGraph) -> (walked: Set<Int>, disagreements: [String]) {
        var walked: Set<Int> = []
        var fruitless = 0
        var seed: UInt64 = 0
        while walked.count < states.transitions.count, fruitless < fruitlessWalks {
            let result = walk(manifest, states: states, walked: walked, seed: seed)
            if !result.disagreements.isEmpty { return (walked, result.disagreements) }
            let before = walked.count
            walked.formUnion(result.walked)
            fruitless = walked.count == before ? fruitless + 1 : 0
            seed += 1
        }
        return (walked, [])
    }

    /// For each state, the fewest inputs to a transition not walked yet
    /// (`Int.max` when none is left within reach).
    static func distances(_ states: StateGraph, walked: Set<Int>) -> [Int] {
        var distance = [Int](repeating: Int.max, count: states.states.count)
        var incoming = [[Int]](repeating: [], count: states.states.count)
        var queue: [Int] = []
        for (index, transition) in states.transitions.enumerated() {
            incoming[transition.to].append(transition.from)
            if !walked.contains(index), distance[transition.from] != 0 {
                distance[transition.from] = 0
                queue.append(transition.from)
            }
        }
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            for previous in incoming[state] where distance[previous] == Int.max {
                distance[previous] = distance[state] + 1
                queue.append(previous)
            }
        }
        return distance
    }

    /// One seeded walk on the real coordinator (a manual clock for the
    /// timers): in each waiting state the live state must be a state of the
    /// graph, each input must be one of its transitions, and the state the
    /// engine reaches must be that transition's target. Three times in four
    /// the walk takes a transition not walked yet, or heads for one.
    /// Returns the transitions walked and what disagreed.
    static func walk(
        _ manifest: Manifest, states: StateGraph, walked: Set<Int>, seed: UInt64
    ) -> (walked: Set<Int>, disagreements: [String]) {
        var random = SeededRandom(seed: seed)
        let distance = distances(states, walked: walked)
        var taken: Set<Int> = []
        var disagreements: [String] = []
        var budget = inputsPerWalk
        let sources = Set(
            states.transitions.compactMap { transition -> String? in
                if case .answer(let source, _, _, _, _) = transition.input.kind { return source }
                return nil
            })
        // When the app ends, the walk starts it again until its budget is spent.
        while budget > 0 {
            let clock = ManualClock()
            // Every outside source is answered by the walk, as the graph's
            // inputs say: no service answers alone.
            let coordinator = Coordinator(answeredByHand: sources)
            let services = BundledModules.services
            let root = RootFlow(
                manifest: manifest, registry: BundledModules.registry,
                environment: ModuleEnvironment(clock: clock, services: services))
            coordinator.coordinate(flow: root, with: OneStepper(.start))
            coordinator.waitUntilIdle()
            guard var state = states.state(of: coordinator.engineState) else {
                return (taken, ["seed \(seed): the start is not the graph's start state"])
            }
            // An ended app whose device kept something is opened again
            // (relaunch); one that kept nothing starts afresh.
            while budget > 0 {
                let options = Array(states.transitions(from: state).indices)
                guard !options.isEmpty else { break }
                budget -= 1
                func score(_ index: Int) -> Int {
                    if !walked.contains(index) && !taken.contains(index) { return 0 }
                    let next = distance[states.transitions[index].to]
                    return next == Int.max ? Int.max : next + 1
                }
                let best = options.map(score).min() ?? Int.max
                let nearest = options.filter { score($0) == best }
                let chosen =
                    Int.random(in: 0..<4, using: &random) < 3
                    ? nearest[Int.random(in: 0..<nearest.count, using: &random)]
                    : options[Int.random(in: 0..<options.count, using: &random)]
                let transition = states.transitions[chosen]
                switch transition.input.kind {
                case .choose(let index, _, _):
                    guard let top = coordinator.currentState.topScreen else {
                        disagreements.append("seed \(seed): no screen on top in state \(state)")
                        return (taken, disagreements)
                    }
                    coordinator.select(action: index, on: top)
                case .submit(let index, _, _, let entries):
                    guard let top = coordinator.currentState.topScreen else {
                        disagreements.append("seed \(seed): no screen on top in state \(state)")
                        return (taken, disagreements)
                    }
                    // The values typed are other values of the same classes
                    // as far as the field allows: the class decides.
                    coordinator.select(
                        action: index, on: top,
                        entering: Dictionary(uniqueKeysWithValues: entries.map { ($0.field, $0.value) }))
                case .emit(_, _, let isTimer):
                    // A timer runs out, or the lab link is tried again, on
                    // the manual clock.
                    _ = isTimer
                    if clock.pendingCount > 0 {
                        clock.advance(by: .seconds(3600))
                    } else {
                        disagreements.append("seed \(seed): \(transition.input) cannot be given live")
                        return (taken, disagreements)
                    }
                case .answer(let source, _, let answer, _, _):
                    if !coordinator.answer(source, with: answer) {
                        disagreements.append("seed \(seed): \(transition.input) cannot be given live")
                        return (taken, disagreements)
                    }
                case .link(let address):
                    guard case .success(let link) = root.route(link: address) else {
                        disagreements.append("seed \(seed): \(address) is routed in the graph and not live")
                        return (taken, disagreements)
                    }
                    coordinator.open(link)
                case .select(let section, _, let flow):
                    if !coordinator.selectSection(section, ofFlowNamed: flow) {
                        disagreements.append("seed \(seed): \(transition.input) cannot be given live")
                        return (taken, disagreements)
                    }
                case .relaunch:
                    // The app opened again on the same coordinator, with
                    // what its device kept.
                    coordinator.coordinate(flow: root, with: OneStepper(.start))
                }
                coordinator.waitUntilIdle()
                let reached = states.state(of: coordinator.engineState)
                guard reached == transition.to else {
                    disagreements.append(
                        """
                        seed \(seed): \(transition.input.screen ?? "start"): \(transition.input) led the engine to \
                        \(reached.map { "state \($0)" } ?? "a state the graph does not list"), the graph says \
                        state \(transition.to)
                        """
                    )
                    return (taken, disagreements)
                }
                taken.insert(chosen)
                state = transition.to
            }
        }
        return (taken, disagreements)
    }

    @Test(arguments: BundledManifests.wholeVariantNames)
    func everyLiveWalkIsAWalkOfTheStateGraphAndEveryTransitionIsWalked(name: String) throws {
        let variant = try Bundled.variant(name)
        let states = variant.states
        #expect(!states.isTruncated)
        let (walked, disagreements) = Self.cover(variant.manifest, states: states)
        #expect(disagreements.isEmpty, "\(disagreements)")
        let unwalked = states.transitions.indices.filter { !walked.contains($0) }
        #expect(
            unwalked.isEmpty,
            """
            \(unwalked.count) of \(states.transitions.count) transitions no walk took: \
            \(unwalked.prefix(5).map { states.transitions[$0].input })
            """
        )
    }
}
