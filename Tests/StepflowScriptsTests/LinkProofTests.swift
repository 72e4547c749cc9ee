import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowPresentation
import StepflowScripts
import Testing

@Suite("The link proof")
struct LinkProofTests {
    @Test("Every opening is counted by how it ended; a module's silent decline is a finding with its walk")
    func proof() throws {
        let graph = VariantGraph(manifest: try Mail.manifest(links: Mail.routed), registry: Mail.registry)
        let proof = graph.states.links
        let live = graph.states.states.count { !$0.isEnded }
        #expect(proof.liveStates == live)
        #expect(proof.tallies.map(\.address) == ["message/id-1", "notice/low", "notice/high", "compose"])
        #expect(proof.tallies.allSatisfy { $0.openings == live })
        let message = try #require(proof.tallies.first)
        // A held notice comes after the message it started the inbox for.
        #expect(message.landed.keys.sorted() == ["inbox/message", "inbox/notice"])
        let compose = try #require(proof.tallies.last)
        #expect(compose.declined["Open the inbox first."] ?? 0 > 0, "declined while the inbox does not run")
        #expect(compose.landed["inbox/message"] ?? 0 > 0, "taken while it runs")
        let low = proof.tallies[1]
        #expect(low.held > 0 && low.declinedByModule > 0)
        #expect(!proof.holds)
        let findings = graph.findings().filter { $0.kind == .linkDeclined }
        #expect(findings.map(\.subject) == ["notice/low"])
        #expect(findings.first?.detail.contains("in 6 of the states") == true)
        #expect(
            findings.first?.detail.hasSuffix("The first walk: welcome/hello: choose \"Continue\"; link notice/low")
                == true)
        #expect(
            proof.summary == """
                4 links opened from each of 11 live states: 23 land on 2 screens, 10 held until their module \
                starts, 5 declined with the route's reason, 6 declined by a module without a reason; each \
                address also opened in the forms a device hands over (15 in all), 0 routed otherwise
                """)
    }
}
