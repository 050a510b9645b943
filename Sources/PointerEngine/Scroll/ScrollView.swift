// A scroll view (SPEC I5, G1, G6, G10): two `AxisScroller` machines, scroll indicators that appear
// while scrolling and fade after, wheel detents, keyboard scrolling and scroll-to-reveal.
import InputProtocol

/// What moves a scroll view, already interpreted (see `GestureInterpreter`): deltas are in
/// content-offset terms (positive = towards the end of the content), after natural scrolling.
package enum ScrollViewEvent: Sendable, Equatable {
    /// Fingers (touchpad two-finger scroll or a touch drag) moved the content.
    case fingerScroll(Vector)
    /// The fingers lifted (the explicit scroll stop, G1): momentum or settling starts.
    case fingerLift
    /// The fingers' stop never came (G1, `GestureInterpreter.fingerScrollLapse`): as a lift at
    /// `lastMotion`, their last move, with the momentum they had then starting now.
    case fingerLapse(lastMotion: Timestamp)
    /// Wheel detents (G1): animated, no rubber band, no momentum.
    case wheel(Vector)
    /// Scrolling without fingers (trackpoint, button scrolling): immediate, clamped.
    case continuous(Vector)
    /// A hold gesture or a new touch (G6): momentum stops at once.
    case stopMomentum
    case key(ScrollKey)
    /// Bring `rect` (content coordinates) into view with `margin` around it (I5).
    case reveal(Rect, margin: Double)
    case scroll(to: Point, animated: Bool)
}

/// Keyboard scrolling commands (G10).
package enum ScrollKey: String, Sendable, Equatable, CaseIterable {
    case lineUp, lineDown, lineLeft, lineRight, pageUp, pageDown, home, end

    /// The command for a key press, or nil when the key does not scroll: arrows scroll a line,
    /// Page Up/Down and Space/Shift-Space a page, Home/End to the top/bottom.
    package init?(key: KeyCode, modifiers: Modifiers) {
        switch KeyNames.name(of: key) {
        case "up": self = .lineUp
        case "down": self = .lineDown
        case "left": self = .lineLeft
        case "right": self = .lineRight
        case "pageup": self = .pageUp
        case "pagedown": self = .pageDown
        case "space": self = modifiers.contains(.shift) ? .pageUp : .pageDown
        case "home": self = .home
        case "end": self = .end
        default: return nil
        }
    }
}

