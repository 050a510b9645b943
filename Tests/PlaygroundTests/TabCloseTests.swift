// Closing tabs in the showcase (issue 17.7; SPEC I6): a closed tab leaves the bar with an
// animation (the tabs after it slide over, it shrinks and fades out), stops answering the
// pointer (tab and ×), and "Reopen Closed Tab" in the tab bar's menu brings back the newest.
import Testing
import PointerEngine
import PixmanRenderer
@testable import Playground

/// A person at the showcase (pointer, keyboard, touch screen).
typealias TabUser = ShowcaseInteractionTests.User

@Suite("Closing and reopening tabs (I6)")
struct TabCloseTests {
    typealias ID = Showcase.ID
    typealias User = TabUser

    /// Clicks the × of bar slot `k` (hovering its tab first so that it shows, H4).
    static func close(_ u: User, slot k: Int) {
        u.move(u.frame(ID.tabs[k]).center)
        u.wait(400)
        u.move(u.frame(ID.tabCloses[k]).center)
        u.wait(400)
        u.button(true)
        u.button(false)
    }

    static func click(_ u: User, _ p: Point) {
        u.move(p)
        u.wait(50)
        u.button(true)
        u.button(false)
    }

    /// Opens the tab bar's menu with a right click at `p` and chooses its entry `title`.
    static func choose(_ title: String, _ u: User, at p: Point) {
        u.move(p)
        u.wait(50)
        u.s.handle(InputEvent(time: u.at(30), device: ShowcaseInteractionTests.mouse, .button(.right, pressed: true)))
        u.s.handle(InputEvent(time: u.at(30), device: ShowcaseInteractionTests.mouse, .button(.right, pressed: false)))
        u.wait(50)
        guard let m = u.s.engine.describe().contextMenu else { Issue.record("no menu on the tab bar"); return }
        guard let i = m.items.firstIndex(of: title) else {
            Issue.record("no \(title) in the menu of \(String(describing: m.element)) at \(p): \(m.items); region \(String(describing: u.s.engine.region(at: p))) element \(String(describing: u.s.engine.element(at: p))) disabled \(u.s.engine.scene.disabled.sorted())")
            return
        }
        click(u, m.itemFrame(i).center)
        u.wait(50)
    }

    /// Opens the tab bar's menu with a right click at `p` and chooses Reopen Closed Tab.
    static func reopen(_ u: User, at p: Point) { choose(Showcase.reopenClosedTab, u, at: p) }

    /// How many drawn texts read `s`.
    static func texts(_ u: User, _ s: String) -> Int {
        let canvas = Canvas(width: Int(u.s.layout.size.width), height: Int(u.s.layout.size.height), scale: 1)
        return u.s.displayItems(on: canvas).reduce(0) { n, item in
            n + item.ops.filter { if case .text(let t, _, _, let c) = $0 { t == s && c.alpha > 0.05 } else { false } }.count
        }
    }

    @Test("I6: a closed tab slides out of the bar and stops answering; the next tab takes its slot and is shown")
    func closeLeavesTheBar() {
        let u = User(seat: true)
        let home = Self.texts(u, "Home")
        let slot2 = u.frame(ID.tabs[2]), close2 = u.frame(ID.tabCloses[2])
        Self.close(u, slot: 0)
        #expect(u.s.state.slots == [1, 2])
        #expect(u.s.state.tab == 1, "the tab after the closed one is shown")
        #expect(u.s.state.closing == 0)
        // Mid-animation: the leaving tab shrinks where it was; the others come from the right.
        u.wait(TabStripInteraction.closeDuration * 1000 / 2)
        let mid = u.s.engine.scene.frameOverrides
        let was = u.s.layout[ID.tabs[0]]!.frame
        #expect((mid[ID.tabs[2]]?.width ?? was.width) < was.width * 0.5, "the leaving tab shrinks")
        #expect((mid[ID.tabs[0]]?.minX ?? was.minX) > was.minX, "the next tab slides into the slot")
        // After the animation: nothing left of the closed tab, in hit tests or on screen.
        u.wait(TabStripInteraction.closeDuration * 1000 + 100)
        #expect(u.s.state.closing == nil)
        #expect(u.s.engine.scene.frameOverrides.keys.allSatisfy { !ID.tabs.contains($0) && !ID.tabCloses.contains($0) })
        #expect(u.s.engine.region(at: slot2.center) != ID.tabs[2], "the emptied slot answers nothing")
        #expect(u.s.engine.region(at: close2.center) != ID.tabCloses[2], "its × is no target")
        #expect(home == 2, "the tab and the content's title")
        #expect(Self.texts(u, "Home") == 0, "the closed tab's name is no longer drawn, in the bar or as the content")
        #expect(u.s.engine.interactions.contains { ($0 as? TabStripInteraction)?.isAnimating == true } == false, "the animation ended")
        // The slots answer for the tabs they now show.
        Self.click(u, u.frame(ID.tabs[1]).center)
        #expect(u.s.state.tab == 2)
    }

    @Test("I6: Reopen Closed Tab brings back the newest closed tab in its place; with none it is disabled and does nothing")
    func reopenFromMenu() {
        let u = User(seat: true)
        let bar = u.frame(ID.tabBar)
        Self.reopen(u, at: Point(bar.maxX - 3, bar.midY))
        #expect(u.s.state.slots == [0, 1, 2], "nothing closed, nothing reopened")
        // The entry is disabled then: the click left the menu open (DisabledMenuEntryTests); Esc closes it.
        #expect(u.s.engine.openMenu != nil)
        let esc = KeyNames.code(named: "esc")!
        u.s.handle(InputEvent(time: u.at(30), device: ShowcaseInteractionTests.keyboard, .key(esc, pressed: true)))
        u.s.handle(InputEvent(time: u.at(30), device: ShowcaseInteractionTests.keyboard, .key(esc, pressed: false)))
        Self.close(u, slot: 1) // Notes
        Self.close(u, slot: 0) // Home
        u.wait(500)
        #expect(u.s.state.slots == [2])
        Self.reopen(u, at: u.frame(ID.tabs[0]).center)
        #expect(u.s.state.slots == [0, 2])
        #expect(u.s.state.tab == 0)
        u.wait(500)
        #expect(u.s.engine.region(at: u.frame(ID.tabs[1]).center) == ID.tabs[1], "the reopened slot answers again")
        Self.reopen(u, at: Point(bar.maxX - 3, bar.midY))
        #expect(u.s.state.slots == [0, 1, 2])
        #expect(u.s.state.closedTabs.isEmpty)
    }

    @Test("I6: closing the last tab leaves an empty bar and content that says how to reopen")
    func closeAll() {
        let u = User(seat: true)
        for _ in 0..<3 { Self.close(u, slot: 0); u.wait(400) }
        #expect(u.s.state.slots.isEmpty)
        #expect(Self.texts(u, "No open tabs") == 1)
        for k in 0..<3 { #expect(u.s.engine.region(at: u.frame(ID.tabs[k]).center) != ID.tabs[k]) }
        Self.reopen(u, at: u.frame(ID.tabBar).center)
        #expect(u.s.state.slots == [2], "the last closed comes back first")
        #expect(Self.texts(u, "No open tabs") == 0)
    }
}
