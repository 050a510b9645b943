// SPEC G1 (kinetic momentum), G6 (hold stops it), G10 (keyboard scrolling), I5 (rubber band,
// indicators, paging, scroll-to-reveal).
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("Scroll view (G1, G6, G10, I5)")
struct ScrollViewTests {
    /// 10 finger samples of `step` pt every 10 ms starting at `start` ms (2,000 pt/s for 20 pt).
    static func flick(_ view: inout ScrollView, step: Double = 20, start: Double = 0, count: Int = 10) {
        for i in 0..<count { view.handle(.fingerScroll(Vector(0, step)), now: ms(start + Double(i) * 10)) }
    }

    @Test("G1: a 2,000 pt/s flick glides with τ = 325 ms: 63.2 % of v·τ after one τ")
    func momentumDecaysExponentially() {
        var view = ScrollView(viewport: Size(400, 400), content: Size(400, 10_000))
        Self.flick(&view)
        #expect(view.offset.y == 200)
        view.handle(.fingerLift, now: ms(90))
        guard case .gliding(let m) = view.vertical.state else { Issue.record("no momentum"); return }
        #expect(near(m.initialVelocity, 2_000))
        view.advance(to: ms(90 + 325))
        let expected = 200 + 2_000 * Momentum.timeConstant * (1 - 1 / 2.718281828459045)
        #expect(near(view.offset.y, expected, 1e-6))   // ≈ 610.8 pt
        view.advance(to: ms(90 + 5_000))
        #expect(view.vertical.state == .resting)
        #expect(near(view.offset.y, m.restingOffset))
        #expect(view.offset.y > 800 && view.offset.y < 200 + 2_000 * Momentum.timeConstant)
    }

    @Test("G1: fingers that stop before lifting start no momentum")
    func pauseBeforeLiftHasNoMomentum() {
        var view = ScrollView(viewport: Size(400, 400), content: Size(400, 10_000))
        Self.flick(&view)
        view.handle(.fingerLift, now: ms(90 + VelocityTracker.stillness * 1000 + 10))
        #expect(view.vertical.state == .resting)
        #expect(view.offset.y == 200)
    }

    @Test("P6: kinetic scrolling off: the content stops with the fingers")
    func kineticOff() {
        var view = ScrollView(viewport: Size(400, 400), content: Size(400, 10_000))
        view.kinetic = false
        Self.flick(&view)
        view.handle(.fingerLift, now: ms(90))
        view.advance(to: ms(500))
        #expect(view.offset.y == 200)
    }

    @Test("G6: a hold stops momentum at once, where it is")
    func holdStopsMomentum() {
        var view = ScrollView(viewport: Size(400, 400), content: Size(400, 10_000))
        Self.flick(&view)
        view.handle(.fingerLift, now: ms(90))
        view.advance(to: ms(190))
        let at190 = view.offset.y
        view.handle(.stopMomentum, now: ms(190))
        #expect(view.vertical.state == .resting)
        view.advance(to: ms(2_000))
        #expect(view.offset.y == at190)
    }

    @Test("G1/T2: the glide is the same at 60 Hz, 144 Hz or in one step")
    func frameRateIndependent() {
        var views = [ScrollView](repeating: ScrollView(viewport: Size(400, 400), content: Size(400, 10_000)), count: 3)
        for i in views.indices { Self.flick(&views[i]); views[i].handle(.fingerLift, now: ms(90)) }
        for (i, hz) in [60.0, 144.0].enumerated() {
            var t = 90.0
            while t < 700 { t += 1000 / hz; views[i].advance(to: ms(min(t, 700))) }
        }
        views[2].advance(to: ms(700))
        #expect(views[0].offset == views[2].offset)
        #expect(views[1].offset == views[2].offset)
    }

    @Test("I5: dragging 100 pt past the top shows 48.4 pt (band), and springs back on lift")
    func rubberBandAtTop() {
        var view = ScrollView(viewport: Size(400, 400), content: Size(400, 2_000))
        for i in 0..<10 { view.handle(.fingerScroll(Vector(0, -10)), now: ms(Double(i) * 10)) }
        let expected = -(1 - 1 / (100 * RubberBand.coefficient / 400 + 1)) * 400
        #expect(near(view.offset.y, expected))
        #expect(near(view.offset.y, -48.35, 0.01))
        view.handle(.fingerLift, now: ms(100))
        view.advance(to: ms(200))
        #expect(view.offset.y < 0 && view.offset.y > expected)
        view.advance(to: ms(1_200))
        #expect(view.offset.y == 0)
        #expect(view.vertical.state == .resting)
    }

