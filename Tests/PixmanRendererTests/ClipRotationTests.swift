// Scroll views clip their content to the viewport, rounded like the view (SPEC I5); a rotated
// canvas draws its content turned about the viewport's centre (SPEC G5). Goldens at 1×, 2×, 1.5×
// plus pixel checks that fail if the clip leaks or the turn is missing.
import Testing
import PointerEngine
@testable import PixmanRenderer

/// Display lists of a scrolled, rounded scroll view and of a rotated canvas.
enum ClipScene: String, CaseIterable, Sendable {
    case scrolledRoundedView, rotatedCanvas

    static let size = Size(200, 120)
    static let viewport = Rect(x: 30, y: 14, width: 140, height: 92)
    static let rowColors = [Color(hex: 0xFF9F0A), Color(hex: 0x5E5CE6), Color(hex: 0x30D158)]

    func items(angle: Double = 0.35, scroll: Double = 9) -> [DisplayItem] {
        let vp = ClipScene.viewport
        switch self {
        case .scrolledRoundedView:
            var items = [DisplayItem(ItemID("view"), Painter.control(vp, cornerRadius: 16, fill: .white, shadow: true))]
            // Rows wider than the view and scrolled: the first and last are cut by the rounded viewport.
            for i in 0..<6 {
                let r = Rect(x: vp.minX - 6, y: vp.minY - scroll + Double(i) * 18, width: vp.width + 12, height: 15)
                items.append(DisplayItem(ItemID("row", i), [.fill(.rect, r, ClipScene.rowColors[i % 3].withAlpha(i % 2 == 0 ? 1 : 0.4)),
                                                            .text("Row \(i + 1)", .system(10), baseline: Point(r.minX + 14, r.minY + 11), .black)],
                                         clip: vp, clipCornerRadius: 16))
            }
            items.append(DisplayItem(ItemID("edge"), Painter.scrollEdgeEffect(vp, edge: .top, hard: false, background: .white), clip: vp,
                                     clipCornerRadius: 16))
            items.append(DisplayItem(ItemID("indicator"), Painter.scrollIndicator(Rect(x: vp.maxX - 6, y: vp.minY + 20, width: 3, height: 30))))
            return items
        case .rotatedCanvas:
            var items = [DisplayItem(ItemID("canvas"), [.fill(.rect, vp, Color(hex: 0xE5E5EA))])]
            let turn = Rotation(angle: angle, center: vp.center)
            // Content laid out upright (zoom 1.2 and a pan already applied), then turned.
            let content: [DrawOp] = [
                .fill(.roundedRect(cornerRadius: 8), Rect(x: 50, y: 30, width: 70, height: 44), Color(hex: 0x007AFF)),
                .stroke(.roundedRect(cornerRadius: 8), Rect(x: 50, y: 30, width: 70, height: 44), lineWidth: 1.5, .white),
                .fill(.ellipse, Rect(x: 126, y: 56, width: 40, height: 40), Color(hex: 0xFF375F).withAlpha(0.85)),
                .fill(.rect, Rect(x: 20, y: 57, width: 160, height: 6), Color(hex: 0x1C1C1E)),
                .text("Canvas", .system(12, bold: true), baseline: Point(62, 56), .white),
            ]
            items.append(DisplayItem(ItemID("content"), content, clip: vp, rotation: turn))
            items.append(DisplayItem(ItemID("pointer"), Painter.arrowPointer(tip: Point(150, 30))))
            return items
        }
    }

    func render(scale: Double) -> Canvas {
        let c = Canvas(width: Int((ClipScene.size.width * scale).rounded()), height: Int((ClipScene.size.height * scale).rounded()), scale: scale)
        SceneRenderer(background: GalleryScene.background).render(items(), into: c, bufferAge: 0)
        return c
    }
}

@Suite("Scroll view clips and rotated canvases (SPEC I5, G5)")
struct ClipRotationTests {
    static let cases = Golden.cases(ClipScene.allCases)

    @Test("scene matches its golden", arguments: cases)
    func scene(_ scene: ClipScene, scale: Double) throws {
        try Golden.check(scene.render(scale: scale), named: Golden.name(scene.rawValue, scale: scale))
    }

