// SPEC A3 (issue 17.2): annotations stay inside the window, flipping to the other side of the
// pointer near an edge; P6 (issue 17.6): the pointer size scales the pointer, not the world:
// annotation text at most 1.5× at size 4, the I-beam thin at any size.
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("Annotations stay inside the window (A3) and grow little with the pointer (P6)")
struct AnnotationPlacementTests {
    static let graph = ElementID(1)
    static let text = ElementID(2)

    /// A graph filling a window of `size`, so its X/Y label shows wherever the pointer goes.
    static func layout(_ size: Size) -> Layout {
        try! Layout(size: size, [
            LayoutNode(Element(id: graph, kind: .graph, frame: Rect(x: 0, y: 0, width: size.width, height: size.height),
                               traits: ElementTraits(graph: GraphAxes(x: 0...24, y: 0...30, xUnit: " h", yUnit: " °C")))),
        ])
    }

    static func label(at p: Point, size: Size = Size(640, 480), pointerSize: Double = 1) throws -> AnnotationAppearance {
        var s = Scenario(layout(size), settings: PointerSettings(size: pointerSize))
        s.enter(at: Point(size.width / 2, size.height / 2))
        s.move(to: p)
        s.wait(0.5)
        return try #require(s.frame().annotations.first)
    }

    @Test("A3: near each edge and corner the label flips to the pointer's other side and stays inside the window",
          arguments: [Size(640, 480), Size(1024, 768), Size(1440, 900)])
    func edges(_ size: Size) throws {
        let window = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let inset = 3.0
        let l = inset, r = size.width - inset, t = inset, b = size.height - inset
        let points: [(String, Point)] = [("top-left", Point(l, t)), ("top-right", Point(r, t)), ("bottom-left", Point(l, b)),
                                         ("bottom-right", Point(r, b)), ("top", Point(size.width / 2, t)),
                                         ("bottom", Point(size.width / 2, b)), ("left", Point(l, size.height / 2)),
                                         ("right", Point(r, size.height / 2)), ("centre", Point(size.width / 2, size.height / 2))]
        for (name, p) in points {
            let a = try Self.label(at: p, size: size)
            let f = a.estimatedFrame
            #expect(window.insetBy(AccessoryTuning.annotationWindowMargin - 1e-9).contains(f), "\(name): \(f) leaves \(size)")
            // Default place: right of and below the pointer; flipped where that would cross.
            let right = p.x <= size.width / 2, below = p.y <= size.height / 2
            // (The label hangs off the corner of the pointer's box, so it may reach a little past
            // the tip on the other axis, never over it.)
            #expect(!f.contains(p), "\(name): the label covers the pointer's tip")
            if right { #expect(f.minX > p.x, "\(name): right of the pointer") } else { #expect(f.maxX < p.x, "\(name): flipped left") }
            if below { #expect(f.minY > p.y, "\(name): below the pointer") } else { #expect(f.midY < p.y, "\(name): flipped above") }
            #expect(a.alignment == Vector(right ? 0 : 1, below ? 0 : 1), "\(name): the renderer hangs it on the same side")
        }
    }

    @Test("P6: annotation text grows at most 1.5× from pointer size 1 to 4, on a named curve")
    func textScale() throws {
        #expect(AccessoryTuning.annotationScale(pointerSize: 1) == 1)
        #expect(AccessoryTuning.annotationScale(pointerSize: 4) == AccessoryTuning.maximumAnnotationScale)
        #expect(AccessoryTuning.annotationScale(pointerSize: 0.5) == 1, "small pointers keep readable labels")
        let p = Point(200, 150)
        let one = try Self.label(at: p, pointerSize: 1), four = try Self.label(at: p, pointerSize: 4)
        #expect(four.fontSize <= one.fontSize * AccessoryTuning.maximumAnnotationScale + 1e-9)
        // The label's width (same text) grows with its font, ≤ 1.5× plus a point of slack.
        #expect(four.text.count == one.text.count)
        #expect(four.estimatedSize.width <= one.estimatedSize.width * AccessoryTuning.maximumAnnotationScale + 1)
    }

    @Test("P2, P6: the I-beam's stroke stays thin at every pointer size; its height follows the line",
          arguments: [0.5, 1.0, 2.0, 3.0, 4.0])
    func beamWidth(_ size: Double) throws {
        let lineHeight = 20.0
        let layout = try Layout(size: Size(640, 480), [
            LayoutNode(Element(id: Self.text, kind: .textArea, frame: Rect(x: 100, y: 100, width: 300, height: 200),
                               traits: ElementTraits(text: TextMetrics(lineHeight: lineHeight)))),
        ])
        var s = Scenario(layout, settings: PointerSettings(size: size))
        s.enter(at: Point(20, 20))
        s.move(to: Point(200, 150))
        s.wait(1)
        let layer = try #require(s.frame().pointer.layers.first { $0.opacity > 0.5 })
        let b = layer.bounds
        #expect(b.width <= PointerTuning.maximumBeamWidth + 1e-9, "beam \(b.width) pt wide at size \(size)")
        #expect(b.width >= min(PointerTuning.beamWidth * size, PointerTuning.maximumBeamWidth) - 1e-6)
        #expect(abs(b.height - lineHeight) < 0.5, "the beam is as tall as the line")
    }
}
