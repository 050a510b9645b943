// Issue 30.5 end to end (SPEC G9, I6): the real showcase under headless sway, injected pointer,
// read from `--state-out`. The Tabs card's menu lists the tab actions; resting on its disabled
// Reopen Closed Tab row hovers nothing behind the menu (the menu is opaque to the pointer), and
// Close Tab closes the right-clicked tab.
import Foundation
import Testing
import TestSupport
import PointerEngine
import Playground

@Suite("Menus under headless sway (issue 30.5; G9, I6)", .serialized, SharedSway())
struct MenusUnderSwayTests {
    /// The tab whose menu is opened: Notes, the middle one.
    static let notes = Showcase.ID.tabs[1]

    @Test("the tab menu: three entries, Reopen disabled; resting on it hovers nothing behind; Close Tab closes the right-clicked tab")
    func tabMenu() throws {
        let w = try ShowcaseWindow(scale: 1)
        let notes = w.frame(Self.notes).center
        try w.glide(to: notes)
        usleep(300_000)
        try w.seat.click(.right)
        let opened = try w.state.waitFor("the tab menu open") { ($0.json["menu"] as? [String: Any])?["items"] as? Int == Showcase.tabMenu.count }
        let menu = try #require(opened.json["menu"] as? [String: Any])
        #expect(menu["element"] as? Int == Int(Self.notes.rawValue), "the menu of the right-clicked tab: \(menu)")
        #expect(menu["disabled"] as? [Int] == [2], "only Reopen Closed Tab is disabled: \(menu)")
        let frame = try #require(opened.rect(menu["frame"]))
        func row(_ i: Int) -> Point {
            Point(frame.midX, frame.minY + ContextMenuAppearance.inset + ContextMenuInteraction.itemHeight * (Double(i) + 0.5))
        }
        // Rest on the disabled row, then on the menu's lower edge: nothing behind is hovered.
        for p in [row(2), Point(frame.midX, frame.maxY - 2)] {
            try w.glide(to: p)
            usleep(600_000)
            let s = try w.state.waitFor("the pointer resting on the menu at \(p)") { _ in true }
            #expect(s.hovered == nil, "hovered \(String(describing: s.hovered)) under the menu at \(p)")
            #expect(s.effects.isEmpty, "effects under the menu at \(p): \(s.effects)")
            #expect(s.json["menu"] is [String: Any], "the menu stays open")
        }
        try w.glide(to: row(0))
        usleep(300_000)
        try w.seat.click(.left)
        let closed = try w.state.waitFor("Notes closed") { (($0.json["tabs"] as? [String: Any])?["open"] as? [Int]) == [0, 2] }
        let tabs = try #require(closed.json["tabs"] as? [String: Any])
        #expect(tabs["shown"] as? Int == 0 && tabs["closed"] as? [Int] == [1], "\(tabs)")
        #expect(!(closed.json["menu"] is [String: Any]))
        #expect(w.app.isRunning, "\(w.output)")
    }
}
