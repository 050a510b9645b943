// SPEC G2 (absolute pinch scale, limits with rubber band, settle), G3 (rotation with zoom),
// G4 (smart zoom), G5 (interactive page transition), G7 (cancel reverts).
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("Zoom, rotate, smart zoom (G2, G3, G4, G7)")
struct ZoomControllerTests {
    /// A 1000×500 canvas in a 500×500 view: fitted scale 0.5, limits 0.5…2.
    static func canvas() -> ZoomController {
        ZoomController(viewport: Size(500, 500), content: Size(1_000, 500), maximumScale: 2)
    }
    static func close(_ a: Point, _ b: Point, _ tol: Double = 1e-6) -> Bool { near(a.x, b.x, tol) && near(a.y, b.y, tol) }

    @Test("G2: the fitted transform centres the whole content")
    func fitted() {
        let z = Self.canvas()
        #expect(z.transform.scale == 0.5)
        #expect(z.transform.apply(Point(500, 250)) == Point(250, 250))
        #expect(z.isFitted)
    }

    @Test("G2: scale is absolute since the begin and the content under the fingers stays under them")
    func absoluteScaleAroundFocus() {
        var z = Self.canvas()
        let focus = Point(100, 200)
        let under = z.transform.invert(focus)
        z.handle(.began(focus: focus), now: ms(0))
        z.handle(.changed(scale: 1.5, rotation: 0, pan: .zero), now: ms(10))
        z.handle(.changed(scale: 2, rotation: 0, pan: .zero), now: ms(20))
        #expect(z.transform.scale == 1) // 0.5 × 2, not 0.5 × 1.5 × 2
        #expect(Self.close(z.transform.apply(under), focus))
        z.handle(.ended, now: ms(30))
        z.advance(to: ms(1_000))
        #expect(z.transform.scale == 1)
        #expect(z.state == .idle)
    }

    @Test("G2: past the maximum the scale rubber-bands (< 25 % over) and settles back to 2 on release")
    func rubberBandPastMaximum() {
        var z = Self.canvas()
        let focus = Point(250, 250)
        let under = z.transform.invert(focus)
        z.handle(.began(focus: focus), now: ms(0))
        z.handle(.changed(scale: 8, rotation: 0, pan: .zero), now: ms(10)) // raw 4 = 2 × max
        let expected = 2 * RubberBand.band(2.0.logOf, limit: ZoomController.maximumOvershoot.logOf).expOf
        #expect(near(z.transform.scale, expected))
        #expect(z.transform.scale > 2 && z.transform.scale < 2 * ZoomController.maximumOvershoot)
        z.handle(.ended, now: ms(20))
        z.advance(to: ms(100))
        #expect(z.transform.scale > 2 && z.transform.scale < expected)
        z.advance(to: ms(2_000))
        #expect(z.transform.scale == 2)
        #expect(Self.close(z.transform.apply(under), focus))
    }

    @Test("G2: below the minimum it rubber-bands and settles back to the fitted 0.5")
    func rubberBandBelowMinimum() {
        var z = Self.canvas()
        z.handle(.began(focus: Point(250, 250)), now: ms(0))
        z.handle(.changed(scale: 0.25, rotation: 0, pan: .zero), now: ms(10))
        #expect(z.transform.scale < 0.5 && z.transform.scale > 0.5 / ZoomController.maximumOvershoot)
        z.handle(.ended, now: ms(20))
        z.advance(to: ms(2_000))
        #expect(z.transform.scale == 0.5)
    }

    @Test("G3: rotation and zoom in the same gesture; with a 90° snap, 52° settles to 90°")
    func rotateWhileZooming() {
        var z = Self.canvas()
        z.rotationSnap = 90
        z.handle(.began(focus: Point(250, 250)), now: ms(0))
        z.handle(.changed(scale: 1.23, rotation: 52.4, pan: .zero), now: ms(10))
        #expect(near(z.transform.scale, 0.615))
        #expect(z.transform.rotation == 52.4)
        #expect(Self.close(z.transform.apply(Point(500, 250)), Point(250, 250)))
        z.handle(.ended, now: ms(20))
        z.advance(to: ms(2_000))
        #expect(z.transform.rotation == 90)
        #expect(near(z.transform.scale, 0.615))
    }

    @Test("G7: a cancelled pinch returns exactly to the transform it started from")
    func cancelReverts() {
        var z = Self.canvas()
        let start = z.transform
        z.handle(.began(focus: Point(120, 80)), now: ms(0))
        z.handle(.changed(scale: 1.8, rotation: 20, pan: Vector(30, -10)), now: ms(10))
        #expect(z.transform != start)
        z.handle(.cancelled, now: ms(20))
        z.advance(to: ms(2_000))
        #expect(z.transform == start)
    }

    @Test("G4: smart zoom zooms 2.5× the fitted scale around the pointer, and back to fitted")
    func smartZoomToggles() {
        var z = Self.canvas()
        let pointer = Point(400, 250)
        let under = z.transform.invert(pointer)
        z.handle(.smartZoom(at: pointer), now: ms(0))
        z.advance(to: ms(100))
        #expect(Self.close(z.transform.apply(under), pointer, 1e-6)) // the point stays put during the animation
        z.advance(to: ms(2_000))
        #expect(z.transform.scale == 1.25)
        #expect(Self.close(z.transform.apply(under), pointer))
        #expect(!z.isFitted && z.isSettled)
        z.handle(.smartZoom(at: Point(10, 10)), now: ms(2_000))
        z.advance(to: ms(4_000))
        #expect(z.transform == z.fittedTransform)
    }

