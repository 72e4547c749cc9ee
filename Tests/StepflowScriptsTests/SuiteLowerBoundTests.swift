import BundledFixtures
import BundledModules
import StepflowGraph
import StepflowManifest
@testable import StepflowScripts
import Testing

/// The suite's lower bound: the transport of arrivals over the state graph
/// is solved on the graph itself, and costs what the transportation
/// problem between every source and sink costs.
@Suite("The suite's lower bound")
struct SuiteLowerBoundTests {
    @Test(arguments: ["covid-antigen-home", "strep-a-home", "hba1c-clinic"])
    func theTransportOverTheGraphCostsWhatTheTransportBetweenPairsCosts(name: String) throws {
        let manifest = try BundledManifests.load(name)
        let states = VariantGraph(
            manifest: manifest, registry: BundledModules.registry, services: BundledModules.services
        ).states
        var random = SplitMix(seed: 55)
        for round in 0..<40 {
            // Some states short of arrivals, some with arrivals to spare,
            // none both; the start is never short.
            let count = states.states.count
            var chosen = Set<Int>()
            var deficits: [(state: Int, amount: Int)] = []
            var surpluses: [(state: Int, amount: Int)] = []
            for _ in 0..<Int.random(in: 1...min(25, count - 1), using: &random) {
                let state = Int.random(in: 1..<count, using: &random)
                if chosen.insert(state).inserted { deficits.append((state, Int.random(in: 1...4, using: &random))) }
            }
            for _ in 0..<Int.random(in: 0...min(25, count - 1), using: &random) {
                let state = Int.random(in: 1..<count, using: &random)
                guard !states.positions(from: state).isEmpty else { continue }
                if chosen.insert(state).inserted { surpluses.append((state, Int.random(in: 1...4, using: &random))) }
            }
            let fast = SuitePlanner.transportCost(states, deficits: deficits, surpluses: surpluses)
            let reference = SuitePlanner.transportCostBetweenPairs(states, deficits: deficits, surpluses: surpluses)
            #expect(fast == reference, "round \(round) of \(name)")
        }
    }

    @Test func theBoundOfEveryBundledVariantIsTheOneTheReferenceGives() throws {
        for name in ["covid-antigen-home", "strep-a-home"] {
            let manifest = try BundledManifests.load(name)
            let states = VariantGraph(
                manifest: manifest, registry: BundledModules.registry, services: BundledModules.services
            ).states
            // The deficits and surpluses of covering every transition.
            var incoming = [Int](repeating: 0, count: states.states.count)
            var outgoing = [Int](repeating: 0, count: states.states.count)
            for transition in states.transitions {
                incoming[transition.to] += 1
                outgoing[transition.from] += 1
            }
            let deficits = states.states.indices.dropFirst().filter { outgoing[$0] > incoming[$0] }.map {
                (state: $0, amount: outgoing[$0] - incoming[$0])
            }
            let surpluses = states.states.indices.dropFirst().filter {
                incoming[$0] > outgoing[$0] && !states.positions(from: $0).isEmpty
            }.map { (state: $0, amount: incoming[$0] - outgoing[$0]) }
            #expect(
                SuitePlanner.transportCost(states, deficits: deficits, surpluses: surpluses)
                    == SuitePlanner.transportCostBetweenPairs(states, deficits: deficits, surpluses: surpluses))
        }
    }
}

/// The suite's own seeded generator, so a failure repeats.
extension SplitMix: RandomNumberGenerator {}
