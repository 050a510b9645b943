// How a scroll container maps its content to the surface.

/// The live transform of a scroll container's content (scroll offset, zoom, rotation).
///
/// A content point p (points at zoom 1) maps to the surface as
///
///     surface(p) = viewport.origin + c + R(rotation) · (zoom · p − offset − c)
///
/// where c is the viewport's half size (rotation turns about the viewport's centre) and
/// `offset` is the content offset in zoomed points (UIScrollView's contentOffset). Without
/// rotation this is `viewport.origin + zoom · p − offset`.
public struct ContainerTransform: Hashable, Sendable, CustomStringConvertible {
    /// The container's visible bounds on the surface (its clip), points.
    public var viewport: Rect
    /// Content offset, zoomed points. Rubber-banding may make it negative or past the end.
    public var offset: Vector
    /// Zoom scale (1 = content size).
    public var zoom: Double
    /// Rotation, radians, clockwise positive (surface y grows downward).
    public var rotation: Double

    /// A transform of content shown in `viewport`: scrolled by `offset`, zoomed by `zoom` and turned by `rotation` radians.
    public init(viewport: Rect, offset: Vector = .zero, zoom: Double = 1, rotation: Double = 0) {
        self.viewport = viewport; self.offset = offset; self.zoom = zoom; self.rotation = rotation
    }

    /// No scroll, zoom or rotation in `viewport`.
    public static func identity(viewport: Rect) -> ContainerTransform { ContainerTransform(viewport: viewport) }

    @inlinable var half: Vector { Vector(viewport.width / 2, viewport.height / 2) }

    /// Content point → surface point.
    public func apply(_ p: Point) -> Point {
        if rotation == 0 {
            return Point(viewport.minX + zoom * p.x - offset.dx, viewport.minY + zoom * p.y - offset.dy)
        }
        let c = half
        let v = Vector(zoom * p.x - offset.dx - c.dx, zoom * p.y - offset.dy - c.dy)
        let cs = Math.cos(rotation), sn = Math.sin(rotation)
        return Point(viewport.minX + c.dx + cs * v.dx - sn * v.dy, viewport.minY + c.dy + sn * v.dx + cs * v.dy)
    }

    /// Surface point → content point.
    public func invert(_ s: Point) -> Point {
        if rotation == 0 {
            return Point((s.x - viewport.minX + offset.dx) / zoom, (s.y - viewport.minY + offset.dy) / zoom)
        }
        let c = half
        let v = Vector(s.x - viewport.minX - c.dx, s.y - viewport.minY - c.dy)
        let cs = Math.cos(-rotation), sn = Math.sin(-rotation)
        let r = Vector(cs * v.dx - sn * v.dy, sn * v.dx + cs * v.dy)
        return Point((r.dx + c.dx + offset.dx) / zoom, (r.dy + c.dy + offset.dy) / zoom)
    }

    /// A content rectangle on the surface: its axis-aligned bounding box, points.
    public func apply(_ r: Rect) -> Rect {
        if rotation == 0 {
            return Rect(x: viewport.minX + zoom * r.minX - offset.dx, y: viewport.minY + zoom * r.minY - offset.dy,
                        width: zoom * r.width, height: zoom * r.height)
        }
        let ps = [apply(r.origin), apply(Point(r.maxX, r.minY)), apply(Point(r.minX, r.maxY)), apply(Point(r.maxX, r.maxY))]
        return ps.dropFirst().reduce(Rect(corner: ps[0], ps[0])) { $0.union(Rect(corner: $1, $1)).union(Rect(corner: ps[0], $1)) }
    }

    /// A surface rectangle in content space (bounding box), points at zoom 1.
    public func invert(_ r: Rect) -> Rect {
        let ps = [invert(r.origin), invert(Point(r.maxX, r.minY)), invert(Point(r.minX, r.maxY)), invert(Point(r.maxX, r.maxY))]
        var lo = ps[0], hi = ps[0]
        for p in ps { lo = Point(min(lo.x, p.x), min(lo.y, p.y)); hi = Point(max(hi.x, p.x), max(hi.y, p.y)) }
        return Rect(corner: lo, hi)
    }

    public var description: String { "viewport \(viewport) offset \(offset) zoom \(zoom) rot \(rotation)" }
}

