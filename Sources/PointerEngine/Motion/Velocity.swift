// Velocity from timestamped motion: the project's estimators, in one place (issue 20.3).
// - `VelocityTracker`: the velocity a finger releases with, for momentum (G1): the mean over
//   the last `window`, zero after a pause. Scroll views, page swipes, and the gesture HUD (which
//   shows what the scroll physics sees).
// - `VelocityEstimator`: the pointer's live 2-D velocity for magnetism's flick prediction (M4):
//   exponentially smoothed on every motion event, cheap enough for the ≤ 1 µs event budget.
// They answer different questions and their numbers are tuned (momentum lengths, M4's flick
// threshold), so they stay two algorithms; nothing else estimates a velocity.
import InputProtocol

/// Estimates a 1-D velocity (units per second) from timestamped displacements, like a finger's
/// scroll deltas. Only samples from the last `window` count, so a finger that paused before
/// lifting has no velocity and starts no momentum.
package struct VelocityTracker: Sendable, Equatable {
    /// Samples older than this before the newest one are ignored. 100 ms spans ~8 touchpad frames.
    package static let window = 0.100 // s
    /// A pause this long before the estimate is read means the finger stopped: velocity 0.
    package static let stillness = 0.060 // s

    private var samples: [(time: Timestamp, delta: Double)] = []

    package init() {}

    package mutating func reset() { samples.removeAll(keepingCapacity: true) }

    package mutating func add(_ delta: Double, at time: Timestamp) {
        samples.append((time, delta))
        samples.removeAll { time.seconds(since: $0.time) > Self.window }
    }

    /// Velocity in units per second as of `now`.
    package func velocity(at now: Timestamp) -> Double {
        guard let last = samples.last, let first = samples.first,
              now.seconds(since: last.time) <= Self.stillness else { return 0 }
        // The first sample's delta happened before its own timestamp: the span starts one
        // average sample interval earlier (or 1/60 s when there is a single sample).
        let span = last.time.seconds(since: first.time)
        let interval = samples.count > 1 ? span / Double(samples.count - 1) : 1.0 / 60
        let total = samples.reduce(0) { $0 + $1.delta }
        return total / (span + interval)
    }

    package static func == (a: VelocityTracker, b: VelocityTracker) -> Bool {
        a.samples.count == b.samples.count && zip(a.samples, b.samples).allSatisfy { $0.time == $1.time && $0.delta == $1.delta }
    }
}

/// Estimates pointer velocity from motion samples (pt/s), exponentially smoothed.
package struct VelocityEstimator: Hashable, Sendable {
    package private(set) var velocity: Vector = .zero
    private var lastTime: Timestamp?
    /// The last smoothing factor and the interval it is for (events at a steady rate repeat it).
    private var memoInterval = Double.nan
    private var memoFactor = 0.0

    package init() {}

    // Equality and hashing ignore the memo.
    package static func == (l: VelocityEstimator, r: VelocityEstimator) -> Bool { l.velocity == r.velocity && l.lastTime == r.lastTime }
    package func hash(into h: inout Hasher) { h.combine(velocity); h.combine(lastTime) }

    package mutating func add(delta: Vector, at time: Timestamp) {
        defer { lastTime = time }
        guard let t0 = lastTime, time > t0 else { return }
        let dt = time.seconds(since: t0)
        let sample = delta / dt
        // Long gaps mean a fresh movement: forget the old velocity.
        if dt != memoInterval { memoInterval = dt; memoFactor = dt > MagnetismTuning.velocityGap ? 1 : 1 - Math.exp(-dt / MagnetismTuning.velocitySmoothing) }
        let a = memoFactor
        velocity = velocity + (sample - velocity) * a
    }

    /// Decays toward zero when no motion arrives (called from `advance`).
    package mutating func decay(to time: Timestamp) {
        guard let t0 = lastTime, time > t0 else { return }
        let dt = time.seconds(since: t0)
        if dt >= MagnetismTuning.velocitySmoothing - 1e-9 { velocity = .zero }
    }

    package mutating func reset() { velocity = .zero; lastTime = nil }
    package var speed: Double { velocity.length }
}
