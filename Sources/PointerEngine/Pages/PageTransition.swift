// An interactive, cancellable page transition (SPEC G5, G7): horizontal swipes move the page
// with the fingers; the release turns the page or springs back.
import InputProtocol

/// A page swipe's phase (G5, G7): what the interpreter says (`Intent.pageSwipe`) and what a
/// `PageTransition` follows, one type for both.
package enum PageSwipePhase: Sendable, Equatable {
    case began
    /// The fingers moved by `dx` points.
    case changed(dx: Double)
    case ended
    case cancelled
}

/// Offsets are relative to the current page, in points: negative shows the next page coming in
/// from the right (fingers moved left), positive the previous one.
///
/// ```mermaid
/// stateDiagram-v2
///     [*] --> idle
///     idle --> tracking: began
///     settling --> tracking: began (catches the page where it is)
///     tracking --> tracking: changed(dx)
///     tracking --> settling: ended (commit: page ± 1, or back) · cancelled (back)
///     settling --> idle: settled
/// ```
package struct PageTransition: Sendable, Equatable {
    package enum State: Sendable, Equatable {
        case idle
        case tracking(raw: Double)
        case settling(CriticalSpring)
    }

    /// Past half a page the release turns it…
    package static let commitFraction = 0.5
    /// …or earlier with a flick at least this fast in the same direction.
    package static let flickSpeed = 300.0 // pt/s
    /// Settle speed (≈ 0.3 s).
    package static let settleOmega = 20.0 // rad/s

    package var pageWidth: Double
    package var pageCount: Int
    package private(set) var page: Int
    package private(set) var state: State = .idle
    package private(set) var offset: Double = 0
    private var velocity = VelocityTracker()

    package init(pageWidth: Double, pageCount: Int, page: Int = 0) {
        self.pageWidth = pageWidth; self.pageCount = max(1, pageCount); self.page = min(max(0, page), max(1, pageCount) - 1)
    }

    /// −1…1: how far the transition has gone (positive = towards the next page).
    package var progress: Double { pageWidth > 0 ? clamp(-offset / pageWidth, -1, 1) : 0 }
    package var isActive: Bool { state != .idle }

    /// Returns the page turned to when a release commits, nil otherwise.
    @discardableResult
    package mutating func handle(_ event: PageSwipePhase, now: Timestamp) -> Int? {
        advance(to: now)
        switch (state, event) {
        case (.idle, .began), (.settling, .began):
            velocity.reset()
            state = .tracking(raw: unbanded(offset))
        case (.tracking(let raw), .changed(let dx)):
            velocity.add(dx, at: now)
            state = .tracking(raw: raw + dx)
            offset = banded(raw + dx)
        case (.tracking, .ended):
            let v = velocity.velocity(at: now)
            let direction = offset < 0 ? 1 : -1 // +1 = next page
            let fast = abs(v) >= Self.flickSpeed && (v < 0) == (direction > 0) && offset != 0
            let far = abs(offset) >= pageWidth * Self.commitFraction
            let target = page + direction
            if (fast || far), target >= 0, target < pageCount {
                page = target
                offset += Double(direction) * pageWidth // same picture, relative to the new page
                state = .settling(CriticalSpring(start: now, from: offset, to: 0, velocity: v, omega: Self.settleOmega))
                return page
            }
            state = .settling(CriticalSpring(start: now, from: offset, to: 0, velocity: v, omega: Self.settleOmega))
        case (.tracking, .cancelled):
            // G7: nothing half-applied: the page stays, the picture springs back.
            state = .settling(CriticalSpring(start: now, from: offset, to: 0, omega: Self.settleOmega))
        case (.idle, .changed), (.idle, .ended), (.idle, .cancelled), (.tracking, .began),
             (.settling, .changed), (.settling, .ended), (.settling, .cancelled):
            break // impossible pairs: a transition that is not running cannot move or end
        }
        return nil
    }

    package mutating func advance(to now: Timestamp) {
        guard case .settling(let s) = state else { return }
        if s.isSettled(at: now) { offset = 0; state = .idle } else { offset = s.value(at: now) }
    }

    /// The first and last pages rubber-band instead of revealing nothing.
    private func banded(_ raw: Double) -> Double {
        let lo = page == pageCount - 1 ? 0 : -pageWidth, hi = page == 0 ? 0 : pageWidth
        return RubberBand.clamp(raw, lo, hi, limit: pageWidth)
    }
    private func unbanded(_ shown: Double) -> Double {
        let lo = page == pageCount - 1 ? 0 : -pageWidth, hi = page == 0 ? 0 : pageWidth
        if shown < lo { return lo - RubberBand.unband(lo - shown, limit: pageWidth) }
        if shown > hi { return hi + RubberBand.unband(shown - hi, limit: pageWidth) }
        return shown
    }
}
