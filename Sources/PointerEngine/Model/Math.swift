// Elementary functions in pure Swift (the standard library has none and the engine imports no
// C module). Written for determinism: the same inputs give bit-identical results on every
// platform, which keeps traces replaying to identical frames (SPEC T2). Accuracy ≈ 1e-15
// relative over the ranges the engine uses (|x| < 1e6).
package enum Math {
    package static let pi = Double.pi

    /// e^x. Reduces x = k·ln2 + r with |r| ≤ ln2/2, then a Taylor series for e^r.
    package static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709 { return .infinity }
        if x < -745 { return 0 }
        let ln2 = 0.693147180559945309417232121458
        let k = (x / ln2).rounded()
        let r = x - k * ln2
        var term = 1.0, sum = 1.0
        // |r| ≤ ln2/2: the 14th term is below 1e-17 of the sum.
        for n in 1...14 {
            term *= r / Double(n)
            sum += term
        }
        return scale(sum, Int(k))
    }

    /// Natural logarithm (x > 0; 0 → −∞, negative → NaN).
    package static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x.isInfinite { return x }
        var e = Int(x.exponent)
        var m = x.significand // [1, 2)
        if m > 1.4142135623730951 { m /= 2; e += 1 }
        // log(m) = 2·atanh(s), s = (m − 1)/(m + 1), |s| ≤ 0.172
        let s = (m - 1) / (m + 1), s2 = s * s
        var term = s, sum = 0.0
        var n = 1.0
        while n < 60 {
            sum += term / n
            term *= s2
            n += 2
        }
        return 2 * sum + Double(e) * 0.693147180559945309417232121458
    }

    /// sin x, x in radians.
    package static func sin(_ x: Double) -> Double { sincos(x).sin }
    /// cos x, x in radians.
    package static func cos(_ x: Double) -> Double { sincos(x).cos }

    /// Both at once. Reduces to |r| ≤ π/4 and a quadrant, then Taylor series.
    package static func sincos(_ x: Double) -> (sin: Double, cos: Double) {
        guard x.isFinite else { return (.nan, .nan) }
        let halfPi = Double.pi / 2
        let q = (x / halfPi).rounded()
        let r = x - q * halfPi
        let r2 = r * r
        var s = r, c = 1.0, ts = r, tc = 1.0
        var n = 1.0
        // |r| ≤ π/4: the 10th terms are below 1e-20.
        for _ in 0..<9 {
            ts *= -r2 / ((2 * n) * (2 * n + 1))
            tc *= -r2 / ((2 * n - 1) * (2 * n))
            s += ts; c += tc
            n += 1
        }
        let quadrant = Int(q.truncatingRemainder(dividingBy: 4) + 4) % 4
        switch quadrant {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// atan(y/x) in the right quadrant, radians in (−π, π].
    package static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        if x == 0 { return y > 0 ? Double.pi / 2 : (y < 0 ? -Double.pi / 2 : 0) }
        let a = atan(y / x)
        if x > 0 { return a }
        return y >= 0 ? a + Double.pi : a - Double.pi
    }

    /// atan x, radians. Two half-angle reductions, then a Taylor series.
    package static func atan(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x.isInfinite { return x > 0 ? Double.pi / 2 : -Double.pi / 2 }
        if abs(x) > 1 { return (x > 0 ? Double.pi / 2 : -Double.pi / 2) - atan(1 / x) }
        // atan(x) = 2·atan(x / (1 + √(1 + x²))), applied twice: |t| ≤ tan(π/16) ≈ 0.199
        var t = x
        for _ in 0..<2 { t = t / (1 + (1 + t * t).squareRoot()) }
        let t2 = t * t
        var term = t, sum = 0.0
        var n = 1.0
        while n < 50 {
            sum += term / n
            term *= -t2
            n += 2
        }
        return 4 * sum
    }

    /// x^y for x > 0.
    package static func pow(_ x: Double, _ y: Double) -> Double {
        if y == 0 { return 1 }
        if x == 0 { return y > 0 ? 0 : .infinity }
        return exp(y * log(x))
    }

    /// x · 2^k without overflow in the intermediate.
    static func scale(_ x: Double, _ k: Int) -> Double {
        var v = x, k = k
        while k > 1000 { v *= Double(sign: .plus, exponent: 1000, significand: 1); k -= 1000 }
        while k < -1000 { v *= Double(sign: .plus, exponent: -1000, significand: 1); k += 1000 }
        return v * Double(sign: .plus, exponent: k, significand: 1)
    }
}
