// Panning a zoomable canvas (SPEC I5, G1, G6, G11): two-finger scrolls, wheel detents and touch
// drags move the zoomed content with the scroll views' own physics — rubber-band past the
// content's edges, momentum after the finger stop, a bounce back — through a `ScrollView` over
// the bounding box of the zoomed (and rotated) content. `ZoomInteraction` drives it.

/// One canvas's pan, started from the canvas's transform at that moment.
///
/// Per axis, the scroller's offset o places the content box's leading edge at b = base − o
/// (view points): base is 0 when the box is at least as long as the viewport (o runs from 0,
/// leading edges together, to box − viewport, trailing edges together), and centres a shorter
/// box (o = 0 centred; any move rubber-bands back to the centre) — the bounds of
/// `ZoomController.inBounds`. Content out of bounds (a pan that caught a pinch's settle half
/// way) pans from where it is (the scroller starts at the nearest in-bounds offset and only its
/// changes move the canvas); `ZoomInteraction` springs it back when the pan comes to rest.
struct CanvasPan: Sendable, Equatable {
    private(set) var scroller: ScrollView
    /// The scroller offset already applied to the canvas's translation.
    private var applied: Point

    init(transform: CanvasTransform, content: Size, viewport: Size, kinetic: Bool, now: Timestamp) {
        let box = transform.box(of: content)
        scroller = ScrollView(viewport: viewport, content: box.size)
        scroller.kinetic = kinetic
        func offset(_ lo: Double, _ length: Double, _ view: Double) -> Double { (length >= view ? 0 : (view - length) / 2) - lo }
        scroller.handle(.scroll(to: Point(offset(box.minX, box.width, viewport.width), offset(box.minY, box.height, viewport.height)),
                                animated: false), now: now)
        applied = scroller.offset
    }

    /// Fingers down, scrolling or settling.
    var isMoving: Bool { scroller.isScrolling }
    /// When the content last moved (the exact end of a glide or bounce inside an `advance`).
    var lastMotion: Timestamp? { scroller.lastMotion }

    /// Feeds the scroller; returns how far the content moved (view points).
    mutating func handle(_ event: ScrollViewEvent, now: Timestamp) -> Vector {
        scroller.handle(event, now: now)
        return take()
    }

    /// Runs momentum and bounces to `now`; returns how far the content moved (view points).
    mutating func advance(to now: Timestamp) -> Vector {
        scroller.advance(to: now)
        return take()
    }

    private mutating func take() -> Vector {
        let o = scroller.offset
        defer { applied = o }
        return Vector(applied.x - o.x, applied.y - o.y)
    }
}
