// The seam to pixman: the only file that calls pixman directly. Above it no OpaquePointer,
// no pixman enums, no fixed-point numbers (one seam per C call family).
import CPixman

/// How a source is combined with a destination (pixman_op_t, Porter–Duff).
enum CompositeOperator {
    /// PIXMAN_OP_SRC: replace.
    case source
    /// PIXMAN_OP_OVER: source over destination (premultiplied).
    case over
    /// PIXMAN_OP_ADD: saturating add (used to build masks).
    case add

    var pixman: pixman_op_t {
        switch self {
        case .source: return PIXMAN_OP_SRC
        case .over: return PIXMAN_OP_OVER
        case .add: return PIXMAN_OP_ADD
        }
    }
}

/// Pixel layouts the renderer uses.
enum PixelLayout {
    /// PIXMAN_a8r8g8b8 = WL_SHM_FORMAT_ARGB8888: premultiplied, native-endian 32-bit words.
    case argb32
    /// PIXMAN_a8: one coverage byte per pixel (masks, glyphs, shadows).
    case a8

    var pixman: pixman_format_code_t {
        switch self {
        case .argb32: return PIXMAN_a8r8g8b8
        case .a8: return PIXMAN_a8
        }
    }
    var bytesPerPixel: Int { self == .argb32 ? 4 : 1 }
}

/// A pixman image (pixman_image_t), unreferenced when the object goes.
final class PixmanImage {
    let handle: OpaquePointer
    /// Memory this object owns (owning images); nil when the caller owns the pixels.
    private let owned: UnsafeMutableRawPointer?
    let width: Int
    let height: Int
    /// Where this image's pixel (0, 0) lies in the coordinates callers draw in (scratch images
    /// standing in for a piece of a larger canvas); destination coordinates are shifted by it.
    var originX = 0, originY = 0

    private init(handle: OpaquePointer, owned: UnsafeMutableRawPointer?, width: Int, height: Int) {
        self.handle = handle; self.owned = owned; self.width = width; self.height = height
    }

    deinit {
        pixman_image_unref(handle)
        owned?.deallocate()
    }

    /// An image over pixels someone else owns (a wl_shm buffer). Nil when pixman refuses the
    /// geometry (stride not a multiple of 4, or too small for the width).
    static func wrapping(_ pixels: UnsafeMutableRawPointer, layout: PixelLayout, width: Int, height: Int,
                         stride: Int) -> PixmanImage? {
        guard width > 0, height > 0, stride % 4 == 0, stride >= width * layout.bytesPerPixel else { return nil }
        let bits = pixels.assumingMemoryBound(to: UInt32.self)
        guard let h = pixman_image_create_bits(layout.pixman, Int32(width), Int32(height), bits, Int32(stride))
        else { return nil }
        return PixmanImage(handle: h, owned: nil, width: width, height: height)
    }

