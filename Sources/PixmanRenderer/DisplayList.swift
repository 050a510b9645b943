// The display list: what a frame shows, as drawing operations in points grouped in items with
// stable identities. A RetainedScene keeps them between frames and marks what changes; the
// renderer finds the damage from the marks.
import PointerEngine

/// One drawing operation, in points.
public enum DrawOp: Hashable, Sendable {
    case fill(Shape, Rect, Color)
    case gradient(Shape, Rect, Gradient, opacity: Double)
    /// An outline lying inside `rect`.
    case stroke(Shape, Rect, lineWidth: Double, Color)
    /// A soft shadow of the shape, blurred with σ = `blur` points.
    case shadow(Shape, Rect, blur: Double, offset: Vector, Color)
    /// A soft radial light of `radius` points centred at `center`, clipped to the shape
    /// (lift's specular highlight follows the pointer without re-rendering any gradient).
    case spotlight(Shape, Rect, center: Point, radius: Double, Color)
    /// A line of text, its baseline starting at `baseline`.
    case text(String, Font, baseline: Point, Color)

    /// The op with every colour faded by `factor` (0…1).
    public func fading(_ factor: Double) -> DrawOp {
        guard factor < 1 else { return self }
        switch self {
        case .fill(let s, let r, let c): return .fill(s, r, c.fading(factor))
        case .gradient(let s, let r, let g, let o): return .gradient(s, r, g, opacity: o * factor)
        case .stroke(let s, let r, let w, let c): return .stroke(s, r, lineWidth: w, c.fading(factor))
        case .shadow(let s, let r, let b, let o, let c): return .shadow(s, r, blur: b, offset: o, c.fading(factor))
        case .spotlight(let s, let r, let p, let rad, let c): return .spotlight(s, r, center: p, radius: rad, c.fading(factor))
        case .text(let t, let f, let b, let c): return .text(t, f, baseline: b, c.fading(factor))
        }
    }

    /// The op scaled by `s` about `anchor`, then moved by `offset` (lift, hover scale, parallax).
    public func transformed(scale s: Double, about anchor: Point, offset: Vector = .zero) -> DrawOp {
        func p(_ q: Point) -> Point { Point(anchor.x + (q.x - anchor.x) * s + offset.dx, anchor.y + (q.y - anchor.y) * s + offset.dy) }
        func r(_ q: Rect) -> Rect { let o = p(q.origin); return Rect(x: o.x, y: o.y, width: q.width * s, height: q.height * s) }
        func sh(_ shape: Shape) -> Shape {
            if case .roundedRect(let cr) = shape { return .roundedRect(cornerRadius: cr * s) }
            return shape
        }
        switch self {
        case .fill(let shape, let rect, let c): return .fill(sh(shape), r(rect), c)
        case .gradient(let shape, let rect, let g, let o): return .gradient(sh(shape), r(rect), g, opacity: o)
        case .stroke(let shape, let rect, let w, let c): return .stroke(sh(shape), r(rect), lineWidth: w * s, c)
        case .shadow(let shape, let rect, let b, let o, let c): return .shadow(sh(shape), r(rect), blur: b * s, offset: o * s, c)
        case .spotlight(let shape, let rect, let ctr, let rad, let c): return .spotlight(sh(shape), r(rect), center: p(ctr), radius: rad * s, c)
        case .text(let t, let f, let b, let c):
            var f2 = f; f2.size *= s
            return .text(t, f2, baseline: p(b), c)
        }
    }
}

/// Who an item is, stable across frames (an element, the pointer, an accessory slot…).
public struct ItemID: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var index: Int
    public init(_ name: String, _ index: Int = 0) { self.name = name; self.index = index }
    public var description: String { index == 0 ? name : "\(name)#\(index)" }
}

/// A group of operations drawn together, with an identity for damage tracking.
public struct DisplayItem: Hashable, Sendable {
    public var id: ItemID
    public var ops: [DrawOp]
    /// Drawing stays inside this rectangle (points, edges snapped to pixels): content of a
    /// scroll view clipped to its viewport. Nil draws unclipped.
    public var clip: Rect?
    /// Corner radius of the clip (points): content of a scroll view with rounded corners.
    public var clipCornerRadius: Double
    /// The operations turned about a centre (a canvas rotated by a gesture, G5); they are given
    /// unturned (zoom and pan already applied). The clip stays upright: it is the viewport.
    public var rotation: Rotation?

    public init(_ id: ItemID, _ ops: [DrawOp], clip: Rect? = nil, clipCornerRadius: Double = 0, rotation: Rotation? = nil) {
        self.id = id; self.ops = ops; self.clip = clip; self.clipCornerRadius = clipCornerRadius
        self.rotation = rotation.flatMap { $0.angle == 0 ? nil : $0 }
    }
}

/// A rotation of an item's drawing about a centre.
public struct Rotation: Hashable, Sendable {
    /// Radians, clockwise on screen (surface y grows downward), as `ContainerTransform.rotation`.
    public var angle: Double
    /// Surface points.
    public var center: Point
    public init(angle: Double, center: Point) { self.angle = angle; self.center = center }
}

