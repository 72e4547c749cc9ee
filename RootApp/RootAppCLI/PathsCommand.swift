import StepflowGraph
import StepflowManifest

enum PathsCommand {
    static let to = OptionKey<String>(
        "to", value: "node", help: "The node id, as trace prints it: onboarding/privacy, test.timerDone, end.",
        isRequired: true)
    static let limit = OptionKey<Int>(
        "limit", value: "n", help: "At most this many paths (1-10000, default 10).", range: 1...10_000)

    static let command = RootApp.Command(
        spec: CommandSpec(
            name: "paths",
            abstract: "Walks from the start to a node, shortest first, as many as a limit allows.",
            discussion:
                """
                Each walk visits no state twice, and no two print the same screens and steps. Every walk can be \
                replayed in 'rootapp walk' input for input (with --by-hand for a source the app's own service \
                answers).
                """,
            arguments: [.init(name: "manifest", help: "The variant's manifest.")],
            options: [to.option, limit.option, OptionKey.locale.option]
        )
    ) { arguments, console, app throws(ExitCodeError) in
        let limit = arguments[Self.limit] ?? 10
        let variant = try app.variant(arguments.positional[0], console, locale: arguments[.locale])
        let graph = variant.graph
        let id = arguments[Self.to] ?? ""  // required: the parser checked
        guard let target = graph.node(withID: id) else {
            let hint = Suggestion.nearest(to: id, in: graph.nodes.map(\.id)).map { " Did you mean '\($0)'?" } ?? ""
            console.error(
                UsageError(
                    message:
                        """
                        no node '\(id)' in the graph of '\(graph.app)'.\(hint) '\(app.name) trace' lists the \
                        steps; screens are '<instance>/<screen>'.
                        """,
                    command: "paths"
                ).text(program: app.name))
            return .usage
        }
        let found = variant.states.walks(to: target, limit: limit)
        if found.walks.isEmpty {
            console.print("No walk from the start reaches \(id).")
            return .success
        }
        for (index, walk) in found.walks.enumerated() {
            console.print("\(index + 1). \(walk.depth) input\(walk.depth == 1 ? "" : "s")")
            if walk.inputs.isEmpty { console.print("     (at the start, before any input)") }
            for input in walk.inputs { console.out(TraceExporter.line(for: input, width: console.width)) }
        }
        if found.isTruncated {
            let count = found.walks.count
            console.error(
                console.dim(
                    """
                    Stopped at \(count) \
                    walk\(count == 1 ? "" : "s")\(count < limit ? " (search budget reached)" : ""); raise --limit \
                    for more.
                    """
                ))
        }
        return .success
    }
}
