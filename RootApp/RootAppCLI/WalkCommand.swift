#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowPlatform
import StepflowScripts

enum WalkCommand {
    static let script = OptionKey<String>(
        "script", value: "file",
        help: "Replay this acceptance script first (see 'rootapp help check'), then read the terminal.")
    static let record = OptionKey<String>(
        "record", value: "file",
        help: """
            Write the session as an acceptance script to this file when the walk ends (actions by their text \
            keys, so it runs in every locale).
            """)
    static let save = OptionKey<String>(
        "save", value: "file",
        help: "Save the walk to this file when it ends (q, end of input, Ctrl-C), to continue it with --resume.")
    static let resume = OptionKey<String>(
        "resume", value: "file",
        help: """
            Continue the walk saved in this file by --save (saved by another release: replayed by what each input \
            was).
            """)

    static let byHand = OptionKey<String>(
        "by-hand", value: "sources",
        help: """
            Answer these outside sources yourself, as printed walks and scripts do (question or service ids, \
            comma-separated, or 'all'): the app's own services for them are not asked.
            """)

    static let command = RootApp.Command(
        spec: CommandSpec(
            name: "walk",
            abstract: "Walk a variant in the terminal, screen by screen.",
            discussion:
                """
                Type an action's number or its label; when the app asks the outside world (a permission), type an \
                answer's number or name; b goes back where the screen allows it, t prints the trace so far, s lets \
                a waiting timer finish now, answer <source> <answer> gives an outside answer (with --by-hand for a \
                source the app's own service answers), link <address> opens a link the manifest routes (as a \
                notification would), q quits. End of input and Ctrl-C end the walk with the \
                trace printed. \
                With --save, the walk is saved when it ends; --resume continues a saved walk where it was, a \
                running timer with the time really left; a walk another release saved replays by what each input \
                was, and one that does not replay whole is resumed as the manifest's restoreOnUpdate says, or \
                refused. Environment: ROOTAPP_TIME_SCALE=60 runs timers 60 times \
                faster (a save keeps real time); NO_COLOR turns colour off; TERM=dumb gets plain \
                lines, no colour or cursor codes; COLUMNS sets the width when output is not a terminal.
                """,
            arguments: [.init(name: "manifest", help: "The variant's manifest.")],
            options: [
                script.option, record.option, save.option, resume.option, byHand.option, OptionKey.locale.option,
            ]
        )
    ) { arguments, console, app throws(ExitCodeError) in
        // The recording's file is checked first: finding it unwritable
        // after the walk would lose the session.
        let inputs = [arguments.positional[0]] + (arguments[Self.script].map { [$0] } ?? [])
        if let record = arguments[Self.record] {
            if arguments[Self.resume] != nil {
                console.error(
                    """
                    error: --record writes a script from the start of the walk, and --resume starts in the middle \
                    of one. To fix, record the walk that starts afresh.
                    """
                )
                throw ExitCodeError(code: .usage)
            }
            try OutputFile.check(record, notOverwriting: inputs + (arguments[Self.save].map { [$0] } ?? []), console)
        }
        // Saving over the walk being resumed is the point; over the
        // manifest or a script, never.
        if let save = arguments[Self.save] {
            if save == "-" {
                console.error("error: --save needs a file: the walk itself is on standard output. To fix, name a file.")
                throw ExitCodeError(code: .usage)
            }
            try OutputFile.check(save, notOverwriting: inputs, console)
        }
        let saved = try arguments[Self.resume].map { path throws(ExitCodeError) in
            try InputFile.savedNavigation(path, console)
        }
        let manifest = try app.manifest(arguments.positional[0], console)
        let locale = try RootApp.locale(arguments[.locale], of: manifest, console)
        // The variant explored once, and only when asked for: for what
        // another locale would show untranslated, or the sources --by-hand names.
        var explored: VariantGraph?
        func graph() -> VariantGraph {
            if let explored { return explored }
            let made = VariantGraph(manifest: manifest, registry: app.registry, services: app.services, locale: locale)
            explored = made
            return made
        }
        // English always has the modules' own texts: only another locale
        // needs the variant explored for what it would show untranslated.
        if (locale ?? manifest.locales.first ?? "en") != "en" { try app.requireTexts(of: graph(), console) }
        let script = try arguments[Self.script].map { path throws(ExitCodeError) in try InputFile.script(path, console)
        }
        let clock = WalkClock(scale: try EnvironmentSettings.timeScale(console))
        // Sources the person answers: those named, and those the script answers.
        let named = try arguments[Self.byHand].map { list throws(ExitCodeError) in
            let key = "\(manifest.file)\n\(manifest.digest)\n\(locale ?? "")"
            let known =
                app.outsideSources.withLock { $0[key] }
                ?? {
                    let found = Self.sources(of: graph())
                    app.outsideSources.withLock { $0[key] = found }
                    return found
                }()
            return try Self.sources(list, known: known, of: manifest, console)
        }
        let answeredByHand = (named ?? []).union(script?.answeredSources ?? [])
        let session: VariantSession
        if let saved, let path = arguments[Self.resume] {
            do throws(RestoreError) {
                session = try VariantSession(
                    resuming: saved, manifest: manifest, registry: app.registry, services: app.services, locale: locale,
                    clock: clock, answeredByHand: answeredByHand)
            } catch {
                let reason: String =
                    if let app = saved.rootFlows.first, app != manifest.app.id {
                        "it is a walk of '\(app)', and '\(manifest.file)' is '\(manifest.app.id)'."
                    } else {
                        // The engine's fix is for an app's code; a walk's is to start afresh.
                        (error.entry.map { "entries[\($0)]: " } ?? "") + error.problem
                            + Self.releaseNote(saved, manifest: manifest, registry: app.registry)
                    }
                for line in console.wrap(
                    "error: \(path): cannot resume the walk: \(reason) To fix, start afresh without --resume.")
                { console.error(line) }
                throw ExitCodeError(code: .badInput)
            }
            // A walk that had finished has nothing to continue: said, not
            // shown as an empty prompt, nor as inputs replayed.
            if session.top == nil {
                let words = ToolWords(locale: session.locale)
                for line in console.wrap(words["walk.resumed.finished", ["path": path]]) { console.print(line) }
                return .success
            }
            for line in console.wrap(Self.resumed(path, saved, session: session)) { console.error(console.dim(line)) }
        } else {
            session = VariantSession(
                manifest: manifest, registry: app.registry, services: app.services, locale: locale, clock: clock,
                answeredByHand: answeredByHand)
        }
        let walk = TerminalWalk(
            session: session, program: app.name, console: console, recordPath: arguments[Self.record],
            savePath: arguments[Self.save])
        return walk.run(script: script)
    }

