// The conventions setting through the whole engine (SPEC I1, I2, G9, G11; issue 16 item 7):
// desktop (default) and Mac habits for clicks, bands, drops and Control-click, each the same by
// pointer, trackpad and touch.
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("Conventions (I1, I2, G9, G11)")
struct ConventionsTests {
    /// A collection of eight draggable items (2 pt hit padding, as the showcase's: the margin
    /// around them is empty space), a drop target and a card with a context menu.
    enum F {
        static let card = ElementID(11)
        static let collection = ElementID(50)
        static let items = (51...58).map { ElementID(Int32($0)) }
        static let dropAny = ElementID(60)

        static func layout() -> Layout {
            let items = items.enumerated().map { i, id in
                LayoutNode(Element(id: id, kind: .collectionItem,
                                   frame: Rect(x: 10 + Double(i % 4) * 95, y: 10 + Double(i / 4) * 90, width: 80, height: 60),
                                   cornerRadius: 8, hitPadding: 2, traits: ElementTraits(isDraggable: true)))
            }
            return try! Layout(size: Size(1000, 800), [
                LayoutNode(Element(id: card, kind: .card, frame: Rect(x: 400, y: 200, width: 300, height: 180), cornerRadius: 16,
                                   traits: ElementTraits(contextMenu: ["Open", "Share"]))),
                LayoutNode(Element(id: collection, kind: .collection, frame: Rect(x: 340, y: 620, width: 400, height: 160),
                                   traits: ElementTraits(scroll: ScrollConfiguration(contentSize: Size(400, 400)))), items),
                LayoutNode(Element(id: dropAny, kind: .dropTarget, frame: Rect(x: 760, y: 620, width: 100, height: 70), cornerRadius: 10,
                                   traits: ElementTraits(drop: DropPolicy()))),
            ])
        }
    }

    /// What the user holds and presses with.
    enum By: String, CaseIterable, CustomStringConvertible {
        case pointer, trackpad, touch
        var description: String { rawValue }
        var kind: InputKind { switch self { case .pointer: .pointer; case .trackpad: .trackpad; case .touch: .touch } }
    }

    /// The keys each convention names for toggling, written out (not asked of `Conventions`).
    static func toggleKey(_ c: Conventions) -> Modifiers { c == .desktop ? .control : .super }

    /// A user of the fixture layout with the given conventions.
    struct User {
        var s: Scenario
        init(_ conventions: Conventions, plainDrop: PlainDrop = .move) {
            var settings = PointerSettings(conventions: conventions)
            settings.plainDrop = plainDrop
            s = Scenario(F.layout(), settings: settings)
            s.enter(at: Point(600, 100))
        }

        func device(_ by: By) -> DeviceID { by == .trackpad ? s.trackpad : s.mouse }

        mutating func hold(_ m: Modifiers) {
            s.send(.modifiers(ModifierState(depressed: m)), from: s.keyboard)
            s.wait(0.05)
        }

        mutating func down(at p: Point, by: By) {
            if by == .touch {
                s.send(.touchDown(id: 1, position: InputPoint(x: p.x, y: p.y)), from: s.touchscreen)
            } else {
                s.move(to: p, duration: 0.15, steps: 8, from: device(by))
                s.wait(0.1)
                s.send(.button(.left, pressed: true), from: device(by))
            }
        }

        /// Moves the pressed finger or pointer to `p`, slowly.
        mutating func drag(to p: Point, by: By, from start: Point) {
            if by == .touch {
                s.wait(0.6) // a touch drag lifts the item after a short hold
                for k in 1...16 {
                    s.wait(0.016)
                    let q = start.lerp(to: p, Double(k) / 16)
                    s.send(.touchMotion(id: 1, position: InputPoint(x: q.x, y: q.y)), from: s.touchscreen)
                }
            } else {
                s.move(to: p, duration: 0.4, steps: 16, from: device(by))
            }
            s.wait(0.1)
        }

        mutating func up(by: By) {
            if by == .touch { s.send(.touchUp(id: 1), from: s.touchscreen) } else { s.send(.button(.left, pressed: false), from: device(by)) }
            s.wait(0.05)
        }

        mutating func click(_ p: Point, by: By) {
            down(at: p, by: by)
            s.wait(0.06)
            up(by: by)
        }

        mutating func outputs() -> [EngineOutput] { s.engine.drainOutputs() }

        /// Drags the first item onto the any-operation target with `keys` held, by `by`: the
        /// drops it made and the accessory shown over the target just before the drop.
        mutating func dropFirstItem(keys: Modifiers, by: By) -> (drops: [EngineOutput], accessory: AccessoryGlyph?) {
            let from = center(F.items[0]), to = center(F.dropAny)
            hold(keys)
            down(at: from, by: by)
            drag(to: to, by: by, from: from)
            let accessory = s.frame().accessories.first { $0.opacity > 0 && $0.glyph != .arrow }?.glyph
            up(by: by)
            hold([])
            return (outputs().filter { if case .dropped = $0 { true } else { false } }, accessory)
        }
        var selection: Set<ElementID> { s.engine.scene.selection }
        func center(_ id: ElementID) -> Point { s.engine.surfaceFrame(of: id)!.center }
    }

    @Test("I1: a click selects; the toggle key (desktop Ctrl, Mac Command) flips one item, Shift adds; the same by every input",
          arguments: Conventions.allCases, By.allCases)
    func clickSelection(conventions: Conventions, by: By) {
        var u = User(conventions)
        let item = F.items.map { u.center($0) }
        u.click(item[0], by: by)
        #expect(u.selection == [F.items[0]])
        u.hold(Self.toggleKey(conventions))
        u.click(item[1], by: by)
        #expect(u.selection == [F.items[0], F.items[1]], "the toggle key adds an unselected item")
        u.click(item[0], by: by)
        #expect(u.selection == [F.items[1]], "and removes a selected one")
        u.hold(.shift)
        u.click(item[2], by: by)
        #expect(u.selection == [F.items[1], F.items[2]])
        u.hold([])
        u.click(item[3], by: by)
        #expect(u.selection == [F.items[3]])
        #expect(u.s.frame().contextMenu == nil)
    }

