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
            let shots: [(String, Point)] = [("share", Showcase.restingFrame(of: Showcase.ID.share, in: session.layout)!.center + Vector(6, 4)),
                                            ("icon", Showcase.restingFrame(of: Showcase.ID.icons[4], in: session.layout)!.center + Vector(8, 6)),
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
        move(s, to: Showcase.restingFrame(of: Showcase.ID.share, in: s.layout)!.center, at: 10)
        s.advance(to: .milliseconds(600))
        #expect(s.engine.effect(on: Showcase.ID.share)?.kind == .highlight)
        move(s, to: Showcase.restingFrame(of: Showcase.ID.icons[0], in: s.layout)!.center, at: 700)
        s.advance(to: .milliseconds(1300))
        #expect(s.engine.effect(on: Showcase.ID.icons[0])?.kind == .lift)
        #expect(s.hud.summary.contains("input pointer"))
    }
}

@Suite("Showcase canvas settles when the fingers lift (G2, G3, I5)")
struct ShowcaseCanvasTests {
    static let trackpad = DeviceID(2)

    /// The showcase canvas's content box on the surface after a pinch at its centre with `updates`
    /// (absolute scale, rotation step, pan step), `after` seconds after the fingers lift.
    static func pinch(_ updates: [(Double, Double, Vector)], after: Double) -> (box: Rect, view: Rect, zoom: Double) {
        let session = PlaygroundSession()
        let view = Showcase.restingFrame(of: Showcase.ID.canvas, in: session.layout)!
        let content = Rect(origin: .zero, size: session.layout[Showcase.ID.canvas]!.traits.scroll!.contentSize)
        var ms = 0.0
        func send(_ k: InputEventKind) { session.handle(InputEvent(time: .milliseconds(ms), device: trackpad, k)); ms += 10 }
        send(.deviceAdded(name: "touchpad", capabilities: [.pointer, .gesture]))
        send(.motion(position: InputPoint(x: view.midX, y: view.midY), delta: .zero, unaccelerated: .zero))
        send(.gesture(GestureEvent(kind: .pinch, phase: .begin, fingers: 2)))
        for (scale, rotation, pan) in updates {
            send(.gesture(GestureEvent(kind: .pinch, phase: .update, fingers: 2, delta: InputVector(dx: pan.dx, dy: pan.dy),
                                       scale: scale, rotation: rotation)))
        }
        send(.gesture(GestureEvent(kind: .pinch, phase: .end, fingers: 2)))
        session.advance(to: .milliseconds(ms + after * 1000))
        var engine = session.engine
        let t = engine.frame(now: .milliseconds(ms + after * 1000)).containers.first { $0.element == Showcase.ID.canvas }!.transform
        return (t.apply(content), view, t.zoom)
    }

    @Test("G2, I5: pinched to its 0.5 minimum and pushed aside, the canvas content comes back to the centre")
    func zoomedOutRecentres() {
        let r = Self.pinch([(0.8, 0, Vector(30, 10)), (0.5, 0, Vector(30, 10))], after: 2)
        #expect(r.zoom == 0.5)
        // Half size, centred in the view.
        #expect(abs(r.box.midX - r.view.midX) < 1e-6 && abs(r.box.midY - r.view.midY) < 1e-6)
        #expect(abs(r.box.width - r.view.width / 2) < 1e-6)
    }

    @Test("G2, G3, I5: zoomed ×2, turned 20° and dragged toward a corner, the content covers the view again")
    func zoomedInCoversView() {
        let r = Self.pinch([(1.5, 10, Vector(250, 250)), (2, 10, Vector(250, 250))], after: 2)
        #expect(r.zoom == 2)
        #expect(r.box.minX <= r.view.minX + 1e-6 && r.box.minY <= r.view.minY + 1e-6)
        #expect(r.box.maxX >= r.view.maxX - 1e-6 && r.box.maxY >= r.view.maxY - 1e-6)
        // Only as far as needed: the edges the fingers pulled in now sit on the view's.
        #expect(abs(r.box.minX - r.view.minX) < 1e-6 && abs(r.box.minY - r.view.minY) < 1e-6)
    }
}
