import BundledFixtures
import BundledModules
import StepflowGraph
import StepflowManifest
import StepflowTesting
import Testing

/// `paths` finds a walk to every node `trace` finds one to, whatever a
/// link's policy while the app does not run (issue 56: with `"wait"`,
/// `paths` found none to a target deeper than 13 inputs), and its first
/// walk is trace's.
@Suite("paths and trace agree")
struct PathsAgreeTests {
    /// The variant `name` with every routed link's `whenNotRunning` set to
    /// `policy` (a declined link's reason dropped where it waits).
    static func variant(_ name: String, policy: String) throws -> VariantGraph {
        let path = "\(BundledManifests.repositoryRoot)/RootApp/Manifests/\(name).json"
        var text = String(decoding: try ManifestLoaderTestHook.read(path), as: UTF8.self)
        // `"whenNotRunning": "decline", "reason": …}`: each route's policy, up to its end.
        while let range = text.firstRange(of: #""whenNotRunning": "decline""#) {
            let end = try #require(text[range.upperBound...].firstIndex(of: "}"))
            text.replaceSubrange(range.lowerBound..<end, with: #""whenNotRunning": "\#(policy)""#)
        }
        let manifest = try ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).decode(
            Array(text.utf8), file: "\(name).json")
        return VariantGraph(manifest: manifest, registry: BundledModules.registry)
    }

    @Test(
        arguments: BundledManifests.cases(["strep-a-home", "covid-antigen-home"], plain: ["strep-a-home"]),
        BundledManifests.cases(["wait", "start"], plain: ["wait"]))
    func everyNodeTraceReachesPathsReachesWithTheSameFirstWalk(name: String, policy: String) throws {
        let variant = try Self.variant(name, policy: policy)
        #expect(!variant.manifest.links.isEmpty)
        let states = variant.states
        var deepest = 0
        for (node, shortest) in states.shortestWalks().enumerated() {
            let found = states.walks(to: node, limit: 3)
            #expect(found.walks.first == shortest, "\(variant.graph.nodes[node].id)")
            deepest = max(deepest, shortest?.depth ?? 0)
        }
        // The variants' deepest targets lie past the 13 inputs the bug stopped at.
        #expect(deepest > 13)
    }
}