package struct ScrollView: Sendable, Equatable {
    /// One arrow-key step (≈ two lines of 17 pt text).
    package static let lineStep = 40.0 // pt
    /// A page step keeps this much of the previous page visible for context.
    package static let pageOverlap = 40.0 // pt
    /// Distance of one wheel detent (value120 = 120).
    package static let wheelDetent = 48.0 // pt
    /// Indicators stay fully visible this long after the last motion…
    package static let indicatorFadeDelay = 0.6 // s
    /// …then fade out over this long.
    package static let indicatorFadeDuration = 0.3 // s
    /// Indicator geometry: thickness, inset from the viewport edge, shortest knob.
    package static let indicatorThickness = 5.0 // pt
    package static let indicatorInset = 2.0 // pt
    package static let indicatorMinimumLength = 32.0 // pt

    package var horizontal: AxisScroller
    package var vertical: AxisScroller
    /// When something last moved (for the indicators); nil = never scrolled.
    package private(set) var lastMotion: Timestamp?

    /// Whether a finger scroll rubber-bands an axis whose content fits (ScrollConfiguration).
    package var bouncesWhenContentFits = true

    package init(viewport: Size, content: Size, paging: Bool = false) {
        horizontal = AxisScroller(viewport: viewport.width, content: content.width, paging: paging)
        vertical = AxisScroller(viewport: viewport.height, content: content.height, paging: paging)
    }

    package var viewportSize: Size { Size(horizontal.viewportLength, vertical.viewportLength) }
    package var contentSize: Size {
        get { Size(horizontal.contentLength, vertical.contentLength) }
        set { horizontal.contentLength = newValue.width; vertical.contentLength = newValue.height }
    }
    /// The shown content offset: the content point at the viewport's top-left corner.
    package var offset: Point { Point(horizontal.offset, vertical.offset) }
    /// The visible part of the content, in content coordinates.
    package var visibleRect: Rect { Rect(origin: offset, size: viewportSize) }
    package var isScrolling: Bool { horizontal.isMoving || vertical.isMoving }
    package var paging: Bool {
        get { horizontal.paging }
        set { horizontal.paging = newValue; vertical.paging = newValue }
    }
    package var kinetic: Bool {
        get { horizontal.kinetic }
        set { horizontal.kinetic = newValue; vertical.kinetic = newValue }
    }

    package mutating func handle(_ event: ScrollViewEvent, now: Timestamp) {
        advance(to: now)
        switch event {
        case .fingerScroll(let d):
            // An axis with nothing to scroll still rubber-bands (iOS `alwaysBounce`) only when the
            // fingers mean it: a mostly-vertical scroll leaves the horizontal axis alone.
            if d.dx != 0, bouncesWhenContentFits || horizontal.maxOffset > 0 { horizontal.handle(.drag(d.dx), now: now) }
            if d.dy != 0, bouncesWhenContentFits || vertical.maxOffset > 0 { vertical.handle(.drag(d.dy), now: now) }
        case .fingerLift:
            horizontal.handle(.lift, now: now)
            vertical.handle(.lift, now: now)
        case .fingerLapse(let last):
            horizontal.handle(.lapse(lastMotion: last), now: now)
            vertical.handle(.lapse(lastMotion: last), now: now)
        case .wheel(let d):
            if d.dx != 0 { horizontal.handle(.animate(to: horizontal.destination + d.dx), now: now) }
            if d.dy != 0 { vertical.handle(.animate(to: vertical.destination + d.dy), now: now) }
        case .continuous(let d):
            horizontal.handle(.jump(to: horizontal.offset + d.dx), now: now)
            vertical.handle(.jump(to: vertical.offset + d.dy), now: now)
        case .stopMomentum:
            horizontal.handle(.stop, now: now)
            vertical.handle(.stop, now: now)
        case .key(let key):
            let page = max(Self.lineStep, vertical.viewportLength - Self.pageOverlap)
            switch key {
            case .lineUp: vertical.handle(.animate(to: vertical.destination - Self.lineStep), now: now)
            case .lineDown: vertical.handle(.animate(to: vertical.destination + Self.lineStep), now: now)
            case .lineLeft: horizontal.handle(.animate(to: horizontal.destination - Self.lineStep), now: now)
            case .lineRight: horizontal.handle(.animate(to: horizontal.destination + Self.lineStep), now: now)
            case .pageUp: vertical.handle(.animate(to: vertical.destination - page), now: now)
            case .pageDown: vertical.handle(.animate(to: vertical.destination + page), now: now)
            case .home: vertical.handle(.animate(to: 0), now: now)
            case .end: vertical.handle(.animate(to: vertical.maxOffset), now: now)
            }
        case .reveal(let rect, let margin):
            let target = Self.revealOffset(for: rect.outsetBy(margin), visible: Rect(origin: destination, size: viewportSize))
            if target.x != horizontal.destination { horizontal.handle(.animate(to: target.x), now: now) }
            if target.y != vertical.destination { vertical.handle(.animate(to: target.y), now: now) }
        case .scroll(let p, let animated):
            horizontal.handle(animated ? .animate(to: p.x) : .jump(to: p.x), now: now)
            vertical.handle(animated ? .animate(to: p.y) : .jump(to: p.y), now: now)
        }
        lastMotion = now
    }

    /// The view or its content changed size (a window resize, issue 30.3): scrolling in
    /// progress (fingers, momentum, an animation) goes on from where it is (`AxisScroller.resize`).
    package mutating func resize(viewport: Size, content: Size, now: Timestamp) {
        advance(to: now)
        horizontal.resize(viewport: viewport.width, content: content.width, now: now)
        vertical.resize(viewport: viewport.height, content: content.height, now: now)
    }

    package mutating func advance(to now: Timestamp) {
        let wasMoving = isScrolling
        horizontal.advance(to: now)
        vertical.advance(to: now)
        guard wasMoving else { return }
        if isScrolling {
            lastMotion = now
        } else {
            // Motion ended within this step: the indicators' fade starts when it actually did.
            let rests = [horizontal.restedAt, vertical.restedAt].compactMap { $0 }.filter { $0 <= now && $0 >= (lastMotion ?? $0) }
            lastMotion = rests.max() ?? now
        }
    }

    /// Where running animations will leave the content.
    package var destination: Point { Point(horizontal.destination, vertical.destination) }

    /// The smallest move that brings `target` into `visible` (leading/top edge wins when the
    /// target is larger than the viewport).
    package static func revealOffset(for target: Rect, visible: Rect) -> Point {
        func axis(_ lo: Double, _ hi: Double, _ vlo: Double, _ vlen: Double) -> Double {
            if hi - lo > vlen || lo < vlo { return lo }
            if hi > vlo + vlen { return hi - vlen }
            return vlo
        }
        return Point(axis(target.minX, target.maxX, visible.minX, visible.width),
                     axis(target.minY, target.maxY, visible.minY, visible.height))
    }

    // MARK: Indicators

    /// Opacity of the scroll indicators (0…1): 1 while scrolling, then a linear fade.
    package func indicatorOpacity(at now: Timestamp) -> Double {
        if isScrolling { return 1 }
        guard let last = lastMotion else { return 0 }
        let t = now.seconds(since: last) - Self.indicatorFadeDelay
        return clamp(1 - t / Self.indicatorFadeDuration, 0, 1)
    }

    /// The vertical indicator's knob in viewport coordinates, or nil when the content fits.
    package var verticalIndicator: Rect? {
        guard let (start, length) = Self.knob(vertical) else { return nil }
        return Rect(x: horizontal.viewportLength - Self.indicatorThickness - Self.indicatorInset, y: start,
                    width: Self.indicatorThickness, height: length)
    }
    package var horizontalIndicator: Rect? {
        guard let (start, length) = Self.knob(horizontal) else { return nil }
        return Rect(x: start, y: vertical.viewportLength - Self.indicatorThickness - Self.indicatorInset,
                    width: length, height: Self.indicatorThickness)
    }

    /// Knob position and length along an axis; it shrinks while rubber-banding, like iOS.
    static func knob(_ a: AxisScroller) -> (Double, Double)? {
        guard a.contentLength > a.viewportLength, a.viewportLength > 0 else { return nil }
        let track = a.viewportLength - 2 * Self.indicatorInset
        let proportional = track * a.viewportLength / a.contentLength
        let length = max(Self.indicatorMinimumLength, proportional - a.overscroll)
        let fraction = a.maxOffset > 0 ? clamp(a.offset / a.maxOffset, 0, 1) : 0
        return (Self.indicatorInset + fraction * (track - length), length)
    }
}