    @Test("I1: on the desktop Super is no toggle key: a Super-click replaces the selection", arguments: By.allCases)
    func otherToggleKeyOnDesktop(by: By) {
        var u = User(.desktop)
        u.click(u.center(F.items[0]), by: by)
        u.hold(.super)
        u.click(u.center(F.items[1]), by: by)
        #expect(u.selection == [F.items[1]], "Super means nothing to a click on the desktop")
    }

    /// Empty space at the collection's top-left corner, and a point past the second item.
    static let bandStart = Point(342, 622), bandEnd = Point(500, 665)

    @Test("I1: a band drawn with the toggle key held flips what it covers, by pointer and trackpad",
          arguments: Conventions.allCases, [By.pointer, .trackpad])
    func bandToggles(conventions: Conventions, by: By) {
        var u = User(conventions)
        u.click(u.center(F.items[1]), by: by)
        #expect(u.selection == [F.items[1]])
        u.hold(Self.toggleKey(conventions))
        u.down(at: Self.bandStart, by: by)
        u.drag(to: Self.bandEnd, by: by, from: Self.bandStart)
        let band = u.s.frame().bandSelection
        #expect(band?.rect == Rect(corner: Self.bandStart, Self.bandEnd), "the band is drawn")
        #expect(band?.operation == .toggle)
        #expect(u.selection == [F.items[0]], "item 0 turned on, item 1 off, live")
        u.up(by: by)
        u.hold([])
        #expect(u.selection == [F.items[0]])
        #expect(u.s.frame().bandSelection == nil)
    }

    @Test("I1: a band with Shift held extends, the same in both conventions", arguments: Conventions.allCases)
    func bandExtends(conventions: Conventions) {
        var u = User(conventions)
        u.click(u.center(F.items[5]), by: .pointer)
        u.hold(.shift)
        u.down(at: Self.bandStart, by: .pointer)
        u.drag(to: Self.bandEnd, by: .pointer, from: Self.bandStart)
        #expect(u.s.frame().bandSelection?.operation == .extend)
        u.up(by: .pointer)
        #expect(u.selection == [F.items[0], F.items[1], F.items[5]])
    }

    @Test("G9: Control-click opens the menu with the Mac's conventions only; never on the desktop; the same by every input",
          arguments: Conventions.allCases, By.allCases)
    func controlClick(conventions: Conventions, by: By) {
        var u = User(conventions)
        u.hold(.control)
        u.down(at: u.center(F.card), by: by)
        let menu = u.s.frame().contextMenu
        u.up(by: by)
        u.hold([])
        if conventions == .mac {
            #expect(menu?.items == ["Open", "Share"])
            #expect(u.s.frame().contextMenu != nil, "the lift (or release) does not close it")
        } else {
            #expect(menu == nil)
            #expect(u.s.frame().contextMenu == nil)
        }
    }

    @Test("G9: the right button opens the menu in both conventions", arguments: Conventions.allCases)
    func rightClick(conventions: Conventions) {
        var u = User(conventions)
        u.s.move(to: u.center(F.card), duration: 0.15, steps: 8)
        u.s.press(.right)
        u.s.release(.right)
        #expect(u.s.frame().contextMenu?.items == ["Open", "Share"])
    }

    static let dropCases: [(Conventions, Modifiers, DragOperation?)] = [
        (.desktop, [], .move), (.desktop, .control, .copy), (.desktop, .shift, .move), (.desktop, [.control, .shift], .link),
        (.desktop, .alt, .move), (.desktop, .super, .move),
        (.mac, [], .move), (.mac, .alt, .copy), (.mac, [.alt, .super], .link), (.mac, .shift, .move),
        (.mac, .control, nil), // Control-press is the Mac's secondary click: no drag at all
    ]

    @Test("issue 18.3, I2: with plainDrop ask a drop with no key links (ask, the link glyph) inside the window as from another application; keys still decide",
          arguments: By.allCases, Conventions.allCases)
    func plainDropAsks(by: By, conventions: Conventions) {
        for (keys, op) in [(Modifiers(), DragOperation.link), (conventions.keys(for: DragOperation.copy), .copy)] {
            var u = User(conventions, plainDrop: .ask)
            let (drops, accessory) = u.dropFirstItem(keys: keys, by: by)
            #expect(drops == [.dropped(items: [F.items[0]], on: F.dropAny, operation: op, input: by.kind)], "\(conventions) \(keys)")
            #expect(accessory == (op == .link ? .link : .plus))
        }
    }

    @Test("I2, G11: the keys held at the drop decide the operation, the same by pointer, trackpad and touch",
          arguments: By.allCases, dropCases)
    func drops(by: By, c: (conventions: Conventions, keys: Modifiers, operation: DragOperation?)) {
        var u = User(c.conventions)
        let (drops, accessory) = u.dropFirstItem(keys: c.keys, by: by)
        if let op = c.operation {
            #expect(drops == [.dropped(items: [F.items[0]], on: F.dropAny, operation: op, input: by.kind)])
            switch op {
            case .copy: #expect(accessory == .plus)
            case .link: #expect(accessory == .link)
            case .move: #expect(accessory == nil)
            }
        } else {
            #expect(drops.isEmpty)
        }
    }
}
