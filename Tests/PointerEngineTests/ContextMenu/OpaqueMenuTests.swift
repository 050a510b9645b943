// An open menu is opaque to the pointer (issue 30.5; SPEC G9, I6, E2, E4): over any part of
// it (a disabled entry, its inset, an enabled entry) the elements drawn under it are neither
// hovered nor hit. Nothing behind gets a hover effect, the pointer is never drawn under an
// element the menu covers, and a press or a touch on the menu never reaches a draggable item
// behind it. While a menu is open it is offered the window's events first, so a click outside
// it closes it and does nothing else, even on a draggable item.
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("An open menu is opaque to the pointer (issue 30.5; G9, I6)")
struct OpaqueMenuTests {
    static let card = ElementID(2), tab = ElementID(3), item = ElementID(4)
    static let entries = ["Move here", "Copy here", "Link here", "Cancel"]

    /// A card holding a wide tab (E4 highlight: the pointer goes under it as a platter) and a
    /// draggable item, the drop menu presented over both at (150, 150), Move and Copy disabled.
    static func presented() throws -> (Scenario, ContextMenuAppearance) {
        var s = Scenario(try! Layout(size: Size(640, 480), [
            LayoutNode(Element(id: card, kind: .card, frame: Rect(x: 100, y: 100, width: 420, height: 340)), [
                LayoutNode(Element(id: tab, kind: .tab, frame: Rect(x: 120, y: 120, width: 380, height: 110))),
                LayoutNode(Element(id: item, kind: .collectionItem, frame: Rect(x: 120, y: 240, width: 380, height: 180),
                                   traits: ElementTraits(isDraggable: true))),
            ]),
        ]))
        s.enter(at: Point(600, 460))
        let opened = s.engine.presentMenu(entries, disabled: [0, 1], for: card, at: Point(150, 150))
        #expect(opened)
        let m = try #require(s.frame().contextMenu)
        // The menu covers both: its first rows lie over the tab, its last over the item.
        #expect(Rect(x: 120, y: 120, width: 380, height: 110).contains(m.itemFrame(0).center))
        #expect(Rect(x: 120, y: 240, width: 380, height: 180).contains(m.itemFrame(3).center))
        return (s, m)
    }

    static func wantsHover(_ f: Frame) -> [ElementID] { f.effects.filter { $0.progress > 0.01 }.map(\.element) }

    @Test("over a disabled entry nothing behind is hovered: no effect, the pointer not under the tab")
    func disabledRow() throws {
        var (s, m) = try Self.presented()
        s.move(to: m.itemFrame(0).center)
        s.wait(0.5) // a rest: the effects settle
        let f = s.frame()
        #expect(s.engine.hovered == nil)
        #expect(Self.wantsHover(f).isEmpty, "effects behind the menu: \(Self.wantsHover(f))")
        #expect(!f.pointer.isUnderContent, "the pointer is drawn under \(f.pointer.underElement.map(\.description) ?? "-")")
        #expect(f.contextMenu?.highlightedIndex == nil)
    }

    @Test("over the menu's inset and an enabled entry nothing behind is hovered; off the menu hover comes back")
    func wholeMenu() throws {
        var (s, m) = try Self.presented()
        for p in [Point(m.frame.minX + 2, m.frame.minY + 2), m.itemFrame(2).center, m.itemFrame(3).center] {
            s.move(to: p)
            s.wait(0.3)
            #expect(s.engine.hovered == nil, "at \(p)")
            #expect(!s.frame().pointer.isUnderContent, "at \(p)")
        }
        s.move(to: Point(m.frame.maxX + 40, 170)) // on the tab beside the menu
        s.wait(0.3)
        #expect(s.engine.hovered == Self.tab, "beside the menu the tab is hovered again")
        #expect(Self.wantsHover(s.frame()) == [Self.tab])
    }

    @Test("a menu presented under a resting pointer (a drop's menu) takes the hover from the tab at once")
    func presentedUnderPointer() throws {
        var (s, m) = try Self.presented()
        _ = s.engine.drainOutputs()
        let p = m.itemFrame(0).center
        DisabledMenuEntriesTests.key(&s, "esc")
        s.move(to: p)
        s.wait(0.5)
        #expect(s.engine.hovered == Self.tab, "with the menu closed the tab is hovered")
        let opened = s.engine.presentMenu(Self.entries, disabled: [0, 1], for: Self.card, at: Point(150, 150))
        #expect(opened)
        #expect(s.engine.hovered == nil, "no motion needed")
        s.wait(0.5)
        #expect(Self.wantsHover(s.frame()).isEmpty)
    }

    @Test("a click on an enabled entry over a draggable item chooses it; no drag begins")
    func clickOverDraggable() throws {
        var (s, m) = try Self.presented()
        _ = s.engine.drainOutputs()
        s.move(to: m.itemFrame(3).center)
        s.wait(0.3)
        s.press()
        s.move(to: m.itemFrame(3).center + Vector(30, 30), duration: 0.3) // a slip of the hand
        s.release()
        #expect(s.frame().drag == nil)
        #expect(s.frame().contextMenu == nil)
        let out = s.engine.drainOutputs()
        #expect(out.contains(.menuItemChosen(element: Self.card, index: 3)), "\(out)")
        #expect(!out.contains { if case .dropped = $0 { true } else { false } })
    }

    @Test("a click outside the menu on a draggable item closes the menu and does nothing else")
    func clickOutside() throws {
        var (s, m) = try Self.presented()
        _ = s.engine.drainOutputs()
        let p = Point(m.frame.maxX + 40, 400)
        s.move(to: p)
        s.press()
        s.move(to: p + Vector(40, 20), duration: 0.3)
        s.release()
        #expect(s.frame().contextMenu == nil)
        #expect(s.frame().drag == nil, "the closing click started a drag")
        #expect(!s.engine.drainOutputs().contains { if case .menuItemChosen = $0 { true } else { false } })
    }

    @Test("a touch on a disabled entry over the draggable item: no drag lifts, the menu stays open")
    func touchOverDraggable() throws {
        var (s, m) = try Self.presented()
        let p = m.itemFrame(1).center
        s.send(.touchDown(id: 1, position: InputPoint(x: p.x, y: p.y)), from: s.touchscreen)
        s.wait(0.8) // longer than a touch drag's lift delay
        s.send(.touchUp(id: 1), from: s.touchscreen)
        #expect(s.frame().drag == nil)
        #expect(s.frame().contextMenu != nil)
    }
}
