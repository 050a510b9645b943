// A zoomable, rotatable canvas settles into its zoom limits and its bounds when a pinch or a
// smart zoom ends, with a spring, without waiting for the next pan (SPEC G2, G3, G4, I5, G7).
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("Canvas settles into limits and bounds when the gesture ends (G2, G3, G4, I5)")
struct CanvasSettleTests {
    /// The canvas of `Fixtures`: 300×160 at (20, 620), content 600×320, zoom 0.5…4: fitted 0.5
    /// fills the view exactly.
    static let view = Rect(x: 20, y: 620, width: 300, height: 160)
    static let content = Rect(x: 0, y: 0, width: 600, height: 320)

    static func transform(_ s: inout Scenario, _ id: ElementID = Fixtures.canvas) -> ContainerTransform {
        s.frame().containers.first { $0.element == id }!.transform
    }
    /// The content's bounding box on the surface.
    static func box(_ s: inout Scenario, _ id: ElementID = Fixtures.canvas, content: Rect = content) -> Rect {
        transform(&s, id).apply(content)
    }
    static func step(_ s: inout Scenario, ms: Double) { s.clock = Timestamp(rawValue: s.clock.rawValue + UInt64(ms * 1000)) }

    /// A two-finger pinch with the pointer at `focus`: `updates` (absolute scale, rotation step in
    /// degrees, pan step in points) 10 ms apart; the fingers lift 10 ms after the last one.
    static func pinch(_ s: inout Scenario, at focus: Point, _ updates: [(scale: Double, rotation: Double, pan: Vector)], end: Bool = true) {
        s.move(to: focus, from: s.trackpad)
        s.wait(0.05)
        s.send(.gesture(GestureEvent(kind: .pinch, phase: .begin, fingers: 2)), from: s.trackpad)
        for u in updates {
            Self.step(&s, ms: 10)
            s.send(.gesture(GestureEvent(kind: .pinch, phase: .update, fingers: 2, delta: InputVector(dx: u.pan.dx, dy: u.pan.dy),
                                         scale: u.scale, rotation: u.rotation)), from: s.trackpad)
        }
        guard end else { return }
        Self.step(&s, ms: 10)
        s.send(.gesture(GestureEvent(kind: .pinch, phase: .end, fingers: 2)), from: s.trackpad)
    }

    static func near(_ a: Double, _ b: Double, _ tol: Double = 1e-6) -> Bool { abs(a - b) <= tol }
    static func near(_ a: Rect, _ b: Rect, _ tol: Double = 1e-6) -> Bool {
        near(a.minX, b.minX, tol) && near(a.minY, b.minY, tol) && near(a.width, b.width, tol) && near(a.height, b.height, tol)
    }

    @Test("G2, I5: zoomed in at the top-left with the fingers pulling right and down, the content springs back to cover the view at release")
    func pinchPanPastEdgeSettles() {
        var s = Scenario(Fixtures.layout())
        s.enter(at: Point(170, 700))
        #expect(Self.near(Self.box(&s), Self.view)) // fitted: the content is exactly the view
        // Focus 30, 20 pt into the view: content point (60, 40). ×2 → scale 1, fingers 60, 40 pt right/down:
        // the content point sits at (90, 60) in the view, the content's top-left at (30, 20) — a gap at two edges.
        Self.pinch(&s, at: Point(50, 640), (1...4).map { (1 + Double($0) * 0.25, 0, Vector(15, 10)) })
        let released = Self.box(&s)
        #expect(Self.near(released, Rect(x: 50, y: 640, width: 600, height: 320)))
        #expect(!s.engine.isSettled && !s.engine.isActive) // no fingers: nothing waits for a pan
        s.wait(0.05)
        let halfway = Self.box(&s)
        #expect(halfway.minX > 20 && halfway.minX < 50 && halfway.minY > 620 && halfway.minY < 640) // a spring, not a jump
        s.wait(2)
        #expect(s.engine.isSettled)
        let t = Self.transform(&s)
        #expect(Self.near(t.zoom, 1) && Self.near(t.offset.dx, 0) && Self.near(t.offset.dy, 0))
        #expect(Self.near(Self.box(&s), Rect(x: 20, y: 620, width: 600, height: 320))) // top-left edges on the view's
    }

    @Test("G2: pinched below the minimum (rubber-banded) and pushed aside, the content returns to 0.5 and fills the view again")
    func pinchBelowMinimumSettles() {
        var s = Scenario(Fixtures.layout())
        s.enter(at: Point(170, 700))
        Self.pinch(&s, at: Point(170, 700), [(0.8, 0, Vector(20, 0)), (0.5, 0, Vector(20, 5))])
        let banded = Self.transform(&s).zoom
        // Raw 0.25 is banded in log space: less than the limit, never below 0.5 / 1.25.
        let expected = 0.5 / RubberBand.band(2.0.logOf, limit: ZoomController.maximumOvershoot.logOf).expOf
        #expect(Self.near(banded, expected) && banded > 0.5 / ZoomController.maximumOvershoot && banded < 0.5)
        s.wait(0.05)
        let mid = Self.transform(&s).zoom
        #expect(mid > banded && mid < 0.5)
        s.wait(2)
        #expect(s.engine.isSettled)
        #expect(Self.transform(&s).zoom == 0.5)
        #expect(Self.near(Self.box(&s), Self.view))
    }

