// The showcase: it builds, every SPEC area is present, and it renders (issue 7).
import Testing
#if canImport(Glibc)
import Glibc
#endif
import PointerEngine
import PixmanRenderer
@testable import Playground

@Suite("Showcase")
struct ShowcaseTests {
    static let mouse = DeviceID(1)

    func move(_ s: PlaygroundSession, to p: Point, at ms: Double) {
        s.handle(InputEvent(time: .milliseconds(ms), device: ShowcaseTests.mouse,
                            .motion(position: InputPoint(x: p.x, y: p.y), delta: .zero, unaccelerated: .zero)))
    }

    @Test("renders headless to a PNG")
    func renders() throws {
        let session = PlaygroundSession()
        session.handle(InputEvent(time: .milliseconds(0), device: ShowcaseTests.mouse, .deviceAdded(name: "mouse", capabilities: .pointer)))
        session.handle(InputEvent(time: .milliseconds(1), device: ShowcaseTests.mouse, .pointerEnter(position: InputPoint(x: 700, y: 400))))
        let canvas = session.snapshot(scale: 1)
        #expect(canvas.width == 1440 && canvas.height == 900)
        if let out = getenv("LODESTONE_SHOT") {
            try canvas.writePNG(to: String(cString: out) + "-rest.png")
            let shots: [(String, Point)] = [("share", session.layout[Showcase.ID.share]!.frame.center + Vector(6, 4)),
                                            ("icon", session.layout[Showcase.ID.icons[4]]!.frame.center + Vector(8, 6)),
                                            ("text", Point(780, 160)), ("graph", Point(600, 450)), ("card", Point(520, 270))]
            var t = 10.0
            for (name, p) in shots {
                move(session, to: p, at: t)
                t += 600
                session.advance(to: .milliseconds(t))
                try session.snapshot(scale: 1).writePNG(to: String(cString: out) + "-\(name).png")
            }
        }
    }

    @Test("every SPEC area is in the showcase")
    func everyArea() {
        let l = Showcase.layout()
        let kinds = Set(l.elements.map(\.kind))
        for k: ElementKind in [.toolbar, .barButton, .segmentedControl, .segment, .icon, .row, .card, .textArea, .resizeHandle, .graph,
                               .scrubber, .revealingControls, .collection, .collectionItem, .dropTarget, .canvas, .pagedView,
                               .sidebar, .tabView, .tabBar, .tab, .scrollView, .button] {
            #expect(kinds.contains(k), "no \(k) in the showcase")
        }
        // I4, H1–H4: each reveal policy is used.
        #expect(Set(l.elements.compactMap(\.traits.reveal)) == Set(RevealBehaviour.allCases))
        // I2: a target for everything, one for copies only, one that refuses.
        let policies = l.elements.compactMap(\.traits.drop?.accepts)
        #expect(policies.contains(Set(DragOperation.allCases)) && policies.contains([.copy]) && policies.contains([]))
        // G2, G3: the canvas zooms within limits and rotates; I5: a paged view.
        let canvas = l[Showcase.ID.canvas]!.traits.scroll!
        #expect(canvas.minimumZoom < 1 && canvas.maximumZoom > 1 && canvas.allowsRotation)
        #expect(l[Showcase.ID.pages]!.traits.scroll!.isPaged)
        // I6: context menus list the hover-revealed controls.
        #expect(l[Showcase.ID.video]!.traits.contextMenu.count == 3)
        // P2: the text area has line metrics; A3: the graph has axes; I3: the scrubber a duration.
        #expect(l[Showcase.ID.text]!.traits.text?.lineHeight == Showcase.lineHeight)
        #expect(l[Showcase.ID.graph]!.traits.graph != nil && l[Showcase.ID.scrubber]!.traits.scrubber?.duration == Showcase.videoDuration)
        // Everything lies on the surface.
        let surface = Rect(x: 0, y: 0, width: Showcase.size.width, height: Showcase.size.height)
        for e in l.elements where l.scrollContainer(of: e.id) == nil { #expect(surface.contains(e.frame), "\(e) off the surface") }
    }

    @Test("hovering a bar button shows the highlight, an icon lifts (E1, E2)")
    func effectsOnShowcase() {
        let s = PlaygroundSession()
        s.handle(InputEvent(time: .milliseconds(0), device: ShowcaseTests.mouse, .deviceAdded(name: "mouse", capabilities: .pointer)))
        move(s, to: s.layout[Showcase.ID.share]!.frame.center, at: 10)
        s.advance(to: .milliseconds(600))
        #expect(s.engine.effect(on: Showcase.ID.share)?.kind == .highlight)
        move(s, to: s.layout[Showcase.ID.icons[0]]!.frame.center, at: 700)
        s.advance(to: .milliseconds(1300))
        #expect(s.engine.effect(on: Showcase.ID.icons[0])?.kind == .lift)
        #expect(s.hud.summary.contains("input pointer"))
    }
}
