// The drop menu's keyboard in the showcase (issue 30.5; SPEC I6, G9, G10): while a menu is
// open, Escape, the arrows, Enter and Tab go to the menu and to nothing else, also when no
// frame was drawn since the menu opened (a drop's menu opens between frames). Before, the
// session read "a menu is open" from the last drawn frame: Escape closed the fresh drop menu
// and hid the HUD panel too, and Tab hid the panel under the open menu.
import Testing
import PointerEngine
import PixmanRenderer
@testable import Playground

@Suite("The drop menu's keys reach the menu only (issue 30.5; I6, G9, G10)")
struct DropMenuKeysTests {
    typealias ID = Showcase.ID
    static let kbd = DeviceID(2)
    static let entries = ["Move here", "Copy here", "Link here", "Cancel"]

    static func key(_ s: PlaygroundSession, _ name: String, _ ms: inout Double) {
        for down in [true, false] {
            ms += 30
            s.handle(InputEvent(time: .milliseconds(ms), device: kbd, .key(KeyNames.code(named: name)!, pressed: down)))
        }
    }

    /// 800×600 with the HUD panel shown, a frame drawn, then the drop menu presented (no frame
    /// drawn since), Move and Copy disabled.
    static func dropMenuOpen(_ ms: inout Double) -> PlaygroundSession {
        let s = ShowcaseLayoutTests.hudPanelShown(Size(800, 600), ms: &ms)
        #expect(s.layout[ID.hud] != nil && !s.geometry!.hudDocked)
        _ = s.displayItems(on: Canvas(width: 800, height: 600, scale: 1))
        s.presentMenu(entries, disabled: [0, 1], for: ID.dropTargets[0], at: Point(300, 200))
        #expect(s.engine.openMenu != nil)
        return s
    }

    @Test("Escape closes the drop menu and leaves the HUD panel shown")
    func escape() {
        var ms = 0.0
        let s = Self.dropMenuOpen(&ms)
        Self.key(s, "esc", &ms)
        #expect(s.engine.openMenu == nil)
        #expect(s.layout[ID.hud] != nil, "one Escape closed the menu and hid the HUD panel")
        Self.key(s, "esc", &ms)
        #expect(s.layout[ID.hud] == nil, "with no menu, Escape hides the panel")
    }

    @Test("Tab leaves the HUD panel alone while the menu is open; arrows and Enter choose Link here")
    func arrowsAndEnter() {
        var ms = 0.0
        let s = Self.dropMenuOpen(&ms)
        let seen = s.outputCount
        Self.key(s, "tab", &ms)
        #expect(s.layout[ID.hud] != nil, "Tab hid the HUD panel under the open menu")
        #expect(s.engine.openMenu != nil)
        Self.key(s, "down", &ms)
        #expect(s.engine.openMenu?.highlightedIndex == 2, "the first enabled entry")
        Self.key(s, "down", &ms)
        Self.key(s, "up", &ms)
        #expect(s.engine.openMenu?.highlightedIndex == 2)
        Self.key(s, "enter", &ms)
        #expect(s.engine.openMenu == nil)
        #expect(s.outputs(after: seen).contains(.menuItemChosen(element: ID.dropTargets[0], index: 2)))
        #expect(s.layout[ID.hud] != nil)
    }
}
