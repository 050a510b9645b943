// Damage tracking (issue 6 §2): incremental rendering with damage and buffer age gives the same
// pixels as rendering every frame from scratch; a pointer-only move repaints two small rects.
import Testing
import PointerEngine
@testable import PixmanRenderer
#if canImport(Glibc)
import Glibc
#endif

/// Pixels that differ between two canvases of one size (rows compared with memcmp first).
func differingPixels(_ a: Canvas, _ b: Canvas) -> Int {
    var n = 0
    for y in 0..<a.height where memcmp(a.pixels + y * a.stride, b.pixels + y * b.stride, a.width * 4) != 0 {
        for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { n += 1 }
    }
    return n
}

/// A deterministic generator (LCG) so every run sees the same frame sequence.
struct SeededRandom {
    var state: UInt64
    mutating func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state >> 33 }
    mutating func unit() -> Double { Double(next() % 10_000) / 10_000 }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// A small showcase-like scene whose state changes frame to frame.
struct DamageScene {
    var pointer = Point(40, 40)
    var hovered: Int? = nil
    var liftProgress = 0.0
    var accessory: Painter.AccessoryGlyph? = nil
    var annotation: String? = nil
    var band: Rect? = nil
    var swapOrder = false
    var scrollOffset = 0.0
    var canvasAngle = 0.0

    static let buttons = (0..<4).map { Rect(x: 20 + Double($0) * 44, y: 20, width: 36, height: 28) }
    static let icon = Rect(x: 60, y: 80, width: 48, height: 48)

    func items(_ canvas: Canvas) -> [DisplayItem] {
        var items: [DisplayItem] = [DisplayItem(ItemID("toolbar"), Painter.control(Rect(x: 12, y: 14, width: 190, height: 40), cornerRadius: 20, fill: .white, shadow: true))]
        if let h = hovered {
            items.append(DisplayItem(ItemID("platter"), Painter.platter(around: DamageScene.buttons[h], cornerRadius: 10,
                                                                        parallax: (pointer - DamageScene.buttons[h].center) * 0.05)))
        }
        for (i, b) in DamageScene.buttons.enumerated() {
            items.append(DisplayItem(ItemID("button", i), [.fill(.roundedRect(cornerRadius: 4), b.insetBy(8), Color.accent)]))
        }
        let icon = Painter.appIcon(DamageScene.icon, top: Color(hex: 0x5AC8FA), bottom: Color(hex: 0x007AFF), glyph: GalleryScene.star())
        var iconItem = DisplayItem(ItemID("icon"), Painter.lift(icon, bounds: DamageScene.icon, shape: .roundedRect(cornerRadius: 11),
                                                                pointer: pointer, progress: liftProgress))
        let card = DisplayItem(ItemID("card"), Painter.control(Rect(x: 90, y: 100, width: 80, height: 50), cornerRadius: 10, fill: Color(hex: 0xFFD60A)))
        if swapOrder { items.append(card); items.append(iconItem) } else { items.append(iconItem); items.append(card) }
        iconItem.ops = []
        // A scroll view whose rows are clipped to its viewport (I5).
        let viewport = Rect(x: 150, y: 60, width: 60, height: 70)
        let rows: [DrawOp] = (0..<6).map { i in
            .fill(.roundedRect(cornerRadius: 4), Rect(x: 154, y: 52 + Double(i) * 20 - scrollOffset, width: 52, height: 16),
                  i % 2 == 0 ? Color(hex: 0xFF9F0A) : Color(hex: 0x5E5CE6))
        }
        // Its white body and, every other row, translucent rows over it (plain fills of the blend).
        items.append(DisplayItem(ItemID("scrollbody"), [.fill(.roundedRect(cornerRadius: 8), viewport, .white)]))
        items.append(DisplayItem(ItemID("scroll"), rows.enumerated().map { $0.offset % 2 == 1 ? $0.element.fading(0.5) : $0.element },
                                 clip: viewport, clipCornerRadius: 8))
        // A small canvas whose content turns with a rotate gesture (G5), clipped upright.
        let canvasView = Rect(x: 8, y: 120, width: 44, height: 40)
        items.append(DisplayItem(ItemID("canvas"), [.fill(.rect, Rect(x: 0, y: 0, width: 16, height: 16).offsetBy(Vector(22, 132)), Color(hex: 0x30D158)),
                                                    .fill(.roundedRect(cornerRadius: 3), Rect(x: 4, y: 136, width: 60, height: 8), Color(hex: 0x1C1C1E)),
                                                    .text("ab", .system(9), baseline: Point(14, 152), .black)],
                                 clip: canvasView, rotation: Rotation(angle: canvasAngle, center: canvasView.center)))
        if let band { items.append(DisplayItem(ItemID("band"), Painter.bandSelection(band))) }
        items.append(DisplayItem(ItemID("pointer"), Painter.arrowPointer(tip: pointer)))
        if let a = accessory {
            items.append(DisplayItem(ItemID("accessory"), Painter.accessory(a, center: pointer, angle: .pi / 4, distance: 20)))
        }
        if let t = annotation {
            items.append(DisplayItem(ItemID("annotation"), Painter.annotation(t, at: pointer + Vector(14, 14),
                                                                             metrics: canvas.measure(t, font: Look.annotationFont))))
        }
        return items
    }

