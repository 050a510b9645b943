// A small seeded generator for benchmarks and property tests: the same seed gives the same
// numbers on every platform (the engine itself never uses randomness).

/// SplitMix64 (Steele, Lea, Flood 2014): 64-bit state, passes BigCrush, trivially seedable.
package struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64
    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    package mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// Uniform in `range`.
    package mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// Standard normal (Box–Muller).
    package mutating func gaussian() -> Double {
        let u1 = max(unit(), 1e-300), u2 = unit()
        return (-2 * Math.log(u1)).squareRoot() * Math.cos(2 * Double.pi * u2)
    }
}