    @Test("I5: a glide into the bottom edge bounces past it and settles exactly on it")
    func glideBounces() {
        var view = ScrollView(viewport: Size(400, 400), content: Size(400, 900)) // maxOffset 500
        Self.flick(&view, step: 30) // 3,000 pt/s from 300 pt
        view.handle(.fingerLift, now: ms(90))
        var maxShown = 0.0
        for t in stride(from: 90.0, through: 1_500, by: 8) { view.advance(to: ms(t)); maxShown = max(maxShown, view.offset.y) }
        #expect(maxShown > 500 + 5)
        #expect(maxShown < 500 + 400)
        #expect(view.offset.y == 500)
        #expect(!view.isScrolling)
    }

    @Test("I5: a new drag during the bounce catches the content without a jump")
    func catchDuringBounce() {
        var view = ScrollView(viewport: Size(400, 400), content: Size(400, 2_000))
        for i in 0..<10 { view.handle(.fingerScroll(Vector(0, -20)), now: ms(Double(i) * 10)) }
        view.handle(.fingerLift, now: ms(100))
        view.advance(to: ms(150))
        let shown = view.offset.y
        view.handle(.fingerScroll(Vector(0, 0.0001)), now: ms(150))
        #expect(near(view.offset.y, shown, 0.01))
    }

    @Test("I5 paging: a slow 100 pt drag returns to page 0, 160 pt turns to page 1, a fast 60 pt flick too",
          arguments: [(100.0, false, 0), (160.0, false, 1), (60.0, true, 1)])
    func paging(_ c: (distance: Double, fast: Bool, page: Int)) {
        let (distance, fast, page) = c
        var view = ScrollView(viewport: Size(300, 300), content: Size(900, 300), paging: true)
        let steps = 10, dt = fast ? 5.0 : 10.0
        for i in 0..<steps { view.handle(.fingerScroll(Vector(distance / Double(steps), 0)), now: ms(Double(i) * dt)) }
        let lift = fast ? Double(steps - 1) * dt : 500 // slow: the fingers rest before lifting
        view.handle(.fingerLift, now: ms(lift))
        view.advance(to: ms(lift + 2_000))
        #expect(view.horizontal.currentPage == page)
        #expect(view.offset.x == Double(page) * 300)
    }

    @Test("G1: one wheel detent (value120 = 120) scrolls 48 pt, animated, without overshoot")
    func wheelDetent() {
        var view = ScrollView(viewport: Size(400, 400), content: Size(400, 2_000))
        view.handle(.wheel(Vector(0, ScrollView.wheelDetent)), now: ms(0))
        view.handle(.wheel(Vector(0, ScrollView.wheelDetent)), now: ms(30))
        #expect(view.destination.y == 96)
        var peak = 0.0
        for t in stride(from: 0.0, through: 1_000, by: 5) { view.advance(to: ms(t)); peak = max(peak, view.offset.y) }
        #expect(view.offset.y == 96)
        #expect(peak <= 96)
        // At the top edge a wheel never rubber-bands.
        view.handle(.wheel(Vector(0, -500)), now: ms(1_000))
        view.advance(to: ms(3_000))
        #expect(view.offset.y == 0)
    }

    @Test("G10: keys map to scroll commands", arguments: [
        ("up", Modifiers(), ScrollKey.lineUp), ("down", Modifiers(), .lineDown), ("left", Modifiers(), .lineLeft),
        ("right", Modifiers(), .lineRight), ("pageup", Modifiers(), .pageUp), ("pagedown", Modifiers(), .pageDown),
        ("space", Modifiers(), .pageDown), ("space", Modifiers.shift, .pageUp), ("home", Modifiers(), .home), ("end", Modifiers(), .end),
    ])
    func keyMapping(_ c: (name: String, modifiers: Modifiers, expected: ScrollKey)) {
        #expect(ScrollKey(key: KeyNames.code(named: c.name)!, modifiers: c.modifiers) == c.expected)
    }

