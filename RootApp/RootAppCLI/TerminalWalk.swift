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
import StepflowPresentation
import StepflowScripts

/// One walk: renders screens, reads choices, records.
final class TerminalWalk: @unchecked Sendable {
    // @unchecked: the walk runs on one thread; only `interrupted()` runs
    // on another (Ctrl-C, while that thread waits for input), and it reads
    // the locked recording and the session's locked trace alone.
    let session: VariantSession
    let console: Console
    /// Where the recording goes when it is `-`: standard output, while the
    /// walk's screens go to ``console``, then standard error.
    let scriptConsole: Console
    let recordPath: String?
    /// The walk's own words, in the variant's locale.
    let words: ToolWords
    let savePath: String?
    let recorded = Locked<[String]>([])
    private(set) var shown: ScreenInstanceID?
    /// The line editor while the walk reads a terminal: Ctrl-C restores
    /// the terminal through it.
    private(set) var terminalEditor: LineEditor?

    /// A walk of `session` on `console`. With `recordPath` `-`, the
    /// walk's screens and messages go to standard error and standard
    /// output carries the recorded script alone, so it can be piped.
    init(session: VariantSession, program: String, console: Console, recordPath: String?, savePath: String? = nil) {
        self.session = session
        self.words = ToolWords(locale: session.locale)
        self.scriptConsole = console
        self.console =
            recordPath == "-"
            ? Console(
                out: console.err, err: console.err, readLine: console.readLine, isInteractive: console.isInteractive,
                usesColor: console.usesColor, width: console.width, terminal: console.terminal)
            : console
        self.recordPath = recordPath
        self.savePath = savePath
        // Sources answered by hand in the walk are answered by the script
        // too, so it replays the walk the person saw.
        let byHand = session.coordinator.answeredByHand.sorted()
        recorded.withLock {
            $0 =
                ["# \(session.manifest.app.name): recorded by \(program) walk"]
                + (byHand.isEmpty ? [] : ["by-hand " + byHand.joined(separator: " ")]) + [""]
        }
        // A timer that finishes while the person waits is an input the
        // script must give too: `wait`, on the screen it finished on.
        // (Cleared when the walk ends, which also breaks the cycle.)
        if recordPath != nil {
            self.session.clock.onFiringByItself { [self] in
                if let top = self.session.top { self.note("expect screen \(top.qualifiedID)") }
                self.note(Input.wait.scriptLine)
            }
        }
    }

    /// The question last shown under the screen, by its source.
    private var shownQuestion: String?

    /// Shows the screen on top if it changed since the last one shown, and
    /// a question the app asks if it is new.
    func showIfChanged() {
        let top = session.top
        if top?.id != shown {
            shown = top?.id
            shownQuestion = nil
            if let top {
                // A blank line, where the screen is (when more than one is shown), the screen.
                let layers = layerLines(session.presentation).map { "\n" + console.dim($0) }.joined()
                console.print(layers + ScreenRenderer.render(top, console, entered: session.entered, words: words))
            }
            if session.timerWaits, let left = session.clock.secondsLeft {
                // Wrapped plain, then dimmed: escape codes must not count as width.
                for line in console.wrap(
                    words["walk.timer", ["left": Self.clock(left)]], indent: "   ", firstIndent: "  ")
                {
                    console.print(console.dim(line))
                }
            }
        }
        let asked = question
        if asked?.question != shownQuestion {
            shownQuestion = asked?.question
            showQuestion()
        }
    }

    /// Where the screen is, as the app's UI shows it: the root stack and
    /// each sheet above it, a line each (wrapped to the console's width),
    /// when more than one screen is shown.
    func layerLines(_ tree: PresentationTree) -> [String] {
        let hasTabs = tree.layers.contains { !$0.sections.isEmpty }
        guard hasTabs || tree.layers.map(\.screens.count).reduce(0, +) > 1 else { return [] }
        var lines: [String] = []
        func line(_ name: String, _ text: String) {
            let label = "  " + name + String(repeating: " ", count: max(1, 8 - name.count))
            lines += console.wrap(text, indent: String(repeating: " ", count: label.count), firstIndent: label)
        }
        for (index, layer) in tree.layers.enumerated() {
            // A section bar: every tab by label and name, the selected in
            // brackets; `select <name>` picks another while it is usable.
            for bar in layer.sections {
                let tabs = bar.tabs.enumerated().map { position, tab in
                    position == bar.selected ? "[\(tab.label)]" : "\(tab.label) (\(tab.name))"
                }
                line(
                    words["walk.layer.tabs"],
                    tabs.joined(separator: "  ") + (bar.isSelectable ? "" : "  " + words["walk.tabs.covered"]))
            }
            if !layer.screens.isEmpty {
                line(
                    words[index == 0 ? "walk.layer.stack" : "walk.layer.sheet"],
                    layer.screens.map(\.qualifiedID).joined(separator: " › "))
            }
        }
        return lines
    }

