// The showcase's overlays stay inside the window (issue 17.2; G9, G11, I6): its menus, as the
// engine places them and as the composer draws them.
import Testing
#if canImport(Glibc)
import Glibc
#endif
import PointerEngine
import PixmanRenderer
@testable import Playground

@Suite("Showcase overlays inside the window (G9, G11, I1, A3)")
struct OverlaysInWindowTests {
    typealias ID = Showcase.ID
    static let mouse = DeviceID(1), screen = DeviceID(4)

    final class User {
        let s: PlaygroundSession
        var t = 0.0
        init(settings: PointerSettings = PointerSettings()) {
            s = PlaygroundSession(settings: settings, now: Timestamp(rawValue: 0))
            s.handle(InputEvent(time: .milliseconds(0), device: mouse, .deviceAdded(name: "mouse", capabilities: .pointer)))
            s.handle(InputEvent(time: .milliseconds(0), device: screen, .deviceAdded(name: "screen", capabilities: .touch)))
        }
        func at(_ ms: Double) -> Timestamp { t += ms; return .milliseconds(t) }
        func send(_ kind: InputEventKind, from dev: DeviceID = mouse, after ms: Double = 8) { s.handle(InputEvent(time: at(ms), device: dev, kind)) }
        func move(_ p: Point, steps: Int = 8) {
            let from = s.engine.logicalPosition
            for k in 1...steps {
                let q = from.lerp(to: p, Double(k) / Double(steps))
                send(.motion(position: InputPoint(x: q.x, y: q.y), delta: .zero, unaccelerated: .zero))
            }
        }
        func wait(_ ms: Double) { s.advance(to: at(ms)) }
        var window: Rect { Rect(x: 0, y: 0, width: s.layout.size.width, height: s.layout.size.height) }
        /// The composed display items named `name`.
        func items(_ name: String) -> [DisplayItem] {
            let canvas = Canvas(width: Int(s.layout.size.width), height: Int(s.layout.size.height))
            return s.displayItems(measure: { [canvas] in canvas.measure($0, font: $1) }).filter { $0.id.name == name }
        }
    }

    func expectInside(_ m: ContextMenuAppearance, _ window: Rect, _ note: String) {
        #expect(window.contains(m.frame), "\(note): \(m.frame) leaves \(window)")
        for i in m.items.indices { #expect(window.contains(m.itemFrame(i)), "\(note): \(m.items[i]) at \(m.itemFrame(i)) leaves \(window)") }
    }

    // Sizes the showcase lays out for today (its layout follows the window with issue 17.1: add
    // 1024×768 here when `Showcase.layout` takes a size).
    @Test("G9: right-clicking the Format bar shows its five entries inside the window, drawn there", arguments: [Showcase.size])
    func formatBarMenu(_ size: Size) throws {
        let u = User()
        #expect(u.s.layout.size == size)
        let bar = u.s.layout[ID.miniToolbarArea]!.frame
        u.move(Point(bar.midX, bar.maxY - 6))
        u.wait(400)
        u.send(.button(.right, pressed: true)); u.send(.button(.right, pressed: false))
        u.wait(300)
        let m = try #require(u.s.engine.describe().contextMenu)
        #expect(Array(m.items.prefix(5)) == Showcase.miniToolbarNames)
        #expect(!m.scrolls)
        expectInside(m, u.window, "Format bar")
        // The composer draws the panel and each entry where the engine put them.
        let drawn = u.items("menu")
        #expect(drawn.count == 2)
        for op in drawn.flatMap(\.ops) {
            switch op {
            case .fill(_, let r, _), .stroke(_, let r, _, _): #expect(u.window.contains(r), "\(op) drawn outside the window")
            case .text(_, _, let b, _): #expect(u.window.contains(b), "\(op) drawn outside the window")
            case .shadow, .gradient, .spotlight: break // the panel's shadow may fall past it
            }
        }
        let texts = drawn.flatMap(\.ops).compactMap { op -> String? in if case .text(let t, _, _, _) = op { t } else { nil } }
        #expect(texts.prefix(5) == Showcase.miniToolbarNames[...])
        if let out = getenv("LODESTONE_SHOT") { try u.s.snapshot(scale: 1).writePNG(to: String(cString: out) + "-format-menu.png") }
    }

    @Test("G11: a long press on the menu card opens its menu above the finger, the last entry clear of the window's edge")
    func menuCardLongPress() throws {
        let u = User()
        let card = try #require(u.s.engine.surfaceFrame(of: ID.menuCard)) // on the surface: the card sits in the scrolling content
        let p = card.center
        u.send(.touchDown(id: 1, position: InputPoint(x: p.x, y: p.y)), from: Self.screen)
        u.send(.touchFrame, from: Self.screen, after: 0)
        u.wait(ContextMenuRecognizer.longPressDuration * 1000 + 50)
        let m = try #require(u.s.engine.describe().contextMenu)
        expectInside(m, u.window, "menu card")
        #expect(m.frame.maxY <= p.y - ContextMenuPlacement.touchClearance, "the finger hides the menu: \(m.frame) at \(p)")
        #expect(m.itemFrame(m.items.count - 1).maxY <= u.window.maxY - ContextMenuPlacement.windowMargin)
        if let out = getenv("LODESTONE_SHOT") { try u.s.snapshot(scale: 1).writePNG(to: String(cString: out) + "-card-menu.png") }
    }
}

@Suite("The graph's X/Y annotation reads the drawn axes (A3)")
struct GraphAnnotationTests {
    typealias User = OverlaysInWindowTests.User

