#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's real time, for ``StepClock/now``.
enum WallClock {
    /// Time since 1970-01-01 00:00 UTC (`CLOCK_REALTIME`).
    static var now: Duration {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }
}

extension Duration {
    /// Whole milliseconds, rounded down, clamped to `Int64`.
    var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return seconds < 0 ? .min : .max }
        return product.addingReportingOverflow(attoseconds / 1_000_000_000_000_000).overflow
            ? .max : product + attoseconds / 1_000_000_000_000_000
    }
}
