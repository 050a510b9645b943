// A canvas: a pixman image over ARGB8888 premultiplied pixels (a wl_shm buffer, or memory it
// owns for headless rendering). The API takes points; the canvas maps them to pixels at its
// scale, snapping shape edges to whole pixels so integer and fractional scales stay crisp.
import PointerEngine

/// Pixels to draw into, with drawing operations in points.
public final class Canvas {
    /// Size in pixels.
    public let width: Int
    public let height: Int
    /// Bytes per row.
    public let stride: Int
    /// Pixels per point (1, 2, 1.5, …).
    public var scale: Double
    /// Masks, shadows and gradients; share one cache between the canvases of a buffer chain.
    public let cache: RenderCache
    /// Drawing is limited to this pixel rectangle (the damage being repainted).
    public internal(set) var clip: PixelRect

    let image: PixmanImage
    /// Scratch a8 image for masks combined with an opacity.
    private var scratch: PixmanImage?
    /// The rounded clip operations are drawn through (set by `withRoundedClip`).
    var roundedClip: RoundedClip?
    /// Scratch canvas for the corner squares of rounded clips.
    var cornerScratch: Canvas?
    /// When set, drawing records its pixman calls here instead of making them (see `prepare`).
    var recorder: PreparedOp?

    /// A canvas over pixels the caller owns and keeps alive (WL_SHM_FORMAT_ARGB8888: 32-bit
    /// premultiplied words, native endian). Nil when the geometry is invalid (non-positive
    /// size, stride not a multiple of 4 or smaller than width × 4).
    public init?(pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, scale: Double = 1,
                 cache: RenderCache = RenderCache()) {
        guard scale > 0, let img = PixmanImage.wrapping(pixels, layout: .argb32, width: width, height: height, stride: stride)
        else { return nil }
        self.image = img; self.width = width; self.height = height; self.stride = stride
        self.scale = scale; self.cache = cache
        clip = PixelRect(x: 0, y: 0, width: width, height: height)
        cache.noteCanvas(bytes: stride * height)
    }

    /// An offscreen canvas owning its (transparent) pixels: headless rendering, tests, PNGs.
    public init(width: Int, height: Int, scale: Double = 1, cache: RenderCache = RenderCache()) {
        let img = PixmanImage.owning(layout: .argb32, width: max(width, 1), height: max(height, 1))
        self.image = img; self.width = img.width; self.height = img.height; self.stride = img.stride
        self.scale = scale > 0 ? scale : 1; self.cache = cache
        clip = PixelRect(x: 0, y: 0, width: img.width, height: img.height)
        cache.noteCanvas(bytes: img.stride * img.height)
    }

    /// A canvas over an image standing for part of a larger canvas (see `place(at:)`).
    init(owning img: PixmanImage, scale: Double, cache: RenderCache) {
        self.image = img; self.width = img.width; self.height = img.height; self.stride = img.stride
        self.scale = scale; self.cache = cache
        clip = PixelRect(x: 0, y: 0, width: img.width, height: img.height)
    }

    /// Makes this canvas's pixel (0, 0) stand for pixel `r.origin` of a larger canvas and limits
    /// drawing to `r`: drawing then uses the larger canvas's coordinates (and its pixel snapping).
    func place(at r: PixelRect) {
        image.originX = r.x; image.originY = r.y
        clip = PixelRect(x: r.x, y: r.y, width: min(r.width, width), height: min(r.height, height))
    }

    /// The pixel memory (ARGB8888 premultiplied rows of `stride` bytes).
    public var pixels: UnsafeMutableRawPointer { image.data }

    /// The canvas bounds in points.
    public var bounds: Rect { Rect(x: 0, y: 0, width: Double(width) / scale, height: Double(height) / scale) }

    /// The full pixel rectangle.
    public var pixelBounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Copies the pixels of `rect` from `other` (same size and stride), row by row.
    func copyPixels(_ rect: PixelRect, from other: Canvas) {
        let r = rect.intersection(pixelBounds)
        guard !r.isEmpty, other.width == width, other.height == height, other.stride == stride else { return }
        let src = other.pixels, dst = pixels, bytes = r.width * 4
        for y in r.y..<r.maxY {
            let offset = y * stride + r.x * 4
            (dst + offset).copyMemory(from: src + offset, byteCount: bytes)
        }
    }

