// Pre-blended coverage. A solid colour drawn through an a8 coverage (a soft shadow, a line of
// text) over one known opaque colour gives fixed pixels: a full repaint copies them from a
// cached image instead of filling the colour below and then blending on top (after the plain
// fills, pixman's per-pixel blending of shadows and text was the largest cost, issue 6 §5).
// The image is made by the very pixman call the direct path makes, so pixels are identical.
import PointerEngine

/// What an a8 coverage shows: the cache key of a pre-blended image, with its colours.
enum CoverageKey: Hashable {
    case mask(MaskKey)
    /// A line of text at a canvas scale (one cached run image per line).
    case text(String, Font, scale: Double)
}

/// A solid colour drawn through one coverage image whose top-left lands at pixel (x, y).
struct CoveredSolid {
    var key: CoverageKey
    var color: PremultipliedColor
    var mask: PixmanImage
    var x: Int
    var y: Int
}

struct PreblendKey: Hashable {
    var coverage: CoverageKey
    var color: PremultipliedColor
    var under: PremultipliedColor
}

extension Canvas {
    /// The operation as one solid colour through one coverage image (shadows and text), or nil.
    func coveredSolid(_ op: DrawOp) -> CoveredSolid? {
        switch op {
        case .shadow(let shape, let rect, let blur, let offset, let color) where color.alpha > 0:
            let (key, x, y) = shadowMask(of: shape, in: rect, blur: blur, offset: offset)
            return CoveredSolid(key: .mask(key), color: color.premultiplied, mask: cache.mask(key), x: x, y: y)
        case .text(let text, let font, let baseline, let color) where color.alpha > 0:
            guard let (img, x, y) = cache.text.runImage(text, font, baseline: baseline, scale: scale) else { return nil }
            return CoveredSolid(key: .text(text, font, scale: scale), color: color.premultiplied, mask: img, x: x, y: y)
        default:
            return nil
        }
    }

    /// Replaces the pixels of `box` (inside the clip) with those of `image` placed with its
    /// top-left at pixel (x, y).
    func copy(_ source: PixmanImage, placedAt x: Int, _ y: Int, box: PixelRect) {
        let r = box.intersection(clip)
        image.composite(.source, source: source, sourceAt: r.x - x, r.y - y, to: r.x, r.y, width: r.width, height: r.height)
    }

    /// Pixels an operation never touches inside its bounds: the hole of a rect-like outline
    /// (its four edge strips are all `stroke` draws); empty for everything else.
    func untouchedInterior(of op: DrawOp) -> PixelRect {
        guard case .stroke(let shape, let rect, let lineWidth, _) = op else { return .zero }
        switch shape {
        case .rect, .roundedRect, .capsule:
            let px = snapped(rect)
            let line = max(lineWidth * scale, 0.25)
            let edge = max(Int(cornerRadiusPixels(shape, px).rounded(.up)), Int(line.rounded(.up)))
            let lw = Int(line.rounded(.up))
            guard px.width > 2 * edge && px.height > 2 * edge else { return .zero }
            return PixelRect(x: px.x + lw, y: px.y + edge, width: px.width - 2 * lw, height: px.height - 2 * edge)
        case .ellipse, .path:
            return .zero
        }
    }
}

extension RenderCache {
    /// `covered`'s colour through its coverage over the opaque colour `under`, as an image of
    /// the coverage's size (made once, cached like masks).
    func preblended(_ covered: CoveredSolid, over under: PremultipliedColor) -> PixmanImage {
        let key = PreblendKey(coverage: covered.key, color: covered.color, under: under)
        return preblendedImage(key) {
            let m = covered.mask
            let img = PixmanImage.owning(layout: .argb32, width: m.width, height: m.height)
            img.fill(.source, under, x: 0, y: 0, width: m.width, height: m.height)
            img.composite(.over, source: solid(covered.color), mask: m, to: 0, 0, width: m.width, height: m.height)
            return img
        }
    }
}
