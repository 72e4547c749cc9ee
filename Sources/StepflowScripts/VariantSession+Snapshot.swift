import Dispatch
package import Stepflow
package import StepflowGraph
package import StepflowManifest
import StepflowPresentation

extension VariantSession {
    /// Where a session is, to go on from more than once: its save and
    /// what its log knows beyond the save (how the app ended).
    package struct Snapshot: Sendable {
        /// The navigation so far.
        package let saved: SavedNavigation
        /// How the app ended, once it has.
        package let ending: AppExit?
        /// The state the session waited in.
        package let stateIndex: Int?
    }

    /// Where the session is now, to fork it with ``init(forking:of:locale:states:names:)``.
    package var snapshot: Snapshot {
        Snapshot(saved: savedNavigation, ending: ending, stateIndex: stateIndex)
    }

    /// A session in the state `snapshot` holds, made by restoring its save
    /// exactly (the engine's own replay: no input handled twice live), in
    /// `locale` (by default `session`'s) with its `states` (by default
    /// `session`'s: give the graph of the locale), on a clock of
    /// `session`'s scale (a stopped one when `session`'s stands still).
    /// Its trace starts at the snapshot. What walks every state of a graph
    /// uses to share the walk's prefixes: each state is reached live once.
    /// `names`, shared by the forks of one walk, remembers the steps and
    /// screens the restores name (a tool's walk of representatives, never
    /// a person's session).
    ///
    /// - Throws: ``RestoreError`` when the save no longer restores (a bug
    ///   in the engine's replay: the caller replays the walk instead).
    package convenience init(
        forking snapshot: Snapshot, of session: VariantSession, locale: String? = nil, states: StateGraph? = nil,
        names: StepNames? = nil
    ) throws(RestoreError) {
        try self.init(
            resuming: snapshot.saved, manifest: session.manifest, registry: session.registry,
            services: session.services, locale: locale ?? session.locale,
            clock: session.clock.isStopped ? WalkClock.stopped() : WalkClock(scale: session.clock.scale),
            states: states ?? session.states, answeredByHand: session.answeredByHand, names: names)
        log.withLock { $0.trace.ending = snapshot.ending }
    }
}
