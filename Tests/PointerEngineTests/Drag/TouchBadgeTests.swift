// Drag badges by touch, and legible (issue 17.5; SPEC I2, A1, A2, G11): a touch drag shows the
// same operation badge as a pointer drag (copy, link, refusal), above the finger's contact
// point; badges are at least 14 pt at pointer size 1; a touch hold lifts the item when the
// hold is recognised, with no further input.
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("Touch drag badges and the hold lift (I2, A1, A2, G11)")
struct TouchBadgeTests {
    static let tile = TouchLiftTests.tile // item 51
    static let folder = TouchLiftTests.folder // dropAny
    static let moveOnly = Point(810, 745) // dropMoveOnly: refuses copy and link

    /// A touch drag from the tile to `to`, with `keys` held on the keyboard (touch has no
    /// modifiers of its own: Conventions read the keyboard's, I2).
    static func touchDrag(to: Point, keys: Modifiers, conventions: Conventions) -> Scenario {
        var s = Scenario(Fixtures.layout(), settings: PointerSettings(conventions: conventions))
        s.enter(at: Point(600, 560))
        s.wait(1)
        s.send(.modifiers(ModifierState(depressed: keys)), from: s.keyboard)
        s.send(.touchDown(id: 1, position: InputPoint(x: tile.x, y: tile.y)), from: s.touchscreen)
        s.wait(DragInteraction.touchLiftDelay + 0.05)
        for k in 1...20 {
            s.wait(0.016)
            let p = tile.lerp(to: to, Double(k) / 20)
            s.send(.touchMotion(id: 1, position: InputPoint(x: p.x, y: p.y)), from: s.touchscreen)
        }
        s.wait(0.5) // the badge's pop-in settles
        return s
    }

    static func badge(_ f: Frame) -> AccessoryAppearance? { f.accessories.first { $0.opacity > 0.5 } }

    @Test("I2, A1: a touch drag shows the operation's badge above the finger: copy plus, link, refusal circle-slash",
          arguments: Conventions.allCases)
    func touchBadges(conventions: Conventions) {
        let cases: [(DragOperation, Point, AccessoryGlyph)] = [(.copy, Self.folder, .plus), (.link, Self.folder, .link),
                                                                (.copy, Self.moveOnly, .circleSlash)]
        for (op, target, glyph) in cases {
            var s = Self.touchDrag(to: target, keys: conventions.keys(for: op), conventions: conventions)
            let f = s.frame()
            #expect(f.drag?.input == .touch)
            let b = Self.badge(f)
            #expect(b?.glyph == glyph, "\(conventions) \(op) over \(target): \(f.accessories)")
            if let b {
                // Above the contact point, clear of the fingertip, and not off to the side.
                #expect(b.center.y + b.size / 2 <= target.y - AccessoryTuning.fingerRadius, "badge at \(b.center) for a finger at \(target)")
                #expect(abs(b.center.x - target.x) < 1)
                #expect(b.size >= 14)
            }
            s.send(.touchUp(id: 1), from: s.touchscreen)
            s.wait(0.5)
            #expect(Self.badge(s.frame()) == nil, "the badge leaves with the drag")
        }
    }

    @Test("I2: a touch move drag shows no badge (moving is the default)")
    func moveNoBadge() {
        var s = Self.touchDrag(to: Self.folder, keys: [], conventions: .desktop)
        #expect(s.frame().drag != nil)
        #expect(Self.badge(s.frame()) == nil)
    }

    @Test("A1: pointer drag badges are at least 14 pt at pointer size 1, and scale with the pointer size (P6)",
          arguments: [1.0, 2.0])
    func pointerBadgeSize(size: Double) {
        var s = Scenario(Fixtures.layout(), settings: PointerSettings(size: size))
        s.enter(at: Point(600, 560))
        s.move(to: Self.tile, duration: 0.3, steps: 10)
        s.wait(0.2)
        s.send(.modifiers(ModifierState(depressed: .control)), from: s.keyboard)
        s.press()
        s.move(to: Self.folder, duration: 0.3, steps: 20)
        s.wait(0.5)
        let b = Self.badge(s.frame())
        #expect(b?.glyph == .plus)
        #expect((b?.size ?? 0) >= 14 * size)
        #expect(PointerTuning.badgeSize >= 14)
        s.release()
    }

    @Test("G11, I2: a touch held still lifts the item at the hold's recognition, with no further input")
    func liftAtHold() {
        var s = Scenario.entered()
        s.send(.touchDown(id: 1, position: InputPoint(x: Self.tile.x, y: Self.tile.y)), from: s.touchscreen)
        let item = s.engine.surfaceFrame(of: Fixtures.items[0])!
        // Waiting: nothing lifted yet, and the engine asks for frames (the hold is a timer).
        s.wait(DragInteraction.touchLiftDelay - 0.05)
        #expect(s.frame().drag == nil)
        #expect(s.frame().isAnimating, "the hold must wake the window without input")
        // Only time passes: the item lifts where it is.
        s.wait(0.06)
        let f = s.frame()
        #expect(f.drag?.items == [Fixtures.items[0]])
        #expect(f.drag?.input == .touch)
        #expect(f.drag.map { $0.previewRect.center.distance(to: item.center) < 0.5 } == true)
        #expect(f.elementStates.contains { $0.element == Fixtures.items[0] && $0.isDragSource })
        // Then it follows the finger and drops.
        for k in 1...20 {
            s.wait(0.016)
            let p = Self.tile.lerp(to: Self.folder, Double(k) / 20)
            s.send(.touchMotion(id: 1, position: InputPoint(x: p.x, y: p.y)), from: s.touchscreen)
        }
        s.send(.touchUp(id: 1), from: s.touchscreen)
        #expect(s.drained(TouchLiftTests.drops) == [.dropped(items: [Fixtures.items[0]], on: Fixtures.dropAny, operation: .move, input: .touch)])
    }

    @Test("G11: the lift waits for the hold: a held touch that lifts early is a tap, not a lift")
    func earlyLiftIsTap() {
        var s = Scenario.entered()
        _ = s.engine.drainOutputs()
        s.send(.touchDown(id: 1, position: InputPoint(x: Self.tile.x, y: Self.tile.y)), from: s.touchscreen)
        s.wait(0.1)
        #expect(s.frame().drag == nil)
        s.send(.touchUp(id: 1), from: s.touchscreen)
        #expect(s.frame().drag == nil)
        #expect(s.engine.scene.selection == [Fixtures.items[0]], "a tap selects the item")
    }
}
