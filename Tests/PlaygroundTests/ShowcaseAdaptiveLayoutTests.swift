// The showcase's layout at the sizes issue 30.11 names (G1, E1, M2): at 640×480 the collapsed
// sidebar's button at the toolbar's leading edge with the title beside it; at 1366×768 the
// cards take the width instead of leaving ~100 pt gutters; the Format bar (and its minimized
// pill) in a strip of its own, never over a card.
import Testing
import PointerEngine
import PixmanRenderer
@testable import Playground

@Suite("Showcase layout at 640×480 and 1366×768 (issue 30.11; G1, E1)")
struct ShowcaseAdaptiveLayoutTests {
    typealias ID = Showcase.ID
    static let mouse = DeviceID(1)

    /// Where the toolbar draws its title in the session's current frame (its baseline's start).
    static func title(_ s: PlaygroundSession) -> Point? {
        let canvas = Canvas(width: Int(s.layout.size.width), height: Int(s.layout.size.height), scale: 1)
        for item in s.displayItems(measure: { [canvas] in canvas.measure($0, font: $1) }) {
            for op in item.ops { if case .text("Lodestone", _, let baseline, _) = op { return baseline } }
        }
        return nil
    }

    @Test("issue 30.11, E1: at 640×480 the collapsed sidebar's button sits at the toolbar's leading edge, back and forward beside it, and the title shows")
    func collapsedSidebarToolbar() throws {
        let s = PlaygroundSession(size: Size(640, 480))
        #expect(s.geometry?.sidebar == .collapsed)
        let toggle = try #require(s.layout[ID.sidebarToggle]).frame
        let back = try #require(s.layout[ID.back]).frame, forward = try #require(s.layout[ID.forward]).frame
        #expect(toggle.minX == ShowcaseGeometry.margin, "the sidebar button at x \(toggle.minX): an empty strip before it")
        #expect(back.minX - toggle.maxX <= ShowcaseGeometry.leadingButtonsGap && forward.minX == back.maxX,
                "toggle \(toggle), back \(back), forward \(forward) keep together")
        let title = try #require(Self.title(s), "no title in the toolbar at 640×480")
        #expect(title.x >= forward.maxX && title.x <= forward.maxX + ShowcaseGeometry.toolbarSpacing)
        // Shown over the cards, the sidebar leaves the button where the pointer is.
        s.handle(InputEvent(time: .milliseconds(0), device: Self.mouse, .deviceAdded(name: "mouse", capabilities: .pointer)))
        let p = toggle.center
        s.handle(InputEvent(time: .milliseconds(10), device: Self.mouse,
                            .motion(position: InputPoint(x: p.x, y: p.y), delta: .zero, unaccelerated: .zero)))
        for (t, down) in [(80.0, true), (140.0, false)] {
            s.handle(InputEvent(time: .milliseconds(t), device: Self.mouse, .button(.left, pressed: down)))
        }
        s.advance(to: .milliseconds(600))
        #expect(s.geometry?.sidebar == .overlay)
        #expect(s.layout[ID.sidebarToggle]?.frame == toggle, "the button moved when the sidebar showed")
        // The sidebar shows under the toolbar, which stays whole: the title where it was, the
        // sidebar's rows clear of the toolbar's second row (the segmented control).
        #expect(Self.title(s) == title, "the title moved to \(String(describing: Self.title(s))) when the sidebar showed")
        let sidebar = try #require(s.layout[ID.sidebar]).frame, bar = try #require(s.layout[ID.toolbar]).frame
        #expect(sidebar.minY >= bar.maxY, "the sidebar \(sidebar) reaches under the toolbar \(bar)")
        for row in ID.sidebarRows {
            let f = try #require(s.engine.surfaceFrame(of: row))
            #expect(sidebar.contains(f) && s.engine.region(at: f.center) == row, "row \(f) not reachable in \(sidebar)")
        }
    }

    @Test("issue 30.11: while the sidebar docks, its button and back and forward are where they always were")
    func dockedSidebarToolbarUnchanged() throws {
        for size in [Size(800, 600), Size(1024, 768), Size(1366, 768), Size(1440, 900)] {
            let l = Showcase.layout(size: size)
            #expect(l[ID.sidebarToggle]?.frame.minX == 176 && l[ID.back]?.frame.minX == 236 && l[ID.forward]?.frame.minX == 276, "\(size)")
        }
    }

    @Test("issue 30.11, G1: 640 pt wide is 2 columns, as README says, the cards widened into the room a collapsed sidebar leaves")
    func columnsAt640() {
        let g = ShowcaseGeometry(size: Size(640, 480))
        #expect(g.columns == 2)
        let side = (g.content.width - g.gridFrame.width) / 2
        #expect(side <= ShowcaseGeometry.maximumSideRoom + 1, "\(side) pt beside the grid at 640 pt")
    }

    @Test("issue 30.11, G1: at 1366×768 the three columns take the width: at most 64 pt beside the grid, cards no wider than 300 pt")
    func laptopWidthIsUsed() {
        let g = ShowcaseGeometry(size: Size(1366, 768))
        #expect(g.columns == 3 && g.hudDocked)
        let grid = g.gridFrame
        let leading = grid.minX, trailing = g.content.width - grid.maxX
        #expect(leading <= ShowcaseGeometry.maximumSideRoom && trailing <= ShowcaseGeometry.maximumSideRoom + 3,
                "gutters \(leading) and \(trailing) pt beside the grid")
        #expect(abs(leading - trailing) <= 3, "the grid is off centre: \(leading) and \(trailing)")
        let card = g.cardFrame(0)
        #expect(card.width > ShowcaseGeometry.cardSize.width && card.width <= ShowcaseGeometry.maximumCardWidth, "card \(card)")
        // The content inside a widened card follows it: every element of a card lies in it.
        let l = Showcase.layout(g)
        for (i, panel) in ID.panels.enumerated() {
            let frame = g.cardFrame(i)
            for child in l[panel]!.children {
                let f = l[child]!.frame
                #expect(frame.contains(f), "card \(i) \(frame): \(l[child]!.label) at \(f) outside it")
            }
        }
    }

    static let widths: [(Size, Double)] = [
        (Size(800, 600), 225), (Size(1024, 768), 225), (Size(1280, 800), 225), (Size(1440, 900), 225),
        (Size(1500, 1000), 225), (Size(1920, 1080), 225), (Size(3840, 2160), 300),
    ]

    @Test("issue 30.11: the cards keep their designed 225 pt where the room beside them is small, and stop at 300 pt on wide screens",
          arguments: Self.widths)
    func cardWidths(size: Size, width: Double) {
        #expect(ShowcaseGeometry(size: size).cardFrame(0).width == width)
    }

    @Test("issue 30.11, G1: the Format bar sits in a strip below the cards' viewport: neither it nor its pill covers a card",
          arguments: ShowcaseLayoutTests.sizes)
    func formatBarCoversNoCard(size: Size) {
        for shown in [false, true] {
            let g = ShowcaseGeometry(size: size, hudShown: shown)
            let bar = g.formatBarFrame
            #expect(!bar.intersects(g.content), "\(size): Format bar \(bar) over the cards' viewport \(g.content)")
            #expect(bar.minX >= g.content.minX && bar.maxX <= g.content.maxX, "\(size): Format bar \(bar) not under the cards")
            #expect(bar.maxY <= size.height)
        }
    }

    @Test("issue 30.11, G1: at 1366×768, at rest and scrolled, no card shows under the Format bar, and the pointer just above it is over a card")
    func formatBarOverNoCardAt1366() throws {
        let s = PlaygroundSession(size: Size(1366, 768))
        let g = try #require(s.geometry)
        #expect(g.maximumOffset > 0, "the cards scroll at 1366×768")
        s.handle(InputEvent(time: .milliseconds(0), device: Self.mouse, .deviceAdded(name: "mouse", capabilities: .pointer)))
        let bar = try #require(s.layout[ID.miniToolbarArea]).frame
        let viewport = try #require(s.layout[ID.content]).frame
        var ms = 10.0
        func check(_ when: String) {
            for (i, id) in ID.panels.enumerated() {
                guard let card = s.engine.surfaceFrame(of: id), let shown = card.intersection(viewport) else { continue }
                #expect(!shown.intersects(bar), "\(when): card \(i) shows at \(shown) under the Format bar \(bar)")
            }
        }
        check("at rest")
        let p = Point(bar.midX, bar.minY - 3)
        s.handle(InputEvent(time: .milliseconds(ms), device: Self.mouse,
                            .motion(position: InputPoint(x: p.x, y: p.y), delta: .zero, unaccelerated: .zero)))
        ms += 1500
        s.advance(to: .milliseconds(ms))
        let over = s.engine.region(at: p)
        #expect(over != ID.miniToolbarArea && !ID.miniButtons.contains(over ?? ID.miniToolbarArea), "over \(String(describing: over))")
        let reveal = s.engine.describe().elementStates.first { $0.element == ID.miniToolbarArea }?.revealOpacity ?? 1
        #expect(reveal == 0, "the Format bar revealed (\(reveal)) with the pointer on the card above it")
        #expect(ID.panels.contains { id in s.engine.surfaceFrame(of: id).map { $0.contains(p) } ?? false },
                "no card under \(p), just above the Format bar")
        ShowcaseLayoutTests.scrollToEnd(s, at: p, from: &ms)
        check("scrolled to the end")
    }
}