    mutating func step(_ rng: inout SeededRandom) {
        switch rng.below(9) {
        case 8: canvasAngle = [0, 0.3, -1.1, .pi / 2, 2.5][rng.below(5)]
        case 0, 1, 2: pointer = Point(rng.unit() * 220, rng.unit() * 170)
        case 3: hovered = rng.below(5) == 4 ? nil : rng.below(4)
        case 4: liftProgress = [0, 0.3, 1][rng.below(3)]
        case 5: accessory = [nil, .plus, .circleSlash, .arrow][rng.below(4)]; annotation = rng.below(2) == 0 ? nil : "\(rng.below(900)) × \(rng.below(900))"
        case 6 where rng.below(2) == 0: scrollOffset = Double(rng.below(40)) - 10
        case 6: band = rng.below(2) == 0 ? nil : Rect(corner: Point(rng.unit() * 200, rng.unit() * 150), Point(rng.unit() * 200, rng.unit() * 150))
        default: swapOrder.toggle()
        }
    }
}

@Suite("Damage tracking and buffer age")
struct DamageTests {
    @Test("incremental rendering equals rendering every frame from scratch", arguments: [1.0, 2.0, 1.5])
    func incrementalEqualsScratch(scale: Double) {
        let w = Int(220 * scale), h = Int(170 * scale)
        let cache = RenderCache()
        let renderer = SceneRenderer(cache: cache)
        // A chain of three buffers, reused out of order as a compositor might release them.
        let buffers = (0..<3).map { _ in Canvas(width: w, height: h, scale: scale, cache: cache) }
        var renderedAt = [Int?](repeating: nil, count: 3)
        var rng = SeededRandom(state: 42)
        var scene = DamageScene()
        var partialFrames = 0
        let freshCache = RenderCache()
        for frame in 1...60 {
            scene.step(&rng)
            let b = rng.below(4) == 0 ? (frame + 1) % 3 : frame % 3
            let age = renderedAt[b].map { frame - $0 } ?? 0
            let canvas = buffers[b]
            let repainted = renderer.render(scene.items(canvas), into: canvas, bufferAge: age)
            renderedAt[b] = frame
            if repainted.reduce(0, { $0 + $1.area }) < w * h { partialFrames += 1 }

            // From scratch: a new renderer (no history) into a new buffer; caches hold no pixels
            // of any frame, so sharing one only saves time.
            let fresh = Canvas(width: w, height: h, scale: scale, cache: freshCache)
            SceneRenderer(cache: freshCache).render(scene.items(fresh), into: fresh, bufferAge: 0)
            let differing = differingPixels(canvas, fresh)
            #expect(differing == 0, "frame \(frame) (buffer \(b), age \(age)): \(differing) pixels differ")
            if differing > 0 { break }
        }
        // The test means something only if most frames were partial repaints.
        #expect(partialFrames > 40)
    }

