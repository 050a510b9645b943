// Magnetism (SPEC M3–M6): where the drawn pointer is, given the logical one.
//
// The drawn pointer is always `logical + offset`. The logical pointer is the user's and moves
// exactly as the device says (M6); only `offset` is attracted, by a spring toward:
//   • M3 — inside the hit region of a highlight/lift element: the element's centre minus the
//     logical position, weighted by how still the pointer is (full pull at rest, weaker while
//     moving so a deliberate move is never held back);
//   • M4 — on a fast flick: toward the centre of an eligible element near the projected resting
//     point, gently;
//   • otherwise zero, with a quick spring (escaping is immediate).

public enum MagnetismTuning {
    /// Speed below which the pointer counts as resting: full snap (pt/s).
    public static let restSpeed = 40.0
    /// Speed at and above which the in-region pull is weakest (pt/s).
    public static let moveSpeed = 600.0
    /// Pull fraction while moving at `moveSpeed` or faster (unitless, of centre − logical).
    public static let movingPull = 0.35
    /// Spring response (s) of the snapping offset.
    public static let snapResponse = 0.12
    /// Spring response (s) when releasing: escaping is (almost) instant (M6).
    public static let releaseResponse = 0.05
    /// Time constant (s) of the velocity estimate's exponential smoothing.
    public static let velocitySmoothing = 0.03
    /// M4: flick speed above which prediction runs (pt/s).
    public static let flickSpeed = 900.0
    /// M4: the pointer's remaining travel is modelled as v · τ (exponential deceleration), s.
    public static let projectionTime = 0.08
    /// M4: an element counts when its region is within this of the projected point (pt).
    public static let predictionRadius = 24.0
    /// M4: fraction of (centre − logical) the drawn pointer is pulled on a prediction.
    public static let predictionPull = 0.3
    /// M4: the prediction pull never moves the drawn pointer more than this (pt).
    public static let predictionMaxOffset = 16.0
    /// M5: a line is left once the pointer is this many line heights from its centre
    /// (0.5 is the line's edge; the extra quarter line is the stickiness).
    public static let textLineEscape = 0.75
}

/// Estimates pointer velocity from motion samples (pt/s), exponentially smoothed.
public struct VelocityEstimator: Hashable, Sendable {
    public private(set) var velocity: Vector = .zero
    private var lastTime: Timestamp?
    /// The last smoothing factor and the interval it is for (events at a steady rate repeat it).
    private var memoInterval = Double.nan
    private var memoFactor = 0.0

    public init() {}

    // Equality and hashing ignore the memo.
    public static func == (l: VelocityEstimator, r: VelocityEstimator) -> Bool { l.velocity == r.velocity && l.lastTime == r.lastTime }
    public func hash(into h: inout Hasher) { h.combine(velocity); h.combine(lastTime) }

    public mutating func add(delta: Vector, at time: Timestamp) {
        defer { lastTime = time }
        guard let t0 = lastTime, time > t0 else { return }
        let dt = Double(time.rawValue - t0.rawValue) / 1_000_000
        let sample = delta / dt
        // Long gaps mean a fresh movement: forget the old velocity.
        if dt != memoInterval { memoInterval = dt; memoFactor = dt > 0.1 ? 1 : 1 - Math.exp(-dt / MagnetismTuning.velocitySmoothing) }
        let a = memoFactor
        velocity = velocity + (sample - velocity) * a
    }

    /// Decays toward zero when no motion arrives (called from `advance`).
    public mutating func decay(to time: Timestamp) {
        guard let t0 = lastTime, time > t0 else { return }
        let dt = Double(time.rawValue - t0.rawValue) / 1_000_000
        if dt >= MagnetismTuning.velocitySmoothing - 1e-9 { velocity = .zero }
    }

    public mutating func reset() { velocity = .zero; lastTime = nil }
    public var speed: Double { velocity.length }
}

/// Why the drawn pointer is attracted right now.
public enum Attraction: Hashable, Sendable, CustomStringConvertible {
    case none
    /// M3: inside the element's hit region.
    case snap(ElementID)
    /// M4: predicted landing on the element.
    case prediction(ElementID)
    /// M5: stuck to a text line's centre.
    case textLine(ElementID, line: Int)
    public var description: String {
        switch self {
        case .none: "none"
        case .snap(let id): "snap \(id)"
        case .prediction(let id): "prediction \(id)"
        case .textLine(let id, let l): "text \(id) line \(l)"
        }
    }
}

struct Magnetism: Hashable, Sendable {
    var offsetX: Animated
    var offsetY: Animated
    var attraction: Attraction = .none

    init(reduceMotion: Bool) {
        offsetX = Animated(0, response: MagnetismTuning.snapResponse, reduceMotion: reduceMotion)
        offsetY = Animated(0, response: MagnetismTuning.snapResponse, reduceMotion: reduceMotion)
    }

    var offset: Vector { Vector(offsetX.value, offsetY.value) }
    var isSettled: Bool { offsetX.isSettled && offsetY.isSettled }

    mutating func setTarget(_ v: Vector, response: Double) {
        offsetX.response = response; offsetY.response = response
        offsetX.target = v.dx; offsetY.target = v.dy
    }

    mutating func step(by dt: Double) { offsetX.step(by: dt); offsetY.step(by: dt) }

    mutating func release() {
        attraction = .none
        setTarget(.zero, response: MagnetismTuning.releaseResponse)
    }

    /// M3 pull fraction for a pointer moving at `speed` pt/s.
    static func snapPull(speed: Double) -> Double {
        let t = clamp((speed - MagnetismTuning.restSpeed) / (MagnetismTuning.moveSpeed - MagnetismTuning.restSpeed), 0, 1)
        let smooth = t * t * (3 - 2 * t)
        return lerp(1, MagnetismTuning.movingPull, smooth)
    }
}