    /// The outside sources `list` names (`camera-permission,credit-bureau`
    /// or `all`), each one the variant can be answered from: a typo is a
    /// usage error with the nearest name, never a source nobody asks.
    /// The outside sources `graph`'s variant asks, sorted.
    static func sources(of graph: VariantGraph) -> [String] {
        var known: Set<String> = []
        for transition in graph.states.transitions {
            if case .answer(let source, _, _, _, _) = transition.input.kind { known.insert(source) }
        }
        return known.sorted()
    }

    /// The sources `list` names, each one of `known` (the variant's), or
    /// `all` of them.
    static func sources(
        _ list: String, known: [String], of manifest: Manifest, _ console: Console
    ) throws(ExitCodeError) -> Set<String> {
        let names = list.split(separator: ",").map { String($0).trimmingCharacters() }.filter { !$0.isEmpty }
        if names == ["all"] { return Set(known) }
        let listed =
            known.isEmpty
            ? "'\(manifest.app.id)' asks the outside world nothing."
            : "Sources: \(known.joined(separator: ", ")), or all."
        guard !names.isEmpty else {
            console.error("error: --by-hand needs a source. \(listed)")
            throw ExitCodeError(code: .usage)
        }
        for name in names where !known.contains(name) {
            let nearest = Suggestion.didYouMean(name, known)
            for line in console.wrap(
                """
                error: --by-hand: '\(name.shortened())' is no outside source of '\(manifest.app.id)'. \
                \(nearest)\(listed)
                """
            ) {
                console.error(line)
            }
            throw ExitCodeError(code: .usage)
        }
        return Set(names)
    }

    /// What the walk says once resumed: how many inputs replayed, and on
    /// another release, how.
    static func resumed(_ path: String, _ saved: SavedNavigation, session: VariantSession) -> String {
        guard let outcome = session.restoreOutcome else { return "Resumed \(path)." }
        let inputs = "\(outcome.inputs) input\(outcome.inputs == 1 ? "" : "s")"
        let release = releaseNote(saved, manifest: session.manifest, registry: session.registry)
        switch outcome.kind {
        case .sameRelease:
            return "Resumed \(path): \(inputs) replayed."
        case .otherRelease:
            return "Resumed \(path) on another release: \(inputs) replayed by what each was.\(release)"
        case .fellBack(let policy):
            let why = outcome.refusal.map { ($0.entry.map { "entries[\($0)]: " } ?? "") + $0.problem } ?? ""
            let kept = outcome.keptValues.isEmpty ? "" : " The values entered there are filled in again."
            return """
                Resumed \(path) on another release, as its policy \(policy) says: \(why) So \(inputs) replayed, \
                and the walk goes on at \(outcome.top ?? "the end").\(kept)\(release)
                """
        }
    }

    /// ` (Saved by another release: …)` naming what changed, or nothing.
    static func releaseNote(_ saved: SavedNavigation, manifest: Manifest, registry: ModuleRegistry) -> String {
        let now = VariantSession.versions(of: manifest, registry: registry)
        let fingerprint = VariantSession.fingerprint(of: manifest, registry: registry)
        guard saved.fingerprint != fingerprint else { return "" }
        var changes: [String] = []
        // The manifest is the same when the save's own versions, with it,
        // make the save's fingerprint.
        if saved.fingerprint != VariantSession.fingerprint(of: manifest, versions: saved.versions) {
            changes.append("'\(manifest.file)' changed since the walk was saved")
        }
        for module in Set(saved.versions.keys).union(now.keys).sorted()
        where !saved.versions.isEmpty && saved.versions[module] != now[module] {
            changes.append(
                "module \(module) was \(saved.versions[module] ?? "not used"), now \(now[module] ?? "not used")")
        }
        return changes.isEmpty ? "" : " (Saved by another release: " + changes.joined(separator: "; ") + ".)"
    }
}