    @Test("G4, I5: smart zoom above letterboxed content lands with the content's top edge on the view's, not a gap")
    func smartZoomInBounds() {
        var z = Self.canvas() // the 1000×500 content shows at y 125…375 of the 500 pt view
        let pointer = Point(400, 100) // above it: content point (800, −50)
        let under = z.transform.invert(pointer)
        z.handle(.smartZoom(at: pointer), now: ms(0))
        z.advance(to: ms(2_000))
        #expect(z.transform.scale == 1.25 && z.isSettled)
        // Around the pointer the 625 pt tall content would start at y 162.5; in bounds it starts at 0,
        // 162.5 pt higher; horizontally the pointer's point stays (1250 pt wide, x −600…650 is in bounds).
        #expect(Self.close(z.transform.apply(Point(0, 0)), Point(-600, 0)))
        #expect(Self.close(z.transform.apply(under), Point(400, 100 - 162.5)))
    }

    @Test("G2, I5: a pinch that pans the content's edge into the view springs back, scale and position together")
    func pinchPanSettlesIntoBounds() {
        var z = Self.canvas()
        z.handle(.began(focus: Point(250, 250)), now: ms(0))
        // Scale 2 (2000×1000) around the centre, the fingers 900 pt right: the left edge 150 pt into the view.
        z.handle(.changed(scale: 4, rotation: 0, pan: Vector(900, 0)), now: ms(10))
        #expect(z.transform.apply(Point(0, 0)) == Point(150, -250))
        z.handle(.ended, now: ms(20))
        #expect(!z.isSettled)
        z.advance(to: ms(60))
        let x = z.transform.apply(Point(0, 0)).x
        #expect(x < 150 && x > 0) // springing back, not jumping
        z.advance(to: ms(2_000))
        #expect(z.isSettled && z.transform.scale == 2)
        #expect(Self.close(z.transform.apply(Point(0, 0)), Point(0, -250))) // left edges together; vertically centred box kept
    }

    @Test("I5: in bounds is a no-op; each axis is clamped or centred on its own")
    func inBoundsRule() {
        let z = Self.canvas()
        let fitted = z.transform
        #expect(z.inBounds(fitted) == fitted)
        // 500 wide at 0.5: horizontally exactly the view; vertically 250 tall is shorter than 500: centred at 125.
        let off = CanvasTransform(scale: 0.5, translation: Vector(30, -40))
        #expect(z.inBounds(off).translation == Vector(0, 125))
        let big = CanvasTransform(scale: 2, translation: Vector(-2_000, 10)) // 2000×1000: x −2000…0 is past the end
        #expect(z.inBounds(big).translation == Vector(-1_500, 0))
    }
}

@Suite("Page transition (G5, G7)")
struct PageTransitionTests {
    static func swipe(_ p: inout PageTransition, total: Double, steps: Int = 10, dt: Double = 10, start: Double = 0) -> Int? {
        p.handle(.began, now: ms(start))
        for i in 1...steps { p.handle(.changed(dx: total / Double(steps)), now: ms(start + Double(i) * dt)) }
        return p.handle(.ended, now: ms(start + Double(steps) * dt + (dt > 20 ? 200 : 0)))
    }

    @Test("G5: the page follows the fingers: 90 pt left on a 300 pt page is progress 0.3")
    func interactive() {
        var p = PageTransition(pageWidth: 300, pageCount: 3)
        p.handle(.began, now: ms(0))
        p.handle(.changed(dx: -90), now: ms(10))
        #expect(p.offset == -90)
        #expect(near(p.progress, 0.3))
    }

    @Test("G5: a slow release before half way springs back; past half way turns the page",
          arguments: [(-120.0, nil as Int?), (-160.0, 1 as Int?), (120.0, nil as Int?)])
    func commitByDistance(_ c: (dx: Double, turned: Int?)) {
        var p = PageTransition(pageWidth: 300, pageCount: 3)
        #expect(Self.swipe(&p, total: c.dx, dt: 30) == c.turned)
        p.advance(to: ms(3_000))
        #expect(p.offset == 0)
        #expect(p.page == (c.turned ?? 0))
    }

    @Test("G5: a fast 60 pt flick turns the page")
    func commitByFlick() {
        var p = PageTransition(pageWidth: 300, pageCount: 3, page: 1)
        #expect(Self.swipe(&p, total: 60, dt: 5) == 0)
        // The new page keeps the picture continuous: it starts 240 pt in from the left.
        #expect(near(p.offset, -240, 1e-6))
        p.advance(to: ms(2_000))
        #expect(p.offset == 0)
    }

    @Test("G5: the first page rubber-bands backwards and never turns")
    func edgeRubberBand() {
        var p = PageTransition(pageWidth: 300, pageCount: 3)
        #expect(Self.swipe(&p, total: 400) == nil)
        p.advance(to: ms(3_000))
        #expect(p.page == 0)
        #expect(p.offset == 0)
    }

    @Test("G7: a cancelled swipe leaves the page unchanged, even past half way")
    func cancelReverts() {
        var p = PageTransition(pageWidth: 300, pageCount: 3)
        p.handle(.began, now: ms(0))
        p.handle(.changed(dx: -250), now: ms(10))
        #expect(p.handle(.cancelled, now: ms(20)) == nil)
        p.advance(to: ms(2_000))
        #expect(p.page == 0 && p.offset == 0 && !p.isActive)
    }
}
