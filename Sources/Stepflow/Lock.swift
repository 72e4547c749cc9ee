#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a pthread mutex, both in one allocation.
///
/// The engine serialises almost everything on the coordinator's queue; this
/// guards only the few values touched from any thread (a stepper's relay,
/// the coordinator's inbox). It wraps a pthread mutex rather than
/// `Synchronization.Mutex` because the thread sanitizer on Linux cannot see
/// the futex under `Mutex` and reports false races through it, while it
/// understands pthread mutexes.
///
/// Every stepper has one (its relay's), so it is one heap object: the value
/// is the buffer's header and the mutex its one element, which never moves.
/// Copies share the one lock and value.
package struct Locked<Value>: @unchecked Sendable {
    // @unchecked: the value is only read or written under the mutex, but
    // for fields its owner reads and writes with atomic operations only
    // (``withUnsafeValuePointer(_:)``).
    private let storage: Storage

    package init(_ value: Value) { storage = Storage.make(value) }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try withLockedValuePointer { try body(&$0.pointee) }
    }

    /// Runs `body` under the lock with the value's address, for an owner
    /// that also reaches some of its fields by address (see
    /// ``withUnsafeValuePointer(_:)``).
    @inline(__always)
    package func withLockedValuePointer<Result>(
        _ body: (UnsafeMutablePointer<Value>) throws -> Result
    ) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(value)
        }
    }

    /// Runs `body` with the value's address and without the lock: for
    /// fields that other threads read and write with atomic operations
    /// only (a stepper relay's published connection). The value never
    /// moves while the lock lives, so the address is the one every thread
    /// uses.
    @inline(__always)
    package func withUnsafeValuePointer<Result>(
        _ body: (UnsafeMutablePointer<Value>) throws -> Result
    ) rethrows -> Result {
        try storage.withUnsafeMutablePointerToHeader(body)
    }

    private final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        static func make(_ value: Value) -> Storage {
            let storage = unsafeDowncast(create(minimumCapacity: 1) { _ in value }, to: Storage.self)
            storage.withUnsafeMutablePointerToElements { mutex in
                mutex.initialize(to: pthread_mutex_t())
                let status = pthread_mutex_init(mutex, nil)
                precondition(status == 0, "pthread_mutex_init failed: \(status)")
            }
            return storage
        }

        deinit {
            withUnsafeMutablePointerToElements { mutex in
                pthread_mutex_destroy(mutex)
                _ = mutex.deinitialize(count: 1)
            }
        }
    }
}

/// Results kept for the life of the process, by what they follow from
/// alone, for any thread: a family of variants reads the same catalogs
/// and scripts and names the same modules again and again. At most
/// `capacity` are kept; the next is kept after all are let go.
///
/// Two threads asking for one key at once may both make it, and the
/// later is kept: only for values their key decides.
package struct Memo<Key: Hashable, Value>: Sendable {
    private let kept = Locked<[Key: Value]>([:])
    private let capacity: Int

    /// An empty memo keeping at most `capacity` results.
    package init(capacity: Int) { self.capacity = max(1, capacity) }

    /// The result for `key`: the one kept, else `make()`'s, kept.
    package func value(for key: Key, _ make: () -> Value) -> Value {
        if let known = kept.withLock({ $0[key] }) { return known }
        let made = make()
        kept.withLock { kept in
            if kept.count >= capacity { kept.removeAll() }
            kept[key] = made
        }
        return made
    }
}
