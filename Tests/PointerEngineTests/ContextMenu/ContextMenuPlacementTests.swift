// SPEC G9, G11, I6 (issue 17.2): context menus open inside the window: down-right of the
// pointer, flipped or moved at its edges, above a finger and clear of it, scrolling when taller.
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("Context menu placement (G9, G11)")
struct ContextMenuPlacementTests {
    static let windows = [Size(640, 480), Size(1024, 768), Size(1440, 900)]
    /// Five entries, as the Format bar's menu.
    static let five = Size(ContextMenuInteraction.minimumWidth, ContextMenuAppearance.contentHeight(items: 5, itemHeight: ContextMenuInteraction.itemHeight))
    static let margin = ContextMenuPlacement.windowMargin

    static func window(_ s: Size) -> Rect { Rect(x: 0, y: 0, width: s.width, height: s.height) }

    /// The anchors that matter: the four corners, the middle of each edge, the centre, each a
    /// point inside the window.
    static func anchors(in w: Rect) -> [(String, Point)] {
        let l = w.minX + 1, r = w.maxX - 1, t = w.minY + 1, b = w.maxY - 1
        return [("top-left", Point(l, t)), ("top-right", Point(r, t)), ("bottom-left", Point(l, b)), ("bottom-right", Point(r, b)),
                ("top", Point(w.midX, t)), ("bottom", Point(w.midX, b)), ("left", Point(l, w.midY)), ("right", Point(r, w.midY)),
                ("centre", w.center)]
    }

    func inside(_ f: Rect, _ w: Rect) -> Bool { w.insetBy(Self.margin - 1e-9).contains(f) }

