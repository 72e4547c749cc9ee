import Stepflow

/// The procedure's steps, internal to the module.
enum ProcedureStep: Step {
    case checklist
    case kitIncomplete
    case instruction(Int)
    case applySample
    case startTimer
    /// "Cancel the test" on the waiting screen: asked to confirm first.
    case confirmCancel
    /// "Keep waiting": back to the waiting screen, the timer still running.
    case keepWaiting
    case timerDone
    /// The read window closed before a result was read.
    case readWindowPassed
    case read
    case readByPhoto
    /// Another photo, the camera already allowed.
    case retakePhoto
    case readByHand
    case resultRead(TestResult)
    case getHelp
    case cancel
    case back
}

/// The procedure flow. Pure: the timer is a stepper it returns, running on
/// the clock it was made with.
final class ProcedureFlow: Flow {
    let name: String
    let sample: ProcedureModule.Sample
    let wait: Int
    let readout: ProcedureModule.Readout
    let readBy: ProcedureModule.ReadMethod
    /// Minutes the result stays readable once the timer is up (lateral flow).
    let readWindow: Int
    let performedBy: ProcedureModule.Performer
    let clock: any StepClock
    let text: ModuleTexts
    /// Who is asked for the camera; `nil` where nobody can be (a terminal):
    /// a person or a script answers.
    let camera: (any CameraAccess)?

    init(
        name: String, sample: ProcedureModule.Sample, wait: Int, readout: ProcedureModule.Readout,
        readBy: ProcedureModule.ReadMethod,
        readWindow: Int = 5, performedBy: ProcedureModule.Performer = .person, clock: any StepClock,
        text: ModuleTexts = ModuleTexts(ProcedureModule.texts, source: TextSource()), camera: (any CameraAccess)? = nil
    ) {
        self.text = text
        self.camera = camera
        self.name = name
        self.sample = sample
        self.wait = wait
        self.readout = readout
        self.readBy = readBy
        self.readWindow = readWindow
        self.performedBy = performedBy
        self.clock = clock
    }

    private var helpAction: ScreenAction<ProcedureStep> { ScreenAction(text["help"], .getHelp) }

    /// Reading by photo asks for the camera first (the system's dialog);
    /// without it, the person reads the result by eye.
    func adapt(step: ProcedureStep) -> Adaptation<ProcedureStep> {
        guard step == .readByPhoto else { return .step(step) }
        let granted = Answer("granted", ProcedureStep.readByPhoto, label: text["camera.granted"])
        let denied = Answer("denied", ProcedureStep.readByHand, label: text["camera.denied"])
        var ask: Question<ProcedureStep>.Ask?
        if let camera {
            ask = { answer in camera.requestAccess { allowed in answer(allowed ? granted : denied) } }
        }
        return .ask(
            Question(
                ProcedureModule.cameraQuestion, label: text["camera.question"], answers: [granted, denied],
                ask: ask))
    }