    /// The premultiplied ARGB word at a pixel (0 outside).
    public func pixel(x: Int, y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return pixels.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }

    /// Runs `body` with drawing limited to `rect` (intersected with the current clip).
    public func withClip<R>(_ rect: PixelRect, _ body: () throws -> R) rethrows -> R {
        let saved = clip
        clip = clip.intersection(rect)
        defer { clip = saved }
        return try body()
    }

    /// The pixel rectangle a shape in `rect` (points) occupies: edges rounded to whole pixels,
    /// at least one pixel wide and high.
    public func snapped(_ rect: Rect) -> PixelRect { snapRect(rect, scale: scale) }

    // MARK: Fills

    /// Replaces every pixel inside the clip with `color` (no blending).
    public func clear(_ color: Color) {
        image.fill(.source, color.premultiplied, x: clip.x, y: clip.y, width: clip.width, height: clip.height)
    }


    /// Fills a rectangle (points), edges snapped to pixels.
    public func fill(_ rect: Rect, _ color: Color) {
        let r = snapped(rect).intersection(clip)
        guard color.alpha > 0, !r.isEmpty else { return }
        fillRect(color.alpha >= 1 ? .source : .over, color.premultiplied, r)
    }

    /// Fills pixels with a colour (recorded when preparing).
    @inline(__always)
    private func fillRect(_ op: CompositeOperator, _ c: PremultipliedColor, _ r: PixelRect) {
        if let recorder {
            recorder.record(PaintCall(kind: .fill, op: op, color: c, dest: r), nil)
            return
        }
        image.fill(op, c, x: r.x, y: r.y, width: r.width, height: r.height)
    }

    /// Composites onto this canvas (recorded when preparing, as a call of `kind`: `.composite`,
    /// or `.clipCorner` for an image of the operation's own pixels).
    @inline(__always)
    func composite(_ op: CompositeOperator, source: PixmanImage, mask: PixmanImage?, sourceAt sx: Int, _ sy: Int,
                   maskAt mx: Int, _ my: Int, to d: PixelRect, recordedAs kind: PaintCall.Kind = .composite) {
        if let recorder {
            recorder.record(PaintCall(kind: kind, op: op, source: .passUnretained(source), mask: mask.map { .passUnretained($0) }, dest: d, sx: sx, sy: sy, mx: mx, my: my),
                            source, mask)
            return
        }
        image.composite(op, source: source, mask: mask, sourceAt: sx, sy, maskAt: mx, my, to: d.x, d.y, width: d.width, height: d.height)
    }

    /// Spreads the first column of `source` over `d` (recorded when preparing).
    @inline(__always)
    private func spreadFirstColumn(of source: PixmanImage, sourceAt sx: Int, _ sy: Int, to d: PixelRect) {
        if let recorder {
            recorder.record(PaintCall(kind: .spreadFirstColumn, op: .source, source: .passUnretained(source), dest: d, sx: sx, sy: sy), source)
            return
        }
        image.spreadFirstColumn(of: source, sourceAt: sx, sy, to: d.x, d.y, width: d.width, height: d.height)
    }

    /// Fills `shape` laid into `rect` (points) with a colour, anti-aliased.
    public func fill(_ shape: Shape, in rect: Rect, _ color: Color) {
        guard color.alpha > 0 else { return }
        let px = snapped(rect)
        if case .rect = shape { fill(rect, color); return }
        let key = maskKey(shape, px)
        let source = cache.solid(color.premultiplied)
        let corner = Int(cornerRadiusPixels(shape, px).rounded(.up))
        if case .roundedRect = shape, px.height > 2 * corner, px.width > 2 * corner { fillSplit(px, corner, color, source, key); return }
        if case .capsule = shape, px.height > 2 * corner, px.width > 2 * corner { fillSplit(px, corner, color, source, key); return }
        paint(source: source, sourceOrigin: nil, mask: key, at: px.x, px.y, opacity: 1)
    }

