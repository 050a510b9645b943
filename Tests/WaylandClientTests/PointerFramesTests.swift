// wl_pointer frame assembly (SPEC T1, G1): the order and grouping a compositor uses become one
// InputProtocol event per meaning. Feeds decoded wl_pointer events as a compositor sends them.
import InputProtocol
import Testing
@testable import WaylandClient

private final class Recorder {
    var events: [(InputEventKind, EventTime)] = []
    var kinds: [InputEventKind] { events.map(\.0) }
    func frames(version: UInt32) -> PointerFrames {
        PointerFrames(version: version) { [unowned self] kind, time in self.events.append((kind, time)) }
    }
}

private let vertical: UInt32 = 0, horizontal: UInt32 = 1
private let wheel: UInt32 = 0, finger: UInt32 = 1

@Suite("Pointer frames (SPEC T1, G1)")
struct PointerFramesTests {
    @Test("motion after relative motion in one frame carries both position and raw deltas")
    func relativeThenAbsolute() {
        let r = Recorder()
        var p = r.frames(version: 7)
        p.enter(x: 10, y: 20)
        p.frame()
        p.relativeMotion(microseconds: 5_000, delta: InputVector(dx: 6, dy: 8), unaccelerated: InputVector(dx: 3, dy: 4))
        p.motion(time: 5, x: 16, y: 28)
        p.frame()
        #expect(r.kinds == [
            .pointerEnter(position: InputPoint(x: 10, y: 20)), .frame,
            .motion(position: InputPoint(x: 16, y: 28), delta: InputVector(dx: 6, dy: 8), unaccelerated: InputVector(dx: 3, dy: 4)),
            .frame,
        ])
        #expect(r.events[2].1 == .milliseconds(5))
    }

    @Test("absolute motion alone derives its delta from the last position")
    func absoluteOnly() {
        let r = Recorder()
        var p = r.frames(version: 7)
        p.enter(x: 1, y: 1)
        p.frame()
        p.motion(time: 1, x: 4, y: 5)
        p.frame()
        #expect(r.kinds[2] == .motion(position: InputPoint(x: 4, y: 5), delta: InputVector(dx: 3, dy: 4), unaccelerated: InputVector(dx: 3, dy: 4)))
        #expect(p.position == InputPoint(x: 4, y: 5))
    }

    @Test("a frame's motion comes before its button")
    func motionBeforeButton() {
        let r = Recorder()
        var p = r.frames(version: 7)
        p.enter(x: 0, y: 0)
        p.motion(time: 2, x: 1, y: 0)
        p.button(time: 2, code: PointerButton.left.rawValue, pressed: true)
        p.frame()
        #expect(r.kinds.suffix(3) == [
            .motion(position: InputPoint(x: 1, y: 0), delta: InputVector(dx: 1, dy: 0), unaccelerated: InputVector(dx: 1, dy: 0)),
            .button(.left, pressed: true), .frame,
        ])
    }

    @Test("a finger scroll frame, then axis_stop, gives values and an explicit stop")
    func fingerScrollEndsWithStop() {
        let r = Recorder()
        var p = r.frames(version: 7)
        p.axisSource(finger)
        p.axis(time: 1, axis: vertical, value: 5)
        p.axis(time: 1, axis: horizontal, value: -2)
        p.frame()
        p.axisSource(finger)
        p.axisStop(time: 2, axis: vertical)
        p.frame()
        #expect(r.kinds == [
            .scroll(source: .finger, axis: .vertical, value: 5, value120: nil, stop: false),
            .scroll(source: .finger, axis: .horizontal, value: -2, value120: nil, stop: false),
            .frame,
            .scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true),
            .frame,
        ])
    }

    @Test("wheel detents become 120-unit values whatever the order", arguments: [UInt32(7), 8])
    func wheelValue120(version: UInt32) {
        let r = Recorder()
        var p = r.frames(version: version)
        if version >= 8 { p.axisValue120(axis: vertical, value120: 240) } else { p.axisDiscrete(axis: vertical, discrete: 2) }
        p.axis(time: 3, axis: vertical, value: 30)
        p.axisSource(wheel)
        p.frame()
        #expect(r.kinds == [.scroll(source: .wheel, axis: .vertical, value: 30, value120: 240, stop: false), .frame])
    }

    @Test("without frames (wl_pointer < 5) each event stands alone")
    func noFrames() {
        let r = Recorder()
        var p = r.frames(version: 4)
        p.enter(x: 0, y: 0)
        p.motion(time: 1, x: 2, y: 2)
        p.axis(time: 2, axis: vertical, value: 10)
        #expect(r.kinds == [
            .pointerEnter(position: .zero), .frame,
            .motion(position: InputPoint(x: 2, y: 2), delta: InputVector(dx: 2, dy: 2), unaccelerated: InputVector(dx: 2, dy: 2)), .frame,
            .scroll(source: .continuous, axis: .vertical, value: 10, value120: nil, stop: false), .frame,
        ])
    }

    @Test("buttons still down when the pointer goes are forgotten, not released: removal cancels, a release would drop (G7)")
    func buttonsForgottenOnRemoval() {
        let r = Recorder()
        var p = r.frames(version: 7)
        p.button(time: 1, code: PointerButton.right.rawValue, pressed: true)
        p.button(time: 1, code: PointerButton.left.rawValue, pressed: true)
        p.frame()
        r.events.removeAll()
        p.forgetButtons()
        #expect(r.kinds.isEmpty)
        // Nothing is remembered: a later release of the same code is passed on as it comes.
        p.button(time: 3, code: PointerButton.left.rawValue, pressed: false)
        p.frame()
        #expect(r.kinds == [.button(.left, pressed: false), .frame])
    }

    @Test("G1 (wl_seat 9): axis_relative_direction goes out as scrollDirection before the frame's scroll, once, and again when it changes")
    func relativeDirection() {
        let r = Recorder()
        var p = r.frames(version: 9)
        p.axisSource(finger)
        p.axisRelativeDirection(axis: vertical, inverted: true)
        p.axis(time: 7, axis: vertical, value: -3)
        p.frame()
        #expect(r.kinds == [.scrollDirection(.natural), .scroll(source: .finger, axis: .vertical, value: -3, value120: nil, stop: false), .frame])
        #expect(p.direction == .natural)
        // The same direction again: not repeated.
        p.axisSource(finger)
        p.axisRelativeDirection(axis: vertical, inverted: true)
        p.axis(time: 8, axis: vertical, value: -2)
        p.frame()
        #expect(r.kinds.filter { if case .scrollDirection = $0 { true } else { false } }.count == 1)
        // A mouse wheel without natural scrolling on the same seat: traditional, said before its scroll.
        let before = r.kinds.count
        p.axisSource(wheel)
        p.axisRelativeDirection(axis: vertical, inverted: false)
        p.axisValue120(axis: vertical, value120: 120)
        p.axis(time: 9, axis: vertical, value: 15)
        p.frame()
        #expect(Array(r.kinds[before...]) == [.scrollDirection(.traditional), .scroll(source: .wheel, axis: .vertical, value: 15, value120: 120, stop: false), .frame])
        // A direction with no axis value in its frame says nothing.
        let r2 = Recorder()
        var q = r2.frames(version: 9)
        q.axisRelativeDirection(axis: vertical, inverted: true)
        q.frame()
        #expect(r2.kinds == [.frame] && q.direction == nil)
    }
}
