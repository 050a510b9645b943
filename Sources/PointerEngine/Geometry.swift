// Geometry in logical points (SPEC: 1 pt = s pixels at buffer scale s). Pure value types.

/// A position in points.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal position, points, growing rightwards.
    public var x: Double
    /// Vertical position, points, growing downwards.
    public var y: Double
    /// The point at (`x`, `y`).
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The point at (`x`, `y`).
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// The origin (0, 0).
    public static let zero = Point(x: 0, y: 0)
    /// The point moved by `v`.
    @inlinable public static func + (p: Point, v: Vector) -> Point { Point(x: p.x + v.dx, y: p.y + v.dy) }
    /// The point moved by minus `v`.
    @inlinable public static func - (p: Point, v: Vector) -> Point { Point(x: p.x - v.dx, y: p.y - v.dy) }
    /// The displacement from `b` to `a`.
    @inlinable public static func - (a: Point, b: Point) -> Vector { Vector(dx: a.x - b.x, dy: a.y - b.y) }
    /// The straight-line distance to `other`, points.
    @inlinable public func distance(to other: Point) -> Double { (self - other).length }
    /// Linear interpolation: t = 0 gives self, t = 1 gives `other`.
    @inlinable public func lerp(to other: Point, _ t: Double) -> Point {
        Point(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
    }
    public var description: String { "(\(x), \(y))" }
}

/// A displacement or velocity in points (or points per second where named so).
public struct Vector: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal component, points.
    public var dx: Double
    /// Vertical component, points (positive downwards).
    public var dy: Double
    /// The vector (`dx`, `dy`).
    @inlinable public init(dx: Double, dy: Double) { self.dx = dx; self.dy = dy }
    /// The vector (`dx`, `dy`).
    @inlinable public init(_ dx: Double, _ dy: Double) { self.dx = dx; self.dy = dy }
    /// No displacement.
    public static let zero = Vector(dx: 0, dy: 0)
    /// The Euclidean length.
    @inlinable public var length: Double { (dx * dx + dy * dy).squareRoot() }
    /// The sum of two vectors.
    @inlinable public static func + (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx + b.dx, dy: a.dy + b.dy) }
    /// The difference of two vectors.
    @inlinable public static func - (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx - b.dx, dy: a.dy - b.dy) }
    /// The vector scaled by `s`.
    @inlinable public static func * (v: Vector, s: Double) -> Vector { Vector(dx: v.dx * s, dy: v.dy * s) }
    /// The vector divided by `s`.
    @inlinable public static func / (v: Vector, s: Double) -> Vector { Vector(dx: v.dx / s, dy: v.dy / s) }
    /// The opposite vector.
    @inlinable public static prefix func - (v: Vector) -> Vector { Vector(dx: -v.dx, dy: -v.dy) }
    public var description: String { "(\(dx), \(dy))" }
}

/// A width and a height in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Width, points.
    public var width: Double
    /// Height, points.
    public var height: Double
    /// The size `width` × `height`.
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// The size `width` × `height`.
    @inlinable public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    /// The empty size.
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(width)×\(height)" }
}

