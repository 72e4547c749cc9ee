import Stepflow
import StepflowPresentation
public import StepflowGraph

// Giving a session its inputs: each returns what it did or throws why
// not, as facts (SessionRefusal); the first String? forms wrap them.
extension VariantSession {
    /// Why an input was not given: what is wrong and what would do.
    package struct Refusal: Error, Sendable, CustomStringConvertible {
        /// Why, as values.
        package let refusal: SessionRefusal
        /// What is wrong, and the choices there are, in English.
        package let message: String
        /// The message.
        package var description: String { message }

        /// A refusal for `refusal`, said in English.
        init(_ refusal: SessionRefusal) {
            self.refusal = refusal
            self.message = refusal.description
        }
    }

    /// The action of the screen on top that `action` names.
    ///
    /// - Throws: ``SessionRefusal/ended``, ``SessionRefusal/noSuchKey(key:screen:keys:)``
    ///   or ``SessionRefusal/noSuchAction(choice:screen:numbered:labels:)``.
    package func actionIndex(of action: Input.Action) throws(SessionRefusal) -> Int {
        guard let screen = top else { throw .ended }
        let numbered = Self.numbered(screen)
        switch action {
        case .key(let key):
            if let index = screen.actions.firstIndex(where: { $0.key == key }) { return index }
            throw .noSuchKey(key: key, screen: screen.qualifiedID, keys: screen.actions.compactMap(\.key))
        case .number(let number):
            if numbered.indices.contains(number - 1) { return numbered[number - 1] }
        case .label(let label):
            if let index = screen.actions.firstIndex(where: { Input.Action.names(label, $0.label) }) {
                return index
            }
        }
        throw .noSuchAction(
            choice: Input.choose(action).typed, screen: screen.qualifiedID, numbered: numbered.count,
            labels: screen.actions.map(\.label))
    }

    /// The action of the screen on top that `choice` names, as a person
    /// types it (``Input/Action/init(typed:)``).
    @available(*, deprecated, message: "use actionIndex(of:), which throws a typed SessionRefusal")
    package func actionIndex(_ choice: String) -> Result<Int, Refusal> {
        do throws(SessionRefusal) {
            return .success(try actionIndex(of: Input.Action(typed: choice)))
        } catch {
            return .failure(Refusal(error))
        }
    }

    /// Gives `input` to the app and returns what it did, once the engine
    /// is idle again. It does not wait for the outside world first: see
    /// ``run(_:)`` for a script's line.
    ///
    /// - Throws: ``SessionRefusal`` when the app cannot take it now: no
    ///   such action, a question to answer first, no way back, no timer,
    ///   nothing waiting for that answer…
    @discardableResult
    public func give(_ input: Input) throws(SessionRefusal) -> Outcome {
        let before = top
        _ = holder.takeChanges()
        switch input {
        case .choose(let action): try press(actionAt: try actionIndex(of: action), role: nil)
        case .back:
            guard let screen = top else { throw .ended }
            guard let index = screen.actions.firstIndex(where: { $0.role == .back }) else {
                throw .noWayBack(screen: screen.qualifiedID)
            }
            try press(actionAt: index, role: .back)
        case .wait:
            guard clock.skip() else { throw .noTimer(screen: top?.qualifiedID) }
            settle(.timer)
        case .answer(let source, let answer): try giveAnswer(source, answer)
        case .emit(let stepper, let step): try giveEmission(stepper, step)
        case .enter(let field, let value): try enter(value, into: field)
        case .link(let address): try open(address)
        case .select(let section): try select(section)
        case .relaunch: try relaunch()
        }
        return Outcome(before: before, top: top, changes: holder.takeChanges(), ending: ending)
    }

    /// Chooses action `index` of the screen on top (an index into its
    /// ``Stepflow/PresentedScreen/actions``, back actions included).
    ///
    /// - Throws: ``SessionRefusal`` when there is none or a question waits.
    @discardableResult
    package func give(actionAt index: Int) throws(SessionRefusal) -> Outcome {
        let before = top
        _ = holder.takeChanges()
        try press(actionAt: index, role: nil)
        return Outcome(before: before, top: top, changes: holder.takeChanges(), ending: ending)
    }

