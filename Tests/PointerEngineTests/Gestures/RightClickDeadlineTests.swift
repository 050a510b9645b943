// Issue 16.3 (G9, G4): a right click a gesture-capable pointer holds back as a possible two-finger
// tap opens its menu at the engine's own deadline, with no further input.
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("Right click held back for smart zoom (G4, G9)")
struct RightClickDeadlineTests {
    static let overCard = Point(550, 290)

    @Test("G9: the held-back right click is an engine deadline; advancing to it opens the menu", arguments: [AnimationClock.events, .frames])
    func menuOpensAtDeadline(clock: AnimationClock) throws {
        var s = Scenario(Fixtures.layout())
        s.engine.animationClock = clock
        s.send(.pointerEnter(position: InputPoint(x: Self.overCard.x, y: Self.overCard.y)), from: s.trackpad)
        let pressed = s.clock
        s.send(.button(.right, pressed: true), from: s.trackpad)
        s.send(.button(.right, pressed: false), from: s.trackpad)
        #expect(s.frame().contextMenu == nil)
        let deadline = try #require(s.engine.nextDeadline)
        #expect(deadline.seconds(since: pressed) <= GestureInterpreter.doubleTapInterval)
        // Nothing but time: the window wakes at the deadline and the menu is there.
        s.clock = deadline
        s.engine.advance(to: deadline)
        #expect(s.frame().contextMenu?.element == Fixtures.card)
    }

    @Test("G9: a wheel mouse on the same seat pointer opens the menu on the press itself")
    func wheelMouseAtOnce() {
        var s = Scenario(Fixtures.layout())
        s.send(.pointerEnter(position: InputPoint(x: Self.overCard.x, y: Self.overCard.y)), from: s.trackpad)
        s.send(.scroll(source: .wheel, axis: .vertical, value: 15, value120: 120, stop: false), from: s.trackpad)
        s.send(.button(.right, pressed: true), from: s.trackpad)
        #expect(s.frame().contextMenu?.element == Fixtures.card)
    }
}
