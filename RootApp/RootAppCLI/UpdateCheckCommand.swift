import Stepflow
import StepflowGraph
import StepflowManifest

enum UpdateCheckCommand {
    static let format = OptionKey<TraceCommand.Format>(
        "format", value: "format", help: "text (default) or json: every place, for a release pipeline.")
    static let states = FlagKey(
        "states", help: "Also list each state some walk of which is lost, with its shortest such walk.")
    static let limit = OptionKey<Int>(
        "limit", value: "n", help: "List at most n places where walks stop restoring (1-10000, default 10).",
        range: 1...10_000)

    static let command = RootApp.Command(
        spec: CommandSpec(
            name: "update-check",
            abstract: "Which walks saved by one release restore on the next: every one, or those that do not.",
            discussion:
                """
                Explores the old release in lockstep with the new over the same inputs: each input of the old is \
                replayed on the new by what it was (the screen it was given on, the action's step, the value's \
                class, the stepper), as a restore on another release does. A walk restores when every input \
                replays and the new release shows the screen the old one showed; re-worded texts never matter. \
                For each place where walks stop restoring it prints why, the shortest walk there on the old \
                release, the old states lost behind it and where the new release's restoreOnUpdate policy resumes \
                such a walk. Exits 0 when every walk restores or is resumed by a policy, 1 when the new release \
                would refuse some walk (or a bound stopped the exploration), 64-66 for usage and input errors.
                """,
            arguments: [
                .init(name: "old-manifest", help: "The variant as the release people have installed ships it."),
                .init(name: "new-manifest", help: "The variant as the next release ships it."),
            ],
            options: [format.option, limit.option, states.option]
        )
    ) { arguments, console, app throws(ExitCodeError) in
        let oldManifest = try app.manifest(arguments.positional[0], console)
        let newManifest = try app.manifest(arguments.positional[1], console)
        let limit = arguments[Self.limit] ?? 10
        guard oldManifest.app.id == newManifest.app.id else {
            for line in console.wrap(
                """
                error: '\(oldManifest.file)' is the app '\(oldManifest.app.id)' and '\(newManifest.file)' is \
                '\(newManifest.app.id)': a walk is only ever resumed by the same app. To fix, compare two releases \
                of one variant (rootapp diff compares two variants).
                """
            ) { console.error(line) }
            throw ExitCodeError(code: .usage)
        }
        let check = UpdateCheck(old: oldManifest, new: newManifest, registry: app.registry, services: app.services)
        if arguments[Self.format] == .json {
            console.out(json(check))
        } else {
            report(check, limit: limit, console)
            if arguments[Self.states] { lostStates(check, console) }
        }
        return check.refusedStates.isEmpty && !check.isTruncated ? .success : .findings
    }

