// SPEC I1 (band selection), I2 + G11 (modifier drags, identical by pointer, trackpad, touch).
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("Band selection (I1)")
struct BandSelectionTests {
    /// A 4-column grid of 80×80 items every 100 pt, 12 rows, in a 400×300 viewport at (50, 50).
    static func grid(selection: Set<Int> = [], conventions: Conventions = .desktop) -> BandSelection<Int> {
        let items = (0..<48).map { i in (id: i, frame: Rect(x: Double(i % 4) * 100 + 10, y: Double(i / 4) * 100 + 10, width: 80, height: 80)) }
        return BandSelection(items: items, viewport: Rect(x: 50, y: 50, width: 400, height: 300),
                             contentSize: Size(400, 1_200), selection: selection, conventions: conventions)
    }

    @Test("I1: dragging from empty space over the first two items selects exactly them, live")
    func liveSelection() {
        var b = Self.grid()
        let started = b.handle(.press(Point(55, 55), modifiers: []), now: ms(0))
        #expect(started)
        b.handle(.move(Point(57, 56)), now: ms(10))
        #expect(b.band == nil) // under the 4 pt threshold
        b.handle(.move(Point(200, 100)), now: ms(20))
        #expect(b.selection == [0, 1])
        #expect(b.band == Rect(x: 55, y: 55, width: 145, height: 45))
        b.handle(.move(Point(200, 200)), now: ms(30))
        #expect(b.selection == [0, 1, 4, 5])
        b.handle(.move(Point(100, 100)), now: ms(40)) // shrinking deselects live
        #expect(b.selection == [0])
        b.handle(.release, now: ms(50))
        #expect(b.selection == [0])
        #expect(!b.isActive)
    }

    @Test("I1: a press on an item is not a band (it is a drag)")
    func pressOnItem() {
        var b = Self.grid()
        let started = b.handle(.press(Point(100, 100), modifiers: []), now: ms(0))
        #expect(!started)
        #expect(!b.isActive)
    }

    static let bandCases: [(Conventions, Modifiers, Set<Int>)] = [
        (.desktop, [], [0, 1]), (.desktop, .shift, [0, 1, 9]), (.desktop, .control, [0, 9]),
        (.desktop, .super, [0, 1]), (.desktop, .alt, [0, 1]), (.desktop, [.control, .capsLock], [0, 9]),
        (.mac, [], [0, 1]), (.mac, .shift, [0, 1, 9]), (.mac, .super, [0, 9]),
        (.mac, .alt, [0, 1]), (.mac, [.super, .numLock], [0, 9]),
    ]

    @Test("I1: Shift extends; Ctrl toggles on the desktop, Command (Super) on the Mac; other keys replace", arguments: bandCases)
    func modifiers(_ conventions: Conventions, _ modifiers: Modifiers, _ expected: Set<Int>) {
        var b = Self.grid(selection: [1, 9], conventions: conventions)
        b.handle(.press(Point(55, 55), modifiers: modifiers), now: ms(0))
        b.handle(.move(Point(200, 100)), now: ms(10))
        #expect(b.operation == conventions.selectionOperation(for: modifiers))
        b.handle(.release, now: ms(20))
        #expect(b.selection == expected)
    }

    @Test("I1: a click on empty space with the toggle key held keeps the selection", arguments: Conventions.allCases)
    func toggleClickOnEmpty(conventions: Conventions) {
        var b = Self.grid(selection: [3], conventions: conventions)
        b.handle(.press(Point(55, 55), modifiers: conventions.keys(for: SelectionOperation.toggle)), now: ms(0))
        b.handle(.release, now: ms(10))
        #expect(b.selection == [3])
    }

    @Test("I1: a click on empty space clears the selection; a Shift-click keeps it")
    func clickOnEmpty() {
        var b = Self.grid(selection: [3])
        b.handle(.press(Point(55, 55), modifiers: .shift), now: ms(0))
        b.handle(.release, now: ms(10))
        #expect(b.selection == [3])
        b.handle(.press(Point(55, 55), modifiers: []), now: ms(20))
        b.handle(.release, now: ms(30))
        #expect(b.selection.isEmpty)
    }

