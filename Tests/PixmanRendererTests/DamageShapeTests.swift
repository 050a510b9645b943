// Issue 8 (latency): what a frame repaints is what changed — a stacking-order change repaints
// the item that moved, not every item after it, and damage rects that cross are not merged
// into their bounding box.
import Testing
import PointerEngine
@testable import PixmanRenderer

@Suite("Damage shape: moved items and crossing rects (issue 8, E2)")
struct DamageShapeTests {
    @Test("only items outside the longest run that kept its order count as moved")
    func movedItems() {
        // The last item (the pointer) slips under item 1: only it moved.
        #expect(SceneRenderer.moved([0, 4, 1, 2, 3]) == [false, true, false, false, false])
        // Back on top.
        #expect(SceneRenderer.moved([0, 2, 3, 4, 1]) == [false, false, false, false, true])
        // New items (-1) are not "moved" (they are damaged as new); untouched order: nothing moved.
        #expect(SceneRenderer.moved([0, -1, 1, 2]) == [false, false, false, false])
        // Two swapped neighbours: one of them moved.
        #expect(SceneRenderer.moved([1, 0]).filter { $0 }.count == 1)
    }

    @Test("the pointer slipping under a lifted element repaints only around the pointer")
    func pointerUnderContentRepaintsPointerOnly() {
        let canvas = Canvas(width: 400, height: 300, scale: 1)
        let renderer = SceneRenderer()
        let pointer = DisplayItem(ItemID("pointer"), Painter.arrowPointer(tip: Point(120, 110)))
        let icon = DisplayItem(ItemID("icon"), Painter.control(Rect(x: 100, y: 90, width: 60, height: 60), cornerRadius: 12, fill: .white, shadow: true))
        let others = (0..<12).map { i in
            DisplayItem(ItemID("row", i), [.fill(.rect, Rect(x: 10 + Double(i % 4) * 95, y: 180 + Double(i / 4) * 36, width: 90, height: 30), Color(hex: 0xE5E5EA))])
        }
        renderer.render([icon] + others + [pointer], into: canvas, bufferAge: 0)
        let repainted = renderer.render([pointer, icon] + others, into: canvas, bufferAge: 1)
        let around = canvas.bounds(of: pointer)
        #expect(!repainted.isEmpty)
        for r in repainted { #expect(around.contains(r), "\(r) outside the pointer's \(around)") }
        // And the picture is the one drawn from scratch.
        let fresh = Canvas(width: 400, height: 300, scale: 1)
        SceneRenderer().render([pointer, icon] + others, into: fresh, bufferAge: 0)
        #expect(differingPixels(canvas, fresh) == 0)
    }

    @Test("crossing damage rects are not merged into their bounding box; the result covers each pixel once")
    func crossingRects() {
        let tall = PixelRect(x: 100, y: 0, width: 20, height: 400)
        let wide = PixelRect(x: 0, y: 200, width: 500, height: 10)
        let out = SceneRenderer.coalesce([tall, wide])
        let covered = tall.area + wide.area - tall.intersection(wide).area
        #expect(out.reduce(0) { $0 + $1.area } == covered)
        for (i, a) in out.enumerated() { for b in out[(i + 1)...] { #expect(!a.intersects(b)) } }
        for r in out { #expect(tall.contains(r) || wide.contains(r)) }
        // Nested and overlapping-cheap rects still merge into one.
        #expect(SceneRenderer.coalesce([PixelRect(x: 0, y: 0, width: 50, height: 50), PixelRect(x: 10, y: 10, width: 5, height: 5)])
                == [PixelRect(x: 0, y: 0, width: 50, height: 50)])
        #expect(SceneRenderer.coalesce([PixelRect(x: 0, y: 0, width: 50, height: 50), PixelRect(x: 0, y: 40, width: 50, height: 50)])
                == [PixelRect(x: 0, y: 0, width: 50, height: 90)])
    }
}