    /// An image owning zero-filled pixels (transparent).
    static func owning(layout: PixelLayout, width: Int, height: Int) -> PixmanImage {
        let w = max(width, 1), h = max(height, 1)
        let stride = (w * layout.bytesPerPixel + 3) & ~3
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: stride * h, alignment: 16)
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: stride * h)
        let handle = pixman_image_create_bits(layout.pixman, Int32(w), Int32(h),
                                              bytes.assumingMemoryBound(to: UInt32.self), Int32(stride))!
        return PixmanImage(handle: handle, owned: bytes, width: w, height: h)
    }

    /// A solid colour source.
    static func solid(_ c: PremultipliedColor) -> PixmanImage {
        var color = pixman_color_t(red: c.r, green: c.g, blue: c.b, alpha: c.a)
        return PixmanImage(handle: pixman_image_create_solid_fill(&color)!, owned: nil, width: 0, height: 0)
    }

    /// A linear gradient from `p0` to `p1` (image pixels), padded beyond its ends.
    static func linearGradient(from p0: (Double, Double), to p1: (Double, Double),
                               stops: [(offset: Double, color: PremultipliedColor)]) -> PixmanImage {
        var a = pixman_point_fixed_t(x: fixed(p0.0), y: fixed(p0.1))
        var b = pixman_point_fixed_t(x: fixed(p1.0), y: fixed(p1.1))
        let st = stops.map { pixman_gradient_stop_t(x: fixed($0.offset), color: pixman_color_t(red: $0.color.r, green: $0.color.g, blue: $0.color.b, alpha: $0.color.a)) }
        let h = st.withUnsafeBufferPointer { pixman_image_create_linear_gradient(&a, &b, $0.baseAddress, Int32($0.count))! }
        pixman_image_set_repeat(h, PIXMAN_REPEAT_PAD)
        return PixmanImage(handle: h, owned: nil, width: 0, height: 0)
    }

    /// A radial gradient centred at `c` with radius `r` (image pixels), padded outside.
    static func radialGradient(center c: (Double, Double), radius r: Double,
                               stops: [(offset: Double, color: PremultipliedColor)]) -> PixmanImage {
        var p = pixman_point_fixed_t(x: fixed(c.0), y: fixed(c.1))
        let st = stops.map { pixman_gradient_stop_t(x: fixed($0.offset), color: pixman_color_t(red: $0.color.r, green: $0.color.g, blue: $0.color.b, alpha: $0.color.a)) }
        let h = st.withUnsafeBufferPointer {
            pixman_image_create_radial_gradient(&p, &p, 0, fixed(r), $0.baseAddress, Int32($0.count))!
        }
        pixman_image_set_repeat(h, PIXMAN_REPEAT_PAD)
        return PixmanImage(handle: h, owned: nil, width: 0, height: 0)
    }

    var data: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pixman_image_get_data(handle)!) }
    var stride: Int { Int(pixman_image_get_stride(handle)) }

    /// Composites `source` (through `mask` when given) onto this image. Coordinates are in
    /// pixels; `width`×`height` is the destination area.
    @inline(__always)
    func composite(_ op: CompositeOperator, source: PixmanImage, mask: PixmanImage? = nil,
                   sourceAt sx: Int = 0, _ sy: Int = 0, maskAt mx: Int = 0, _ my: Int = 0,
                   to dx: Int, _ dy: Int, width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        pixman_image_composite32(op.pixman, source.handle, mask?.handle, handle,
                                 Int32(sx), Int32(sy), Int32(mx), Int32(my),
                                 Int32(dx - originX), Int32(dy - originY), Int32(width), Int32(height))
    }

    /// Fills a pixel rectangle with a colour.
    func fill(_ op: CompositeOperator, _ c: PremultipliedColor, x: Int, y: Int, width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        var color = pixman_color_t(red: c.r, green: c.g, blue: c.b, alpha: c.a)
        var box = pixman_box32_t(x1: Int32(x - originX), y1: Int32(y - originY), x2: Int32(x + width - originX),
                                 y2: Int32(y + height - originY))
        _ = pixman_image_fill_boxes(op.pixman, handle, &color, 1, &box)
    }

    /// Fills many pixel rectangles, each limited to `clip`, with a colour in one call.
    func fill(_ op: CompositeOperator, _ c: PremultipliedColor, boxes: [PixelRect], clip: PixelRect) {
        var color = pixman_color_t(red: c.r, green: c.g, blue: c.b, alpha: c.a)
        withUnsafeTemporaryAllocation(of: pixman_box32_t.self, capacity: max(boxes.count, 1)) { list in
            var n = 0
            for b in boxes {
                let r = b.intersection(clip)
                guard !r.isEmpty else { continue }
                list[n] = pixman_box32_t(x1: Int32(r.x - originX), y1: Int32(r.y - originY), x2: Int32(r.maxX - originX),
                                         y2: Int32(r.maxY - originY))
                n += 1
            }
            if n > 0 { _ = pixman_image_fill_boxes(op.pixman, handle, &color, Int32(n), list.baseAddress!) }
        }
    }

    /// Stores `pixel` (an ARGB8888 word, as `PremultipliedColor.argb32`) in every pixel of a
    /// rectangle of this ARGB8888 image: what `fill(.source, …)` does after its colour
    /// conversion and region building, without them (one plain fill per rectangle).
    func store(_ pixel: UInt32, x: Int, y: Int, width w: Int, height h: Int) {
        guard w > 0, h > 0 else { return }
        _ = pixman_fill(data.assumingMemoryBound(to: UInt32.self), Int32(stride / 4), 32, Int32(x - originX), Int32(y - originY),
                        Int32(w), Int32(h), pixel)
    }

    /// Copies pixels of the ARGB8888 `source` onto this ARGB8888 image row by row, as
    /// `composite(.source, …)` does (pixman's own copy is a row blit too), without a pixman
    /// call's setup; through pixman when the rectangle leaves the source.
    func copyRows(of source: PixmanImage, sourceAt sx: Int, _ sy: Int, to x: Int, _ y: Int, width w: Int, height h: Int) {
        let dx = x - originX, dy = y - originY
        guard w > 0, h > 0 else { return }
        guard dx >= 0, dy >= 0, dx + w <= width, dy + h <= height, sx >= 0, sy >= 0, sx + w <= source.width,
              sy + h <= source.height else {
            composite(.source, source: source, sourceAt: sx, sy, to: x, y, width: w, height: h)
            return
        }
        let sStride = source.stride, dStride = stride
        let src = UnsafeRawPointer(source.data + sy * sStride + sx * 4), dst = data + dy * dStride + dx * 4
        for r in 0..<h { (dst + r * dStride).copyMemory(from: src + r * sStride, byteCount: w * 4) }
    }

    /// Copies an ARGB8888 `source` whose rows are each one colour (a vertical gradient) onto
    /// this ARGB8888 image, as `composite(.source, …)` would, by storing each row's colour
    /// across the row: no source pixels are read but one per row, and no pixman call is made.
    func spreadFirstColumn(of source: PixmanImage, sourceAt sx: Int, _ sy: Int, to x: Int, _ y: Int, width w: Int, height h: Int) {
        let dx = x - originX, dy = y - originY
        guard w > 0, h > 0, dx >= 0, dy >= 0, dx + w <= width, dy + h <= height, sx >= 0, sy >= 0, sx < source.width,
              sy + h <= source.height else {
            composite(.source, source: source, sourceAt: sx, sy, to: x, y, width: w, height: h)
            return
        }
        let src = source.data + sy * source.stride + sx * 4, sStride = source.stride
        let dst = data + dy * stride + dx * 4, dStride = stride
        for r in 0..<h {
            let v = (src + r * sStride).load(as: UInt32.self)
            (dst + r * dStride).assumingMemoryBound(to: UInt32.self).update(repeating: v, count: w)
        }
    }

    /// Samples this image through a scale (for a source drawn larger or smaller), bilinear.
    func setScale(_ sx: Double, _ sy: Double, bilinear: Bool = true) {
        var t = pixman_transform_t()
        pixman_transform_init_scale(&t, PixmanImage.fixed(1 / sx), PixmanImage.fixed(1 / sy))
        _ = pixman_image_set_transform(handle, &t)
        _ = pixman_image_set_filter(handle, bilinear ? PIXMAN_FILTER_BILINEAR : PIXMAN_FILTER_NEAREST, nil, 0)
    }

    /// Samples this image through a rotation (cosine `c`, sine `s` of the angle, clockwise on
    /// screen) about (`cx`, `cy`) in destination pixels, bilinear, transparent outside: the
    /// image, whose pixel (0, 0) sits at `origin` before turning, is drawn turned. Pass
    /// destination coordinates as source coordinates when compositing.
    func setRotation(cos c: Double, sin s: Double, aboutX cx: Double, _ cy: Double, origin: (x: Int, y: Int)) {
        // source = R(−angle)·(p − c) + c − origin
        let tx = -c * cx - s * cy + cx - Double(origin.x)
        let ty = s * cx - c * cy + cy - Double(origin.y)
        var t = pixman_transform_t()
        pixman_transform_init_identity(&t)
        t.matrix.0 = (PixmanImage.fixed(c), PixmanImage.fixed(s), PixmanImage.fixed(tx))
        t.matrix.1 = (PixmanImage.fixed(-s), PixmanImage.fixed(c), PixmanImage.fixed(ty))
        _ = pixman_image_set_transform(handle, &t)
        _ = pixman_image_set_filter(handle, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(handle, PIXMAN_REPEAT_NONE)
    }

    /// Clears a transform set by `setScale`.
    func clearTransform() {
        _ = pixman_image_set_transform(handle, nil)
        _ = pixman_image_set_filter(handle, PIXMAN_FILTER_NEAREST, nil, 0)
    }

    /// pixman 16.16 fixed point.
    @inline(__always) static func fixed(_ v: Double) -> Int32 { Int32((v * 65536).rounded()) }
}

