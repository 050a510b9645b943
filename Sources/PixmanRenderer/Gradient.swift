// Gradients, rendered once per pixel size into an image and cached (a full-screen radial
// gradient re-made per frame costs ~30 ms at 1080p, issue 6).
import PointerEngine

/// A linear or radial gradient; positions are fractions of the filled rectangle (0…1).
public struct Gradient: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        public var offset: Double
        public var color: Color
        public init(_ offset: Double, _ color: Color) { self.offset = offset; self.color = color }
    }
    public enum Kind: Hashable, Sendable {
        /// From `from` to `to`, unit coordinates of the rectangle.
        case linear(from: Point, to: Point)
        /// Around `center` (unit coordinates) with `radius` as a fraction of the longer side.
        case radial(center: Point, radius: Double)
    }
    public var kind: Kind
    public var stops: [Stop]

    public init(_ kind: Kind, stops: [Stop]) { self.kind = kind; self.stops = stops }

    /// Top-to-bottom linear gradient.
    public static func vertical(_ top: Color, _ bottom: Color) -> Gradient {
        Gradient(.linear(from: Point(0.5, 0), to: Point(0.5, 1)), stops: [Stop(0, top), Stop(1, bottom)])
    }
}

struct GradientKey: Hashable {
    var gradient: Gradient
    var width: Int
    var height: Int

    func render() -> PixmanImage {
        let img = PixmanImage.owning(layout: .argb32, width: width, height: height)
        let w = Double(width), h = Double(height)
        let stops = gradient.stops.map { (offset: $0.offset, color: $0.color.straight16) }
        let source: PixmanImage
        switch gradient.kind {
        case .linear(let a, let b):
            source = .linearGradient(from: (a.x * w, a.y * h), to: (b.x * w, b.y * h), stops: stops)
        case .radial(let c, let r):
            source = .radialGradient(center: (c.x * w, c.y * h), radius: max(r * max(w, h), 0.5), stops: stops)
        }
        img.composite(.source, source: source, to: 0, 0, width: width, height: height)
        return img
    }
}