    /// A rounded rect as plain fills everywhere but its four corner squares, which alone read
    /// the mask (a full-width strip through the mask cost 2 × width × corner mask reads).
    private func fillSplit(_ px: PixelRect, _ corner: Int, _ color: Color, _ source: PixmanImage, _ key: MaskKey) {
        let op: CompositeOperator = color.alpha >= 1 ? .source : .over
        let c = color.premultiplied
        forEachSplitPart(of: px, corner: corner) { part, isCorner in
            if isCorner {
                paintCorner(part, of: px, corner: corner, key: key, source: source, sourceOrigin: nil, opacity: 1)
            } else {
                fillRect(op, c, part)
            }
        }
    }

    /// The parts of a rounded rect `px` with `corner`-pixel corners, clipped: the middle band,
    /// the top and bottom strips between the corners, and the four corner squares.
    @inline(__always)
    private func forEachSplitPart(of px: PixelRect, corner: Int, _ body: (PixelRect, _ isCorner: Bool) -> Void) {
        // No array of parts: this runs for every rounded rect of every repaint step.
        let inner = px.width - 2 * corner
        @inline(__always) func part(_ r: PixelRect, _ isCorner: Bool) {
            let c = r.intersection(clip)
            if !c.isEmpty { body(c, isCorner) }
        }
        part(PixelRect(x: px.x, y: px.y + corner, width: px.width, height: px.height - 2 * corner), false)
        part(PixelRect(x: px.x + corner, y: px.y, width: inner, height: corner), false)
        part(PixelRect(x: px.x + corner, y: px.maxY - corner, width: inner, height: corner), false)
        part(PixelRect(x: px.x, y: px.y, width: corner, height: corner), true)
        part(PixelRect(x: px.maxX - corner, y: px.y, width: corner, height: corner), true)
        part(PixelRect(x: px.x, y: px.maxY - corner, width: corner, height: corner), true)
        part(PixelRect(x: px.maxX - corner, y: px.maxY - corner, width: corner, height: corner), true)
    }

    /// The pixels an operation paints fully opaque (none when not worth tracking), as up to two
    /// rectangles: what lies under them need not be painted (occlusion culling of repaints).
    func opaqueRects(of op: DrawOp) -> (PixelRect, PixelRect) {
        let shape: Shape, rect: Rect
        switch op {
        case .fill(let s, let r, let c) where c.alpha >= 1: shape = s; rect = r
        case .gradient(let s, let r, let g, let o) where o >= 1 && g.stops.allSatisfy({ $0.color.alpha >= 1 }): shape = s; rect = r
        default: return (.zero, .zero)
        }
        let full = snapped(rect)
        guard full.area >= 256 else { return (.zero, .zero) }
        switch shape {
        case .rect: return (full, .zero)
        case .roundedRect, .capsule:
            // A cross: everything but the four corner squares.
            let c = Int(cornerRadiusPixels(shape, full).rounded(.up))
            let h = PixelRect(x: full.x, y: full.y + c, width: full.width, height: full.height - 2 * c)
            let v = PixelRect(x: full.x + c, y: full.y, width: full.width - 2 * c, height: full.height)
            return (h.isEmpty ? .zero : h, v.isEmpty ? .zero : v)
        case .ellipse:
            // The inscribed rectangle (half sizes a/√2, b/√2), a pixel short of the soft edge.
            let a = Double(full.width) / 2, b = Double(full.height) / 2
            let hw = Int((a / 2.0.squareRoot() - 1).rounded(.down)), hh = Int((b / 2.0.squareRoot() - 1).rounded(.down))
            guard hw > 0, hh > 0 else { return (.zero, .zero) }
            let cx = full.x + full.width / 2, cy = full.y + full.height / 2
            return (PixelRect(x: cx - hw, y: cy - hh, width: 2 * hw, height: 2 * hh), .zero)
        case .path: return (.zero, .zero)
        }
    }

