public import Stepflow

/// "Save and come back later" for every question page of a form (GOV.UK's
/// pattern), written once: an action on the page, a sheet that says what
/// saving does, the texts both show, the option that turns it off and the
/// exit the module leaves through.
///
/// A module that uses it names it in its ``Stepflow/FeatureModule/kits``
/// and declares its texts, options and exits beside its own
/// (``Stepflow/ModuleContract`` checks that it does); its flow offers
/// ``action(_:_:)`` on each question page and shows
/// ``sheet(_:confirm:cancel:)`` when it is chosen. What the person gave
/// stays on the device when the manifest keeps the form's record entries
/// (`"keptOnDevice": true`), so the app's first page can offer to carry on.
///
/// ```swift
/// public static let kits: [any ModuleKit.Type] = [SaveForLater.self]
/// public static let options = SaveForLater.options
/// public static let texts = TextSpec.list([…]) + SaveForLater.texts
/// public static func exits(for options: ModuleOptions) -> [ExitSpec] {
///     [ExitSpec("done", summary: "every detail is given")] + SaveForLater.exits(for: options)
/// }
///
/// // in the flow:
/// case .question:
///     .show(Screen(id: "name", …, actions: [next] + (saving ? [SaveForLater.action(text, .saveForLater)] : [])))
/// case .saveForLater:
///     .show(SaveForLater.sheet(text, confirm: .saved, cancel: .keepGoing), as: .modal)
/// ```
public enum SaveForLater: ModuleKit {
    /// `saveForLater`: its text keys start `saveForLater.`.
    public static let name = "saveForLater"

    /// The action's label, the sheet's title, body and two answers.
    public static let texts = TextSpec.list([
        "saveForLater.action": "Save and come back later",
        "saveForLater.title": "Your answers are saved",
        "saveForLater.body": """
        Your answers so far are kept on this device. Open the app again to carry on where you left off. \
        Nothing is sent until you check your answers and send them.
        """,
        "saveForLater.confirm": "Close the application for now",
        "saveForLater.cancel": "Carry on now",
    ])

    /// `saveForLater` (boolean, on by default): a variant can leave saving
    /// out (a caseworker takes a claim in one sitting).
    public static let options = [
        OptionSpec(
            "saveForLater", .boolean, default: .boolean(true),
            summary: "Whether each question page offers to save and come back later.")
    ]

    /// `saved`, where `options` offer saving: the module ends through it
    /// when the person saves and leaves.
    public static func exits(for options: ModuleOptions) -> [ExitSpec] {
        isOffered(options) ? [ExitSpec("saved", summary: "the person saved the application to finish later")] : []
    }

    /// Whether `options` offer saving.
    public static func isOffered(_ options: ModuleOptions) -> Bool { options.boolean("saveForLater") }

    /// The action a question page offers where ``isOffered(_:)``: it
    /// emits `step`, which shows the sheet.
    public static func action<StepType: Step>(_ text: ModuleTexts, _ step: StepType) -> ScreenAction<StepType> {
        ScreenAction(text["saveForLater.action"], step, role: .cancel)
    }

    /// The sheet that says what saving does: `confirm` leaves the form for
    /// now (the flow ends through `saved`), `cancel` goes back to the page.
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
}
