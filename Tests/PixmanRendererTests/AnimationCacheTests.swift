// Effects animating their size (issue 8 latency): a lift (E2) or a platter (E1) changes its
// size every frame, so whatever is cached per size must be cheap to make and exactly the
// pixels it stands for. Masks flat along their edges are assembled from a small one; rounded
// rects read only their corner masks; the light of an animating lift comes in a few sizes.
import Testing
import PointerEngine
@testable import PixmanRenderer

@Suite("Caches under animation (issue 8, SPEC E1, E2)")
struct AnimationCacheTests {
    @Test("masks assembled from a small one equal the whole mask: rounded rects, rings, soft shadows")
    func slicedMasksEqualWholeMasks() {
        let cache = RenderCache(byteLimit: 1 << 30)
        var keys: [MaskKey] = []
        for (w, h) in [(40, 12), (61, 44), (97, 33), (150, 71), (33, 140), (9, 120), (200, 200)] {
            for r16 in [0, 40, 158, 256] {
                keys.append(.roundedRect(width: w, height: h, radius16: r16))
                for l16 in [8, 24] { keys.append(.ring(width: w, height: h, radius16: r16, line16: l16)) }
                for s16 in [24, 80] {
                    let pad = Int((Double(s16) / 16 * 3).rounded(.up)) + 1
                    keys.append(.shadow(.roundedRect(width: w, height: h, radius16: r16), sigma16: s16, padding: pad))
                }
            }
        }
        var assembled = 0
        for key in keys {
            let before = cache.maskMisses
            let a = cache.mask(key)
            // More than one miss: the small mask was made too, so this one was assembled.
            if cache.maskMisses > before + 1 { assembled += 1 }
            let b = key.coverage().image()
            var differing = 0
            for y in 0..<a.height {
                for x in 0..<a.width where a.data.load(fromByteOffset: y * a.stride + x, as: UInt8.self)
                    != b.data.load(fromByteOffset: y * b.stride + x, as: UInt8.self) {
                    differing += 1
                }
            }
            #expect(differing == 0, "\(key): \(differing) pixels differ from the whole mask")
        }
        // Most of them really were assembled (else the test proves nothing).
        #expect(assembled > keys.count / 3, "\(assembled) of \(keys.count) assembled")
    }

    /// A lift as the engine describes it at `progress` (Effects.swift, E2), pointer at `pointer`.
    static func lift(_ frame: Rect, progress p: Double, pointer: Point) -> EffectAppearance {
        let pf = min(max(p, 0), 1)
        let s = 1 + (EffectTuning.liftScale(for: frame.size) - 1) * p
        // Parallax: the content drifts toward the pointer by up to 2 pt.
        let rel = pointer - frame.center
        let norm = Vector(min(max(rel.dx / (frame.width / 2), -1), 1), min(max(rel.dy / (frame.height / 2), -1), 1))
        let offset = norm * (2 * pf)
        let scaled = frame.scaled(by: s).offsetBy(offset)
        var a = EffectAppearance(element: ElementID(1), kind: .lift, elementFrame: frame, cornerRadius: 12, progress: p,
                                 contentScale: s, contentOffset: offset)
        a.shadow = ShadowAppearance(rect: scaled.offsetBy(Vector(0, 4 * pf)), cornerRadius: 12 * s, blurRadius: 10, opacity: 0.3 * pf)
        a.specular = SpecularAppearance(center: scaled.clamp(pointer), radius: 0.75 * max(frame.width, frame.height) * s,
                                        opacity: 0.35 * pf, clip: scaled, clipCornerRadius: 12 * s)
        return a
    }

