#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A small mutual-exclusion lock around a pthread mutex.
///
/// The engine serialises almost everything on the coordinator's queue; this
/// lock guards only the few values touched from any thread (a stepper's sink,
/// the coordinator's inbox). It wraps a pthread mutex rather than
/// `Synchronization.Mutex` because the thread sanitizer on Linux cannot see
/// the futex under `Mutex` and reports false races through it, while it
/// understands pthread mutexes.
final class Lock: @unchecked Sendable {
    // @unchecked: the mutex is the synchronisation; it is allocated once,
    // never moved, and only touched through pthread calls.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` while holding the lock and returns its result.
    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A value guarded by a ``Lock``.
package final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only read or written inside `lock.withLock`.
    private let lock = Lock()
    // Unchecked exclusivity: the lock is the exclusivity.
    @exclusivity(unchecked) private var value: Value

    package init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&value) }
    }
}
