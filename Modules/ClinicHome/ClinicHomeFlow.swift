import Stepflow

/// The home's steps, internal to the module.
enum HomeStep: Step {
    case start
    case startTest
    case signOut
    /// The link: a notice that a result is kept on the device. The home
    /// selects its kept tab, which lists what the device keeps now.
    case openKept
    /// The link, when it starts the home: the sections, the kept tab selected.
    case startAtKept
    /// A kept result chosen from the list.
    case open(KeptResult)
    case closeKept
    /// "Discard…": asked to confirm first.
    case confirmDiscard(KeptResult)
    case discard(KeptResult)
    case keep
    /// The app's outbox sent the kept result to its lab.
    case sent(KeptResult)
}

/// What one home flow shows: the sections side by side, or one of them.
enum HomePart: Sendable {
    case sections, test, kept, help
}

/// A professional's home after sign-in: three sections side by side
/// (testing a patient; the results kept on this device until the lab
/// takes them; help). A notice that a result waits opens the kept tab.
///
/// The kept tab is the one part that reads and changes the record's
/// `kept` list: it lists what the record holds whenever it shows the list
/// (sending or discarding a result shows the list again), so it never
/// shows a result that is gone.
final class ClinicHomeFlow: Flow {
    let name: String
    let hotline: String
    let hours: String
    let text: ModuleTexts
    let part: HomePart
    /// The app's outbox; `nil` where nobody sends (a terminal): a person
    /// or a script answers `outbox sent`.
    let outbox: (any ResultOutbox)?
    let clock: any StepClock

    init(
        name: String, hotline: String, hours: String,
        text: ModuleTexts = ModuleTexts(ClinicHomeModule.texts, source: TextSource()), part: HomePart = .sections,
        outbox: (any ResultOutbox)? = nil, clock: any StepClock = IdleClock()
    ) {
        self.name = name
        self.hotline = hotline
        self.hours = hours
        self.text = text
        self.part = part
        self.outbox = outbox
        self.clock = clock
    }

    /// This home's flow for one of its sections.
    private func section(_ part: HomePart) -> ClinicHomeFlow {
        ClinicHomeFlow(
            name: name, hotline: hotline, hours: hours, text: text, part: part, outbox: outbox, clock: clock)
    }

    func navigate(to step: HomeStep) -> Navigation<HomeStep, HomeExit> {
        switch step {
        case .start where part == .sections:
            return sections(selected: "test")
        case .start where part == .test:
            return .show(
                Screen(
                    id: "test", title: text["test.title"], body: [text["test.body"]],
                    actions: [
                        ScreenAction(text["test.start"], .startTest),
                        ScreenAction(text["signOut"], .signOut, role: .cancel),
                    ]))
        case .start where part == .kept:
            return keptList
        case .start:
            return .show(
                Screen(
                    id: "help", title: text["help.title"],
                    body: [text["help.body", ["hotline": hotline, "hours": hours]]], actions: []))
        case .startTest:
            return .end(.startTest)
        case .signOut:
            return .end(.signOut)
        case .openKept:
            // From wherever the person is: the kept tab, its list current.
            return .select("kept")
        case .startAtKept:
            // At a cold start: the home, its kept tab selected.
            return sections(selected: "kept")
        case .open(let kept):
            return .show(
                Screen(
                    id: "kept-result", title: text["keptResult.title"],
                    body: [
                        text[
                            "keptResult.body", ["result": kept.shown(text), "patient": kept.who(text), "lab": kept.lab]]
                    ],
                    actions: [
                        ScreenAction(text["keptResult.close"], .closeKept, role: .back),
                        ScreenAction(text["keptResult.discard"], .confirmDiscard(kept), role: .cancel),
                    ]))
        case .closeKept:
            return .pop
        case .confirmDiscard(let kept):
            return .show(
                Screen(
                    id: "discard", title: text["discard.title"],
                    body: [text["discard.body", ["patient": kept.who(text), "lab": kept.lab]]],
                    actions: [
                        ScreenAction(text["discard.keep"], .keep, role: .back),
                        ScreenAction(text["discard.confirm"], .discard(kept), role: .cancel),
                    ]), as: .modal)
        case .keep:
            return .dismiss
        case .discard(let kept):
            // A person's confirmed choice takes it off; the list shows what
            // is left.
            return .multiple(.record(.remove("kept", kept.item)), keptList)
        case .sent(let kept):
            return .multiple(.record(.remove("kept", kept.item)), keptList)
        }
    }

