// Rounded item clips (a scroll view with rounded corners clips its content, I5) and turned
// items (a canvas rotated by a gesture, G5). Both render only the pixels that need it through
// a scratch image: the corner squares of a rounded clip; the unturned content of a rotated item
// (cached until its operations change, so turning alone re-renders nothing), and its turned
// pixels once the turn holds still (so repainting over a turned canvas samples nothing, issue 20).
import PointerEngine

/// A clip rectangle with rounded corners, in pixels.
struct RoundedClip: Hashable {
    var rect: PixelRect
    /// Corner radius, pixels (at most half the shorter side).
    var radius: Double

    /// Side of the corner squares: outside them the clip is its plain rectangle.
    var corner: Int { Int(radius.rounded(.up)) }

    /// The clip without its corner squares: a horizontal band and a vertical one.
    var cross: (PixelRect, PixelRect) {
        let c = corner
        return (PixelRect(x: rect.x, y: rect.y + c, width: rect.width, height: rect.height - 2 * c),
                PixelRect(x: rect.x + c, y: rect.y, width: rect.width - 2 * c, height: rect.height))
    }

    /// The cross as disjoint parts: the middle band, the strips above and below it.
    var crossParts: [PixelRect] {
        let c = corner
        return [PixelRect(x: rect.x, y: rect.y + c, width: rect.width, height: rect.height - 2 * c),
                PixelRect(x: rect.x + c, y: rect.y, width: rect.width - 2 * c, height: c),
                PixelRect(x: rect.x + c, y: rect.maxY - c, width: rect.width - 2 * c, height: c)]
    }

    var corners: [PixelRect] {
        let c = corner
        return [PixelRect(x: rect.x, y: rect.y, width: c, height: c), PixelRect(x: rect.maxX - c, y: rect.y, width: c, height: c),
                PixelRect(x: rect.x, y: rect.maxY - c, width: c, height: c), PixelRect(x: rect.maxX - c, y: rect.maxY - c, width: c, height: c)]
    }

    /// A mask of just the four corners (a 2c × 2c rounded square: its quarters are the clip's
    /// corners, whatever the clip's size), so big viewports cache no big mask.
    var cornerMask: MaskKey { .roundedRect(width: 2 * corner, height: 2 * corner, radius16: MaskKey.q16(radius)) }

    /// Where pixel (x, y) of a corner square lies in `cornerMask`.
    func maskOffset(x: Int, y: Int) -> (Int, Int) {
        let c = corner
        return (x < rect.x + c ? x - rect.x : x - (rect.maxX - 2 * c), y < rect.y + c ? y - rect.y : y - (rect.maxY - 2 * c))
    }
}

extension Canvas {
    /// The item's clip in pixels when it has rounded corners, else nil.
    func roundedClip(of item: DisplayItem) -> RoundedClip? {
        guard let c = item.clip, item.clipCornerRadius > 0 else { return nil }
        let px = snapped(c)
        let r = min(item.clipCornerRadius * scale, Double(min(px.width, px.height)) / 2)
        guard r >= 0.5 else { return nil }
        return RoundedClip(rect: px, radius: r)
    }

    /// Runs `body` with every operation limited to the item's rounded clip (when it has one).
    func withRoundedClip(_ item: DisplayItem, _ body: () -> Void) {
        guard let rc = roundedClip(of: item) else { body(); return }
        let saved = roundedClip
        roundedClip = rc
        defer { roundedClip = saved }
        body()
    }

    /// One operation through a rounded clip: drawn plainly over the clip's cross; in each corner
    /// square drawn into a scratch image, then composited through the corner coverage.
    ///
    /// When recording (`prepare`), the cross parts record their calls and each corner square
    /// keeps an image of its own with the operation's pixels there (the shared scratch is
    /// overwritten by the next corner): replaying composites it through the same corner mask,
    /// the very call drawing makes, so the pixels are the same. That image depends only on the
    /// operation and the clip, which the record's validity covers (`SceneRenderer` records per
    /// item clip in pixels); it uses no cache entry, so it is made with the recording paused.
    func drawRoundedClipped(_ op: DrawOp, _ rc: RoundedClip) {
        let reach = bounds(of: op).intersection(clip).intersection(rc.rect)
        guard !reach.isEmpty else { return }
        for part in rc.crossParts {
            let r = part.intersection(reach)
            if !r.isEmpty { withClip(r) { drawUnclipped(op) } }
        }
        for square in rc.corners {
            let r = square.intersection(reach)
            guard !r.isEmpty else { continue }
            let s: Canvas
            if recorder == nil {
                s = scratchCanvas(covering: r)
                s.clear(.clear)
                s.drawUnclipped(op)
            } else {
                s = Canvas(owning: PixmanImage.owning(layout: .argb32, width: r.width, height: r.height), scale: scale, cache: cache)
                s.place(at: r)
                let recording = cache.budget.recording
                cache.budget.recording = nil
                s.drawUnclipped(op)
                cache.budget.recording = recording
            }
            let (mx, my) = rc.maskOffset(x: r.x, y: r.y)
            composite(.over, source: s.image, mask: cache.mask(rc.cornerMask), sourceAt: 0, 0, maskAt: mx, my, to: r, recordedAs: .clipCorner)
        }
    }

