import BenefitApp
import Foundation
import RootAppCLI
import Stepflow
import StepflowManifest
import StepflowScripts
import Synchronization
import Testing

/// This package's folder, found from this file.
let packageRoot = String(
    #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/"))

func manifestPath(_ name: String) -> String { packageRoot + "/Manifests/\(name).json" }

func runner(_ name: String) throws -> ScriptRunner {
    let manifest = try ManifestLoader(registry: BenefitApp.registry, services: BenefitApp.services).load(
        path: manifestPath(name))
    return ScriptRunner(manifest: manifest, registry: BenefitApp.registry, services: BenefitApp.services)
}

/// Runs `text` as a script of `name`: it must pass.
@discardableResult
func passes(_ text: String, on name: String) throws -> ScriptRunner.Result {
    let result = try runner(name).run(try Script.parse(text, file: "test.txt"))
    #expect(result.passed, "\(result)")
    return result
}

/// The lines that take a citizen from the start to check your answers.
let toTheSummary = """
    choose Start now
    enter answer yes
    choose Continue
    enter answer yes
    choose Continue
    enter name "Ada Lovelace"
    choose Continue
    enter born 1990-12-10
    choose Continue
    enter nino QQ123456C
    choose Continue
    enter childName Byron
    choose Continue
    enter childBorn 2020-01-05
    choose Continue
    choose Continue
    expect screen check/summary

    """

@Suite("The child benefit application")
struct ChildBenefitTests {
    @Test(arguments: ["child-benefit", "child-benefit-caseworker"])
    func itsToolValidatesEachVariantWithEveryRuleProved(_ name: String) {
        let out = Mutex("")
        let console = Console(out: { text in out.withLock { $0 += text } }, err: { _ in })
        let tool = RootApp(name: "benefitapp", registry: BenefitApp.registry, services: BenefitApp.services)
        #expect(tool.run(["validate", manifestPath(name)], console: console) == 0)
        let summary = out.withLock { $0 }.replacing("\n    ", with: " ")
        #expect(summary.contains(name == "child-benefit" ? "5 of 5 rules proved" : "2 of 2 rules proved"), "\(summary)")
        #expect(!summary.contains("error"), "\(summary)")
    }

    @Test(arguments: ["child-benefit", "child-benefit-caseworker"])
    func everyAcceptanceScriptPassesAndEveryRequirementIsMet(_ name: String) throws {
        let out = Mutex("")
        let console = Console(
            out: { text in out.withLock { $0 += text } }, err: { text in out.withLock { $0 += text } })
        let tool = RootApp(name: "benefitapp", registry: BenefitApp.registry, services: BenefitApp.services)
        #expect(tool.run(["check", manifestPath(name)], console: console) == 0, "\(out.withLock { $0 })")
        #expect(out.withLock { $0 }.replacing("\n    ", with: " ").contains("0 failed, 0 uncovered"))
    }

    @Test func aChangeFromTheSummaryComesBackToItWithTheNewValueAndAsksNothingElse() throws {
        try passes(
            toTheSummary + """
                choose Change: Name
                expect screen applicant/name
                enter name "Ada King"
                choose Continue
                expect screen check/summary
                expect entry applicantName "Ada King"
                expect entry applicantNino QQ123456C
                expect entry children count 1

                """, on: "child-benefit")
    }

    @Test func aChangeThatDecidesAgainGoesWhereTheNewAnswerLeads() throws {
        // "No" to living in the UK ends the claim: the summary is not shown
        // again, the kickout is.
        try passes(
            toTheSummary + """
                choose Change: Lives in the UK
                expect screen eligibility/livesInUK
                enter answer no
                choose Continue
                expect screen eligibility/kickout

                """, on: "child-benefit")
    }

    @Test func aStartedApplicationIsKeptAcrossLaunchesAndANewOneStartsEmpty() throws {
        try passes(
            """
            choose Start now
            enter answer yes
            choose Continue
            enter answer yes
            choose Continue
            enter name "Ada Lovelace"
            choose Continue
            choose Save and come back later
            choose Close the application for now
            expect end applicant.saved
            relaunch
            expect entry applicantName "Ada Lovelace"
            choose Start a new application
            expect entry applicantName none
            expect entry responsible none

            """, on: "child-benefit")
    }

    @Test func theCaseworkerClosesTheCounterAndNothingIsKept() throws {
        try passes(
            """
            expect screen eligibility/livesInUK
            choose Close the counter
            expect end eligibility.closed

            """, on: "child-benefit-caseworker")
    }

    @Test func aCopyWhosePagesCannotSaveBreaksTheRuleThatSavingIsAlwaysWithinReach() throws {
        // CB-05's rule holds even where one module offers no saving: Back
        // leads to pages that do. On a copy where no page offers it, the
        // first question page is stuck away from saving.
        var text = try String(contentsOfFile: manifestPath("child-benefit"), encoding: .utf8)
        for module in ["eligibility", "applicant"] {
            text = text.replacing(
                #"{ "id": "\#(module)", "module": "\#(module)" }"#,
                with: #"{ "id": "\#(module)", "module": "\#(module)", "options": { "saveForLater": false } }"#)
            text = text.replacing(#""\#(module).saved": "end","#, with: "")
        }
        text = text.replacing(#""maxChildren": 2 }"#, with: #""maxChildren": 2, "saveForLater": false }"#)
        text = text.replacing(#""children.saved": "end","#, with: "")
        text = text.replacing(#""scripts": "../Scripts/child-benefit","#, with: "")
        let path = NSTemporaryDirectory() + "child-benefit-unsaving-\(getpid()).json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let out = Mutex("")
        let console = Console(
            out: { text in out.withLock { $0 += text } }, err: { text in out.withLock { $0 += text } })
        let tool = RootApp(name: "benefitapp", registry: BenefitApp.registry, services: BenefitApp.services)
        #expect(tool.run(["validate", path], console: console) == 1)
        let said = out.withLock { $0 }.replacing("\n    ", with: " ").replacing("\n       ", with: " ")
        #expect(
            said.contains("rule refuted: from every question page, Save and come back later can be reached"), "\(said)")
        #expect(said.contains("From there (on eligibility/livesInUK)"), "\(said)")
    }
}