    /// The three sections side by side, `selected` up.
    private func sections(selected: String) -> Navigation<HomeStep, HomeExit> {
        // A section leaves the home as it asks: the home ends the same way.
        let leave: @Sendable (HomeExit) -> HomeStep = { $0 == .startTest ? .startTest : .signOut }
        func tab(_ name: String, _ part: HomePart) -> Section<HomeStep> {
            Section(name, label: text["tabs.\(name)"], flow: section(part), with: OneStepper(.start), onExit: leave)
        }
        return .sections([tab("test", .test), tab("kept", .kept), tab("help", .help)], selected: selected)
    }

    /// The kept tab's list, as the record holds it now, in place of what
    /// the tab showed: each kept result to open, and the oldest sent when
    /// the lab can be reached (tried every minute, whichever tab is up).
    private var keptList: Navigation<HomeStep, HomeExit> {
        .reading("kept") { [self] record in
            let kept = record.items("kept").map(KeptResult.init)
            let screen = Screen(
                id: "kept", title: text["kept.title"],
                body: kept.isEmpty
                    ? [text["kept.empty"]]
                    : [text["kept.body", ["count": kept.count]]]
                        + kept.map { text["kept.item", ["patient": $0.who(text), "result": $0.shown(text)]] },
                actions: kept.map { ScreenAction(text["kept.open", ["patient": $0.patient]], HomeStep.open($0)) })
            guard let oldest = kept.first else { return .show(screen, as: .replace) }
            return .show(
                screen, as: .replace, stepper: SendKept(oldest, outbox: outbox, clock: clock, text: text),
                visibility: .allowStepsWhenCovered)
        }
    }
}

/// A result kept on the device, as the home reads it from the record.
struct KeptResult: Hashable, Sendable, CustomStringConvertible {
    let item: RecordItem

    var result: String { item["result"]?.text ?? "" }
    var patient: String { item["patient"]?.text ?? "" }
    var name: String? { item["patientName"]?.text }
    var value: String? { item["reading"]?.text }
    var lab: String { item["lab"]?.text ?? "" }

    init(_ item: RecordItem) { self.item = item }

    /// `Alex Example (P-1024)`, or the id alone.
    func who(_ text: ModuleTexts) -> LocalizedText {
        name.map { text["who.named", ["name": $0, "patient": patient]] } ?? text["who.id", ["patient": patient]]
    }

    /// `HbA1c 5.4 % (normal)`, or the result alone.
    func shown(_ text: ModuleTexts) -> LocalizedText {
        value.map { text["result.hba1c", ["value": $0, "result": result]] } ?? text["result.plain", ["result": result]]
    }

    /// `normal, patient: "P-1024"`: how a step that carries it reads.
    var description: String {
        [result, "patient: \(StepIdentity.render(patient))", value.map { "value: \(StepIdentity.render($0))" }]
            .compactMap { $0 }.joined(separator: ", ")
    }
}

/// Sends the oldest kept result through the app's ``ResultOutbox`` every
/// minute on the module's clock, until the lab has it: the one place the
/// service is called. Its answer is the outside source `outbox`.
final class SendKept: Stepper {
    static let interval = Duration.seconds(60)

    let steps = StepRelay<HomeStep>()
    let kept: KeptResult
    let outbox: (any ResultOutbox)?
    let clock: any StepClock
    private let next = Locked<(action: (any ScheduledAction)?, stopped: Bool)>((nil, false))

    /// Who it speaks for and its answer, in the module's words.
    let source: OutsideSource<HomeStep>

    init(_ kept: KeptResult, outbox: (any ResultOutbox)?, clock: any StepClock, text: ModuleTexts) {
        self.source = OutsideSource(
            "outbox", label: text["outbox.label"], answers: [Answer("sent", .sent(kept), label: text["outbox.sent"])])
        self.kept = kept
        self.outbox = outbox
        self.clock = clock
    }

    var declaredSteps: [HomeStep] { [.sent(kept)] }
    var emissions: [Emission<HomeStep>] { [Emission(declaredSteps, limit: .once)] }

    var outside: OutsideSource<HomeStep>? { source }

    func readyToEmitSteps() { tryLater() }

    func stopEmittingSteps() {
        next.withLock { state in
            state.action?.cancel()
            state = (nil, true)
        }
    }

    private func tryLater() {
        guard let outbox, !next.withLock({ $0.stopped }) else { return }
        let kept = self.kept
        let scheduled = clock.schedule(after: Self.interval) { [weak self, steps] in
            guard self != nil else { return }
            outbox.send(
                KeptResultRecord(
                    patient: kept.patient, name: kept.name, result: kept.result, value: kept.value, lab: kept.lab)
            ) { [weak self] sent in
                if sent { steps.emit(.sent(kept)) } else { self?.tryLater() }
            }
        }
        let stored = next.withLock { state in
            guard !state.stopped else { return false }
            state.action = scheduled
            return true
        }
        if !stored { scheduled.cancel() }
    }
}