    /// The section a person names by a tab's label or name, of a bar on
    /// the top layer that is not covered, if one is.
    func tab(named typed: String) -> String? {
        for bar in session.presentation.layers.last?.sections.reversed() ?? [] where bar.isSelectable {
            if let tab = bar.tabs.first(where: {
                Input.Action.names(typed, $0.label) || Input.Action.names(typed, $0.name)
            }) {
                return tab.name
            }
        }
        return nil
    }

    /// The question a person answers now, if the app asks one nobody
    /// outside is asked: numbered answers under the screen.
    var question: PresentationTree.Busy? {
        session.presentation.busy.flatMap { $0.isAnsweredByHand ? $0 : nil }
    }

    private func showQuestion() {
        guard let question else { return }
        for line in console.wrap(words["walk.asks", ["question": question.label]], indent: "  ", firstIndent: "  ") {
            console.print(console.bold(line))
        }
        for (number, answer) in question.answers.enumerated() {
            for line in console.wrap(
                "\(answer.label) (\(answer.name))", indent: "       ", firstIndent: "  \(number + 1). ")
            { console.print(line) }
        }
    }

    /// The answer a person's line names while a question waits: its
    /// number, name or label.
    func answer(_ typed: String, to question: PresentationTree.Busy) -> Input? {
        if let number = Int(typed), question.answers.indices.contains(number - 1) {
            return .answer(source: question.question, answer: question.answers[number - 1].name)
        }
        if let named = question.answers.first(where: {
            Input.Action.names(typed, $0.name) || Input.Action.names(typed, $0.label)
        }) {
            return .answer(source: question.question, answer: named.name)
        }
        return nil
    }

    /// Whether `b` goes back now: the screen has a way back, and the UI
    /// is not busy with a question (the engine refuses actions meanwhile).
    var canGoBack: Bool {
        session.presentation.busy == nil && (session.top?.actions.contains { $0.role == .back } ?? false)
    }