    /// The ticks as the showcase draws them: (value, surface position) along each axis, read
    /// from the graph's display operations: the Y hairlines with the label beside each, the X
    /// labels centred on their tick.
    static func drawnTicks(_ u: User) throws -> (x: [(Double, Double)], y: [(Double, Double)], plot: Rect) {
        let canvas = Canvas(width: Int(u.s.layout.size.width), height: Int(u.s.layout.size.height))
        let items = u.s.displayItems(measure: { [canvas] in canvas.measure($0, font: $1) })
        let graph = try #require(items.first { $0.id == ItemID("el", Int(Showcase.ID.graph.rawValue)) })
        var hairlines: [Rect] = []
        var labels: [(value: Double, left: Double, center: Point)] = []
        for op in graph.ops {
            switch op {
            case .fill(.rect, let r, _) where r.height == 0.5: hairlines.append(r)
            case .text(let t, let f, let b, _):
                if let v = Double(t) {
                    let w = canvas.measure(t, font: f).width
                    labels.append((v, b.x, Point(b.x + w / 2, b.y - f.size * 0.35)))
                }
            default: break
            }
        }
        let plot = try #require(hairlines.first).union(hairlines.last!)
        var y: [(Double, Double)] = []
        for h in hairlines {
            // The label right-aligned left of the hairline, at its height.
            let label = try #require(labels.filter { $0.left < h.minX }.min { abs($0.center.y - h.minY) < abs($1.center.y - h.minY) })
            y.append((label.value, h.minY))
        }
        let x = labels.filter { $0.center.y > plot.maxY }.map { ($0.value, $0.center.x) }
        return (x.sorted { $0.0 < $1.0 }, y.sorted { $0.0 < $1.0 }, plot)
    }

    /// The value the drawn ticks give at `p`, by linear interpolation between neighbours.
    static func interpolate(_ ticks: [(Double, Double)], at p: Double) -> (value: Double, perPoint: Double) {
        let a = ticks.first!, b = ticks.last!
        let perPoint = (b.0 - a.0) / (b.1 - a.1)
        return (a.0 + (p - a.1) * perPoint, abs(perPoint))
    }

