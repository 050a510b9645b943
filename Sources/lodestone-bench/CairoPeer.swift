// The benchmark's peer: the same display list drawn with cairo, two ways.
// - idiomatic: paths and patterns built every frame (rounded rects from arcs, gradients as new
//   patterns, soft shadows as stacked translucent outlines since cairo has no blur, text with
//   cairo's toy font API);
// - cached: the caching Lodestone uses — coverage masks per shape size, shadows blurred once,
//   gradients rendered once into images, each line of text one a8 image — so only cairo's
//   compositing is measured against Lodestone's (occlusion culling, plain fills).
// Both honour item clips (scroll viewports) as Lodestone does.
// Only `lodestone bench render` uses this file.
import CCairo
import PointerEngine
import PixmanRenderer

final class CairoPeer {
    enum Mode: String { case idiomatic, cached }
    let mode: Mode
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    private let scale: Double
    private let canvas: Canvas   // the same pixel memory; used for bounds and cached coverage
    private var masks: [MaskKey: (surface: OpaquePointer, x: Int, y: Int)] = [:]
    private var gradients: [GradientKey: OpaquePointer] = [:]

    private struct MaskKey: Hashable { var op: DrawOp; var w: Int; var h: Int }
    private struct GradientKey: Hashable { var gradient: Gradient; var w: Int; var h: Int }

    /// Draws into `canvas`'s pixels (ARGB32 premultiplied, the same format as wl_shm ARGB8888).
    init(mode: Mode, canvas: Canvas) {
        self.mode = mode; self.canvas = canvas; scale = canvas.scale
        surface = cairo_image_surface_create_for_data(canvas.pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                      Int32(canvas.width), Int32(canvas.height), Int32(canvas.stride))
        cr = cairo_create(surface)
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    }

