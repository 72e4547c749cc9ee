#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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
    // under the mutex. A connection's sink is written before it is
    // published (a release store) and never after, so an emit that sees it
    // published (an acquire load) reads it whole without the lock; sinks
    // are called from any thread, at once (the coordinator's is its inbox,
    // which locks).

    fileprivate typealias Sink = @Sendable (StepType) -> Void

    private let storage = RelayStorage<StepType>.make()

    /// Creates a relay that is not yet connected to a coordinator.
    public init() {}

    /// Emits `step` towards the coordinator. Safe to call from any thread.
    ///
    /// Once the relay is connected, emitting takes no lock of the relay's:
    /// threads emitting at once meet only at the coordinator's inbox.
    public func emit(_ step: StepType) {
        if let connection = storage.published {
            connection.pointee.sink?(step)
            return
        }
        storage.withLock { pending in
            // Looked at again under the lock: a connection replays the
            // steps kept so far and publishes its sink under it, so a step
            // emitted meanwhile is either kept (and replayed) or sent after
            // the replay.
            if let connection = storage.published {
                connection.pointee.sink?(step)
            } else {
                pending.append(step)
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
        storage.connect(sink, replay: replay)
    }
}

/// A relay's state in one allocation (as small as the lock it replaced,
/// since every stepper has one): the mutex, the published connection (a
/// pointer word read with an acquire load), the first connection, and,
/// under the mutex, the steps kept before it.
///
/// The first connection publishes a sink stored here; a later one (a
/// stepper connected again) publishes a ``Replacement`` of its own
/// allocation, which lists the connection it replaced: an emit may still be
/// calling that one, so all are kept until the relay goes. The mutex and
/// the word never move: they are the buffer's one element.
private final class RelayStorage<StepType: Step>: ManagedBuffer<RelayStorage.Kept, RelayStorage.Slot> {
    typealias Sink = StepRelay<StepType>.Sink

    struct Kept {
        /// Emitted before the first connection, in order.
        var pending: [StepType] = []
    }

    /// A connection's sink. A struct, not the closure itself: a key path
    /// to a stored closure is not a plain offset (its value is
    /// reabstracted), and the slot's fields are found by offset.
    struct Connection {
        var sink: Sink?
    }

    /// A connection made after the first, and the one it replaced (the
    /// address of its `Connection`).
    struct Replacement {
        var connection: Connection
        let replaced: UnsafeRawPointer
    }

    struct Slot {
        var mutex = pthread_mutex_t()
        /// The published connection (an `UnsafeMutablePointer<Connection>`),
        /// or nil.
        var published: UnsafeRawPointer?
        /// The first connection.
        var first = Connection()
    }

    static func make() -> RelayStorage {
        let storage = unsafeDowncast(create(minimumCapacity: 1) { _ in Kept() }, to: RelayStorage.self)
        storage.withUnsafeMutablePointerToElements { slot in
            slot.initialize(to: Slot())
            let status = pthread_mutex_init(mutex(slot), nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        }
        return storage
    }

    deinit {
        withUnsafeMutablePointerToElements { slot in
            let first = UnsafeRawPointer(Self.first(slot))
            var published = slot.pointee.published
            while let connection = published, connection != first {
                let replacement = Self.replacement(of: connection)
                published = replacement.pointee.replaced
                replacement.deinitialize(count: 1)
                replacement.deallocate()
            }
            pthread_mutex_destroy(Self.mutex(slot))
            _ = slot.deinitialize(count: 1)
        }
    }

    /// The published sink, read with an acquire load; nil before the first
    /// connection.
    @inline(__always)
    var published: UnsafeMutablePointer<Connection>? {
        withUnsafeMutablePointerToElements { slot in
            // Not `Optional.map`: unspecialised, it asks the runtime for the
            // sink's type on every emit.
            guard let word = stepflow_load_acquire(Self.word(slot)) else { return nil }
            return UnsafeMutablePointer(mutating: word.assumingMemoryBound(to: Connection.self))
        }
    }

    /// Runs `body` with the kept steps, under the mutex.
    @inline(__always)
    func withLock<Result>(_ body: (inout [StepType]) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { kept, slot in
            pthread_mutex_lock(Self.mutex(slot))
            defer { pthread_mutex_unlock(Self.mutex(slot)) }
            return try body(&kept.pointee.pending)
        }
    }

    /// Stores and publishes `sink` after `replay` has the steps kept so
    /// far, all under the mutex.
    func connect(_ sink: @escaping Sink, replay: ([StepType]) -> Void) {
        withUnsafeMutablePointers { kept, slot in
            pthread_mutex_lock(Self.mutex(slot))
            defer { pthread_mutex_unlock(Self.mutex(slot)) }
            let target: UnsafeMutablePointer<Connection>
            if let replaced = stepflow_load_acquire(Self.word(slot)) {
                let replacement = UnsafeMutablePointer<Replacement>.allocate(capacity: 1)
                replacement.initialize(to: Replacement(connection: Connection(sink: sink), replaced: replaced))
                target = Self.connection(of: replacement)
            } else {
                target = Self.first(slot)
                target.pointee.sink = sink
            }
            let pending = kept.pointee.pending
            kept.pointee.pending = []
            replay(pending)
            stepflow_store_release(Self.word(slot), UnsafeRawPointer(target))
        }
    }

    // The slot's fields by address: the element never moves, so these are
    // the addresses the other threads use too.

    private static func mutex(_ slot: UnsafeMutablePointer<Slot>) -> UnsafeMutablePointer<pthread_mutex_t> {
        field(\.mutex, of: slot)
    }

    private static func word(_ slot: UnsafeMutablePointer<Slot>) -> UnsafeMutablePointer<UnsafeRawPointer?> {
        field(\.published, of: slot)
    }

    private static func first(_ slot: UnsafeMutablePointer<Slot>) -> UnsafeMutablePointer<Connection> {
        field(\.first, of: slot)
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

    @inline(__always)
    private static func field<Field>(
        _ path: WritableKeyPath<Slot, Field>, of slot: UnsafeMutablePointer<Slot>
    ) -> UnsafeMutablePointer<Field> {
        // Every field of `Slot` is stored and none is a closure, so each
        // key path is a plain offset, which the optimiser folds.
        (UnsafeMutableRawPointer(slot) + MemoryLayout<Slot>.offset(of: path)!).assumingMemoryBound(to: Field.self)
    }
}