/// A set of pixels as disjoint boxes (pixman_region32_t): occlusion culling subtracts opaque
/// areas from what still needs painting.
final class PixelRegion {
    private let region = UnsafeMutablePointer<pixman_region32_t>.allocate(capacity: 1)

    init(_ r: PixelRect) {
        pixman_region32_init_rect(region, Int32(r.x), Int32(r.y), UInt32(max(r.width, 0)), UInt32(max(r.height, 0)))
    }

    init() { pixman_region32_init(region) }

    deinit { pixman_region32_fini(region); region.deallocate() }

    func add(_ r: PixelRect) {
        guard !r.isEmpty else { return }
        _ = pixman_region32_union_rect(region, region, Int32(r.x), Int32(r.y), UInt32(r.width), UInt32(r.height))
    }

    /// Makes the region exactly `r` (no allocation when its storage suffices).
    func reset(_ r: PixelRect) {
        var box = pixman_box32_t(x1: Int32(r.x), y1: Int32(r.y), x2: Int32(r.maxX), y2: Int32(r.maxY))
        pixman_region32_reset(region, &box)
    }

    /// Empties the region.
    func clear() { pixman_region32_clear(region) }

    func subtract(_ other: PixelRegion) {
        _ = pixman_region32_subtract(region, region, other.region)
    }

