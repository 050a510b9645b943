// Context menus (SPEC G9, G11, I6): opened by a secondary click (right button, a touchpad's
// two-finger click or tap, and with the Mac's conventions Control-click or Control-tap) or a
// touch long press, and listing the essential controls that are otherwise only revealed by
// hovering.
import InputProtocol

package enum ContextMenuInput: String, Sendable, Equatable { case pointer, touch }

package struct ContextMenuRequest: Sendable, Equatable {
    package var location: Point
    package var input: ContextMenuInput
    package init(location: Point, input: ContextMenuInput) { self.location = location; self.input = input }
}

/// Recognizes the ways to ask for a context menu.
///
/// ```mermaid
/// stateDiagram-v2
///     [*] --> idle
///     idle --> touching: touch down
///     touching --> idle: up / moved > longPressSlop / cancel / second finger
///     touching --> fired: longPressDuration passed → open (touch)
///     idle --> fired: secondary touch (Mac Control-tap) → open (touch)
///     fired --> idle: up (the tap is swallowed) / cancel
/// ```
package struct ContextMenuRecognizer: Sendable, Equatable {
    package enum Event: Sendable, Equatable {
        /// Secondary click from the gesture interpreter (right button, touchpad two-finger
        /// click/tap), or a primary press the `Conventions` call secondary (Mac Control-click).
        case secondaryClick(Point)
        case touchDown(id: TouchID, Point)
        /// A touch the `Conventions` call secondary (Mac Control-tap): opens at once, and its
        /// lift is swallowed as a long press's is.
        case secondaryTouch(id: TouchID, Point)
        case touchMotion(id: TouchID, Point)
        case touchUp(id: TouchID)
        case touchCancel
    }
    package enum State: Sendable, Equatable {
        case idle
        case touching(id: TouchID, origin: Point, since: Timestamp)
        case fired(id: TouchID)
    }

    /// A touch held this long without moving opens the menu (G11).
    package static let longPressDuration = 0.5 // s
    /// A touch that moves farther than this is a drag or a scroll, not a long press.
    package static let longPressSlop = 10.0 // pt

    package private(set) var state: State = .idle

    package init() {}

    /// While true the current touch already opened a menu: its lift must not tap anything.
    package var swallowsTouch: Bool { if case .fired = state { true } else { false } }

    package mutating func handle(_ event: Event, now: Timestamp) -> ContextMenuRequest? {
        // A long press whose time came before this event fires first; the event still counts
        // (a lift or cancel after it must not leave the touch "fired").
        let fired = advance(to: now)
        let request = apply(event, now: now)
        return fired ?? request
    }

    private mutating func apply(_ event: Event, now: Timestamp) -> ContextMenuRequest? {
        switch (state, event) {
        case (.idle, .secondaryClick(let p)), (.touching, .secondaryClick(let p)), (.fired, .secondaryClick(let p)):
            return ContextMenuRequest(location: p, input: .pointer)
        case (.idle, .secondaryTouch(let id, let p)):
            state = .fired(id: id)
            return ContextMenuRequest(location: p, input: .touch)
        case (.touching, .secondaryTouch), (.fired, .secondaryTouch):
            state = .idle // a second finger, as for touchDown
        case (.idle, .touchDown(let id, let p)):
            state = .touching(id: id, origin: p, since: now)
        case (.touching, .touchDown), (.fired, .touchDown):
            state = .idle // a second finger: a pinch or a two-finger scroll, not a long press
        case (.touching(let id, let origin, _), .touchMotion(let moved, let p)):
            if id == moved, origin.distance(to: p) > Self.longPressSlop { state = .idle }
        case (.touching(let id, _, _), .touchUp(let up)), (.fired(let id), .touchUp(let up)):
            if id == up { state = .idle }
        case (.touching, .touchCancel), (.fired, .touchCancel):
            state = .idle
        case (.idle, .touchMotion), (.idle, .touchUp), (.idle, .touchCancel), (.fired, .touchMotion):
            break // nothing pending
        }
        return nil
    }

    /// Fires the long press when its time has come.
    package mutating func advance(to now: Timestamp) -> ContextMenuRequest? {
        guard case .touching(let id, let origin, let since) = state, now.seconds(since: since) >= Self.longPressDuration else { return nil }
        state = .fired(id: id)
        return ContextMenuRequest(location: origin, input: .touch)
    }
}

