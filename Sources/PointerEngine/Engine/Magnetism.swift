// Magnetism (SPEC M3–M6): where the drawn pointer is, given the logical one.
//
// The drawn pointer is always `logical + offset`. The logical pointer is the user's and moves
// exactly as the device says (M6); only `offset` is attracted (issue 16 item 4: a bias, not a lock):
//   • M3 at rest — inside the hit region of a highlight/lift element, once no motion has come for
//     `velocitySmoothing`, the offset springs (speed-limited) toward the element's rest point: its
//     centre, or for the modern arrow on a highlight element a point just below the glyph, so
//     the settled arrow never hides the glyph it points at;
//   • M3/M6 while moving — the offset follows the motion: it heads for a small bias toward the
//     rest point (at most `movingBiasLimit`), closing the gap as the pointer travels, never
//     faster than `catchUpRatio` of the motion and never holding the drawn pointer back below
//     `minimumFollow` of it. Any motion moves the drawn pointer at once, in its direction, and
//     leaving an element never makes it jump;
//   • M4 — on a fast flick: toward the centre of an eligible element near the projected resting
//     point, gently;
//   • otherwise zero: while moving by the same follow rule, at rest with a quick spring.

package enum MagnetismTuning {
    /// M3 while moving: the bias toward the rest point is this fraction of (rest point − logical)
    /// (unitless): enough to feel the pull, small enough that the arrow stays under the finger.
    package static let movingPull = 0.2
    /// M3 while moving: the bias never exceeds this (pt). Issue 16.4's lag goal is ≤ 6 pt at
    /// 100 pt/s; the bias plus the follow rule's residue stays under it.
    package static let movingBiasLimit = 3.0
    /// M6 while moving: the gap between the offset and its target shrinks by 1/e per this much
    /// pointer travel (pt), so the catch-up depends on how far the user moves, not on the
    /// event rate or on the clock.
    package static let catchUpDistance = 4.0
    /// M6 while moving: the offset changes by at most this many pt per pt of motion (unitless):
    /// the drawn pointer moves at most 2.5× as fast as the user while it catches up; at
    /// 100 pt/s and 60 frames/s that is ≤ 2.5 pt of offset change per frame (jump goal ≤ 4 pt).
    package static let catchUpRatio = 1.5
    /// M6 while moving: the drawn pointer always moves at least this fraction of each motion
    /// along its direction (unitless): catching up never stalls or reverses it.
    package static let minimumFollow = 0.5
    /// M3 at rest: the drawn pointer settles toward the rest point but never more than this
    /// from the logical one (pt): attraction is a bias, not a lock. A larger offset would put
    /// the arrow far from where a click lands and take many points of travel to catch up (the
    /// issue 16 repro parked it 21 pt from the finger on a segment, 38 pt on a bar button).
    /// Issue 30.11: the settled offset is where the next slow stroke starts, and the follow
    /// rule cannot close more than a few points in its first frame without a jump (≤ 4 pt), so
    /// the reach is the lag goal (6 pt): at 10 pt the arrow stayed up to 10 pt from the finger
    /// for the first 8 pt of slow motion. 6 pt still carries the tip below a glyph
    /// (`settledTipDrop`) from anywhere in the lower part of a bar button.
    package static let settleReach = 6.0
    /// M3 at rest, modern arrow on a highlight element: its tip settles this far below the
    /// element's centre (pt), at most half the element's height. The arrow's body lies below
    /// and right of its tip, so a tip below the glyph leaves the glyph whole; 9 pt clears a bar
    /// button's 17 pt symbol (about ±8.5 pt around the centre) and a 12 pt label.
    package static let settledTipDrop = 9.0
    /// M3 at rest: the settling drawn pointer never moves faster than this (pt/s): 200 pt/s is
    /// 3.3 pt per frame at 60 frames/s (jump goal ≤ 4 pt), a glide rather than a jump, even
    /// from a hit region's edge.
    package static let settleSpeedLimit = 200.0
    /// Spring response (s) of the snapping offset.
    package static let snapResponse = 0.12
    /// Spring response (s) when releasing at rest (M6; moving releases follow the motion).
    package static let releaseResponse = 0.05
    /// Time constant (s) of the velocity estimate's exponential smoothing.
    package static let velocitySmoothing = 0.03
    /// Motion samples further apart than this (s) start a fresh movement: the velocity
    /// estimate forgets the old one.
    package static let velocityGap = 0.1
    /// M4: flick speed above which prediction runs (pt/s).
    package static let flickSpeed = 900.0
    /// M4: the pointer's remaining travel is modelled as v · τ (exponential deceleration), s.
    package static let projectionTime = 0.08
    /// M4: an element counts when its region is within this of the projected point (pt).
    package static let predictionRadius = 24.0
    /// M4: fraction of (centre − logical) the drawn pointer is pulled on a prediction (unitless).
    package static let predictionPull = 0.3
    /// M4: the prediction pull never moves the drawn pointer more than this (pt).
    package static let predictionMaxOffset = 16.0
    /// M5: a line is left once the pointer is this many line heights (unitless) from its centre
    /// (0.5 is the line's edge; the extra quarter line is the stickiness).
    package static let textLineEscape = 0.75
}