    @Test("copying forward from the newest buffer equals rendering from scratch, even past the damage history",
          arguments: [1.0, 1.5])
    func copyForwardEqualsScratch(scale: Double) {
        let w = Int(220 * scale), h = Int(170 * scale)
        let cache = RenderCache()
        let renderer = SceneRenderer(cache: cache)
        // Two buffers alternate; now and then one of ten spares is used, some after sitting idle
        // longer than the renderer's damage history (as sway does with a third or fourth buffer).
        let buffers = (0..<12).map { _ in Canvas(width: w, height: h, scale: scale, cache: cache) }
        var renderedAt = [Int?](repeating: nil, count: buffers.count)
        var rng = SeededRandom(state: 7)
        var scene = DamageScene()
        var newest: Int?
        var copiedPastHistory = 0, copiedWithinHistory = 0
        let freshCache = RenderCache()
        for frame in 1...120 {
            scene.step(&rng)
            let b = rng.below(6) == 0 ? 2 + rng.below(10) : frame % 2
            let age = renderedAt[b].map { frame - $0 } ?? 0
            let canvas = buffers[b]
            let repainted = renderer.render(scene.items(canvas), into: canvas, bufferAge: age, previous: newest.map { buffers[$0] })
            renderedAt[b] = frame
            newest = b
            let copied = renderer.lastCopied.reduce(0) { $0 + $1.area }
            // Nothing is both copied and repainted (the repaint would overwrite the copy).
            let both = renderer.lastCopied.reduce(0) { sum, c in sum + repainted.reduce(0) { $0 + $1.intersection(c).area } }
            #expect(both == 0, "frame \(frame): \(both) pixels copied and then repainted")
            if copied > 0 {
                if age == 0 || age > SceneRenderer.maxBufferAge { copiedPastHistory += 1 } else { copiedWithinHistory += 1 }
                // Only this frame's changes were drawn.
                #expect(repainted == renderer.lastFrameDamage, "frame \(frame) (age \(age)) repainted more than it changed")
            }
            let fresh = Canvas(width: w, height: h, scale: scale, cache: freshCache)
            SceneRenderer(cache: freshCache).render(scene.items(fresh), into: fresh, bufferAge: 0)
            let differing = differingPixels(canvas, fresh)
            #expect(differing == 0, "frame \(frame) (buffer \(b), age \(age)): \(differing) pixels differ")
            if differing > 0 { break }
        }
        // Both kinds of copy happened (else the test proves nothing).
        #expect(copiedPastHistory >= 5 && copiedWithinHistory >= 5, "past history \(copiedPastHistory), within \(copiedWithinHistory)")
    }

    /// Operations fading (their colour alone changing) and moving under a moving pointer: the
    /// renderer replays recorded pixman calls for operations drawn before and recolours the
    /// records of fading ones (issue 8). Every frame must equal a from-scratch render — a
    /// recolour that missed a fill or a solid source, or a replay drawing stale calls, differs.
    /// A scroll view's content clipped with rounded corners (I5) is recorded too, its clip's
    /// corner squares included: a replay that dropped or misplaced the corner coverage, or kept
    /// a record after the clip moved, differs from drawing the items one by one.
    @Test("recorded and recoloured operations draw what is drawn from scratch (I5: rounded clips too)", arguments: [1.0, 1.5])
    func recordedOperationsEqualScratch(scale: Double) {
        let w = Int(200 * scale), h = Int(120 * scale)
        let cache = RenderCache(), freshCache = RenderCache()
        let renderer = SceneRenderer(cache: cache)
        let canvas = Canvas(width: w, height: h, scale: scale, cache: cache)
        let alphas = [0.6, 0.6, 0.6, 0.6, 0.3, 0.9, 1, 1, 0.5, 0, 0.4, 1, 0.7, 0.7, 0.2, 1, 0.85, 0.85, 0.6, 0.05]
        var rng = SeededRandom(state: 7)
        for (frame, a) in alphas.enumerated() {
            let fade = Color(hex: 0x007AFF).withAlpha(a), ink = Color.black.withAlpha(a)
            var controls: [DrawOp] = [
                .shadow(.roundedRect(cornerRadius: 10), Rect(x: 20, y: 20, width: 90, height: 50), blur: 4, offset: Vector(0, 2), ink.fading(0.3)),
                .fill(.roundedRect(cornerRadius: 10), Rect(x: 20, y: 20, width: 90, height: 50), fade),
                .fill(.rect, Rect(x: 30, y: 80, width: 40, height: 12), fade),
                .stroke(.roundedRect(cornerRadius: 6), Rect(x: 120, y: 20, width: 60, height: 40), lineWidth: 2, ink),
                .fill(.ellipse, Rect(x: 130, y: 70, width: 30, height: 30), fade),
                .text("Play 1:23", .system(12), baseline: Point(30, 50), ink),
            ]
            // The moving op keeps its colour; one frame in four it moves.
            let shift = Double(frame / 4) * 3
            controls.append(.fill(.capsule, Rect(x: 80 + shift, y: 85, width: 50, height: 14), Color(hex: 0xFF9F0A)))
            let pointer = Point(rng.unit() * 200, rng.unit() * 120)
            let items = [DisplayItem(ItemID("card"), [.gradient(.roundedRect(cornerRadius: 12), Rect(x: 10, y: 10, width: 180, height: 100),
                                                                Gradient(.linear(from: Point(0, 0), to: Point(0, 1)),
                                                                         stops: [.init(0, Color(hex: 0x1C1C1E)), .init(1, Color(hex: 0x3A3A3C))]), opacity: 1)]),
                         DisplayItem(ItemID("controls"), controls),
                         DamageTests.roundedScroll(frame: frame, fade: fade, ink: ink),
                         DisplayItem(ItemID("pointer"), Painter.arrowPointer(tip: pointer))]
            renderer.render(items, into: canvas, bufferAge: frame == 0 ? 0 : 1)
            if !DamageTests.drawsAsFromScratch(canvas, items, renderer.background, freshCache, "frame \(frame) (alpha \(a))") { break }
            // The rounded clip's operations are replayed from records reaching its corners
            // (else this test proves nothing about them).
            if frame >= 3 {
                let calls = renderer.records(of: ItemID("scroll")).flatMap(\.calls)
                #expect(calls.contains { $0.kind == .clipCorner }, "frame \(frame): no recorded corner of the rounded clip")
            }
        }
    }

