import BundledFixtures
import BundledModules
import Stepflow
import StepflowGraph
import StepflowManifest
import Testing

/// Manifests the bundled four do not cover: a module used as several
/// instances, loops through support and retests, a clinic loop with a
/// lock-out. The state graph must agree with the live engine on them too.
enum Unseen {
    static let manifests: [String: String] = [
        "two-procedures": """
        {"schema": 1, "app": {"id": "two-procedures", "name": "Two procedures", "audience": "lay"},
         "modules": [
           {"id": "onboarding", "module": "onboarding", "options": {"howItWorksPages": 1}},
           {"id": "swab", "module": "procedure", "options": {"sample": "nasal", "readBy": "manual", "waitMinutes": \
        15, "readWithinMinutes": 5, "performedBy": "person"}},
           {"id": "spit", "module": "procedure", "options": {"sample": "saliva", "readBy": "photo", "waitMinutes": \
        15, "readWithinMinutes": 5, "performedBy": "person"}},
           {"id": "first", "module": "results", "options": {"advice": "lay", "condition": "covid"}},
           {"id": "second", "module": "results", "options": {"advice": "lay", "condition": "covid"}},
           {"id": "help", "module": "support", "options": {"hotline": "0800 123 4567", "hours": "Monday to Friday, \
        8:00 to 18:00"}}
         ],
         "start": "onboarding",
         "routes": {
           "onboarding.completed": "swab", "onboarding.declined": "end",
           "swab.resultCaptured": "first", "swab.cancelled": "end", "swab.needsHelp": "help",
           "spit.resultCaptured": "second", "spit.cancelled": "swab", "spit.needsHelp": "help",
           "first.retest": "spit", "first.done": "end", "first.needsHelp": "help",
           "second.retest": "swab", "second.done": "end", "second.needsHelp": "help",
           "help.resume": "swab", "help.quit": "end"
         }}
        """,
        "clinic-loop": """
        {"schema": 1, "app": {"id": "clinic-loop", "name": "Clinic loop", "audience": "professional"},
         "modules": [
           {"id": "onboarding", "module": "onboarding", "options": {"audience": "professional", "maxSignInAttempts": \
        2}},
           {"id": "intake", "module": "intake", "options": {"identifyBy": "type"}},
           {"id": "test", "module": "procedure", "options": {"sample": "throat", "readBy": "both", "waitMinutes": 5, \
        "readWithinMinutes": 10, "performedBy": "professional"}},
           {"id": "result", "module": "results", "options": {"advice": "professional", "condition": "strep-a", "lab": \
        "the central lab"}},
           {"id": "help", "module": "support", "options": {"hotline": "0800 123 4567", "hours": "Monday to Friday, \
        8:00 to 18:00"}},
           {"id": "resultHelp", "module": "support", "options": {"hotline": "0800 123 4567", "hours": "Monday to \
        Friday, 8:00 to 18:00"}}
         ],
         "start": "onboarding",
         "routes": {
           "onboarding.completed": "intake", "onboarding.lockedOut": "end",
           "intake.identified": "test", "intake.cancelled": "end",
           "test.resultCaptured": "result", "test.cancelled": "intake", "test.needsHelp": "help",
           "result.retest": "test", "result.done": "intake", "result.needsHelp": "resultHelp",
           "help.resume": "test", "help.quit": "end",
           "resultHelp.resume": "result", "resultHelp.quit": "end"
         }}
        """,
    ]

    static func variant(_ name: String) throws -> VariantGraph {
        let loader = ManifestLoader(registry: BundledModules.registry, services: BundledModules.services)
        let manifest = try loader.decode(Array(manifests[name]!.utf8), file: "\(name).json")  // a name from the table
        return VariantGraph(manifest: manifest, registry: BundledModules.registry)
    }
}

@Suite("Manifests beyond the bundled four")
struct UnseenManifestTests {
    // Every transition of each, live: 22 s in a debug build, so CI's
    // (STEPFLOW_EXHAUSTIVE=1); the bundled variants' live walks run always.
    @Test(
        .enabled(if: BundledManifests.isExhaustive, "every transition live: STEPFLOW_EXHAUSTIVE=1 (CI)"),
        arguments: Unseen.manifests.keys.sorted())
    func liveWalksAgreeWithTheStateGraphAndTakeEveryTransition(name: String) throws {
        let variant = try Unseen.variant(name)
        #expect(!variant.states.isTruncated)
        let (walked, disagreements) = RandomWalkTests.cover(variant.manifest, states: variant.states)
        #expect(disagreements.isEmpty, "\(disagreements)")
        #expect(walked.count == variant.states.transitions.count)
    }

    @Test(arguments: Unseen.manifests.keys.sorted())
    func everyTraceWalkReplays(name: String) throws {
        let variant = try Unseen.variant(name)
        let graph = variant.graph
        for (node, walk) in variant.states.shortestWalks().enumerated() {
            guard let walk else { continue }
            let id = graph.nodes[node].id
            #expect(
                try Replay.replay(walk, to: id, manifest: variant.manifest).get()
                    == walk.nodes.map { graph.nodes[$0].id }, "\(id)")
        }
    }

    @Test func theSecondProcedureIsEnteredOnlyAfterAFirstResult() throws {
        let variant = try Unseen.variant("two-procedures")
        let graph = variant.graph
        let spit = try #require(graph.node(withID: "spit/checklist"))
        let first = try #require(graph.node(withID: "first/positive"))
        #expect(
            variant.states.walk(to: spit, avoiding: first) != nil,
            "an invalid first result also leads to the second test")
        let read = try #require(graph.node(withID: "first.show(positive, patient: nil)"))
        #expect(variant.states.walk(to: first, avoiding: read) == nil)
    }

    @Test func aTrueRuleANewUserWroteIsProved() throws {
        // From the issue: the positive advice is only ever shown after the
        // test read a positive result.
        let variant = try Bundled.variant("covid-antigen-home")
        let graph = variant.graph
        let positive = try #require(graph.node(withID: "result/positive"))
        let read = try #require(graph.node(withID: "test.resultRead(positive)"))
        #expect(variant.states.walk(to: positive, avoiding: read) == nil)
        // And the depth of a sign-in failure is the real one.
        let clinic = try Bundled.variant("covid-antigen-clinic")
        let failed = try #require(clinic.graph.node(withID: "onboarding.signInFailed(attempt: 2)"))
        #expect(clinic.states.shortestWalks()[failed]?.depth == 4)
    }
}