    static func parse(_ label: String) -> (x: Double, y: Double)? {
        let parts = label.split(separator: " ")
        guard parts.count >= 5, parts[0] == "x", let x = Double(parts[1]), let yi = parts.firstIndex(of: "y"),
              let y = Double(parts[parts.index(after: yi)]) else { return nil }
        return (x, y)
    }

    @Test("A3: at each drawn tick and between them, at scales 1, 1.5 and 2, the label shows the ticks' value within half a pixel",
          arguments: [1.0, 1.5, 2.0])
    func labelMatchesTicks(_ scale: Double) throws {
        let u = User()
        let ticks = try Self.drawnTicks(u)
        #expect(ticks.x.map(\.0) == [0, 6, 12, 18, 24] && ticks.y.map(\.0) == [0, 10, 20, 30], "the ticks the showcase draws")
        // Display rounding: one decimal.
        let rounding = 0.05 + 1e-9
        func pixel(_ v: Double) -> Double { ((v * scale).rounded(.down) + 0.5) / scale } // a pixel's centre
        var xs = ticks.x.map(\.1), ys = ticks.y.map(\.1)
        for k in 1..<ticks.x.count {
            let a: Double = ticks.x[k - 1].1, b: Double = ticks.x[k].1
            xs += [a + (b - a) / 4, a + (b - a) / 2]
        }
        for k in 1..<ticks.y.count {
            let a: Double = ticks.y[k - 1].1, b: Double = ticks.y[k].1
            ys.append(a + (b - a) / 2)
        }
        var checked = 0
        for (k, px) in xs.enumerated() {
            let py = ys[k % ys.count]
            let p = Point(pixel(px), pixel(py))
            u.move(p)
            let text = try #require(u.s.engine.describe().annotations.first?.text, "no annotation at \(p)")
            let shown = try #require(Self.parse(text), "unreadable label \(text)")
            let ex = Self.interpolate(ticks.x, at: p.x), ey = Self.interpolate(ticks.y, at: p.y)
            let halfPixel = 0.5 / scale
            #expect(abs(shown.x - ex.value) <= ex.perPoint * halfPixel + rounding, "x at \(p): label \(text), ticks say \(ex.value)")
            #expect(abs(shown.y - ey.value) <= ey.perPoint * halfPixel + rounding, "y at \(p): label \(text), ticks say \(ey.value)")
            checked += 1
        }
        #expect(checked >= 13)
        // The plotted origin reads zero on both axes.
        u.move(Point(ticks.x[0].1, ticks.y[0].1))
        #expect(u.s.engine.describe().annotations.first?.text == "x 0.0 h  y 0.0 °C")
    }
}

@Suite("The band stays in its viewport while it auto-scrolls (I1)")
struct BandClipTests {
    typealias User = OverlaysInWindowTests.User
    typealias ID = Showcase.ID

