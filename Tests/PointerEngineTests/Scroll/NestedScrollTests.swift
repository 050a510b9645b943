// Nested scroll containers (SPEC I5, G1, G10, G11): which container a scroll moves (scroll
// chaining as on macOS / iOS: decided once per gesture, never handed over half way) and which
// container's scroll edge effects the frame description shows.
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("Nested scroll views: the inner one keeps its gesture; edge effects belong to their own view (I5)")
struct NestedScrollTests {
    static let outer = ElementID(1), toolbar = ElementID(2), inner = ElementID(10), copyButton = ElementID(11)
    /// Over the inner list (surface y 200…400 while the outer one is at its top).
    static let overInner = Point(200, 300)
    static let innerMax = 400.0, detent = ScrollView.wheelDetent

    /// A 400×300 outer list at (0, 100) with 1200 pt of content and a 44 pt toolbar floating over
    /// its top; inside its content at (20, 100) a 360×200 inner list with 600 pt of content (it
    /// scrolls 0…400) and a Copy button floating over the inner list's top edge.
    static func layout() -> Layout {
        var l = Layout(size: Size(400, 500))
        try! l.add(Element(id: outer, kind: .scrollView, frame: Rect(x: 0, y: 100, width: 400, height: 300),
                           traits: ElementTraits(scroll: ScrollConfiguration(contentSize: Size(400, 1200)))))
        try! l.add(Element(id: inner, kind: .scrollView, frame: Rect(x: 20, y: 100, width: 360, height: 200),
                           traits: ElementTraits(scroll: ScrollConfiguration(contentSize: Size(360, 600)))), parent: outer)
        try! l.add(Element(id: copyButton, kind: .button, frame: Rect(x: 30, y: 100, width: 80, height: 32), cornerRadius: 8,
                           hasBezel: true), parent: outer)
        try! l.add(Element(id: toolbar, kind: .toolbar, frame: Rect(x: 20, y: 100, width: 360, height: 44)))
        return l
    }

    static func scenario(kinetic: Bool = false) -> Scenario {
        var s = Scenario(layout(), settings: PointerSettings(kineticScrolling: kinetic))
        s.enter(at: overInner)
        s.wait(0.1)
        return s
    }

    static func offset(_ s: inout Scenario, _ id: ElementID) -> Double {
        s.frame().containers.first { $0.element == id }!.transform.offset.dy
    }

