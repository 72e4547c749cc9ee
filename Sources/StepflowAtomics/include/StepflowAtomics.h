// One pointer word read and written by several threads without a lock,
// with the ordering a once-published value needs: everything written
// before the release store is seen by a thread whose acquire load sees the
// pointer. Swift has atomics in `Synchronization` only from macOS 15 and
// iOS 18; these are the compiler's own builtins (Clang on every platform
// Swift runs on), so the engine builds for any deployment target.
#ifndef STEPFLOW_ATOMICS_H
#define STEPFLOW_ATOMICS_H

/// Reads `*word` with acquire ordering.
static inline const void *_Nullable stepflow_load_acquire(const void *_Nullable const *_Nonnull word) {
    return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

/// Writes `value` to `*word` with release ordering.
static inline void stepflow_store_release(const void *_Nullable *_Nonnull word, const void *_Nullable value) {
    __atomic_store_n(word, value, __ATOMIC_RELEASE);
}

#endif