    func navigate(to step: ProcedureStep) -> Navigation<ProcedureStep, ProcedureExit> {
        switch step {
        case .checklist:
            // What must not be done before the test is said before it starts.
            let fasting =
                performedBy == .person && (sample == .throat || sample == .saliva)
                ? [text["checklist.fasting.\(sample.rawValue)"]] : []
            return .show(
                Screen(
                    id: "checklist", title: text["checklist.title"],
                    body: fasting + [
                        text["checklist.kit", ["kit": text["kit.\(sample.rawValue)"]]],
                        text["checklist.expiry"],
                    ],
                    actions: [
                        ScreenAction(text["checklist.complete"], .instruction(1)),
                        ScreenAction(text["checklist.missing"], .kitIncomplete),
                        helpAction,
                    ]))
        case .kitIncomplete:
            return .show(
                Screen(
                    id: "kit-incomplete", title: text["kitIncomplete.title"],
                    body: [
                        text["kitIncomplete.body"]
                    ], actions: [helpAction, ScreenAction(text["back"], .back, role: .back)]))
        case .instruction(let number):
            let count = SampleGuide.instructions(for: sample, by: performedBy).count
            let page = min(max(number, 1), count)
            let key = SampleGuide.key(for: sample, by: performedBy, page: page)
            return .show(
                Screen(
                    id: "\(sample.rawValue)-\(number)",
                    title: text[
                        "instruction.title",
                        ["title": text[key + ".title"], "number": "\(number)", "count": "\(count)"]],
                    body: [text[key + ".text"]],
                    actions: [
                        ScreenAction(text["next"], number < count ? .instruction(number + 1) : .applySample),
                        ScreenAction(text["back"], .back, role: .back),
                        helpAction,
                    ]
                ))
        case .applySample:
            return .show(
                Screen(
                    id: "apply-sample", title: text["apply.title"],
                    body: [
                        readout == .hba1c ? text["apply.hba1c"] : text["apply.lateralFlow"]
                    ],
                    actions: [
                        ScreenAction(text["apply.startTimer"], .startTimer),
                        ScreenAction(text["back"], .back, role: .back),
                    ]))
        case .startTimer:
            // The timer runs with the flow, not the screen: it goes on while
            // the person is asked whether to cancel, and its end replaces
            // whichever of the two is up.
            return .multiple(
                waiting, .contribute(TimerStepper(.seconds(wait * 60), emitting: ProcedureStep.timerDone, on: clock)))
        case .keepWaiting:
            return waiting
        case .confirmCancel:
            return .show(
                Screen(
                    id: "cancel-test", title: text["cancel.title"],
                    body: [readout == .hba1c ? text["cancel.body.hba1c"] : text["cancel.body"]],
                    actions: [
                        ScreenAction(text["cancel.keepWaiting"], .keepWaiting),
                        ScreenAction(text["cancel.confirm"], .cancel, role: .cancel),
                    ]), as: .replace)
        case .timerDone:
            let ready = Navigation<ProcedureStep, ProcedureExit>.show(
                Screen(
                    id: "ready", title: text["ready.title"],
                    body: [
                        readout == .hba1c ? text["ready.hba1c"] : text["ready.lateralFlow", ["minutes": readWindow]]
                    ], actions: [ScreenAction(text["ready.read"], .read)]), as: .replace)
            // A strip is readable for a few minutes only: the window is a
            // real timer, for as long as the result is not read.
            guard readout == .lateralFlow else { return ready }
            return .multiple(
                ready,
                .contribute(
                    TimerStepper(.seconds(readWindow * 60), emitting: ProcedureStep.readWindowPassed, on: clock)))
        case .readWindowPassed:
            return .show(
                Screen(
                    id: "too-late", title: text["tooLate.title"],
                    body: [
                        text["tooLate.body", ["minutes": readWindow]]
                    ], actions: [ScreenAction(text["tooLate.invalid"], .resultRead(.invalid))]), as: .replace)
        case .read:
            switch readBy {
            // Forwarded, not navigated here: the camera is asked for first.
            case .photo: return .forward(.readByPhoto)
            case .manual: return navigate(to: .readByHand)
            case .both:
                return .show(
                    Screen(
                        id: "read", title: text["read.title"],
                        body: [
                            text["read.body"]
                        ],
                        actions: [
                            ScreenAction(text["read.photo"], .readByPhoto),
                            ScreenAction(text["read.myself"], .readByHand),
                        ]))
            }
        case .readByPhoto, .retakePhoto:
            return .show(
                Screen(
                    id: "photo", title: text["photo.title"],
                    body: [
                        text["photo.body"]
                    ],
                    // The app's camera view, framed on the test's result
                    // window; what it reads comes back as the actions.
                    content: ScreenContent(
                        module: ProcedureModule.id, kind: ProcedureModule.cameraContent,
                        values: ["frame": readout == .hba1c ? "analyser" : "cassette"]),
                    actions: ProcedureModule.results(for: readout).map {
                        ScreenAction(
                            text["photo.reading", ["reading": text["reading.\($0.rawValue)"]]], .resultRead($0))
                    }
                        + [ScreenAction(text["photo.retake"], .retakePhoto)]), as: .replace)
        case .readByHand where readout == .hba1c:
            // The analyser shows a number: typed in, its clinical range
            // decided by the field's classes before the flow sees it.
            return .show(
                Screen(
                    id: "manual", title: text["manual.hba1c.title"], body: [text["manual.hba1c.body"]],
                    fields: [hba1cReading],
                    actions: [
                        ScreenAction(text["reading.hba1c.save"], submitting: ["reading"]) { entered in
                            .resultRead(entered.valueClass(of: "reading").flatMap(TestResult.init) ?? .invalid)
                        },
                        ScreenAction(text["reading.hba1c.invalid"], .resultRead(.invalid)),
                    ]), as: .replace)
        case .readByHand:
            return .show(
                Screen(
                    id: "manual",
                    title: readout == .hba1c ? text["manual.hba1c.title"] : text["manual.lateralFlow.title"],
                    body: [
                        readout == .hba1c ? text["manual.hba1c.body"] : text["manual.lateralFlow.body"]
                    ],
                    actions: ProcedureModule.results(for: readout).map {
                        ScreenAction(text["reading.\($0.rawValue)"], .resultRead($0))
                    }), as: .replace)
        case .resultRead(let result):
            return .end(.resultCaptured(result, sample: sample))
        case .getHelp:
            return .end(.needsHelp)
        case .cancel:
            return .end(.cancelled)
        case .back:
            return .pop
        }
    }

    /// The HbA1c value the analyser shows, in %: the clinical ranges are
    /// its classes; a value outside the analyser's range is refused.
    private var hba1cReading: EntryField {
        EntryField(
            "reading", label: text["reading.hba1c.label"], kind: .number,
            classes: [
                ValueClass(
                    "belowRange", label: text["reading.hba1c.belowRange"], .range(from: nil, below: 4),
                    representative: "3.5", refusal: text["reading.hba1c.outOfRange"]),
                ValueClass("normal", label: text["reading.normal"], .range(from: 4, below: 5.7), representative: "5.2"),
                ValueClass(
                    "prediabetes", label: text["reading.prediabetes"], .range(from: 5.7, below: 6.5),
                    representative: "6.1"),
                ValueClass(
                    "diabetes", label: text["reading.diabetes"], .range(from: 6.5, upTo: 15), representative: "7.4"),
                ValueClass(
                    "aboveRange", label: text["reading.hba1c.aboveRange"], .range(from: 15, upTo: nil),
                    representative: "16", refusal: text["reading.hba1c.outOfRange"]),
            ]
        ).recorded(as: "reading")
    }

