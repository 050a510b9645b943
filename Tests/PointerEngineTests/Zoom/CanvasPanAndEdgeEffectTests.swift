// Canvas pans (SPEC I5, G1, G6, G7, G11) and scroll edge effects (I5) in the engine's frame
// description.
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("Canvas pans: rubber-band at the content's edges, momentum (I5, G1, G6, G11)")
struct CanvasPanTests {
    /// 600×320 content in a 300×160 view at scale 1, centred: translation (−150, −80).
    static let zoomed = CanvasTransform(scale: 1, translation: Vector(-150, -80))
    static let content = Size(600, 320), view = Size(300, 160)

    static func ms(_ t: Double) -> Timestamp { Timestamp(rawValue: 1_000_000 + UInt64(t * 1000)) }

    @Test("I5: inside the content, the content follows the fingers point for point")
    func followsFingers() {
        var pan = CanvasPan(transform: Self.zoomed, content: Self.content, viewport: Self.view, kinetic: true, now: Self.ms(0))
        #expect(pan.scroller.offset == Point(150, 80)) // the view shows the content from (150, 80)
        var moved = Vector.zero
        for i in 1...5 { moved = moved + pan.handle(.fingerScroll(Vector(10, -4)), now: Self.ms(Double(i) * 10)) }
        #expect(moved == Vector(-50, 20)) // offset +50, −20: the content moves left 50 and down 20
    }

    @Test("I5: past the right edge the content rubber-bands (moves less than the fingers) and settles with its edge on the view's")
    func rubberBandsAndSettles() {
        var pan = CanvasPan(transform: Self.zoomed, content: Self.content, viewport: Self.view, kinetic: true, now: Self.ms(0))
        var moved = Vector.zero
        // 400 pt towards the end in 10 steps: 150 pt reach the edge (offset 300), 250 pt go past it.
        for i in 1...10 { moved = moved + pan.handle(.fingerScroll(Vector(40, 0)), now: Self.ms(Double(i) * 10)) }
        let band = pan.scroller.horizontal.overscroll
        #expect(band > 0 && band < 250)
        #expect(moved.dx == -(150 + band))
        moved = moved + pan.handle(.fingerLift, now: Self.ms(110))
        for i in 1...100 { moved = moved + pan.advance(to: Self.ms(110 + Double(i) * 10)) }
        #expect(!pan.isMoving)
        // Settled: translation −150 − 150 = −300, the content's right edge (−300 + 600) on the view's (300).
        #expect(abs(moved.dx + 150) < 1e-9 && moved.dy == 0)
    }

    @Test("I5: content shorter than the view stays centred: a drag rubber-bands and comes back to the centre")
    func shortContentRecentres() {
        // 600×200 at scale 0.5 is 300×100 in the 300×160 view: centred at y = 30.
        let t = CanvasTransform(scale: 0.5, translation: Vector(0, 30))
        var pan = CanvasPan(transform: t, content: Size(600, 200), viewport: Self.view, kinetic: true, now: Self.ms(0))
        #expect(pan.scroller.offset == Point(0, 0))
        var moved = Vector.zero
        for i in 1...4 { moved = moved + pan.handle(.fingerScroll(Vector(0, -10)), now: Self.ms(Double(i) * 10)) }
        #expect(moved.dy > 0 && moved.dy < 40) // banded: less than the 40 pt the fingers moved
        moved = moved + pan.handle(.fingerLift, now: Self.ms(50))
        for i in 1...100 { moved = moved + pan.advance(to: Self.ms(50 + Double(i) * 10)) }
        #expect(abs(moved.dy) < 1e-9) // back at y = 30
    }

    @Test("G1: a fast finger scroll keeps gliding after the lift, and stops within the content")
    func momentum() {
        var pan = CanvasPan(transform: Self.zoomed, content: Self.content, viewport: Self.view, kinetic: true, now: Self.ms(0))
        var moved = Vector.zero
        for i in 1...5 { moved = moved + pan.handle(.fingerScroll(Vector(8, 0)), now: Self.ms(Double(i) * 8)) } // 1000 pt/s
        let atLift = moved.dx + pan.handle(.fingerLift, now: Self.ms(40)).dx
        #expect(pan.isMoving)
        moved.dx = atLift
        for i in 1...300 { moved = moved + pan.advance(to: Self.ms(40 + Double(i) * 10)) }
        #expect(!pan.isMoving)
        #expect(moved.dx < atLift - 100) // glided on, well past where the fingers left it
        #expect(moved.dx >= -150 - 1e-9) // never past the right edge at rest
    }

    @Test("G1: without kinetic scrolling the content stops when the fingers lift")
    func noMomentum() {
        var pan = CanvasPan(transform: Self.zoomed, content: Self.content, viewport: Self.view, kinetic: false, now: Self.ms(0))
        for i in 1...5 { _ = pan.handle(.fingerScroll(Vector(8, 0)), now: Self.ms(Double(i) * 8)) }
        #expect(pan.handle(.fingerLift, now: Self.ms(40)) == .zero)
        #expect(!pan.isMoving)
    }

