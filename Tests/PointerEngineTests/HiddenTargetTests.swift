// Issue 16.5 (I4, H1, H2, M1): a hidden control is no target. Resting over its place, outside
// the group's area, hovers nothing and attracts nothing; a click there activates nothing; a
// touch tap in the general location reveals without activating, and the next tap activates.
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("Hidden controls are no targets (I4, H1, H2, M1)")
struct HiddenTargetTests {
    static let play = Fixtures.revealed[0]
    /// Inside Play's padded hit region (M1), below the group's area: where a person rests on
    /// the hidden button's place.
    static let overPlayOutsideArea = Point(910, 708)
    static let insideArea = Point(910, 660)

    static func activations(_ o: EngineOutput) -> Bool { if case .activated = o { true } else { false } }

    @Test("M1 I4: resting over a hidden control's place hovers nothing, pulls nothing; over the area it reveals and then hovers")
    func pointerRestsOverHiddenPlay() {
        var s = Scenario.entered()
        s.move(to: Self.overPlayOutsideArea, duration: 0.5, steps: 20)
        s.wait(1)
        #expect(s.engine.scene.reveal[Fixtures.reveal] == 0)
        #expect(s.engine.hovered == nil)
        #expect(s.engine.effect(on: Self.play) == nil)
        #expect(s.engine.attraction == .none)
        #expect(s.engine.drawnPosition == s.engine.logicalPosition)
        s.move(to: Self.insideArea, duration: 0.3, steps: 10)
        #expect(s.engine.hovered == Self.play)
        s.wait(0.5)
        #expect(s.engine.scene.reveal[Fixtures.reveal] == 1)
        // Back over the place outside the area: the group hides after its exit delay, and with
        // it the hover, with no further motion.
        s.move(to: Self.overPlayOutsideArea, duration: 0.3, steps: 10)
        s.wait(RevealableControls<ElementID>.hoverExitDelay + 0.5)
        #expect(s.engine.hovered == nil)
        #expect(s.engine.attraction == .none)
    }

    @Test("I4: a click on a hidden control's place activates nothing")
    func clickOnHiddenPlay() {
        var s = Scenario.entered()
        s.move(to: Self.overPlayOutsideArea, duration: 0.5, steps: 20)
        _ = s.engine.drainOutputs()
        s.press(); s.wait(0.08); s.release()
        #expect(s.drained(Self.activations) == [])
    }

    @Test("H1 H2: a tap near the hidden controls reveals without activating; the next tap activates", arguments: [
        HiddenTargetTests.overPlayOutsideArea, Point(910, 670),
    ])
    func tapRevealsThenActivates(at p: Point) {
        var s = Scenario.entered()
        func tap() {
            s.send(.touchDown(id: 1, position: InputPoint(x: p.x, y: p.y)), from: s.touchscreen)
            s.wait(0.08)
            s.send(.touchUp(id: 1), from: s.touchscreen)
        }
        _ = s.engine.drainOutputs()
        tap()
        s.wait(0.3)
        #expect(s.drained(Self.activations) == [])
        #expect(s.engine.scene.reveal[Fixtures.reveal] == 1)
        tap()
        #expect(s.drained(Self.activations) == [.activated(Self.play, input: .touch, clickCount: 1)])
    }
}
