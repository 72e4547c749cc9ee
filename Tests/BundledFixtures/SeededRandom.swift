/// A small seeded generator (SplitMix64) for the tests' random cases: the
/// same seed gives the same cases, so a failing one comes back.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose cases follow from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A number in `0..<bound` (0 when `bound` is below 1).
    public mutating func next(below bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }
}