    /// Where a filled rect-like shape in `px` has full coverage, as disjoint rectangles: the
    /// middle band between the corner rows, then the strips above and below it between the
    /// corner columns (empty for paths and ellipses).
    func interiorParts(_ shape: Shape, _ px: PixelRect) -> [PixelRect] {
        switch shape {
        case .rect: return [px]
        case .roundedRect, .capsule:
            let c = Int(cornerRadiusPixels(shape, px).rounded(.up))
            let band = PixelRect(x: px.x, y: px.y + c, width: px.width, height: px.height - 2 * c)
            let inner = px.width - 2 * c
            let top = PixelRect(x: px.x + c, y: px.y, width: inner, height: min(c, px.height))
            let bottom = PixelRect(x: px.x + c, y: max(px.maxY - c, top.maxY), width: inner, height: px.maxY - max(px.maxY - c, top.maxY))
            return [band, top, bottom].filter { !$0.isEmpty }
        case .ellipse, .path: return []
        }
    }

    /// The colour pixman gives `top` composited OVER `under` (both premultiplied), exactly as
    /// a fill would: translucent fills on a known opaque colour become plain fills of it.
    static func over(_ top: PremultipliedColor, _ under: PremultipliedColor) -> PremultipliedColor {
        let img = PixmanImage.owning(layout: .argb32, width: 1, height: 1)
        img.fill(.source, under, x: 0, y: 0, width: 1, height: 1)
        img.fill(.over, top, x: 0, y: 0, width: 1, height: 1)
        let v = img.data.load(as: UInt32.self)
        return PremultipliedColor(argb32: v)
    }

    /// Replaces the pixels of `box` (inside the clip) with a premultiplied colour.
    func fillPixels(_ box: PixelRect, _ c: PremultipliedColor) {
        let r = box.intersection(clip)
        image.fill(.source, c, x: r.x, y: r.y, width: r.width, height: r.height)
    }

    /// Replaces the pixels of `box` (inside the clip) with an ARGB8888 word
    /// (`PremultipliedColor.argb32`).
    func fillPixels(_ box: PixelRect, pixel: UInt32) {
        let r = box.intersection(clip)
        image.store(pixel, x: r.x, y: r.y, width: r.width, height: r.height)
    }

    /// Replaces every pixel of `boxes` (inside the clip) with a premultiplied colour, in one
    /// pixman call.
    func fillPixels(_ boxes: [PixelRect], _ c: PremultipliedColor) {
        image.fill(.source, c, boxes: boxes, clip: clip)
    }

    /// Fills `shape` in `rect` with a gradient (cached per pixel size), times `opacity`.
    public func fill(_ shape: Shape, in rect: Rect, _ gradient: Gradient, opacity: Double = 1) {
        let px = snapped(rect)
        guard opacity > 0, !px.intersection(clip).isEmpty else { return }
        let grad = cache.gradient(GradientKey(gradient: gradient, width: px.width, height: px.height))
        let key: MaskKey? = { if case .rect = shape { return nil }; return maskKey(shape, px) }()
        let corner = Int(cornerRadiusPixels(shape, px).rounded(.up))
        if let key, opacity >= 1, px.height > 2 * corner, gradient.stops.allSatisfy({ $0.color.alpha >= 1 }) {
            switch shape {
            case .roundedRect, .capsule:
                // Opaque: copy everything but the corner squares; only those read the mask.
                guard px.width > 2 * corner else { break }
                let vertical: Bool = { if case .linear(let a, let b) = gradient.kind { return a.x == b.x }; return false }()
                forEachSplitPart(of: px, corner: corner) { part, isCorner in
                    if isCorner {
                        paintCorner(part, of: px, corner: corner, key: key, source: grad, sourceOrigin: (px.x, px.y), opacity: 1)
                    } else if vertical {
                        // Every pixel of a row has the row's colour: store it, read nothing.
                        spreadFirstColumn(of: grad, sourceAt: part.x - px.x, part.y - px.y, to: part)
                    } else {
                        composite(.source, source: grad, mask: nil, sourceAt: part.x - px.x, part.y - px.y, maskAt: 0, 0, to: part)
                    }
                }
                return
            default: break
            }
        }
        if let key, paintSplit(source: grad, sourceOrigin: (px.x, px.y), shape: shape, px: px, key: key, opacity: opacity) { return }
        paint(source: grad, sourceOrigin: (px.x, px.y), mask: key, at: px.x, px.y, opacity: opacity,
              size: (px.width, px.height))
    }

