// Issue 30.2 (SPEC I1, I5): a band reaching the visible edge of its collection (clipped by the
// window and an outer scroll view) auto-scrolls, chaining to the outer view when the collection
// cannot move. Issue 30.3 (I1, I2, G2, G1): a new layout (a window resize) keeps a held drag, a
// band, a pinch and scrolling momentum going, under the pointer.
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("Band autoscroll at the visible edge, with chaining (issue 30.2; I1, I5)")
struct BandVisibleEdgeTests {
    typealias Band = BandSelection<Int>

    /// The grid of `BandSelectionTests` (viewport (50, 50) 400×300, content 1200 high), of which
    /// only y < 250 shows: the window's bottom edge cuts it there.
    static func clipped() -> Band {
        var b = BandSelectionTests.grid()
        b.visible = Rect(x: 50, y: 50, width: 400, height: 200)
        b.pinnedEdges = [.maxY]
        return b
    }

    @Test("I1: at the window's edge, which the pointer cannot pass, autoscroll starts edgeZone inside it, gain per point into the zone")
    func zoneAtPinnedEdge() {
        var b = Self.clipped()
        let zone = Band.edgeZone, gain = Band.autoscrollGain
        b.handle(.press(Point(55, 55), modifiers: []), now: ms(0))
        // On the window's last row (0.5 pt above its edge): inside the viewport, yet it scrolls.
        let lastRow = Point(140, 250 - 0.5)
        b.handle(.move(lastRow), now: ms(0))
        #expect(near(b.autoscrollVelocity(at: lastRow).dy, (zone - 0.5) * gain))
        // Above the zone nothing scrolls; the unpinned top edge keeps "past the edge".
        #expect(b.autoscrollVelocity(at: Point(140, 250 - zone - 1)) == .zero)
        #expect(b.autoscrollVelocity(at: Point(140, 55)) == .zero)
        #expect(near(b.autoscrollVelocity(at: Point(140, 40)).dy, -10 * gain))
        let applied = b.advance(to: ms(1_000))
        #expect(near(applied.dy, (zone - 0.5) * gain))
        // The band reaches content (90, ≈ 199.5 + 283): rows 0…4 of column 0.
        #expect(b.selection == [0, 4, 8, 12, 16])
    }

    @Test("I1: the zone never takes more than a third of a short visible part")
    func zoneOfASliver() {
        var b = BandSelectionTests.grid()
        b.visible = Rect(x: 50, y: 50, width: 400, height: 30)
        b.pinnedEdges = [.maxY]
        #expect(b.autoscrollVelocity(at: Point(100, 50 + 30 * (1 - Band.edgeZoneMaximumFraction) - 1)) == .zero)
        #expect(b.autoscrollVelocity(at: Point(100, 79)).dy > 0)
    }

    @Test("I5: the scroll the collection cannot take, being at its end, is returned for an outer view")
    func unappliedAtTheEnd() {
        var b = Self.clipped()
        b.handle(.press(Point(55, 55), modifiers: []), now: ms(0))
        b.handle(.move(Point(140, 249.5)), now: ms(0))
        b.advance(to: ms(60_000)) // to the end: 900
        #expect(b.contentOffset == Vector(0, 900))
        let (applied, rest) = b.autoscroll(to: ms(61_000))
        #expect(applied == .zero)
        #expect(near(rest.dy, (Band.edgeZone - 0.5) * Band.autoscrollGain))
    }

    @Test("RectEdges.of: the edges of a rect on its bounds' edges")
    func edges() {
        let bounds = Rect(x: 0, y: 0, width: 100, height: 80)
        #expect(RectEdges.of(Rect(x: 10, y: 10, width: 90, height: 70), on: bounds) == [.maxX, .maxY])
        #expect(RectEdges.of(Rect(x: 0, y: 0, width: 50, height: 50), on: bounds) == [.minX, .minY])
        #expect(RectEdges.of(Rect(x: 10, y: 10, width: 50, height: 50), on: bounds).isEmpty)
    }

    // MARK: in the engine

    static let outer = ElementID(1), collection = ElementID(2)
    static let items = (0..<40).map { ElementID(Int32(100 + $0)) }
    /// Tiles of 80×80 every 100 pt, 4 columns, 10 rows.
    static func tile(_ i: Int) -> Rect { Rect(x: Double(i % 4) * 100 + 10, y: Double(i / 4) * 100 + 10, width: 80, height: 80) }

