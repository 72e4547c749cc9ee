import Stepflow

/// How the app sends a result the lab could not take at once: the results
/// module keeps it on the device and tries the link again every minute (on
/// the module's clock) until the lab has it. A professional variant of the
/// results module needs one (a lay one sends nothing); analysis never
/// calls it.
///
/// While the saved result's screen is up, the module tries the link
/// itself; when the person goes on before the lab has it, the module hands
/// the record to ``keep(_:)``, and from then on the app's outbox owns it:
/// the screen's promise ("kept on this device … you can go on with the
/// next patient") is the outbox's to keep.
public protocol LabLink: Sendable {
    /// Tries to send `record` to its lab now; calls `done` (on any thread)
    /// with whether the lab has it.
    func send(_ record: LabRecord, done: @escaping @Sendable (Bool) -> Void)

    /// Takes `record`, not yet sent, into the app's outbox: kept on the
    /// device (across restarts) and sent when the lab can be reached.
    /// Called once per record, on any thread, when the person leaves the
    /// saved result's screen before the lab has it.
    func keep(_ record: LabRecord)
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

    /// A record of `result` for `patient`, to `lab`, taken from `sample`
    /// at `site`.
    public init(lab: String, result: String, patient: String?, site: String? = nil, sample: String? = nil) {
        self.lab = lab
        self.result = result
        self.patient = patient
        self.site = site
        self.sample = sample
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
    let record: LabRecord
    let clock: any StepClock
    /// The next try, if one waits; `stopped` once the engine let the
    /// stepper go (its screen left), so a late answer schedules nothing.
    private let state = Locked<(next: (any ScheduledAction)?, stopped: Bool)>((nil, false))
    /// Whether the lab has the record (then nothing is handed over).
    private let sent = Locked(false)

    init(link: (any LabLink)?, record: LabRecord, clock: any StepClock) {
        self.link = link
        self.record = record
        self.clock = clock
    }

    /// The lab receives it: what analysis explores.
    var declaredSteps: [ResultsStep] { [.sentLater] }

    /// Once.
    var emissions: [Emission<ResultsStep>] { [Emission(declaredSteps, limit: .once)] }

    /// The lab link speaks: its answer `sent` is what a script gives with
    /// `answer lab-link sent`.
    var outside: OutsideSource<ResultsStep>? {
        OutsideSource(
            "lab-link", label: "lab link",
            answers: [Answer("sent", .sentLater, label: "the lab received the saved result")])
    }

    func readyToEmitSteps() { tryLater() }

    /// Cancels the next try, as ``TimerStepper`` cancels its timer, and
    /// hands the record to the app's outbox when the lab does not have it
    /// yet: leaving the screen never loses it.
    func stopEmittingSteps() {
        let handOver = state.withLock { state in
            state.next?.cancel()
            let wasRunning = !state.stopped
            state = (nil, true)
            return wasRunning && !sent.withLock { $0 }
        }
        if handOver { link?.keep(record) }
    }

    /// Waits an interval, tries, and waits again when the lab could not take it.
    private func tryLater() {
        guard let link, !state.withLock({ $0.stopped }) else { return }
        // Scheduled outside the lock: a clock may run its own lock.
        let next = clock.schedule(after: Self.interval) { [weak self, steps, record] in
            guard self != nil else { return }
            link.send(record) { [weak self] sent in
                if sent {
                    self?.sent.withLock { $0 = true }
                    steps.emit(.sentLater)
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