    /// A transparent-able ARGB canvas standing for `r` of this one (same scale and caches),
    /// reused between calls.
    func scratchCanvas(covering r: PixelRect) -> Canvas {
        if let s = cornerScratch, s.width >= r.width, s.height >= r.height {
            s.place(at: r)
            return s
        }
        let s = Canvas(owning: PixmanImage.owning(layout: .argb32, width: max(r.width, 32), height: max(r.height, 32)),
                       scale: scale, cache: cache)
        s.place(at: r)
        cornerScratch = s
        return s
    }

    // MARK: Rotation

    /// The unturned pixels worth rendering for a rotated item: its operations' bounds, and when
    /// it is clipped, only what can turn into the clip at any angle (a disc about the centre),
    /// so the rendered image does not depend on the angle.
    func rotationSource(of item: DisplayItem) -> PixelRect {
        var b = item.ops.reduce(PixelRect.zero) { $0.union(bounds(of: $1)) }
        if let c = item.clip, let rot = item.rotation {
            let px = snapped(c)
            let cx = rot.center.x * scale, cy = rot.center.y * scale
            var r2 = 0.0
            for (x, y) in [(px.x, px.y), (px.maxX, px.y), (px.x, px.maxY), (px.maxX, px.maxY)] {
                let dx = Double(x) - cx, dy = Double(y) - cy
                r2 = max(r2, dx * dx + dy * dy)
            }
            let r = r2.squareRoot() + 2
            b = b.intersection(PixelRect(x: Int((cx - r).rounded(.down)), y: Int((cy - r).rounded(.down)),
                                         width: Int((2 * r).rounded(.up)) + 1, height: Int((2 * r).rounded(.up)) + 1))
        }
        return b
    }

    /// Every pixel a rotated item may touch: its turned source, a pixel wider for the bilinear
    /// edge, inside its clip.
    func rotatedBounds(of item: DisplayItem) -> PixelRect { rotatedBounds(of: item, source: rotationSource(of: item)) }

    /// `rotatedBounds(of:)` for the item's `rotationSource`, `src`.
    func rotatedBounds(of item: DisplayItem, source src: PixelRect) -> PixelRect {
        guard let rot = item.rotation, !src.isEmpty else { return .zero }
        let (sn, cs) = (Math.sin(rot.angle), Math.cos(rot.angle))
        let cx = rot.center.x * scale, cy = rot.center.y * scale
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for (x, y) in [(src.x, src.y), (src.maxX, src.y), (src.x, src.maxY), (src.maxX, src.maxY)] {
            let dx = Double(x) - cx, dy = Double(y) - cy
            let px = cx + cs * dx - sn * dy, py = cy + sn * dx + cs * dy
            x0 = min(x0, px); y0 = min(y0, py); x1 = max(x1, px); y1 = max(y1, py)
        }
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, abs(x0) < 1e7, abs(y0) < 1e7, abs(x1) < 1e7, abs(y1) < 1e7
        else { return .zero }
        let b = PixelRect(x: Int(x0.rounded(.down)) - 1, y: Int(y0.rounded(.down)) - 1,
                          width: Int(x1.rounded(.up)) - Int(x0.rounded(.down)) + 2, height: Int(y1.rounded(.up)) - Int(y0.rounded(.down)) + 2)
        return item.clip.map { b.intersection(snapped($0)) } ?? b
    }

    /// Draws a rotated item: its operations rendered unturned once (cached until they change),
    /// then composited turned, bilinear, inside the clip — or, once the turn has held still
    /// long enough, its turned pixels kept (`RenderCache.turned`) and composited plainly.
    func drawRotated(_ item: DisplayItem) {
        guard let rot = item.rotation else { return }
        let src = rotationSource(of: item)
        let whole = rotatedBounds(of: item, source: src)
        let target = whole.intersection(clip)
        guard !target.isEmpty else { return }
        let unturned = cache.unturned(item, source: src, scale: scale) { canvas in
            for op in item.ops { canvas.drawUnclipped(op) }
        }
        let turn = Turn(angle: rot.angle, centerX: rot.center.x * scale, centerY: rot.center.y * scale, origin: src, bounds: whole)
        if let turned = cache.turned(item.id, of: unturned, turn, over: target) {
            image.composite(.over, source: turned, sourceAt: target.x - whole.x, target.y - whole.y, to: target.x, target.y,
                            width: target.width, height: target.height)
            return
        }
        turn.apply(to: unturned)
        image.composite(.over, source: unturned, sourceAt: target.x, target.y, to: target.x, target.y,
                        width: target.width, height: target.height)
    }
}