/// Why the drawn pointer is attracted right now.
public enum Attraction: Hashable, Sendable, CustomStringConvertible {
    /// Nothing attracts the drawn pointer: it is where the user put it.
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
    /// Logical motion since magnetism was last updated (pt): the follow rule's input.
    var pendingMotion: Vector = .zero

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

    /// Steps the springs; a settle or release never moves the drawn pointer faster than
    /// `settleSpeedLimit` (the reduce-motion cross-fade is left as it is: it is short).
    mutating func step(by dt: Double) {
        let before = offset
        offsetX.step(by: dt); offsetY.step(by: dt)
        guard !offsetX.reduceMotion else { return }
        let moved = (offset - before).length, limit = MagnetismTuning.settleSpeedLimit * dt
        if moved > limit {
            let k = limit / moved
            offsetX.scaleStep(from: before.dx, by: k); offsetY.scaleStep(from: before.dy, by: k)
        }
    }

    mutating func release() {
        attraction = .none
        setTarget(.zero, response: MagnetismTuning.releaseResponse)
    }

    /// M3/M6 while moving: moves the offset toward `target` for the logical motion `d` (see
    /// the header), without animation; the springs rest where it leaves them.
    mutating func follow(_ d: Vector, toward target: Vector) {
        let travel = d.length
        let o = offset
        var change = ((target - o) * (1 - Math.exp(-travel / MagnetismTuning.catchUpDistance)))
            .limited(to: MagnetismTuning.catchUpRatio * travel)
        if travel > 0 {
            // Along the motion the drawn pointer moves at least minimumFollow of it.
            let u = d / travel
            let along = change.dx * u.dx + change.dy * u.dy
            let floor = -(1 - MagnetismTuning.minimumFollow) * travel
            if along < floor { change = change - u * (along - floor) }
        }
        let n = o + change
        offsetX.reset(to: n.dx); offsetY.reset(to: n.dy)
    }

    /// M3 while moving: the small bias toward `rest` from `logical` (at most `movingBiasLimit`).
    static func movingBias(toward rest: Point, from logical: Point) -> Vector {
        ((rest - logical) * MagnetismTuning.movingPull).limited(to: MagnetismTuning.movingBiasLimit)
    }

    /// M3 at rest: the settled offset toward `rest` from `logical` (at most `settleReach`).
    static func settledOffset(toward rest: Point, from logical: Point) -> Vector {
        (rest - logical).limited(to: MagnetismTuning.settleReach)
    }
}

extension Vector {
    /// This vector, shortened to `length` if it is longer.
    func limited(to length: Double) -> Vector {
        let l = self.length
        return l > length ? self * (length / l) : self
    }
}
