import Dispatch
import Stepflow

// A small app on the real engine: a consent flow started by a root flow,
// a timer bound to a screen, back navigation, and an end. The rapid-test
// modules and manifests arrive with `rootapp`; this demo shows the engine.

/// The root flow's steps.
enum AppStep: Step {
    case start
    case onboardingFinished(accepted: Bool)
    case waitOver
    case restart
    case quit
}

/// How the demo app ends.
enum AppExit: Step {
    case finished
}

/// Starts the consent flow, then waits on a timer, then offers to restart.
final class AppFlow: Flow {
    let waitSeconds: Int

    init(waitSeconds: Int) { self.waitSeconds = waitSeconds }

    var name: String { "app" }

    func navigate(to step: AppStep) -> Navigation<AppStep, AppExit> {
        switch step {
        case .start, .restart:
            return .start(ConsentFlow(pages: 2), with: OneStepper(.welcome), onExit: { exit in
                .onboardingFinished(accepted: exit == .accepted)
            })
        case .onboardingFinished(accepted: true):
            return .show(
                Screen(
                    id: "wait",
                    title: "Incubation",
                    body: ["The test strip develops for \(waitSeconds) second\(waitSeconds == 1 ? "" : "s"). The timer is a stepper bound to this screen: it stops when the screen goes."],
                    actions: [ScreenAction("Skip the wait", .waitOver)]
                ),
                as: .replace,
                stepper: CountdownStepper(seconds: waitSeconds, emitting: AppStep.waitOver)
            )
        case .onboardingFinished(accepted: false):
            return .show(finalScreen(id: "declined", title: "No consent", body: "Nothing was recorded."), as: .replace)
        case .waitOver:
            return .show(finalScreen(id: "done", title: "Time is up", body: "Read the result window now."), as: .replace)
        case .quit:
            return .end(.finished)
        }
    }

    private func finalScreen(id: String, title: String, body: String) -> Screen<AppStep> {
        Screen(id: id, title: title, body: [body], actions: [
            ScreenAction("Start over", .restart),
            ScreenAction("Quit", .quit, role: .cancel),
        ])
    }
}

/// The consent flow's steps.
enum ConsentStep: Step {
    case welcome
    case page(Int)
    case consent
    case back
    case accepted
    case declined
}

/// The consent flow's exits.
enum ConsentExit: Step {
    case accepted
    case declined
}

/// Welcome, `pages` how-it-works pages, then consent.
final class ConsentFlow: Flow {
    let pages: Int

    init(pages: Int) { self.pages = pages }

    var name: String { "consent" }

    func navigate(to step: ConsentStep) -> Navigation<ConsentStep, ConsentExit> {
        switch step {
        case .welcome:
            return .show(Screen(
                id: "welcome",
                title: "Welcome",
                body: ["This demo walks a flow built on the Stepflow engine."],
                actions: [ScreenAction("Continue", pages > 0 ? .page(1) : .consent)]
            ))
        case .page(let number):
            return .show(Screen(
                id: "how-it-works-\(number)",
                title: "How it works (\(number) of \(pages))",
                body: [number == 1 ? "Swab, drip, wait, read." : "Results stay on this device."],
                actions: [
                    ScreenAction("Next", number < pages ? .page(number + 1) : .consent),
                    ScreenAction("Back", .back, role: .back),
                ]
            ))
        case .consent:
            return .show(Screen(
                id: "consent",
                title: "Privacy",
                body: ["May we keep your result on this device?"],
                actions: [
                    ScreenAction("Accept", .accepted),
                    ScreenAction("Decline", .declined, role: .cancel),
                    ScreenAction("Back", .back, role: .back),
                ]
            ))
        case .back:
            return .pop
        case .accepted:
            return .end(.accepted)
        case .declined:
            return .end(.declined)
        }
    }
}

/// Emits one step after a number of seconds, on a Dispatch timer; cancelled
/// when its screen goes.
final class CountdownStepper<StepType: Step>: Stepper {
    let steps = StepRelay<StepType>()
    private let seconds: Int
    private let step: StepType
    private let timer = Locked<(any DispatchSourceTimer)?>(nil)

    init(seconds: Int, emitting step: StepType) {
        self.seconds = seconds
        self.step = step
    }

    var declaredSteps: [StepType] { [step] }

    func readyToEmitSteps() {
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "demo.countdown"))
        source.schedule(deadline: .now() + .seconds(seconds))
        source.setEventHandler { [steps, step] in steps.emit(step) }
        timer.withLock { $0 = source }
        source.resume()
    }

    func stopEmittingSteps() {
        timer.withLock { timer in
            timer?.cancel()
            timer = nil
        }
    }
}