    /// A 500×400 window filled by a cards view (content 900 high) holding a collection at
    /// content y 300, 420×500, of 40 tiles (content 1000 high): the collection's lower part is
    /// below the window until the cards scroll.
    static func nestedLayout() -> Layout {
        var l = Layout(size: Size(500, 400))
        try! l.add(Element(id: outer, kind: .scrollView, frame: Rect(x: 0, y: 0, width: 500, height: 400),
                           traits: ElementTraits(scroll: ScrollConfiguration(contentSize: Size(500, 900), axes: .vertical))))
        try! l.add(Element(id: collection, kind: .collection, frame: Rect(x: 40, y: 300, width: 420, height: 500),
                           traits: ElementTraits(scroll: ScrollConfiguration(contentSize: Size(420, 1000), axes: .vertical))), parent: outer)
        for (i, id) in items.enumerated() {
            try! l.add(Element(id: id, kind: .collectionItem, frame: tile(i), cornerRadius: 8, hitPadding: 2,
                               traits: ElementTraits(isDraggable: true)), parent: collection)
        }
        return l
    }

    static func offset(_ s: inout Scenario, _ id: ElementID) -> Double {
        s.frame().containers.first { $0.element == id }?.transform.offset.dy ?? 0
    }

    @Test("I1 I5 (issue 30.2): held on the window's last row, the band scrolls the collection to its end, then the cards view, selecting all the way")
    func chainsToTheOuterView() {
        var s = Scenario(Self.nestedLayout())
        // The gap between tiles 0 and 5 (surface (140, 400): the collection starts at y 300).
        s.enter(at: Point(140, 398))
        s.wait(0.5)
        s.press()
        s.move(to: Point(300, 399.5), duration: 0.4, steps: 20) // the window's last row
        #expect(s.engine.isActive)
        let before = s.frame().bandSelection?.rect
        #expect(before != nil)
        // Rest without input: the band scrolls the collection (1 s at ≈ 276 pt/s)…
        s.wait(1)
        let inner = Self.offset(&s, Self.collection)
        #expect(inner > 200, "the collection did not scroll: \(inner)")
        #expect(Self.offset(&s, Self.outer) == 0)
        // …to its end (500), and then the cards view (up to 500) takes over.
        s.wait(3)
        #expect(Self.offset(&s, Self.collection) == 500)
        let outer = Self.offset(&s, Self.outer)
        #expect(outer > 100, "the cards view did not take over: \(outer)")
        // The band kept its anchor on the content (it went up with both scrolls) and selected
        // down to the pointer: every row it reaches in the collection's content.
        let band = s.frame().bandSelection?.rect
        #expect(band.map { near($0.maxY, 399.5, 1e-6) } == true)
        #expect(band.map { near($0.minY, 300 - outer + 98 - 500, 1e-6) } == true, "\(String(describing: band))")
        let reach = 399.5 - (300 - outer) + 500 // pointer in collection content
        let expected = Set(Self.items.indices.filter { i in
            Self.tile(i).intersects(Rect(corner: Point(100, 98), Point(260, reach)))
        }.map { Self.items[$0] })
        #expect(s.engine.scene.selection == expected)
        #expect(expected.count >= 16) // rows 1…8 of columns 1 and 2, where 6 showed at the press
        s.release()
        #expect(!s.engine.isActive)
        #expect(s.engine.scene.selection == expected)
    }
}

@Suite("A new layout keeps gestures in progress (issue 30.3; I1, I2, G2, G1)")
struct RelayoutKeepsGesturesTests {
    typealias F = Fixtures

    /// The fixtures laid out again as a resize would: every element not inside a scroll
    /// container moved by `shift`, the window `grow` larger.
    static func resized(by shift: Vector, grow: Vector = Vector(200, 100)) -> Layout {
        let base = F.layout()
        var l = base
        l.size = Size(base.size.width + grow.dx, base.size.height + grow.dy)
        for e in base.elements where base.scrollContainer(of: e.id) == nil {
            var m = e
            m.frame = e.frame.offsetBy(shift)
            l.update(m)
        }
        return l
    }