package struct ContextMenuItem<ID: Hashable & Sendable>: Sendable, Hashable {
    package var id: ID
    package var title: String
    /// True when the item stands for a control that is otherwise only revealed by hovering (I6).
    package var fromHiddenControl: Bool
    package init(id: ID, title: String, fromHiddenControl: Bool = false) {
        self.id = id; self.title = title; self.fromHiddenControl = fromHiddenControl
    }
}

package enum ContextMenu {
    /// The menu for an element: its own items, then every essential hover-only control not
    /// already listed (I6), in the controls' order.
    package static func items<ID>(own: [ContextMenuItem<ID>], hidden: [HiddenControl<ID>]) -> [ContextMenuItem<ID>] {
        var seen = Set(own.map(\.id))
        var menu = own
        for control in hidden where control.essential && seen.insert(control.id).inserted {
            menu.append(ContextMenuItem(id: control.id, title: control.title, fromHiddenControl: true))
        }
        return menu
    }
}

/// Where a context menu goes in the window (G9, G11): always inside it.
///
/// A pointer's menu opens down and to the right of the pointer, flips up or to the left when it
/// would cross the window's edge, and moves along the edge when neither side has room. A
/// touch's menu opens above the finger, clear of it (below when there is no room above), so the
/// finger does not hide the entries. A menu taller than the window (or than the side it opens
/// on) is cut to fit and scrolls.
package enum ContextMenuPlacement {
    /// Space kept between a menu and the window's edge, points.
    package static let windowMargin = 8.0
    /// Space kept between a touch menu and the finger's contact point, points: a fingertip
    /// covers about 10 mm (≈ 40 pt) across, so half of it plus a little.
    package static let touchClearance = 24.0
    /// A side of the finger with less room than this (and than the whole menu) is not used
    /// by a touch menu: the menu goes over the window instead, as for the pointer. Points,
    /// about three rows of entries.
    package static let touchMinimumHeight = 3 * ContextMenuInteraction.itemHeight + 2 * ContextMenuAppearance.inset

    /// The menu's frame on the surface, points: `size` (the whole menu) at `anchor` (the
    /// pointer or the contact point) inside `window`. The frame is shorter than `size` when the
    /// menu must scroll, and narrower only when the window is narrower than the menu.
    package static func frame(anchor: Point, size: Size, window: Rect, input: ContextMenuInput) -> Rect {
        let area = window.insetBy(windowMargin)
        let w = min(size.width, max(area.width, 0))
        switch input {
        case .pointer:
            let x = side(anchor.x, w, area.minX, area.maxX)
            let h = min(size.height, max(area.height, 0))
            return Rect(x: x, y: side(anchor.y, h, area.minY, area.maxY), width: w, height: h)
        case .touch:
            let x = clamp(anchor.x - w / 2, area.minX, max(area.minX, area.maxX - w))
            let above = anchor.y - touchClearance - area.minY
            let below = area.maxY - (anchor.y + touchClearance)
            let need = min(size.height, touchMinimumHeight)
            if above >= size.height || (above >= below && above >= need) {
                let h = min(size.height, above)
                return Rect(x: x, y: anchor.y - touchClearance - h, width: w, height: h)
            }
            if below >= need {
                return Rect(x: x, y: anchor.y + touchClearance, width: w, height: min(size.height, below))
            }
            // No room on either side of the finger: over it, inside the window.
            let h = min(size.height, max(area.height, 0))
            return Rect(x: x, y: clamp(anchor.y - h / 2, area.minY, max(area.minY, area.maxY - h)), width: w, height: h)
        }
    }

    /// Along one axis: after `anchor` when `length` fits before `maxEdge`, else before it when it
    /// fits after `minEdge`, else as close to `anchor` as the edges allow.
    static func side(_ anchor: Double, _ length: Double, _ minEdge: Double, _ maxEdge: Double) -> Double {
        if anchor + length <= maxEdge { return max(anchor, minEdge) }
        if anchor - length >= minEdge { return min(anchor - length, maxEdge - length) }
        return clamp(anchor, minEdge, max(minEdge, maxEdge - length))
    }
}
