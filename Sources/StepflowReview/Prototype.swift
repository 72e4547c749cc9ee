package import Stepflow
package import StepflowGraph
package import StepflowManifest
import StepflowPresentation
import StepflowPlatform
import StepflowScripts

/// A variant as a page people click through: every waiting state of its
/// exact state graph, each shown as the live engine shows it in every
/// locale the variant ships, and every transition between them.
///
/// Nothing of the app is written twice: the states and transitions are the
/// explorer's (the ones `trace` and `check` use), each transition with the
/// steps the explorer saw it run (a test holds them equal to the live
/// engine's on every transition of the bundled variants), and each state's
/// screen, layers and running timer are read off a live ``VariantSession``
/// walked to it once, which must land in that very state. ``PrototypePage``
/// writes it as one HTML file.
package struct Prototype: Sendable {
    /// Why no prototype was made.
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        /// What is wrong, and what to do.
        public let message: String
        /// The message.
        public var description: String { message }
    }

    /// A screen as it reads in one locale.
    package struct View: Hashable, Sendable {
        /// The title.
        package let title: String
        /// The body, a paragraph a line.
        package let body: [String]
        /// Every action's label, in the screen's order (back actions too).
        package let actions: [String]
        /// For each action, whether it is a way back.
        package let isBack: [Bool]
        /// For each action, whether it cancels (drawn as a secondary
        /// button, never the main one).
        package var isCancel: [Bool] = []
        /// The fields to fill in, with their classes (labels in this locale).
        package var fields: [EntryField] = []
        /// For each action, the fields it submits.
        package var submits: [[String]] = []
    }

    /// One waiting state.
    package struct State: Sendable {
        /// The screen on top (`instance/screen`); `nil` once the app ended.
        package let screen: String?
        /// The module instance that shows it.
        package let instance: String?
        /// How the app ended (`instance.exit`) on the shortest walk to this
        /// state, once it has; other walks may end otherwise (see
        /// ``Prototype/Transition/ending``).
        package let ending: String?
        /// The seconds a running timer has left when the state is reached
        /// by its shortest walk.
        package let timerSeconds: Int?
        /// For each locale of ``Prototype/locales``, the index of its view
        /// in ``Prototype/views`` (empty once the app ended).
        package internal(set) var views: [Int]
        /// What the app's UI shows, from the presentation model a UIKit or
        /// SwiftUI app binds to: the root stack, then each modal layer
        /// above it, each screen as `instance/screen`, bottom first.
        package var layers: [[String]] = []
        /// For each locale, the titles of ``layers``' screens.
        package var layerTitles: [[[String]]] = []
        /// The question the app waits for (its id), if one is open: the
        /// UI is busy and refuses a person's actions meanwhile.
        package var busy: String?
        /// For each locale, the busy question's label (empty when none).
        package var busyLabels: [String] = []
        /// The sections of the section bar on the top layer (the
        /// innermost), by name; empty when there is none.
        package var tabs: [String] = []
        /// For each locale, the tabs' labels.
        package var tabLabels: [[String]] = []
        /// The index of the selected tab in ``tabs``.
        package var selectedTab: Int?
    }

    /// What a person or the outside world does.
    package enum Input: Hashable, Sendable {
        /// Action `action` of the screen (`isBack`: its way back).
        case choose(action: Int, isBack: Bool)
        /// A running timer (`stepper` that emits `step`) finishes.
        case timer(stepper: String, step: String)
        /// A live stepper emits a step it declared.
        case emit(stepper: String, step: String)
        /// The outside world answers `source` (a permission, a service).
        case answer(source: String, answer: String)
        /// Values in these classes are entered and action `action`, which
        /// submits them, is chosen.
        case submit(action: Int, isBack: Bool, entries: [FieldEntry])
        /// The outside world opens the link at `address` (a notification,
        /// a universal link), routed by the manifest.
        case link(address: String)
        /// A person selects the section `section` (a tab labelled `label`).
        case select(section: String, label: String)
        /// The app, ended with what its device keeps, is opened again.
        case relaunch
    }

    /// One transition.
    package struct Transition: Sendable {
        /// The state it is taken in.
        package let from: Int
        /// The state it leads to.
        package let to: Int
        /// What is done.
        package let input: Input
        /// The step ids it runs, as `walk`'s trace lists them.
        package let steps: [String]
        /// Its line in an acceptance script (`choose [key] # label`, `wait`…).
        package let line: String
        /// For an answer, per locale: what is asked and the answer's label.
        package let answerLabels: [(question: String, answer: String)]
        /// How the app ends when this transition ends it (`instance.exit`).
        /// Ended states are one state, whatever the way out: the ending is
        /// the transition's.
        package let ending: String?
    }

    /// The app's id and name.
    package let app: (id: String, name: String)
    /// The app's name in each of ``locales`` (``Manifest/appName(in:)``).
    package let appNames: [String]
    /// The locales the variant ships, the one scripts run in first.
    package let locales: [String]
    /// Every distinct screen text, referred to by the states.
    package let views: [View]
    /// The states; the first is where the app waits at the start.
    package let states: [State]
    /// The transitions.
    package let transitions: [Transition]
    /// The steps the app runs before it first waits.
    /// The outside sources whose answers are the page's buttons (every
    /// one the variant asks): no service answers on the page, so its
    /// downloaded walk names them on a `by-hand` line.
    package let answeredOnPage: [String]
    package let startSteps: [String]

    /// The prototype of `manifest`'s variant.
    /// `explored`, the variant already explored in one of its locales
    /// with ``StepflowGraph/ExplorationLimits/recordsTraces``
    /// (``explorationLimits``), is not explored again.
    ///
    /// - Throws: ``Refusal`` when exploration stopped at a bound, or the live
    ///   engine does not land where the state graph says (a bug to report).
    package init(
        manifest: Manifest, registry: ModuleRegistry, services: ModuleServices = ModuleServices(),
        explored: VariantGraph? = nil
    ) throws(Refusal) {
        let locales = manifest.locales.isEmpty ? ["en"] : manifest.locales
        // The first locale's graph keeps each transition's trace: the page
        // shows it. The others are read for their words only.
        let graphs = locales.indices.map { index in
            if let explored, explored.locale == locales[index],
                index > 0 || explored.states.traces.count == explored.states.transitions.count
            {
                return explored.states
            }
            return VariantGraph(
                manifest: manifest, registry: registry, services: services, locale: locales[index],
                limits: index == 0 ? Self.explorationLimits : .standard
            ).states
        }
        let base = graphs[0]
        if base.isTruncated {
            throw Refusal(
                message:
                    """
                    \(manifest.file): the variant has more than \(ExplorationLimits.standard.maxStates) states, \
                    too many to click through. To fix, split it, or check it with rootapp validate.
                    """)
        }
        for (index, graph) in graphs.enumerated().dropFirst() where !Self.sameShape(base, graph) {
            throw Refusal(
                message:
                    """
                    \(manifest.file): in \(locales[index]) the variant has other states than in \(locales[0]). \
                    This is a bug in Stepflow; please report it with the manifest.
                    """)
        }
        // Every outside answer is an input here: no service answers alone.
        let byHand = Set(
            base.transitions.compactMap { transition -> String? in
                if case .answer(let source, _, _, _, _) = transition.input.kind { return source }
                return nil
            })
        func fresh(_ locale: Int) -> VariantSession {
            VariantSession(
                manifest: manifest, registry: registry, services: services, locale: locales[locale],
                clock: .stopped(), states: graphs[locale], answeredByHand: byHand)
        }
        // Gives transition `index` of the graph to `session`, as a script
        // line would.
        func give(_ index: Int, _ session: VariantSession) throws(Refusal) {
            let transition = base.transitions[index]
            if case .relaunch = transition.input.kind {
                do throws(SessionRefusal) { try session.run(.input(.relaunch)) } catch {
                    throw Refusal(message: "\(manifest.file): the live engine refused 'relaunch': \(error)")
                }
                return
            }
            guard let top = session.top else { throw Self.lost(manifest, expected: transition.from, session) }
            let instruction: Script.Instruction
            do throws(SuiteGenerator.Refusal) {
                instruction = try SuiteGenerator.instruction(for: transition.input, on: top).instruction
            } catch {
                throw Refusal(message: "\(manifest.file): \(error.message)")
            }
            do throws(SessionRefusal) {
                for (entry, _) in SuiteGenerator.entries(for: transition.input) { try session.run(entry) }
                try session.run(instruction)
            } catch {
                throw Refusal(message: "\(manifest.file): the live engine refused '\(transition.input)': \(error)")
            }
        }
        var views: [View] = []
        var viewIndex: [View: Int] = [:]
        let start = fresh(0)
        let startSteps = start.trace
        // Each state is reached live once, down the shortest-walk tree; its
        // other locales are the same save restored with their texts. What
        // each transition runs is the explorer's trace of it.
        guard base.traces.count == base.transitions.count else {
            throw Refusal(
                message: "\(manifest.file): the graph kept no trace. This is a bug in Stepflow; please report it.")
        }
        var walk = LiveGraphWalk(graph: base)
        // On every core: each state's sessions are its own.
        let read = try walk.runStates(
            start: start, workers: Self.workers, fresh: { fresh(0) }, give: give,
            lost: { expected, session in Self.lost(manifest, expected: expected, session) },
            state: { (state, live) throws(Refusal) in
                var perLocale: [View] = []
                var titles: [[[String]]] = []
                var busyLabels: [String] = []
                var tabLabels: [[String]] = []
                let snapshot = locales.count > 1 ? live.snapshot : nil
                for locale in locales.indices {
                    let shown: VariantSession
                    if locale == 0 {
                        shown = live
                    } else {
                        guard let snapshot,
                            let restored = try? VariantSession(
                                forking: snapshot, of: live, locale: locales[locale], states: graphs[locale]),
                            restored.stateIndex == state
                        else { throw Self.lost(manifest, expected: state, live) }
                        shown = restored
                    }
                    let tree = shown.presentation
                    titles.append(tree.layers.map { $0.screens.map(\.title) })
                    busyLabels.append(tree.busy?.label ?? "")
                    tabLabels.append(tree.layers.last?.sections.last?.tabs.map(\.label) ?? [])
                    if let top = shown.top {
                        perLocale.append(
                            View(
                                title: top.title, body: top.body, actions: top.actions.map(\.label),
                                isBack: top.actions.map { $0.role == .back },
                                isCancel: top.actions.map { $0.role == .cancel },
                                fields: top.fields, submits: top.actions.map(\.submits)))
                    }
                }
                var drawn = State(
                    screen: live.top?.qualifiedID, instance: live.top?.flow.name, ending: live.endingExit,
                    timerSeconds: live.clock.secondsLeft, views: [])
                let shown = live.presentation
                drawn.layers = shown.layers.map { $0.screens.map(\.qualifiedID) }
                drawn.layerTitles = titles
                drawn.busy = shown.busy?.question
                drawn.busyLabels = shown.busy == nil ? [] : busyLabels
                if let bar = shown.layers.last?.sections.last {
                    drawn.tabs = bar.tabs.map(\.name)
                    drawn.tabLabels = tabLabels
                    drawn.selectedTab = bar.selected
                }
                return (drawn: drawn, views: perLocale, top: live.top)
            })
        let tops = read.map(\.top)
        var transitions: [Transition] = []
        transitions.reserveCapacity(base.transitions.count)
        for index in base.transitions.indices {
            let transition = base.transitions[index]
            let chosen: String
            if case .relaunch = transition.input.kind {
                chosen = StepflowGraph.Input.relaunch.scriptLine
            } else {
                guard let top = tops[transition.from],
                    case let (_, line)? = try? SuiteGenerator.instruction(for: transition.input, on: top)
                else {
                    throw Refusal(
                        message: "\(manifest.file): '\(transition.input)' cannot be written as a script line.")
                }
                chosen = line
            }
            // The values entered first, one line each (the page writes the
            // values typed in their place).
            let line = (SuiteGenerator.entries(for: transition.input).map(\.line) + [chosen]).joined(separator: "\n")
            let trace = base.traces[index]
            transitions.append(
                Transition(
                    from: transition.from, to: transition.to, input: Self.input(transition.input.kind),
                    steps: trace.steps, line: line,
                    answerLabels: graphs.map { graph in
                        if case .answer(_, let question, _, let answer, _) = graph.transitions[index].input.kind {
                            return (question, answer)
                        }
                        return ("", "")
                    }, ending: trace.ending))
        }
        // Every state is on the tree: the walk read each once.
        var states = read.map(\.drawn)
        // Views are numbered in the states' order, whatever order the walk
        // reached them in: the page is the same from run to run.
        for state in states.indices {
            states[state].views = read[state].views.map { view in
                if let known = viewIndex[view] { return known }
                viewIndex[view] = views.count
                views.append(view)
                return views.count - 1
            }
        }
        self.answeredOnPage = byHand.sorted()
        self.app = (manifest.app.id, manifest.app.name)
        self.appNames = locales.map(manifest.appName(in:))
        self.locales = locales
        self.views = views
        self.states = states
        self.transitions = transitions
        self.startSteps = startSteps
    }

    /// How many threads reach the states live: one a core, as a family
    /// runs its variants.
    static var workers: Int { Platform.cores }

    /// The limits a variant is explored with to be drawn: the standard
    /// ones, each transition's trace kept.
    package static var explorationLimits: ExplorationLimits {
        var limits = ExplorationLimits.standard
        limits.recordsTraces = true
        return limits
    }

    private static func input(_ kind: StateGraph.Input.Kind) -> Input {
        switch kind {
        case .choose(let index, _, let role): .choose(action: index, isBack: role == .back)
        case .submit(let index, _, let role, let entries):
            .submit(action: index, isBack: role == .back, entries: entries)
        case .emit(let stepper, let step, let isTimer):
            isTimer ? .timer(stepper: stepper, step: step) : .emit(stepper: stepper, step: step)
        case .answer(let source, _, let answer, _, _): .answer(source: source, answer: answer)
        case .link(let address): .link(address: address)
        case .select(let section, let label, _): .select(section: section, label: label)
        case .relaunch: .relaunch
        @unknown default: .emit(stepper: "", step: "\(kind)")
        }
    }

    /// Whether two explorations of one variant (in two locales) have the
    /// same states and transitions, the texts aside.
    private static func sameShape(_ one: StateGraph, _ other: StateGraph) -> Bool {
        guard one.states.count == other.states.count, one.transitions.count == other.transitions.count else {
            return false
        }
        // A tab's label is a text, read in each locale: the section's name is what it is.
        func shape(_ kind: StateGraph.Input.Kind) -> Input {
            if case .select(let section, _, _) = kind { return .select(section: section, label: "") }
            return input(kind)
        }
        return zip(one.transitions, other.transitions).allSatisfy { first, second in
            first.from == second.from && first.to == second.to && shape(first.input.kind) == shape(second.input.kind)
        }
    }

    private static func lost(_ manifest: Manifest, expected state: Int, _ session: VariantSession) -> Refusal {
        Refusal(
            message:
                """
                \(manifest.file): the live engine left the state graph: it shows \
                \(session.top?.qualifiedID ?? "no screen") where the graph has state \(state). This is a bug in \
                Stepflow; please report it with the manifest.
                """)
    }
}
