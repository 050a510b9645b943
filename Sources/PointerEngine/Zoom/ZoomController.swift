// Pinch zoom, rotation and smart zoom of a zoomable canvas (SPEC G2, G3, G4, G7).
import InputProtocol

/// Maps content coordinates to view coordinates: q = R(rotation)·scale·p + translation.
public struct CanvasTransform: Sendable, Equatable, CustomStringConvertible {
    /// Zoom factor.
    public var scale: Double
    /// Degrees, clockwise positive (y grows downwards).
    public var rotation: Double
    /// Translation after scale and rotation, points.
    public var translation: Vector

    /// A transform scaling by `scale`, turning by `rotation` radians, then moving by `translation`.
    public init(scale: Double = 1, rotation: Double = 0, translation: Vector = .zero) {
        self.scale = scale; self.rotation = rotation; self.translation = translation
    }
    /// No scale, rotation or translation.
    public static let identity = CanvasTransform()

    /// Content point `p` on the surface.
    public func apply(_ p: Point) -> Point { Point.zero + Self.rotate(Vector(p.x, p.y) * scale, rotation) + translation }
    /// The content point shown at surface point `q` (`apply`'s inverse).
    public func invert(_ q: Point) -> Point {
        let v = Self.rotate(q - (Point.zero + translation), -rotation) / scale
        return Point(v.dx, v.dy)
    }
    /// The transform with `scale` and `rotation` that keeps content point `c` at view point `q`.
    public static func anchored(scale: Double, rotation: Double, content c: Point, at q: Point) -> CanvasTransform {
        CanvasTransform(scale: scale, rotation: rotation, translation: q - (Point.zero + rotate(Vector(c.x, c.y) * scale, rotation)))
    }
    static func rotate(_ v: Vector, _ degrees: Double) -> Vector {
        let r = degrees * .pi / 180, (s, c) = Math.sincos(r)
        return Vector(v.dx * c - v.dy * s, v.dx * s + v.dy * c)
    }
    /// The axis-aligned bounding box of content of `size` under this transform, view points.
    public func box(of size: Size) -> Rect {
        let corners = [Point(0, 0), Point(size.width, 0), Point(0, size.height), Point(size.width, size.height)].map(apply)
        var lo = corners[0], hi = corners[0]
        for c in corners.dropFirst() {
            lo = Point(min(lo.x, c.x), min(lo.y, c.y)); hi = Point(max(hi.x, c.x), max(hi.y, c.y))
        }
        return Rect(corner: lo, hi)
    }
    public var description: String { "×\(scale) \(rotation)° +\(translation)" }
}