    static func report(_ check: UpdateCheck, limit: Int, _ console: Console) {
        let states = check.old.states.states.count
        func say(_ text: String, indent: String = "", first: String = "") {
            for line in console.wrap(text, indent: indent, firstIndent: first) { console.print(line) }
        }
        for line in console.wrap(
            "Update check: \(check.old.manifest.app.id), \(check.old.manifest.file) → \(check.new.manifest.file)")
        {
            console.print(console.bold(line))
        }
        say(
            """
            Checked all \(states) state\(states == 1 ? "" : "s") of the old release in lockstep with the new: \
            \(check.pairs) pair\(check.pairs == 1 ? "" : "s") of states, \(check.inputsChecked) input\
            \(check.inputsChecked == 1 ? "" : "s") replayed by what each was.
            """)
        if check.isTruncated {
            say(
                console.red(
                    """
                    Not proved: a bound stopped the exploration, so states past it are not checked. To fix, make \
                    the variant smaller or split it.
                    """))
        }
        console.print()
        if check.lost.isEmpty {
            say(
                console.green("✓ Every walk restores:")
                    + " each walk of the old release replays on the new one and shows the screen it showed.")
        } else {
            let (lost, refused) = (check.lostStates.count, check.refusedStates.count)
            let (whole, none) = (states - lost, check.unrestorableStates.count)
            if refused == 0 {
                say(
                    console.green("✓ No walk is thrown away:")
                        + " the policy resumes every walk that does not restore."
                )
            } else {
                let policies = Set(check.lost.filter { $0.resumesAt == nil }.map(\.policy.description)).sorted()
                say(
                    console.red("✗ The update throws away walks of \(refused) of \(states) states:")
                        + " the policy (\(policies.joined(separator: ", "))) refuses them.")
            }
            say("\(whole) state\(whole == 1 ? "" : "s"): every walk restores.", indent: "      ", first: "  ")
            say(
                """
                \(lost) state\(lost == 1 ? "" : "s"): some walk does not replay whole (an input refused, or a \
                screen that is now elsewhere); for \(none) of them, no walk does.
                """, indent: "      ", first: "  ")
            for (number, place) in check.lost.prefix(limit).enumerated() {
                describe(place, number: number + 1, console)
            }
            if check.lost.count > limit {
                console.print()
                say("… and \(check.lost.count - limit) more places (--limit \(check.lost.count) lists them all).")
            }
        }
        console.print()
        changes(check, console)
    }

    private static func describe(_ place: UpdateCheck.Lost, number: Int, _ console: Console) {
        func say(_ text: String) {
            for line in console.wrap(text, indent: "     ", firstIndent: "     ") { console.print(line) }
        }
        let heading: String =
            switch place.kind {
            case .refused:
                "\(number). On \(place.screen ?? "the start"), the new release refuses "
                    + (place.walk.last.map { $0.lines.joined(separator: "; ") } ?? "starting")
            case .landsElsewhere:
                "\(number). A walk to \(place.screen ?? "the end") lands elsewhere"
            }
        console.print()
        for line in console.wrap(console.bold(heading), indent: "     ", firstIndent: "  ") { console.print(line) }
        say(place.problem.prefix(1).uppercased() + place.problem.dropFirst())
        let walk = place.walk.flatMap(\.lines)
        say("Old walk (\(place.walk.count) input\(place.walk.count == 1 ? "" : "s")): " + walk.joined(separator: "; "))
        let states = "\(place.states.count) state\(place.states.count == 1 ? "" : "s") of the old release"
        if place.ways > 1 { say("The same for \(place.ways - 1) longer way\(place.ways == 2 ? "" : "s") there.") }
        if let resumesAt = place.resumesAt {
            say(
                """
                \(states) lie behind it; the policy \(place.policy) resumes such a walk at \(resumesAt) (the walk \
                above with \(place.inputsKept) of its input\(place.inputsKept == 1 ? "" : "s") kept).
                """)
        } else {
            say(console.red("\(states) lost behind it: the policy, \(place.policy), throws such a walk away."))
        }
    }

    /// Each lost state with its shortest walk that does not restore.
    private static func lostStates(_ check: UpdateCheck, _ console: Console) {
        guard !check.lostWalks.isEmpty else { return }
        console.print()
        console.print(
            console.bold(
                "States some walk of which is lost (\(check.lostWalks.count)), each with its shortest such walk:"))
        for lost in check.lostWalks {
            let walk = lost.walk.flatMap(\.lines).joined(separator: "; ")
            for line in console.wrap(
                "\(lost.screen ?? "the end") (state \(lost.state)): \(walk.isEmpty ? "the start" : walk). Not "
                    + "restored: " + lost.problem, indent: "      ", firstIndent: "  ")
            { console.print(line) }
        }
    }

