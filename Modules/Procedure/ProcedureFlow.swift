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

    init(name: String, sample: ProcedureModule.Sample, wait: Int, readout: ProcedureModule.Readout, readBy: ProcedureModule.ReadMethod, clock: any StepClock) {
        self.name = name
        self.sample = sample
        self.wait = wait
        self.readout = readout
        self.readBy = readBy
        self.clock = clock
    }

    private var helpAction: ScreenAction<ProcedureStep> { ScreenAction("Get help", .getHelp) }

    func navigate(to step: ProcedureStep) -> Navigation<ProcedureStep, ProcedureExit> {
        switch step {
        case .checklist:
            return .show(Screen(id: "checklist", title: "Check your kit", body: [
                "You need: " + SampleGuide.kit(for: sample) + ".",
                "Check the expiry date on the pouch.",
            ], actions: [
                ScreenAction("Everything is there", .instruction(1)),
                ScreenAction("Something is missing", .kitIncomplete),
                helpAction,
            ]))
        case .kitIncomplete:
            return .show(Screen(id: "kit-incomplete", title: "Kit incomplete", body: [
                "Do not use an incomplete or expired kit. Get help to replace it.",
            ], actions: [helpAction, ScreenAction("Back", .back, role: .back)]))
        case .instruction(let number):
            let pages = SampleGuide.instructions(for: sample)
            let page = pages[min(max(number, 1), pages.count) - 1]
            return .show(Screen(
                id: "\(sample.rawValue)-\(number)",
                title: "\(page.title) (\(number) of \(pages.count))",
                body: [page.text],
                actions: [
                    ScreenAction("Next", number < pages.count ? .instruction(number + 1) : .applySample),
                    ScreenAction("Back", .back, role: .back),
                    helpAction,
                ]
            ))
        case .applySample:
            return .show(Screen(id: "apply-sample", title: "Apply the sample", body: [
                readout == .hba1c
                    ? "Insert the cartridge into the analyser until it clicks."
                    : "Add 4 drops from the tube to the sample well (S). Lay the test flat.",
            ], actions: [
                ScreenAction("Done, start the timer", .startTimer),
                ScreenAction("Back", .back, role: .back),
            ]))
        case .startTimer:
            return .show(
                Screen(id: "timer", title: "Waiting for the result", body: [
                    "Leave the test flat and do not touch it. The result is ready in \(wait) minute\(wait == 1 ? "" : "s").",
                ], actions: [ScreenAction("Cancel the test", .cancel, role: .cancel)]),
                as: .replace,
                stepper: TimerStepper(.seconds(wait * 60), emitting: ProcedureStep.timerDone, on: clock)
            )
        case .timerDone:
            return .show(Screen(id: "ready", title: "Time is up", body: [
                readout == .hba1c ? "The analyser shows the result now." : "Read the result within 5 minutes.",
            ], actions: [ScreenAction("Read the result", .read)]), as: .replace)
        case .read:
            switch readBy {
            case .photo: return navigate(to: .readByPhoto)
            case .manual: return navigate(to: .readByHand)
            case .both:
                return .show(Screen(id: "read", title: "Read the result", body: [
                    "Take a photo and let the app read it, or read it yourself.",
                ], actions: [
                    ScreenAction("Take a photo", .readByPhoto),
                    ScreenAction("Read it myself", .readByHand),
                ]))
            }
        case .readByPhoto:
            return .show(Screen(id: "photo", title: "Photo analysis", body: [
                "Hold the phone above the result window. The app reads the result from the photo.",
            ], actions: ProcedureModule.results(for: readout).map { ScreenAction("Analysis: \(SampleGuide.reading(of: $0))", .resultRead($0)) }
                + [ScreenAction("Photo unclear, retake", .readByPhoto)]), as: .replace)
        case .readByHand:
            return .show(Screen(id: "manual", title: readout == .hba1c ? "What does the analyser show?" : "Which lines do you see?", body: [
                readout == .hba1c ? "Read the HbA1c value on the display." : "Look at the result window next to C and T.",
            ], actions: ProcedureModule.results(for: readout).map { ScreenAction(SampleGuide.reading(of: $0), .resultRead($0)) }), as: .replace)
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

/// What each sample type needs and how it is taken.
enum SampleGuide {
    static func kit(for sample: ProcedureModule.Sample) -> String {
        switch sample {
        case .nasal: "a swab, an extraction tube with buffer, a nozzle cap and a test cassette"
        case .throat: "a throat swab, a tongue depressor, an extraction tube and a test cassette"
        case .saliva: "a collection funnel, a sample tube and a test cassette"
        case .fingerstick: "a lancet, an alcohol wipe, a capillary tube and an analyser cartridge"
        }
    }

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

    static func reading(of result: TestResult) -> String {
        switch result {
        case .positive: "C and T lines (positive)"
        case .negative: "only the C line (negative)"
        case .invalid: "no C line or an error (invalid)"
        case .normal: "below 5.7 % (normal)"
        case .prediabetes: "5.7 to 6.4 % (prediabetes)"
        case .diabetes: "6.5 % or more (diabetes)"
        }
    }
}