/// A zoomable, rotatable canvas. Feed it `GestureIntent`s' zoom cases and smart zoom.
///
/// Every gesture ends with the content at rest in its limits and in bounds (`inBounds`): a
/// pinch that zoomed past a limit, panned an edge into the view or rotated an edge away from
/// the view's springs back — scale, rotation snap and position in one animation — as soon as
/// the fingers lift (like UIScrollView's bouncesZoom), not at the next pan.
///
/// ```mermaid
/// stateDiagram-v2
///     [*] --> idle
///     idle --> pinching: began(focus)
///     animating --> pinching: began (catches the animation where it is)
///     pinching --> pinching: changed(scale, rotation, pan) — rubber band past min/max
///     pinching --> animating: ended (settle into limits and bounds / rotation snap) · cancelled (revert)
///     pinching --> idle: ended within limits and bounds
///     idle --> animating: smartZoom(at) — fitted ↔ zoomed around the point, landing in bounds
///     idle --> animating: settle — a pan left it out of limits or bounds (ZoomInteraction)
///     animating --> idle: settled
/// ```
package struct ZoomController: Sendable, Equatable {
    package enum Event: Sendable, Equatable {
        case began(focus: Point)
        /// Absolute scale since `began`, accumulated rotation (deg), accumulated pan (pt).
        case changed(scale: Double, rotation: Double, pan: Vector)
        case ended
        case cancelled
        case smartZoom(at: Point)
    }

    package enum State: Sendable, Equatable {
        case idle
        /// `start` is the transform at `began`; `anchor` the content point under `focus`.
        case pinching(start: CanvasTransform, anchor: Point, focus: Point, pan: Vector)
        /// Interpolating `from` → `to` keeping content point `anchor` on a straight path from
        /// `anchorFrom` to `anchorTo` (view coordinates); `progress` springs 0 → 1.
        case animating(from: CanvasTransform, to: CanvasTransform, anchor: Point, anchorFrom: Point, anchorTo: Point, progress: CriticalSpring)
    }

    /// How far past a limit a pinch can go, as a factor (rubber band in log scale): 25 %.
    package static let maximumOvershoot = 1.25 // ×
    /// Smart zoom goes to this multiple of the fitted scale (clamped to the maximum).
    package static let smartZoomFactor = 2.5 // ×
    /// Within this factor of the fitted scale the canvas counts as fitted (smart zoom zooms in).
    package static let fittedTolerance = 1.01 // ×
    /// Speed of settle, revert and smart zoom animations (≈ 0.35 s).
    package static let animationOmega = 18.0 // rad/s
    /// Rounding, not a user's position: content closer than this to its bounds is in them.
    package static let boundsTolerance = 1e-6 // pt

    package var viewport: Size
    package var contentSize: Size
    package var minimumScale: Double
    package var maximumScale: Double
    /// Snap rotation to multiples of this on release (degrees); nil = free rotation.
    package var rotationSnap: Double?
    package private(set) var state: State = .idle
    package private(set) var transform: CanvasTransform

    /// A controller showing `content` fitted in `viewport`. `minimumScale` nil: the fitted
    /// scale; `maximumScale`: the layout's (`ScrollTraits.maximumZoom`), the one maximum there is.
    package init(viewport: Size, content: Size, minimumScale: Double? = nil, maximumScale: Double, rotationSnap: Double? = nil) {
        self.viewport = viewport; self.contentSize = content
        let fitted = Self.fittedScale(viewport: viewport, content: content)
        self.minimumScale = minimumScale ?? fitted
        self.maximumScale = max(maximumScale, self.minimumScale)
        self.rotationSnap = rotationSnap
        transform = Self.fitted(viewport: viewport, content: content)
    }

    package static func fittedScale(viewport: Size, content: Size) -> Double {
        guard content.width > 0, content.height > 0 else { return 1 }
        return min(viewport.width / content.width, viewport.height / content.height)
    }
    /// Whole content visible, centred, unrotated.
    package static func fitted(viewport: Size, content: Size) -> CanvasTransform {
        let s = fittedScale(viewport: viewport, content: content)
        return .anchored(scale: s, rotation: 0, content: Point(content.width / 2, content.height / 2),
                         at: Point(viewport.width / 2, viewport.height / 2))
    }
    package var fittedTransform: CanvasTransform { Self.fitted(viewport: viewport, content: contentSize) }
    package var isFitted: Bool {
        let f = fittedTransform.scale
        return transform.scale <= f * Self.fittedTolerance && transform.scale >= f / Self.fittedTolerance && abs(transform.rotation) < 0.5
    }
    package var isAnimating: Bool { if case .animating = state { true } else { false } }

    /// The scale shown for a raw (finger) scale: rubber-banded in log space past the limits.
    package func bandedScale(_ raw: Double) -> Double {
        let limit = Self.maximumOvershoot.logOf
        if raw > maximumScale { return maximumScale * RubberBand.band((raw / maximumScale).logOf, limit: limit).expOf }
        if raw < minimumScale { return minimumScale / RubberBand.band((minimumScale / raw).logOf, limit: limit).expOf }
        return raw
    }

    package mutating func handle(_ event: Event, now: Timestamp) {
        advance(to: now)
        switch (state, event) {
        case (.idle, .began(let focus)), (.animating, .began(let focus)):
            state = .pinching(start: transform, anchor: transform.invert(focus), focus: focus, pan: .zero)
        case (.pinching(let start, let anchor, let focus, _), .changed(let scale, let rotation, let pan)):
            state = .pinching(start: start, anchor: anchor, focus: focus, pan: pan)
            transform = .anchored(scale: bandedScale(start.scale * max(scale, 1e-6)), rotation: start.rotation + rotation,
                                  content: anchor, at: focus + pan)
        case (.pinching(_, let anchor, let focus, let pan), .ended):
            let scale = clamp(transform.scale, minimumScale, maximumScale)
            var rotation = transform.rotation
            if let snap = rotationSnap, snap > 0 { rotation = (rotation / snap).rounded() * snap }
            let target = inBounds(.anchored(scale: scale, rotation: rotation, content: anchor, at: focus + pan))
            animate(to: target, anchor: anchor, from: focus + pan, to: target.apply(anchor), now: now)
        case (.pinching(let start, let anchor, let focus, _), .cancelled):
            // G7: back to exactly the transform the pinch started from — or, when the pinch caught
            // a settle animation still past a limit, to that transform brought into the limits.
            let scale = clamp(start.scale, minimumScale, maximumScale)
            let target = inBounds(scale == start.scale ? start : .anchored(scale: scale, rotation: start.rotation, content: anchor, at: focus))
            animate(to: target, anchor: anchor, from: transform.apply(anchor), to: target.apply(anchor), now: now)
        case (.idle, .smartZoom(let p)), (.animating, .smartZoom(let p)):
            if isFitted {
                let scale = min(maximumScale, fittedTransform.scale * Self.smartZoomFactor)
                let anchor = transform.invert(p)
                // Around the pointer, but never leaving a gap at an edge (a tap near the edge or
                // beside letterboxed content lands with the content's edge on the view's).
                let target = inBounds(.anchored(scale: scale, rotation: 0, content: anchor, at: p))
                animate(to: target, anchor: anchor, from: p, to: target.apply(anchor), now: now)
            } else {
                let centre = Point(contentSize.width / 2, contentSize.height / 2)
                animate(to: fittedTransform, anchor: centre, from: transform.apply(centre),
                        to: Point(viewport.width / 2, viewport.height / 2), now: now)
            }
        case (.pinching, .began), (.pinching, .smartZoom), (.idle, .changed), (.idle, .ended), (.idle, .cancelled),
             (.animating, .changed), (.animating, .ended), (.animating, .cancelled):
            break // impossible pairs (no pinch running, or a second begin): nothing changes
        }
    }

    /// The canvas was laid out again (a window resize, issue 30.3): its view is now `viewport`
    /// and its origin moved by `shift` on the surface. The content stays where it was on the
    /// surface, so a pinch in progress keeps its content point under the fingers and goes on
    /// (G2); the scale limits follow the view (`minimumScale` nil: the fitted scale). An idle
    /// canvas the new view leaves out of its limits or bounds settles into them.
    package mutating func relocate(viewport: Size, movedBy shift: Vector, minimumScale: Double?, maximumScale: Double, now: Timestamp) {
        advance(to: now)
        self.viewport = viewport
        self.minimumScale = minimumScale ?? Self.fittedScale(viewport: viewport, content: contentSize)
        self.maximumScale = max(maximumScale, self.minimumScale)
        func moved(_ t: CanvasTransform) -> CanvasTransform {
            var t = t
            t.translation = t.translation - shift
            return t
        }
        transform = moved(transform)
        switch state {
        case .idle:
            settle(now: now)
        case .pinching(let start, let anchor, let focus, let pan):
            state = .pinching(start: moved(start), anchor: anchor, focus: focus - shift, pan: pan)
        case .animating:
            // Where the animation was heading may be out of bounds in the new view: settle from here.
            state = .idle
            settle(now: now)
        }
    }

    /// Moves the content by `d` (view points) at once: panning, driven by the canvas's pan
    /// scroller (SPEC I5, G1; see ZoomInteraction). A settle or smart-zoom animation in
    /// progress stops where it is; during a pinch nothing moves (the pinch pans itself).
    package mutating func translate(by d: Vector, now: Timestamp) {
        advance(to: now)
        switch state {
        case .pinching: return
        case .animating: state = .idle
        case .idle: break
        }
        transform.translation = transform.translation + d
    }

    /// `t` moved so its content is in bounds — the bounds a pan rubber-bands to (`CanvasPan`):
    /// per axis, content at least as long as the view covers it (no gap at either edge), shorter
    /// content is centred. For rotated content, the bounding box counts.
    package func inBounds(_ t: CanvasTransform) -> CanvasTransform {
        let box = t.box(of: contentSize)
        func shift(_ lo: Double, _ length: Double, _ view: Double) -> Double {
            let target = length >= view ? clamp(lo, view - length, 0) : (view - length) / 2
            return abs(target - lo) < Self.boundsTolerance ? 0 : target - lo
        }
        let d = Vector(shift(box.minX, box.width, viewport.width), shift(box.minY, box.height, viewport.height))
        guard d != .zero else { return t }
        var out = t
        out.translation = t.translation + d
        return out
    }

    /// At rest, within the scale limits and in bounds.
    package var isSettled: Bool {
        state == .idle && transform.scale >= minimumScale && transform.scale <= maximumScale && inBounds(transform) == transform
    }

    /// Springs an idle canvas back into its limits and bounds when something (a pan that caught
    /// a settle animation half way) left it outside; the view's centre keeps its content point
    /// while the scale returns. Nothing happens at rest in bounds, or while a pinch or an
    /// animation runs. The spring starts at `restedAt` (when the pan came to rest, if before
    /// `now`), so where it is at `now` does not depend on how often the engine is stepped.
    package mutating func settle(restedAt: Timestamp? = nil, now: Timestamp) {
        let start = min(restedAt ?? now, now)
        advance(to: start)
        guard state == .idle, !isSettled else { return advance(to: now) }
        let centre = Point(viewport.width / 2, viewport.height / 2), anchor = transform.invert(centre)
        let target = inBounds(.anchored(scale: clamp(transform.scale, minimumScale, maximumScale), rotation: transform.rotation,
                                        content: anchor, at: centre))
        animate(to: target, anchor: anchor, from: centre, to: target.apply(anchor), now: start)
        advance(to: now)
    }

    private mutating func animate(to target: CanvasTransform, anchor: Point, from a: Point, to b: Point, now: Timestamp) {
        state = .animating(from: transform, to: target, anchor: anchor, anchorFrom: a, anchorTo: b,
                           progress: CriticalSpring(start: now, from: 0, to: 1, omega: Self.animationOmega))
        advance(to: now)
    }

    package mutating func advance(to now: Timestamp) {
        guard case .animating(let from, let to, let anchor, let a, let b, let spring) = state else { return }
        if spring.isSettled(at: now) {
            transform = to
            state = .idle
            return
        }
        let p = spring.value(at: now)
        let scale = from.scale * ((to.scale / from.scale).logOf * p).expOf // geometric: even zoom speed
        transform = .anchored(scale: scale, rotation: lerp(from.rotation, to.rotation, p), content: anchor, at: a.lerp(to: b, p))
    }
}