    /// What changed that a walk may depend on, a line each, as the text
    /// and the JSON list it.
    private static func changes(in diff: VariantDiff) -> [String] {
        diff.instancesOnlyInA.map { "module instance removed: \($0)" }
            + diff.instancesOnlyInB.map { "module instance added: \($0)" }
            + diff.changedOptions.map { "option changed: \($0)" } + diff.changedRoutes.map { "route changed: \($0)" }
            + diff.routesOnlyInA.map { "route removed: \($0)" } + diff.routesOnlyInB.map { "route added: \($0)" }
            + diff.linksOnlyInA.map { "link removed: \($0)" } + diff.linksOnlyInB.map { "link added: \($0)" }
            + diff.changedLinks.map { "link changed: \($0)" }
            + diff.screensOnlyInA.map { "screen no longer shown: \($0)" }
            + diff.screensOnlyInB.map { "screen added: \($0)" }
    }

    private static func changes(_ check: UpdateCheck, _ console: Console) {
        var lines = changes(in: check.diff)
        let texts = DiffCommand.textChanges(check.old.manifest, check.new.manifest)
        if !texts.isEmpty {
            lines.append(
                "\(texts.count) text\(texts.count == 1 ? "" : "s") re-worded (no walk depends on wording): "
                    + texts.joined(separator: "; "))
        }
        guard !lines.isEmpty || !check.timersChanged.isEmpty else {
            for line in console.wrap(
                "Nothing a walk depends on changed: the modules, options, routes and screens are the same.")
            { console.print(line) }
            return
        }
        console.print(console.bold("What changed (\(lines.count)):"))
        for item in lines {
            for line in console.wrap(item, indent: "      ", firstIndent: "  ") { console.print(line) }
        }
        for timer in check.timersChanged {
            for line in console.wrap(
                """
                timer \(timer): a walk saved while it runs resumes with the new time, less the time already \
                waited (at once if that has passed).
                """, indent: "      ", firstIndent: "  ")
            { console.print(line) }
        }
    }

    /// The check as JSON, every place listed: what a release pipeline
    /// reads (`thrownAway` is what exits 1).
    static func json(_ check: UpdateCheck) -> String {
        let string: (String) -> String = { Escaping.json($0) }
        func list(_ items: [String]) -> String { "[" + items.map(string).joined(separator: ", ") + "]" }
        let changes = changes(in: check.diff)
        let places = check.lost.map { place in
            let kind = place.kind == .refused ? "refused" : "landsElsewhere"
            return """
                    {"kind": \(string(kind)), "screen": \(place.screen.map(string) ?? "null"), \
                "problem": \(string(place.problem)), "walk": \(list(place.walk.flatMap(\.lines))), \
                "ways": \(place.ways), "states": \(place.states.count), "policy": \(string(place.policy.rawValue)), \
                "resumesAt": \(place.resumesAt.map(string) ?? "null"), "inputsKept": \(place.inputsKept)}
                """
        }
        let lost = check.lostWalks.map { lost in
            """
                {"state": \(lost.state), "screen": \(lost.screen.map(string) ?? "null"), \
            "walk": \(list(lost.walk.flatMap(\.lines))), "problem": \(string(lost.problem))}
            """
        }
        return """
            {
              "app": \(string(check.old.manifest.app.id)),
              "old": \(string(check.old.manifest.file)),
              "new": \(string(check.new.manifest.file)),
              "states": \(check.old.states.states.count),
              "pairs": \(check.pairs),
              "inputsChecked": \(check.inputsChecked),
              "truncated": \(check.isTruncated),
              "everyWalkRestores": \(check.everyWalkRestores),
              "lostStates": \(check.lostStates.count),
              "unrestorableStates": \(check.unrestorableStates.count),
              "thrownAway": \(check.refusedStates.count),
              "places": [\(places.isEmpty ? "" : "\n" + places.joined(separator: ",\n") + "\n  ")],
              "lost": [\(lost.isEmpty ? "" : "\n" + lost.joined(separator: ",\n") + "\n  ")],
              "changes": \(list(changes)),
              "timers": \(list(check.timersChanged))
            }

            """
    }
}