    deinit {
        for m in masks.values { cairo_surface_destroy(m.surface) }
        for case let t? in texts.values { cairo_surface_destroy(t.surface) }
        for g in gradients.values { cairo_surface_destroy(g) }
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Repaints `rects` (pixels): background, then every item whose bounds meet the rect.
    func render(_ items: [(item: DisplayItem, bounds: PixelRect)], background: Color, rects: [PixelRect]) {
        for rect in rects {
            cairo_save(cr)
            cairo_rectangle(cr, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
            cairo_clip(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            setColor(background)
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            for p in items where p.bounds.intersects(rect) {
                if let clip = p.item.clip {
                    // The item's clip, snapped to pixels as Lodestone does.
                    let c = canvas.snapped(clip)
                    cairo_save(cr)
                    cairo_rectangle(cr, Double(c.x), Double(c.y), Double(c.width), Double(c.height))
                    cairo_clip(cr)
                    for op in p.item.ops { draw(op) }
                    cairo_restore(cr)
                } else {
                    for op in p.item.ops { draw(op) }
                }
            }
            cairo_restore(cr)
        }
        cairo_surface_flush(surface)
    }

    private func setColor(_ c: Color) { cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha) }

    private func draw(_ op: DrawOp) {
        switch mode {
        case .idiomatic: drawIdiomatic(op)
        case .cached: drawCached(op)
        }
    }

    // MARK: Idiomatic: geometry in points under a scale matrix, everything built per frame.

    private func path(_ shape: Shape, _ r: Rect) { CairoPathBuilder(cr: cr).path(shape, r) }

    private func pattern(_ g: Gradient, _ r: Rect, opacity: Double) -> OpaquePointer {
        CairoPathBuilder(cr: cr).pattern(g, r, opacity: opacity)
    }

    private func drawIdiomatic(_ op: DrawOp) {
        cairo_save(cr)
        cairo_scale(cr, scale, scale)
        switch op {
        case .fill(let s, let r, let c):
            path(s, r); setColor(c); cairo_fill(cr)
        case .gradient(let s, let r, let g, let o):
            path(s, r)
            let p = pattern(g, r, opacity: o)
            cairo_set_source(cr, p); cairo_fill(cr); cairo_pattern_destroy(p)
        case .stroke(let s, let r, let w, let c):
            path(s, r.insetBy(w / 2)); setColor(c); cairo_set_line_width(cr, w); cairo_stroke(cr)
        case .shadow(let s, let r, let blur, let off, let c):
            // No blur in cairo: stacked outlines growing outward, fading.
            let layers = 6
            for i in 0..<layers {
                let grow = blur * 1.5 * Double(i) / Double(layers)
                path(s, r.offsetBy(off).outsetBy(grow))
                setColor(c.fading(1.0 / Double(layers)))
                cairo_fill(cr)
            }
        case .spotlight(let s, let r, let ctr, let rad, let c):
            path(s, r)
            let p = cairo_pattern_create_radial(ctr.x, ctr.y, 0, ctr.x, ctr.y, rad)!
            cairo_pattern_add_color_stop_rgba(p, 0, c.red, c.green, c.blue, c.alpha)
            cairo_pattern_add_color_stop_rgba(p, 0.55, c.red, c.green, c.blue, c.alpha * 0.35)
            cairo_pattern_add_color_stop_rgba(p, 1, c.red, c.green, c.blue, 0)
            cairo_set_source(cr, p); cairo_fill(cr); cairo_pattern_destroy(p)
        case .text(let t, let f, let b, let c):
            cairo_select_font_face(cr, f.family, CAIRO_FONT_SLANT_NORMAL, f.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(cr, f.size)
            setColor(c); cairo_move_to(cr, b.x, b.y); cairo_show_text(cr, t)
        }
        cairo_restore(cr)
    }

    // MARK: Cached: masks, shadows and gradients made once per pixel size, then composited.

    /// An a8 mask of the op's shape (its geometry only; colour and position stripped),
    /// rasterized by cairo once — or taken from Lodestone's blurred coverage for shadows.
    private func mask(_ op: DrawOp) -> (surface: OpaquePointer, x: Int, y: Int) {
        let px = canvas.bounds(of: op)
        let key = MaskKey(op: normalized(op), w: px.width, h: px.height)
        if let m = masks[key] {
            return (m.surface, px.x, px.y)
        }
        let s: OpaquePointer
        switch op {
        case .shadow(let shape, let r, let blur, let off, _):
            let cov = canvas.coverageMask(shape, in: r.offsetBy(off), blur: blur)
            s = a8Surface(cov.rect.width, cov.rect.height, cov.stride, cov.bytes)
        default:
            s = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(px.width), Int32(px.height))
            let m = cairo_create(s)!
            // The op's shape in white at the mask's origin, built like the idiomatic path.
            cairo_translate(m, Double(-px.x), Double(-px.y))
            cairo_scale(m, scale, scale)
            shapeInto(m, op)
            cairo_destroy(m)
        }
        masks[key] = (s, px.x, px.y)
        return (s, px.x, px.y)
    }

    private func shapeInto(_ m: OpaquePointer, _ op: DrawOp) {
        func pathOn(_ s: Shape, _ r: Rect) {
            // Reuse the idiomatic path builder on the mask context.
            let peer = CairoPathBuilder(cr: m)
            peer.path(s, r)
        }
        cairo_set_source_rgba(m, 1, 1, 1, 1)
        switch op {
        case .fill(let s, let r, _), .gradient(let s, let r, _, _), .spotlight(let s, let r, _, _, _):
            pathOn(s, r); cairo_fill(m)
        case .stroke(let s, let r, let w, _):
            pathOn(s, r.insetBy(w / 2)); cairo_set_line_width(m, w); cairo_stroke(m)
        case .shadow, .text:
            break
        }
    }

    /// The op with colour and position removed, so equal shapes share one mask.
    private func normalized(_ op: DrawOp) -> DrawOp {
        func z(_ r: Rect) -> Rect { Rect(x: 0, y: 0, width: r.width, height: r.height) }
        switch op {
        case .fill(let s, let r, _): return .fill(s, z(r), .black)
        case .gradient(let s, let r, _, _): return .fill(s, z(r), .black)
        case .spotlight(let s, let r, _, _, _): return .fill(s, z(r), .black)
        case .stroke(let s, let r, let w, _): return .stroke(s, z(r), lineWidth: w, .black)
        case .shadow(let s, let r, let b, _, _): return .shadow(s, z(r), blur: b, offset: .zero, .black)
        case .text: return op
        }
    }

    private struct TextKey: Hashable { var text: String; var font: Font }
    private var texts: [TextKey: (surface: OpaquePointer, dx: Int, dy: Int)?] = [:]

    /// A line's coverage as an a8 surface, made once; placed relative to the rounded baseline.
    private func textMask(_ t: String, _ f: Font, _ b: Point) -> (surface: OpaquePointer, x: Int, y: Int)? {
        let bx = Int((b.x * scale).rounded()), by = Int((b.y * scale).rounded())
        let key = TextKey(text: t, font: f)
        if let cached = texts[key] { return cached.map { ($0.surface, bx + $0.dx, by + $0.dy) } }
        guard let cov = canvas.textCoverage(t, font: f, at: b) else { texts[key] = .some(nil); return nil }
        let s = a8Surface(cov.rect.width, cov.rect.height, cov.stride, cov.bytes)
        texts[key] = (s, cov.rect.x - bx, cov.rect.y - by)
        return (s, cov.rect.x, cov.rect.y)
    }

    /// An a8 cairo surface holding a copy of `bytes` (rows of `stride`).
    private func a8Surface(_ w: Int, _ h: Int, _ stride: Int, _ bytes: [UInt8]) -> OpaquePointer {
        let s = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h))!
        let dst = cairo_image_surface_get_data(s)!, ds = Int(cairo_image_surface_get_stride(s))
        for y in 0..<h { for x in 0..<w { dst[y * ds + x] = bytes[y * stride + x] } }
        cairo_surface_mark_dirty(s)
        return s
    }