    @Test("G10: a text key does not scroll")
    func textKeyDoesNotScroll() {
        #expect(ScrollKey(key: .placeholder, modifiers: []) == nil)
        #expect(ScrollKey(key: KeyNames.code(named: "enter")!, modifiers: []) == nil)
    }

    @Test("G10: Page Down moves a page less 40 pt of context, End/Home go to the ends, arrows 40 pt")
    func keyboardScrolling() {
        var view = ScrollView(viewport: Size(400, 400), content: Size(400, 2_000))
        view.handle(.key(.pageDown), now: ms(0))
        view.advance(to: ms(1_000))
        #expect(view.offset.y == 400 - ScrollView.pageOverlap)
        view.handle(.key(.lineDown), now: ms(1_000))
        view.handle(.key(.lineDown), now: ms(1_010)) // keys repeat: the second adds to the first
        view.advance(to: ms(2_000))
        #expect(view.offset.y == 360 + 2 * ScrollView.lineStep)
        view.handle(.key(.end), now: ms(2_000))
        view.advance(to: ms(3_000))
        #expect(view.offset.y == 1_600)
        view.handle(.key(.pageDown), now: ms(3_000))
        view.advance(to: ms(4_000))
        #expect(view.offset.y == 1_600)
        view.handle(.key(.home), now: ms(4_000))
        view.advance(to: ms(5_000))
        #expect(view.offset.y == 0)
    }

    @Test("I5: revealing a selection below the view scrolls just enough (16 pt margin)")
    func revealBelow() {
        var view = ScrollView(viewport: Size(400, 400), content: Size(400, 2_000))
        view.handle(.reveal(Rect(x: 10, y: 900, width: 100, height: 20), margin: 16), now: ms(0))
        view.advance(to: ms(1_000))
        #expect(view.offset.y == 900 + 20 + 16 - 400)
        // Already visible: nothing moves.
        view.handle(.reveal(Rect(x: 10, y: 700, width: 100, height: 20), margin: 16), now: ms(1_000))
        #expect(!view.isScrolling)
        // Above: its top (less the margin) comes to the top.
        view.handle(.reveal(Rect(x: 10, y: 100, width: 100, height: 20), margin: 16), now: ms(1_000))
        view.advance(to: ms(2_000))
        #expect(view.offset.y == 84)
    }

    @Test("I5: indicators show while scrolling, stay 0.6 s, fade out by 0.9 s; knob is proportional")
    func indicators() {
        var view = ScrollView(viewport: Size(400, 400), content: Size(400, 1_600))
        #expect(view.indicatorOpacity(at: ms(0)) == 0)
        #expect(view.horizontalIndicator == nil) // content fits horizontally
        view.handle(.fingerScroll(Vector(0, 40)), now: ms(0))
        #expect(view.indicatorOpacity(at: ms(0)) == 1)
        view.handle(.fingerLift, now: ms(200)) // rested: no momentum
        #expect(view.indicatorOpacity(at: ms(700)) == 1)
        #expect(near(view.indicatorOpacity(at: ms(950)), 0.5))
        #expect(view.indicatorOpacity(at: ms(1_100)) == 0)
        let knob = view.verticalIndicator!
        #expect(near(knob.height, (400 - 2 * ScrollView.indicatorInset) / 4))
        #expect(near(knob.minY, ScrollView.indicatorInset + 40.0 / 1_200 * (396 - 99)))
        #expect(knob.maxX == 400 - ScrollView.indicatorInset)
    }

    @Test("I5: the indicator fade starts when the glide came to rest, however coarse the frames")
    func fadeFromRest() {
        var views = [ScrollView](repeating: ScrollView(viewport: Size(400, 400), content: Size(400, 10_000)), count: 2)
        for i in views.indices { Self.flick(&views[i]); views[i].handle(.fingerLift, now: ms(90)) }
        guard case .gliding(let m) = views[0].vertical.state else { Issue.record("no momentum"); return }
        let rest = 90 + m.duration * 1000
        var t = 90.0
        while t < 5_000 { t += 1000 / 60; views[0].advance(to: ms(t)) }
        views[1].advance(to: ms(5_000)) // one late frame
        let halfFaded = rest + (ScrollView.indicatorFadeDelay + ScrollView.indicatorFadeDuration / 2) * 1000
        for v in views {
            #expect(v.lastMotion == ms(rest))
            #expect(near(v.indicatorOpacity(at: ms(halfFaded)), 0.5, 1e-3))
        }
    }
}
