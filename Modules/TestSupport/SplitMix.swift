/// A seeded generator (SplitMix64), so a randomized test reads the same values on every run.
public struct SplitMix {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// A number from 0 up to, not including, `bound`.
    public mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((value ^ (value >> 31)) % UInt64(bound))
    }
}
