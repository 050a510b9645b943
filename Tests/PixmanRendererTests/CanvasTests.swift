// Canvas basics: wrapping caller pixels, fills, anti-aliased rounded rects, mask caching, PNG.
import Testing
import PointerEngine
@testable import PixmanRenderer

@Suite("Canvas")
struct CanvasTests {
    @Test("wraps caller pixels: writes land in the caller's memory at its stride")
    func wrapsCallerPixels() throws {
        let width = 10, height = 4, stride = 48  // padded rows
        let mem = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        defer { mem.deallocate() }
        mem.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
        let canvas = try #require(Canvas(pixels: mem, width: width, height: height, stride: stride))
        canvas.fill(Rect(x: 2, y: 1, width: 3, height: 2), Color(red: 1, green: 0, blue: 0))
        #expect(mem.load(fromByteOffset: 1 * stride + 2 * 4, as: UInt32.self) == 0xFFFF_0000)
        #expect(mem.load(fromByteOffset: 2 * stride + 4 * 4, as: UInt32.self) == 0xFFFF_0000)
        #expect(mem.load(fromByteOffset: 1 * stride + 5 * 4, as: UInt32.self) == 0)
        #expect(mem.load(fromByteOffset: 3 * stride + 2 * 4, as: UInt32.self) == 0)
    }