    @Test("I1: dragging 20 pt past the bottom edge scrolls down at 240 pt/s and selects what comes in")
    func autoscroll() {
        var b = Self.grid()
        b.handle(.press(Point(55, 55), modifiers: []), now: ms(0))
        b.handle(.move(Point(140, 370)), now: ms(0)) // 20 pt below the viewport's bottom (350)
        #expect(b.autoscrollVelocity(at: Point(140, 370)) == Vector(0, 20 * BandSelection<Int>.autoscrollGain))
        let applied = b.advance(to: ms(500))
        #expect(near(applied.dy, 120))
        #expect(b.contentOffset == Vector(0, 120))
        // Band: content (5, 5) to (90, 440): rows 0…4 of columns 0.
        #expect(b.selection == [0, 4, 8, 12, 16])
        // The anchor stays with the content: it moved up 120 pt in the view.
        #expect(near(b.band?.minY ?? 0, 55 - 120))
        // Inside the viewport: no autoscroll; past the top it scrolls back up.
        #expect(b.autoscrollVelocity(at: Point(140, 200)) == .zero)
        #expect(b.autoscrollVelocity(at: Point(140, 40)).dy == -10 * BandSelection<Int>.autoscrollGain)
        // Far past: capped.
        #expect(b.autoscrollVelocity(at: Point(1_000, 200)).dx == BandSelection<Int>.autoscrollMaximumSpeed)
    }

    @Test("I1: autoscroll stops at the end of the content")
    func autoscrollClamps() {
        var b = Self.grid()
        b.handle(.press(Point(55, 55), modifiers: []), now: ms(0))
        b.handle(.move(Point(140, 400)), now: ms(0))
        b.advance(to: ms(60_000))
        #expect(b.contentOffset == Vector(0, 900))
        #expect(b.selection == Set(stride(from: 0, to: 48, by: 4))) // band to content x 90: column 0, all 12 rows
    }

    @Test("I1: cancel restores the selection from before the band")
    func cancel() {
        var b = Self.grid(selection: [7])
        b.handle(.press(Point(55, 55), modifiers: []), now: ms(0))
        b.handle(.move(Point(300, 300)), now: ms(10))
        #expect(b.selection != [7])
        b.handle(.cancel, now: ms(20))
        #expect(b.selection == [7])
        #expect(!b.isActive)
    }
}

@Suite("Modifier drags (I2, G11)")
struct DragSessionTests {
    typealias Session = DragSession<String, String>

    @Test("I2 (mac): Option copies, Option+Command links, anything else moves", arguments: [
        (Modifiers(), DragOperation.move), (Modifiers.alt, .copy), (Modifiers([.alt, .super]), .link), (Modifiers.super, .move),
        (Modifiers.shift, .move), (Modifiers.control, .move), (Modifiers([.alt, .capsLock]), .copy), (Modifiers([.alt, .super, .shift]), .link),
        (Modifiers([.control, .shift]), .move),
    ])
    func macOperationForModifiers(modifiers: Modifiers, operation: DragOperation) {
        #expect(Conventions.mac.dragOperation(for: modifiers) == operation)
    }

    @Test("I2 (desktop, as GNOME Files and Dolphin): Ctrl copies, Shift moves, Ctrl+Shift links; Alt and Super move", arguments: [
        (Modifiers(), DragOperation.move), (Modifiers.control, .copy), (Modifiers([.control, .shift]), .link), (Modifiers.shift, .move),
        (Modifiers.alt, .move), (Modifiers.super, .move), (Modifiers([.alt, .super]), .move), (Modifiers([.control, .capsLock]), .copy),
        (Modifiers([.control, .alt]), .copy), (Modifiers([.control, .shift, .super]), .link),
    ])
    func desktopOperationForModifiers(modifiers: Modifiers, operation: DragOperation) {
        #expect(Conventions.desktop.dragOperation(for: modifiers) == operation)
    }

    /// Press on "photo", move 30 pt onto the folder, drop with `dropModifiers` (the copy key held
    /// from the start).
    static func drag(input: DragInput, dropModifiers: Modifiers, accepts: Set<DragOperation> = Set(DragOperation.allCases),
                     conventions: Conventions = .desktop) -> (DragResult<String, String>?, [DragAccessory]) {
        var s = Session(conventions: conventions)
        var accessories: [DragAccessory] = []
        let folder = DropTarget(id: "folder", accepts: accepts)
        s.handle(.modifiers(conventions.keys(for: DragOperation.copy)), now: ms(0))
        s.handle(.press(item: "photo", at: Point(10, 10), input: input), now: ms(0))
        s.handle(.move(to: Point(15, 10), target: nil), now: ms(10))
        accessories.append(s.accessory)
        s.handle(.move(to: Point(40, 10), target: folder), now: ms(20))
        accessories.append(s.accessory)
        s.handle(.modifiers(dropModifiers), now: ms(30))
        accessories.append(s.accessory)
        return (s.handle(.release, now: ms(40)), accessories)
    }