    static func items(progress: Double, pointer: Point, platter: Double) -> [DisplayItem] {
        let icon = Rect(x: 40, y: 30, width: 60, height: 60)
        let content = Painter.appIcon(icon, top: Color(hex: 0x5AC8FA), bottom: Color(hex: 0x007AFF), glyph: nil)
        let button = Rect(x: 130, y: 40, width: 70, height: 30)
        var platterFx = EffectAppearance(element: ElementID(2), kind: .highlight, elementFrame: button, cornerRadius: 8,
                                         progress: platter)
        platterFx.platter = PlatterAppearance(rect: button.outsetBy(4).scaled(by: 0.96 + 0.04 * platter), cornerRadius: 12,
                                              opacity: EffectTuning.platterOpacity * platter, color: EffectTuning.platterColor)
        return [DisplayItem(ItemID("button"), Painter.effect(platterFx, content: Painter.control(button, cornerRadius: 8, fill: .white))),
                DisplayItem(ItemID("icon"), Painter.effect(lift(icon, progress: progress, pointer: pointer), content: content)),
                DisplayItem(ItemID("pointer"), Painter.arrowPointer(tip: pointer))]
    }

    @Test("an animated lift and platter draw incrementally what is drawn from scratch, with few gradients made",
          arguments: [1.0, 2.0])
    func animatedLiftIncrementalEqualsScratch(scale: Double) {
        let w = Int(230 * scale), h = Int(120 * scale)
        let cache = RenderCache()
        let renderer = SceneRenderer(cache: cache)
        let buffers = (0..<2).map { _ in Canvas(width: w, height: h, scale: scale, cache: cache) }
        let freshCache = RenderCache()
        // In, hold, out, in again: a spring-like sequence of progress values, the pointer moving.
        var progress: [Double] = []
        for k in 0...40 { progress.append(1 - (1 - Double(k) / 40) * (1 - Double(k) / 40) * (1 - Double(k) / 40)) }
        progress += [1, 1, 1]
        for k in 0...30 { progress.append(1 - Double(k) / 30) }
        for k in 0...40 { progress.append(min(1.04 * (1 - (1 - Double(k) / 40) * (1 - Double(k) / 40)), 1)) }
        progress.append(1)
        for (n, p) in progress.enumerated() {
            let pointer = Point(50 + Double(n % 40), 50 + Double(n % 7))
            let items = AnimationCacheTests.items(progress: p, pointer: pointer, platter: p)
            let canvas = buffers[n % 2]
            renderer.render(items, into: canvas, bufferAge: n < 2 ? 0 : 2, previous: buffers[(n + 1) % 2])
            let fresh = Canvas(width: w, height: h, scale: scale, cache: freshCache)
            SceneRenderer(cache: freshCache).render(items, into: fresh, bufferAge: 0)
            let differing = differingPixels(canvas, fresh)
            #expect(differing == 0, "frame \(n) (progress \(p)): \(differing) pixels differ")
            if differing > 0 { break }
        }
        // ~115 animated frames: the light comes in a few radii and strengths (was one radial
        // gradient per frame), the platter's gradient once per size.
        #expect(cache.gradientMisses < 60, "\(cache.gradientMisses) gradients made")
    }

    @Test("a lifted element drifting by parallax repaints only what changes pixels: its light, not its shadow")
    func parallaxRepaintsOnlyChangedPixels() {
        let scale = 2.0
        let w = Int(230 * scale), h = Int(120 * scale)
        let cache = RenderCache()
        let renderer = SceneRenderer(cache: cache)
        let freshCache = RenderCache()
        let canvas = Canvas(width: w, height: h, scale: scale, cache: cache)
        var repainted: [Int] = []
        for n in 0..<30 {
            // The pointer glides over the lifted icon: light and parallax move a little each frame.
            let pointer = Point(55 + Double(n) * 0.9, 58 + Double(n % 3) * 0.2)
            let items = AnimationCacheTests.items(progress: 1, pointer: pointer, platter: 1)
            renderer.render(items, into: canvas, bufferAge: n == 0 ? 0 : 1)
            repainted.append(renderer.lastRepainted.reduce(0) { $0 + $1.area })
            let fresh = Canvas(width: w, height: h, scale: scale, cache: freshCache)
            SceneRenderer(cache: freshCache).render(items, into: fresh, bufferAge: 0)
            #expect(differingPixels(canvas, fresh) == 0, "frame \(n)")
        }
        // The icon with its shadow spans ≈ (66 + 2 × 16 pt)² at 2×; the light alone, the icon.
        let icon = AnimationCacheTests.lift(Rect(x: 40, y: 30, width: 60, height: 60), progress: 1, pointer: Point(70, 60))
        let withShadow = canvas.bounds(of: .shadow(.roundedRect(cornerRadius: 12), icon.shadow!.rect, blur: 5, offset: .zero, .black)).area
        let median = repainted.dropFirst().sorted()[repainted.count / 2]
        #expect(median < withShadow * 3 / 4, "median repaint \(median) px, icon with shadow \(withShadow) px")
    }