    var isEmpty: Bool { pixman_region32_not_empty(region) == 0 }

    enum Overlap { case outside, inside, partial }

    /// Whether `r` lies outside, wholly inside, or partly inside the region.
    func overlap(_ r: PixelRect) -> Overlap {
        var box = pixman_box32_t(x1: Int32(r.x), y1: Int32(r.y), x2: Int32(r.maxX), y2: Int32(r.maxY))
        switch pixman_region32_contains_rectangle(region, &box) {
        case PIXMAN_REGION_IN: return .inside
        case PIXMAN_REGION_PART: return .partial
        default: return .outside
        }
    }

    /// The boxes of `r` minus this region.
    func remainder(of r: PixelRect) -> [PixelRect] {
        let rest = PixelRegion(r)
        rest.subtract(self)
        return rest.rects
    }

    /// Calls `body` with each box of the region, without building an array.
    func forEachRect(_ body: (PixelRect) -> Void) {
        var n: Int32 = 0
        guard let boxes = pixman_region32_rectangles(region, &n) else { return }
        for i in 0..<Int(n) {
            let b = boxes[i]
            body(PixelRect(x: Int(b.x1), y: Int(b.y1), width: Int(b.x2 - b.x1), height: Int(b.y2 - b.y1)))
        }
    }

    var rects: [PixelRect] {
        var n: Int32 = 0
        guard let boxes = pixman_region32_rectangles(region, &n) else { return [] }
        return (0..<Int(n)).map { i in
            let b = boxes[i]
            return PixelRect(x: Int(b.x1), y: Int(b.y1), width: Int(b.x2 - b.x1), height: Int(b.y2 - b.y1))
        }
    }
}
