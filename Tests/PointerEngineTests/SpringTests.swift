// The one spring (issue 20.3): `CriticalSpring`, read from a start time, and `DampedSpring`,
// stepped, share `DampedSpring.evolve`. The critical spring's values are the textbook closed
// form bit for bit (so scroll bounces, page settles and zoom animations did not move), and a
// stepped spring's single step equals the critical spring read at that time.
import Testing
@testable import PointerEngine

@Suite("One spring solver (issue 20.3; G1, G2, G5, T2)")
struct SpringTests {
    static let cases: [(from: Double, to: Double, velocity: Double, omega: Double)] = [
        (0, 100, 0, 18), (240, 0, -1_500, 24), (-30, 0, 900, 30), (1, 1.8, 0.4, 12),
    ]

    @Test("CriticalSpring's value is x(t) = target + (d₀ + (v₀ + ω·d₀)·t)·e^(−ω·t) bit for bit; its velocity the derivative")
    func closedForm() {
        for c in Self.cases {
            let spring = CriticalSpring(start: Timestamp(rawValue: 1_000), from: c.from, to: c.to, velocity: c.velocity, omega: c.omega)
            for us in stride(from: 0, through: 600_000, by: 8_333) {
                let now = Timestamp(rawValue: 1_000 + UInt64(us))
                let t = Double(us) / 1_000_000, d0 = c.from - c.to
                let x = c.to + (d0 + (c.velocity + c.omega * d0) * t) * Math.exp(-c.omega * t)
                let v = (c.velocity - c.omega * (c.velocity + c.omega * d0) * t) * Math.exp(-c.omega * t)
                #expect(spring.value(at: now) == x, "\(c) at \(t) s")
                #expect(abs(spring.velocity(at: now) - v) <= 1e-9 * max(1, abs(v)), "\(c) at \(t) s")
            }
            #expect(spring.velocity(at: Timestamp(rawValue: 0)) == c.velocity, "before its start it has its initial velocity")
        }
    }

    @Test("one step of a critically damped DampedSpring lands where the CriticalSpring is at that time")
    func steppedMatchesClosedForm() {
        for c in Self.cases {
            var memo = DampedSpring.Memo()
            let critical = CriticalSpring(start: Timestamp(rawValue: 0), from: c.from, to: c.to, velocity: c.velocity, omega: c.omega)
            let step = DampedSpring.evolve(value: c.from, velocity: c.velocity, target: c.to, omega: c.omega, dampingRatio: 1,
                                           by: 0.05, memo: &memo)
            #expect(step.value == critical.value(at: Timestamp(rawValue: 50_000)))
            #expect(step.velocity == critical.velocity(at: Timestamp(rawValue: 50_000)))
        }
    }
}