    fileprivate func press(actionAt index: Int, role: ActionRole?) throws(SessionRefusal) {
        guard let screen = top else { throw .ended }
        guard screen.actions.indices.contains(index) else {
            throw .noActionAt(index: index, screen: screen.qualifiedID)
        }
        if let waiting = waitingAnswers.first(where: \.isQuestion) {
            throw .questionOpen(source: waiting.source, question: waiting.label, answers: waiting.answers.map(\.name))
        }
        let action = screen.actions[index]
        guard !action.submits.isEmpty else {
            coordinator.select(action: index, on: screen)
            settle(.action(index))
            return
        }
        // The engine checks the values too; checked here first, so the
        // refusal is the session's, with the facts.
        let values = entered
        switch EnteredValues.check(values, submitting: action.submits, fields: screen.fields) {
        case .failure(let refusal): throw .entryRefused(screen: screen.qualifiedID, refusal)
        case .success(let checked):
            // The form keeps what it holds: the screen, shown again (a
            // sheet over it closed, a way back to it), shows it still.
            for name in action.submits {
                if let value = checked.values[name] {
                    submitted.insert("\(screen.qualifiedID) \(index) \(name) \(value)")
                }
            }
            coordinator.select(action: index, on: screen, entering: values)
            settle(.submitted(index, classes: checked.classes))
        }
    }

    /// Opens the link at `address` as the variant's manifest routes it.
    fileprivate func open(_ address: String) throws(SessionRefusal) {
        guard ending == nil else { throw .ended }
        switch routeLink(address) {
        case .failure(let refusal): throw .noSuchLink(address: address, reason: refusal.message)
        case .success(let link):
            coordinator.open(link)
            settle(.link(address: address))
        }
    }

    /// Opens the app again once it has ended, with what its device kept.
    fileprivate func relaunch() throws(SessionRefusal) {
        guard ending != nil else { throw .cannotRelaunch(screen: top?.qualifiedID ?? "a screen") }
        guard !coordinator.currentState.record.isEmpty else { throw .cannotRelaunch(screen: nil) }
        restart()
        settle(.relaunch)
    }

    /// Selects the section called `section` of the innermost flow whose
    /// section bar shows (a tab tapped).
    fileprivate func select(_ section: String) throws(SessionRefusal) {
        guard ending == nil else { throw .ended }
        if let waiting = waitingAnswers.first(where: \.isQuestion) {
            throw .questionOpen(source: waiting.source, question: waiting.label, answers: waiting.answers.map(\.name))
        }
        let state = holder.state
        var selectable: [(owner: FlowInfo, name: String)] = []
        var isCovered = false
        for id in state.flowsInTreeOrder.reversed() {
            guard let flow = state.flows[id], !flow.sections.isEmpty, !state.isHidden(id) else { continue }
            if state.canSelectSection(of: id) {
                selectable += flow.sections.map { (flow.info, $0.name) }
            } else if flow.sections.contains(where: { $0.name == section }) {
                isCovered = true
            }
        }
        // By its name (`help`), or as the refusal lists it, with its owner (`home.help`).
        guard
            let chosen = selectable.first(where: { $0.name == section })
                ?? selectable.first(where: { "\($0.owner.name).\($0.name)" == section })
        else {
            throw .noSuchSection(
                section: section, isCovered: isCovered,
                selectable: selectable.map { "\($0.owner.name).\($0.name)" })
        }
        coordinator.select(section: chosen.name, of: chosen.owner)
        settle(.select(section: chosen.name, flow: chosen.owner.name))
    }

    /// Types `value` into `field` of the screen on top, as a person fills
    /// in a form: a value the field refuses is refused at once, with the
    /// reason, and nothing is kept.
    fileprivate func enter(_ value: String, into field: String) throws(SessionRefusal) {
        guard let screen = top else { throw .ended }
        guard let spec = screen.fields.first(where: { $0.name == field }) else {
            throw .noSuchField(field: field, screen: screen.qualifiedID, fields: screen.fields.map(\.name))
        }
        // An optional field may be left empty, in a walk and a script alike.
        if value.trimmingCharacters().isEmpty, !spec.isRequired {
            var values = form?.screen == screen.id ? form?.values ?? [:] : [:]
            values[field] = ""
            form = (screen.id, values)
            return
        }
        if case .refused(let reason) = spec.classify(value) {
            throw .entryRefused(
                screen: screen.qualifiedID, EntryRefusal(field: field, label: spec.label, reason: reason))
        }
        var values = form?.screen == screen.id ? form?.values ?? [:] : [:]
        values[field] = value
        form = (screen.id, values)
    }