/// An axis-aligned rectangle; `origin` is the top-left corner. Width/height are never negative
/// when built through `init(x:y:width:height:)` with non-negative sizes; `standardized` fixes others.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size
    /// The rectangle at `origin` of `size`.
    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// The rectangle whose top-left corner is (`x`, `y`).
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y); size = Size(width: width, height: height)
    }
    /// The rectangle spanned by two corners, in any order (band selection).
    @inlinable public init(corner a: Point, _ b: Point) {
        self.init(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
    }
    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    @inlinable public var minX: Double { origin.x }
    /// The top edge.
    @inlinable public var minY: Double { origin.y }
    /// The right edge.
    @inlinable public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    @inlinable public var maxY: Double { origin.y + size.height }
    /// The horizontal centre.
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre.
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    /// The width.
    @inlinable public var width: Double { size.width }
    /// The height.
    @inlinable public var height: Double { size.height }
    /// The centre point.
    @inlinable public var center: Point { Point(x: midX, y: midY) }
    /// Whether the rectangle covers no area.
    @inlinable public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// The same rectangle with a non-negative width and height.
    public var standardized: Rect { Rect(corner: origin, Point(x: maxX, y: maxY)) }

    /// Half-open containment: the right and bottom edges belong to the neighbour.
    @inlinable public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }
    /// Whether `r` lies wholly inside this rectangle.
    @inlinable public func contains(_ r: Rect) -> Bool {
        r.minX >= minX && r.maxX <= maxX && r.minY >= minY && r.maxY <= maxY
    }
    /// Whether the rectangles overlap (touching edges do not).
    @inlinable public func intersects(_ r: Rect) -> Bool {
        r.minX < maxX && r.maxX > minX && r.minY < maxY && r.maxY > minY
    }
    /// The overlap, or nil when the rectangles do not overlap.
    public func intersection(_ r: Rect) -> Rect? {
        let x0 = Swift.max(minX, r.minX), y0 = Swift.max(minY, r.minY)
        let x1 = Swift.min(maxX, r.maxX), y1 = Swift.min(maxY, r.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// The smallest rectangle containing both; an empty rectangle does not contribute.
    public func union(_ r: Rect) -> Rect {
        if isEmpty { return r }
        if r.isEmpty { return self }
        return Rect(corner: Point(x: Swift.min(minX, r.minX), y: Swift.min(minY, r.minY)),
                    Point(x: Swift.max(maxX, r.maxX), y: Swift.max(maxY, r.maxY)))
    }
    /// Grows (positive) or shrinks (negative) every edge by `d` points.
    @inlinable public func insetBy(_ d: Double) -> Rect {
        Rect(x: minX + d, y: minY + d, width: Swift.max(0, width - 2 * d), height: Swift.max(0, height - 2 * d))
    }
    /// Grows every edge by `d` points (`insetBy(-d)`).
    @inlinable public func outsetBy(_ d: Double) -> Rect { insetBy(-d) }
    /// The rectangle moved by `v`.
    @inlinable public func offsetBy(_ v: Vector) -> Rect { Rect(origin: origin + v, size: size) }
    /// Scales about the centre.
    public func scaled(by s: Double) -> Rect {
        let w = width * s, h = height * s
        return Rect(x: midX - w / 2, y: midY - h / 2, width: w, height: h)
    }
    /// The point of the rectangle closest to `p` (p itself when inside).
    public func clamp(_ p: Point) -> Point {
        Point(x: Swift.min(Swift.max(p.x, minX), maxX), y: Swift.min(Swift.max(p.y, minY), maxY))
    }
    /// Distance from `p` to the rectangle (0 inside).
    public func distance(to p: Point) -> Double { clamp(p).distance(to: p) }

    public var description: String { "[\(minX), \(minY) \(width)×\(height)]" }
}

/// Edges of a rectangle (which sides of a band's visible part lie on the window's edge, I1).
public struct RectEdges: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The left edge.
    public static let minX = Self(rawValue: 1 << 0)
    /// The right edge.
    public static let maxX = Self(rawValue: 1 << 1)
    /// The top edge.
    public static let minY = Self(rawValue: 1 << 2)
    /// The bottom edge.
    public static let maxY = Self(rawValue: 1 << 3)

    /// The edges of `r` that lie on (or beyond) those of `bounds`, within `tolerance` points.
    public static func of(_ r: Rect, on bounds: Rect, tolerance: Double = 0.5) -> RectEdges {
        var e: RectEdges = []
        if r.minX <= bounds.minX + tolerance { e.insert(.minX) }
        if r.maxX >= bounds.maxX - tolerance { e.insert(.maxX) }
        if r.minY <= bounds.minY + tolerance { e.insert(.minY) }
        if r.maxY >= bounds.maxY - tolerance { e.insert(.maxY) }
        return e
    }
}

/// Interpolation helpers shared by springs and cross-fades.
@inlinable package func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

@inlinable package func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { Swift.min(Swift.max(v, lo), hi) }