    static let dropCases: [(conventions: Conventions, modifiers: Modifiers, operation: DragOperation, accessory: DragAccessory)] = [
        (.desktop, [], .move, .none), (.desktop, .shift, .move, .none), (.desktop, .control, .copy, .plus),
        (.desktop, [.control, .shift], .link, .link), (.desktop, .alt, .move, .none),
        (.mac, [], .move, .none), (.mac, .alt, .copy, .plus), (.mac, [.alt, .super], .link, .link), (.mac, .control, .move, .none),
    ]

    @Test("I2/G11: modifiers at DROP time decide; pointer, trackpad and touch give the same result, in both conventions",
          arguments: DragInput.allCases, dropCases)
    func dropTimeModifiers(input: DragInput, c: (conventions: Conventions, modifiers: Modifiers, operation: DragOperation, accessory: DragAccessory)) {
        let (result, accessories) = Self.drag(input: input, dropModifiers: c.modifiers, conventions: c.conventions)
        #expect(result == DragResult(item: "photo", target: "folder", operation: c.operation, outcome: .dropped, input: input))
        #expect(accessories.last == c.accessory)
        #expect(accessories[1] == .plus) // the copy key was held while over the folder
    }

    @Test("I2: each convention's keys for an operation ask for that operation", arguments: Conventions.allCases)
    func keysRoundTrip(conventions: Conventions) {
        for op in DragOperation.allCases { #expect(conventions.dragOperation(for: conventions.keys(for: op)) == op) }
        for op in SelectionOperation.allCases { #expect(conventions.selectionOperation(for: conventions.keys(for: op)) == op) }
    }

    @Test("G11: identical outcome across inputs, apart from the input tag", arguments: Conventions.allCases)
    func sameForEveryInput(conventions: Conventions) {
        let copy = conventions.keys(for: DragOperation.copy)
        let results = DragInput.allCases.map {
            Self.drag(input: $0, dropModifiers: copy, conventions: conventions).0.map { ($0.item, $0.target, $0.operation, $0.outcome) }
        }
        #expect(results.allSatisfy { $0.map { "\($0)" } == results[0].map { "\($0)" } })
        #expect(results[0]?.2 == .copy)
    }

    @Test("I2: a target that refuses copy shows circle-slash and refuses the drop; move is accepted")
    func refusedTarget() {
        let (refused, accessories) = Self.drag(input: .pointer, dropModifiers: .control, accepts: [.move])
        #expect(accessories[1] == .circleSlash)
        #expect(refused?.outcome == .refused)
        #expect(refused?.operation == .copy)
        let (accepted, after) = Self.drag(input: .touch, dropModifiers: [], accepts: [.move])
        #expect(after.last == DragAccessory.none)
        #expect(accepted?.outcome == .dropped)
    }

    @Test("I2: below the threshold a press is a click (4 pt pointer, 10 pt touch)", arguments: DragInput.allCases)
    func threshold(input: DragInput) {
        var s = Session(conventions: .desktop)
        s.handle(.press(item: "a", at: .zero, input: input), now: ms(0))
        s.handle(.move(to: Point(input.dragThreshold - 0.5, 0), target: nil), now: ms(10))
        #expect(!s.isDragging)
        s.handle(.move(to: Point(input.dragThreshold, 0), target: nil), now: ms(20))
        #expect(s.isDragging)
    }

    @Test("I2: dropping on nothing or cancelling ends the drag as cancelled; nothing stays active")
    func cancelled() {
        var s = Session(conventions: .desktop)
        s.handle(.press(item: "a", at: .zero, input: .trackpad), now: ms(0))
        s.handle(.move(to: Point(50, 0), target: nil), now: ms(10))
        #expect(s.handle(.release, now: ms(20))?.outcome == .cancelled)
        s.handle(.press(item: "a", at: .zero, input: .touch), now: ms(30))
        s.handle(.move(to: Point(50, 0), target: DropTarget(id: "t")), now: ms(40))
        #expect(s.handle(.cancel, now: ms(50)) == DragResult(item: "a", target: nil, operation: .move, outcome: .cancelled, input: .touch))
        #expect(!s.isActive)
        #expect(s.accessory == DragAccessory.none)
    }
}