    @Test("rows never paint outside the scroll view's rounded viewport", arguments: [1.0, 2.0, 1.5])
    func roundedClip(scale: Double) {
        let canvas = ClipScene.scrolledRoundedView.render(scale: scale)
        let vp = canvas.snapped(ClipScene.viewport)
        // Just outside each straight edge the rows (wider than the view) must not show.
        for y in stride(from: vp.y + vp.height / 3, to: vp.maxY - vp.height / 3, by: 3) {
            #expect(canvas.pixel(x: vp.x - 1, y: y) != 0 && canvas.pixel(x: vp.x - 1, y: y) >> 24 == 0xFF)
            #expect(!ClipScene.rowColors.contains { canvas.pixel(x: vp.x - 1, y: y) == $0.argb32 })
        }
        // The outermost corner pixel lies outside the rounding: no row colour there, only what is
        // below the view (its shadow over the background).
        let corner = canvas.pixel(x: vp.x, y: vp.y)
        #expect(!ClipScene.rowColors.contains { corner == $0.argb32 }, "corner \(String(corner, radix: 16))")
        #expect(canvas.pixel(x: vp.x, y: vp.maxY - 1) != ClipScene.rowColors[2].argb32)
        // Inside the clip, away from corners, a row shows (opaque row 2 spans the view's middle).
        let row2 = canvas.snapped(Rect(x: ClipScene.viewport.minX, y: ClipScene.viewport.minY - 9 + 36, width: 10, height: 15))
        #expect(canvas.pixel(x: vp.x + 2, y: row2.y + row2.height / 2) == ClipScene.rowColors[2].argb32)
    }

    @Test("a rotated canvas draws its content turned about the viewport centre", arguments: [1.0, 2.0, 1.5])
    func rotation(scale: Double) {
        let c = Canvas(width: Int(200 * scale), height: Int(120 * scale), scale: scale)
        let dark = Color(hex: 0x1C1C1E)
        // A horizontal bar through the centre, turned a quarter: it stands vertical.
        let vp = ClipScene.viewport
        let bar = DisplayItem(ItemID("bar"), [.fill(.rect, Rect(x: vp.midX - 40, y: vp.midY - 2, width: 80, height: 4), dark)],
                              clip: vp, rotation: Rotation(angle: .pi / 2, center: vp.center))
        SceneRenderer(background: .white).render([bar], into: c, bufferAge: 0)
        func px(_ x: Double, _ y: Double) -> UInt32 { c.pixel(x: Int(x * scale), y: Int(y * scale)) }
        #expect(px(vp.midX, vp.midY - 30) == dark.argb32, "the turned bar reaches above the centre")
        #expect(px(vp.midX, vp.midY + 30) == dark.argb32)
        #expect(px(vp.midX - 30, vp.midY) == Color.white.argb32, "nothing is left where the bar lay unturned")
        #expect(px(vp.midX + 30, vp.midY) == Color.white.argb32)
        // Turned 45°, a long bar is clipped by the viewport (its ends would reach past it).
        let long = DisplayItem(ItemID("bar"), [.fill(.rect, Rect(x: vp.midX - 150, y: vp.midY - 2, width: 300, height: 4), dark)],
                               clip: vp, rotation: Rotation(angle: .pi / 4, center: vp.center))
        let c2 = Canvas(width: Int(200 * scale), height: Int(120 * scale), scale: scale)
        SceneRenderer(background: .white).render([long], into: c2, bufferAge: 0)
        #expect(c2.bounds(of: long) == c2.snapped(vp).intersection(c2.bounds(of: long)))
        #expect(c2.pixel(x: Int((vp.minX - 4) * scale), y: Int((vp.minY - 4) * scale)) == Color.white.argb32)
    }