    @Test("I1: dragged past the Collection's bottom, the band auto-scrolls and is drawn only inside the viewport")
    func bandClipped() throws {
        let u = User()
        let c = u.s.engine.surfaceFrame(of: ID.collection)!
        let start = Point(c.minX + 2, c.minY + 1) // empty space at the viewport's top-left corner
        u.move(start)
        u.send(.button(.left, pressed: true))
        // 40 pt below the viewport, held there: it auto-scrolls.
        u.move(Point(c.minX + 120, c.maxY + 40), steps: 12)
        u.wait(600)
        u.move(Point(c.minX + 121, c.maxY + 40), steps: 1)
        let frame = u.s.engine.describe()
        let band = try #require(frame.bandSelection)
        let offset = frame.containers.first { $0.element == ID.collection }?.transform.offset.dy ?? 0
        #expect(offset > 20, "the collection auto-scrolled")
        // The band itself reaches past the viewport on both ends: its anchor scrolled up past the
        // top (over the card's title), the pointer is below the bottom.
        #expect(band.rect.minY < c.minY && band.rect.maxY > c.maxY)
        #expect(band.viewport == c)
        let drawn = try #require(band.visibleRect)
        #expect(c.contains(drawn), "band drawn at \(drawn) outside the viewport \(c)")
        // Pixels: the band's item alone, painted on white: nothing outside the viewport.
        let item = try #require(u.items("band").first)
        let scale = 2.0
        let canvas = Canvas(width: Int(u.window.width * scale), height: Int(u.window.height * scale), scale: scale)
        _ = SceneRenderer(background: .white).render([item], into: canvas, bufferAge: 0)
        let white = canvas.pixel(x: 0, y: 0)
        var inside = 0, outside = 0
        let px = Rect(x: c.minX * scale, y: c.minY * scale, width: c.width * scale, height: c.height * scale)
        for y in stride(from: 0, to: canvas.height, by: 1) {
            for x in stride(from: 0, to: canvas.width, by: 2) where canvas.pixel(x: x, y: y) != white {
                if px.contains(Point(Double(x) + 0.5, Double(y) + 0.5)) { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 1000, "the band is drawn")
        #expect(outside == 0, "\(outside) band pixels outside the viewport")
        u.send(.button(.left, pressed: false))
        if let out = getenv("LODESTONE_SHOT") { try canvas.writePNG(to: String(cString: out) + "-band.png") }
    }
}

@Suite("Pointer size scales the pointer, not the world (P6)")
struct PointerSizeTests {
    typealias User = OverlaysInWindowTests.User

    /// The graph's drawn label box over the showcase at pointer `size`.
    static func labelBox(pointerSize size: Double, shot: String? = nil) throws -> Rect {
        let u = User(settings: PointerSettings(size: size))
        let g = u.s.engine.surfaceFrame(of: Showcase.ID.graph)!
        u.move(Point(g.midX, g.midY))
        u.wait(500)
        let item = try #require(u.items("annotation").first)
        if let shot, let out = getenv("LODESTONE_SHOT") { try u.s.snapshot(scale: 1).writePNG(to: String(cString: out) + shot) }
        return try #require(item.ops.compactMap { op -> Rect? in if case .fill(.capsule, let r, _) = op { r } else { nil } }.first)
    }

    /// Hinted glyph advances do not scale exactly with the font size: 18 pt text measures up to
    /// a few per cent wider than 1.5 × the same text at 12 pt.
    static let hintingSlack = 0.03 // × the width

    @Test("P6: at pointer size 4 the graph's drawn label is at most 1.5× (plus hinting slack) as wide as at size 1")
    func labelWidth() throws {
        let one = try Self.labelBox(pointerSize: 1), four = try Self.labelBox(pointerSize: 4, shot: "-size4.png")
        #expect(four.width <= one.width * (AccessoryTuning.maximumAnnotationScale + Self.hintingSlack), "\(one.width) → \(four.width)")
        #expect(four.width > one.width, "it still grows with the pointer")
    }

    @Test("P2, P6: at pointer size 4 the drawn I-beam over the text stays at most 5 pt across, as tall as the line")
    func beamDrawnThin() throws {
        let u = User(settings: PointerSettings(size: 4))
        let t = u.s.engine.surfaceFrame(of: Showcase.ID.text)!
        u.move(Point(t.midX, t.midY))
        u.wait(800)
        let pointer = try #require(u.items("pointer").first)
        let capsules = pointer.ops.compactMap { op -> Rect? in if case .fill(.capsule, let r, _) = op { r } else { nil } }
        #expect(!capsules.isEmpty, "the I-beam is drawn")
        let across = PointerTuning.maximumBeamWidth + 2 * Look.maximumBeamBorder
        for r in capsules {
            #expect(r.width <= across + 1e-9, "beam \(r.width) pt wide")
            #expect(abs(r.height - Showcase.lineHeight) <= 2 * Look.maximumBeamBorder + 1e-9)
        }
        if let out = getenv("LODESTONE_SHOT") { try u.s.snapshot(scale: 2).writePNG(to: String(cString: out) + "-beam4.png") }
    }
}
