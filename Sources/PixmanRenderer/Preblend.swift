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
    /// One corner square of an opaque rounded gradient (`GradientCorners`): the gradient
    /// image through the corner mask.
    case gradientCorner(GradientKey, MaskKey, right: Bool, bottom: Bool)
}

/// How an opaque rounded gradient is drawn split (`Canvas.fill(_:in:_:opacity:)`): copied or
/// spread plainly but for its four `corner`-pixel corner squares, which alone go through the
/// corner mask. Over one known colour those squares' pixels are fixed, like a shadow's.
struct GradientCorners {
    var gradient: GradientKey
    var mask: MaskKey
    /// The shape's pixels and its corner squares' side.
    var px: PixelRect
    var corner: Int

    /// The corner squares: top-left, top-right, bottom-left, bottom-right.
    var squares: [(rect: PixelRect, right: Bool, bottom: Bool)] {
        let c = corner
        return [(false, false), (true, false), (false, true), (true, true)].map { right, bottom in
            (PixelRect(x: right ? px.maxX - c : px.x, y: bottom ? px.maxY - c : px.y, width: c, height: c), right, bottom)
        }
    }
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
    /// The operation, where it covers `box`, as one solid colour through one coverage image:
    /// shadows and text; the corner squares of rounded rects (through the small mask of just
    /// the corners, whose quarters are any such rect's corners); small ellipses and paths.
    func coveredSolid(_ op: DrawOp, box: PixelRect) -> CoveredSolid? {
        switch op {
        case .shadow(let shape, let rect, let blur, let offset, let color) where color.alpha > 0:
            let (key, x, y) = shadowMask(of: shape, in: rect, blur: blur, offset: offset)
            return CoveredSolid(key: .mask(key), color: color.premultiplied, mask: cache.mask(key), x: x, y: y)
        case .text(let text, let font, let baseline, let color) where color.alpha > 0:
            guard let (img, x, y) = cache.text.runImage(text, font, baseline: baseline, scale: scale) else { return nil }
            return CoveredSolid(key: .text(text, font, scale: scale), color: color.premultiplied, mask: img, x: x, y: y)
        case .fill(let shape, let rect, let color) where color.alpha > 0:
            let px = snapped(rect)
            switch shape {
            case .rect:
                return nil
            case .roundedRect, .capsule:
                // As `fill` draws it: split (plain middle, masked corner squares) or whole.
                let rpx = cornerRadiusPixels(shape, px)
                let c = Int(rpx.rounded(.up))
                guard c > 0 else { return nil }
                guard px.width > 2 * c, px.height > 2 * c else { return covered(maskKey(shape, px), color, px) }
                let left = box.maxX <= px.x + c, right = box.x >= px.maxX - c
                let top = box.maxY <= px.y + c, bottom = box.y >= px.maxY - c
                guard (left || right) && (top || bottom) else { return nil }
                let key = Canvas.cornerMaskKey(maskKey(shape, px), corner: c)
                let at = PixelRect(x: left ? px.x : px.maxX - 2 * c, y: top ? px.y : px.maxY - 2 * c, width: 2 * c, height: 2 * c)
                return covered(key, color, at)
            case .ellipse, .path:
                return covered(maskKey(shape, px), color, px)
            }
        default:
            return nil
        }
    }

    /// An opaque rounded gradient drawn split, with its corner squares (nil for every other
    /// operation and for gradients drawn whole): the same conditions as its drawing.
    func gradientCorners(_ op: DrawOp) -> GradientCorners? {
        guard case .gradient(let shape, let rect, let gradient, let opacity) = op, opacity >= 1 else { return nil }
        switch shape {
        case .roundedRect, .capsule: break
        default: return nil
        }
        let px = snapped(rect)
        let corner = Int(cornerRadiusPixels(shape, px).rounded(.up))
        guard corner > 0, px.width > 2 * corner, px.height > 2 * corner, gradient.stops.allSatisfy({ $0.color.alpha >= 1 })
        else { return nil }
        return GradientCorners(gradient: GradientKey(gradient: gradient, width: px.width, height: px.height),
                               mask: Canvas.cornerMaskKey(maskKey(shape, px), corner: corner), px: px, corner: corner)
    }

    /// A solid colour through a cached mask placed at `at`, when its pre-blended image stays
    /// small (a big shape's edge is not worth a big image).
    private func covered(_ key: MaskKey, _ color: Color, _ at: PixelRect) -> CoveredSolid? {
        guard at.area <= Canvas.preblendedShapeArea else { return nil }
        return CoveredSolid(key: .mask(key), color: color.premultiplied, mask: cache.mask(key), x: at.x, y: at.y)
    }

    /// Largest shape (pixels) whose edge is pre-blended: 128 × 128.
    static let preblendedShapeArea = 128 * 128

    /// Replaces the pixels of `box` (inside the clip) with those of `image` placed with its
    /// top-left at pixel (x, y).
    func copy(_ source: PixmanImage, placedAt x: Int, _ y: Int, box: PixelRect) {
        let r = box.intersection(clip)
        image.copyRows(of: source, sourceAt: r.x - x, r.y - y, to: r.x, r.y, width: r.width, height: r.height)
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
    /// The corner square of `corners` at (`right`, `bottom`) over the opaque colour `under`,
    /// as the image of that square (the call `Canvas.paintCorner` makes, made once, cached).
    func preblended(_ corners: GradientCorners, right: Bool, bottom: Bool, over under: PremultipliedColor) -> PixmanImage {
        let key = PreblendKey(coverage: .gradientCorner(corners.gradient, corners.mask, right: right, bottom: bottom),
                              color: PremultipliedColor(r: 0, g: 0, b: 0, a: 0), under: under)
        return preblendedImage(key) {
            let c = corners.corner, px = corners.px
            let img = PixmanImage.owning(layout: .argb32, width: c, height: c)
            img.fill(.source, under, x: 0, y: 0, width: c, height: c)
            img.composite(.over, source: gradient(corners.gradient), mask: mask(corners.mask),
                          sourceAt: right ? px.width - c : 0, bottom ? px.height - c : 0, maskAt: right ? c : 0, bottom ? c : 0,
                          to: 0, 0, width: c, height: c)
            return img
        }
    }

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
