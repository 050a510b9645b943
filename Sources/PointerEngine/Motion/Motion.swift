// Small, pure motion primitives shared by the interaction components: kinetic momentum and
// rubber-banding (the spring is in Spring.swift, velocity in Velocity.swift). Everything is a
// closed-form function of time so the result does not depend on how often a frame is drawn
// (SPEC T2: the same trace gives the same states).
import InputProtocol

/// Kinetic momentum after the fingers lift (SPEC G1): exponential decay of velocity,
/// v(t) = v₀·e^(−t/τ), so the offset is x(t) = x₀ + v₀·τ·(1 − e^(−t/τ)) and the total glide is v₀·τ.
/// τ = 325 ms is the classic iOS deceleration (rate 0.998 per ms ⇒ τ = −1/ln 0.998 ≈ 0.4995 s is
/// UIScrollView's "normal"; 325 ms matches its "fast" feel on a trackpad where flicks are
/// shorter). Tuned by hand against the T480 recordings: a 1,500 pt/s flick glides ≈ 490 pt.
package struct Momentum: Sendable, Equatable {
    /// Time constant of the decay.
    package static let timeConstant = 0.325 // s
    /// Momentum ends when the speed drops below this (no visible motion: < 0.1 pt per 60 Hz frame).
    package static let stopSpeed = 6.0 // pt/s
    /// A release slower than this starts no momentum (the fingers were placed, not flicked).
    package static let minimumStartSpeed = 40.0 // pt/s

    package var start: Timestamp
    package var origin: Double
    package var initialVelocity: Double // pt/s

    package init(start: Timestamp, origin: Double, initialVelocity: Double) {
        self.start = start; self.origin = origin; self.initialVelocity = initialVelocity
    }

    /// How long the glide lasts until the speed falls to `stopSpeed`.
    package var duration: Double {
        let v = abs(initialVelocity)
        return v > Self.stopSpeed ? Self.timeConstant * (v / Self.stopSpeed).logOf : 0
    }
    package func offset(at now: Timestamp) -> Double {
        let t = min(max(0, now.seconds(since: start)), duration)
        return origin + initialVelocity * Self.timeConstant * (1 - (-t / Self.timeConstant).expOf)
    }
    package func velocity(at now: Timestamp) -> Double {
        let t = max(0, now.seconds(since: start))
        return t >= duration ? 0 : initialVelocity * (-t / Self.timeConstant).expOf
    }
    package func isFinished(at now: Timestamp) -> Bool { now.seconds(since: start) >= duration }
    /// Where the glide comes to rest.
    package var restingOffset: Double {
        origin + initialVelocity * Self.timeConstant * (1 - (-duration / Self.timeConstant).expOf)
    }
    /// Time from `start` at which the offset first reaches `target`, or nil if it never does.
    package func time(reaching target: Double) -> Double? {
        let travel = target - origin
        guard initialVelocity != 0, travel * initialVelocity >= 0 else { return nil }
        let fraction = travel / (initialVelocity * Self.timeConstant)
        guard fraction < 1 else { return nil }
        let t = -Self.timeConstant * (1 - fraction).logOf
        return t <= duration ? t : nil
    }
}

/// Rubber-banding past an edge (SPEC I5, G2): the further past, the less the content follows,
/// never beyond `limit`. b(x) = (1 − 1/(x·c/limit + 1))·limit: slope c at the edge, → limit.
package enum RubberBand {
    /// UIKit's constant: the content follows 55 % of the finger right at the edge.
    package static let coefficient = 0.55

    /// The banded distance for an overshoot of `excess` (≥ 0) with at most `limit`.
    package static func band(_ excess: Double, limit: Double) -> Double {
        guard excess > 0, limit > 0 else { return 0 }
        return (1 - 1 / (excess * coefficient / limit + 1)) * limit
    }
    /// The inverse of `band`: how far past the edge the finger is for a shown overshoot.
    package static func unband(_ shown: Double, limit: Double) -> Double {
        guard shown > 0, limit > 0 else { return 0 }
        let s = min(shown, limit * 0.999_999)
        return (1 / (1 - s / limit) - 1) * limit / coefficient
    }
    /// `value` confined to `lo...hi` with a rubber band of `limit` on each side.
    package static func clamp(_ value: Double, _ lo: Double, _ hi: Double, limit: Double) -> Double {
        if value < lo { return lo - band(lo - value, limit: limit) }
        if value > hi { return hi + band(value - hi, limit: limit) }
        return value
    }
}

extension Double {
    /// e^self, through the engine's deterministic pure-Swift `Math` (bit-identical everywhere, T2).
    @usableFromInline var expOf: Double { Math.exp(self) }
    /// ln(self).
    @usableFromInline var logOf: Double { Math.log(self) }
}