    /// Recorded operations moving by whole pixels (a lift's parallax) keep their records,
    /// moved (issue 8; E2, P1): each frame must equal a from-scratch render and drawing each
    /// item directly. Moves are a mix of whole and fractional points, so some frames move by
    /// whole pixels and some do not; operations cut by the canvas edge or an item clip must not
    /// move their (narrowed) records. A record moved by the wrong amount, or a narrowed one
    /// moved, differs.
    @Test("records of operations moved by whole pixels draw what is drawn from scratch (E2, P1)", arguments: [1.0, 1.5, 2.0])
    func movedRecordsEqualScratch(scale: Double) {
        let w = Int(200 * scale), h = Int(120 * scale)
        let cache = RenderCache(), freshCache = RenderCache()
        let renderer = SceneRenderer(cache: cache)
        let canvas = Canvas(width: w, height: h, scale: scale, cache: cache)
        var rng = SeededRandom(state: 11)
        var lift = Vector(0, 0), edge = 0.0, pointer = Point(100, 60)
        let card = DisplayItem(ItemID("card"), [.gradient(.roundedRect(cornerRadius: 12), Rect(x: 4, y: 4, width: 192, height: 112),
                                                          .vertical(Color(hex: 0x1C1C1E), Color(hex: 0x3A3A3C)), opacity: 1)])
        for frame in 0..<40 {
            // Whole points, fractions of a point, or no move at all.
            func step() -> Double { [0, 0, 1, -1, 2, -2, 0.25, -0.5, 1.5, 3][rng.below(10)] }
            // The lifted content and the cut ones rest every other frame (recorded), then move.
            if frame % 2 == 1 {
                lift = lift + Vector(step(), step())
                edge += step()
            }
            pointer = Point(min(max(pointer.x + step() * 3, 0), 200), min(max(pointer.y + step() * 2, 0), 120))
            let r = Rect(x: 40, y: 24, width: 70, height: 48).offsetBy(lift)
            let lifted: [DrawOp] = [
                .shadow(.roundedRect(cornerRadius: 10), r, blur: 5, offset: Vector(0, 3), Color.black.withAlpha(0.3)),
                .gradient(.roundedRect(cornerRadius: 10), r, .vertical(Color(hex: 0x5AC8FA), Color(hex: 0x007AFF)), opacity: 0.7),
                .spotlight(.roundedRect(cornerRadius: 10), r, center: r.center + Vector(8, -6), radius: 30, Color.white.withAlpha(0.3)),
                .stroke(.ellipse, r.insetBy(10), lineWidth: 1.5, Color.white),
                .fill(.capsule, Rect(x: r.minX + 8, y: r.maxY - 14, width: 40, height: 9), Color(hex: 0xFF9F0A).withAlpha(0.8)),
                .text("Lift", .system(12), baseline: Point(r.minX + 10, r.minY + 18), .white),
            ]
            // Cut by the canvas's left edge, and by an item clip.
            let cutRect = Rect(x: -20 + edge, y: 80, width: 50, height: 30)
            let items = [card,
                         DisplayItem(ItemID("lifted"), lifted),
                         DisplayItem(ItemID("edge"), [.fill(.roundedRect(cornerRadius: 8), cutRect, Color(hex: 0x30D158)),
                                                      .text("Edge", .system(11), baseline: Point(cutRect.minX + 4, cutRect.minY + 14), .black)]),
                         DisplayItem(ItemID("clipped"), [.fill(.ellipse, cutRect.offsetBy(Vector(120, 0)), Color(hex: 0xFF375F))],
                                     clip: Rect(x: 120, y: 84, width: 40, height: 22)),
                         DisplayItem(ItemID("pointer"), Painter.arrowPointer(tip: pointer))]
            renderer.render(items, into: canvas, bufferAge: frame == 0 ? 0 : 1)
            if !DamageTests.drawsAsFromScratch(canvas, items, renderer.background, freshCache, "frame \(frame)") { break }
        }
        // Records did move (else this test proves nothing about them).
        #expect(renderer.movedRecords >= 40, "\(renderer.movedRecords) records moved")
    }

