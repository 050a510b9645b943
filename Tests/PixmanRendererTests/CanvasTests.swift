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

    @Test("masks are made once per size and radius, then reused")
    func masksAreCached() {
        let c = Canvas(width: 100, height: 100)
        for i in 0..<5 {
            c.fill(.roundedRect(cornerRadius: 8), in: Rect(x: Double(i) * 3, y: 0, width: 30, height: 30), .black)
        }
        #expect(c.cache.maskMisses == 1)
        c.fill(.roundedRect(cornerRadius: 8), in: Rect(x: 0, y: 0, width: 31, height: 30), .black)
        #expect(c.cache.maskMisses == 2)
        c.shadow(of: .roundedRect(cornerRadius: 8), in: Rect(x: 0, y: 0, width: 30, height: 30), blur: 4, .black)
        c.shadow(of: .roundedRect(cornerRadius: 8), in: Rect(x: 20, y: 20, width: 30, height: 30), blur: 4, .black)
        #expect(c.cache.maskMisses == 3)
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