    /// Runs a script's line: its instruction, and, where the next line
    /// expects it refused (`expect refused reading tooHigh`), checks that
    /// the app refused it so. An input refused as expected leaves the
    /// screen where it was, and the script goes on.
    ///
    /// - Throws: ``SessionRefusal``, as ``run(_:)-(Script.Instruction)``
    ///   does; ``SessionRefusal/notRefused(field:valueClass:screen:refused:)``
    ///   when the input was taken or refused otherwise.
    @discardableResult
    package func run(_ line: Script.Line) throws(SessionRefusal) -> Outcome {
        guard let expected = line.refusal?.expected else { return try run(line.instruction) }
        let screen = top?.qualifiedID ?? "the app"
        var refused: SessionRefusal?
        do throws(SessionRefusal) { try run(line.instruction) } catch { refused = error }
        if let wrong = expected.judge(refused, on: screen) { throw wrong }
        return Outcome(before: top, top: top, changes: [], ending: ending)
    }

    /// Runs one line of a script: waits while the app waits for the
    /// outside world (``waitForOutside()``), so that no line lands on a
    /// screen an answer is about to replace, then gives its input or
    /// checks what it expects.
    ///
    /// - Throws: ``SessionRefusal`` when the input is refused, the
    ///   outside world stays silent, or another screen is showing.
    @discardableResult
    package func run(_ instruction: Script.Instruction) throws(SessionRefusal) -> Outcome {
        try waitForOutside()
        switch instruction {
        case .input(let input): return try give(input)
        case .expectScreen(let id):
            guard top?.qualifiedID == id else {
                throw .otherScreen(expected: id, shown: top?.qualifiedID, ending: endingExit)
            }
        case .expectEnd(let exit):
            guard let ended = endingExit, exit == nil || exit == ended else {
                throw .notEnded(expected: exit, shown: top?.qualifiedID, ending: endingExit)
            }
        case .expectLayers(let layers):
            let shown = presentation.layers.map { $0.screens.map(\.qualifiedID) }
            guard shown == layers else { throw .otherLayers(expected: layers, shown: shown) }
        case .expectEntry(let key, let expected):
            let held = coordinator.currentState.record.entries[key]
            let holds: Bool =
                switch (expected, held) {
                case (.none, nil): true
                case (.value(let text), .value(let value)?): value.text == text
                case (.count(let count), .items(let items)?): items.count == count
                case (.count(0), nil): true
                default: false
                }
            guard holds else { throw .otherEntry(key: key, expected: expected.description, held: held?.description) }
        case .expectRefused(let field, let valueClass):
            // Only after the input it speaks of (a script's parser folds it
            // into that line: ``run(_:)-(Script.Line)``); alone, nothing
            // was refused.
            throw .notRefused(field: field, valueClass: valueClass, screen: top?.qualifiedID ?? "the app", refused: nil)
        }
        return Outcome(before: top, top: top, changes: [], ending: ending)
    }

    // The first API, each input's refusal as a sentence: kept working, and
    // deprecated for the typed one.

    /// Chooses an action by its number, its label in the session's locale
    /// (case-insensitive), or its text key in brackets. Returns why not.
    @available(*, deprecated, message: "use give(.choose(_:)), which throws a typed SessionRefusal")
    @discardableResult
    public func choose(_ choice: String) -> String? {
        sentence { () throws(SessionRefusal) in _ = try give(.choose(Input.Action(typed: choice))) }
    }

    /// Chooses action `index` of the screen on top. Returns why not.
    @available(*, deprecated, message: "use give(actionAt:), which throws a typed SessionRefusal")
    @discardableResult
    public func choose(actionAt index: Int) -> String? {
        sentence { () throws(SessionRefusal) in _ = try give(actionAt: index) }
    }

    /// Chooses the screen's back action. Returns why not.
    @available(*, deprecated, message: "use give(.back), which throws a typed SessionRefusal")
    @discardableResult
    public func back() -> String? {
        sentence { () throws(SessionRefusal) in _ = try give(.back) }
    }

    /// Lets waiting timers fire now. Returns why not.
    @available(*, deprecated, message: "use give(.wait), which throws a typed SessionRefusal")
    @discardableResult
    package func skipTime() -> String? {
        sentence { () throws(SessionRefusal) in _ = try give(.wait) }
    }

    /// Runs one script instruction; the failure to report, if it fails.
    @available(*, deprecated, message: "use run(_:), which throws a typed SessionRefusal")
    package func perform(_ instruction: Script.Instruction) -> String? {
        sentence { () throws(SessionRefusal) in _ = try run(instruction) }
    }
}