    /// Whether `canvas` holds what a new renderer draws of `items` into a new buffer, and what
    /// drawing each item directly, in order, draws (no renderer, no records); expects both.
    static func drawsAsFromScratch(_ canvas: Canvas, _ items: [DisplayItem], _ background: Color, _ freshCache: RenderCache,
                                   _ label: String) -> Bool {
        let fresh = Canvas(width: canvas.width, height: canvas.height, scale: canvas.scale, cache: freshCache)
        SceneRenderer(background: background, cache: freshCache).render(items, into: fresh, bufferAge: 0)
        let differing = differingPixels(canvas, fresh)
        #expect(differing == 0, "\(label): \(differing) pixels differ")
        let naive = Canvas(width: canvas.width, height: canvas.height, scale: canvas.scale, cache: freshCache)
        naive.clear(background)
        for item in items { naive.draw(item) }
        let naiveDiffering = differingPixels(canvas, naive)
        #expect(naiveDiffering == 0, "\(label): \(naiveDiffering) pixels differ from direct drawing")
        return differing == 0 && naiveDiffering == 0
    }

    /// Content of a scroll view with rounded corners, reaching all four corner squares: a
    /// gradient past the viewport, rows, text, an outline and a fading fill; one row moves
    /// every third frame; from frame 8 the viewport drifts by a fifth of a pixel (the same
    /// pixels: records kept) and from frame 14 by two points (new pixels: recorded again).
    static func roundedScroll(frame: Int, fade: Color, ink: Color) -> DisplayItem {
        let drift = frame >= 14 ? 2 : frame >= 8 ? 0.2 : 0
        let viewport = Rect(x: 116 + drift, y: 60, width: 72, height: 52)
        let shift = Double(frame / 3) * 2
        let ops: [DrawOp] = [
            .gradient(.rect, viewport.insetBy(-6), .vertical(Color(hex: 0x5AC8FA), Color(hex: 0x007AFF)), opacity: 1),
            .fill(.roundedRect(cornerRadius: 4), Rect(x: 110, y: 62, width: 84, height: 12), Color(hex: 0xFF9F0A)),
            .text("Row one", .system(11), baseline: Point(114, 70), ink),
            .fill(.capsule, Rect(x: 150 + shift, y: 100, width: 50, height: 14), Color(hex: 0x30D158)),
            .stroke(.roundedRect(cornerRadius: 6), viewport.insetBy(1), lineWidth: 1.5, Color.black.withAlpha(0.5)),
            .fill(.rect, Rect(x: 108, y: 88, width: 30, height: 30), fade),
        ]
        return DisplayItem(ItemID("scroll"), ops, clip: viewport, clipCornerRadius: 12)
    }

    @Test("a pointer-only move repaints two small rects: where it was and where it is")
    func pointerMoveRepaintsTwoRects() {
        let canvas = Canvas(width: 440, height: 340, scale: 2)
        let renderer = SceneRenderer()
        var scene = DamageScene()
        scene.pointer = Point(30, 120)
        renderer.render(scene.items(canvas), into: canvas, bufferAge: 0)
        scene.pointer = Point(180, 150)
        let rects = renderer.render(scene.items(canvas), into: canvas, bufferAge: 1)
        #expect(rects.count == 2)
        for r in rects {
            // An arrow of 19 pt at 2× plus its border and soft shadow: under 72×72 px.
            #expect(r.width < 72 && r.height < 72, "\(r)")
        }
        // Nothing changed: nothing repainted.
        #expect(renderer.render(scene.items(canvas), into: canvas, bufferAge: 1).isEmpty)
        // A buffer of unknown content is repainted in full.
        #expect(renderer.render(scene.items(canvas), into: canvas, bufferAge: 0) == [canvas.pixelBounds])
    }