    @Test("a card settling by fractions of a pixel (a spring's tail) repaints nothing; a pixel's move repaints it",
          arguments: [1.0, 1.5, 2.0])
    func settlingRepaintsNothing(scale: Double) {
        let card = Rect(x: 20, y: 20, width: 120, height: 50)
        func items(_ s: Double, shadow: Double, dy: Double = 0) -> [DisplayItem] {
            let ops = Painter.control(card, cornerRadius: 12, fill: Color(hex: 0xF4F4F8), border: Color.black.withAlpha(0.09))
                + [.text("Right-click", .system(12, bold: true), baseline: Point(40, 50), .black)]
            let hover = Painter.hover(ops, bounds: card, shape: .roundedRect(cornerRadius: 12), scale: s, shadow: true, progress: 1)
                + [.fill(.roundedRect(cornerRadius: 12), card, Color.black.withAlpha(shadow))]
            return [DisplayItem(ItemID("card"), hover.map { $0.transformed(scale: 1, about: .zero, offset: Vector(0, dy)) })]
        }
        let canvas = Canvas(width: Int(180 * scale), height: Int(110 * scale), scale: scale)
        let renderer = SceneRenderer(cache: canvas.cache)
        renderer.render(items(1.0003, shadow: 0.0004), into: canvas, bufferAge: 0)
        for k in 1..<20 {
            // Scale and shadow strength converge; the pixels they map to do not change.
            let e = 0.0003 / Double(k * k)
            let repainted = renderer.render(items(1 + e, shadow: e * 1.3), into: canvas, bufferAge: 1)
            #expect(repainted.isEmpty, "step \(k): repainted \(repainted)")
        }
        let moved = renderer.render(items(1, shadow: 0, dy: 1), into: canvas, bufferAge: 1)
        #expect(!moved.isEmpty)
        let fresh = Canvas(width: canvas.width, height: canvas.height, scale: scale)
        SceneRenderer(cache: fresh.cache).render(items(1, shadow: 0, dy: 1), into: fresh, bufferAge: 0)
        #expect(differingPixels(canvas, fresh) == 0)
    }

    @Test("at rest the light is exact; while the effect animates it is within a point and 1/80 of opacity")
    func animatingLightIsClose() {
        let icon = Rect(x: 40, y: 30, width: 60, height: 60)
        func light(_ fx: EffectAppearance) -> (Double, Double)? {
            for op in Painter.effect(fx, content: []) {
                if case .spotlight(_, _, _, let r, let c) = op { return (r, c.alpha) }
            }
            return nil
        }
        let rest = AnimationCacheTests.lift(icon, progress: 1, pointer: Point(60, 60))
        #expect(light(rest).map { $0 == (rest.specular!.radius, rest.specular!.opacity) } == true)
        for k in 1..<50 {
            let fx = AnimationCacheTests.lift(icon, progress: Double(k) / 50, pointer: Point(60, 60))
            guard let (r, o) = light(fx) else { Issue.record("no light at \(k)"); continue }
            #expect(abs(r - fx.specular!.radius) <= Painter.animatingLightRadiusStep / 2 + 1e-9)
            #expect(abs(o - fx.specular!.opacity) <= Painter.animatingLightOpacityStep / 2 + 1e-9)
        }
    }
}
