// The random baseline a suite is measured against, and what it draws on.
extension SuiteGenerator {
    /// The most inputs the random baseline takes before it gives up.
    package static let randomLimit = 5_000_000

    /// What a seeded random walk took to cover the goals.
    package struct RandomBaseline: Hashable, Sendable {
        /// The inputs it took (``SuiteGenerator/randomLimit`` when it gave up).
        package let inputs: Int
        /// The goals it had covered (all of them, when it finished).
        package let covered: Int
        /// Whether it covered every goal.
        package let finished: Bool
    }
}

/// `number` with leading zeros to `width` digits.
func padded(_ number: Int, width: Int) -> String {
    let digits = "\(number)"
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// A small seeded generator (SplitMix64): the same numbers on every
/// platform, so the random baseline is the same in every run.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