/// Where pixels of a rectangle land at a scale: edges rounded to whole pixels, at least one
/// pixel wide and high (the same rule `Canvas.snapped` uses, so bounds match drawing).
func snapRect(_ rect: Rect, scale: Double) -> PixelRect {
    let x0 = (rect.minX * scale).rounded(), y0 = (rect.minY * scale).rounded()
    var x1 = (rect.maxX * scale).rounded(), y1 = (rect.maxY * scale).rounded()
    guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, abs(x0) < 1e7, abs(y0) < 1e7,
          abs(x1) < 1e7, abs(y1) < 1e7 else { return .zero }
    if x1 <= x0 { x1 = x0 + 1 }
    if y1 <= y0 { y1 = y0 + 1 }
    return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
}

extension Canvas {
    /// Executes one operation (inside the rounded clip, when one is set).
    public func draw(_ op: DrawOp) {
        if let rounded = roundedClip { drawRoundedClipped(op, rounded); return }
        drawUnclipped(op)
    }

    func drawUnclipped(_ op: DrawOp) {
        switch op {
        case .fill(let s, let r, let c): fill(s, in: r, c)
        case .gradient(let s, let r, let g, let o): fill(s, in: r, g, opacity: o)
        case .stroke(let s, let r, let w, let c): stroke(s, in: r, lineWidth: w, c)
        case .shadow(let s, let r, let b, let o, let c): shadow(of: s, in: r, blur: b, offset: o, c)
        case .spotlight(let s, let r, let ctr, let rad, let c): spotlight(s, in: r, center: ctr, radius: rad, c)
        case .text(let t, let f, let b, let c): draw(t, font: f, at: b, c)
        }
    }

    /// Every pixel an operation may touch.
    public func bounds(of op: DrawOp) -> PixelRect {
        switch op {
        case .fill(_, let r, _), .gradient(_, let r, _, _), .stroke(_, let r, _, _), .spotlight(_, let r, _, _, _):
            return snapped(r)
        case .shadow(_, let r, let b, let o, _):
            return shadowBounds(of: r, blur: b, offset: o)
        case .text(let t, let f, let b, _):
            return cache.text.inkBounds(t, f, baseline: b, scale: scale)
        }
    }

    /// Whether two operations paint exactly the same pixels here: the same kind, colours and
    /// shapes, and the same positions once snapped to pixels as drawing snaps them. An element
    /// drifting by parallax or a lift's shadow moving by a fraction of a pixel changes its
    /// operations every frame but, most frames, not one pixel (issue 8: damage per frame).
    /// Every drawing decision (masks, occlusion, pre-blending) depends only on these values.
    ///
    /// With a move (dx, dy): whether `b` paints the pixels of `a` moved by that many whole
    /// pixels (a lift's parallax or the pointer moving: the same masks, images and colours,
    /// every position moved alike).
    func samePixels(_ a: DrawOp, _ b: DrawOp, movedBy dx: Int = 0, _ dy: Int = 0) -> Bool {
        func px(_ p: Point) -> (Int, Int) { (Int((p.x * scale).rounded()), Int((p.y * scale).rounded())) }
        func moved(_ p: Point) -> (Int, Int) { let q = px(p); return (q.0 + dx, q.1 + dy) }
        func moved(_ r: PixelRect) -> PixelRect { PixelRect(x: r.x + dx, y: r.y + dy, width: r.width, height: r.height) }
        // Where two shapes in one pixel rectangle draw alike: a corner radius enters drawing
        // only as 1/16 px (masks) and as whole pixels rounded up (corner squares).
        func sameShape(_ s1: Shape, _ s2: Shape, _ r: PixelRect) -> Bool {
            guard case .roundedRect = s1, case .roundedRect = s2 else { return s1 == s2 }
            let a = cornerRadiusPixels(s1, r), b = cornerRadiusPixels(s2, r)
            return MaskKey.q16(a) == MaskKey.q16(b) && a.rounded(.up) == b.rounded(.up)
        }
        // Solid colours reach pixels premultiplied to 8 bits (pixman keeps the top byte of each
        // 16-bit channel of a solid colour), and as opaque or not, visible or not.
        func sameColor(_ c1: Color, _ c2: Color) -> Bool {
            guard c1 != c2 else { return true }
            let p = c1.premultiplied, q = c2.premultiplied
            return p.r >> 8 == q.r >> 8 && p.g >> 8 == q.g >> 8 && p.b >> 8 == q.b >> 8 && p.a >> 8 == q.a >> 8
                && (c1.alpha >= 1) == (c2.alpha >= 1) && (c1.alpha > 0) == (c2.alpha > 0)
        }
        // A line width enters drawing as 1/16 px (ring masks) and whole pixels rounded up (strips).
        func sameLine(_ w1: Double, _ w2: Double) -> Bool {
            let a = max(w1 * scale, 0.25), b = max(w2 * scale, 0.25)
            return w1 == w2 || (MaskKey.q16(a) == MaskKey.q16(b) && a.rounded(.up) == b.rounded(.up) && (w1 > 0) == (w2 > 0))
        }
        switch (a, b) {
        case let (.fill(s1, r1, c1), .fill(s2, r2, c2)):
            let r = snapped(r1)
            return moved(r) == snapped(r2) && sameColor(c1, c2) && sameShape(s1, s2, r)
        case let (.gradient(s1, r1, g1, o1), .gradient(s2, r2, g2, o2)):
            let r = snapped(r1)
            return moved(r) == snapped(r2) && o1 == o2 && g1 == g2 && sameShape(s1, s2, r)
        case let (.stroke(s1, r1, w1, c1), .stroke(s2, r2, w2, c2)):
            let r = snapped(r1)
            return moved(r) == snapped(r2) && sameLine(w1, w2) && sameColor(c1, c2) && sameShape(s1, s2, r)
        case let (.shadow(s1, r1, b1, o1, c1), .shadow(s2, r2, b2, o2, c2)):
            let r = snapped(r1.offsetBy(o1))
            return moved(r) == snapped(r2.offsetBy(o2)) && b1 == b2 && sameColor(c1, c2) && sameShape(s1, s2, r)
        case let (.spotlight(s1, r1, p1, rad1, c1), .spotlight(s2, r2, p2, rad2, c2)):
            let r = snapped(r1)
            return moved(r) == snapped(r2) && c1 == c2 && max(Int((rad1 * scale).rounded()), 1) == max(Int((rad2 * scale).rounded()), 1)
                && moved(p1) == px(p2) && sameShape(s1, s2, r)
        case let (.text(t1, f1, b1, c1), .text(t2, f2, b2, c2)):
            return moved(b1) == px(b2) && sameColor(c1, c2) && f1.family == f2.family && f1.bold == f2.bold
                && TextEngine.size64(f1, scale: scale) == TextEngine.size64(f2, scale: scale) && t1 == t2
        default:
            return false
        }
    }