    /// The canvas of `Fixtures`: 300×160 at (20, 620), content 600×320, zoom 0.5…4, fitted 0.5.
    static func zoomedIn() -> Scenario {
        var s = Scenario(Fixtures.layout())
        s.enter(at: Point(170, 700))
        s.wait(0.1)
        // Pinch ×2 around the centre: scale 1, the content's centre stays at the view's centre.
        s.send(.gesture(GestureEvent(kind: .pinch, phase: .begin, fingers: 2)), from: s.trackpad)
        for k in 1...4 {
            s.clock = Timestamp(rawValue: s.clock.rawValue + 10_000)
            s.send(.gesture(GestureEvent(kind: .pinch, phase: .update, fingers: 2, scale: 1 + Double(k) * 0.25)), from: s.trackpad)
        }
        s.send(.gesture(GestureEvent(kind: .pinch, phase: .end, fingers: 2)), from: s.trackpad)
        s.wait(1)
        return s
    }

    static func transform(_ s: inout Scenario) -> ContainerTransform? {
        s.frame().containers.first { $0.element == Fixtures.canvas }?.transform
    }

    @Test("I5, G1: a two-finger scroll over a zoomed canvas pans it; the fingers' stop settles it inside the content")
    func twoFingerScrollPansCanvas() throws {
        var s = Self.zoomedIn()
        let before = try #require(Self.transform(&s))
        #expect(abs(before.zoom - 1) < 1e-6)
        // A value of +10 (as a wheel detent down) moves the content up: the offset grows by 10 (G1).
        for _ in 0..<5 {
            s.clock = Timestamp(rawValue: s.clock.rawValue + 10_000)
            s.send(.scroll(source: .finger, axis: .vertical, value: 10, value120: nil, stop: false), from: s.trackpad)
        }
        let during = try #require(Self.transform(&s))
        #expect(abs((during.offset.dy - before.offset.dy) - 50) < 1e-6)
        #expect(abs(during.offset.dx - before.offset.dx) < 1e-6)
        #expect(s.engine.isActive) // fingers on: the pan is in progress (P5: the pointer does not auto-hide)
        s.send(.scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true), from: s.trackpad)
        s.wait(3)
        let after = try #require(Self.transform(&s))
        #expect(!s.engine.isActive && s.engine.isSettled)
        // Scale 1: 320 pt of content in a 160 pt view; the offset stays within 0…160 of the content.
        #expect(after.offset.dy >= before.offset.dy + 50 - 1e-6 && after.offset.dy <= 160 + 1e-6)
    }

    @Test("I5: pulled past the top edge with the fingers, the canvas bounces back to it")
    func canvasBouncesBack() throws {
        var s = Self.zoomedIn()
        for _ in 0..<20 {
            s.clock = Timestamp(rawValue: s.clock.rawValue + 10_000)
            s.send(.scroll(source: .finger, axis: .vertical, value: -10, value120: nil, stop: false), from: s.trackpad)
        }
        let pulled = try #require(Self.transform(&s))
        #expect(pulled.offset.dy < -1) // past the top: the content's top edge is inside the view
        #expect(pulled.offset.dy > -160) // but banded: less than the 200 pt the fingers moved minus the 80 available
        s.send(.scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true), from: s.trackpad)
        s.wait(2)
        let settled = try #require(Self.transform(&s))
        #expect(abs(settled.offset.dy) < 1e-6) // the content's top on the view's top
    }

    @Test("G11: a touch drag on the canvas pans it like the fingers on the touchpad")
    func touchDragPans() throws {
        var s = Self.zoomedIn()
        let before = try #require(Self.transform(&s))
        s.send(.touchDown(id: 1, position: InputPoint(x: 170, y: 700)), from: s.touchscreen)
        for k in 1...4 {
            s.clock = Timestamp(rawValue: s.clock.rawValue + 10_000)
            s.send(.touchMotion(id: 1, position: InputPoint(x: 170 - Double(k) * 10, y: 700)), from: s.touchscreen)
        }
        let during = try #require(Self.transform(&s))
        #expect(abs((during.offset.dx - before.offset.dx) - 40) < 1e-6) // the content follows the finger left
        s.send(.touchUp(id: 1), from: s.touchscreen)
        s.wait(3)
        #expect(!s.engine.isActive)
    }
}