    private func gradientSurface(_ g: Gradient, _ px: PixelRect, opacity: Double) -> OpaquePointer {
        let key = GradientKey(gradient: g, w: px.width, h: px.height)
        if let s = gradients[key] { return s }
        let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(px.width), Int32(px.height))!
        let m = cairo_create(s)!
        let p = CairoPathBuilder(cr: m).pattern(g, Rect(x: 0, y: 0, width: Double(px.width), height: Double(px.height)))
        cairo_set_source(m, p); cairo_paint(m); cairo_pattern_destroy(p); cairo_destroy(m)
        gradients[key] = s
        return s
    }

    private func drawCached(_ op: DrawOp) {
        switch op {
        case .fill(.rect, let r, let c):
            let px = canvas.snapped(r)
            setColor(c); cairo_rectangle(cr, Double(px.x), Double(px.y), Double(px.width), Double(px.height)); cairo_fill(cr)
        case .fill(_, _, let c), .stroke(_, _, _, let c), .shadow(_, _, _, _, let c):
            let m = mask(op)
            setColor(c)
            cairo_mask_surface(cr, m.surface, Double(m.x), Double(m.y))
        case .gradient(let s, let r, let g, let o):
            let px = canvas.snapped(r)
            let src = gradientSurface(g, px, opacity: o)
            cairo_set_source_surface(cr, src, Double(px.x), Double(px.y))
            if case .rect = s { cairo_paint_with_alpha(cr, o) } else {
                let m = mask(op)
                if o < 1 { cairo_push_group(cr); cairo_mask_surface(cr, m.surface, Double(m.x), Double(m.y)); cairo_pop_group_to_source(cr); cairo_paint_with_alpha(cr, o) }
                else { cairo_mask_surface(cr, m.surface, Double(m.x), Double(m.y)) }
            }
        case .spotlight(_, let r, let ctr, let rad, let c):
            let rpx = max(Int((rad * scale).rounded()), 1)
            let g = Gradient(.radial(center: Point(0.5, 0.5), radius: 0.5),
                             stops: [.init(0, c), .init(0.55, c.fading(0.35)), .init(1, c.withAlpha(0))])
            let cx = Int((ctr.x * scale).rounded()) - rpx, cy = Int((ctr.y * scale).rounded()) - rpx
            let src = gradientSurface(g, PixelRect(x: 0, y: 0, width: 2 * rpx, height: 2 * rpx), opacity: 1)
            let px = canvas.snapped(r)
            let m = mask(op)
            cairo_save(cr)
            cairo_rectangle(cr, Double(px.x), Double(px.y), Double(px.width), Double(px.height)); cairo_clip(cr)
            cairo_set_source_surface(cr, src, Double(cx), Double(cy))
            cairo_mask_surface(cr, m.surface, Double(m.x), Double(m.y))
            cairo_restore(cr)
        case .text(let t, let f, let b, let c):
            // One a8 image per line, as Lodestone caches it (not glyph by glyph).
            guard let m = textMask(t, f, b) else { return }
            setColor(c)
            cairo_mask_surface(cr, m.surface, Double(m.x), Double(m.y))
        }
    }
}

