import StepflowGraph
import StepflowManifest
import StepflowScripts

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
        ],
        options: [.locale]
    )) { arguments, console, app throws(ExitCodeError) in
        let manifest = try app.manifest(arguments.positional[0], console)
        let locale = try RootApp.locale(arguments.value("locale"), of: manifest, console)
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
        let runner = ScriptRunner(manifest: manifest, registry: app.registry, services: app.services, locale: locale)
        try app.requireTexts(of: runner.variant, console)
        var results: [ScriptRunner.Result] = []
        for script in scripts {
            let result = runner.run(script)
            results.append(result)
            console.print(result.passed ? console.green("\(script.file): passed") + " (\(script.lines.count) lines)" : console.red(result.description))
        }
        let failed = results.filter { !$0.passed }.count
        let coverage = runner.coverage(of: results)
        console.print("")
        console.print("Coverage of \(manifest.app.id) by \(scripts.count) script\(scripts.count == 1 ? "" : "s") that ran:")
        console.print("  screens \(coverage.screens)")
        console.print("  edges   \(coverage.edges)")
        console.print("  inputs  \(coverage.transitions) state transitions")
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
