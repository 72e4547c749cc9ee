import BundledFixtures
import BundledModules
import Stepflow
import StepflowGraph
import StepflowManifest
import Testing

@Suite struct ZZReproTests {
    @Test func deep() throws {
        for name in ["hba1c-clinic", "covid-antigen-clinic"] {
        let manifest = try BundledManifests.load(name)
        let graph = VariantGraph(manifest: manifest, registry: BundledModules.registry, services: BundledModules.services)
        let states = graph.states
        var byInstance: [String: Int] = [:]
        for (i, s) in states.states.enumerated() { byInstance["\(s.top?.split(separator: "/").first ?? "-") kept=\(states.facts[i].record.items("kept").count)", default: 0] += 1 }
        print("COUNT", name, states.states.count, byInstance.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: " "))
        }
    }
}
