import BundledFixtures
import BundledModules
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowTesting
import Testing

@Suite("Data lives only as long as it is valid")
struct DataLifetimeTests {
    @Test func reenteringAnInstanceDropsWhatItAndTheInstancesAfterItProduced() {
        var data = CarriedData()
        data.record(Handoff(["site": .text("main-clinic")]), from: "onboarding")
        data.record(Handoff(["patient": .text("P-1")]), from: "intake")
        data.record(Handoff(["result": .text("positive")]), from: "test")
        #expect(
            data.handoff
                == Handoff(["site": .text("main-clinic"), "patient": .text("P-1"), "result": .text("positive")]))
        var retest = data
        retest.reenter("test")
        #expect(retest.handoff == Handoff(["site": .text("main-clinic"), "patient": .text("P-1")]))
        data.reenter("intake")
        #expect(data.handoff == Handoff(["site": .text("main-clinic")]))
        data.reenter("help")  // never ran: nothing changes
        #expect(data.produced.map(\.instance) == ["onboarding"])
    }

    /// The clinic variants prove it on every walk: the next patient's
    /// intake is never entered with the last patient's id or result.
    @Test(arguments: ["covid-antigen-clinic", "hba1c-clinic"])
    func noPatientsDataReachesTheNextPatient(name: String) throws {
        let variant = try Bundled.variant(name)
        let rules = variant.checkRules().results
        let rule = try #require(rules.first { if case .carriesNone = $0.rule.kind { true } else { false } })
        #expect(rule.holds, "\(rule)")
        #expect(!variant.graph.nodes.contains { $0.id.hasPrefix("\(name).intake.cancelled {patient") })
    }

    /// A rule that data does reach is refuted with a walk; replayed live,
    /// the walk ends with the instance running on that data.
    @Test func aRefutedDataRuleGivesAWalkThatCarriesTheDataLive() throws {
        var text = try #require(GoldenFile.read(BundledManifests.path("covid-antigen-clinic")))
        text = text.replacingOccurrences(
            of: #""entering": "intake", "carriesNone": ["patient", "result", "patientName", "patientBorn"]"#,
            with: #""entering": "result", "carriesNone": ["patient"]"#)
        let manifest = try ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).decode(
            Array(text.utf8), file: "clinic.json")
        let variant = VariantGraph(manifest: manifest, registry: BundledModules.registry)
        let rule = try #require(
            variant.checkRules().results.first { if case .carriesNone = $0.rule.kind { true } else { false } })
        #expect(!rule.holds)
        let walk = try #require(rule.walk)
        let clock = ManualClock()
        let coordinator = Coordinator()
        coordinator.coordinate(
            flow: RootFlow(
                manifest: manifest, registry: BundledModules.registry, environment: ModuleEnvironment(clock: clock)),
            with: OneStepper(.start))
        coordinator.waitUntilIdle()
        for input in walk.inputs {
            let top = try #require(coordinator.currentState.topScreen)
            #expect(top.qualifiedID == input.screen)
            switch input.kind {
            case .choose(let index, _, _): coordinator.select(action: index, on: top)
            case .submit(let index, _, _, let entries):
                coordinator.select(
                    action: index, on: top,
                    entering: Dictionary(uniqueKeysWithValues: entries.map { ($0.field, $0.value) }))
            case .emit: clock.advance(by: .seconds(3600))
            case .answer(let source, _, let answer, _, _): #expect(coordinator.answer(source, with: answer))
            case .link(let address): Issue.record("the variant routes no link, and the walk opens \(address)")
            case .select(let section, _, let flow): #expect(coordinator.selectSection(section, ofFlowNamed: flow))
            case .relaunch: Issue.record("the variant keeps nothing on the device, and the walk opens it again")
            }
            coordinator.waitUntilIdle()
        }
        #expect(
            VariantGraph.entryData(coordinator.engineState).contains {
                $0.instance == "result" && $0.field == "patient"
            }
        )
    }
}

extension String {
    /// Every `target` replaced (Foundation is not imported here).
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let match = rest.firstRange(of: target) {
            result += rest[..<match.lowerBound] + replacement
            rest = rest[match.upperBound...]
        }
        return result + rest
    }
}
