import BundledFixtures
import BundledModules
import StepflowGraph
import StepflowManifest
import StepflowTesting
import Testing

/// The manifest's property patterns (absence, existence, universality,
/// precedence, response, each scoped): proved over every state, or
/// refuted by a shortest walk that replays on the live engine.
@Suite("Property patterns")
struct PropertyPatternTests {
    /// The variant `name` with `rules` in place of its own and each of
    /// `edits` (text, replacement) made to its manifest, checked.
    static func check(
        _ rules: String, in name: String = "covid-antigen-home", edits: [(String, String)] = []
    ) throws -> (variant: VariantGraph, results: [PathRuleResult], diagnostics: [String]) {
        let path = "\(BundledManifests.repositoryRoot)/RootApp/Manifests/\(name).json"
        var text = String(decoding: try ManifestLoaderTestHook.read(path), as: UTF8.self)
        for (old, new) in edits {
            let range = try #require(text.firstRange(of: old), "\(old)")
            text.replaceSubrange(range, with: new)
        }
        let start = try #require(text.firstRange(of: "\"rules\": ["))
        let end = try #require(text[start.upperBound...].firstRange(of: "\n  ]"))
        text.replaceSubrange(start.lowerBound..<end.upperBound, with: "\"rules\": [\(rules)]")
        let manifest = try ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).decode(
            Array(text.utf8), file: "\(name).json")
        let variant = VariantGraph(manifest: manifest, registry: BundledModules.registry)
        let checked = variant.checkRules()
        return (variant, checked.results, checked.diagnostics.map(\.description))
    }

    /// The rule's counter-example, replayed on a live coordinator: the
    /// nodes it touches are the walk's.
    static func expectReplays(_ result: PathRuleResult, on variant: VariantGraph) throws {
        let walk = try #require(result.walk, "\(result)")
        let ids = walk.nodes.map { variant.graph.nodes[$0].id }
        let replayed = try Replay.replay(walk, to: try #require(ids.last), manifest: variant.manifest).get()
        #expect(replayed == ids, "\(result.rule.name)")
    }

    @Test func theClinicsKeptResultRuleHoldsAndItsWeakerTwinIsRefutedByAWalkThatReplays() throws {
        let (variant, results, diagnostics) = try Self.check(
            """
            {"name": "kept", "never": ["result.retest", "result.getHelp", "result.done"], \
            "after": "result.submitFailed", "until": ["result.submitted", "result.savedForLater"]},
            {"name": "no help after a failure", "never": "result.getHelp", "after": "result.submitFailed"}
            """, in: "covid-antigen-clinic")
        #expect(diagnostics == [])
        #expect(results.map(\.holds) == [true, false])
        let walk = try #require(results[1].walk)
        let ids = walk.nodes.map { variant.graph.nodes[$0].id }
        #expect(ids.contains("result/submit-failed"))
        #expect(ids.contains("result/saved"), "support is offered once the result is kept")
        #expect(ids.last == "result.getHelp")
        try Self.expectReplays(results[1], on: variant)
    }

    @Test func eachPatternIsProvedOrRefutedAndEveryRefutationReplays() throws {
        let (variant, results, diagnostics) = try Self.check(
            """
            {"name": "absence", "never": "result/positive"},
            {"name": "absence before", "never": "test/timer", "before": "onboarding/privacy"},
            {"name": "existence", "eventually": "onboarding/welcome"},
            {"name": "existence of a result", "eventually": "result/*"},
            {"name": "precedence", "of": "result/positive", "onlyAfter": "onboarding/privacy"},
            {"name": "precedence backwards", "of": "onboarding/privacy", "onlyAfter": "result/*"},
            {"name": "response", "whenever": "test/apply-sample", "then": "test/ready"},
            {"name": "response to a result", "whenever": "result.show", "then": "end"},
            {"name": "universality", "always": "result/*", "after": "result.show", "before": "end"},
            {"name": "universality of onboarding", "always": "onboarding/*", \
            "before": "covid-antigen-home.onboarding.completed"}
            """)
        #expect(diagnostics == [])
        let verdicts = Dictionary(uniqueKeysWithValues: results.map { ($0.rule.name, $0.holds) })
        #expect(
            verdicts == [
                "absence": false, "absence before": true, "existence": true, "existence of a result": false,
                "precedence": true, "precedence backwards": false, "response": false, "response to a result": true,
                "universality": false, "universality of onboarding": true,
            ])
        for result in results where !result.holds { try Self.expectReplays(result, on: variant) }
        // An existence or response is broken by a walk that ends the app
        // without what it requires.
        for name in ["existence of a result", "response"] {
            let walk = try #require(results.first { $0.rule.name == name }?.walk)
            #expect(walk.nodes.last.map { variant.graph.nodes[$0].id } == "end", "\(name)")
        }
    }

    @Test func aPatternNamingAnythingTheVariantDoesNotHaveIsAnErrorNeverProved() throws {
        let (_, results, diagnostics) = try Self.check(
            """
            {"never": "result/self-medicate"}, {"never": "intake/identify"},
            {"never": "result.retest", "after": "result/positiv"}, {"eventually": ["end", "tset/*"]}
            """)
        #expect(results.isEmpty)
        #expect(diagnostics.count == 4)
        #expect(diagnostics[0].contains("rules[0].never: no node 'result/self-medicate'"))
        #expect(diagnostics[1].contains("rules[1].never: no node 'intake/identify'"))
        #expect(diagnostics[2].contains("rules[2].after: no node 'result/positiv'"))
        #expect(diagnostics[2].contains("Did you mean 'result/positive'?"))
        #expect(diagnostics[3].contains("rules[3].eventually: no node 'tset/*'"))
    }

    @Test func aConditionOnCarriedDataCountsTheEventOnlyWhileTheWalkCarriesTheValue() throws {
        let (variant, results, diagnostics) = try Self.check(
            """
            {"name": "positive never advised as negative", "never": ["result/negative", "result/invalid"], \
            "when": {"test.result": "positive"}},
            {"name": "any result never advised as negative", "never": "result/negative"},
            {"name": "negative never advised as negative", "never": "result/negative", "when": {"result": "negative"}},
            {"name": "help after a reading", "whenever": "result.show", "then": "result.getHelp", \
            "when": {"result": ["positive", "invalid"]}},
            {"name": "positive shown as positive", "whenever": "result.show", "then": "result/positive", \
            "when": {"test.result": "positive"}}
            """, in: "strep-a-home")
        #expect(diagnostics == [])
        #expect(results.map(\.holds) == [true, false, false, false, true])
        for result in results where !result.holds { try Self.expectReplays(result, on: variant) }
        // The refuting walk of the conditioned rule reads a negative result;
        // of the response, one of the two values it names.
        let negative = try #require(results[2].walk).nodes.map { variant.graph.nodes[$0].id }
        #expect(negative.contains("result.show(negative, patient: nil)"))
        let response = try #require(results[3].walk).nodes.map { variant.graph.nodes[$0].id }
        #expect(
            response.contains("result.show(positive, patient: nil)")
                || response.contains("result.show(invalid, patient: nil)"))
    }

    @Test func aConditionNoWalkSatisfiesIsAnErrorNeverProved() throws {
        // `sample` is handed on but no module of the variant reads it.
        let (_, results, diagnostics) = try Self.check(
            #"{"never": "result/negative", "when": {"sample": "throat"}}"#, in: "strep-a-home")
        #expect(results.isEmpty)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.contains("rules[0].when: the rule's 'when' never holds") == true)
        #expect(diagnostics.first?.contains("No module of the variant reads 'sample'") == true)
    }

    @Test func aScreenTheModuleHasButTheVariantNeverShowsIsProvedAbsent() throws {
        // The procedure module can read by photo; this variant never does.
        let (_, results, diagnostics) = try Self.check(#"{"never": "test/photo"}"#, in: "hba1c-clinic")
        #expect(diagnostics == [])
        #expect(results.map(\.holds) == [true])
    }

    @Test(arguments: [
        (#"{"never": "end", "until": "end"}"#, "'until' closes a scope that 'after' opens"),
        (#"{"of": "end"}"#, "'of' needs 'onlyAfter'"),
        (#"{"whenever": "end"}"#, "'whenever' needs 'then'"),
        (#"{"never": "end", "eventually": "end"}"#, "a rule states one pattern"),
        (#"{"never": "end", "after": "start", "before": "end", "until": "end"}"#, "not both"),
        (#"{"never": []}"#, "an empty list names no event"),
        (#"{"never": [3]}"#, "rules[0].never[0]: expected an event"),
        (#"{"never": "end", "neverReaches": "end"}"#, "a rule says one thing"),
    ])
    func aPatternOfTheWrongShapeIsRefusedWithTheFix(rule: String, message: String) {
        let text = BrokenRules.manifest(rule)
        #expect {
            try ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).decode(
                Array(text.utf8), file: "r.json")
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test(arguments: [
        (#"{"never": "end", "when": {"test.reslt": "positive"}}"#, "Did you mean 'test.result'?"),
        (#"{"never": "end", "when": {"result": "positiv"}}"#, "rules[0].when.result: 'result' holds one of"),
        (#"{"never": "end", "when": {"result": ["positive", 3]}}"#, "rules[0].when.result[1]:"),
        (#"{"never": "end", "when": []}"#, "expected an object of fields and values"),
        (#"{"never": "end", "when": {}}"#, "found an empty object. To fix"),
        (#"{"never": "end", "when": {".result": "positive"}}"#, "no module of this variant hands on a field '.result'"),
        (#"{"eventually": "end", "when": {"result": "positive"}}"#, "'eventually' with 'when'"),
        (#"{"reaches": "end", "when": {"result": "positive"}}"#, "'when' qualifies a pattern's event"),
    ])
    func aConditionNamingAFieldOrValueTheVariantDoesNotHandOnIsRefusedWithTheFix(rule: String, message: String) {
        #expect {
            try Self.check(rule, in: "strep-a-home")
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}
