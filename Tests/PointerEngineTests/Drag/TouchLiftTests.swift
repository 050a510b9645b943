// Issue 16.6 (G11, I2): an item lifts for a touch drag only after the long press
// (`DragInteraction.touchLiftDelay`); a touch that moves earlier scrolls the scroll view under
// it. Pointer drags keep their motion threshold.
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("Touch drags lift after a hold; flicks scroll (G11, I2)")
struct TouchLiftTests {
    static let tile = Point(390, 660) // item 51, inside the collection
    static let folder = Point(810, 655) // dropAny

    static func drops(_ o: EngineOutput) -> Bool { if case .dropped = o { true } else { false } }

    /// Touch moves from `from` by `by` in `steps` moves, `interval` seconds apart.
    func slide(_ s: inout Scenario, from: Point, by: Vector, steps: Int, interval: Double) -> Bool {
        var dragged = false
        for k in 1...steps {
            s.wait(interval)
            let p = from + by * (Double(k) / Double(steps))
            s.send(.touchMotion(id: 1, position: InputPoint(x: p.x, y: p.y)), from: s.touchscreen)
            if s.frame().drag != nil { dragged = true }
        }
        return dragged
    }

    @Test("G11: a quick flick that starts on a tile scrolls the collection (with momentum) and drags nothing")
    func flickFromTileScrolls() {
        var s = Scenario.entered()
        _ = s.engine.drainOutputs()
        s.send(.touchDown(id: 1, position: InputPoint(x: Self.tile.x, y: Self.tile.y)), from: s.touchscreen)
        s.wait(0.029) // the flick: it moves 29 ms after touching down
        let dragged = slide(&s, from: Self.tile, by: Vector(0, -80), steps: 5, interval: 0.01)
        s.send(.touchUp(id: 1), from: s.touchscreen)
        #expect(!dragged)
        let lifted = s.engine.scene.transforms[Fixtures.collection]?.offset.dy ?? 0
        #expect(lifted >= 70, "the collection scrolled \(lifted) pt for an 80 pt flick")
        s.wait(0.5)
        #expect((s.engine.scene.transforms[Fixtures.collection]?.offset.dy ?? 0) > lifted, "no momentum after the flick")
        #expect(s.drained(Self.drops) == [])
    }

    @Test("I2 G11: a touch held for the lift delay, then moved, drags the tile and drops it")
    func holdThenMoveDrags() {
        var s = Scenario.entered()
        _ = s.engine.drainOutputs()
        s.send(.touchDown(id: 1, position: InputPoint(x: Self.tile.x, y: Self.tile.y)), from: s.touchscreen)
        s.wait(DragInteraction.touchLiftDelay + 0.05) // the hold, without motion
        let dragged = slide(&s, from: Self.tile, by: Self.folder - Self.tile, steps: 20, interval: 0.02)
        #expect(dragged)
        s.send(.touchUp(id: 1), from: s.touchscreen)
        #expect(s.drained(Self.drops) == [.dropped(items: [Fixtures.items[0]], on: Fixtures.dropAny, operation: .move, input: .touch)])
        #expect((s.engine.scene.transforms[Fixtures.collection]?.offset.dy ?? 0) == 0)
    }

    @Test("I2: a pointer drag needs no hold: it starts past its motion threshold at once")
    func pointerDragsAtOnce() {
        var s = Scenario.entered()
        s.move(to: Self.tile, duration: 0.3, steps: 10)
        s.wait(0.2)
        s.press()
        s.move(to: Self.tile + Vector(30, 0), duration: 0.03, steps: 3)
        #expect(s.frame().drag != nil)
        s.release()
    }
}
