import StepflowGraph
import StepflowPlatform
import StepflowScripts

/// The environment variables `rootapp` reads, each checked where it is
/// used: a value out of its range is a usage error (64) that names the
/// variable, what it was and the range, never a crash and never ignored.
enum EnvironmentSettings {
    /// The largest `ROOTAPP_TIME_SCALE`: a million times faster than real
    /// time, so a 15-minute timer takes under a millisecond.
    static let largestTimeScale = WalkClock.largestScale

    /// How many times faster than real time a walk's timers run:
    /// `ROOTAPP_TIME_SCALE`, a number from 1 to a million; 1 when unset.
    static func timeScale(_ console: Console) throws(ExitCodeError) -> Double {
        guard let text = Platform.environment("ROOTAPP_TIME_SCALE") else { return 1 }
        guard let scale = Double(text), scale.isFinite, scale >= 1, scale <= largestTimeScale else {
            throw refuse(
                "ROOTAPP_TIME_SCALE", text,
                "a number from 1 to 1000000: how many times faster than real time a walk's timers run", console)
        }
        return scale
    }

    /// The time a report or a sign-off records as now: `SOURCE_DATE_EPOCH`
    /// (whole seconds since 1970, up to the year 9999), or `nil` for now.
    static func sourceDateEpoch(_ console: Console) throws(ExitCodeError) -> Int? {
        guard let text = Platform.environment("SOURCE_DATE_EPOCH") else { return nil }
        guard let seconds = Int(text), seconds >= 0, seconds <= 253_402_300_799 else {
            throw refuse(
                "SOURCE_DATE_EPOCH", text,
                "whole seconds since 1970-01-01 UTC, from 0 to 253402300799 (the end of the year 9999)", console)
        }
        return seconds
    }

    /// How long a command runs before a terminal shows its progress:
    /// `ROOTAPP_PROGRESS_AFTER`, seconds from 0 to 3600; 2 when unset.
    static func progressDelay(_ console: Console) throws(ExitCodeError) -> Double {
        guard let text = Platform.environment("ROOTAPP_PROGRESS_AFTER") else { return 2 }
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds <= 3600 else {
            throw refuse(
                "ROOTAPP_PROGRESS_AFTER", text,
                "seconds from 0 to 3600: how long a command runs before a terminal shows how far it has got", console)
        }
        return seconds
    }

    private static func refuse(_ name: String, _ value: String, _ range: String, _ console: Console) -> ExitCodeError {
        for line in console.wrap(
            "error: \(name) is '\(value.shortened(40))'; it must be \(range). To fix, set it in range or unset it.")
        {
            console.error(line)
        }
        return ExitCodeError(code: .usage)
    }
}
