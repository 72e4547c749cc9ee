import BundledModules
import StepflowGraph
import StepflowManifest

enum CheckCommand {
    static let command = RootApp.Command(spec: CommandSpec(
        name: "check",
        abstract: "Run acceptance scripts against a variant and report coverage.",
        discussion: """
            A script is plain text, one instruction a line:
              choose <label or number>     choose an action
              back                         the screen's back action
              wait                         let a waiting timer finish now
              expect screen <inst/screen>  this screen must be showing
              expect end [<inst.exit>]     the app must have ended (so)
              # …                          a comment
            Each script runs in a fresh walk. A failing line is reported with the screen actually showing. Coverage counts the screens and edges of the variant's graph the scripts walked. 'rootapp walk --record' writes a script.
            """,
        arguments: [
            .init(name: "manifest", help: "The variant's manifest."),
            .init(name: "script", help: "Acceptance scripts to run.", isRepeating: true),
        ]
    )) { arguments, console throws(ExitCodeError) in
        let manifest = try Loading.manifest(arguments.positional[0], console)
        // Every script is read and run: a broken one is reported and the
        // others still run; the exit code is the worst status met (66 for
        // a missing script, then 65 for a broken one, then 1 for a failure).
        var scripts: [Script] = []
        var unreadable: [ExitCode] = []
        for path in arguments.positional.dropFirst() {
            do throws(ExitCodeError) {
                scripts.append(try InputFile.script(path, console))
            } catch {
                unreadable.append(error.code)
            }
        }
        let variant = VariantGraph(manifest: manifest, registry: BundledModules.registry)
        let graph = variant.graph
        var edgesWalked: Set<String> = []
        var touched: Set<String> = []
        var transitions: Set<Int> = []
        var failed = 0
        for script in scripts {
            let session = WalkSession(manifest: manifest, states: variant.states)
            var failure: (line: Int, message: String)?
            for line in script.lines {
                if let message = session.perform(line.instruction) {
                    failure = (line.number, message)
                    break
                }
            }
            edgesWalked.formUnion(session.recorder.edges)
            touched.formUnion(session.touched)
            transitions.formUnion(session.walkedTransitions)
            if let failure {
                failed += 1
                console.print(console.red("\(script.file):\(failure.line): failed: \(failure.message)"))
            } else {
                console.print(console.green("\(script.file): passed") + " (\(script.lines.count) lines)")
            }
        }
        let graphEdges = graph.edgeNames
        let screens = Set(graph.nodes.filter { $0.kind == .screen }.map(\.id))
        let visited = touched.intersection(screens)
        let coveredEdges = edgesWalked.intersection(graphEdges)
        let transitionCount = variant.states.transitions.count
        func percent(_ part: Int, _ whole: Int) -> String { whole == 0 ? "100%" : "\(part * 100 / whole)%" }
        console.print("")
        console.print("Coverage of \(manifest.app.id) by \(scripts.count) script\(scripts.count == 1 ? "" : "s") that ran:")
        console.print("  screens \(visited.count) of \(screens.count) (\(percent(visited.count, screens.count)))")
        console.print("  edges   \(coveredEdges.count) of \(graphEdges.count) (\(percent(coveredEdges.count, graphEdges.count)))")
        console.print("  inputs  \(transitions.count) of \(transitionCount) (\(percent(transitions.count, transitionCount))) state transitions")
        if failed > 0 {
            console.print(console.red("\(failed) of \(scripts.count) script\(scripts.count == 1 ? "" : "s") failed."))
        }
        if !unreadable.isEmpty {
            let count = unreadable.count
            console.print(console.red("\(count) script\(count == 1 ? "" : "s") could not be run (see above)."))
        }
        if unreadable.contains(.missingFile) { return .missingFile }
        if unreadable.contains(.badInput) { return .badInput }
        return failed > 0 ? .findings : .success
    }
}
