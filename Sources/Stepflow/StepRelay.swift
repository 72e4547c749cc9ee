internal import StepflowAtomics

/// The channel a ``Stepper`` emits its steps through.
///
/// Call ``emit(_:)`` from any thread. While the stepper is being coordinated,
/// each step goes to the coordinator's queue in emission order (steps from
/// one thread keep that thread's order). Steps emitted before the stepper is
/// coordinated are kept and delivered, in order, right after its initial
/// steps. Steps emitted after its flow ended reach the coordinator, which
/// reports them as dropped: a step is never lost without an event.
public final class StepRelay<StepType: Step>: @unchecked Sendable {
    // @unchecked: the steps kept before a connection are read and written
    // under the lock. A connection's sink is written before it is
    // published (a release store) and never after, so an emit that sees it
    // published (an acquire load) reads it whole without the lock; sinks
    // are called from any thread, at once (the coordinator's is its inbox,
    // which locks).

    private typealias Sink = @Sendable (StepType) -> Void

    /// A connection's sink. A struct, not the closure itself: a key path
    /// to a stored closure is not a plain offset (its value is
    /// reabstracted), and the state's fields are found by offset.
    private struct Connection {
        var sink: Sink?
    }

    /// A connection made after the first (a stepper connected again), in
    /// an allocation of its own, and the one it replaced (the address of
    /// its `Connection`): an emit may still be calling that one, so all
    /// are kept until the relay goes.
    private struct Replacement {
        var connection: Connection
        let replaced: UnsafeRawPointer
    }

    /// In the lock's one allocation (every stepper has a relay), at an
    /// address that never moves.
    private struct State {
        /// The published connection (an `UnsafeMutablePointer<Connection>`),
        /// or nil; read and written with atomic operations only.
        var published: UnsafeRawPointer?
        /// The first connection, written once, before it is published.
        var first = Connection()
        /// Emitted before the first connection, in order; under the lock.
        var pending: [StepType] = []
    }

    private let state = Locked(State())

    /// Creates a relay that is not yet connected to a coordinator.
    public init() {}

    deinit {
        // No emit runs now: the connections that replaced others go.
        state.withUnsafeValuePointer { state in
            let first = UnsafeRawPointer(Self.first(state))
            var published = stepflow_load_acquire(Self.published(state))
            while let connection = published, connection != first {
                let replacement = Self.replacement(of: connection)
                published = replacement.pointee.replaced
                replacement.deinitialize(count: 1)
                replacement.deallocate()
            }
        }
    }

    /// Emits `step` towards the coordinator. Safe to call from any thread.
    ///
    /// Once the relay is connected, emitting takes no lock of the relay's:
    /// threads emitting at once meet only at the coordinator's inbox.
    public func emit(_ step: StepType) {
        if let connection = state.withUnsafeValuePointer(Self.connection(in:)) {
            connection.pointee.sink?(step)
            return
        }
        state.withLockedValuePointer { state in
            // Looked at again under the lock: a connection replays the
            // steps kept so far and publishes its sink under it, so a step
            // emitted meanwhile is either kept (and replayed) or sent after
            // the replay.
            if let connection = Self.connection(in: state) {
                connection.pointee.sink?(step)
            } else {
                Self.pending(state).pointee.append(step)
            }
        }
    }

    /// Connects the relay to `sink` and passes the steps emitted so far to
    /// `replay` (before any later emission reaches `sink`). Whether a
    /// stepper is already coordinated is the engine state's to say, not
    /// the relay's: connecting again sends later emissions to the new sink.
    func connect(
        sink: @escaping @Sendable (StepType) -> Void,
        replay: ([StepType]) -> Void
    ) {
        state.withLockedValuePointer { state in
            let target: UnsafeMutablePointer<Connection>
            if let replaced = stepflow_load_acquire(Self.published(state)) {
                let replacement = UnsafeMutablePointer<Replacement>.allocate(capacity: 1)
                replacement.initialize(to: Replacement(connection: Connection(sink: sink), replaced: replaced))
                target = Self.connection(of: replacement)
            } else {
                target = Self.first(state)
                target.pointee.sink = sink
            }
            let kept = Self.pending(state).pointee
            Self.pending(state).pointee = []
            replay(kept)
            stepflow_store_release(Self.published(state), UnsafeRawPointer(target))
        }
    }

    /// The published connection, read with an acquire load; nil before the
    /// first connection.
    @inline(__always)
    private static func connection(in state: UnsafeMutablePointer<State>) -> UnsafeMutablePointer<Connection>? {
        // Not `Optional.map`: unspecialised, it asks the runtime for the
        // sink's type on every emit.
        guard let word = stepflow_load_acquire(published(state)) else { return nil }
        return UnsafeMutablePointer(mutating: word.assumingMemoryBound(to: Connection.self))
    }

    // Fields by address, never the whole state: an access to
    // `state.pointee.pending` is an access to the state's address, which is
    // the published word's, read meanwhile by emits without the lock (the
    // thread sanitizer reports it so). Each field is stored and none is a
    // closure, so each key path is a plain offset, which the optimiser
    // folds.

    @inline(__always)
    private static func published(_ state: UnsafeMutablePointer<State>) -> UnsafeMutablePointer<UnsafeRawPointer?> {
        (UnsafeMutableRawPointer(state) + MemoryLayout<State>.offset(of: \.published)!)
            .assumingMemoryBound(to: UnsafeRawPointer?.self)
    }

    private static func pending(_ state: UnsafeMutablePointer<State>) -> UnsafeMutablePointer<[StepType]> {
        (UnsafeMutableRawPointer(state) + MemoryLayout<State>.offset(of: \.pending)!)
            .assumingMemoryBound(to: [StepType].self)
    }

    private static func first(_ state: UnsafeMutablePointer<State>) -> UnsafeMutablePointer<Connection> {
        (UnsafeMutableRawPointer(state) + MemoryLayout<State>.offset(of: \.first)!)
            .assumingMemoryBound(to: Connection.self)
    }

    private static func connection(
        of replacement: UnsafeMutablePointer<Replacement>
    ) -> UnsafeMutablePointer<Connection> {
        (UnsafeMutableRawPointer(replacement) + MemoryLayout<Replacement>.offset(of: \.connection)!)
            .assumingMemoryBound(to: Connection.self)
    }

    private static func replacement(of connection: UnsafeRawPointer) -> UnsafeMutablePointer<Replacement> {
        UnsafeMutableRawPointer(mutating: connection - MemoryLayout<Replacement>.offset(of: \.connection)!)
            .assumingMemoryBound(to: Replacement.self)
    }
}
