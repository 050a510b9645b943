// Disabled context-menu entries (issue 18.3: a drop's menu lists every action, those it cannot
// take disabled; SPEC I6: a command with nothing to act on). A disabled entry is listed, but
// the pointer and the arrow keys never highlight it, and a click or a tap on it chooses
// nothing and leaves the menu open, as in GTK and Qt.
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("Disabled context-menu entries (issue 18.3, I6)")
struct DisabledMenuEntriesTests {
    static let card = ElementID(2)
    static let entries = ["Move here", "Copy here", "Link here", "Cancel"]

    static func scenario() -> Scenario {
        var s = Scenario(try! Layout(size: Size(640, 480), [
            LayoutNode(Element(id: card, kind: .card, frame: Rect(x: 100, y: 100, width: 200, height: 120),
                               traits: ElementTraits(contextMenu: ["Open", "Reopen Closed Tab", "Close"]))),
        ]))
        s.enter(at: Point(400, 400))
        return s
    }

    /// The drop menu presented by the app at (150, 150), Move and Copy disabled.
    static func presented() throws -> (Scenario, ContextMenuAppearance) {
        var s = scenario()
        let opened = s.engine.presentMenu(entries, disabled: [0, 1], for: card, at: Point(150, 150))
        #expect(opened)
        return (s, try #require(s.frame().contextMenu))
    }

    static func click(_ s: inout Scenario, _ p: Point) {
        s.move(to: p)
        s.press(); s.release()
    }

    static func key(_ s: inout Scenario, _ name: String) {
        let k = KeyNames.code(named: name)!
        s.send(.key(k, pressed: true), from: s.keyboard); s.send(.key(k, pressed: false), from: s.keyboard)
    }

    @Test("presentMenu(_:disabled:): all entries listed, the disabled ones marked; indices outside the menu are dropped")
    func listed() throws {
        let (_, m) = try Self.presented()
        #expect(m.items == Self.entries && m.disabled == [0, 1])
        var s = Self.scenario()
        s.engine.presentMenu(["A", "B"], disabled: [1, 7], for: nil, at: Point(10, 10))
        #expect(s.frame().contextMenu?.disabled == [1])
    }

    @Test("the pointer over a disabled entry highlights nothing; over an enabled one it highlights")
    func hover() throws {
        var (s, m) = try Self.presented()
        s.move(to: m.itemFrame(0).center)
        #expect(s.frame().contextMenu?.highlightedIndex == nil)
        s.move(to: m.itemFrame(2).center)
        #expect(s.frame().contextMenu?.highlightedIndex == 2)
        s.move(to: m.itemFrame(1).center)
        #expect(s.frame().contextMenu?.highlightedIndex == nil, "back over a disabled entry: no highlight")
        m = try #require(s.frame().contextMenu)
        #expect(m.enabledItem(at: m.itemFrame(1).center) == nil && m.item(at: m.itemFrame(1).center) == 1)
    }

    @Test("a click on a disabled entry chooses nothing and the menu stays open; a click on an enabled one chooses it")
    func clickDisabled() throws {
        let (start, m) = try Self.presented()
        var s = start
        _ = s.engine.drainOutputs()
        Self.click(&s, m.itemFrame(0).center)
        #expect(s.frame().contextMenu?.items == Self.entries, "the menu stays open")
        #expect(!s.engine.drainOutputs().contains { if case .menuItemChosen = $0 { true } else { false } })
        Self.click(&s, m.itemFrame(1).center)
        #expect(s.frame().contextMenu != nil, "still open after the second disabled entry")
        Self.click(&s, m.itemFrame(2).center)
        #expect(s.frame().contextMenu == nil)
        #expect(s.engine.drainOutputs().contains(.menuItemChosen(element: Self.card, index: 2)))
    }

    @Test("the arrow keys, Home and End step over disabled entries; Enter chooses the highlighted enabled one")
    func keys() throws {
        var s = Self.scenario()
        s.engine.presentMenu(["A", "B", "C", "D", "E"], disabled: [0, 2, 4], for: Self.card, at: Point(150, 150))
        var seen: [Int?] = []
        for k in ["down", "down", "down", "up", "up", "home", "end"] {
            Self.key(&s, k)
            seen.append(s.frame().contextMenu?.highlightedIndex)
        }
        #expect(seen == [1, 3, 3, 1, 1, 1, 3], "\(seen)")
        _ = s.engine.drainOutputs()
        Self.key(&s, "enter")
        #expect(s.frame().contextMenu == nil)
        #expect(s.engine.drainOutputs().contains(.menuItemChosen(element: Self.card, index: 3)))
        // Nothing enabled: no key highlights anything, Esc still closes.
        s.engine.presentMenu(["A", "B"], disabled: [0, 1], for: Self.card, at: Point(150, 150))
        Self.key(&s, "down")
        #expect(s.frame().contextMenu?.highlightedIndex == nil)
        Self.key(&s, "esc")
        #expect(s.frame().contextMenu == nil)
    }

    @Test("a tap on a disabled entry leaves the menu open; a tap on an enabled one chooses it")
    func tap() throws {
        let (start, m) = try Self.presented()
        var s = start
        _ = s.engine.drainOutputs()
        let off = m.itemFrame(1).center, on = m.itemFrame(3).center
        s.send(.touchDown(id: 1, position: InputPoint(x: off.x, y: off.y)), from: s.touchscreen)
        #expect(s.frame().contextMenu?.highlightedIndex == nil)
        s.wait(0.05)
        s.send(.touchUp(id: 1), from: s.touchscreen)
        #expect(s.frame().contextMenu != nil)
        s.send(.touchDown(id: 2, position: InputPoint(x: on.x, y: on.y)), from: s.touchscreen)
        s.wait(0.05)
        s.send(.touchUp(id: 2), from: s.touchscreen)
        #expect(s.frame().contextMenu == nil)
        #expect(s.engine.drainOutputs().contains(.menuItemChosen(element: Self.card, index: 3)))
    }

    @Test("disableMenuEntries: an element's entry with that title opens disabled, and the open menu follows a change")
    func byTitle() throws {
        var s = Self.scenario()
        s.engine.disableMenuEntries(["Reopen Closed Tab"])
        s.move(to: Point(200, 160))
        s.press(.right); s.release(.right)
        s.wait(0.3)
        let m = try #require(s.frame().contextMenu)
        #expect(m.items == ["Open", "Reopen Closed Tab", "Close"] && m.disabled == [1])
        _ = s.engine.drainOutputs()
        Self.click(&s, m.itemFrame(1).center)
        #expect(s.frame().contextMenu != nil, "the disabled entry does nothing")
        #expect(s.engine.drainOutputs().allSatisfy { if case .menuItemChosen = $0 { false } else { true } })
        // The app enables it while the menu is open (a tab closed): it can be chosen now.
        s.engine.disableMenuEntries([])
        #expect(s.frame().contextMenu?.disabled == [])
        Self.click(&s, m.itemFrame(1).center)
        #expect(s.frame().contextMenu == nil)
        #expect(s.engine.drainOutputs().contains(.menuItemChosen(element: Self.card, index: 1)))
        // Disabled while highlighted: the highlight goes.
        s.press(.right); s.release(.right)
        s.wait(0.3)
        let again = try #require(s.frame().contextMenu)
        s.move(to: again.itemFrame(1).center)
        #expect(s.frame().contextMenu?.highlightedIndex == 1)
        s.engine.disableMenuEntries(["Reopen Closed Tab"])
        #expect(s.frame().contextMenu?.highlightedIndex == nil && s.frame().contextMenu?.disabled == [1])
    }
}
