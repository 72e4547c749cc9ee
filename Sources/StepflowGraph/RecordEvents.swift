package import Stepflow
import StepflowManifest

/// What one input did to the variant's record, in the order it happened:
/// an entry changed (with where its value came from), or a module
/// instance was entered (the boundary some entries end at). The rules
/// about data follow a walk through these.
package enum RecordEvent: Hashable, Sendable {
    /// An entry changed, in the navigation of `step` (`instance.step`;
    /// `nil` for a change no step made, a value typed before a question).
    case change(RecordChange, step: String?)
    /// The module instance was started by the variant's root, afresh (not
    /// opened to change an answer: that run keeps what the walk gave).
    case entered(String)
}

/// Reads the record events out of what an input caused.
package struct RecordEventReader {
    /// The root flows seen started: their children are module instances.
    private var roots: Set<FlowID> = []

    package init() {}

    /// The record events `events` hold, in order.
    package mutating func read(_ events: [NavigationEvent]) -> [RecordEvent] {
        var found: [RecordEvent] = []
        for event in events {
            switch event {
            case .flowStarted(let flow, nil):
                roots.insert(flow.id)
            case .didNavigate(let step, let changes):
                for change in changes {
                    switch change {
                    case .recorded(let recorded):
                        found.append(.change(recorded, step: "\(step.flow.name).\(step.step)"))
                    case .flowStarted(let flow, let parent?) where roots.contains(parent):
                        // Opened to change an answer, the owner keeps what
                        // the walk gave: not an entering lifetimes end at.
                        if case .change = step.value(as: RootStep.self) { continue }
                        found.append(.entered(flow.name))
                    case .flowStarted(let flow, nil): roots.insert(flow.id)
                    default: break
                    }
                }
            case .recorded(let recorded):
                found.append(.change(recorded, step: nil))
            default:
                break
            }
        }
        return found
    }
}

extension RecordEvent {
    /// Whether the step this change was made in is one `name` names, as a
    /// rule names steps: `home.sent` (any values), `home.sent(…)` exactly,
    /// or `home.*` (any step of the instance).
    package func madeBy(_ name: String) -> Bool {
        guard case .change(_, let step?) = self else { return false }
        if name.hasSuffix(".*") { return step.hasPrefix(String(name.dropLast(1))) }
        return step == name || step.hasPrefix(name + "(") || step.hasPrefix(name + " {")
    }
}
