import BundledFixtures
import StepflowTesting
import Testing

@Suite("Requirements, their coverage and JUnit")
struct RequirementTests {
    /// A small variant (onboarding only) with `requirements` and `rules`,
    /// and scripts in its `scripts` folder.
    static func variant(requirements: String, rules: String = "[]", scripts: [String: String] = [:]) -> String {
        let manifest = """
            {"schema": 1, "app": {"id": "r", "name": "R"},
             "scripts": "scripts",
             "requirements": \(requirements),
             "modules": [{"id": "onboarding", "module": "onboarding", "options": {"howItWorksPages": 1}}],
             "start": "onboarding",
             "routes": {"onboarding.completed": "end", "onboarding.declined": "end"},
             "rules": \(rules)}
            """
        var files = ["r.json": manifest, "scripts/.keep": ""]
        for (name, text) in scripts { files["scripts/" + name] = text }
        return TemporaryFiles.folder(files) + "/r.json"
    }

    static let consent =
        #"[{"id": "UR-PRIV-01", "text": "Consent before the end.", "critical": true}, {"id": "UR-END-01", "text": "#
        + #""The app can end."}]"#
    static let declined =
        """
        covers UR-PRIV-01\nchoose [welcome.lay.start]\nchoose [howItWorks.next]\nexpect screen \
        onboarding/privacy\nchoose [privacy.decline]\nexpect end onboarding.declined\n
        """

    @Test func ruleAndScriptCoverageMakesTheVariantValid() {
        let path = Self.variant(
            requirements: Self.consent, rules: #"[{"reaches": "end", "requirement": "UR-END-01"}]"#,
            scripts: ["declined.txt": Self.declined])
        let validate = Harness.run(["validate", path])
        #expect(validate.code == 0, "\(validate.err)")
        #expect(validate.unwrappedOut.contains("1 of 1 rules proved; 2 of 2 requirements covered"))
        let check = Harness.run(["check", path])
        #expect(check.code == 0)
        #expect(
            check.out.contains(
                "  requirements 2 of 2 passed, 0 failed, 0 uncovered\n    UR-PRIV-01 shown on 1 walk, critical: "
                    + "script declined.txt\n    UR-END-01 shown reachable: rule \"reaches end\"\n"
            ))
    }

    @Test func anUncoveredCriticalRequirementIsAnErrorAndAnyOtherAWarning() {
        let path = Self.variant(requirements: Self.consent)
        let validate = Harness.run(["validate", path])
        #expect(validate.code == 1)
        #expect(
            validate.err.contains(
                """
                r.json:3:19: error: requirements[0]: critical requirement 'UR-PRIV-01' is covered by no rule and \
                no script. To fix, name it in a rule (\"requirement\": \"UR-PRIV-01\") or in a script (covers \
                UR-PRIV-01).
                """
            ))
        #expect(
            validate.err.contains(
                "warning: requirements[1]: requirement 'UR-END-01' is covered by no rule and no script."))
    }

    @Test func unknownAndDuplicateIdsAreErrorsWithTheNearest() {
        let duplicate = Self.variant(
            requirements: #"[{"id": "UR-1", "text": "One."}, {"id": "UR-1", "text": "Again."}]"#)
        #expect(
            Harness.run(["validate", duplicate]).err.contains(
                "error: requirements[1].id: duplicate requirement 'UR-1'; line 3 has it too."))
        let unknownInRule = Self.variant(
            requirements: Self.consent, rules: #"[{"reaches": "end", "requirement": "UR-END-1"}]"#)
        #expect(
            Harness.run(["validate", unknownInRule]).err.contains(
                "error: rules[0].requirement: unknown requirement 'UR-END-1'. Did you mean 'UR-END-01'?"))
        let unknownInScript = Self.variant(
            requirements: Self.consent, scripts: ["s.txt": "# a script\ncovers UR-PRIV-1\nchoose 1\n"])
        let validate = Harness.run(["validate", unknownInScript])
        #expect(validate.code == 1)
        #expect(validate.err.contains("/s.txt:2: error: unknown requirement 'UR-PRIV-1'. Did you mean 'UR-PRIV-01'?"))
        #expect(Harness.run(["check", unknownInScript]).code == 65)
    }

    @Test func aFailingScriptFailsItsRequirementAndItsJUnitTestCase() throws {
        let wrong = Self.declined.replacing("expect end onboarding.declined", with: "expect end onboarding.completed")
        let path = Self.variant(
            requirements: Self.consent, rules: #"[{"reaches": "end", "requirement": "UR-END-01"}]"#,
            scripts: ["declined.txt": wrong])
        let junit = TemporaryFiles.folder([:]) + "/results.xml"
        let check = Harness.run(["check", path, "--junit", junit])
        #expect(check.code == 1)
        #expect(check.out.contains("    UR-PRIV-01 failed, critical: script declined.txt\n"))
        let xml = try #require(GoldenFile.read(junit))
        #expect(xml.contains(#"<testsuite name="r" tests="1" failures="1" errors="0" skipped="0">"#))
        #expect(xml.contains(#"<property name="requirement UR-PRIV-01" value="failed, critical"/>"#))
        #expect(
            xml.contains(
                #"<failure message="line 6: expected the app to end through onboarding.completed, but it ended "#
                    + #"through onboarding.declined." type="ScriptFailure">"#
            ))
        // The JUnit file is checked before the work, never over an input.
        #expect(Harness.run(["check", path, "--junit", path]).code == 73)
    }
}
