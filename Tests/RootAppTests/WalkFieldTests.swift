import BundledFixtures
import StepflowTesting
import Testing

/// A walk's fields as a person types them, on covid-antigen-clinic's
/// patient id: help that explains values, a bare value, a value kept, a
/// class by its label, a piped walk that goes on after a refused value.
@Suite("Fields in a walk")
struct WalkFieldTests {
    static let clinic = BundledManifests.path("covid-antigen-clinic")
    /// To intake/type-id.
    static let toTheField = [
        "choose Sign in", "choose Sign in (password accepted)", "choose Mobile unit", "choose I acknowledge",
        "choose Start a test", "choose Type the patient id",
    ]

    static func walk(_ lines: [String]) -> (out: String, err: String) {
        let run = Harness.run(["walk", clinic], input: toTheField + lines)
        // Words as read, whatever the wrapping.
        func read(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        return (read(run.out), read(run.err))
    }

    @Test func helpSaysHowToFillTheFieldAndWhichValuesItTakes() {
        let run = Self.walk(["?"])
        #expect(run.out.contains("enter patientID …"), "\(run.out)")
        #expect(run.out.contains("type a value for Patient id (P- and four digits); or type the value alone"))
    }

    @Test func aBareValueOnAOneFieldScreenGoesIntoTheField() {
        let run = Self.walk(["P-2001", "Look up"])
        #expect(!run.err.contains("No action 'P-2001'"), "\(run.err)")
        #expect(run.out.contains("Patient id: P-2001 (P- and four digits)"), "the class by its label")
        #expect(!run.out.contains("wellFormed"))
        #expect(run.out.contains("── Confirm the patient"), "\(run.out)")
        // A value the field refuses says so, and how an action is chosen.
        let refused = Self.walk(["P-20"])
        #expect(refused.err.contains("Patient id was refused: 'P-20'"), "\(refused.err)")
        #expect(refused.err.contains("An action is chosen by 1 or its label: 'Look up', 'Back'."))
    }

    @Test func theFieldKeepsItsValueWhenItsScreenIsShownAgain() {
        let run = Self.walk(["P-9999", "choose Look up", "choose Try another id"])
        let after = run.out.ranges(of: "── Type the patient id").last.map { String(run.out[$0.lowerBound...]) }
        #expect(after?.contains(#"Patient id: "P-9999""#) == true, "\(run.out)")
    }

    @Test func aPipedWalkGoesOnAfterARefusedValue() {
        // "Look up" asks for the id; the refused one cancels, and the
        // next line is an input again, not another try at the value.
        let run = Self.walk(["Look up", "P-1", "enter patientID P-1024", "Look up"])
        #expect(run.err.contains("Nothing was submitted."), "\(run.err)")
        #expect(run.out.contains("── Confirm the patient"), "\(run.out)\(run.err)")
    }

    @Test func aLabelTypedWithTheKeyboardsApostropheChoosesTheTypographicOne() {
        let run = Harness.run(["walk", BundledManifests.path("covid-antigen-home-de")], input: ["Los geht's"])
        #expect(!run.err.contains("Keine Aktion"), "\(run.err)")
        #expect(run.out.contains("3. onboarding.howItWorks(page: 1)"), "\(run.out)")
    }
}
