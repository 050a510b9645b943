// One damage history (issue 20.5): SceneRenderer's, by buffer age, is the only one (the window
// keeps none; it asks its content to repaint from the buffer's age). A buffer N frames old is
// repainted where the last N frames changed, no more and no less; a buffer of unknown age, the
// first frame and a frame of another size or scale are repainted whole.
import Testing
import PointerEngine
@testable import PixmanRenderer

@Suite("Damage history by buffer age (issue 20.5, issue 6 §2)")
struct DamageHistoryTests {
    /// Pixels of `rects` (clipped to `canvas`) as a set of indices.
    static func pixels(_ rects: [PixelRect], in canvas: Canvas) -> Set<Int> {
        var out = Set<Int>()
        for r in rects {
            let c = r.intersection(canvas.pixelBounds)
            guard !c.isEmpty else { continue }
            for y in c.y..<c.maxY { for x in c.x..<c.maxX { out.insert(y * canvas.width + x) } }
        }
        return out
    }

    /// Frame `n`: a dot in a cell of its own each frame (cells far enough apart that no two
    /// frames' damage merges), over a fixed backdrop.
    static func items(_ n: Int) -> [DisplayItem] {
        let cell = n % 18
        return [DisplayItem(ItemID("backdrop"), [.fill(.roundedRect(cornerRadius: 6), Rect(x: 4, y: 4, width: 80, height: 40), .white)]),
                DisplayItem(ItemID("dot"), [.fill(.ellipse, Rect(x: 10 + Double(cell % 6) * 50, y: 10 + Double(cell / 6) * 50, width: 8, height: 8),
                                                  Color(hex: 0x1C1C1E))])]
    }

    @Test("a buffer N frames old is repainted exactly where the last N frames changed", arguments: 1...SceneRenderer.maxBufferAge)
    func ageRepaintsUnionOfLastFrames(age: Int) {
        let canvas = Canvas(width: 300, height: 160, scale: 1)
        let renderer = SceneRenderer()
        var changes: [Set<Int>] = []
        for n in 0..<12 {
            renderer.render(Self.items(n), into: canvas, bufferAge: n == 0 ? 0 : 1)
            changes.append(Self.pixels(renderer.lastFrameDamage, in: canvas))
        }
        let repainted = renderer.render(Self.items(12), into: canvas, bufferAge: age)
        changes.append(Self.pixels(renderer.lastFrameDamage, in: canvas))
        let expected = changes.suffix(age).reduce(into: Set<Int>()) { $0.formUnion($1) }
        #expect(!expected.isEmpty)
        #expect(Self.pixels(repainted, in: canvas) == expected)
        // Every repainted rectangle is told to the compositor once: they do not overlap.
        for (i, a) in repainted.enumerated() { for b in repainted[(i + 1)...] { #expect(!a.intersects(b)) } }
    }

    @Test("a buffer of unknown age (0, or older than the history) is repainted whole")
    func unknownAgeRepaintsAll() {
        let canvas = Canvas(width: 300, height: 160, scale: 1)
        let renderer = SceneRenderer()
        for n in 0..<12 { renderer.render(Self.items(n), into: canvas, bufferAge: n == 0 ? 0 : 1) }
        #expect(renderer.render(Self.items(12), into: canvas, bufferAge: 0) == [canvas.pixelBounds])
        #expect(renderer.render(Self.items(13), into: canvas, bufferAge: SceneRenderer.maxBufferAge + 1) == [canvas.pixelBounds])
        // Older than the frames drawn so far.
        let young = SceneRenderer()
        young.render(Self.items(0), into: canvas, bufferAge: 0)
        young.render(Self.items(1), into: canvas, bufferAge: 1)
        #expect(young.render(Self.items(2), into: canvas, bufferAge: 4) == [canvas.pixelBounds])
    }

    @Test("the first frame, a new size and a new scale repaint everything, and say so as the frame's damage")
    func firstFrameAndResizeRepaintAll() {
        let renderer = SceneRenderer()
        let canvas = Canvas(width: 300, height: 160, scale: 1)
        // Even a buffer said to hold the previous frame: there was none.
        #expect(renderer.render(Self.items(0), into: canvas, bufferAge: 1) == [canvas.pixelBounds])
        #expect(renderer.lastFrameDamage == [canvas.pixelBounds])
        #expect(renderer.render(Self.items(1), into: canvas, bufferAge: 1) != [canvas.pixelBounds])
        let wider = Canvas(width: 240, height: 100, scale: 1)
        #expect(renderer.render(Self.items(1), into: wider, bufferAge: 1) == [wider.pixelBounds])
        #expect(renderer.lastFrameDamage == [wider.pixelBounds])
        let sharper = Canvas(width: 240, height: 100, scale: 2)
        #expect(renderer.render(Self.items(1), into: sharper, bufferAge: 1) == [sharper.pixelBounds])
        // After a resize the older frames' damage is gone: a two-frame-old buffer is of the old size.
        #expect(renderer.render(Self.items(2), into: sharper, bufferAge: 2) == [sharper.pixelBounds])
        renderer.invalidate()
        #expect(renderer.render(Self.items(2), into: sharper, bufferAge: 1) == [sharper.pixelBounds])
    }
}
