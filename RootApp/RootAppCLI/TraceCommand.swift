import StepflowGraph
import StepflowManifest

enum TraceCommand {
    /// How `trace` writes the steps.
    enum Format: String, CaseIterable, Sendable {
        case text, json
    }

    static let format = OptionKey<Format>("format", value: "format", help: "text (default) or json.")

    static let command = RootApp.Command(
        spec: CommandSpec(
            name: "trace",
            abstract: "Every reachable step with a shortest walk that reaches it.",
            discussion:
                """
                Each step comes after its depth, the fewest inputs a person needs to reach it, then the walk: one \
                input a line, on the screen it is given on, as 'rootapp walk' and acceptance scripts take it \
                (choose a label, b for back, s to let a timer finish).
                """,
            arguments: [.init(name: "manifest", help: "The variant's manifest.")],
            options: [format.option, OptionKey.locale.option]
        )
    ) { arguments, console, app throws(ExitCodeError) in
        let variant = try app.variant(arguments.positional[0], console, locale: arguments[.locale])
        // Data an exit hands on that no module reads is not carried: said,
        // so the steps' data does not look complete when it is not.
        let dropped = variant.droppedFields
        let notes =
            dropped.isEmpty
            ? []
            : [
                "Not carried (no module of the variant reads it): " + dropped.map(\.description).joined(separator: ", ")
                    + "."
            ]
        console.out(
            arguments[Self.format] == .json
                ? TraceExporter.json(variant.states)
                : TraceExporter.text(variant.states, width: console.width, notes: notes))
        return .success
    }
}