    @Test("turning a canvas re-renders nothing but the composite: its unturned image is cached")
    func rotationCache() {
        let cache = RenderCache()
        let c = Canvas(width: 200, height: 120, scale: 1, cache: cache)
        let renderer = SceneRenderer(background: .white, cache: cache)
        for k in 0..<5 {
            renderer.render(ClipScene.rotatedCanvas.items(angle: Double(k) * 0.2), into: c, bufferAge: 1)
        }
        #expect(cache.unturnedImages.count == 1)
        let image = cache.unturnedImages.first!.value.image
        renderer.render(ClipScene.rotatedCanvas.items(angle: 1.3), into: c, bufferAge: 1)
        #expect(cache.unturnedImages.first!.value.image === image)
        // Panning changes the content: a new image.
        renderer.render(ClipScene.rotatedCanvas.items(angle: 1.3).map { item in
            var i = item; if i.rotation != nil { i.ops = i.ops.map { $0.transformed(scale: 1, about: .zero, offset: Vector(3, 0)) } }; return i
        }, into: c, bufferAge: 1)
        #expect(cache.unturnedImages.first!.value.image !== image)
    }
}

/// Turned pixels kept while a canvas's turn holds still (issue 20, SPEC G5): repaints over it
/// composite the kept samples instead of sampling through the turn again, and must paint the
/// very pixels the direct path paints.
@Suite("Turned canvas pixels kept between frames (issue 20, SPEC G5)")
struct TurnedImageTests {
    /// The rotated canvas scene with the pointer at `tip`, turned by `angle`.
    static func frame(angle: Double, tip: Point) -> [DisplayItem] {
        ClipScene.rotatedCanvas.items(angle: angle).map { item in
            item.id == ItemID("pointer") ? DisplayItem(item.id, Painter.arrowPointer(tip: tip)) : item
        }
    }

    /// Renders `frames` into two canvases, one renderer keeping turned pixels and one not;
    /// after each frame the two canvases must hold the same bytes. Returns the keeping cache.
    static func compare(_ frames: [[DisplayItem]], scale: Double) -> RenderCache {
        let w = Int(ClipScene.size.width * scale), h = Int(ClipScene.size.height * scale)
        let direct = RenderCache(), kept = RenderCache()
        direct.keepsTurnedImages = false
        let a = Canvas(width: w, height: h, scale: scale, cache: direct), b = Canvas(width: w, height: h, scale: scale, cache: kept)
        let ra = SceneRenderer(background: .white, cache: direct), rb = SceneRenderer(background: .white, cache: kept)
        for (k, items) in frames.enumerated() {
            ra.render(items, into: a, bufferAge: k == 0 ? 0 : 1)
            rb.render(items, into: b, bufferAge: k == 0 ? 0 : 1)
            var differing = 0
            for y in 0..<h { for x in 0..<w where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { differing += 1 } }
            #expect(differing == 0, "frame \(k) at \(scale)×: \(differing) pixels differ")
        }
        #expect(direct.turnedImagesMade == 0)
        return kept
    }

    @Test("a pointer sweeping over a still turned canvas paints the pixels of sampling every repaint",
          arguments: [(1.0, 0.35), (1.5, 0.26), (2.0, -1.1), (1.0, 2.9)])
    func stillTurn(scale: Double, angle: Double) {
        // Across the turned content and its edges, in steps smaller than the pointer.
        let tips = (0..<24).map { k in Point(40 + Double(k) * 5.5, 20 + Double(k % 7) * 11) }
        let kept = TurnedImageTests.compare(tips.map { TurnedImageTests.frame(angle: angle, tip: $0) }, scale: scale)
        #expect(kept.turnedImagesMade == 1, "the turn held from the second frame on: its pixels are kept once")
    }

    @Test("a turn changing every frame (a pinch) keeps nothing; held again, it is kept")
    func pinch() {
        var frames = (0..<6).map { k in TurnedImageTests.frame(angle: 0.1 * Double(k), tip: Point(60 + Double(k) * 9, 40)) }
        let moving = TurnedImageTests.compare(frames, scale: 1)
        #expect(moving.turnedImagesMade == 0)
        frames += (0..<4).map { k in TurnedImageTests.frame(angle: 0.5, tip: Point(120 - Double(k) * 9, 70)) }
        #expect(TurnedImageTests.compare(frames, scale: 1).turnedImagesMade == 1)
    }
}
