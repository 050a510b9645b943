// Controls that are only shown on demand (SPEC I4, H1–H4): a minimized toolbar or playback
// controls reveal while the pointer is over their area and hide when it leaves; a touch tap on
// their general location reveals them without activating anything (H1, H2), keeps the selection
// (the tap is consumed, H3), and they hide again by the rules of H4.
import InputProtocol

/// A control that is hidden until revealed.
package struct HiddenControl<ID: Hashable & Sendable>: Sendable, Hashable {
    package var id: ID
    package var title: String
    package var frame: Rect
    /// Essential controls are also listed in the context menu (I6).
    package var essential: Bool
    package init(id: ID, title: String, frame: Rect, essential: Bool = true) {
        self.id = id; self.title = title; self.frame = frame; self.essential = essential
    }
}

/// When touch-revealed controls hide again (H4).
package enum RevealPolicy: String, Sendable, Equatable {
    /// Toolbars, playback controls: after `touchRevealTimeout` unused, or a tap elsewhere (done).
    case timed
    /// Sidebar controls: until touch leaves the sidebar (a tap outside it) or the pointer is used.
    case sidebar
    /// A tabbed view's close button: until the pointer is used again.
    case untilPointer
}

package enum RevealOutcome<ID: Hashable & Sendable>: Sendable, Equatable {
    /// Not for these controls: route the event on as usual.
    case ignored
    /// The controls appeared; the event is consumed (nothing under it is activated or selected).
    case revealed
    /// A control was activated.
    case activated(ID)
    /// Used by the controls without activating (a tap on their area between buttons); consumed.
    case consumed
    /// The controls hid; the event continues to what is under it.
    case hidden
}

