// The one spring of the project, and fades. A damped harmonic oscillator solved in closed form
// (`DampedSpring.evolve`), seen two ways: `DampedSpring` carries its value and velocity from
// step to step (`step(by:)`: the pointer, accessories, effects and magnetism, whose targets
// move while they run), and `CriticalSpring` is the same law from a start time, read at any
// time (scroll bounces, page settles, zoom animations: SPEC G1, G2, G5, T2).

/// A damped spring pulling `value` toward `target`:
///
///     x'' = −ω² (x − target) − 2ζω x'        ω = 2π / response
///
/// `response` (seconds) is the undamped period; `dampingRatio` ζ (1 = critically damped, no
/// overshoot; < 1 bounces). `step(by:)` integrates exactly (closed form), so any step size
/// gives the same curve and large steps never blow up.
package struct DampedSpring: Hashable, Sendable {
    package var value: Double
    package var velocity: Double
    package var target: Double
    /// Seconds.
    package var response: Double
    /// Unitless ζ.
    package var dampingRatio: Double
    /// The last step's exponentials (and sine/cosine) with the exponents they were computed
    /// for: steps of one size (a steady frame or event rate) reuse them, bit for bit.
    private var memo = Memo()

    struct Memo: Sendable {
        var k1 = Double.nan, k2 = Double.nan
        var a = 0.0, b = 0.0, c = 0.0
    }

    package init(value: Double, target: Double? = nil, response: Double, dampingRatio: Double = 1) {
        self.value = value; self.velocity = 0; self.target = target ?? value
        self.response = max(response, 1e-4); self.dampingRatio = max(dampingRatio, 0)
    }

    /// Close enough to rest: |x − target| and |x'| · response both under `epsilon` of the
    /// value's unit.
    package func isSettled(epsilon: Double = 1e-3) -> Bool {
        abs(value - target) < epsilon && abs(velocity) * response < epsilon
    }

    /// Jumps to the target and stops.
    package mutating func settle() { value = target; velocity = 0 }

    /// Advances by `dt` seconds (dt ≤ 0 does nothing).
    package mutating func step(by dt: Double) {
        guard dt > 0, value != target || velocity != 0 else { return }
        (value, velocity) = Self.evolve(value: value, velocity: velocity, target: target, omega: 2 * Double.pi / response,
                                        dampingRatio: dampingRatio, by: dt, memo: &memo)
        if isSettled(epsilon: 1e-6) { settle() }
    }

    /// The closed form, the project's one spring solver: value and velocity `dt` (> 0) seconds
    /// after `value` and `velocity`, pulled toward `target` at `omega` (rad/s) with damping ratio
    /// `z`. `memo` keeps the last exponentials (and sine/cosine) with the exponents they were
    /// computed for: steps of one size reuse them, bit for bit.
    @inline(__always)
    static func evolve(value: Double, velocity v0: Double, target: Double, omega w: Double, dampingRatio z: Double,
                       by dt: Double, memo: inout Memo) -> (value: Double, velocity: Double) {
        let x0 = value - target
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let k1 = -z * w * dt, k2 = wd * dt
            if k1 != memo.k1 || k2 != memo.k2 {
                let (s, c) = Math.sincos(k2)
                memo = Memo(k1: k1, k2: k2, a: Math.exp(k1), b: s, c: c)
            }
            let e = memo.a, s = memo.b, c = memo.c
            let a = x0, b = (v0 + z * w * x0) / wd
            let x = e * (a * c + b * s)
            let v = e * ((b * wd - z * w * a) * c - (a * wd + z * w * b) * s)
            return (target + x, v)
        } else if z == 1 {
            let k1 = -w * dt
            if k1 != memo.k1 || !memo.k2.isInfinite { memo = Memo(k1: k1, k2: .infinity, a: Math.exp(k1)) }
            let e = memo.a
            let b = v0 + w * x0
            return (target + (x0 + b * dt) * e, (b - w * (x0 + b * dt)) * e)
        } else {
            let r = (z * z - 1).squareRoot()
            let r1 = -w * (z - r), r2 = -w * (z + r)
            let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
            let k1 = r1 * dt, k2 = r2 * dt
            if k1 != memo.k1 || k2 != memo.k2 { memo = Memo(k1: k1, k2: k2, a: Math.exp(k1), b: Math.exp(k2)) }
            let e1 = memo.a, e2 = memo.b
            return (target + c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }

    // Equality and hashing ignore the memo (it only saves work).
    package static func == (l: DampedSpring, r: DampedSpring) -> Bool {
        l.value == r.value && l.velocity == r.velocity && l.target == r.target && l.response == r.response
            && l.dampingRatio == r.dampingRatio
    }

    package func hash(into h: inout Hasher) {
        h.combine(value); h.combine(velocity); h.combine(target); h.combine(response); h.combine(dampingRatio)
    }
}

/// A critically damped spring toward `target` from a start time (no overshoot when starting at
/// rest): x(t) = target + (d₀ + (v₀ + ω·d₀)·t)·e^(−ω·t), d₀ = x₀ − target; ω in rad/s sets the
/// speed (settles to 1 % in ≈ 6.6/ω s). Read at any time through `DampedSpring.evolve` (ζ = 1),
/// so the result does not depend on how often it is read (T2).
package struct CriticalSpring: Sendable, Equatable {
    package var start: Timestamp
    package var from: Double
    package var target: Double
    package var initialVelocity: Double
    package var omega: Double

    /// Within this distance and speed the spring counts as settled and snaps to its target.
    package static let settleDistance = 0.01 // in the animated unit (pt, scale…)
    package static let settleSpeed = 0.5 // unit/s

    package init(start: Timestamp, from: Double, to target: Double, velocity: Double = 0, omega: Double) {
        self.start = start; self.from = from; self.target = target; self.initialVelocity = velocity; self.omega = omega
    }
    package func value(at now: Timestamp) -> Double { state(at: now).value }
    package func velocity(at now: Timestamp) -> Double { state(at: now).velocity }
    package func isSettled(at now: Timestamp) -> Bool {
        let s = state(at: now)
        return abs(s.value - target) < Self.settleDistance * max(1, abs(target - from) / 100) && abs(s.velocity) < Self.settleSpeed
    }

    /// Value and velocity at `now` (the start's before it).
    func state(at now: Timestamp) -> (value: Double, velocity: Double) {
        let t = max(0, now.seconds(since: start))
        guard t > 0 else { return (target + (from - target), initialVelocity) }
        var memo = DampedSpring.Memo()
        return DampedSpring.evolve(value: from, velocity: initialVelocity, target: target, omega: omega, dampingRatio: 1, by: t, memo: &memo)
    }
}

/// A value that animates toward its target with a spring, or — under reduce motion (P6) — a
/// short linear cross-fade of `fadeDuration` seconds from wherever it was.
package struct Animated: Hashable, Sendable {
    package private(set) var spring: DampedSpring
    package var reduceMotion: Bool
    /// Seconds a reduce-motion fade takes.
    package var fadeDuration: Double
    private var fadeFrom: Double
    private var fadeElapsed: Double

    package init(_ value: Double, response: Double, dampingRatio: Double = 1, reduceMotion: Bool = false,
                fadeDuration: Double = Animated.reducedMotionFade) {
        spring = DampedSpring(value: value, response: response, dampingRatio: dampingRatio)
        self.reduceMotion = reduceMotion; self.fadeDuration = fadeDuration
        fadeFrom = value; fadeElapsed = fadeDuration
    }

    /// Seconds: the cross-fade that replaces springs under reduce motion (P6).
    package static let reducedMotionFade = 0.15

    package var value: Double { spring.value }
    /// Spring response, seconds (takes effect from the next step).
    package var response: Double {
        get { spring.response }
        set { spring.response = max(newValue, 1e-4) }
    }
    package var dampingRatio: Double {
        get { spring.dampingRatio }
        set { spring.dampingRatio = max(newValue, 0) }
    }
    package var target: Double {
        get { spring.target }
        set {
            guard newValue != spring.target else { return }
            if reduceMotion { fadeFrom = spring.value; fadeElapsed = 0 }
            spring.target = newValue
        }
    }
    package var isSettled: Bool { reduceMotion ? fadeElapsed >= fadeDuration && spring.value == spring.target : spring.isSettled() }

    package mutating func settle() { spring.settle(); fadeElapsed = fadeDuration }

    /// Sets value and target at once, without animation.
    package mutating func reset(to v: Double) { spring = DampedSpring(value: v, response: spring.response, dampingRatio: spring.dampingRatio); fadeFrom = v; fadeElapsed = fadeDuration }

    /// Scales the last step: the value goes back to `anchor + k · (value − anchor)` and the
    /// velocity to `k` of itself (a speed limit on a spring; 0 ≤ k ≤ 1).
    package mutating func scaleStep(from anchor: Double, by k: Double) {
        spring.value = anchor + (spring.value - anchor) * k
        spring.velocity *= k
    }

    package mutating func step(by dt: Double) {
        guard dt > 0, spring.value != spring.target || spring.velocity != 0 || fadeElapsed < fadeDuration else { return }
        if reduceMotion {
            fadeElapsed = min(fadeDuration, fadeElapsed + dt)
            let t = fadeDuration > 0 ? fadeElapsed / fadeDuration : 1
            spring.value = lerp(fadeFrom, spring.target, t)
            spring.velocity = 0
        } else {
            spring.step(by: dt)
        }
    }
}