    /// Paints `source` through the coverage of a rounded rect in `px` (mask `key`) without the
    /// mask of its whole size: plainly where the coverage is full, through the small corner mask
    /// (`cornerMaskKey`) in the four corner squares. False (nothing drawn) when the shape has
    /// no such split. A full-size mask per size was re-made every frame while a lift or a
    /// platter animated its size (issue 8); the corner squares' coverage depends only on the
    /// radius, and a mask of 255 composites exactly as no mask, so the pixels are the same.
    func paintSplit(source: PixmanImage, sourceOrigin: (Int, Int)?, shape: Shape, px: PixelRect, key: MaskKey,
                    opacity: Double) -> Bool {
        switch shape {
        case .roundedRect, .capsule: break
        default: return false
        }
        let corner = Int(cornerRadiusPixels(shape, px).rounded(.up))
        guard px.width > 2 * corner, px.height > 2 * corner else { return false }
        forEachSplitPart(of: px, corner: corner) { part, isCorner in
            if isCorner {
                paintCorner(part, of: px, corner: corner, key: key, source: source, sourceOrigin: sourceOrigin, opacity: opacity)
            } else {
                paint(source: source, sourceOrigin: sourceOrigin, mask: nil, at: part.x, part.y, opacity: opacity,
                      size: (part.width, part.height))
            }
        }
        return true
    }

    /// The 2c × 2c rounded square whose quarters are the corner squares of every rounded rect
    /// with that corner radius (`key`'s), whatever its size.
    static func cornerMaskKey(_ key: MaskKey, corner c: Int) -> MaskKey {
        guard case .roundedRect(_, _, let r16) = key else { return key }
        return .roundedRect(width: 2 * c, height: 2 * c, radius16: r16)
    }

    /// Paints the part `part` (inside one corner square of the rounded rect `px`) through the
    /// corner mask.
    private func paintCorner(_ part: PixelRect, of px: PixelRect, corner c: Int, key: MaskKey, source: PixmanImage,
                             sourceOrigin: (Int, Int)?, opacity: Double) {
        let x = part.x < px.x + c ? px.x : px.maxX - 2 * c
        let y = part.y < px.y + c ? px.y : px.maxY - 2 * c
        withClip(part) {
            paint(source: source, sourceOrigin: sourceOrigin, mask: Canvas.cornerMaskKey(key, corner: c), at: x, y, opacity: opacity)
        }
    }

    /// Strokes the outline of `shape` in `rect`, the line lying inside the rectangle.
    public func stroke(_ shape: Shape, in rect: Rect, lineWidth: Double, _ color: Color) {
        guard color.alpha > 0, lineWidth > 0 else { return }
        let px = snapped(rect)
        let line = max(lineWidth * scale, 0.25)
        let key: MaskKey
        switch shape {
        case .rect, .roundedRect, .capsule:
            let rpx = cornerRadiusPixels(shape, px)
            key = .ring(width: px.width, height: px.height, radius16: MaskKey.q16(rpx), line16: MaskKey.q16(line))
            // The ring is empty inside: composite only the four edge strips that hold it.
            let edge = max(Int(rpx.rounded(.up)), Int(line.rounded(.up)))
            if px.width > 2 * edge && px.height > 2 * edge {
                let source = cache.solid(color.premultiplied)
                let lw = Int(line.rounded(.up))
                @inline(__always) func strip(_ r: PixelRect) {
                    guard r.intersects(clip) else { return }
                    withClip(r) { paint(source: source, sourceOrigin: nil, mask: key, at: px.x, px.y, opacity: 1) }
                }
                strip(PixelRect(x: px.x, y: px.y, width: px.width, height: edge))
                strip(PixelRect(x: px.x, y: px.maxY - edge, width: px.width, height: edge))
                strip(PixelRect(x: px.x, y: px.y + edge, width: lw, height: px.height - 2 * edge))
                strip(PixelRect(x: px.maxX - lw, y: px.y + edge, width: lw, height: px.height - 2 * edge))
                return
            }
        case .ellipse:
            key = .path(Path.ellipse(in: Rect(x: 0, y: 0, width: Double(px.width), height: Double(px.height))),
                        width: px.width, height: px.height, stroke16: MaskKey.q16(line))
        case .path(let p):
            key = .path(p, width: px.width, height: px.height, stroke16: MaskKey.q16(line))
        }
        paint(source: cache.solid(color.premultiplied), sourceOrigin: nil, mask: key, at: px.x, px.y, opacity: 1)
    }

