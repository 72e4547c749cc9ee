public import Stepflow

extension PatientIntakeModule {
    /// Every text intake shows, with its key and English default.
    public static let texts: [TextSpec] = [
        TextSpec("cancel", "Cancel"),
        TextSpec("back", "Back"),
        TextSpec("identify.title", "Identify the patient"),
        TextSpec("identify.body", "Check two identifiers: the patient's name and date of birth."),
        TextSpec("identify.scan", "Scan wristband (reads {patient})"),
        TextSpec("identify.type", "Type the patient id"),
        TextSpec("typeID.title", "Type the patient id"),
        TextSpec("typeID.body", "The id is on the patient's card or referral."),
        TextSpec("typeID.lookUpKnown", "Look up {patient}"),
        TextSpec("typeID.lookUpUnknown", "Look up an unknown id"),
        TextSpec("notFound.title", "No patient found"),
        TextSpec("notFound.body", "No patient has this id. Check it, or register the patient at reception first."),
        TextSpec("notFound.retry", "Try another id"),
        TextSpec("confirm.title", "Confirm the patient"),
        TextSpec("confirm.body", "{patient}: Alex Example, born 12 April 1980."),
        TextSpec("confirm.correct", "Details are correct"),
        TextSpec("confirm.wrong", "Details are wrong"),
        TextSpec("consent.title", "Consent"),
        TextSpec(
            "consent.body",
            "The patient, or their representative, agrees to the test and to the result being sent to the lab."),
        TextSpec("consent.given", "Consent given"),
        TextSpec("consent.refused", "Consent refused"),
    ]
}