/// ```mermaid
/// stateDiagram-v2
///     [*] --> hidden
///     hidden --> hoverRevealed: pointer enters area
///     hoverRevealed --> leaving: pointer leaves area
///     leaving --> hoverRevealed: pointer re-enters
///     leaving --> hidden: hoverExitDelay passed
///     hidden --> touchRevealed: touch tap on area (consumed, no activation)
///     touchRevealed --> touchRevealed: tap on control (activates) / on area
///     touchRevealed --> hidden: timed: timeout or tap elsewhere · sidebar: tap outside · any: pointer used outside
///     touchRevealed --> hoverRevealed: pointer used inside the area
/// ```
package struct RevealableControls<ID: Hashable & Sendable>: Sendable, Equatable {
    package enum Event: Sendable, Equatable {
        /// The pointer moved to `point` (nil: it left the surface). Any motion is "the pointer is used".
        case pointerMoved(Point?)
        /// A primary pointer click.
        case pointerClick(Point)
        /// A touch tap (down and up without moving).
        case touchTap(Point)
    }
    package enum State: Sendable, Equatable {
        case hidden
        case hoverRevealed
        case leaving(since: Timestamp)
        case touchRevealed(lastUse: Timestamp)
    }

    /// Touch-revealed timed controls hide after this long unused ("a few seconds", H4).
    package static var touchRevealTimeout: Double { 4.0 } // s
    /// The pointer may leave the area this long before the controls minimize (crossing a gap).
    package static var hoverExitDelay: Double { 0.4 } // s
    package static var fadeInDuration: Double { 0.15 } // s
    package static var fadeOutDuration: Double { 0.25 } // s
    /// A touch tap this close to the area is on its "general location" (H1): a fingertip is
    /// imprecise, and the controls' hit regions reach as far past their frames (M1, no bezel).
    package static var touchSlop: Double { HitRegion.noBezelPadding } // pt

    package var area: Rect
    package var controls: [HiddenControl<ID>]
    package var policy: RevealPolicy
    package private(set) var state: State = .hidden
    /// Opacity when the visibility last changed, and when.
    private var fadeFrom: Double = 0
    private var fadeStart: Timestamp?

    package init(area: Rect, controls: [HiddenControl<ID>], policy: RevealPolicy = .timed) {
        self.area = area; self.controls = controls; self.policy = policy
    }

    package var isRevealed: Bool { state != .hidden }

    package func control(at p: Point) -> HiddenControl<ID>? { controls.first { $0.frame.contains(p) } }

    /// The control a touch at `p` is for: the one under it, else the nearest within `touchSlop`.
    func touchedControl(at p: Point) -> HiddenControl<ID>? {
        if let c = control(at: p) { return c }
        var best: (control: HiddenControl<ID>, distance: Double)?
        for c in controls {
            let d = c.frame.distance(to: p)
            if d <= Self.touchSlop, d < (best?.distance ?? .infinity) { best = (c, d) }
        }
        return best?.control
    }

    /// Where a touch tap counts as on the controls' general location (H1).
    var touchArea: Rect { area.outsetBy(Self.touchSlop) }

    @discardableResult
    package mutating func handle(_ event: Event, now: Timestamp) -> RevealOutcome<ID> {
        advance(to: now)
        switch (state, event) {
        case (.hidden, .pointerMoved(let p)), (.leaving, .pointerMoved(let p)), (.hoverRevealed, .pointerMoved(let p)),
             (.touchRevealed, .pointerMoved(let p)):
            if let p, area.contains(p) {
                let wasHidden = state == .hidden
                set(.hoverRevealed, now: now)
                return wasHidden ? .revealed : .ignored
            }
            switch state {
            case .hoverRevealed: set(.leaving(since: now), now: now); return .ignored
            case .touchRevealed: set(.hidden, now: now); return .hidden // the pointer is used again (H4)
            case .hidden, .leaving: return .ignored
            }
        case (.hoverRevealed, .pointerClick(let p)), (.leaving, .pointerClick(let p)):
            if let c = control(at: p) { return .activated(c.id) }
            return area.contains(p) ? .consumed : .ignored
        case (.touchRevealed, .pointerClick(let p)):
            // A click is the pointer in use: the touch reveal is over; it acts like a hover reveal.
            if area.contains(p) {
                set(.hoverRevealed, now: now)
                if let c = control(at: p) { return .activated(c.id) }
                return .consumed
            }
            set(.hidden, now: now)
            return .hidden
        case (.hidden, .pointerClick):
            return .ignored // hover reveals before any click can land on hidden controls
        case (.hidden, .touchTap(let p)):
            guard touchArea.contains(p) else { return .ignored }
            set(.touchRevealed(lastUse: now), now: now) // H2: reveal only, H3: consumed
            return .revealed
        case (.touchRevealed, .touchTap(let p)), (.hoverRevealed, .touchTap(let p)), (.leaving, .touchTap(let p)):
            if touchArea.contains(p) {
                set(.touchRevealed(lastUse: now), now: now)
                if let c = touchedControl(at: p) { return .activated(c.id) }
                return .consumed
            }
            switch policy {
            case .timed, .sidebar:
                set(.hidden, now: now) // done (timed) / touch left the sidebar
                return .hidden
            case .untilPointer:
                return .ignored
            }
        }
    }

    package mutating func advance(to now: Timestamp) {
        switch state {
        case .hidden, .hoverRevealed:
            break
        case .leaving(let since):
            if now.seconds(since: since) >= Self.hoverExitDelay { set(.hidden, now: since.adding(seconds: Self.hoverExitDelay)) }
        case .touchRevealed(let lastUse):
            if policy == .timed, now.seconds(since: lastUse) >= Self.touchRevealTimeout {
                set(.hidden, now: lastUse.adding(seconds: Self.touchRevealTimeout))
            }
        }
    }

    /// Whether the opacity is still on its way to 1 (revealed) or 0 (hidden) at `now`. True
    /// from the very instant a fade starts, when the opacity still equals its start value.
    package func isFading(at now: Timestamp) -> Bool {
        let o = opacity(at: now)
        return isRevealed ? o < 1 : o > 0
    }

    /// 0…1, fading in over 0.15 s and out over 0.25 s.
    package func opacity(at now: Timestamp) -> Double {
        guard let start = fadeStart else { return isRevealed ? 1 : 0 }
        let t = max(0, now.seconds(since: start))
        return isRevealed ? min(1, fadeFrom + t / Self.fadeInDuration) : max(0, fadeFrom - t / Self.fadeOutDuration)
    }

    private mutating func set(_ next: State, now: Timestamp) {
        let visibleBefore = isRevealed, current = opacity(at: now)
        state = next
        if visibleBefore != isRevealed { fadeFrom = current; fadeStart = now }
    }
}
