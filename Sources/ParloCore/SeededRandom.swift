/// A small, seedable random generator (SplitMix64) whose sequence is the same on every run.
///
/// Swift's `SystemRandomNumberGenerator` and `Hasher` are seeded per process, so fixtures use
/// this generator and `StableHash` wherever a choice must be reproducible.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An integer in `0..<bound` (bound > 0), without `Int.random`'s unspecified algorithm.
    public mutating func index(below bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// A uniform double in [-1, 1).
    public mutating func signedUnit() -> Double { Double(next() >> 11) / Double(1 << 52) - 1 }
}

