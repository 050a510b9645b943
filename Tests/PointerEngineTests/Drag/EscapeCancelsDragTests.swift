// Issue 30.6 (I2): Escape cancels a drag in the window, as on macOS and in GNOME Files: the
// item flies home, nothing is dropped, and letting go of the button afterwards drops nothing
// either. Escape with no drag (the button only pressed) leaves the press alone.
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("Escape cancels a drag (issue 30.6; I2)")
struct EscapeCancelsDragTests {
    static func escape(_ s: inout Scenario, pressed: Bool) {
        s.send(.key(KeyNames.code(named: "esc")!, pressed: pressed), from: s.keyboard)
    }

    /// The pointer glides onto the tile, rests, and presses it.
    static func pressTile() -> Scenario {
        var s = Scenario.entered()
        s.move(to: TouchLiftTests.tile, duration: 0.3, steps: 10)
        s.wait(0.2)
        s.press()
        return s
    }

    @Test("I2: Escape over the Folder mid-drag: the item goes home, no drop, the release drops nothing")
    func escapeMidDrag() {
        var s = Self.pressTile()
        s.move(to: TouchLiftTests.folder, duration: 0.5, steps: 20)
        #expect(s.frame().drag != nil)
        _ = s.engine.drainOutputs()
        s.wait(0.5)
        Self.escape(&s, pressed: true)
        Self.escape(&s, pressed: false)
        s.wait(1)
        #expect(s.frame().drag == nil, "the item flew home")
        s.move(to: TouchLiftTests.folder + Vector(4, 4), duration: 0.1, steps: 3)
        s.release()
        s.wait(0.5)
        #expect(s.drained(TouchLiftTests.drops) == [], "nothing dropped")
        #expect(s.frame().drag == nil)
    }

    @Test("I2: Escape while the item is only pressed (no drag yet) changes nothing: the release still selects it")
    func escapeBeforeDrag() {
        var s = Self.pressTile()
        Self.escape(&s, pressed: true)
        Self.escape(&s, pressed: false)
        s.release()
        #expect(s.engine.scene.selection == [Fixtures.items[0]])
    }
}