@Suite("Scroll edge effects where a scroll view meets floating controls (I5)")
struct ScrollEdgeEffectTests {
    /// A 400×300 list at (0, 100) with 1200 pt of rows; a 44 pt toolbar floats over its top and
    /// a 40 pt tab bar over its bottom (both painted above it, neither inside it).
    static func layout(offset: Double, style: ScrollEdgeEffectStyle = .soft, floating: Bool = true) -> Layout {
        var l = Layout(size: Size(400, 500))
        try! l.add(Element(id: ElementID(1), kind: .scrollView, frame: Rect(x: 0, y: 100, width: 400, height: 300),
                           traits: ElementTraits(scroll: ScrollConfiguration(contentSize: Size(400, 1200), edgeEffect: style,
                                                                            initialOffset: Vector(0, offset)))))
        for r in 0..<20 {
            try! l.add(Element(id: ElementID(Int32(100 + r)), kind: .row, frame: Rect(x: 0, y: Double(r) * 60, width: 400, height: 56)),
                       parent: ElementID(1))
        }
        if floating {
            try! l.add(Element(id: ElementID(2), kind: .toolbar, frame: Rect(x: 20, y: 100, width: 360, height: 44)))
            try! l.add(Element(id: ElementID(3), kind: .barButton, frame: Rect(x: 30, y: 106, width: 32, height: 32)), parent: ElementID(2))
            try! l.add(Element(id: ElementID(4), kind: .tabBar, frame: Rect(x: 0, y: 360, width: 400, height: 40)))
        } else {
            // Beside the list, not over it: no edge meets a floating control.
            try! l.add(Element(id: ElementID(2), kind: .toolbar, frame: Rect(x: 0, y: 50, width: 400, height: 44)))
        }
        return l
    }

    static func effects(_ l: Layout) -> [ScrollEdgeEffectAppearance] {
        var e = Engine(layout: l, now: Timestamp(rawValue: 1_000_000))
        return e.frame(now: Timestamp(rawValue: 1_100_000)).scrollEdgeEffects
    }

    @Test("I5: content scrolled under a top toolbar and a bottom tab bar: soft bands 44 + 16 and 40 + 16 pt deep, fully shown")
    func softBands() {
        let fx = Self.effects(Self.layout(offset: 100))
        #expect(fx == [
            ScrollEdgeEffectAppearance(scrollView: ElementID(1), edge: .top, rect: Rect(x: 0, y: 100, width: 400, height: 60),
                                       style: .soft, opacity: 1),
            ScrollEdgeEffectAppearance(scrollView: ElementID(1), edge: .bottom, rect: Rect(x: 0, y: 344, width: 400, height: 56),
                                       style: .soft, opacity: 1),
        ])
    }

    @Test("I5: hard (desktop-style) bands end at the controls' inner side")
    func hardBands() {
        let fx = Self.effects(Self.layout(offset: 100, style: .hard))
        #expect(fx.map(\.rect) == [Rect(x: 0, y: 100, width: 400, height: 44), Rect(x: 0, y: 360, width: 400, height: 40)])
        #expect(fx.allSatisfy { $0.style == .hard })
    }

    @Test("I5: at the top of the list nothing is under the toolbar: only the bottom band; 8 pt scrolled shows it half")
    func onlyWhereContentIsUnder() {
        #expect(Self.effects(Self.layout(offset: 0)).map(\.edge) == [.bottom])
        let half = Self.effects(Self.layout(offset: 8))
        #expect(half.map(\.edge) == [.top, .bottom])
        #expect(half.first?.opacity == 0.5)
        // At the end of the list (offset 900 = 1200 − 300) nothing is under the tab bar.
        #expect(Self.effects(Self.layout(offset: 900)).map(\.edge) == [.top])
    }

    @Test("I5, I4: hover-revealed controls over the bottom edge make no band while hidden")
    func hiddenControlsMakeNoBand() throws {
        var l = Self.layout(offset: 100)
        l = try Layout(size: l.size, l.roots.compactMap { id -> LayoutNode? in
            guard id != ElementID(4), let e = l[id] else { return nil }
            return LayoutNode(e, e.children.compactMap { l[$0].map { LayoutNode($0) } })
        } + [LayoutNode(Element(id: ElementID(5), kind: .revealingControls, frame: Rect(x: 100, y: 352, width: 200, height: 40),
                                traits: ElementTraits(reveal: .autoHide)), [
            LayoutNode(Element(id: ElementID(6), kind: .toolbar, frame: Rect(x: 104, y: 356, width: 192, height: 32)), [
                LayoutNode(Element(id: ElementID(7), kind: .barButton, frame: Rect(x: 108, y: 358, width: 40, height: 28))),
            ]),
        ])])
        #expect(Self.effects(l).map(\.edge) == [.top])
    }

    @Test("I5: no floating controls over the view, no edge effect")
    func noneWithoutFloatingControls() {
        #expect(Self.effects(Self.layout(offset: 100, floating: false)).isEmpty)
    }

    @Test("I5: the band follows live scrolling: a wheel detent down from the top brings the top band in")
    func followsScrolling() {
        var s = Scenario(Self.layout(offset: 0))
        s.enter(at: Point(200, 250))
        s.wait(0.1)
        #expect(s.frame().scrollEdgeEffects.map(\.edge) == [.bottom])
        s.send(.scroll(source: .wheel, axis: .vertical, value: 15, value120: 120, stop: false))
        s.wait(1)
        let fx = s.frame().scrollEdgeEffects
        #expect(fx.map(\.edge) == [.top, .bottom])
        #expect(fx.first?.opacity == 1) // one 48 pt detent is past the 16 pt ramp
    }
}