    @Test("G2: pinched past the maximum it rubber-bands, then springs back to exactly 4 around the fingers")
    func pinchPastMaximumSettles() {
        var s = Scenario(Fixtures.layout())
        s.enter(at: Point(170, 700))
        Self.pinch(&s, at: Point(170, 700), [(4, 0, .zero), (16, 0, .zero)]) // raw 8 = 2 × the maximum
        let expected = 4 * RubberBand.band(2.0.logOf, limit: ZoomController.maximumOvershoot.logOf).expOf
        #expect(Self.near(Self.transform(&s).zoom, expected) && expected > 4 && expected < 4 * ZoomController.maximumOvershoot)
        s.wait(0.05)
        #expect(Self.transform(&s).zoom > 4 && Self.transform(&s).zoom < expected)
        s.wait(2)
        #expect(Self.transform(&s).zoom == 4)
        // The view's centre (the fingers) keeps the content's centre: 2400×1280 centred on (170, 700).
        #expect(Self.near(Self.box(&s), Rect(x: 170 - 1200, y: 700 - 640, width: 2400, height: 1280)))
    }

    @Test("G3, I5: rotated 30° about a corner, the right edge pulls away from the view; at release it springs back to the view's right edge")
    func rotationPullingAnEdgeAwaySettles() {
        var s = Scenario(Fixtures.layout())
        s.enter(at: Point(170, 700))
        // At the fitted 0.5 (300×160 on screen) turning 30° about (50, 640) leaves a bounding box
        // 300 cos 30° + 160 sin 30° = 339.8 wide whose right side ends inside the view.
        Self.pinch(&s, at: Point(50, 640), [(1, 10, .zero), (1, 10, .zero), (1, 10, .zero)])
        let released = Self.box(&s)
        let width = 300 * Math.cos(.pi / 6) + 160 * Math.sin(.pi / 6)
        #expect(Self.near(released.width, width, 1e-9))
        #expect(released.maxX < Self.view.maxX - 20) // a gap on the right
        #expect(released.minY < Self.view.minY && released.maxY > Self.view.maxY) // top and bottom still covered
        s.wait(2)
        #expect(s.engine.isSettled)
        let settled = Self.box(&s)
        #expect(Self.near(Self.transform(&s).rotation, .pi / 6, 1e-9)) // the rotation stays (free rotation)
        #expect(Self.near(settled.maxX, Self.view.maxX)) // moved right just enough: the right edges meet
        #expect(Self.near(settled.minY, released.minY)) // vertically it was in bounds: no move
    }

    @Test("G7, I5: a pinch cancelled far out of bounds returns exactly to the transform it started from")
    func cancelledPinchReverts() {
        var s = Scenario(Fixtures.layout())
        s.enter(at: Point(170, 700))
        let before = Self.transform(&s)
        Self.pinch(&s, at: Point(50, 640), [(2, 20, Vector(80, 40))], end: false)
        Self.step(&s, ms: 10)
        s.send(.gesture(GestureEvent(kind: .pinch, phase: .end, fingers: 2, cancelled: true)), from: s.trackpad)
        s.wait(2)
        #expect(Self.transform(&s) == before)
    }

    @Test("G4, I5: smart zoom beside letterboxed content zooms around the pointer but lands with the content's edge on the view's")
    func smartZoomLandsInBounds() {
        // A square 600×600 picture in the 300×160 canvas: fitted 160/600, a 160×160 square centred (x 70…230).
        var l = Layout(size: Size(400, 300))
        let id = ElementID(1)
        try! l.add(Element(id: id, kind: .canvas, frame: Rect(x: 0, y: 0, width: 300, height: 160),
                           traits: ElementTraits(scroll: ScrollConfiguration(contentSize: Size(600, 600), axes: .both, minimumZoom: 0.1,
                                                                            maximumZoom: 4))))
        let square = Rect(x: 0, y: 0, width: 600, height: 600)
        var s = Scenario(l)
        s.enter(at: Point(150, 80))
        #expect(Self.near(Self.box(&s, id, content: square), Rect(x: 70, y: 0, width: 160, height: 160)))
        // Two quick two-finger taps (touchpad right clicks) right of the picture, at (290, 150).
        s.move(to: Point(290, 150), from: s.trackpad)
        for _ in 0..<2 {
            s.send(.button(.right, pressed: true), from: s.trackpad); Self.step(&s, ms: 40)
            s.send(.button(.right, pressed: false), from: s.trackpad); Self.step(&s, ms: 80)
        }
        s.wait(2)
        #expect(s.engine.isSettled)
        // 2.5 × fitted = 2/3: a 400×400 square. Around the pointer its left edge would be at 290 − 550 = −260 and its
        // right edge at 140, a 160 pt gap; in bounds, its right edge meets the view's (x −100…300); vertically the
        // pointer's point keeps its place (150 − 375 = −225, inside −240…0).
        let t = Self.transform(&s, id)
        #expect(Self.near(t.zoom, 2.0 / 3))
        #expect(Self.near(Self.box(&s, id, content: square), Rect(x: -100, y: -225, width: 400, height: 400), 1e-6))
    }

    @Test("G2, I5: a pan that catches the settle half way still ends in the limits and in bounds")
    func panDuringSettleStillSettles() {
        var s = Scenario(Fixtures.layout())
        s.enter(at: Point(170, 700))
        Self.pinch(&s, at: Point(170, 700), [(4, 0, .zero), (16, 0, .zero)])
        s.wait(0.03) // the settle from the band toward 4 is under way
        for _ in 0..<5 {
            Self.step(&s, ms: 10)
            s.send(.scroll(source: .finger, axis: .vertical, value: -10, value120: nil, stop: false), from: s.trackpad)
        }
        #expect(Self.transform(&s).zoom > 4) // caught past the maximum
        s.send(.scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true), from: s.trackpad)
        s.wait(4)
        #expect(s.engine.isSettled)
        let box = Self.box(&s)
        #expect(Self.transform(&s).zoom == 4)
        #expect(box.minX <= Self.view.minX && box.maxX >= Self.view.maxX && box.minY <= Self.view.minY && box.maxY >= Self.view.maxY)
    }
}