/// How a rotated item's unturned image is turned onto the canvas: the angle, the centre in
/// pixels, where the image lies unturned (`origin`, its position matters) and every pixel
/// the turn reaches (`bounds`).
struct Turn: Equatable {
    var angle: Double
    var centerX: Double, centerY: Double
    var origin: PixelRect
    var bounds: PixelRect

    /// Sets the image's sampling to this turn (destination pixels as source coordinates).
    func apply(to unturned: PixmanImage) {
        unturned.setRotation(cos: Math.cos(angle), sin: Math.sin(angle), aboutX: centerX, centerY, origin: (origin.x, origin.y))
    }
}

extension RenderCache {
    /// The unturned image of a rotated item, rendered by `draw` when the item's operations,
    /// source rectangle or scale changed since last time.
    func unturned(_ item: DisplayItem, source: PixelRect, scale: Double, draw: (Canvas) -> Void) -> PixmanImage {
        let key = UnturnedKey(ops: item.ops, source: source, scale: scale)
        if let e = unturnedStore.value(item.id), e.key == key { return e.image }
        let img = PixmanImage.owning(layout: .argb32, width: source.width, height: source.height)
        let canvas = Canvas(owning: img, scale: scale, cache: self)
        canvas.place(at: source)
        draw(canvas)
        unturnedStore.insert(item.id, (key, img), bytes: img.byteCount)
        return img
    }
}

extension RenderCache {
    /// The turned pixels of a rotated item over `target` — its unturned image sampled through
    /// `turn` over transparent, kept in an image covering `turn.bounds` — or nil: draw it
    /// turned directly this time.
    ///
    /// Bilinear sampling through a turn costs several times a plain composite per pixel, and a
    /// canvas left turned after a pinch was sampled again for every repaint over it (a pointer
    /// moving across it, a scroll beside it: issue 20). The kept image holds each pixel's sample
    /// exactly (composited with SOURCE over nothing), and compositing it OVER the canvas blends
    /// that same sample with the same operator, so the pixels equal the direct path's
    /// (`ClipRotationTests`). Pixels are sampled into it as repaints first need them, so no
    /// frame samples more than it would have drawn. Kept only for a turn that holds from one
    /// frame to the next (a pinch turns it every frame: then nothing is kept), and never for an
    /// image above a quarter of the byte budget.
    func turned(_ id: ItemID, of unturned: PixmanImage, _ turn: Turn, over target: PixelRect) -> PixmanImage? {
        guard keepsTurnedImages else { return nil }
        let b = turn.bounds
        guard let kept = turnedStore.value(id), kept.unturned === unturned, kept.turn == turn else {
            turnedStore.insert(id, TurnedImage(unturned: unturned, turn: turn, frame: frame), bytes: TurnedImage.bookkeepingBytes)
            return nil
        }
        let image: PixmanImage
        if let i = kept.image {
            image = i
        } else {
            guard frame != kept.frame, b.area * 4 <= byteLimit / 4 else { return nil }
            image = PixmanImage.owning(layout: .argb32, width: b.width, height: b.height)
            kept.image = image
            turnedStore.insert(id, kept, bytes: image.byteCount + TurnedImage.bookkeepingBytes)
            turnedImagesMade += 1
        }
        if kept.sampled.overlap(target) != .inside {
            turn.apply(to: unturned)
            for r in kept.sampled.remainder(of: target) {
                image.composite(.source, source: unturned, sourceAt: r.x, r.y, to: r.x - b.x, r.y - b.y, width: r.width, height: r.height)
            }
            kept.sampled.add(target)
        }
        return image
    }
}

/// A rotated item's turn as last drawn, and its turned pixels once kept (`RenderCache.turned`).
final class TurnedImage {
    /// The unturned image it samples (held, so a new image is never mistaken for it).
    let unturned: PixmanImage
    let turn: Turn
    /// The frame (`RenderCache.frame`) the turn was first drawn in.
    let frame: Int
    var image: PixmanImage?
    /// Where `image` holds samples (canvas pixels).
    let sampled = PixelRegion()
    /// What an entry without an image is counted as in the byte budget.
    static let bookkeepingBytes = 256

    init(unturned: PixmanImage, turn: Turn, frame: Int) {
        self.unturned = unturned; self.turn = turn; self.frame = frame
    }
}

/// What an item's unturned image shows.
struct UnturnedKey: Hashable {
    var ops: [DrawOp]
    var source: PixelRect
    var scale: Double
}