    static func clock(_ seconds: Int) -> String {
        let minutes = seconds / 60
        let rest = seconds % 60
        return "\(minutes):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    func note(_ line: String) { recorded.withLock { $0.append(line) } }

    /// Gives one input, recording it; returns the refusal, if any.
    func perform(_ input: Input, record: Bool) -> SessionRefusal? {
        do throws(SessionRefusal) {
            try session.waitForOutside()
            let before = session.top
            let endedThrough = session.endingExit
            // A choice is resolved once, into the action it names; that
            // action is given, and that action is recorded.
            var chosen: Int?
            if case .choose(let action) = input { chosen = try session.actionIndex(of: action) }
            if let chosen { try session.give(actionAt: chosen) } else { try session.give(input) }
            // A link that shows nothing new says what became of it.
            if case .link = input, let opened = session.lastLink, !opened.outcome.isHandled {
                for line in console.wrap(words.link(opened)) { console.print(console.dim(line)) }
            }
            guard record else { return nil }
            if let chosen, let before {
                let action = before.actions[chosen]
                note("expect screen \(before.qualifiedID)")
                // A key is the same in every language, so the script runs
                // in each; the label stays as a comment.
                note(
                    action.key.map { Input.choose(.key($0)).scriptLine + " # \(action.label)" }
                        ?? Input.choose(.label(action.label)).scriptLine)
                return nil
            }
            // Where the input depends on the screen, the script checks it first.
            switch input {
            case .back, .answer: if let before { note("expect screen \(before.qualifiedID)") }
            case .relaunch: if let endedThrough { note("expect end \(endedThrough)") }
            case .wait, .emit, .choose, .enter, .link, .select: break
            }
            note(input.scriptLine)
            return nil
        } catch {
            return error
        }
    }

    /// Runs one line of a script, recording what it gives; returns the refusal.
    func perform(_ instruction: Script.Instruction) -> SessionRefusal? {
        if case .input(let input) = instruction { return perform(input, record: true) }
        do throws(SessionRefusal) { try session.run(instruction) } catch { return error }
        return nil
    }

    /// Says why an input was refused, in the walk's words, with `more`
    /// after it (a hint).
    func show(_ refusal: SessionRefusal, _ more: String = "") {
        var said = words.refusal(refusal, asSentence: true)
        // A refused address in the walk's words, where they are not English.
        if case .noSuchLink(let address, _) = refusal, words.locale != ToolWords.fallback,
            case .failure(let refused) = session.routeLink(address)
        {
            said = words.linkRefused(
                address: address, refused,
                example: session.manifest.exampleLinkAddress.map {
                    Suggestion.list(session.manifest.app.linkForms(of: $0))
                })
        }
        for line in console.wrap(said + more) { console.error(line) }
    }

    func run(script: Script?) -> ExitCode {
        RootApp.interruption.withLock { $0 = { [self] in interrupted() } }
        defer { RootApp.interruption.withLock { $0 = nil } }
        // Wrapped plain, then styled: escape codes must not count as width.
        let app = session.manifest.app
        let about = ([app.id] + (app.audience.map { [$0] } ?? [])).joined(separator: ", ")
        let header = console.wrap("\(session.manifest.appName(in: session.locale)) (\(about))")
        for (index, line) in header.enumerated() { console.print(index == 0 ? console.bold(line) : line) }
        showIfChanged()
        if let script {
            if let stopped = give(script) { return stopped }
            // Ended by the script, the walk below finishes, or, when the
            // device keeps something, offers to open the app again.
        }
        let editor = console.terminal.map(LineEditor.init(descriptor:))
        editor?.begin()
        terminalEditor = editor
        // The editor sleeps until a key comes or the app changes by itself
        // (a timer finished, a service answered, a question was asked).
        var asked: ObservationToken?
        if let editor {
            session.onChange { _ in editor.wakeUp() }
            asked = session.coordinator.observe { event in
                switch event {
                case .asked, .coordinationEnded: editor.wakeUp()
                default: break
                }
            }
        }
        defer {
            session.onChange(nil)
            asked?.cancel()
            editor?.restore()
        }
        var keptAnnounced = false
        while true {
            if session.ending != nil {
                // What the device keeps outlives the walk: the app can be
                // opened again with it, in this walk (`relaunch`).
                let kept = session.coordinator.keptOnDevice
                if kept.isEmpty { return finished() }
                if !keptAnnounced {
                    keptAnnounced = true
                    console.print("")
                    for line in console.wrap(
                        words["walk.kept", ["kept": RecordLines.phrase(kept, schema: session.manifest.record)]])
                    {
                        console.print(console.bold(line))
                    }
                }
            } else {
                keptAnnounced = false
            }
            // A service that answers later: nothing typed meanwhile would
            // be for this screen, so the walk waits for it first.
            if let waiting = session.waitingForOutside {
                console.error(console.dim(words["walk.waitingFor", ["what": waiting.label]]))
                do throws(SessionRefusal) { try session.waitForOutside() } catch {
                    show(error)
                    return finish(words["walk.stopped.noAnswer"], status: .findings)
                }
                showIfChanged()
                continue
            }
            let line: String?
            if let editor {
                // Ended when the prompt came (the device keeps something:
                // relaunch or q), the walk reads on; ending while it waits
                // is a change of screen.
                let endedAtPrompt = session.ending != nil
                let outcome = editor.read(
                    prompt: { prompt() },
                    ticking: { [self] in session.timerWaits },
                    screenChanged: { [self] in
                        session.top?.id != shown || question?.question != shownQuestion
                            || (session.ending != nil) != endedAtPrompt
                    },
                    drawScreen: { [self] in showIfChanged() },
                    draw: { [console] in console.out($0) }
                )
                if case .line(let typed) = outcome { line = typed } else { line = nil }
                if session.ending != nil, !keptAnnounced { continue }
            } else {
                if console.isInteractive { console.out(prompt()) }
                line = console.readLine()
                // A line read while the screen changed (a timer finished)
                // was typed for the screen that went: it is not used.
                if line != nil, session.top?.id != shown {
                    showIfChanged()
                    // `line` is checked non-nil just above.
                    let typed = line!.trimmingCharacters().shortened()
                    for part in console.wrap(words["walk.screenChanged", ["typed": typed]]) { console.error(part) }
                    continue
                }
            }
            guard let line else {
                if session.ending != nil { return finished() }
                return finish(words["walk.endOfInput"], status: .success)
            }
            let choice = line.trimmingCharacters()
            switch choice.lowercased() {
            case "":
                continue
            case "q":
                return finish(words["walk.quit"], status: .success)
            // The guard covers all three words (a `where` would bind the last alone).
            case let word where ["?", "h", "help"].contains(word) && !isActionLabel(choice):
                for line in help() { console.print(line) }
                continue
            case "t":
                printTrace()
                continue
            case "r" where !isActionLabel(choice):
                printRecord()
                continue
            case "b" where !isActionLabel(choice):
                if let refusal = perform(.back, record: true) { show(refusal) }
            case "s" where !isActionLabel(choice):
                if let refusal = perform(.wait, record: true) { show(refusal) }
            // A line as scripts, trace and paths print it (`choose "Next"`,
            // `wait (TimerStepper: timerDone)`, `answer camera-permission
            // granted`), unless it is an action's label.
            case _ where Input.isInput(choice) && !isActionLabel(choice):
                perform(typedInput: choice)
            default:
                perform(typed: choice)
            }
            showIfChanged()
        }
    }
}