    /// A soft shadow of `shape` in `rect`, blurred with `blur` points of standard deviation,
    /// moved by `offset`. The blurred mask is made once per size and cached.
    public func shadow(of shape: Shape, in rect: Rect, blur: Double, offset: Vector = .zero, _ color: Color) {
        guard color.alpha > 0 else { return }
        let (key, x, y) = shadowMask(of: shape, in: rect, blur: blur, offset: offset)
        paint(source: cache.solid(color.premultiplied), sourceOrigin: nil, mask: key, at: x, y, opacity: 1)
    }

    /// The blurred mask of a shadow and the pixel where its top-left lands.
    func shadowMask(of shape: Shape, in rect: Rect, blur: Double, offset: Vector) -> (MaskKey, x: Int, y: Int) {
        let px = snapped(rect.offsetBy(offset))
        let sigma = max(blur * scale, 0)
        let pad = Int((sigma * 3).rounded(.up)) + 1
        let base: MaskKey = { if case .rect = shape { return .roundedRect(width: px.width, height: px.height, radius16: 0) }
                              return maskKey(shape, px) }()
        return (MaskKey.shadow(base, sigma16: MaskKey.q16(sigma), padding: pad), px.x - pad, px.y - pad)
    }

    /// The pixel rectangle a shadow drawn with these parameters touches (for damage).
    public func shadowBounds(of rect: Rect, blur: Double, offset: Vector = .zero) -> PixelRect {
        let px = snapped(rect.offsetBy(offset))
        let pad = Int((max(blur * scale, 0) * 3).rounded(.up)) + 1
        return px.outset(by: pad)
    }

    /// Draws another canvas's pixels with their top-left at `origin` (points), times `opacity`.
    public func draw(_ other: Canvas, at origin: Point, opacity: Double = 1) {
        let x = Int((origin.x * scale).rounded()), y = Int((origin.y * scale).rounded())
        paint(source: other.image, sourceOrigin: (x, y), mask: nil, at: x, y, opacity: opacity,
              size: (other.width, other.height))
    }

    // MARK: Internals shared with text and the scene renderer

    func cornerRadiusPixels(_ shape: Shape, _ px: PixelRect) -> Double {
        switch shape {
        case .rect: return 0
        case .roundedRect(let r): return min(r * scale, Double(min(px.width, px.height)) / 2)
        case .capsule: return Double(min(px.width, px.height)) / 2
        case .ellipse, .path: return 0
        }
    }

    func maskKey(_ shape: Shape, _ px: PixelRect) -> MaskKey {
        switch shape {
        case .rect:
            return .roundedRect(width: px.width, height: px.height, radius16: 0)
        case .roundedRect, .capsule:
            return .roundedRect(width: px.width, height: px.height, radius16: MaskKey.q16(cornerRadiusPixels(shape, px)))
        case .ellipse:
            return .ellipse(width: px.width, height: px.height)
        case .path(let p):
            return .path(p, width: px.width, height: px.height, stroke16: 0)
        }
    }

