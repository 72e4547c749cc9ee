/// Something the coordinator did or refused to do. Observers receive events
/// on the coordinator's queue, in the order they happened.
///
/// Every step that is not navigated produces a ``dropped(_:reason:)`` event:
/// nothing is lost without a word.
///
/// This enum grows: later versions add cases. End a `switch` over it
/// with `@unknown default:`, so a new case is a warning to handle, not
/// a build that breaks.
public enum NavigationEvent: Hashable, Sendable, CustomStringConvertible {
    /// A flow started (a root from ``Coordinator/coordinate(flow:with:)``,
    /// or a child).
    case flowStarted(FlowInfo, parent: FlowInfo?)
    /// A flow navigated its first step. Replayed to observers that start
    /// observing later, for every flow that is live and ready then.
    case flowReady(FlowInfo)
    /// A step passed the gate and `adapt`, and is about to be navigated.
    case willNavigate(StepRecord, origin: StepOrigin)
    /// A flow's `adapt` asked the outside world about a step (a
    /// ``Question``, by its label) before navigating anything for it.
    case asked(StepRecord, origin: StepOrigin, question: String)
    /// A step was navigated; `changes` lists what happened, in order.
    case didNavigate(StepRecord, changes: [NavigationChange])
    /// A step was not navigated, and why.
    case dropped(StepRecord, reason: DropReason)
    /// A stepper emitted a step it did not declare. The step is still
    /// delivered; analysis cannot have seen it.
    case undeclaredStep(StepRecord, stepper: String)
    /// A stepper was contributed while already coordinated; the second
    /// contribution was ignored so its steps are not navigated twice.
    case duplicateStepper(FlowInfo, stepper: String)
    /// A flow ended; `exit` is the exit step it gave, if it ended itself.
    case flowEnded(FlowInfo, exit: String?)
    /// A deep link was delivered through the live tree.
    case deepLink(String, DeepLinkResult)
    /// A link was opened (``Coordinator/open(_:completion:)``): its address
    /// and how it ended.
    case link(String, LinkOutcome)
    /// A root flow ended with `exit`; no step reaches it any more.
    case coordinationEnded(exit: StepRecord)
    /// The UI removed `screen` itself (a back swipe, a dismissed sheet), and
    /// with it `removed` (the screen and those above it in its flow; empty
    /// when it was no longer shown). Nothing was rendered for it.
    case removedByUI(PresentedScreen, removed: [PresentedScreen])
    /// A saved navigation was restored: `inputs` inputs were replayed
    /// without rendering, then the state was rendered once.
    case restored(inputs: Int)
    /// A person selected the section `section` of a flow (a tab tapped;
    /// ``Coordinator/select(section:of:)``): the changes it made, the
    /// selection first. A flow's own ``Navigation/select(_:)`` is a change
    /// in ``didNavigate(_:changes:)``.
    case sectionSelected(FlowInfo, section: String, changes: [NavigationChange])
    /// The variant's record changed outside a navigation: a value typed
    /// into a bound field was recorded, and the step it made asked a
    /// question (or was dropped) before anything was navigated. Changes
    /// made within a navigation are in its ``didNavigate(_:changes:)``.
    case recorded(RecordChange)

    /// One line, for traces and logs.
    public var description: String {
        switch self {
        case .flowStarted(let flow, let parent):
            parent.map { "start \(flow.name) (child of \($0.name))" } ?? "start \(flow.name)"
        case .flowReady(let flow): "ready \(flow.name)"
        case .willNavigate(let step, let origin): "will navigate \(step) from \(origin)"
        case .asked(let step, let origin, let question): "asked '\(question)' about \(step) from \(origin)"
        case .didNavigate(let step, let changes):
            changes.isEmpty
                ? "navigated \(step)"
                : "navigated \(step): " + changes.map(\.description).joined(separator: "; ")
        case .dropped(let step, let reason): "dropped \(step): \(reason)"
        case .undeclaredStep(let step, let stepper):
            "undeclared step \(step) from \(stepper). To fix, add it to \(stepper).declaredSteps so analysis sees it."
        case .duplicateStepper(let flow, let stepper):
            """
            ignored \(stepper) contributed again in \(flow.name): it is already coordinated. To fix, contribute \
            each stepper once.
            """
        case .flowEnded(let flow, let exit): exit.map { "end \(flow.name) with \($0)" } ?? "end \(flow.name)"
        case .deepLink(let step, let result): "deep link \(step): \(result)"
        case .link(let address, let outcome): "link \(address): \(outcome)"
        case .coordinationEnded(let exit): "coordination ended with \(exit)"
        case .removedByUI(let screen, let removed):
            removed.isEmpty
                ? "the UI removed \(screen.qualifiedID), which was no longer shown"
                : "the UI removed " + removed.map(\.qualifiedID).joined(separator: ", ")
        case .sectionSelected(let flow, let section, _): "selected section \(section) of \(flow.name)"
        case .restored(let inputs): "restored a saved navigation: \(inputs) input\(inputs == 1 ? "" : "s") replayed"
        case .recorded(let change): change.description
        }
    }
}

/// Where a step came from.
///
/// This enum grows: later versions add cases. End a `switch` over it
/// with `@unknown default:`, so a new case is a warning to handle, not
/// a build that breaks.
public enum StepOrigin: Hashable, Sendable, CustomStringConvertible {
    /// The stepper the flow was started with.
    case flowStepper(String)
    /// A stepper contributed with ``Navigation/contribute(_:)``.
    case stepper(String)
    /// An action chosen on a screen.
    case screen(ScreenInstanceID, screenID: String, action: String)
    /// A stepper bound to a screen (``Navigation/show(_:as:stepper:visibility:)``).
    case screenStepper(ScreenInstanceID, screenID: String, stepper: String)
    /// ``Navigation/forward(_:)`` from the same flow.
    case forwarded
    /// A child flow's exit, mapped by the parent.
    case childExit(FlowInfo)
    /// ``Coordinator/navigate(to:completion:)``.
    case deepLink
    /// The answer (its label) to a ``Question`` (its label) asked about
    /// the step `asked`.
    case answer(question: String, answer: String, asked: StepRecord)

