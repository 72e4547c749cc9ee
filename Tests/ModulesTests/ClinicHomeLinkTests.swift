import Dispatch
import Stepflow
import StepflowTesting
import Testing
import ClinicHome
@testable import Onboarding
@testable import PatientIntake
@testable import Procedure
@testable import Results
@testable import Support

@Suite("The home module's link")
struct ClinicHomeLinkTests {
    /// The parameter the module guide shows is the one the home declares.
    @Test func theGuidesPatientParameterIsTheOneTheHomeDeclares() throws {
        let texts = ClinicHomeModule.texts
        let text = ModuleTexts(texts, source: TextSource())
        let documented = FieldSpec(
            "patient", .text,
            classes: [
                ValueClass(
                    "wellFormed", label: text["link.patient.wellFormed"], .pattern(#"P-\d{4}"#),
                    representative: "P-1024"),
                ValueClass(
                    "malformed", label: text["link.patient.malformed"], .pattern(".*"),
                    representative: "1024", refusal: text["link.patient.refusal"]),
            ])
        #expect(documented.classes.map(\.label) == ["P- and four digits", "anything else"])
        let options = ModuleOptions(
            specs: ClinicHomeModule.options,
            values: ["condition": .text("hba1c"), "hotline": .text("0800 1"), "hours": .text("always")])
        let kept = try #require(ClinicHomeModule.links(for: options).first { $0.name == "kept" })
        #expect(kept.parameters.last == documented)
        #expect(documented.entryField?.classify("P-1024") == .accepted(documented.classes[0]))
    }
}