    /// A two-finger scroll: `steps` events 10 ms apart moving the content offset by `by` each
    /// (the value's sign is the offset's: nothing inverts it, G1), then the fingers lift.
    static func fingerScroll(_ s: inout Scenario, by: Double, steps: Int, lift: Bool = true) {
        for _ in 0..<steps {
            s.clock = Timestamp(rawValue: s.clock.rawValue + 10_000)
            s.send(.scroll(source: .finger, axis: .vertical, value: by, value120: nil, stop: false), from: s.trackpad)
        }
        guard lift else { return }
        s.send(.scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true), from: s.trackpad)
    }

    static func wheel(_ s: inout Scenario, down: Bool = true) {
        s.send(.scroll(source: .wheel, axis: .vertical, value: down ? 15 : -15, value120: down ? 120 : -120, stop: false))
    }

    @Test("I5: a scroll reaching the inner list's end rubber-bands the inner list; the outer one does not move in that gesture")
    func noChainingWithinAGesture() {
        var s = Self.scenario()
        Self.fingerScroll(&s, by: 20, steps: 30, lift: false) // 600 pt: 400 to the end, 200 past it
        #expect(Self.offset(&s, Self.inner) > Self.innerMax) // banded past its end
        #expect(Self.offset(&s, Self.inner) < Self.innerMax + 200)
        #expect(Self.offset(&s, Self.outer) == 0)
        s.send(.scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true), from: s.trackpad)
        s.wait(2)
        #expect(abs(Self.offset(&s, Self.inner) - Self.innerMax) < 1e-6)
        #expect(Self.offset(&s, Self.outer) == 0)
        // Only the inner list's edge effect: its content is under the Copy button (32 pt + 16 soft),
        // nothing of the outer list is under the toolbar.
        #expect(s.frame().scrollEdgeEffects == [
            ScrollEdgeEffectAppearance(scrollView: Self.inner, edge: .top, rect: Rect(x: 20, y: 200, width: 360, height: 48),
                                       style: .soft, opacity: 1),
        ])
    }

    @Test("I5: the next gesture, starting with the inner list at its end, scrolls the outer list; the other way scrolls the inner one")
    func nextGestureScrollsOuter() {
        var s = Self.scenario()
        Self.fingerScroll(&s, by: 20, steps: 30)
        s.wait(2)
        Self.fingerScroll(&s, by: 20, steps: 5)
        s.wait(1)
        #expect(Self.offset(&s, Self.outer) == 100)
        #expect(abs(Self.offset(&s, Self.inner) - Self.innerMax) < 1e-6)
        // Both lists now have content under their floating controls: two effects, outer first.
        #expect(s.frame().scrollEdgeEffects == [
            ScrollEdgeEffectAppearance(scrollView: Self.outer, edge: .top, rect: Rect(x: 0, y: 100, width: 400, height: 60),
                                       style: .soft, opacity: 1),
            ScrollEdgeEffectAppearance(scrollView: Self.inner, edge: .top, rect: Rect(x: 20, y: 100, width: 360, height: 48),
                                       style: .soft, opacity: 1),
        ])
        // Back up: the inner list can move up, so it takes the gesture; the outer one stays.
        s.move(to: Point(200, 250), from: s.trackpad)
        Self.fingerScroll(&s, by: -20, steps: 3)
        s.wait(1)
        #expect(abs(Self.offset(&s, Self.inner) - (Self.innerMax - 60)) < 1e-6)
        #expect(Self.offset(&s, Self.outer) == 100)
    }

    @Test("I5, G1: momentum that carries the inner list into its end bounces there; it does not spill into the outer list")
    func momentumDoesNotChain() {
        var s = Self.scenario(kinetic: true)
        Self.fingerScroll(&s, by: 20, steps: 15) // 300 pt at 2000 pt/s: the glide reaches the end
        #expect(!s.engine.isSettled) // still gliding
        s.wait(4)
        #expect(abs(Self.offset(&s, Self.inner) - Self.innerMax) < 1e-6)
        #expect(Self.offset(&s, Self.outer) == 0)
    }

    @Test("I5: wheel detents in one burst stay with the inner list past its end; after a pause the next detent scrolls the outer list")
    func wheelBurstLatches() {
        var s = Self.scenario()
        let detents = Int((Self.innerMax / Self.detent).rounded(.up)) + 3 // 3 more than the inner list needs
        for _ in 0..<detents {
            Self.wheel(&s)
            s.wait(NestedScrollTests.burstGap)
        }
        s.wait(1)
        #expect(abs(Self.offset(&s, Self.inner) - Self.innerMax) < 1e-6)
        #expect(Self.offset(&s, Self.outer) == 0)
        // A new turn of the wheel, after a pause longer than a burst: the outer list.
        Self.wheel(&s)
        s.wait(1)
        #expect(abs(Self.offset(&s, Self.outer) - Self.detent) < 1e-6)
        #expect(abs(Self.offset(&s, Self.inner) - Self.innerMax) < 1e-6)
    }
    /// Detents of one burst: well inside `ScrollInteraction.wheelTransaction`.
    static let burstGap = ScrollInteraction.wheelTransaction / 4

    @Test("I5, G10: the down arrow with the inner list at its end scrolls the outer list; Page Up scrolls the inner one")
    func keysChoosePerPress() {
        var s = Self.scenario()
        Self.fingerScroll(&s, by: 20, steps: 25) // the inner list to its end
        s.wait(2)
        s.send(.key(KeyCode(rawValue: 108), pressed: true), from: s.keyboard) // down
        s.send(.key(KeyCode(rawValue: 108), pressed: false), from: s.keyboard)
        s.wait(1)
        #expect(Self.offset(&s, Self.outer) > 0)
        #expect(abs(Self.offset(&s, Self.inner) - Self.innerMax) < 1e-6)
        let outerAfter = Self.offset(&s, Self.outer)
        #expect(outerAfter == ScrollView.lineStep) // a line of the outer list; the pointer is still over the inner one
        s.send(.key(KeyCode(rawValue: 104), pressed: true), from: s.keyboard)
        s.send(.key(KeyCode(rawValue: 104), pressed: false), from: s.keyboard)
        s.wait(1)
        #expect(Self.offset(&s, Self.inner) < Self.innerMax)
        #expect(Self.offset(&s, Self.outer) == outerAfter)
    }

    @Test("G11, I5: a touch drag that starts with the inner list at its end moves the outer list; one that reaches the end mid-drag does not")
    func touchChoosesAtFirstMove() {
        // The inner list 100 pt from its end.
        var s = Scenario(Self.layout(outerOffset: 0, innerOffset: 300), settings: PointerSettings(kineticScrolling: false))
        s.enter(at: Self.overInner)
        s.wait(0.1)
        // Drag up 200 pt in one touch: the inner list reaches its end and bands; the outer one stays.
        s.send(.touchDown(id: 1, position: InputPoint(x: 200, y: 390)), from: s.touchscreen)
        for k in 1...10 {
            s.clock = Timestamp(rawValue: s.clock.rawValue + 10_000)
            s.send(.touchMotion(id: 1, position: InputPoint(x: 200, y: 390 - Double(k) * 20)), from: s.touchscreen)
        }
        #expect(Self.offset(&s, Self.inner) > Self.innerMax)
        #expect(Self.offset(&s, Self.outer) == 0)
        s.send(.touchUp(id: 1), from: s.touchscreen)
        s.wait(2)
        // A new touch drag up, from the inner list at its end: the outer list follows the finger.
        s.send(.touchDown(id: 2, position: InputPoint(x: 200, y: 390)), from: s.touchscreen)
        for k in 1...4 {
            s.clock = Timestamp(rawValue: s.clock.rawValue + 10_000)
            s.send(.touchMotion(id: 2, position: InputPoint(x: 200, y: 390 - Double(k) * 10)), from: s.touchscreen)
        }
        #expect(Self.offset(&s, Self.outer) == 40)
        #expect(abs(Self.offset(&s, Self.inner) - Self.innerMax) < 1e-6)
        s.send(.touchUp(id: 2), from: s.touchscreen)
    }

    @Test("I5: an inner list scrolled partly out of the outer one: its Copy button is out of view, so no band; bands never leave the outer viewport")
    func innerEffectsClippedToOuter() {
        // Outer list scrolled 150 pt: the inner list shows at surface y 50…250, its top (and the
        // Copy button at 50…82) above the outer viewport's top (100): only the outer list's band.
        var e = Engine(layout: Self.layout(outerOffset: 150, innerOffset: 100), now: Timestamp(rawValue: 1_000_000))
        #expect(e.frame(now: Timestamp(rawValue: 1_100_000)).scrollEdgeEffects.map(\.scrollView) == [Self.outer])
        // Outer at 170 (inner list at y 30…230) and a 40 pt side bar over the inner list's left edge, from its top
        // to its bottom, with content scrolled 100 pt past that edge: the band runs along the whole edge, but only
        // its part inside the outer viewport (y 100…230) is shown.
        var e2 = Engine(layout: Self.layout(outerOffset: 170, innerOffset: 100, sideBar: true), now: Timestamp(rawValue: 1_000_000))
        #expect(e2.frame(now: Timestamp(rawValue: 1_100_000)).scrollEdgeEffects == [
            ScrollEdgeEffectAppearance(scrollView: Self.outer, edge: .top, rect: Rect(x: 0, y: 100, width: 400, height: 60),
                                       style: .soft, opacity: 1),
            ScrollEdgeEffectAppearance(scrollView: Self.inner, edge: .left, rect: Rect(x: 20, y: 100, width: 40 + 16, height: 130),
                                       style: .soft, opacity: 1),
        ])
    }

    static func layout(outerOffset: Double, innerOffset: Double, sideBar: Bool = false) -> Layout {
        var l = Layout(size: Size(400, 500))
        try! l.add(Element(id: outer, kind: .scrollView, frame: Rect(x: 0, y: 100, width: 400, height: 300),
                           traits: ElementTraits(scroll: ScrollConfiguration(contentSize: Size(400, 1200),
                                                                            initialOffset: Vector(0, outerOffset)))))
        try! l.add(Element(id: inner, kind: .scrollView, frame: Rect(x: 20, y: 100, width: 360, height: 200),
                           traits: ElementTraits(scroll: ScrollConfiguration(contentSize: Size(720, 600), axes: .both,
                                                                            initialOffset: Vector(100, innerOffset)))), parent: outer)
        try! l.add(Element(id: copyButton, kind: .button, frame: Rect(x: 30, y: 100, width: 80, height: 32), cornerRadius: 8,
                           hasBezel: true), parent: outer)
        if sideBar {
            try! l.add(Element(id: ElementID(12), kind: .toolbar, frame: Rect(x: 20, y: 100, width: 40, height: 200)), parent: outer)
        }
        try! l.add(Element(id: toolbar, kind: .toolbar, frame: Rect(x: 20, y: 100, width: 360, height: 44)))
        return l
    }
}
