public import Stepflow

extension ClinicHomeModule {
    /// Every text the home shows, with its key and English default.
    public static let texts: [TextSpec] = [
        TextSpec("outbox.label", "the outbox"),
        TextSpec("link.patient.wellFormed", "P- and four digits"),
        TextSpec("link.patient.malformed", "anything else"),
        TextSpec("link.patient.refusal", "a patient id is P- and four digits, as on the card"),
        TextSpec("outbox.sent", "the lab received the oldest kept result"),
        TextSpec("tabs.test", "Test a patient"),
        TextSpec("tabs.kept", "Kept results"),
        TextSpec("tabs.help", "Help"),
        TextSpec("test.title", "Test a patient"),
        TextSpec("test.body", "Identify the next patient to start. Nothing of the last patient is carried over."),
        TextSpec("test.start", "Start a test"),
        TextSpec("signOut", "Sign out"),
        TextSpec("kept.title", "Kept results"),
        TextSpec(
            "kept.body",
            one: "{count} result waits on this device for the lab; it is sent as soon as the lab can be reached.",
            other: "{count} results wait on this device for the lab; each is sent as soon as the lab can be reached.",
            count: "count"),
        TextSpec("kept.empty", "Nothing waits on this device: every result reached the lab."),
        TextSpec("kept.item", "{patient}: {result}"),
        TextSpec("kept.open", "Open {patient}"),
        TextSpec("who.named", "{name} ({patient})"),
        TextSpec("who.id", "Patient {patient}"),
        TextSpec("result.hba1c", "HbA1c {value} % ({result})"),
        TextSpec("result.plain", "{result}"),
        TextSpec("keptGone.title", "No longer kept"),
        TextSpec(
            "keptGone.body",
            "No result of patient {patient} waits on this device now: it reached the lab, or it was discarded."),
        TextSpec("keptResult.discard", "Discard…"),
        TextSpec("discard.title", "Discard this result?"),
        TextSpec(
            "discard.body",
            """
            The result of {patient} will never reach {lab}. Discard it only once it is recorded another way.
            """),
        TextSpec("discard.keep", "Keep it"),
        TextSpec("discard.confirm", "Discard the result"),
        TextSpec("help.title", "Help"),
        TextSpec("help.body", "Call {hotline}, {hours}."),
        TextSpec("keptResult.title", "Kept result"),
        TextSpec(
            "keptResult.body",
            "{patient}: {result}. Kept on this device until {lab} has it."),
        TextSpec("keptResult.close", "Close"),
    ]
}
