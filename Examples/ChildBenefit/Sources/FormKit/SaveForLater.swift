public import Stepflow

/// "Save and come back later", written once for every question page of a
/// form (GOV.UK's pattern): an action on the page, a sheet that says what
/// it does, and the texts both show. A module adds ``texts`` to its own,
/// offers ``action(_:_:)`` on each question page, shows ``sheet(_:confirm:cancel:)``
/// when it is chosen, and ends through an exit its manifest routes to the
/// app's end. What the person gave is kept on the device (the manifest
/// gives the form's entries `"keptOnDevice": true`), and the app's first
/// page offers to continue it.
///
/// ```swift
/// case .question:
///     .show(Screen(id: "name", …, actions: [next, SaveForLater.action(text, .saveForLater)]))
/// case .saveForLater:
///     .show(SaveForLater.sheet(text, confirm: .saved, cancel: .keepGoing), as: .modal)
/// ```
public enum SaveForLater {
    /// The kit's texts, to add to a module's own (their keys start
    /// `saveForLater.`).
    public static let texts: [TextSpec] = [
        TextSpec("saveForLater.action", "Save and come back later"),
        TextSpec("saveForLater.title", "Your answers are saved"),
        TextSpec(
            "saveForLater.body",
            """
            Your answers so far are kept on this device. Open the app again to carry on where you left off. \
            Nothing is sent until you check your answers and send them.
            """),
        TextSpec("saveForLater.confirm", "Close the application for now"),
        TextSpec("saveForLater.cancel", "Carry on now"),
    ]

    /// The action a question page offers: saves and leaves, through the
    /// sheet.
    public static func action<StepType: Step>(_ text: ModuleTexts, _ step: StepType) -> ScreenAction<StepType> {
        ScreenAction(text["saveForLater.action"], step, role: .cancel)
    }

    /// The sheet that says what saving does: `confirm` leaves the form for
    /// now, `cancel` goes back to the page.
    public static func sheet<StepType: Step>(
        _ text: ModuleTexts, confirm: StepType, cancel: StepType
    ) -> Screen<StepType> {
        Screen(
            id: "save-for-later", title: text["saveForLater.title"], body: [text["saveForLater.body"]],
            actions: [
                ScreenAction(text["saveForLater.confirm"], confirm),
                ScreenAction(text["saveForLater.cancel"], cancel, role: .back),
            ])
    }

    /// The option a module declares so a variant can leave saving out (a
    /// caseworker takes a claim in one sitting).
    public static let option = OptionSpec(
        "saveForLater", .boolean, default: .boolean(true),
        summary: "Whether each question page offers to save and come back later.")

    /// The exit `saved`, where `options` offer saving: the module ends
    /// through it when the person saves and leaves.
    public static func exits(_ options: ModuleOptions) -> [ExitSpec] {
        options.boolean("saveForLater")
            ? [ExitSpec("saved", summary: "the person saved the application to finish later")] : []
    }
}

/// Who answers a form's questions: the person claiming, or a caseworker
/// for them (the pages' titles say "you" or "the claimant").
public enum Audience {
    /// The option `audience`: `citizen` (default) or `caseworker`.
    public static let option = OptionSpec(
        "audience", .choice(["citizen", "caseworker"]), default: .text("citizen"),
        summary: "Who answers: the person claiming, or a caseworker for them.")
}
