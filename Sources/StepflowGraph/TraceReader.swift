package import Stepflow
package import StepflowManifest

/// A walk's trace, read off the engine's events: what `walk` prints as
/// the steps an input ran, and how the app ended.
///
/// One reading for the live session (`VariantSession`, its coordinator's
/// events) and the explorer (each transition's events, kept when
/// ``ExplorationLimits/recordsTraces``): the prototype shows the
/// explorer's, and a test holds them equal to the live engine's on every
/// transition of the bundled variants.
package struct TraceReader: Sendable {
    /// The steps read so far, as `flow.step`: each navigated step, a step
    /// the app asks the outside world about (when asked), a dropped step
    /// with why, a section a person selected.
    package private(set) var lines: [String] = []
    /// How the app ended, once it has.
    package var ending: AppExit?
    /// The step an answer navigates again after it was listed when asked.
    private var answered: String?

    /// What was read, as a transition's trace.
    package var asTransition: TransitionTrace { TransitionTrace(steps: lines, ending: ending?.route) }

    /// A reader with nothing read.
    package init() {}

    /// The trace of `events` alone.
    package init(reading events: some Sequence<NavigationEvent>) {
        for event in events { read(event) }
    }

    /// Reads one event.
    package mutating func read(_ event: NavigationEvent) {
        switch event {
        // A step the app asks about is reached when asked, as the graph
        // counts it; the answer that navigates the same step does not list
        // it again.
        case .asked(let step, _, _): lines.append(step.description)
        case .willNavigate(let step, .answer(_, _, let asked)) where step.description == asked.description:
            answered = step.description
        case .didNavigate(let step, _):
            if answered == step.description {
                answered = nil
            } else {
                lines.append(step.description)
            }
        case .dropped(let step, let reason): lines.append("\(step) dropped: \(reason)")
        // A tab selected is no step, but it is part of the walk.
        case .sectionSelected(let owner, let section, _):
            lines.append("\(owner.name): \(Input.select(section).scriptLine)")
        case .coordinationEnded(let exit): ending = exit.value(as: AppExit.self)
        default: break
        }
    }
}

/// What one transition of a graph ran: its trace and how it ended the
/// app, if it did (explored with ``ExplorationLimits/recordsTraces``).
package struct TransitionTrace: Hashable, Sendable {
    /// The steps, as ``TraceReader/lines``.
    package let steps: [String]
    /// `instance.exit` the transition ended the app through, if it did.
    package let ending: String?

    /// A transition that ran `steps` and ended the app through `ending`.
    package init(steps: [String], ending: String?) {
        self.steps = steps
        self.ending = ending
    }
}
