// Pre-blended pieces of a full repaint (issue 6 §5, issue 34.8): where an operation's pixels lie
// on one known colour, a full repaint copies them from a cached image instead of drawing them;
// the pixels must be exactly those drawing gives.
import Testing
import PointerEngine
@testable import PixmanRenderer

@Suite("Pre-blended pieces of full repaints (issue 34.8)")
struct PreblendTests {
    /// App icons (opaque rounded vertical gradients with a glyph and an outline) on the window
    /// background, on a white card, half on each, and one under a translucent veil.
    static func icons() -> [DisplayItem] {
        let star = GalleryScene.star()
        var items = [DisplayItem(ItemID("card"), [.fill(.roundedRect(cornerRadius: 12), Rect(x: 100, y: 8, width: 120, height: 90), .white)])]
        let spots = [Rect(x: 10, y: 10, width: 60, height: 60), Rect(x: 120, y: 20, width: 56, height: 56),
                     Rect(x: 190, y: 40, width: 50, height: 50), Rect(x: 14, y: 80, width: 72, height: 40)]
        for (i, r) in spots.enumerated() {
            items.append(DisplayItem(ItemID("icon", i), Painter.appIcon(r, top: Color(hex: 0x5AC8FA), bottom: Color(hex: 0x007AFF), glyph: star)))
        }
        items.append(DisplayItem(ItemID("veil"), [.fill(.rect, Rect(x: 0, y: 100, width: 60, height: 30), Color.black.withAlpha(0.2))]))
        return items
    }

    @Test("an opaque rounded gradient's corners on one colour are copied, with the pixels drawing gives",
          arguments: [1.0, 1.5, 2.0])
    func gradientCornersAsDrawn(scale: Double) {
        let w = Int(250 * scale), h = Int(140 * scale)
        let canvas = Canvas(width: w, height: h, scale: scale)
        let renderer = SceneRenderer(background: GalleryScene.background, cache: canvas.cache)
        renderer.render(PreblendTests.icons(), into: canvas, bufferAge: 0)
        let naive = Canvas(width: w, height: h, scale: scale)
        naive.clear(GalleryScene.background)
        for item in PreblendTests.icons() { naive.draw(item) }
        #expect(differingPixels(canvas, naive) == 0)
        // Copied: the four corner squares of each icon (each on the background or the card), and
        // the card's corners (one image: its four corners share one mask).
        #expect(canvas.cache.preblendMisses == 4 * 4 + 1)
        // A second full repaint copies the kept images and still draws the same.
        renderer.render(PreblendTests.icons(), into: canvas, bufferAge: 0)
        #expect(differingPixels(canvas, naive) == 0)
    }
}