    /// The waiting screen: the test lies flat while the timer runs.
    private var waiting: Navigation<ProcedureStep, ProcedureExit> {
        .show(
            Screen(
                id: "timer", title: text["timer.title"],
                body: [
                    text[readout == .hba1c ? "timer.body.hba1c" : "timer.body", ["minutes": "\(wait)"]]
                ], actions: [ScreenAction(text["timer.cancel"], .confirmCancel, role: .cancel)]),
            as: .replace)
    }
}

/// How each sample type is taken: the English of the instruction texts
/// (`instruction.<sample>.<n>.title` and `.text` for a person testing
/// themselves; `instruction.<sample>.professional.<n>` for a professional
/// taking the sample from a patient).
enum SampleGuide {
    /// The text key of a page's texts, without `.title` or `.text`:
    /// `instruction.nasal.2`, `instruction.nasal.professional.2`.
    static func key(for sample: ProcedureModule.Sample, by performer: ProcedureModule.Performer, page: Int) -> String {
        "instruction.\(sample.rawValue)" + (performer == .professional ? ".professional" : "") + ".\(page)"
    }

    static func instructions(
        for sample: ProcedureModule.Sample, by performer: ProcedureModule.Performer
    ) -> [(title: String, text: String)] {
        performer == .person ? instructions(for: sample) : professional(for: sample)
    }

    /// What a professional does to a patient: the same pages, addressed to
    /// the one who takes the sample.
    static func professional(for sample: ProcedureModule.Sample) -> [(title: String, text: String)] {
        switch sample {
        case .nasal:
            [
                (
                    "Prepare",
                    """
                    Ask the patient to blow their nose. Wash your hands, put on gloves and open the swab at the \
                    stick end.
                    """
                ),
                (
                    "Take the swab",
                    """
                    Tilt the patient's head back slightly. Insert the soft tip 2 cm into one nostril and rotate it \
                    5 times. Repeat in the other nostril.
                    """
                ),
                ("Mix", "Put the swab in the tube, squeeze the tube and turn the swab 10 times. Close the cap."),
            ]
        case .throat:
            [
                (
                    "Prepare",
                    "Check that the patient has not eaten or drunk for 30 minutes. Wash your hands and put on gloves."
                ),
                (
                    "Take the swab",
                    """
                    Ask the patient to open wide. Press the tongue down with the depressor and rub the swab over \
                    both tonsils and the back of the throat.
                    """
                ),
                ("Mix", "Put the swab in the tube, squeeze and turn it 10 times. Close the cap."),
            ]
        case .saliva:
            [
                (
                    "Prepare",
                    "Check that the patient has not eaten, drunk, smoked or brushed their teeth for 30 minutes."
                ),
                ("Collect", "Ask the patient to let saliva pool and run down the funnel into the tube up to the line."),
            ]
        case .fingerstick:
            [
                (
                    "Prepare",
                    """
                    Ask the patient to warm their hand. Put on gloves, clean the side of a fingertip with the \
                    alcohol wipe and let it dry.
                    """
                ),
                ("Prick", "Press the lancet against the side of the patient's fingertip. Wipe the first drop away."),
                ("Collect", "Fill the capillary tube from the next drop and push it into the cartridge."),
            ]
        }
    }

    static func instructions(for sample: ProcedureModule.Sample) -> [(title: String, text: String)] {
        switch sample {
        case .nasal:
            [
                ("Prepare", "Blow your nose and wash your hands. Open the swab at the stick end."),
                (
                    "Take the swab",
                    "Insert the soft tip 2 cm into one nostril and rotate it 5 times. Repeat in the other nostril."
                ),
                ("Mix", "Put the swab in the tube, squeeze the tube and turn the swab 10 times. Close the cap."),
            ]
        case .throat:
            [
                ("Prepare", "Make sure you have not eaten or drunk in the last 30 minutes. Wash your hands."),
                (
                    "Take the swab",
                    """
                    Press the tongue down with the depressor. Rub the swab over both tonsils and the back of the \
                    throat.
                    """
                ),
                ("Mix", "Put the swab in the tube, squeeze and turn it 10 times. Close the cap."),
            ]
        case .saliva:
            [
                (
                    "Prepare",
                    "Make sure you have not eaten, drunk, smoked or brushed your teeth in the last 30 minutes."
                ),
                (
                    "Collect",
                    "Let saliva pool in your mouth and let it run down the funnel into the tube up to the line."
                ),
            ]
        case .fingerstick:
            [
                ("Prepare", "Warm the hand, then clean the side of a fingertip with the alcohol wipe and let it dry."),
                ("Prick", "Press the lancet against the side of the fingertip. Wipe the first drop away."),
                ("Collect", "Fill the capillary tube from the next drop and push it into the cartridge."),
            ]
        }
    }
}
