// One axis of a scroll view (SPEC G1, G6, I5): tracking fingers with a rubber band past the
// edges, kinetic momentum after the explicit finger stop, bounce back from an edge, paging and
// animated scrolls (wheel detents, keyboard, reveal). Two of these make a `ScrollView`.
import InputProtocol

/// The state machine of one scroll axis. Offsets are in points, 0 = content's leading/top edge
/// at the viewport's leading/top edge; `maxOffset` = content length − viewport length.
///
/// ```mermaid
/// stateDiagram-v2
///     [*] --> resting
///     resting --> tracking: drag
///     gliding --> tracking: drag
///     springing --> tracking: drag
///     tracking --> gliding: lift, in bounds, fast
///     tracking --> springing: lift, overscrolled / paging
///     tracking --> resting: lift, slow
///     gliding --> springing: glide crosses an edge (bounce)
///     gliding --> resting: speed < stopSpeed / stop
///     springing --> resting: settled / stop (in bounds)
///     resting --> springing: animate(to:)
///     gliding --> springing: animate(to:)
///     springing --> springing: animate(to:)
/// ```
package struct AxisScroller: Sendable, Equatable {
    package enum State: Sendable, Equatable, CustomStringConvertible {
        case resting
        /// Fingers are on: `raw` is where the finger would have put the content without a band.
        case tracking(raw: Double)
        case gliding(Momentum)
        case springing(CriticalSpring)

        package var description: String {
            switch self {
            case .resting: "resting"
            case .tracking: "tracking"
            case .gliding: "gliding"
            case .springing: "springing"
            }
        }
    }

    package enum Event: Sendable, Equatable {
        /// Fingers moved the content by `delta` points (positive = towards the end).
        case drag(Double)
        /// The fingers lifted: the explicit stop of a finger scroll (G1).
        case lift
        /// The fingers' stop never came (mutter 43's virtual pointer, `GestureInterpreter.
        /// fingerScrollLapse`): they are taken to have lifted at `lastMotion`, their last move,
        /// and the release takes the velocity they had then (now it would be 0: they "rested").
        case lapse(lastMotion: Timestamp)
        /// Stop any motion now (G6 hold, a new touch); an overscroll still springs back.
        case stop
        /// Animate to `target` (clamped), e.g. a wheel detent, a key, a reveal.
        case animate(to: Double)
        /// Jump to `offset` (clamped) without animation.
        case jump(to: Double)
    }

    /// How fast an overscrolled edge returns (settles in ≈ 0.45 s).
    package static let bounceOmega = 15.0 // rad/s
    /// How fast wheel, keyboard and reveal scrolls animate (settle in ≈ 0.25 s).
    package static let animationOmega = 26.0 // rad/s
    /// A glide that hits an edge at this speed or more overshoots at most by v/(ω·e) ≈ 75 pt.
    package static let maximumBounceSpeed = 3_000.0 // pt/s
    /// With paging, a release at least this fast turns the page even before half way.
    package static let pageFlickSpeed = 250.0 // pt/s

    package private(set) var state: State = .resting
    /// The offset shown now (rubber-banded past the edges).
    package private(set) var offset: Double = 0
    /// When the last motion came to rest (exact, however coarse the `advance` steps were), so
    /// indicators fade from the right moment.
    package private(set) var restedAt: Timestamp?
    package var viewportLength: Double
    package var contentLength: Double
    /// Page-by-page scrolling: releases settle on multiples of the viewport length (I5).
    package var paging: Bool
    /// Kinetic scrolling on/off (P6 accessibility setting).
    package var kinetic: Bool = true
    private var velocity = VelocityTracker()
    /// The page the current drag started on (paging moves at most one page per release).
    private var dragStartPage = 0

    package init(viewport: Double, content: Double, paging: Bool = false) {
        viewportLength = viewport; contentLength = content; self.paging = paging
    }

    package var maxOffset: Double { max(0, contentLength - viewportLength) }
    /// How far the shown offset is past an edge (0 in bounds).
    package var overscroll: Double { offset < 0 ? -offset : max(0, offset - maxOffset) }
    package var isMoving: Bool { state != .resting }
    package var currentPage: Int { viewportLength > 0 ? Int((offset / viewportLength).rounded()) : 0 }

    package mutating func handle(_ event: Event, now: Timestamp) {
        advance(to: now)
        switch (state, event) {
        case (.resting, .drag(let d)), (.gliding, .drag(let d)), (.springing, .drag(let d)):
            // Fingers catch the content where it is shown; continue the band without a jump.
            velocity.reset()
            dragStartPage = currentPage
            let raw = offset < 0 ? -RubberBand.unband(-offset, limit: viewportLength)
                : offset > maxOffset ? maxOffset + RubberBand.unband(offset - maxOffset, limit: viewportLength) : offset
            state = .tracking(raw: raw)
            track(d, now: now)
        case (.tracking, .drag(let d)):
            track(d, now: now)
        case (.tracking, .lift):
            release(velocity: velocity.velocity(at: now), now: now)
        case (.tracking, .lapse(let last)):
            release(velocity: velocity.velocity(at: min(last, now)), now: now)
        case (.resting, .lift), (.gliding, .lift), (.springing, .lift),
             (.resting, .lapse), (.gliding, .lapse), (.springing, .lapse):
            break // a stop without fingers on this axis (the other axis scrolled): nothing to end
        case (.resting, .stop):
            break
        case (.tracking, .stop):
            // A hold while tracking cannot happen on one device; from another, end the drag still.
            release(velocity: 0, now: now)
        case (.gliding, .stop):
            state = .resting
            settleIntoBounds(now: now)
        case (.springing(let s), .stop):
            // Stop a kinetic/animated scroll where it is, but never leave content overscrolled.
            offset = s.value(at: now)
            state = .resting
            settleIntoBounds(now: now)
        case (.resting, .animate(let target)), (.gliding, .animate(let target)),
             (.springing, .animate(let target)), (.tracking, .animate(let target)):
            let clamped = clamp(target, 0, maxOffset)
            if state == .resting, clamped == offset { break } // already there: nothing moves
            state = .springing(CriticalSpring(start: now, from: offset, to: clamped,
                                      velocity: currentVelocity(at: now), omega: Self.animationOmega))
        case (.resting, .jump(let target)), (.tracking, .jump(let target)),
             (.gliding, .jump(let target)), (.springing, .jump(let target)):
            offset = clamp(target, 0, maxOffset)
            state = .resting
        }
    }

    /// The viewport or the content changed length (a window resize, issue 30.3): motion in
    /// progress goes on from where it is — fingers keep tracking (the band follows the new
    /// end), a glide keeps its speed, an animation its target (clamped) — and content the new
    /// extent leaves past an end springs back to it, with the speed it had. At rest the offset
    /// is clamped.
    package mutating func resize(viewport: Double, content: Double, now: Timestamp) {
        advance(to: now)
        let v = currentVelocity(at: now)
        viewportLength = viewport
        contentLength = content
        let inBounds = clamp(offset, 0, maxOffset)
        switch state {
        case .resting:
            offset = inBounds
        case .tracking(let raw):
            offset = RubberBand.clamp(raw, 0, maxOffset, limit: viewportLength)
        case .gliding:
            // The glide is memoryless (exponential decay): restarted here it runs on unchanged.
            state = offset == inBounds ? .gliding(Momentum(start: now, origin: offset, initialVelocity: v))
                : .springing(CriticalSpring(start: now, from: offset, to: inBounds,
                                            velocity: clamp(v, -Self.maximumBounceSpeed, Self.maximumBounceSpeed), omega: Self.bounceOmega))
        case .springing(let s):
            state = .springing(CriticalSpring(start: now, from: offset, to: clamp(s.target, 0, maxOffset), velocity: v, omega: s.omega))
        }
    }

    /// Where an animation in progress will end (the offset itself when resting/tracking).
    package var destination: Double {
        switch state {
        case .resting, .tracking: offset
        case .gliding(let m): clamp(m.restingOffset, 0, maxOffset)
        case .springing(let s): s.target
        }
    }

    package mutating func advance(to now: Timestamp) {
        switch state {
        case .resting, .tracking:
            break
        case .gliding(let m):
            let edge = m.initialVelocity < 0 ? 0 : maxOffset
            if let t = m.time(reaching: edge), m.origin >= 0, m.origin <= maxOffset, m.start.adding(seconds: t) <= now {
                // The glide hits the edge: bounce with the speed it had there.
                let hit = m.start.adding(seconds: t)
                let speed = clamp(m.velocity(at: hit), -Self.maximumBounceSpeed, Self.maximumBounceSpeed)
                state = .springing(CriticalSpring(start: hit, from: edge, to: edge, velocity: speed, omega: Self.bounceOmega))
                advance(to: now)
            } else if m.isFinished(at: now) {
                offset = m.restingOffset
                state = .resting
                restedAt = m.start.adding(seconds: m.duration)
            } else {
                offset = m.offset(at: now)
            }
        case .springing(let s):
            if s.isSettled(at: now) {
                offset = s.target
                state = .resting
                restedAt = Self.settleTime(of: s, before: now)
            } else {
                offset = s.value(at: now)
            }
        }
    }

    /// The first moment (to 1 ms) at which a spring that is settled at `now` counts as settled.
    static func settleTime(of s: CriticalSpring, before now: Timestamp) -> Timestamp {
        var lo = s.start, hi = now
        while hi.seconds(since: lo) > 0.001 {
            let mid = lo.adding(seconds: hi.seconds(since: lo) / 2)
            if s.isSettled(at: mid) { hi = mid } else { lo = mid }
        }
        return hi
    }

    /// Speed now, in pt/s (positive = towards the end).
    package func currentVelocity(at now: Timestamp) -> Double {
        switch state {
        case .resting: 0
        case .tracking: velocity.velocity(at: now)
        case .gliding(let m): m.velocity(at: now)
        case .springing(let s): s.velocity(at: now)
        }
    }

    private mutating func track(_ d: Double, now: Timestamp) {
        guard case .tracking(let raw) = state else { return }
        let next = raw + d
        velocity.add(d, at: now)
        state = .tracking(raw: next)
        offset = RubberBand.clamp(next, 0, maxOffset, limit: viewportLength)
    }

    private mutating func release(velocity v: Double, now: Timestamp) {
        if paging, viewportLength > 0 {
            let position = offset / viewportLength
            var page = Int(position.rounded())
            if abs(v) >= Self.pageFlickSpeed { page = v > 0 ? Int(position.rounded(.up)) : Int(position.rounded(.down)) }
            page = min(max(page, dragStartPage - 1), dragStartPage + 1)
            let target = clamp(Double(page) * viewportLength, 0, maxOffset)
            state = .springing(CriticalSpring(start: now, from: offset, to: target, velocity: v, omega: Self.bounceOmega))
        } else if overscroll > 0 {
            state = .resting
            settleIntoBounds(now: now)
        } else if kinetic, abs(v) >= Momentum.minimumStartSpeed {
            state = .gliding(Momentum(start: now, origin: offset, initialVelocity: v))
        } else {
            state = .resting
        }
    }

    private mutating func settleIntoBounds(now: Timestamp) {
        guard overscroll > 0 else { return }
        state = .springing(CriticalSpring(start: now, from: offset, to: clamp(offset, 0, maxOffset), omega: Self.bounceOmega))
    }
}
