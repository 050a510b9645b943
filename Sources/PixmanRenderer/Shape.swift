// Shapes the canvas draws, and the keys under which their masks are cached.
import PointerEngine

/// A shape drawn into a rectangle (points).
public enum Shape: Hashable, Sendable {
    case rect
    /// Corner radius in points (clamped to half the shorter side).
    case roundedRect(cornerRadius: Double)
    /// Fully rounded ends (a pill).
    case capsule
    /// An ellipse inscribed in the rectangle (a circle when square).
    case ellipse
    /// A path mapped from its own bounds onto the rectangle (so it scales with it).
    case path(Path)

    /// Corner radius in points for a rectangle of `size`, or nil for non-rectangular shapes.
    func cornerRadius(for size: Size) -> Double? {
        switch self {
        case .rect: return 0
        case .roundedRect(let r): return min(max(r, 0), min(size.width, size.height) / 2)
        case .capsule: return min(size.width, size.height) / 2
        case .ellipse, .path: return nil
        }
    }
}

/// What a cached a8 mask shows, in whole buffer pixels.
enum MaskKey: Hashable {
    /// Rounded rect of `width`×`height` px, corner radius in 1/16 px.
    case roundedRect(width: Int, height: Int, radius16: Int)
    /// Inner ring of a rounded rect, line width in 1/16 px.
    case ring(width: Int, height: Int, radius16: Int, line16: Int)
    case ellipse(width: Int, height: Int)
    /// Path filled (stroke16 == 0) or stroked, mapped onto `width`×`height` px.
    case path(Path, width: Int, height: Int, stroke16: Int)
    /// A blurred mask: `base` padded by `padding` px and blurred with σ in 1/16 px.
    indirect case shadow(MaskKey, sigma16: Int, padding: Int)

    static func q16(_ v: Double) -> Int { Int((v * 16).rounded()) }

    /// The mask's size in pixels.
    var size: (width: Int, height: Int) {
        switch self {
        case .roundedRect(let w, let h, _), .ring(let w, let h, _, _), .ellipse(let w, let h), .path(_, let w, let h, _):
            return (w, h)
        case .shadow(let base, _, let pad):
            let s = base.size
            return (s.width + 2 * pad, s.height + 2 * pad)
        }
    }

    func coverage() -> Coverage {
        switch self {
        case .roundedRect(let w, let h, let r16):
            return .roundedRect(width: w, height: h, radius: Double(r16) / 16)
        case .ring(let w, let h, let r16, let l16):
            return .roundedRectRing(width: w, height: h, radius: Double(r16) / 16, lineWidth: Double(l16) / 16)
        case .ellipse(let w, let h):
            return .ellipse(width: w, height: h)
        case .path(let path, let w, let h, let s16):
            let b = path.bounds
            let stroke = Double(s16) / 16
            // A stroked path keeps its stroke inside the box: map bounds inset by half the line.
            let inset = stroke / 2
            let sx = b.width > 0 ? (Double(w) - 2 * inset) / b.width : 1
            let sy = b.height > 0 ? (Double(h) - 2 * inset) / b.height : 1
            let lines = path.flattened(pixelsPerUnit: max(sx, sy)) { p in
                ((p.x - b.minX) * sx + inset, (p.y - b.minY) * sy + inset)
            }
            if s16 == 0 {
                return .polygons(lines.map(\.points), width: w, height: h)
            }
            return .polygons(strokePolygons(lines, width: stroke), width: w, height: h)
        case .shadow(let base, let s16, let pad):
            let inner = base.coverage()
            var c = Coverage(width: inner.width + 2 * pad, height: inner.height + 2 * pad)
            c.paste(inner, at: pad, pad)
            c.blur(sigma: Double(s16) / 16)
            return c
        }
    }
}