/// Path and pattern construction shared by the idiomatic drawing and the mask cache.
private struct CairoPathBuilder {
    let cr: OpaquePointer

    func path(_ shape: Shape, _ r: Rect) {
        cairo_new_path(cr)
        switch shape {
        case .rect: cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
        case .roundedRect(let radius): roundedRect(r, min(radius, min(r.width, r.height) / 2))
        case .capsule: roundedRect(r, min(r.width, r.height) / 2)
        case .ellipse:
            cairo_save(cr)
            cairo_translate(cr, r.midX, r.midY)
            cairo_scale(cr, max(r.width / 2, 0.01), max(r.height / 2, 0.01))
            cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
            cairo_restore(cr)
        case .path(let p):
            let b = p.bounds
            let sx = b.width > 0 ? r.width / b.width : 1, sy = b.height > 0 ? r.height / b.height : 1
            func m(_ q: Point) -> (Double, Double) { (r.minX + (q.x - b.minX) * sx, r.minY + (q.y - b.minY) * sy) }
            var last = (0.0, 0.0)
            for e in p.commands {
                switch e {
                case .move(let q): let a = m(q); cairo_move_to(cr, a.0, a.1); last = a
                case .line(let q): let a = m(q); cairo_line_to(cr, a.0, a.1); last = a
                case .quad(let c, let q):
                    let a = m(q), cc = m(c)
                    cairo_curve_to(cr, last.0 + 2 / 3 * (cc.0 - last.0), last.1 + 2 / 3 * (cc.1 - last.1),
                                   a.0 + 2 / 3 * (cc.0 - a.0), a.1 + 2 / 3 * (cc.1 - a.1), a.0, a.1)
                    last = a
                case .cubic(let c1, let c2, let q):
                    let a = m(q), b1 = m(c1), b2 = m(c2)
                    cairo_curve_to(cr, b1.0, b1.1, b2.0, b2.1, a.0, a.1); last = a
                case .close: cairo_close_path(cr)
                }
            }
        }
    }

    func roundedRect(_ r: Rect, _ radius: Double) {
        let pi = Double.pi
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - radius, r.minY + radius, radius, -pi / 2, 0)
        cairo_arc(cr, r.maxX - radius, r.maxY - radius, radius, 0, pi / 2)
        cairo_arc(cr, r.minX + radius, r.maxY - radius, radius, pi / 2, pi)
        cairo_arc(cr, r.minX + radius, r.minY + radius, radius, pi, 3 * pi / 2)
        cairo_close_path(cr)
    }

    func pattern(_ g: Gradient, _ r: Rect, opacity: Double = 1) -> OpaquePointer {
        let p: OpaquePointer
        switch g.kind {
        case .linear(let a, let b):
            p = cairo_pattern_create_linear(r.minX + a.x * r.width, r.minY + a.y * r.height, r.minX + b.x * r.width, r.minY + b.y * r.height)
        case .radial(let c, let rad):
            let cx = r.minX + c.x * r.width, cy = r.minY + c.y * r.height
            p = cairo_pattern_create_radial(cx, cy, 0, cx, cy, rad * max(r.width, r.height))
        }
        for s in g.stops { cairo_pattern_add_color_stop_rgba(p, s.offset, s.color.red, s.color.green, s.color.blue, s.color.alpha * opacity) }
        return p
    }
}
