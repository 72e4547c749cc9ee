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
        TextSpec("typeID.label", "Patient id"),
        TextSpec("typeID.wellFormed", "P- and four digits"),
        TextSpec("typeID.malformed", "anything else"),
        TextSpec("typeID.refusal", "a patient id is P- and four digits (P-1024), as on the card or referral"),
        TextSpec("typeID.lookUp", "Look up"),
        TextSpec("lookUp.question", "the patient's record"),
        TextSpec("lookUp.found", "patient found"),
        TextSpec("lookUp.notFound", "no patient with this id"),
        TextSpec("notFound.title", "No patient found"),
        TextSpec("notFound.body", "No patient has this id. Check it, or register the patient at reception first."),
        TextSpec("notFound.retry", "Try another id"),
        TextSpec("confirm.title", "Confirm the patient"),
        TextSpec("confirm.body", "{patient}: {name}, born {born}. Ask the patient to say both."),
        TextSpec("confirm.name", "Name"),
        TextSpec("confirm.born", "Date of birth"),
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
