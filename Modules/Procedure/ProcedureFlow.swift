import Stepflow

/// The procedure's steps, internal to the module.
enum ProcedureStep: Step {
    case checklist
    case kitIncomplete
    case instruction(Int)
    case applySample
    case startTimer
    case timerDone
    case read
    case readByPhoto
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
    let clock: any StepClock
    let text: ModuleTexts

    init(name: String, sample: ProcedureModule.Sample, wait: Int, readout: ProcedureModule.Readout, readBy: ProcedureModule.ReadMethod, clock: any StepClock, text: ModuleTexts = ModuleTexts(ProcedureModule.texts, source: TextSource())) {
        self.text = text
        self.name = name
        self.sample = sample
        self.wait = wait
        self.readout = readout
        self.readBy = readBy
        self.clock = clock
    }

    private var helpAction: ScreenAction<ProcedureStep> { ScreenAction(text["help"], .getHelp) }

    func navigate(to step: ProcedureStep) -> Navigation<ProcedureStep, ProcedureExit> {
        switch step {
        case .checklist:
            return .show(Screen(id: "checklist", title: text["checklist.title"], body: [
                text["checklist.kit", ["kit": text["kit.\(sample.rawValue)"]]],
                text["checklist.expiry"],
            ], actions: [
                ScreenAction(text["checklist.complete"], .instruction(1)),
                ScreenAction(text["checklist.missing"], .kitIncomplete),
                helpAction,
            ]))
        case .kitIncomplete:
            return .show(Screen(id: "kit-incomplete", title: text["kitIncomplete.title"], body: [
                text["kitIncomplete.body"],
            ], actions: [helpAction, ScreenAction(text["back"], .back, role: .back)]))
        case .instruction(let number):
            let count = SampleGuide.instructions(for: sample).count
            let page = min(max(number, 1), count)
            let key = "instruction.\(sample.rawValue).\(page)"
            return .show(Screen(
                id: "\(sample.rawValue)-\(number)",
                title: text["instruction.title", ["title": text[key + ".title"], "number": "\(number)", "count": "\(count)"]],
                body: [text[key + ".text"]],
                actions: [
                    ScreenAction(text["next"], number < count ? .instruction(number + 1) : .applySample),
                    ScreenAction(text["back"], .back, role: .back),
                    helpAction,
                ]
            ))
        case .applySample:
            return .show(Screen(id: "apply-sample", title: text["apply.title"], body: [
                readout == .hba1c ? text["apply.hba1c"] : text["apply.lateralFlow"],
            ], actions: [
                ScreenAction(text["apply.startTimer"], .startTimer),
                ScreenAction(text["back"], .back, role: .back),
            ]))
        case .startTimer:
            return .show(
                Screen(id: "timer", title: text["timer.title"], body: [
                    text["timer.body", ["minutes": "\(wait)"]],
                ], actions: [ScreenAction(text["timer.cancel"], .cancel, role: .cancel)]),
                as: .replace,
                stepper: TimerStepper(.seconds(wait * 60), emitting: ProcedureStep.timerDone, on: clock)
            )
        case .timerDone:
            return .show(Screen(id: "ready", title: text["ready.title"], body: [
                readout == .hba1c ? text["ready.hba1c"] : text["ready.lateralFlow"],
            ], actions: [ScreenAction(text["ready.read"], .read)]), as: .replace)
        case .read:
            switch readBy {
            case .photo: return navigate(to: .readByPhoto)
            case .manual: return navigate(to: .readByHand)
            case .both:
                return .show(Screen(id: "read", title: text["read.title"], body: [
                    text["read.body"],
                ], actions: [
                    ScreenAction(text["read.photo"], .readByPhoto),
                    ScreenAction(text["read.myself"], .readByHand),
                ]))
            }
        case .readByPhoto:
            return .show(Screen(id: "photo", title: text["photo.title"], body: [
                text["photo.body"],
            ], actions: ProcedureModule.results(for: readout).map { ScreenAction(text["photo.reading", ["reading": text["reading.\($0.rawValue)"]]], .resultRead($0)) }
                + [ScreenAction(text["photo.retake"], .readByPhoto)]), as: .replace)
        case .readByHand:
            return .show(Screen(id: "manual", title: readout == .hba1c ? text["manual.hba1c.title"] : text["manual.lateralFlow.title"], body: [
                readout == .hba1c ? text["manual.hba1c.body"] : text["manual.lateralFlow.body"],
            ], actions: ProcedureModule.results(for: readout).map { ScreenAction(text["reading.\($0.rawValue)"], .resultRead($0)) }), as: .replace)
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
}

/// How each sample type is taken: the English of the instruction texts
/// (`instruction.<sample>.<n>.title` and `.text`).
enum SampleGuide {
    static func instructions(for sample: ProcedureModule.Sample) -> [(title: String, text: String)] {
        switch sample {
        case .nasal: [
            ("Prepare", "Blow your nose and wash your hands. Open the swab at the stick end."),
            ("Take the swab", "Insert the soft tip 2 cm into one nostril and rotate it 5 times. Repeat in the other nostril."),
            ("Mix", "Put the swab in the tube, squeeze the tube and turn the swab 10 times. Close the cap."),
        ]
        case .throat: [
            ("Prepare", "Do not eat or drink for 30 minutes before the test. Wash your hands."),
            ("Take the swab", "Press the tongue down with the depressor. Rub the swab over both tonsils and the back of the throat."),
            ("Mix", "Put the swab in the tube, squeeze and turn it 10 times. Close the cap."),
        ]
        case .saliva: [
            ("Prepare", "Do not eat, drink, smoke or brush your teeth for 30 minutes before the test."),
            ("Collect", "Let saliva pool in your mouth and let it run down the funnel into the tube up to the line."),
        ]
        case .fingerstick: [
            ("Prepare", "Warm the hand, then clean the side of a fingertip with the alcohol wipe and let it dry."),
            ("Prick", "Press the lancet against the side of the fingertip. Wipe the first drop away."),
            ("Collect", "Fill the capillary tube from the next drop and push it into the cartridge."),
        ]
        }
    }
}
