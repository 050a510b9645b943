// The showcase at any window size (issue 17.1; G1, I5): columns follow the width, the HUD docks
// or becomes a panel, every card can be scrolled into view and reached by the pointer, the
// toolbar's buttons keep apart, and at 1440×900 the layout is the one it always was.
import Testing
import PointerEngine
import PixmanRenderer
@testable import Playground

@Suite("Showcase layout follows the window (issue 17.1)")
struct ShowcaseLayoutTests {
    typealias ID = Showcase.ID
    static let mouse = DeviceID(1)

    /// Window sizes from the minimum to 4K, landscape and portrait, points; and 720×450, what
    /// sway gives a tiled window on a 1440×900 output at scale 2, under the minimum.
    static let sizes: [Size] = [
        Size(640, 480), Size(720, 450), Size(720, 480), Size(800, 600), Size(768, 1024), Size(1000, 700), Size(1024, 768), Size(1280, 720),
        Size(1280, 800), Size(1366, 768), Size(1440, 900), Size(1600, 900), Size(1920, 1080), Size(2560, 1440),
        Size(3000, 1200), Size(3840, 2160),
    ]

    @Test("every card lies in the content's extent and some offset shows it whole, clear of the HUD", arguments: sizes)
    func everyCardReachable(size: Size) throws {
        for shown in [false, true] {
            let g = ShowcaseGeometry(size: size, hudShown: shown)
            let extent = Rect(origin: .zero, size: g.contentSize)
            for i in 0..<12 {
                let card = g.cardFrame(i)
                #expect(extent.contains(card), "\(size): card \(i) \(card) outside the content \(extent)")
                // The offset that brings the card's top to the viewport's top margin, clamped.
                let offset = min(max(0, card.minY - ShowcaseGeometry.margin), g.maximumOffset)
                let onSurface = Rect(x: g.content.minX + card.minX, y: g.content.minY + card.minY - offset,
                                     width: card.width, height: card.height)
                #expect(g.content.contains(onSurface), "\(size): card \(i) at \(onSurface) not whole in \(g.content)")
                if g.hudDocked, let hud = g.hudFrame {
                    #expect(!hud.intersects(onSurface), "\(size): card \(i) under the docked HUD")
                }
            }
            if g.hudDocked, let hud = g.hudFrame {
                #expect(g.content.maxX <= hud.minX, "\(size): the content runs under the docked HUD")
                #expect(hud.height >= GestureHUD.panelHeight, "\(size): the docked HUD cuts its rows")
            }
            // The last card's bottom clears the Format bar when scrolled to the end.
            let last = g.cardFrame(11)
            let bottom = g.content.minY + last.maxY - g.maximumOffset
            #expect(bottom <= g.formatBarFrame.minY, "\(size): the last row ends under the Format bar")
        }
    }