    @Test("I2 (issue 30.3): a drag held through a resize stays under the pointer and drops on the target under it")
    func dragSurvives() {
        var s = Self.carried(leave: false)
        let item = F.items[0]
        let before = s.frame().drag
        #expect(before != nil)
        let shift = Vector(30, -40)
        s.engine.setLayout(Self.resized(by: shift))
        s.wait(0.5) // no input
        let held = s.frame().drag
        #expect(held != nil, "the resize dropped the drag")
        #expect(s.engine.isActive)
        // Under the pointer as before: the preview did not jump with the item's new place.
        #expect(held?.previewRect == before?.previewRect)
        // Carry it to the drop target's new place and let go.
        let target = s.engine.surfaceFrame(of: F.dropAny)!
        #expect(target.origin == Point(760, 620) + shift)
        s.move(to: target.center, duration: 0.5, steps: 20)
        s.wait(0.3)
        s.release()
        let drops = s.drained { if case .dropped = $0 { true } else { false } }
        #expect(drops == [.dropped(items: [item], on: F.dropAny, operation: .move, input: .pointer)])
    }

    @Test("I1 (issue 30.3): a band held through a resize keeps its selection, its anchor on the content and its corner at the pointer")
    func bandSurvives() {
        typealias N = BandVisibleEdgeTests
        var s = Scenario(N.nestedLayout())
        let start = Point(140, 298 + 10) // the gap left of tile 1's top (content (100, 8))
        s.enter(at: start)
        s.wait(0.5)
        s.press()
        let end = Point(340, 380) // content (300, 80): tiles 1 and 2 of the first row
        s.move(to: end, duration: 0.4, steps: 16)
        #expect(s.engine.scene.selection == Set([1, 2].map { N.items[$0] }))
        // The window grows: the cards view with it, the collection 20 pt right and 40 pt up.
        var l = N.nestedLayout()
        l.size = Size(600, 500)
        var outer = l[N.outer]!, collection = l[N.collection]!
        outer.frame = Rect(x: 0, y: 0, width: 600, height: 500)
        collection.frame = Rect(x: 60, y: 260, width: 420, height: 500)
        l.update(outer)
        l.update(collection)
        s.engine.setLayout(l)
        s.wait(0.5) // no input
        #expect(s.engine.isActive, "the resize cancelled the band")
        let band = s.frame().bandSelection?.rect
        #expect(band == Rect(corner: start + Vector(20, -40), end), "\(String(describing: band))")
        // The band now reaches content (280, 120): the second row too.
        #expect(s.engine.scene.selection == Set([1, 2, 5, 6].map { N.items[$0] }))
        s.release()
        #expect(!s.engine.isActive)
        #expect(s.engine.scene.selection == Set([1, 2, 5, 6].map { N.items[$0] }))
    }

