import Testing
@testable import PointerEngine

@Suite("M1 M2 hit regions")
struct HitRegionTests {
    let layout = Fixtures.layout()

    @Test("M1: a bezel button answers 12 pt past its bounds, not further")
    func bezelPadding() {
        let e = Engine(layout: layout)
        let f = layout[Fixtures.plainButton]!.frame
        #expect(e.region(at: Point(f.maxX + HitRegion.bezelPadding - 1, f.midY)) == Fixtures.plainButton)
        #expect(e.region(at: Point(f.maxX + HitRegion.bezelPadding + 1, f.midY)) == nil)
        #expect(e.element(at: Point(f.maxX + 1, f.midY)) == nil)
    }

    @Test("M1: an element without bezel answers 24 pt past its bounds")
    func noBezelPadding() {
        let e = Engine(layout: layout)
        let f = layout[Fixtures.icon]!.frame
        #expect(e.region(at: Point(f.minX - HitRegion.noBezelPadding + 1, f.midY)) == Fixtures.icon)
        #expect(e.region(at: Point(f.minX - HitRegion.noBezelPadding - 1, f.midY)) == nil)
    }

    @Test("M2: sweeping along a toolbar never drops out between buttons")
    func contiguousBar() {
        let e = Engine(layout: layout)
        let first = layout[Fixtures.buttons.first!]!.frame, last = layout[Fixtures.buttons.last!]!.frame
        var x = first.minX
        var seen: [ElementID] = []
        while x < last.maxX {
            let hit = e.region(at: Point(x, first.midY))
            #expect(hit != nil, "gap at x = \(x)")
            if let hit, seen.last != hit { seen.append(hit) }
            x += 0.5
        }
        #expect(seen == Fixtures.buttons)
    }

    @Test("M2: the boundary between two bar buttons is half-way across their gap")
    func barBoundary() {
        let e = Engine(layout: layout)
        let a = layout[Fixtures.buttons[0]]!.frame, b = layout[Fixtures.buttons[1]]!.frame
        let mid = (a.maxX + b.minX) / 2
        #expect(e.region(at: Point(mid - 0.1, a.midY)) == Fixtures.buttons[0])
        #expect(e.region(at: Point(mid + 0.1, a.midY)) == Fixtures.buttons[1])
    }

    @Test("Hit index: the visible frame beats a neighbour's padding; the nearest padded region wins")
    func precedence() throws {
        let l = try Layout(size: Size(400, 200), [
            LayoutNode(Element(id: ElementID(1), kind: .icon, frame: Rect(x: 0, y: 0, width: 40, height: 40))),
            LayoutNode(Element(id: ElementID(2), kind: .icon, frame: Rect(x: 50, y: 0, width: 40, height: 40))),
        ])
        let e = Engine(layout: l)
        #expect(e.region(at: Point(44, 20)) == ElementID(1))
        #expect(e.region(at: Point(46, 20)) == ElementID(2))
        #expect(e.region(at: Point(52, 20)) == ElementID(2))
    }

    @Test("Hit index: scroll containers map the point through their offset and clip")
    func scrolled() throws {
        var l = Layout(size: Size(400, 400))
        try l.add(Element(id: ElementID(1), kind: .scrollView, frame: Rect(x: 0, y: 100, width: 200, height: 200),
                          traits: ElementTraits(scroll: ScrollConfiguration(contentSize: Size(200, 2000), initialOffset: Vector(0, 500)))))
        try l.add(Element(id: ElementID(2), kind: .row, frame: Rect(x: 0, y: 520, width: 200, height: 40)), parent: ElementID(1))
        let e = Engine(layout: l)
        // Content y 520 shows at 100 + 520 − 500 = 120.
        #expect(e.surfaceFrame(of: ElementID(2)) == Rect(x: 0, y: 120, width: 200, height: 40))
        #expect(e.region(at: Point(100, 130)) == ElementID(2))
        // Outside the viewport the content does not answer.
        #expect(e.element(at: Point(100, 90)) == nil)
    }

    @Test("Layout errors name the element")
    func layoutErrors() {
        var l = Layout(size: Size(10, 10))
        #expect(throws: LayoutError.unknownParent(ElementID(2), parent: ElementID(9))) {
            try l.add(Element(id: ElementID(2), kind: .button, frame: .zero), parent: ElementID(9))
        }
        try? l.add(Element(id: ElementID(1), kind: .button, frame: .zero))
        #expect(throws: LayoutError.duplicateID(ElementID(1))) {
            try l.add(Element(id: ElementID(1), kind: .button, frame: .zero))
        }
    }
}

@Suite("Hit index: a scroll view inside a scroll view (issue 17.1; I5)")
struct NestedSurfaceFrameTests {
    /// An outer vertical scroll view at (100, 50), scrolled 40 pt down (its initial offset), with
    /// a horizontal list at (20, 130) of its content, scrolled 15 pt, holding one row.
    static func layout() throws -> Layout {
        var l = Layout(size: Size(800, 600))
        try l.add(Element(id: ElementID(1), kind: .scrollView, frame: Rect(x: 100, y: 50, width: 400, height: 300),
                          traits: ElementTraits(scroll: ScrollConfiguration(contentSize: Size(400, 900), axes: .vertical,
                                                                            initialOffset: Vector(0, 40)))))
        try l.add(Element(id: ElementID(2), kind: .scrollView, frame: Rect(x: 20, y: 130, width: 200, height: 60),
                          traits: ElementTraits(scroll: ScrollConfiguration(contentSize: Size(600, 60), axes: .horizontal,
                                                                            initialOffset: Vector(15, 0)))), parent: ElementID(1))
        try l.add(Element(id: ElementID(3), kind: .row, frame: Rect(x: 30, y: 10, width: 80, height: 36)), parent: ElementID(2))
        return l
    }

    @Test("the inner content is placed through both offsets once; the pointer finds the row where it is drawn")
    func composed() throws {
        let e = Engine(layout: try Self.layout())
        // Inner viewport: 100 + 20, 50 + 130 − 40. Row: that + (30 − 15, 10).
        #expect(e.surfaceFrame(of: ElementID(2)) == Rect(x: 120, y: 140, width: 200, height: 60))
        let row = try #require(e.surfaceFrame(of: ElementID(3)))
        #expect(row == Rect(x: 135, y: 150, width: 80, height: 36))
        #expect(e.element(at: row.center) == ElementID(3))
    }
}