    /// Composites `source` through the cached mask `key` (or through nothing) at pixel (x, y),
    /// limited to the clip. `sourceOrigin` is where the source's (0, 0) lands (nil for solids).
    func paint(source: PixmanImage, sourceOrigin: (Int, Int)?, mask key: MaskKey?, at x: Int, _ y: Int,
               opacity: Double, size: (Int, Int)? = nil) {
        let (w, h) = key?.size ?? size ?? (0, 0)
        let dest = PixelRect(x: x, y: y, width: w, height: h).intersection(clip)
        guard !dest.isEmpty else { return }
        let sx = dest.x - (sourceOrigin?.0 ?? 0), sy = dest.y - (sourceOrigin?.1 ?? 0)
        let mx = dest.x - x, my = dest.y - y
        var maskImage = key.map { cache.mask($0) }
        if opacity < 0.999 {
            let alpha = cache.solid(Color.black.withAlpha(opacity).premultiplied)
            if let m = maskImage {
                if let recorder {
                    recorder.record(PaintCall(kind: .maskTimesOpacity, op: .over, source: .passUnretained(source), mask: .passUnretained(m),
                                              alpha: .passUnretained(alpha), dest: dest,
                                              sx: sx, sy: sy, mx: mx, my: my), source, m, alpha)
                    return
                }
                maskTimesOpacity(source: source, mask: m, alpha: alpha, sourceAt: sx, sy, maskAt: mx, my, dest: dest)
                return
            }
            maskImage = alpha
        }
        composite(.over, source: source, mask: maskImage, sourceAt: sx, sy, maskAt: key == nil ? 0 : mx, key == nil ? 0 : my, to: dest)
    }

    /// Composites `source` through `mask` × the solid `alpha` (mask times opacity into scratch
    /// space, then that as the mask).
    func maskTimesOpacity(source: PixmanImage, mask m: PixmanImage, alpha: PixmanImage, sourceAt sx: Int, _ sy: Int,
                          maskAt mx: Int, _ my: Int, dest: PixelRect) {
        let s = scratchImage(width: dest.width, height: dest.height)
        s.composite(.source, source: m, mask: alpha, sourceAt: mx, my, to: 0, 0, width: dest.width, height: dest.height)
        image.composite(.over, source: source, mask: s, sourceAt: sx, sy, maskAt: 0, 0,
                        to: dest.x, dest.y, width: dest.width, height: dest.height)
    }

    /// Composites a solid source through an uncached mask image (glyphs) at pixel (x, y).
    func paint(source: PixmanImage, sourceOrigin: (Int, Int)?, maskImage: PixmanImage, at x: Int, _ y: Int) {
        let dest = PixelRect(x: x, y: y, width: maskImage.width, height: maskImage.height).intersection(clip)
        guard !dest.isEmpty else { return }
        composite(.over, source: source, mask: maskImage, sourceAt: dest.x - (sourceOrigin?.0 ?? 0), dest.y - (sourceOrigin?.1 ?? 0),
                  maskAt: dest.x - x, dest.y - y, to: dest)
    }

    private func scratchImage(width w: Int, height h: Int) -> PixmanImage {
        if let s = scratch, s.width >= w, s.height >= h { return s }
        let s = PixmanImage.owning(layout: .a8, width: max(w, scratch?.width ?? 0), height: max(h, scratch?.height ?? 0))
        scratch = s
        return s
    }
}

extension Canvas {
    /// The a8 coverage this canvas caches for `shape` in `rect` (its soft shadow when `blur`,
    /// σ in points, is given) and the pixels it covers — for tools that composite the same
    /// coverage elsewhere (the benchmark's equally-cached cairo peer).
    public func coverageMask(_ shape: Shape, in rect: Rect, blur: Double? = nil) -> (rect: PixelRect, stride: Int, bytes: [UInt8]) {
        let px = snapped(rect)
        var key = maskKey(shape, px)
        var origin = px
        if let blur {
            let sigma = max(blur * scale, 0)
            let pad = Int((sigma * 3).rounded(.up)) + 1
            key = .shadow(key, sigma16: MaskKey.q16(sigma), padding: pad)
            origin = px.outset(by: pad)
        }
        let img = cache.mask(key)
        let bytes = [UInt8](UnsafeRawBufferPointer(start: img.data, count: img.stride * img.height))
        return (origin, img.stride, bytes)
    }
}