    @Test("G1 I5 (issue 30.3): momentum going when the window is resized glides on")
    func momentumSurvives() {
        var s = Scenario.entered()
        s.move(to: s.engine.surfaceFrame(of: F.scroll)!.center)
        for _ in 0..<10 {
            s.clock = Timestamp(rawValue: s.clock.rawValue + 10_000)
            s.send(.scroll(source: .finger, axis: .vertical, value: 15, value120: nil, stop: false), from: s.trackpad)
        }
        s.send(.scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true), from: s.trackpad)
        s.wait(0.05)
        func offset(_ s: inout Scenario) -> Double { s.frame().containers.first { $0.element == F.scroll }!.transform.offset.dy }
        let gliding = offset(&s)
        s.engine.setLayout(Self.resized(by: Vector(0, 0)))
        s.wait(0.1)
        let later = offset(&s)
        #expect(later > gliding + 5, "the glide stopped at the resize: \(gliding) → \(later)")
        s.wait(3)
        #expect(!s.engine.frame(now: s.clock).containers.isEmpty)
        #expect(offset(&s) > later)
    }

    @Test("G2 (issue 30.3): a pinch held through a resize goes on from the same content point under the fingers")
    func pinchSurvives() {
        var s = Scenario.entered()
        let canvas = s.engine.surfaceFrame(of: F.canvas)!
        s.move(to: canvas.center)
        s.wait(0.2)
        func pinch(_ phase: GesturePhase, scale: Double) {
            s.clock = Timestamp(rawValue: s.clock.rawValue + 10_000)
            s.send(.gesture(GestureEvent(kind: .pinch, phase: phase, fingers: 2, scale: scale)), from: s.trackpad)
        }
        pinch(.begin, scale: 1)
        for k in 1...5 { pinch(.update, scale: 1 + 0.1 * Double(k)) }
        let zoom = s.frame().containers.first { $0.element == F.canvas }!.transform.zoom
        s.engine.setLayout(Self.resized(by: Vector(15, 25)))
        s.wait(0.2)
        #expect(s.engine.isActive, "the resize ended the pinch")
        let kept = s.frame().containers.first { $0.element == F.canvas }!.transform.zoom
        #expect(near(kept, zoom, 1e-9))
        pinch(.update, scale: 1.8)
        let more = s.frame().containers.first { $0.element == F.canvas }!.transform.zoom
        #expect(more > kept)
        pinch(.end, scale: 1.8)
        s.wait(1)
        #expect(!s.engine.isActive)
    }

    // wlroots clears the pointer's focus when the output changes under a held button: a leave,
    // no release, and an enter where the button went up (measured under sway 1.7 and 1.10).

    /// The fixtures' first item picked up and carried 10 pt, and (`leave`) the pointer's focus
    /// then taken away.
    static func carried(leave: Bool = true) -> Scenario {
        var s = Scenario.entered()
        let item = F.items[0]
        let grab = s.engine.surfaceFrame(of: item)!.center
        s.move(to: grab)
        s.wait(0.3)
        s.press()
        s.move(to: grab + Vector(10, 0), duration: 0.2, steps: 5)
        if leave { s.send(.pointerLeave) }
        return s
    }

    @Test("I2 (issue 30.3): a drag whose release the compositor lost (a leave, then an enter where the button went up) drops there")
    func dragEndsAtTheEnterAfterALostRelease() {
        var s = Self.carried()
        let item = F.items[0]
        s.wait(1) // the hand carries the item on; nothing reaches this window
        #expect(s.frame().drag != nil, "the leave ended the drag")
        let target = s.engine.surfaceFrame(of: F.dropAny)!
        s.enter(at: target.center)
        let drops = s.drained { if case .dropped = $0 { true } else { false } }
        #expect(drops == [.dropped(items: [item], on: F.dropAny, operation: .move, input: .pointer)])
        #expect(s.frame().drag == nil)
        s.wait(1)
        #expect(!s.engine.isActive)
        // The next click is a click, not the end of a drag.
        s.press()
        s.release()
        #expect(s.drained { if case .dropped = $0 { true } else { false } }.isEmpty)
    }

    @Test("I1 (issue 30.3): a band whose release the compositor lost stays through the leave and selects up to the enter")
    func bandEndsAtTheEnterAfterALostRelease() {
        typealias N = BandVisibleEdgeTests
        var s = Scenario(N.nestedLayout())
        s.enter(at: Point(140, 308))
        s.wait(0.5)
        s.press()
        s.move(to: Point(340, 330), duration: 0.4, steps: 16) // content (300, 30), clear of the autoscroll zone
        s.send(.pointerLeave)
        s.wait(1)
        #expect(s.frame().bandSelection != nil, "the leave cancelled the band")
        #expect(s.engine.scene.selection == Set([1, 2].map { N.items[$0] }))
        s.enter(at: Point(340, 345)) // content (300, 45): still the first row, and the band ends
        #expect(s.frame().bandSelection == nil)
        #expect(!s.engine.isActive)
        #expect(s.engine.scene.selection == Set([1, 2].map { N.items[$0] }))
    }

    @Test("I2 (issue 30.3): a release the compositor does deliver after a leave and enter ends the drag at the release, not at the enter")
    func deliveredReleaseIsNotLost() {
        var s = Self.carried()
        s.release() // delivered while away: the drag ends, nothing under the pointer takes it
        let target = s.engine.surfaceFrame(of: F.dropAny)!
        s.enter(at: target.center)
        #expect(s.drained { if case .dropped = $0 { true } else { false } }.isEmpty)
        #expect(s.frame().drag == nil)
    }
}