    @Test("a buffer two frames old also repaints the previous frame's damage")
    func bufferAgeTwo() {
        let canvas = Canvas(width: 440, height: 340, scale: 2)
        let renderer = SceneRenderer()
        var scene = DamageScene()
        scene.pointer = Point(30, 120)
        renderer.render(scene.items(canvas), into: canvas, bufferAge: 0)
        scene.pointer = Point(100, 120)
        let first = renderer.render(scene.items(canvas), into: canvas, bufferAge: 1)
        scene.pointer = Point(180, 120)
        let second = renderer.render(scene.items(canvas), into: canvas, bufferAge: 2)
        let union = second.reduce(PixelRect.zero) { $0.union($1) }
        for r in first { #expect(union.contains(r) || second.contains { $0.contains(r) }) }
        #expect(second.count >= 2)
    }
}

extension DamageTests {
    @Test("occlusion culling paints the same pixels as drawing every operation in order", arguments: [1.0, 1.5])
    func occlusionCullingIsInvisible(scale: Double) {
        let w = Int(220 * scale), h = Int(170 * scale)
        var rng = SeededRandom(state: 7)
        var scene = DamageScene()
        for _ in 0..<12 {
            scene.step(&rng)
            let culled = Canvas(width: w, height: h, scale: scale)
            SceneRenderer(background: GalleryScene.background).render(scene.items(culled), into: culled, bufferAge: 0)
            let naive = Canvas(width: w, height: h, scale: scale)
            naive.clear(GalleryScene.background)
            for item in scene.items(naive) { naive.draw(item) }
            let differing = differingPixels(culled, naive)
            #expect(differing == 0)
        }
    }
}

extension DamageTests {
    @Test("an item's clip keeps its drawing inside the scroll viewport (SPEC I5)", arguments: [1.0, 1.5])
    func itemClip(scale: Double) {
        let canvas = Canvas(width: Int(100 * scale), height: Int(100 * scale), scale: scale)
        let viewport = Rect(x: 20, y: 20, width: 60, height: 40)
        let item = DisplayItem(ItemID("scroll"), [.fill(.rect, Rect(x: 0, y: 0, width: 100, height: 100), .black)], clip: viewport)
        SceneRenderer(background: .white).render([item], into: canvas, bufferAge: 0)
        let px = canvas.snapped(viewport)
        #expect(canvas.pixel(x: px.x, y: px.y) == 0xFF00_0000)
        #expect(canvas.pixel(x: px.maxX - 1, y: px.maxY - 1) == 0xFF00_0000)
        #expect(canvas.pixel(x: px.x - 1, y: px.y) == 0xFFFF_FFFF)
        #expect(canvas.pixel(x: px.x, y: px.maxY) == 0xFFFF_FFFF)
        #expect(canvas.bounds(of: item) == px)
    }
}

extension DamageTests {
    /// Shapes of many sizes and radii at fractional positions: what occlusion culling trusts.
    static let occluderCases: [DrawOp] = {
        var ops: [DrawOp] = []
        for (k, size) in [(9.0, 9.0), (15, 15), (16.3, 9.7), (40, 28), (72, 72), (13, 41)].enumerated() {
            let r = Rect(x: 3.3 + Double(k) * 0.17, y: 2.6, width: size.0, height: size.1)
            for shape in [Shape.rect, .roundedRect(cornerRadius: 4.4), .roundedRect(cornerRadius: 12), .capsule, .ellipse] {
                ops.append(.fill(shape, r, Color(hex: 0x336699)))
                ops.append(.gradient(shape, r, .vertical(Color(hex: 0xFFD60A), Color(hex: 0xFF9F0A)), opacity: 1))
            }
        }
        return ops
    }()

    @Test("every pixel an operation claims to cover opaquely is painted opaque (what culling trusts)",
          arguments: [1.0, 2.0, 1.5])
    func occludersAreOpaque(scale: Double) {
        for op in DamageTests.occluderCases {
            let canvas = Canvas(width: Int(90 * scale), height: Int(90 * scale), scale: scale)
            canvas.draw(op)
            let (a, b) = canvas.opaqueRects(of: op)
            var leaks = 0
            for r in [a, b] where !r.isEmpty {
                for y in r.y..<r.maxY { for x in r.x..<r.maxX where canvas.pixel(x: x, y: y) >> 24 != 0xFF { leaks += 1 } }
            }
            #expect(leaks == 0, "\(op) at scale \(scale): \(leaks) pixels claimed opaque are not")
        }
    }
}