    /// A short phrase.
    public var description: String {
        switch self {
        case .flowStepper(let name): "flow stepper \(name)"
        case .stepper(let name): "stepper \(name)"
        case .screen(_, let screen, let action): "screen \(screen), action '\(action)'"
        case .screenStepper(_, let screen, let stepper): "\(stepper) on screen \(screen)"
        case .forwarded: "forward"
        case .childExit(let child): "exit of \(child.name)"
        case .deepLink: "deep link"
        case .answer(let question, let answer, _): "\(question): \(answer)"
        }
    }
}

/// Why a step was not navigated.
///
/// This enum grows: later versions add cases. End a `switch` over it
/// with `@unknown default:`, so a new case is a warning to handle, not
/// a build that breaks.
public enum DropReason: Hashable, Sendable, CustomStringConvertible {
    /// The step's screen is covered by another screen.
    case screenCovered(screen: String, topScreen: String?)
    /// The step's screen has been dismissed.
    case screenDismissed(screen: String)
    /// The flow the step was meant for has ended.
    case flowEnded
    /// The flow returned ``Navigation/unhandled``.
    case unhandled
    /// ``Flow/adapt(step:)`` filtered it.
    case filteredByAdapt
    /// A screen was asked for an action it does not have.
    case noSuchAction(screen: String, action: String)
    /// ``Navigation/forwardToParent(_:)`` from a root flow.
    case noParent
    /// A person chose an action while the app waited for the answer to
    /// a ``Question`` (its label).
    case awaitingAnswer(question: String)
    /// An answer came for a question that was answered already, or whose
    /// flow ended (its label).
    case questionClosed(question: String)
    /// An action's values were refused: a required field was empty, or a
    /// value fits none of its field's classes or one that refuses. The
    /// screen stays.
    case entryRefused(screen: String, EntryRefusal)
    /// A person selected a section the flow does not have (its name,
    /// and the names it has).
    case noSuchSection(flow: String, section: String, sections: [String])
    /// A person selected a section while its section bar was covered
    /// (``NavigationState/canSelectSection(of:)``): by `topScreen`, a
    /// screen over the sections or a modal in the selected one, or
    /// because the flow is itself in a hidden section.
    case sectionsCovered(flow: String, section: String, topScreen: String?)

    /// What happened and how to fix it.
    public var description: String {
        switch self {
        case .screenCovered(let screen, let top):
            """
            screen \(screen) is covered by \(top ?? "another screen"). To deliver steps from a covered screen, \
            show it with visibility: .allowStepsWhenCovered.
            """
        case .screenDismissed(let screen):
            """
            screen \(screen) was dismissed. To deliver steps from a dismissed screen, show it with visibility: \
            .allowStepsWhenDismissed.
            """
        case .flowEnded:
            "its flow has ended. To fix, stop the stepper in stopEmittingSteps()."
        case .unhandled:
            "the flow returned .unhandled. To fix, handle the step in navigate(to:) or route it elsewhere."
        case .filteredByAdapt:
            "adapt(step:) filtered it"
        case .noSuchAction(let screen, let action):
            "screen \(screen) has no action \(action)"
        case .noParent:
            "a root flow has no parent to forward to. To fix, return .end(…) to finish the coordination."
        case .awaitingAnswer(let question):
            "the app waits for the answer to '\(question)'; a person's actions count once it has come."
        case .questionClosed(let question):
            "'\(question)' was answered already, or the flow that asked it has ended."
        case .entryRefused(let screen, let refusal):
            "on \(screen), \(refusal.field) (\(refusal.label)) was refused: \(refusal.reason)."
        case .noSuchSection(let flow, let section, let sections):
            "\(flow) has no section '\(section)'"
                + (sections.isEmpty
                    ? "; it shows none." : "; it has \(sections.map { "'\($0)'" }.joined(separator: ", ")).")
        case .sectionsCovered(let flow, let section, let top):
            "the sections of \(flow) are covered by \(top ?? "another section"), so '\(section)' cannot be "
                + "selected now. To select it from a flow, return .select(\"\(section)\")."
        }
    }
}

/// What became of a deep link (``Coordinator/navigate(to:completion:)``).
public struct DeepLinkResult: Hashable, Sendable, CustomStringConvertible {
    /// Flows that navigated the step, in delivery order.
    package internal(set) var handledBy: [FlowInfo] = []
    /// Flows of the step's type that returned ``Navigation/unhandled`` or
    /// filtered it in `adapt`.
    package internal(set) var declinedBy: [FlowInfo] = []
    /// Flows of the step's type that an earlier delivery of the same link
    /// ended before their turn; each is also reported as dropped.
    public internal(set) var endedBeforeDelivery: [FlowInfo] = []
    /// Whether any flow navigated the step.
    package var isHandled: Bool { !handledBy.isEmpty }
    /// `handled by a, b` or `unhandled`.
    public var description: String {
        isHandled
            ? "handled by " + handledBy.map(\.name).joined(separator: ", ")
            : "unhandled"
                + (declinedBy.isEmpty
                    ? " (no live flow takes this step type)"
                    : " (declined by " + declinedBy.map(\.name).joined(separator: ", ") + ")")
    }
}
