/// SplitMix64: a fixed-seed pseudo-random generator, the same on every platform and every run. The scenes'
/// only source of variety, and the stress tests' (a failing soak can be run again from its seed).
public struct SplitMix64: Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform Double in 0..<1.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    /// A uniform Double in lo..<hi.
    public mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    /// An Int in lo...hi.
    public mutating func int(_ lo: Int, _ hi: Int) -> Int { lo + Int(next() % UInt64(hi - lo + 1)) }
}
