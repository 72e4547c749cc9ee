import BundledFixtures
import BundledModules
import StepflowGraph
import StepflowManifest
import StepflowTesting
import Testing

/// `canAlwaysReach`: from every state in a scope, some walk reaches the
/// target. Proved over every state, or refuted by the shortest walk to a
/// state that cannot, which replays on the live engine.
@Suite("Rules that something stays within reach")
struct ReachRuleTests {
    /// hba1c-clinic with `rules` in place of its own and `edits` made, checked.
    static func check(
        _ rules: String, edits: [(String, String)] = []
    ) throws -> (variant: VariantGraph, results: [PathRuleResult], diagnostics: [String]) {
        try PropertyPatternTests.check(rules, in: "hba1c-clinic", edits: edits)
    }

    static let helpFromEveryTestScreen =
        #"{"name": "help from every test screen", "canAlwaysReach": "help/topics", "from": ["test/*"]}"#

    @Test func provedOnTheVariantAndRefutedOnACopyWhoseHelpEndsTheAppWithAWalkThatReplays() throws {
        let proved = try Self.check(Self.helpFromEveryTestScreen)
        #expect(proved.diagnostics == [])
        #expect(proved.results.map(\.holds) == [true])

        // The broken copy: asking for help during a test ends the app.
        let broken = try Self.check(
            Self.helpFromEveryTestScreen, edits: [(#""test.needsHelp": "help""#, #""test.needsHelp": "end""#)])
        #expect(broken.diagnostics == [])
        let result = try #require(broken.results.first)
        #expect(!result.holds)
        let walk = try #require(result.walk)
        let ids = walk.nodes.map { broken.variant.graph.nodes[$0].id }
        // The first test screen, fewest inputs first: the checklist.
        #expect(ids.last == "test/checklist", "\(ids)")
        #expect(result.description.hasPrefix("refuted: help from every test screen: start →"))
        // The navigation graph article quotes it.
        #expect(
            result.detail
                == "From there (on test/checklist) 1596 other states are reachable, and no walk from any of them "
                + "reaches help/topics.")
        let replayed = try Replay.replay(walk, to: "test/checklist", manifest: broken.variant.manifest).get()
        #expect(replayed == ids)
    }

    @Test func withoutAScopeEveryStateTheAppRunsInMustReachAndADeadEndIsNamed() throws {
        // Five wrong passwords lock the person out: the home is out of
        // reach from there, as the onboarding means it to be.
        let (_, results, diagnostics) = try Self.check(
            #"{"name": "the home stays within reach", "canAlwaysReach": "home/test"}"#)
        #expect(diagnostics == [])
        let result = try #require(results.first)
        #expect(!result.holds)
        #expect(result.counterExample?.last == "onboarding/locked-out")
        #expect(result.walk?.depth == 10)
    }

    @Test func aScopeOrTargetTheVariantDoesNotHaveIsAnErrorNeverARuleThatHolds() throws {
        let (_, results, diagnostics) = try Self.check(
            #"""
            {"canAlwaysReach": "home/tset"},
            {"canAlwaysReach": "home/test", "from": ["intake/identfy"]}
            """#)
        #expect(results.isEmpty)
        #expect(diagnostics.count == 2)
        #expect(diagnostics[0].contains("rules[0].canAlwaysReach: no node 'home/tset'"), "\(diagnostics)")
        #expect(diagnostics[0].contains("Did you mean 'home/test'?"))
        #expect(diagnostics[1].contains("rules[1].from: no node 'intake/identfy'"), "\(diagnostics)")
    }

    @Test(arguments: [
        (#"{"from": "test/*"}"#, "'from' needs 'canAlwaysReach'"),
        (#"{"canAlwaysReach": "help/topics", "never": "end"}"#, "'never' belongs in a rule of its own"),
        (#"{"canAlwaysReach": []}"#, "an empty list names no event"),
    ])
    func aRuleWrittenWrongSaysHowToWriteIt(rule: String, message: String) throws {
        let path = "\(BundledManifests.repositoryRoot)/RootApp/Manifests/hba1c-clinic.json"
        var text = String(decoding: try ManifestLoaderTestHook.read(path), as: UTF8.self)
        let start = try #require(text.firstRange(of: "\"rules\": ["))
        let end = try #require(text[start.upperBound...].firstRange(of: "\n  ]"))
        text.replaceSubrange(start.lowerBound..<end.upperBound, with: "\"rules\": [\(rule)]")
        do {
            _ = try ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).decode(
                Array(text.utf8), file: "hba1c-clinic.json")
            Issue.record("\(rule) was accepted")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }
}
