// The render cache is bounded in bytes with least-recently-used eviction (issue 6): a long
// pinch makes a mask, a shadow, a gradient and pre-blended pieces per zoom level, and text a
// run per size; none of that may grow without bound, and eviction must never change a pixel.
import Testing
import PointerEngine
@testable import PixmanRenderer

@Suite("Render cache byte budget (issue 6, SPEC G2 pinch)")
struct CacheBudgetTests {
    /// A card with a shadow, a gradient, an outline and a caption, pinched about its centre.
    static func pinched(_ zoom: Double) -> [DisplayItem] {
        let card = Rect(x: 60, y: 40, width: 120, height: 80)
        var ops = Painter.control(card, cornerRadius: 14, fill: .white, border: Color.black.withAlpha(0.1), shadow: true)
        ops.append(.gradient(.roundedRect(cornerRadius: 8), Rect(x: 70, y: 50, width: 100, height: 36),
                             .vertical(Color(hex: 0x5AC8FA), Color(hex: 0x007AFF)), opacity: 1))
        ops.append(.fill(.ellipse, Rect(x: 74, y: 92, width: 18, height: 18), Color.accent))
        ops.append(.text("Pinch me", .system(12), baseline: Point(98, 106), Color(hex: 0x1C1C1E)))
        let center = card.center
        return [DisplayItem(ItemID("card"), ops.map { $0.transformed(scale: zoom, about: center) }),
                DisplayItem(ItemID("pointer"), Painter.arrowPointer(tip: Point(150 + zoom * 10, 90)))]
    }

    @Test("a pinch sweep over many zoom levels keeps the cache under its byte bound, pixel-correct",
          arguments: [1.0, 2.0])
    func pinchSweepStaysBounded(scale: Double) {
        let limit = 1 << 20
        let cache = RenderCache(byteLimit: limit)
        let w = Int(240 * scale), h = Int(160 * scale)
        let buffers = (0..<2).map { _ in Canvas(width: w, height: h, scale: scale, cache: cache) }
        let renderer = SceneRenderer(background: .white, cache: cache)
        var peak = 0
        let levels = 160
        for n in 0..<levels {
            // Zoom 0.6× … 2.2×: every level a new size of every shape.
            let zoom = 0.6 + 1.6 * Double(n) / Double(levels - 1)
            let canvas = buffers[n % 2]
            renderer.render(CacheBudgetTests.pinched(zoom), into: canvas, bufferAge: n < 2 ? 0 : 2)
            peak = max(peak, cache.byteCount)
            #expect(cache.byteCount <= limit, "zoom \(zoom): \(cache.byteCount) bytes cached, bound \(limit)")
            if n % 20 == 7 || n == levels - 1 {
                // From scratch with an unbounded cache of its own: the same pixels.
                let fresh = Canvas(width: w, height: h, scale: scale, cache: RenderCache(byteLimit: 1 << 30))
                SceneRenderer(background: .white, cache: fresh.cache).render(CacheBudgetTests.pinched(zoom), into: fresh, bufferAge: 0)
                #expect(differingPixels(canvas, fresh) == 0, "zoom \(zoom)")
            }
        }
        // The sweep made far more than the bound holds: eviction really happened.
        #expect(cache.maskMisses >= levels)
        #expect(peak > limit / 2)
    }

    @Test("eviction is least recently used across kinds: what is used every frame stays cached")
    func leastRecentlyUsedGoesFirst() {
        let cache = RenderCache(byteLimit: 256 << 10)
        let c = Canvas(width: 300, height: 200, scale: 1, cache: cache)
        let kept = Rect(x: 10, y: 10, width: 100, height: 60)
        c.fill(.ellipse, in: kept, .white)
        let missesAfterFirst = cache.maskMisses
        for n in 0..<200 {
            // A new 100 × 61…260 mask each time (≥ 6 KB), then the kept one again.
            c.fill(.ellipse, in: Rect(x: 120, y: 0, width: 100, height: 61 + Double(n)), .black)
            c.fill(.ellipse, in: kept, .white)
            #expect(cache.byteCount <= cache.byteLimit)
        }
        // 200 new masks, the kept one never rasterized again.
        #expect(cache.maskMisses == missesAfterFirst + 200)
    }

    @Test("the default bound follows the largest canvas: 1.5 × its pixels, at least the minimum; a set bound stays")
    func defaultBoundFollowsCanvas() {
        let cache = RenderCache()
        _ = Canvas(width: 640, height: 480, scale: 1, cache: cache)
        #expect(cache.byteLimit == RenderCache.minimumByteLimit)
        _ = Canvas(width: 3840, height: 2160, scale: 2, cache: cache)
        #expect(cache.byteLimit == 3840 * 2160 * 4 * 3 / 2)
        let fixed = RenderCache(byteLimit: 1 << 20)
        _ = Canvas(width: 3840, height: 2160, scale: 2, cache: fixed)
        #expect(fixed.byteLimit == 1 << 20)
    }

    @Test("lowering the bound trims at once")
    func loweringTheBoundTrims() {
        let cache = RenderCache()
        let c = Canvas(width: 400, height: 300, scale: 1, cache: cache)
        for n in 0..<40 { c.shadow(of: .roundedRect(cornerRadius: 10), in: Rect(x: 20, y: 20, width: 200 + Double(n), height: 150), blur: 6, .black) }
        #expect(cache.byteCount > 64 << 10)
        cache.byteLimit = 64 << 10
        #expect(cache.byteCount <= 64 << 10)
    }
}