    @Test("refuses impossible geometry", arguments: [(0, 4, 40), (10, 4, 38), (10, 4, 36), (10, -1, 40)])
    func refusesBadGeometry(w: Int, h: Int, stride: Int) {
        let mem = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 16)
        defer { mem.deallocate() }
        #expect(Canvas(pixels: mem, width: w, height: h, stride: stride) == nil)
    }

    @Test("colours are stored premultiplied (WL_SHM_FORMAT_ARGB8888)")
    func premultiplied() {
        let c = Canvas(width: 2, height: 2)
        c.clear(Color(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        let p = c.pixel(x: 0, y: 0)
        #expect(p >> 24 == 128)
        #expect((p >> 16) & 0xFF == 128)
        #expect((p >> 8) & 0xFF == 64)
        #expect(p & 0xFF == 0)
    }

    @Test("rounded rect: opaque interior and straight edges, anti-aliased corners", arguments: [1.0, 2.0, 1.5])
    func roundedRect(scale: Double) {
        let c = Canvas(width: Int(60 * scale), height: Int(40 * scale), scale: scale)
        c.clear(.white)
        c.fill(.roundedRect(cornerRadius: 6), in: Rect(x: 10, y: 10, width: 40, height: 20), .black)
        let px = c.snapped(Rect(x: 10, y: 10, width: 40, height: 20))
        // Interior and the middle of every straight edge are fully covered: crisp, no blur.
        #expect(c.pixel(x: px.x + px.width / 2, y: px.y) == 0xFF00_0000)
        #expect(c.pixel(x: px.x, y: px.y + px.height / 2) == 0xFF00_0000)
        #expect(c.pixel(x: px.maxX - 1, y: px.y + px.height / 2) == 0xFF00_0000)
        #expect(c.pixel(x: px.x + px.width / 2, y: px.y - 1) == 0xFFFF_FFFF)
        // The corner pixel is outside the arc; somewhere on the arc is partial coverage.
        #expect(c.pixel(x: px.x, y: px.y) == 0xFFFF_FFFF)
        var partial = 0
        for d in 0..<Int(6 * scale) {
            let v = c.pixel(x: px.x + d, y: px.y + d) & 0xFF
            if v > 0 && v < 255 { partial += 1 }
        }
        #expect(partial > 0)
    }

    @Test("a rounded rect's mask is made once per corner radius, whatever its size; shadows once per size")
    func masksAreCached() {
        let c = Canvas(width: 100, height: 100)
        for i in 0..<5 {
            c.fill(.roundedRect(cornerRadius: 8), in: Rect(x: Double(i) * 3, y: 0, width: 30 + Double(i), height: 30), .black)
        }
        // Issue 8: a lift or platter animating its size re-made a full-size mask every frame.
        #expect(c.cache.maskMisses == 1)
        c.fill(.roundedRect(cornerRadius: 9), in: Rect(x: 0, y: 0, width: 31, height: 30), .black)
        #expect(c.cache.maskMisses == 2)
        c.shadow(of: .roundedRect(cornerRadius: 8), in: Rect(x: 0, y: 0, width: 30, height: 30), blur: 4, .black)
        c.shadow(of: .roundedRect(cornerRadius: 8), in: Rect(x: 20, y: 20, width: 30, height: 30), blur: 4, .black)
        #expect(c.cache.maskMisses == 3)
    }

    @Test("rounded rects drawn through their corner masks equal drawing through the mask of their whole size",
          arguments: [1.0, 1.5, 2.0])
    func cornerMasksEqualWholeMask(scale: Double) {
        let g = Gradient(.linear(from: Point(0.5, 0), to: Point(0.5, 1)),
                         stops: [.init(0, Color.white.withAlpha(0.55)), .init(1, Color(hex: 0x5AC8FA, alpha: 0.4))])
        var rng = SeededRandom(state: 11)
        for _ in 0..<60 {
            let rect = Rect(x: 3 + rng.unit() * 10, y: 2 + rng.unit() * 10, width: 12 + rng.unit() * 60, height: 10 + rng.unit() * 50)
            let radius = rng.unit() * 14
            let color = Color(hex: 0x3A3A3C, alpha: [1, 0.5, 0.22][rng.below(3)])
            let opacity = [1, 0.6][rng.below(2)]
            let center = Point(rect.minX + rng.unit() * rect.width, rect.midY)
            let w = Int(90 * scale), h = Int(80 * scale)
            let split = Canvas(width: w, height: h, scale: scale)
            let whole = Canvas(width: w, height: h, scale: scale)
            for c in [split, whole] { c.clear(Color(hex: 0xF2F2F7)) }
            let shape = Shape.roundedRect(cornerRadius: radius)
            split.fill(shape, in: rect, color)
            split.fill(shape, in: rect, g, opacity: opacity)
            split.spotlight(shape, in: rect, center: center, radius: 30, Color.white.withAlpha(0.35))
            // The reference: every draw through the one mask of the shape's whole size.
            let px = whole.snapped(rect)
            let key = whole.maskKey(shape, px)
            whole.paint(source: whole.cache.solid(color.premultiplied), sourceOrigin: nil, mask: key, at: px.x, px.y, opacity: 1)
            let grad = whole.cache.gradient(GradientKey(gradient: g, width: px.width, height: px.height))
            whole.paint(source: grad, sourceOrigin: (px.x, px.y), mask: key, at: px.x, px.y, opacity: opacity, size: (px.width, px.height))
            let rpx = max(Int((30 * scale).rounded()), 1)
            let light = Gradient(.radial(center: Point(0.5, 0.5), radius: 0.5),
                                 stops: [.init(0, Color.white.withAlpha(0.35)), .init(0.55, Color.white.withAlpha(0.35).fading(0.35)),
                                         .init(1, Color.white.withAlpha(0))])
            let cx = Int((center.x * scale).rounded()) - rpx, cy = Int((center.y * scale).rounded()) - rpx
            whole.withClip(px.intersection(PixelRect(x: cx, y: cy, width: 2 * rpx, height: 2 * rpx))) {
                whole.paint(source: whole.cache.gradient(GradientKey(gradient: light, width: 2 * rpx, height: 2 * rpx)),
                            sourceOrigin: (cx, cy), mask: key, at: px.x, px.y, opacity: 1, size: (px.width, px.height))
            }
            #expect(differingPixels(split, whole) == 0, "\(rect) radius \(radius) colour \(color) opacity \(opacity)")
        }
    }

    @Test("clip limits every draw to the damaged rectangle")
    func clip() {
        let c = Canvas(width: 40, height: 40)
        c.withClip(PixelRect(x: 10, y: 10, width: 10, height: 10)) {
            c.clear(.white)
            c.fill(.ellipse, in: Rect(x: 0, y: 0, width: 40, height: 40), .black)
        }
        #expect(c.pixel(x: 9, y: 15) == 0)
        #expect(c.pixel(x: 20, y: 15) == 0)
        #expect(c.pixel(x: 15, y: 15) == 0xFF00_0000)
        #expect(c.clip == c.pixelBounds)
    }

    @Test("PNG round trip keeps every pixel (straight alpha on disk)")
    func pngRoundTrip() throws {
        let c = Canvas(width: 32, height: 24)
        c.clear(Color(hex: 0x336699))
        c.fill(.ellipse, in: Rect(x: 4, y: 4, width: 16, height: 16), Color(red: 1, green: 1, blue: 1, alpha: 0.6))
        let path = "/tmp/lodestone-canvas-\(UInt32.random(in: 0...UInt32.max)).png"
        try c.writePNG(to: path)
        let back = try Canvas(contentsOfPNG: path)
        #expect(back.width == 32 && back.height == 24)
        for y in 0..<24 { for x in 0..<32 { #expect(back.pixel(x: x, y: y) == c.pixel(x: x, y: y)) } }
        #expect(throws: PNGError.self) { try Canvas(contentsOfPNG: "/nonexistent/x.png") }
    }
}
