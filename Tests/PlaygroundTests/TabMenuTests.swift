// The Tabs card's menu (issue 30.5; SPEC I6, G9): the usual tab actions, as in Safari, Firefox
// and GNOME Web. Close Tab closes the tab it was opened on (the tab shown when opened on the
// bar beside the tabs), Close Other Tabs keeps only that tab, Reopen Closed Tab brings back the
// newest closed one. An entry with nothing to act on is disabled (drawn dimmed, not
// choosable).
import Testing
import PointerEngine
@testable import Playground

@Suite("The Tabs card's menu: Close Tab, Close Other Tabs, Reopen Closed Tab (issue 30.5; I6, G9)")
struct TabMenuTests {
    typealias ID = Showcase.ID
    typealias User = TabUser

    /// Right-clicks at `p` and reads the menu (then closes it with Escape).
    static func menu(_ u: User, at p: Point) throws -> ContextMenuAppearance {
        u.move(p)
        u.wait(50)
        u.s.handle(InputEvent(time: u.at(30), device: ShowcaseInteractionTests.mouse, .button(.right, pressed: true)))
        u.s.handle(InputEvent(time: u.at(30), device: ShowcaseInteractionTests.mouse, .button(.right, pressed: false)))
        u.wait(50)
        let m = try #require(u.s.engine.openMenu)
        let esc = KeyNames.code(named: "esc")!
        u.s.handle(InputEvent(time: u.at(30), device: ShowcaseInteractionTests.keyboard, .key(esc, pressed: true)))
        u.s.handle(InputEvent(time: u.at(30), device: ShowcaseInteractionTests.keyboard, .key(esc, pressed: false)))
        return m
    }

    static func disabled(_ m: ContextMenuAppearance) -> [String] { m.disabled.sorted().map { m.items[$0] } }

    @Test("on a tab: the three actions, only Reopen disabled; Close Tab closes the right-clicked tab, not the shown one")
    func closeTab() throws {
        let u = User(seat: true)
        let notes = u.frame(ID.tabs[1]).center
        let m = try Self.menu(u, at: notes)
        #expect(m.items == Showcase.tabMenu)
        #expect(Self.disabled(m) == [Showcase.reopenClosedTab])
        #expect(u.s.state.tab == 0)
        TabCloseTests.choose(Showcase.closeTab, u, at: notes)
        #expect(u.s.state.slots == [0, 2], "Notes closed")
        #expect(u.s.state.tab == 0, "Home stays shown")
        u.wait(500)
        // On the bar beside the tabs: the shown tab.
        let bar = u.frame(ID.tabBar)
        TabCloseTests.choose(Showcase.closeTab, u, at: Point(bar.maxX - 3, bar.midY))
        #expect(u.s.state.slots == [2] && u.s.state.tab == 2, "Home closed, Music shown: \(u.s.state.slots)")
    }

    @Test("Close Other Tabs keeps the right-clicked tab, shown; then it is disabled; Reopen brings the others back one by one")
    func closeOthers() throws {
        let u = User(seat: true)
        TabCloseTests.choose(Showcase.closeOtherTabs, u, at: u.frame(ID.tabs[1]).center)
        #expect(u.s.state.slots == [1] && u.s.state.tab == 1, "\(u.s.state.slots), tab \(u.s.state.tab)")
        u.wait(500)
        #expect(Self.texts(u, "Home") == 0, "the closed Home is drawn nowhere (\"Music\" is also an icon's name)")
        let bar = u.frame(ID.tabBar), beside = Point(bar.maxX - 3, bar.midY)
        let m = try Self.menu(u, at: u.frame(ID.tabs[0]).center)
        #expect(Self.disabled(m) == [Showcase.closeOtherTabs], "one tab left: nothing else to close")
        TabCloseTests.reopen(u, at: beside)
        #expect(u.s.state.slots == [0, 1] && u.s.state.tab == 0, "Home (closed last) back first: \(u.s.state.slots)")
        u.wait(500)
        TabCloseTests.reopen(u, at: beside)
        #expect(u.s.state.slots == [0, 1, 2])
        u.wait(500)
        // Every tab answers again: a click on the last one shows it.
        TabCloseTests.click(u, u.frame(ID.tabs[2]).center)
        #expect(u.s.state.tab == 2)
    }

    @Test("with every tab closed only Reopen Closed Tab is enabled")
    func allClosed() throws {
        let u = User(seat: true)
        let bar = u.frame(ID.tabBar), beside = Point(bar.maxX - 3, bar.midY)
        for _ in 0..<3 {
            TabCloseTests.choose(Showcase.closeTab, u, at: beside)
            u.wait(400)
        }
        #expect(u.s.state.slots.isEmpty)
        let m = try Self.menu(u, at: beside)
        #expect(Self.disabled(m) == [Showcase.closeTab, Showcase.closeOtherTabs])
        TabCloseTests.reopen(u, at: beside)
        #expect(u.s.state.slots.count == 1)
    }

    static func texts(_ u: User, _ s: String) -> Int { TabCloseTests.texts(u, s) }
}
