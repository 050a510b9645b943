// Disabled menu entries in the playground (issue 18.3, SPEC I6): drawn dimmed, and the
// showcase's "Reopen Closed Tab" is disabled, not only dimmed, while no tab is closed.
import InputProtocol
import PixmanRenderer
import PointerEngine
import Testing
@testable import Playground

@Suite("Disabled menu entries, drawn and in the showcase (issue 18.3, I6)")
struct DisabledMenuEntryTests {
    typealias ID = Showcase.ID
    typealias User = TabUser

    /// The menu's pixels, drawn alone on white, and the open menu.
    static func drawn(_ s: PlaygroundSession) throws -> (Canvas, ContextMenuAppearance) {
        let m = try #require(s.engine.openMenu)
        let canvas = Canvas(width: Int(s.layout.size.width), height: Int(s.layout.size.height))
        let items = s.displayItems(measure: { [canvas] in canvas.measure($0, font: $1) }).filter { $0.id.name == "menu" }
        _ = SceneRenderer(background: .white).render(items, into: canvas, bufferAge: 0)
        return (canvas, m)
    }

    /// How much ink entry `i`'s row holds: the sum of each pixel's darkness below the row's
    /// own background (its pixel at the left margin, so the panel's shadow cancels out),
    /// 0…765 a pixel.
    static func ink(_ i: Int, _ canvas: Canvas, _ m: ContextMenuAppearance) -> Int {
        func level(_ p: UInt32) -> Int { Int((p >> 16) & 0xFF) + Int((p >> 8) & 0xFF) + Int(p & 0xFF) }
        let f = m.itemFrame(i)
        var ink = 0
        for y in Int(f.minY) + 2..<Int(f.maxY) - 2 {
            let background = level(canvas.pixel(x: Int(f.minX) + 7, y: y))
            for x in Int(f.minX) + 8..<Int(f.maxX) - 8 { ink += max(0, background - level(canvas.pixel(x: x, y: y))) }
        }
        return ink
    }

    @Test("a disabled entry is drawn dimmed: its pixels differ from the same title enabled, with less ink")
    func dimmed() throws {
        let s = PlaygroundSession()
        s.presentMenu(Array(repeating: "Copy here", count: 5), disabled: [2], for: nil, at: Point(100, 100))
        let (canvas, m) = try Self.drawn(s)
        let before = Self.ink(1, canvas, m), off = Self.ink(2, canvas, m), after = Self.ink(3, canvas, m)
        #expect(before > 0, "the enabled entry's text is drawn")
        #expect(abs(before - after) * 20 < before, "two enabled entries with one title draw alike: \(before), \(after)")
        #expect(off > 0 && off * 10 < before * 8, "dimmed: \(off) of ink against \(before)")
    }

    @Test("I6: with no tab closed, the tab bar's Reopen Closed Tab is disabled (a click on it keeps the menu open); once a tab closed it reopens it")
    func reopenDisabledUntilATabCloses() throws {
        let u = User(seat: true)
        let bar = u.frame(ID.tabBar)
        u.move(Point(bar.maxX - 3, bar.midY))
        u.wait(50)
        u.s.handle(InputEvent(time: u.at(30), device: ShowcaseInteractionTests.mouse, .button(.right, pressed: true)))
        u.s.handle(InputEvent(time: u.at(30), device: ShowcaseInteractionTests.mouse, .button(.right, pressed: false)))
        u.wait(50)
        let m = try #require(u.s.engine.openMenu)
        let i = try #require(m.items.firstIndex(of: Showcase.reopenClosedTab))
        #expect(m.disabled.contains(i))
        let (canvas, drawn) = try Self.drawn(u.s)
        #expect(Self.ink(i, canvas, drawn) > 0)
        let slots = u.s.state.slots
        TabCloseTests.click(u, m.itemFrame(i).center)
        u.wait(50)
        #expect(u.s.engine.openMenu != nil, "the disabled entry leaves the menu open")
        #expect(u.s.state.slots == slots)
        u.s.handle(InputEvent(time: u.at(30), device: ShowcaseInteractionTests.keyboard, .key(KeyNames.code(named: "esc")!, pressed: true)))
        u.s.handle(InputEvent(time: u.at(30), device: ShowcaseInteractionTests.keyboard, .key(KeyNames.code(named: "esc")!, pressed: false)))
        #expect(u.s.engine.openMenu == nil)
        TabCloseTests.close(u, slot: 0)
        u.wait(500)
        #expect(u.s.state.slots == [1, 2])
        TabCloseTests.reopen(u, at: Point(bar.maxX - 3, bar.midY))
        #expect(u.s.state.slots == [0, 1, 2], "enabled once a tab closed: it reopened Home")
    }
}
