// A finger scroll whose stop never comes (SPEC G1; issue 19: mutter 43's RemoteDesktop virtual
// pointer drops NotifyPointerAxis's finish flag, so no wl_pointer.axis_stop reaches the client).
// The scroll ends at an engine deadline after `GestureInterpreter.fingerScrollLapse` of silence,
// glides from the velocity the fingers had, and settles: no input after the last axis event.
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("A finger scroll without its stop ends at a deadline, glides and settles (G1)")
struct FingerScrollLapseTests {
    static let list = NestedScrollTests.outer
    /// Over the outer list (surface y 100…400) below its toolbar and above the inner list (y 200
    /// on): a scroll here moves the outer list.
    static let overList = Point(200, 150)

    static func scenario() -> Scenario {
        var s = Scenario(NestedScrollTests.layout(), settings: PointerSettings(autoHideDelay: nil, kineticScrolling: true))
        s.enter(at: overList)
        s.wait(0.1)
        return s
    }

    /// Five finger axis events 10 ms apart, 10 pt each (1000 pt/s), and no stop.
    static func fingersWithoutStop(_ s: inout Scenario) -> Timestamp {
        for _ in 0..<5 {
            s.clock = s.clock.adding(seconds: 0.010)
            s.send(.scroll(source: .finger, axis: .vertical, value: 10, value120: nil, stop: false), from: s.trackpad)
        }
        return s.clock
    }

    @Test("G1: finger axes then silence: at the deadline the scroll ends, momentum carries the list on, and the engine settles with no deadline left",
          arguments: [AnimationClock.events, .frames])
    func lapseGlidesAndSettles(clock: AnimationClock) throws {
        var s = Self.scenario()
        s.engine.animationClock = clock
        let last = Self.fingersWithoutStop(&s)
        let tracked = NestedScrollTests.offset(&s, Self.list)
        #expect(abs(tracked - 50) < 1e-6, "the list follows the fingers")
        // The deadline: the lapse after the last axis event, and the engine's next one.
        let deadline = try #require(s.engine.nextDeadline)
        #expect(deadline == last.adding(seconds: GestureInterpreter.fingerScrollLapse))
        // Before it the fingers may still be down: no glide yet.
        s.wait(GestureInterpreter.fingerScrollLapse / 2)
        #expect(abs(NestedScrollTests.offset(&s, Self.list) - tracked) < 1e-6)
        #expect(s.engine.gestures.fingerScrollDeadline != nil)
        // Nothing but time: the window wakes at the deadline.
        s.clock = deadline
        s.engine.advance(to: deadline)
        #expect(s.engine.gestures.fingerScrollDeadline == nil, "the scroll ended")
        s.wait(0.1)
        let gliding = NestedScrollTests.offset(&s, Self.list)
        // 1000 pt/s for the first 0.1 s of a decaying glide: well over 30 pt more.
        #expect(gliding > tracked + 30, "no momentum: the list is at \(gliding) after \(tracked)")
        s.wait(5)
        let rest = NestedScrollTests.offset(&s, Self.list)
        #expect(rest > gliding)
        let f = s.frame()
        #expect(!f.isAnimating, "still animating 5 s after the glide began")
        #expect(f.nextDeadline == nil)
        #expect(s.engine.nextDeadline == nil)
    }

    @Test("G1: a device seen sending its stop is waited for: its fingers resting mid-scroll start no glide and no deadline")
    func stoppingDeviceWaits() {
        var s = Self.scenario()
        _ = Self.fingersWithoutStop(&s)
        s.send(.scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true), from: s.trackpad)
        s.wait(3)
        let settled = NestedScrollTests.offset(&s, Self.list)
        // The next scroll rests its fingers for a second without lifting them.
        _ = Self.fingersWithoutStop(&s)
        #expect(s.engine.gestures.fingerScrollDeadline == nil)
        let held = NestedScrollTests.offset(&s, Self.list)
        #expect(held > settled)
        s.wait(1)
        #expect(abs(NestedScrollTests.offset(&s, Self.list) - held) < 1e-6, "a glide started under resting fingers")
        // They lift: the stop ends the scroll (no velocity after a rest: no glide).
        s.send(.scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true), from: s.trackpad)
        s.wait(2)
        #expect(abs(NestedScrollTests.offset(&s, Self.list) - held) < 1e-6)
    }
}