    /// How many whole pixels operation `b` lies from `a`: where each one's anchor lands (the
    /// corner of its snapped rectangle, a line of text's baseline). The move to try with
    /// `samePixels(_:_:movedBy:)`.
    func pixelMove(from a: DrawOp, to b: DrawOp) -> (dx: Int, dy: Int) {
        func anchor(_ op: DrawOp) -> (Int, Int) {
            switch op {
            case .fill(_, let r, _), .gradient(_, let r, _, _), .stroke(_, let r, _, _), .spotlight(_, let r, _, _, _):
                let p = snapped(r); return (p.x, p.y)
            case .shadow(_, let r, _, let o, _):
                let p = snapped(r.offsetBy(o)); return (p.x, p.y)
            case .text(_, _, let b, _):
                return (Int((b.x * scale).rounded()), Int((b.y * scale).rounded()))
            }
        }
        let p = anchor(a), q = anchor(b)
        return (q.0 - p.0, q.1 - p.1)
    }

    /// Every pixel an item may touch.
    public func bounds(of item: DisplayItem) -> PixelRect {
        if item.rotation != nil { return rotatedBounds(of: item) }
        let b = item.ops.reduce(PixelRect.zero) { $0.union(bounds(of: $1)) }
        return item.clip.map { b.intersection(snapped($0)) } ?? b
    }

    /// Draws an item's operations, inside its clip (rounded when it has a corner radius),
    /// turned when it has a rotation.
    public func draw(_ item: DisplayItem) {
        guard let c = item.clip else {
            if item.rotation != nil { drawRotated(item) } else { for op in item.ops { draw(op) } }
            return
        }
        withClip(snapped(c)) {
            if item.rotation != nil { drawRotated(item); return }
            withRoundedClip(item) { for op in item.ops { draw(op) } }
        }
    }

    /// A radial light clipped to a shape; the gradient image depends only on its radius.
    public func spotlight(_ shape: Shape, in rect: Rect, center: Point, radius: Double, _ color: Color) {
        let px = snapped(rect)
        let rpx = max(Int((radius * scale).rounded()), 1)
        guard color.alpha > 0, !px.intersection(clip).isEmpty else { return }
        let g = Gradient(.radial(center: Point(0.5, 0.5), radius: 0.5),
                         stops: [.init(0, color), .init(0.55, color.fading(0.35)), .init(1, color.withAlpha(0))])
        let image = cache.gradient(GradientKey(gradient: g, width: 2 * rpx, height: 2 * rpx))
        let cx = Int((center.x * scale).rounded()) - rpx, cy = Int((center.y * scale).rounded()) - rpx
        let key: MaskKey? = { if case .rect = shape { return nil }; return maskKey(shape, px) }()
        // Only where the light and the shape overlap.
        let area = px.intersection(PixelRect(x: cx, y: cy, width: 2 * rpx, height: 2 * rpx))
        guard !area.isEmpty else { return }
        withClip(area) {
            if let key, paintSplit(source: image, sourceOrigin: (cx, cy), shape: shape, px: px, key: key, opacity: 1) { return }
            paint(source: image, sourceOrigin: (cx, cy), mask: key, at: px.x, px.y, opacity: 1,
                  size: (px.width, px.height))
        }
    }
}
