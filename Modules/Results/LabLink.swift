import Stepflow

/// How the app sends a result the lab could not take at once. The results
/// module keeps the result in the variant's record (its entry `kept`, kept
/// on the device across launches, as the manifest says) and tries the link
/// every minute (on the module's clock) while the saved result's screen is
/// up; once the person goes on, the module that lists kept results (the
/// clinic home) sends it. A professional variant of the results module
/// needs one (a lay one sends nothing); analysis never calls it.
public protocol LabLink: Sendable {
    /// Tries to send `record` to its lab now; calls `done` (on any thread)
    /// with whether the lab has it.
    func send(_ record: LabRecord, done: @escaping @Sendable (Bool) -> Void)
}

/// A result kept on the device for the lab: an item of the record's
/// `kept` list, as the results module adds it and the home lists it.
struct KeptItem: Hashable, Sendable, CustomStringConvertible {
    let reading: Reading
    let patient: String?
    let name: String?
    let value: String?
    let lab: String

    /// The kept result of `reading` for `patient`, with the name and the
    /// HbA1c value the record holds, for `lab`.
    init(reading: Reading, patient: String?, record: RecordView, lab: String) {
        self.reading = reading
        self.patient = patient
        self.name = record["patientName"]?.text
        self.value = record["reading"]?.text
        self.lab = lab
    }

    /// `normal, patient: "P-1024", name: "Alex Example", value: "5.2"`: how
    /// a step that carries it reads in a trace.
    var description: String {
        [
            reading.rawValue, patient.map { "patient: \(StepIdentity.render($0))" },
            name.map { "name: \(StepIdentity.render($0))" }, value.map { "value: \(StepIdentity.render($0))" },
        ].compactMap { $0 }.joined(separator: ", ")
    }

    /// The item the record keeps.
    var recorded: RecordItem {
        var values = [RecordItem.Named("result", RecordValue(reading.rawValue, class: reading.rawValue))]
        if let patient { values.append(RecordItem.Named("patient", RecordValue(patient))) }
        if let name { values.append(RecordItem.Named("patientName", RecordValue(name))) }
        if let value { values.append(RecordItem.Named("reading", RecordValue(value, class: reading.rawValue))) }
        values.append(RecordItem.Named("lab", RecordValue(lab)))
        return RecordItem(values)
    }
}

/// A result on its way to a lab.
public struct LabRecord: Hashable, Sendable {
    /// Where it goes (the manifest's `lab`).
    public let lab: String
    /// The result (`positive`, `prediabetes`, …).
    public let result: String
    /// The patient's id, when the test was of an identified patient.
    public let patient: String?
    /// Where the test was done (`mainClinic`), when the professional chose a site.
    public let site: String?
    /// The sample tested (`nasal`), when the procedure handed it on.
    public let sample: String?
    /// The value measured (an HbA1c value in %), when the test gives one.
    public let value: String?

    /// A record of `result` (measured as `value`) for `patient`, to
    /// `lab`, taken from `sample` at `site`.
    public init(
        lab: String, result: String, patient: String?, site: String? = nil, sample: String? = nil,
        value: String? = nil
    ) {
        self.lab = lab
        self.result = result
        self.patient = patient
        self.site = site
        self.sample = sample
        self.value = value
    }
}

/// Tries the app's ``LabLink`` every ``interval`` on the module's clock,
/// once the saved result's screen is up, and emits `sentLater` when the
/// lab has it: the one place the service is called. Waiting is on the
/// clock, so a walk's `s`, a script's `wait` and a test's manual clock
/// let the next try happen now.
final class SendWhenConnected: Stepper {
    /// How long between tries.
    static let interval = Duration.seconds(60)

    let steps = StepRelay<ResultsStep>()
    let link: (any LabLink)?
    let item: KeptItem
    let record: LabRecord
    let clock: any StepClock
    /// The next try, if one waits; `stopped` once the engine let the
    /// stepper go (its screen left), so a late answer schedules nothing.
    private let state = Locked<(next: (any ScheduledAction)?, stopped: Bool)>((nil, false))

    /// Who it speaks for and its answer, in the module's words.
    let source: OutsideSource<ResultsStep>

    init(
        link: (any LabLink)?, item: KeptItem, site: String?, sample: String?, clock: any StepClock, text: ModuleTexts
    ) {
        self.source = OutsideSource(
            "lab-link", label: text["labLink.label"],
            answers: [Answer("sent", .sentLater(item), label: text["labLink.sent"])])
        self.link = link
        self.item = item
        self.record = LabRecord(
            lab: item.lab, result: item.reading.rawValue, patient: item.patient, site: site, sample: sample,
            value: item.value)
        self.clock = clock
    }

    /// The lab receives it: what analysis explores.
    var declaredSteps: [ResultsStep] { [.sentLater(item)] }

    /// Once.
    var emissions: [Emission<ResultsStep>] { [Emission(declaredSteps, limit: .once)] }

    /// The lab link speaks: its answer `sent` is what a script gives with
    /// `answer lab-link sent`.
    var outside: OutsideSource<ResultsStep>? { source }

    func readyToEmitSteps() { tryLater() }

    /// Cancels the next try, as ``TimerStepper`` cancels its timer. The
    /// result stays in the record's `kept` list: leaving the screen never
    /// loses it, and the home sends it.
    func stopEmittingSteps() {
        state.withLock { state in
            state.next?.cancel()
            state = (nil, true)
        }
    }

    /// Waits an interval, tries, and waits again when the lab could not take it.
    private func tryLater() {
        guard let link, !state.withLock({ $0.stopped }) else { return }
        // Scheduled outside the lock: a clock may run its own lock.
        let next = clock.schedule(after: Self.interval) { [weak self, steps, record, item] in
            guard self != nil else { return }
            link.send(record) { [weak self] sent in
                if sent {
                    steps.emit(.sentLater(item))
                } else {
                    self?.tryLater()
                }
            }
        }
        let kept = state.withLock { state in
            guard !state.stopped else { return false }
            state.next = next
            return true
        }
        if !kept { next.cancel() }
    }
}
