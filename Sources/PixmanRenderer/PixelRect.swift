// Integer rectangles in buffer pixels: damage, clips, mask placement.
import PointerEngine

/// A rectangle of whole buffer pixels (top-left origin, half-open).
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var area: Int { isEmpty ? 0 : width * height }

    /// The smallest pixel rectangle covering `rect` (points) at `scale`: every pixel the shape
    /// touches, so repainting it leaves no stale anti-aliased fringe.
    public init(covering rect: Rect, scale: Double) {
        let x0 = (rect.minX * scale).rounded(.down), y0 = (rect.minY * scale).rounded(.down)
        let x1 = (rect.maxX * scale).rounded(.up), y1 = (rect.maxY * scale).rounded(.up)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { self = .zero; return }
        self.init(x: Int(x0), y: Int(y0), width: Swift.max(0, Int(x1 - x0)), height: Swift.max(0, Int(y1 - y0)))
    }

    public func intersection(_ r: PixelRect) -> PixelRect {
        let x0 = Swift.max(x, r.x), y0 = Swift.max(y, r.y)
        let x1 = Swift.min(maxX, r.maxX), y1 = Swift.min(maxY, r.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func intersects(_ r: PixelRect) -> Bool {
        !isEmpty && !r.isEmpty && r.x < maxX && r.maxX > x && r.y < maxY && r.maxY > y
    }

    public func union(_ r: PixelRect) -> PixelRect {
        if isEmpty { return r }
        if r.isEmpty { return self }
        let x0 = Swift.min(x, r.x), y0 = Swift.min(y, r.y)
        return PixelRect(x: x0, y: y0, width: Swift.max(maxX, r.maxX) - x0, height: Swift.max(maxY, r.maxY) - y0)
    }

    public func contains(_ r: PixelRect) -> Bool {
        r.isEmpty || (r.x >= x && r.y >= y && r.maxX <= maxX && r.maxY <= maxY)
    }

    public func outset(by d: Int) -> PixelRect {
        PixelRect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d)
    }

    public var description: String { "[\(x),\(y) \(width)×\(height)]" }
}