    @Test("the toolbar's buttons keep apart and inside the window; everything outside the content lies on the surface",
          arguments: sizes)
    func chromeFits(size: Size) {
        for shown in [false, true] {
            let l = Showcase.layout(size: size, hudShown: shown)
            let surface = Rect(origin: .zero, size: l.size)
            let bar = l[ID.toolbar]!
            let buttons = bar.children.compactMap { l[$0] }
            for (k, a) in buttons.enumerated() {
                #expect(surface.contains(a.frame) && bar.frame.contains(a.frame), "\(size): \(a.label) \(a.frame) outside the toolbar")
                for b in buttons[(k + 1)...] {
                    #expect(!a.frame.intersects(b.frame), "\(size): \(a.label) \(a.frame) overlaps \(b.label) \(b.frame)")
                }
            }
            for e in l.elements where l.scrollContainer(of: e.id) == nil {
                #expect(surface.contains(e.frame), "\(size): \(e.label) \(e.frame) off the surface")
            }
            // The Format bar sits under the visible content, in its strip (issue 30.11), the sidebar
            // controls at the sidebar's bottom.
            let format = l[ID.miniToolbarArea]!.frame, content = l[ID.content]!.frame
            #expect(format.minY >= content.maxY && format.minX >= content.minX && format.maxX <= content.maxX,
                    "\(size): Format bar \(format) not under the content \(content)")
            // (A collapsed sidebar is not in the layout.)
            if let controls = l[ID.sidebarControls]?.frame {
                #expect(controls.maxY <= size.height && controls.maxY >= size.height - 16)
            } else {
                #expect(ShowcaseGeometry(size: size).sidebar == .collapsed, "\(size): no sidebar controls")
            }
        }
    }

    @Test("columns follow the width: the most of 6, 4, 3, 2, 1 that fit; the HUD docks with room, 2 columns and 768 pt")
    func columnsAndHUD() {
        let cases: [(Size, columns: Int, docked: Bool)] = [
            (Size(640, 480), 2, false), (Size(1024, 768), 2, true), (Size(1024, 700), 3, false), (Size(1280, 800), 3, true),
            (Size(1440, 900), 4, true), (Size(1920, 1080), 6, true), (Size(1900, 1080), 4, true), (Size(2560, 1440), 6, true), (Size(800, 900), 2, false),
        ]
        for (size, columns, docked) in cases {
            let g = ShowcaseGeometry(size: size)
            #expect(g.columns == columns && g.hudDocked == docked, "\(size): \(g.columns) columns, docked \(g.hudDocked)")
            #expect(g.hudShown == docked && (g.hudToggleFrame == nil) == docked)
        }
        // The panel shows only when asked for, over the content's right side (down to the
        // window's bottom margin, past the Format bar's strip), under nothing but the menus.
        let panel = ShowcaseGeometry(size: Size(1024, 700), hudShown: true), hud = panel.hudFrame!
        #expect(panel.hudShown && !panel.hudDocked && hud.minY >= panel.content.minY && hud.maxX <= panel.content.maxX
                && hud.maxY <= 700 - ShowcaseGeometry.hudMargin)
    }

    @Test("at 1440×900 the frames are those of the fixed layout (4 columns from x 236, the HUD docked at x 1198)")
    func defaultSizeUnchanged() {
        let l = Showcase.layout()
        #expect(Showcase.restingFrame(of: ID.panels[0], in: l) == Rect(x: 236, y: 68, width: 225, height: 250))
        #expect(Showcase.restingFrame(of: ID.panels[11], in: l) == Rect(x: 959, y: 592, width: 225, height: 250))
        #expect(l[ID.hud]!.frame == Rect(x: 1198, y: 68, width: 226, height: 774))
        #expect(l[ID.share]!.frame == Rect(x: 1248, y: 10, width: 40, height: 32))
        #expect(l[ID.segmented]!.frame == Rect(x: 580, y: 9, width: 280, height: 34))
        #expect(l[ID.miniToolbarArea]!.frame == Rect(x: 602, y: 850, width: 216, height: 40))
        #expect(l[ID.hudToggle] == nil)
        #expect(ShowcaseGeometry(size: Showcase.size).maximumOffset == 0)
    }

    /// Scrolls `view` (the cards' content view unless told) with wheel detents at `p` until it stops moving.
    static func scrollToEnd(_ s: PlaygroundSession, at p: Point, from ms: inout Double, view: ElementID = ID.content) {
        var last = -1.0
        for _ in 0..<80 {
            s.handle(InputEvent(time: .milliseconds(ms), device: mouse,
                                .scroll(source: .wheel, axis: .vertical, value: 15, value120: 120, stop: false)))
            ms += 40
            s.advance(to: .milliseconds(ms))
            let now = s.engine.scene.transforms[view]?.offset.dy ?? 0
            if now == last { break }
            last = now
        }
        ms += 1000
        s.advance(to: .milliseconds(ms))
    }

    @Test("G1, I5: scrolled by the wheel to its end, the last card's Buy button is where its frame says, and the pointer finds it",
          arguments: [Size(640, 480), Size(1024, 768), Size(800, 600)])
    func scrolledCardAnswersThePointer(size: Size) throws {
        let s = PlaygroundSession(size: size)
        let g = try #require(s.geometry)
        var ms = 0.0
        s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse, .deviceAdded(name: "mouse", capabilities: .pointer)))
        let inContent = Point(g.content.minX + 4, g.content.midY)
        s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse,
                            .motion(position: InputPoint(x: inContent.x, y: inContent.y), delta: .zero, unaccelerated: .zero)))
        Self.scrollToEnd(s, at: inContent, from: &ms)
        let offset = s.engine.scene.transforms[ID.content]?.offset.dy ?? 0
        #expect(abs(offset - g.maximumOffset) < 0.5, "\(size): scrolled to \(offset) of \(g.maximumOffset)")
        let buy = try #require(s.engine.surfaceFrame(of: ID.buy))
        #expect(g.content.contains(buy), "\(size): Buy at \(buy) not in view")
        s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse,
                            .motion(position: InputPoint(x: buy.midX, y: buy.midY), delta: .zero, unaccelerated: .zero)))
        s.advance(to: .milliseconds(ms + 600))
        #expect(s.engine.hovered == ID.buy)
        // A nested scroll view (the List in the content) maps through both offsets.
        let list = try #require(s.engine.surfaceFrame(of: ID.list)), row = try #require(s.engine.surfaceFrame(of: ID.rows[0]))
        #expect(abs(row.minX - list.minX) < 1e-9 && abs(row.minY - list.minY) < 1e-9)
    }

    @Test("G1: a finger scroll over a card moves the cards only when they do not fit: at 1440×900 nothing rubber-bands (the whole page would repaint), at 1024×768 they scroll",
          arguments: [(Size(1440, 900), false), (Size(1024, 768), true)])
    func fingerScrollMovesContentOnlyWhenItScrolls(size: Size, scrolls: Bool) throws {
        let s = PlaygroundSession(size: size)
        var ms = 0.0
        s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse, .deviceAdded(name: "touchpad", capabilities: [.pointer, .gesture])))
        let apps = try #require(s.engine.surfaceFrame(of: ID.icons[4]))
        s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse,
                            .motion(position: InputPoint(x: apps.midX, y: apps.midY), delta: .zero, unaccelerated: .zero)))
        var moved = 0.0
        for _ in 0..<6 {
            ms += 10
            s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse,
                                .scroll(source: .finger, axis: .vertical, value: 12, value120: nil, stop: false)))
            s.advance(to: .milliseconds(ms))
            moved = max(moved, abs(s.engine.scene.transforms[ID.content]?.offset.dy ?? 0))
        }
        ms += 10
        s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse, .scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true)))
        s.advance(to: .milliseconds(ms))
        if scrolls {
            #expect(moved > 30, "\(size): the cards moved only \(moved) pt for 72 pt of fingers")
        } else {
            #expect(moved == 0, "\(size): cards that fit moved \(moved) pt")
            s.advance(to: .milliseconds(ms + 500))
            #expect(s.engine.scene.transforms[ID.content]?.offset.dy ?? 0 == 0, "\(size): the cards glided after the fingers")
            #expect(s.engine.describe().scrollEdgeEffects.isEmpty, "\(size): an edge effect for a view with nothing to scroll")
        }
    }

    @Test("a resize keeps the content's offset (clamped to the new end) and finds what the pointer is over in the new frames")
    func resizeKeepsState() throws {
        let s = PlaygroundSession(size: Size(800, 600))
        var ms = 0.0
        s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse, .deviceAdded(name: "mouse", capabilities: .pointer)))
        let p = Point(s.geometry!.content.minX + 4, s.geometry!.content.midY)
        s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse,
                            .motion(position: InputPoint(x: p.x, y: p.y), delta: .zero, unaccelerated: .zero)))
        Self.scrollToEnd(s, at: p, from: &ms)
        let before = s.engine.scene.transforms[ID.content]?.offset.dy ?? 0
        #expect(before > 0)
        let buy = try #require(s.engine.surfaceFrame(of: ID.buy))
        s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse,
                            .motion(position: InputPoint(x: buy.midX, y: buy.midY), delta: .zero, unaccelerated: .zero)))
        #expect(s.engine.hovered == ID.buy)
        // Taller: less to scroll, the offset is clamped to the new end, and the Buy button moves
        // down from under the resting pointer: the hover follows the new frames at once.
        #expect(s.resize(to: Size(800, 900)))
        let g = try #require(s.geometry)
        let after = s.engine.scene.transforms[ID.content]?.offset.dy ?? 0
        #expect(after == min(before, g.maximumOffset) && after < before)
        let moved = try #require(s.engine.surfaceFrame(of: ID.buy))
        #expect(moved.minY - buy.minY == before - after)
        #expect(s.engine.hovered == s.engine.region(at: s.engine.logicalPosition))
        #expect(s.engine.hovered != ID.buy)
        // Wider: the HUD docks and the columns change.
        #expect(s.resize(to: Size(1440, 900)))
        #expect(s.geometry!.columns == 4 && s.geometry!.hudDocked)
        #expect(s.engine.hovered == s.engine.region(at: s.engine.logicalPosition))
        #expect(!s.resize(to: Size(1440, 900)))
    }

    @Test("after each resize the kept display list equals a fresh build, and the scrolled content draws where it scrolled")
    func resizeRedrawsFromTheNewLayout() throws {
        let s = PlaygroundSession(size: Showcase.size)
        var ms = 0.0
        s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse, .deviceAdded(name: "mouse", capabilities: .pointer)))
        for size in [Showcase.size, Size(1024, 768), Size(640, 480), Size(2560, 1440), Size(800, 600)] {
            s.resize(to: size)
            let g = try #require(s.geometry)
            let p = Point(g.content.minX + 4, g.content.midY)
            s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse,
                                .motion(position: InputPoint(x: p.x, y: p.y), delta: .zero, unaccelerated: .zero)))
            Self.scrollToEnd(s, at: p, from: &ms)
            let canvas = Canvas(width: Int(size.width), height: Int(size.height), scale: 1)
            let kept = s.displayItems(on: canvas)
            let fresh = s.displayItems(measure: { [canvas] in canvas.measure($0, font: $1) })
            #expect(kept == fresh, "\(size): the kept list differs from a fresh build after the resize")
            // The last card's Buy button is drawn at its scrolled frame, inside the content's clip.
            let buy = try #require(kept.first { $0.id == ItemID("el", Int(ID.buy.rawValue)) })
            #expect(buy.clip.map { g.content.contains($0) } ?? false, "\(size): Buy clipped to \(String(describing: buy.clip))")
        }
    }

    @Test("the HUD panel: the HUD button and Tab show it, Escape hides it; it takes the pointer over the cards")
    func hudPanel() throws {
        let s = PlaygroundSession(size: Size(1024, 700))
        let kbd = DeviceID(2)
        var ms = 0.0
        func key(_ code: UInt32) {
            s.handle(InputEvent(time: .milliseconds(ms), device: kbd, .key(KeyCode(rawValue: code), pressed: true))); ms += 30
            s.handle(InputEvent(time: .milliseconds(ms), device: kbd, .key(KeyCode(rawValue: code), pressed: false))); ms += 30
        }
        s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse, .deviceAdded(name: "mouse", capabilities: .pointer)))
        s.handle(InputEvent(time: .milliseconds(ms), device: kbd, .deviceAdded(name: "kbd", capabilities: .keyboard)))
        #expect(s.layout[ID.hud] == nil && s.layout[ID.hudToggle] != nil)
        key(15) // Tab
        let hud = try #require(s.layout[ID.hud]?.frame)
        #expect(s.geometry!.hudShown)
        s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse,
                            .motion(position: InputPoint(x: hud.midX, y: hud.midY), delta: .zero, unaccelerated: .zero)))
        #expect(s.engine.hovered == ID.hud, "the pointer over the panel reaches a card under it")
        key(1) // Escape
        #expect(s.layout[ID.hud] == nil)
        // The HUD button.
        let button = s.layout[ID.hudToggle]!.frame.center
        ms += 100
        s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse,
                            .motion(position: InputPoint(x: button.x, y: button.y), delta: .zero, unaccelerated: .zero)))
        for down in [true, false] {
            ms += 60
            s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse, .button(.left, pressed: down)))
        }
        #expect(s.layout[ID.hud] != nil)
        // Docked, the keys leave it alone.
        s.resize(to: Size(1440, 900))
        key(1)
        #expect(s.layout[ID.hud] != nil && s.geometry!.hudDocked)
    }

    /// A session of `size` with a mouse and a keyboard, the HUD panel shown by Tab.
    static func hudPanelShown(_ size: Size, ms: inout Double) -> PlaygroundSession {
        let s = PlaygroundSession(size: size)
        let kbd = DeviceID(2)
        s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse, .deviceAdded(name: "mouse", capabilities: .pointer)))
        s.handle(InputEvent(time: .milliseconds(ms), device: kbd, .deviceAdded(name: "kbd", capabilities: .keyboard)))
        for down in [true, false] {
            ms += 30
            s.handle(InputEvent(time: .milliseconds(ms), device: kbd, .key(KeyCode(rawValue: 15), pressed: down))) // Tab
        }
        return s
    }

    @Test("G1, I5: at 640×480 the HUD panel, shorter than its rows, scrolls (kinetic) until its last row is in the window")
    func hudPanelScrolls() throws {
        var ms = 0.0
        let s = Self.hudPanelShown(Size(640, 480), ms: &ms)
        let panel = try #require(s.layout[ID.hud])
        let window = Rect(origin: .zero, size: s.layout.size)
        #expect(panel.kind == .scrollView && window.contains(panel.frame) && panel.frame.height < GestureHUD.panelHeight)
        // The last row (its bottom is the rows' height less the bottom padding) starts below the window.
        func lastRow() -> Rect {
            let offset = s.engine.scene.transforms[ID.hud]?.offset.dy ?? 0
            let rows = GestureHUD.Placement(viewport: panel.frame, offset: offset).rows
            let bottom = rows.minY + GestureHUD.panelHeight - GestureHUD.bottomPadding
            return Rect(x: rows.minX, y: bottom - GestureHUD.rowHeight, width: rows.width, height: GestureHUD.rowHeight)
        }
        #expect(!window.contains(lastRow()), "the last row \(lastRow()) is in view unscrolled: nothing to test")
        let p = panel.frame.center
        s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse,
                            .motion(position: InputPoint(x: p.x, y: p.y), delta: .zero, unaccelerated: .zero)))
        Self.scrollToEnd(s, at: p, from: &ms, view: ID.hud)
        let offset = s.engine.scene.transforms[ID.hud]?.offset.dy ?? 0
        #expect(abs(offset - (GestureHUD.panelHeight - panel.frame.height)) < 0.5, "the panel scrolled to \(offset)")
        #expect(panel.frame.contains(lastRow()) && window.contains(lastRow()), "the last row \(lastRow()) not in \(panel.frame)")
        #expect((s.engine.scene.transforms[ID.content]?.offset.dy ?? 0) == 0, "the wheel over the panel scrolled the cards")
        // Drawn where it scrolled, the kept list equal to a fresh one; the rows (the last: the
        // last row's value) clipped to the panel, its background not.
        let canvas = Canvas(width: 640, height: 480, scale: 1)
        let kept = s.displayItems(on: canvas)
        let fresh = s.displayItems(measure: { [canvas] in canvas.measure($0, font: $1) })
        #expect(kept == fresh)
        let hud = kept.filter { $0.id.name == "hud" }
        let underHeader = Rect(x: panel.frame.minX, y: panel.frame.minY + GestureHUD.headerHeight, width: panel.frame.width,
                               height: panel.frame.height - GestureHUD.headerHeight)
        #expect(hud.first?.clip == nil && hud.last?.clip == underHeader && hud.allSatisfy { $0.clip == nil || $0.clip == underHeader })
        // At 1440×900 the docked HUD stays a plain group, drawn unclipped.
        let docked = Showcase.layout()[ID.hud]!
        #expect(docked.kind == .group && GestureHUD.Placement(viewport: docked.frame).clip == nil)
    }

    @Test("At 800×600 the HUD panel scrolled: its rows pass under a fixed header, never over its title (issue 30.11)")
    func hudPanelHeaderStaysClear() throws {
        var ms = 0.0
        let s = Self.hudPanelShown(Size(800, 600), ms: &ms)
        let panel = try #require(s.layout[ID.hud]).frame
        #expect(panel.height < GestureHUD.panelHeight, "the panel \(panel) fits its rows: nothing scrolls")
        // The pointer rests off the panel: the header strip as drawn unscrolled.
        ms += 1000
        s.advance(to: .milliseconds(ms))
        let header = (x: Int(panel.minX) + 8, y: Int(panel.minY) + 2, width: Int(panel.width) - 16, height: Int(GestureHUD.headerHeight) - 2)
        func strip(_ c: Canvas) -> [UInt32] {
            (header.y..<(header.y + header.height)).flatMap { y in (header.x..<(header.x + header.width)).map { c.pixel(x: $0, y: y) } }
        }
        let before = strip(s.snapshot())
        // Wheel over the panel, a rest, then the pointer goes back where it was (the HUD's
        // pointer rows differ, its header must not).
        let p = panel.center
        s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse, .motion(position: InputPoint(x: p.x, y: p.y), delta: .zero, unaccelerated: .zero)))
        Self.scrollToEnd(s, at: p, from: &ms, view: ID.hud)
        #expect((s.engine.scene.transforms[ID.hud]?.offset.dy ?? 0) > GestureHUD.headerHeight, "the panel scrolled past its header's height")
        let after = strip(s.snapshot())
        let changed = zip(before, after).filter { $0 != $1 }.count
        #expect(changed == 0, "\(changed) pixels of the header changed: the rows drew over it")
    }

    /// The state report's line for the session's current frame.
    static func report(_ s: PlaygroundSession) -> String {
        let canvas = Canvas(width: Int(s.layout.size.width), height: Int(s.layout.size.height), scale: 1)
        _ = s.displayItems(measure: { [canvas] in canvas.measure($0, font: $1) })
        return StateReport.line(s, frame: s.lastFrame!, number: 1, scale: 1, size: s.layout.size)
    }

    @Test("below the sidebar and 2 columns (714 pt) the sidebar starts collapsed; its button shows it over the cards, Escape, a row or the button hide it")
    func sidebarCollapses() throws {
        #expect(ShowcaseGeometry.sidebarDockMinimumWidth == 714)
        for (size, mode) in [(Size(640, 480), ShowcaseGeometry.Sidebar.collapsed), (Size(1024, 768), .docked), (Size(1440, 900), .docked)] {
            let s = PlaygroundSession(size: size)
            let g = try #require(s.geometry)
            #expect(g.sidebar == mode, "\(size): sidebar \(g.sidebar)")
            #expect((s.layout[ID.sidebar] == nil) == (mode == .collapsed) && g.content.minX == (mode == .docked ? 220 : 0))
            #expect(Self.report(s).contains("\"sidebar\":\"\(mode.rawValue)\""))
        }
        let s = PlaygroundSession(size: Size(640, 480))
        let kbd = DeviceID(2)
        var ms = 0.0
        s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse, .deviceAdded(name: "mouse", capabilities: .pointer)))
        s.handle(InputEvent(time: .milliseconds(ms), device: kbd, .deviceAdded(name: "kbd", capabilities: .keyboard)))
        func click(_ id: ElementID) throws {
            let p = try #require(s.engine.surfaceFrame(of: id)).center
            ms += 100
            s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse,
                                .motion(position: InputPoint(x: p.x, y: p.y), delta: .zero, unaccelerated: .zero)))
            for down in [true, false] {
                ms += 60
                s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse, .button(.left, pressed: down)))
            }
            ms += 400
            s.advance(to: .milliseconds(ms))
        }
        let cards = s.geometry!.content
        try click(ID.sidebarToggle)
        #expect(s.geometry!.sidebar == .overlay && s.geometry!.content == cards, "the overlay does not move the cards")
        let sidebar = try #require(s.layout[ID.sidebar]).frame
        // Over the cards: the pointer over a sidebar row finds the row, not the card under it.
        let row = try #require(s.engine.surfaceFrame(of: ID.sidebarRows[1]))
        #expect(cards.intersects(sidebar) && s.engine.region(at: row.center) == ID.sidebarRows[1])
        #expect(Self.report(s).contains("\"sidebar\":\"overlay\""))
        try click(ID.sidebarRows[1])
        #expect(s.geometry!.sidebar == .collapsed && s.layout[ID.sidebar] == nil, "choosing a row hides it")
        try click(ID.sidebarToggle)
        #expect(s.geometry!.sidebar == .overlay)
        for down in [true, false] {
            ms += 30
            s.handle(InputEvent(time: .milliseconds(ms), device: kbd, .key(KeyCode(rawValue: 1), pressed: down))) // Escape
        }
        #expect(s.geometry!.sidebar == .collapsed, "Escape hides it")
        try click(ID.sidebarToggle)
        try click(ID.sidebarToggle)
        #expect(s.geometry!.sidebar == .collapsed, "the button hides it again")
        // Wider, it docks whatever was asked for.
        try click(ID.sidebarToggle)
        #expect(s.resize(to: Size(1024, 768)) && s.geometry!.sidebar == .docked)
    }
}
