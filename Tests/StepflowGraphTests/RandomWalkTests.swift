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
    static let walksPerVariant = 300
    static let inputsPerWalk = 100

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
        // When the app ends, the walk starts it again until its budget is spent.
        while budget > 0 {
            let clock = ManualClock()
            let coordinator = Coordinator(answeredByHand: ["patient-lookup"])
            let services = BundledModules.services
            let root = RootFlow(
                manifest: manifest, registry: BundledModules.registry,
                environment: ModuleEnvironment(clock: clock, services: services))
            coordinator.coordinate(flow: root, with: OneStepper(.start))
            coordinator.waitUntilIdle()
            guard var state = states.state(of: coordinator.engineState) else {
                return (taken, ["seed \(seed): the start is not the graph's start state"])
            }
            while budget > 0, !states.states[state].isEnded {
                budget -= 1
                let options = Array(states.transitions(from: state).indices)
                guard !options.isEmpty else { break }
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

    @Test(arguments: BundledManifests.names)
    func everyLiveWalkIsAWalkOfTheStateGraphAndEveryTransitionIsWalked(name: String) throws {
        let variant = try Bundled.variant(name)
        let states = variant.states
        #expect(!states.isTruncated)
        var walked: Set<Int> = []
        for seed in 0..<UInt64(Self.walksPerVariant) {
            let result = Self.walk(variant.manifest, states: states, walked: walked, seed: seed)
            #expect(result.disagreements.isEmpty, "\(result.disagreements)")
            if !result.disagreements.isEmpty { break }
            walked.formUnion(result.walked)
            if walked.count == states.transitions.count { break }
        }
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
