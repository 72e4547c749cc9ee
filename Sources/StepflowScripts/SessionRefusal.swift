public import Stepflow
import StepflowGraph
package import StepflowManifest

/// Why a ``VariantSession`` did not take an input or a script's line: the
/// facts, as values, and one sentence for them (``description``), written
/// here and nowhere else. A tool that speaks another language words the
/// same facts itself (``ToolWords/refusal(_:)``).
///
/// This enum grows with the inputs; end a `switch` over it with
/// `@unknown default:`.
public enum SessionRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The app has ended: there is nothing to give.
    case ended
    /// No action on `screen` is `choice`: not a number from 1 to
    /// `numbered`, nor one of `labels`.
    case noSuchAction(choice: String, screen: String, numbered: Int, labels: [String])
    /// No action on `screen` has the text key `key`; its actions' keys are `keys`.
    case noSuchKey(key: String, screen: String, keys: [String])
    /// `screen` has no action at `index` (counted from 0, back actions included).
    case noActionAt(index: Int, screen: String)
    /// A question is open: it is answered first (`answer source <answers>`).
    case questionOpen(source: String, question: String, answers: [String])
    /// `screen` has no way back.
    case noWayBack(screen: String)
    /// No timer waits on `screen`.
    case noTimer(screen: String?)
    /// Nothing waits for an answer from `source` on `screen`; `waiting`
    /// is what could answer now, each source with its answers.
    case nothingAwaits(source: String, screen: String?, waiting: [String: [String]])
    /// The question or source `question` (`source`) has no answer `answer`; it has `answers`.
    case noSuchAnswer(source: String, question: String, answer: String, answers: [String])
    /// `question` stopped waiting before the answer was given.
    case noLongerWaits(question: String)
    /// No live stepper `stepper` can emit `step`; `live` is each live
    /// stepper with the steps it declares.
    case noSuchEmission(stepper: String, step: String, live: [String: [String]])
    /// The app waited `limit` for the outside source `source` (`question`) and no answer came.
    case outsideSilent(source: String, question: String, answers: [String], limit: Duration)
    /// The app waited `limit` for a flow's deferred answer and none came.
    case deferredSilent(limit: Duration)
    /// `expected` should be on top; `shown` is, or the app ended (through `ending`).
    case otherScreen(expected: String, shown: String?, ending: String?)
    /// The app should have ended (through `expected`, if given); `shown`
    /// is on top, or it ended through `ending`.
    case notEnded(expected: String?, shown: String?, ending: String?)
    /// The UI should show the layers `expected` (each a stack of
    /// `instance/screen`, the root first); it shows `shown`.
    case otherLayers(expected: [[String]], shown: [[String]])
    /// `screen` has no field `field`; its fields are `fields`.
    case noSuchField(field: String, screen: String, fields: [String])
    /// A value for a field of `screen` was refused: a required one is
    /// missing, or it fits none of the field's classes or one that refuses.
    case entryRefused(screen: String, EntryRefusal)
    /// `address` is no link of the variant: why (``Stepflow/LinkRefusal``), with
    /// the addresses it routes.
    case noSuchLink(address: String, reason: String)
    /// No flow whose section bar shows has a section `section`: whether
    /// a bar that has it is shown but covered, and the sections a person
    /// can select now (`owner.section`).
    case noSuchSection(section: String, isCovered: Bool, selectable: [String])
    /// `relaunch` while the app runs (`screen` is up), or once it ended
    /// with nothing kept on the device (`screen` is `nil`): opened again,
    /// it would start afresh, as a new walk does.
    case cannotRelaunch(screen: String?)
    /// The record's entry `key` should hold `expected`; it holds `held`
    /// (`nil`: nothing).
    case otherEntry(key: String, expected: String, held: String?)
    /// The input should have been refused for its value in `field` (of
    /// the class `valueClass`, when given) on `screen`; the app took it
    /// (`refused` is `nil`), or refused it otherwise.
    case notRefused(field: String, valueClass: String?, screen: String, refused: EntryRefusal?)

    /// The facts in one English sentence, ending in what would do.
    public var description: String {
        func list(_ sources: [String: [String]]) -> String {
            sources.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value.joined(separator: ", ")))" }
                .joined(separator: "; ")
        }
        switch self {
        case .ended:
            return "the app has ended; there is nothing to give it."
        case .noSuchAction(let choice, let screen, let numbered, let labels):
            guard !labels.isEmpty else { return "no action '\(choice.shortened())' on \(screen): it has none." }
            let numbers = numbered == 0 ? "" : numbered == 1 ? "1 or " : "1-\(numbered) or "
            return "no action '\(choice.shortened())' on \(screen). Choose \(numbers)a label: "
                + labels.map { "'\($0)'" }.joined(separator: ", ") + "."
        case .noSuchKey(let key, let screen, let keys):
            return "no action with the key [\(key)] on \(screen). Its keys: "
                + (keys.isEmpty ? "none" : keys.map { "[\($0)]" }.joined(separator: ", ")) + "."
        case .noActionAt(let index, let screen):
            return "\(screen) has no action \(index + 1)."
        case .questionOpen(let source, let question, let answers):
            return "the app waits for \(question); give its answer first: "
                + "\(Input.answer(source: source, answer: "<\(answers.joined(separator: ", "))>").scriptLine)."
        case .noWayBack(let screen):
            return "\(screen) has no way back."
        case .noTimer(let screen):
            return "no timer is waiting on \(screen ?? "this screen")."
        case .nothingAwaits(let source, let screen, let waiting):
            let now =
                waiting.isEmpty
                ? "nothing waits for an answer from outside on \(screen ?? "this screen")"
                : "what can answer now: \(list(waiting))"
            return "no answer from '\(source.shortened())' is awaited here; \(now)."
        case .noSuchAnswer(_, let question, let answer, let answers):
            return "\(question) has no answer '\(answer.shortened())'; its answers: \(answers.joined(separator: ", "))."
        case .noLongerWaits(let question):
            return "\(question) no longer waits for an answer."
        case .noSuchEmission(let stepper, let step, let live):
            let now = live.isEmpty ? "no stepper is live" : "live: \(list(live))"
            return "no live stepper '\(stepper.shortened())' can emit '\(step.shortened())' now; \(now)."
        case .outsideSilent(let source, let question, let answers, let limit):
            return """
                the app waited \(limit) for \(question) and no answer came. To fix, check the service, or give \
                its answer: \(Input.answer(source: source, answer: "<\(answers.joined(separator: ", "))>").scriptLine).
                """
        case .deferredSilent(let limit):
            return """
                the app waited \(limit) for a flow's deferred answer (an adapt that asks the outside world) and \
                none came. To fix, check what the flow's adapt waits for, or declare its answers with \
                .ask(Question) so a script can give one.
                """
        case .otherScreen(let expected, let shown, let ending):
            let instead = shown.map { "\($0) is showing" } ?? "the app has ended\(ending.map { " (\($0))" } ?? "")"
            return "expected screen \(expected), but \(instead)."
        case .notEnded(let expected, let shown, let ending):
            if let ending, let expected {
                return "expected the app to end through \(expected), but it ended through \(ending)."
            }
            return "expected the app to have ended, but \(shown ?? "nothing") is showing."
        case .otherLayers(let expected, let shown):
            let instead = shown.isEmpty ? "nothing (the app has ended)" : Script.Instruction.layersText(shown)
            return "expected the layers \(Script.Instruction.layersText(expected)), but the UI shows \(instead)."
        case .noSuchField(let field, let screen, let fields):
            return "\(screen) has no field '\(field.shortened())'; "
                + (fields.isEmpty ? "it has none." : "its fields: \(fields.joined(separator: ", ")).")
        case .entryRefused(_, let refusal):
            return "\(refusal.label) (\(refusal.field)) was refused: \(refusal.reason)."
        case .noSuchLink(_, let reason):
            return reason
        case .otherEntry(let key, let expected, let held):
            return "expected the record's \(key) to hold \(expected), but it holds \(held ?? "nothing")."
        case .notRefused(let field, let valueClass, let screen, let refused):
            let expected = "expected \(screen) to refuse the value in \(field)" + (valueClass.map { " (\($0))" } ?? "")
            guard let refused else { return "\(expected), but the app took it." }
            return "\(expected), but it refused \(refused)."
        case .cannotRelaunch(let screen):
            if let screen {
                return "the app runs (\(screen) is up); it is opened again only once it has ended."
            }
            return "the app ended with nothing kept on the device: opened again, it starts afresh. Start a new walk."
        case .noSuchSection(let section, let isCovered, let selectable):
            if isCovered {
                return "the section '\(section.shortened())' is shown but covered (by a modal or a screen over "
                    + "the sections); go back to the sections first"
                    + (selectable.isEmpty ? "." : ", or select one of \(selectable.joined(separator: ", ")).")
            }
            return "no section '\(section.shortened())' can be selected now; "
                + (selectable.isEmpty
                    ? "no flow shows sections a person can select."
                    : "these can: \(selectable.joined(separator: ", ")).")
        }
    }
}

/// What one input did: the screen on top after it, what the engine told
/// the navigator on the way (in order), and how the app ended if it did.
/// A tool draws from it; nothing needs to poll the session.
public struct Outcome: Sendable {
    /// The screen on top before the input.
    package let before: PresentedScreen?
    /// The screen on top once the engine was idle again; `nil` once the app has ended.
    package let top: PresentedScreen?
    /// Every change the navigator was told of, in order.
    package let changes: [NavigationChange]
    /// How the app ended, if it has.
    package let ending: AppExit?

    /// Whether another screen is on top than before (or the app ended).
    package var movedScreen: Bool { top?.id != before?.id }
}
