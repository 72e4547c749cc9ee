public import Stepflow

extension ClinicHomeModule {
    /// Every text the home shows, with its key and English default.
    public static let texts: [TextSpec] = [
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
            """
            Results the lab could not take yet are kept on this device and sent as soon as it can be reached. \
            Each one opens from its notice.
            """),
        TextSpec("help.title", "Help"),
        TextSpec("help.body", "Call {hotline}, {hours}."),
        TextSpec("keptResult.title", "Kept result"),
        TextSpec(
            "keptResult.body",
            "The {result} result of patient {patient} is kept on this device until the lab has it."),
        TextSpec("keptResult.close", "Close"),
    ]
}