    @Test("G9: a pointer's menu opens down-right of the pointer, flips at the right and bottom edges, and stays inside",
          arguments: windows)
    func pointerEdges(_ size: Size) {
        let w = Self.window(size), m = Self.five
        for (name, a) in Self.anchors(in: w) {
            let f = ContextMenuPlacement.frame(anchor: a, size: m, window: w, input: .pointer)
            #expect(inside(f, w), "\(name) at \(size): \(f) leaves the window")
            #expect(f.size == m, "\(name): a menu that fits is never cut")
            let roomRight = a.x + m.width <= w.maxX - Self.margin, roomBelow = a.y + m.height <= w.maxY - Self.margin
            // Down-right where there is room; flipped so the pointer sits at the corner nearest
            // the edge where there is not.
            // (A pointer inside the margin: the menu keeps the margin.)
            if roomRight { #expect(f.minX == max(a.x, Self.margin), "\(name)") } else { #expect(f.maxX == min(a.x, w.maxX - Self.margin), "\(name) flips left") }
            if roomBelow { #expect(f.minY == max(a.y, Self.margin), "\(name)") } else { #expect(f.maxY == min(a.y, w.maxY - Self.margin), "\(name) flips up") }
        }
    }

    @Test("G9: a menu with no room on either side of the pointer moves along the edge, still whole")
    func pointerShifts() {
        // A 300 pt tall menu in a 480 pt window, opened at mid-height: no room below (240 + 300)
        // nor above (240 − 300): it moves up until it fits.
        let w = Self.window(Size(640, 480)), m = Size(200, 300)
        let f = ContextMenuPlacement.frame(anchor: Point(100, 240), size: m, window: w, input: .pointer)
        #expect(f.size == m)
        #expect(f.maxY == w.maxY - Self.margin && f.minX == 100)
        // Wider than the room on either side: moved left until its right edge meets the margin.
        let wide = Size(400, 100)
        let g = ContextMenuPlacement.frame(anchor: Point(320, 100), size: wide, window: w, input: .pointer)
        #expect(g.size == wide && g.maxX == w.maxX - Self.margin)
    }

    @Test("G9: a menu taller than the window is cut to it with a margin and scrolls", arguments: windows, [ContextMenuInput.pointer, .touch])
    func tallerThanWindow(_ size: Size, _ input: ContextMenuInput) {
        let w = Self.window(size)
        let m = Size(180, ContextMenuAppearance.contentHeight(items: 60, itemHeight: ContextMenuInteraction.itemHeight))
        for (name, a) in Self.anchors(in: w) {
            let f = ContextMenuPlacement.frame(anchor: a, size: m, window: w, input: input)
            #expect(inside(f, w), "\(name) \(input): \(f)")
            #expect(f.height < m.height && f.width == m.width)
            if input == .pointer { #expect(f.height == w.height - 2 * Self.margin, "\(name): as tall as the window allows") }
        }
    }

    @Test("G11: a touch menu opens above the finger, clear of it by touchClearance; below it at the top edge",
          arguments: windows)
    func touchClearOfFinger(_ size: Size) {
        let w = Self.window(size), m = Self.five, c = ContextMenuPlacement.touchClearance
        for (name, a) in Self.anchors(in: w) {
            let f = ContextMenuPlacement.frame(anchor: a, size: m, window: w, input: .touch)
            #expect(inside(f, w), "\(name) at \(size): \(f)")
            #expect(f.maxY <= a.y - c || f.minY >= a.y + c, "\(name): the finger covers the menu: \(f) at \(a)")
            if a.y - c - m.height >= Self.margin { #expect(f.maxY == a.y - c, "\(name): above the finger") }
            #expect(f.size == m, "\(name): five entries fit at \(size)")
        }
    }

    @Test("G11: a finger near the bottom of a short window: the taller side gets the menu, cut and scrolling, still clear")
    func touchScrollsClearOfFinger() {
        let w = Self.window(Size(640, 480)), c = ContextMenuPlacement.touchClearance
        let m = Size(180, ContextMenuAppearance.contentHeight(items: 20, itemHeight: ContextMenuInteraction.itemHeight))
        let a = Point(300, 400)
        let f = ContextMenuPlacement.frame(anchor: a, size: m, window: w, input: .touch)
        #expect(inside(f, w))
        #expect(f.maxY == a.y - c && f.minY == Self.margin, "above the finger, as tall as that side allows")
    }
}

@Suite("Context menus stay inside the window in the engine (G9, G11, I6)")
struct ContextMenuInWindowTests {
    static let bar = ElementID(1)
    static let card = ElementID(2)
    static let tall = ElementID(3)
    static let entries = ["Bold", "Italic", "Underline", "Link", "List"]
    static let many = (1...60).map { "Entry \($0)" }

    /// A format bar along the bottom edge, a card in the right-hand corner and a card whose
    /// menu is taller than the window, in a window of `size`.
    static func layout(_ size: Size) -> Layout {
        try! Layout(size: size, [
            LayoutNode(Element(id: bar, kind: .toolbar, frame: Rect(x: size.width / 2 - 108, y: size.height - 50, width: 216, height: 40),
                               traits: ElementTraits(contextMenu: entries))),
            LayoutNode(Element(id: card, kind: .card, frame: Rect(x: size.width - 210, y: size.height - 190, width: 200, height: 120),
                               traits: ElementTraits(contextMenu: entries))),
            LayoutNode(Element(id: tall, kind: .card, frame: Rect(x: 20, y: 20, width: 200, height: 120),
                               traits: ElementTraits(contextMenu: many))),
        ])
    }

    static func rightClick(_ s: inout Scenario, at p: Point) {
        s.move(to: p)
        s.press(.right); s.release(.right)
        s.wait(0.3) // past a possible two-finger tap's deadline
    }

    static let small = Size(640, 480)

    /// The 60-entry menu opened by a right click in a 640 × 480 window.
    static func openTall() throws -> (Scenario, ContextMenuAppearance) {
        var s = Scenario(layout(small))
        s.enter(at: Point(300, 300))
        rightClick(&s, at: Point(100, 60))
        return (s, try #require(s.frame().contextMenu))
    }

    func expectInside(_ m: ContextMenuAppearance, _ size: Size, _ note: String) {
        let w = Rect(x: 0, y: 0, width: size.width, height: size.height)
        #expect(w.contains(m.frame), "\(note): menu \(m.frame) leaves \(size)")
        // Entries draw clipped to the menu: a menu that does not scroll shows each one whole.
        for i in m.visibleItems {
            let shown = m.scrolls ? m.itemFrame(i).intersection(m.frame) ?? .zero : m.itemFrame(i)
            #expect(!shown.isEmpty && m.frame.contains(shown) && w.contains(shown), "\(note): \(m.items[i]) at \(m.itemFrame(i))")
        }
    }

    @Test("G9: right-clicking a bar on the bottom edge shows all five entries inside the window",
          arguments: ContextMenuPlacementTests.windows)
    func bottomBar(_ size: Size) throws {
        var s = Scenario(Self.layout(size))
        s.enter(at: Point(100, 100))
        let bar = Self.layout(size)[Self.bar]!.frame
        Self.rightClick(&s, at: Point(bar.midX, bar.maxY - 4))
        let m = try #require(s.frame().contextMenu)
        #expect(m.items == Self.entries)
        #expect(m.visibleItems == 0..<5 && !m.scrolls)
        expectInside(m, size, "bar")
        #expect(m.frame.maxY <= bar.maxY - 4, "flipped up from the pointer")
        // Right-clicking in the bottom-right corner flips both ways.
        Self.rightClick(&s, at: Point(size.width - 12, size.height - 72))
        let c = try #require(s.frame().contextMenu)
        expectInside(c, size, "corner")
        #expect(c.frame.maxX == size.width - 12 && c.frame.maxY == size.height - 72)
    }

    @Test("G11: a long press in the bottom-right corner opens the menu above the finger, clear of it, inside the window")
    func touchCorner() throws {
        let size = Size(1024, 768)
        var s = Scenario(Self.layout(size))
        let p = Point(size.width - 20, size.height - 80)
        s.send(.touchDown(id: 1, position: InputPoint(x: p.x, y: p.y)), from: s.touchscreen)
        s.wait(ContextMenuRecognizer.longPressDuration + 0.05)
        let m = try #require(s.frame().contextMenu)
        expectInside(m, size, "long press")
        #expect(m.frame.maxY <= p.y - ContextMenuPlacement.touchClearance)
        #expect(m.itemFrame(m.items.count - 1).maxY < size.height - ContextMenuPlacement.windowMargin, "the last entry is off the last row")
        // The same finger slides up onto the second entry and lifts there: it is chosen.
        let target = m.itemFrame(1).center
        for k in 1...8 {
            s.wait(0.016)
            let q = p.lerp(to: target, Double(k) / 8)
            s.send(.touchMotion(id: 1, position: InputPoint(x: q.x, y: q.y)), from: s.touchscreen)
        }
        #expect(s.frame().contextMenu?.highlightedIndex == 1)
        _ = s.engine.drainOutputs()
        s.send(.touchUp(id: 1), from: s.touchscreen)
        #expect(s.frame().contextMenu == nil)
        #expect(s.engine.drainOutputs().contains(.menuItemChosen(element: Self.card, index: 1)))
    }

    @Test("G9: a menu taller than the window scrolls: the wheel moves the entries, the highlight stays visible with the arrow keys")
    func tallMenuScrolls() throws {
        let size = Self.small
        var (s, m) = try Self.openTall()
        #expect(m.scrolls && m.frame.height == size.height - 2 * ContextMenuPlacement.windowMargin)
        expectInside(m, size, "tall")
        #expect(m.visibleItems.lowerBound == 0 && m.visibleItems.upperBound < Self.many.count)
        // The wheel over the menu scrolls its entries, not what is under it.
        s.move(to: m.frame.center)
        for _ in 0..<3 {
            s.send(.scroll(source: .wheel, axis: .vertical, value: 45, value120: 360, stop: false))
        }
        m = try #require(s.frame().contextMenu)
        #expect(m.scrollOffset > 0, "the wheel scrolled the entries")
        let under = m.item(at: m.frame.center)
        #expect(under.map { $0 > 5 } == true, "the entry under the pointer is a later one: \(String(describing: under))")
        // Arrow keys: End goes to the last entry and scrolls it into view; Up keeps it visible.
        func key(_ name: String) {
            let k = KeyNames.code(named: name)!
            s.send(.key(k, pressed: true), from: s.keyboard); s.send(.key(k, pressed: false), from: s.keyboard)
        }
        key("end")
        m = try #require(s.frame().contextMenu)
        #expect(m.highlightedIndex == Self.many.count - 1 && m.scrollOffset == m.maximumScrollOffset)
        #expect(m.frame.contains(m.itemFrame(Self.many.count - 1)))
        key("home")
        for _ in 0..<25 { key("down") }
        m = try #require(s.frame().contextMenu)
        #expect(m.highlightedIndex == 25)
        #expect(m.frame.contains(m.itemFrame(25)), "the highlighted entry stays visible")
        _ = s.engine.drainOutputs()
        key("enter")
        #expect(s.frame().contextMenu == nil)
        #expect(s.engine.drainOutputs().contains(.menuItemChosen(element: Self.tall, index: 25)))
    }

    @Test("G11: a finger drags a tall menu's entries; a tap on an entry chooses it")
    func touchScrollsTallMenu() throws {
        var (s, m) = try Self.openTall()
        let start = m.frame.center
        s.send(.touchDown(id: 4, position: InputPoint(x: start.x, y: start.y)), from: s.touchscreen)
        for k in 1...10 {
            s.wait(0.01)
            s.send(.touchMotion(id: 4, position: InputPoint(x: start.x, y: start.y - Double(k) * 20)), from: s.touchscreen)
        }
        s.send(.touchUp(id: 4), from: s.touchscreen)
        m = try #require(s.frame().contextMenu, "a scroll does not close the menu")
        // Past the slop (a tap from a drag) the entries catch up with the finger, 200 pt up.
        #expect(m.scrollOffset == 200, "the entries followed the finger: \(m.scrollOffset)")
        _ = s.engine.drainOutputs()
        let target = m.itemFrame(m.visibleItems.lowerBound + 2).center
        let want = try #require(m.item(at: target))
        s.send(.touchDown(id: 5, position: InputPoint(x: target.x, y: target.y)), from: s.touchscreen)
        s.wait(0.05)
        s.send(.touchUp(id: 5), from: s.touchscreen)
        #expect(s.frame().contextMenu == nil)
        #expect(s.engine.drainOutputs().contains(.menuItemChosen(element: Self.tall, index: want)))
    }
}

@Suite("Graph axes map values over the plot area (A3)")
struct GraphAxesTests {
    static let axes = GraphAxes(x: 0...24, y: 0...30, xUnit: " h", yUnit: " °C", plotInsets: PlotInsets(top: 4, left: 22, bottom: 18, right: 4))
    static let frame = Rect(x: 100, y: 200, width: 226, height: 122) // a 200 × 100 plot at (122, 204)

    @Test("A3: the plot's corners are the ranges' ends; the insets are outside the values")
    func corners() {
        let a = Self.axes, f = Self.frame
        #expect(a.plotArea(in: f) == Rect(x: 122, y: 204, width: 200, height: 100))
        #expect(a.label(at: Point(122, 304), in: f) == "x 0.0 h  y 0.0 °C")
        #expect(a.label(at: Point(322, 204), in: f) == "x 24.0 h  y 30.0 °C")
        #expect(a.label(at: Point(100, 320), in: f) == "x 0.0 h  y 0.0 °C", "the tick-label margin clamps to the ends")
        #expect(a.position(x: 12, in: f) == 222 && a.position(y: 15, in: f) == 254)
        // Zoomed twice: the insets grow with the drawing.
        let z = Rect(x: 100, y: 200, width: 452, height: 244)
        #expect(a.plotArea(in: z, zoom: 2) == Rect(x: 144, y: 208, width: 400, height: 200))
    }

    @Test("A3: the engine's annotation over a graph with insets reads the plot, not the frame")
    func engineLabel() throws {
        let id = ElementID(5)
        let layout = try Layout(size: Size(800, 600), [
            LayoutNode(Element(id: id, kind: .graph, frame: Self.frame, traits: ElementTraits(graph: Self.axes))),
        ])
        var s = Scenario(layout)
        s.enter(at: Point(20, 20))
        s.move(to: Point(122, 304))
        #expect(s.frame().annotations.first?.text == "x 0.0 h  y 0.0 °C")
        s.move(to: Point(222, 254))
        #expect(s.frame().annotations.first?.text == "x 12.0 h  y 15.0 °C")
    }
}
