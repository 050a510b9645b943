// The interpreter's facts about the latest gesture (issue 20.2; G2–G8): what an inspector shows
// is what the interpreter accepted, including its cancellations (G7) and refusals.
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("Gesture facts (issue 20.2; G2–G8)")
struct GestureFactsTests {
    typealias G = GestureEvent
    typealias T = GestureInterpreterTests

    static func pinch(_ phase: GesturePhase, scale: Double = 1, rotation: Double = 0, cancelled: Bool = false) -> InputEventKind {
        .gesture(G(kind: .pinch, phase: phase, fingers: 2, scale: scale, rotation: rotation, cancelled: cancelled))
    }

    @Test("a pinch: begin, updates with the absolute scale and the rotation summed, end")
    func pinch() {
        var gi = T.touchpad()
        #expect(gi.lastGesture == GestureFacts())
        _ = T.run(&gi, [(10, Self.pinch(.begin))])
        var f = gi.lastGesture
        #expect(f.kind == .pinch && f.phase == .began && f.fingers == 2 && f.device == DeviceID(1) && f.count == 1)
        #expect(f.scale == 1 && f.rotation == 0)
        _ = T.run(&gi, [(20, Self.pinch(.update, scale: 1.5, rotation: 10)), (30, Self.pinch(.update, scale: 2.25, rotation: -4))])
        f = gi.lastGesture
        #expect(f.phase == .changed && f.scale == 2.25 && f.rotation == 6 && f.fingers == 2)
        _ = T.run(&gi, [(40, Self.pinch(.end))])
        f = gi.lastGesture
        #expect(f.phase == .ended && f.fingers == 0 && f.kind == .pinch)
        // The values stay until the next pinch: a hold does not reset them, a pinch does.
        _ = T.run(&gi, [(50, .gesture(G(kind: .hold, phase: .begin, fingers: 3)))])
        f = gi.lastGesture
        #expect(f.kind == .hold && f.phase == .began && f.fingers == 3 && f.count == 2 && f.scale == 2.25 && f.rotation == 6)
        _ = T.run(&gi, [(60, .gesture(G(kind: .hold, phase: .end, fingers: 3))), (70, Self.pinch(.begin))])
        f = gi.lastGesture
        #expect(f.kind == .pinch && f.count == 3 && f.scale == 1 && f.rotation == 0)
    }

    @Test("a swipe's travel is the sum of its updates; a cancelled end reads cancelled")
    func swipe() {
        var gi = T.touchpad()
        _ = T.run(&gi, T.swipe(3, -60, 12, cancelled: true))
        let f = gi.lastGesture
        #expect(f.kind == .swipe && f.phase == .cancelled && f.fingers == 0 && f.count == 1)
        #expect(abs(f.travel.dx + 60) < 1e-9 && abs(f.travel.dy - 12) < 1e-9, "\(f.travel)")
    }

    @Test("G7: the device removed mid-pinch cancels it; a begin without the previous end cancels that one")
    func cancellations() {
        var gi = T.touchpad()
        _ = T.run(&gi, [(10, Self.pinch(.begin)), (20, Self.pinch(.update, scale: 1.2)), (30, .deviceRemoved)])
        #expect(gi.lastGesture.phase == .cancelled && gi.lastGesture.fingers == 0 && gi.lastGesture.scale == 1.2)
        var again = T.touchpad()
        _ = T.run(&again, [(10, Self.pinch(.begin)), (20, .gesture(G(kind: .swipe, phase: .begin, fingers: 3)))])
        #expect(again.lastGesture.kind == .swipe && again.lastGesture.phase == .began && again.lastGesture.count == 2)
    }

    @Test("steps the interpreter refuses change nothing: an update or end with no gesture running")
    func refusals() {
        var gi = T.touchpad()
        _ = T.run(&gi, [(10, Self.pinch(.update, scale: 3)), (20, Self.pinch(.end))])
        #expect(gi.lastAnomaly != nil)
        #expect(gi.lastGesture == GestureFacts())
        _ = T.run(&gi, [(30, Self.pinch(.begin)), (40, Self.pinch(.end)), (50, Self.pinch(.end, cancelled: true))])
        #expect(gi.lastGesture.phase == .ended) // the second end found nothing running
    }

    @Test("the engine's facade: lastGesture, touchCount, modifiers and the last input kind")
    func engineFacade() {
        var e = Engine(layout: Layout(size: Size(400, 300)))
        e.handle(.at(0, .deviceAdded(name: "touchpad", capabilities: [.pointer, .gesture])))
        e.handle(.at(0, .deviceAdded(name: "screen", capabilities: [.touch]), device: 3))
        e.handle(.at(10, Self.pinch(.begin)))
        e.handle(.at(20, Self.pinch(.update, scale: 0.5, rotation: 3)))
        #expect(e.lastGesture.kind == .pinch && e.lastGesture.scale == 0.5 && e.lastGesture.fingers == 2)
        #expect(e.lastInput == .trackpad)
        e.handle(.at(30, Self.pinch(.end)))
        e.handle(.at(40, .touchDown(id: TouchID(1), position: InputPoint(x: 10, y: 10)), device: 3))
        e.handle(.at(41, .touchDown(id: TouchID(2), position: InputPoint(x: 50, y: 10)), device: 3))
        #expect(e.touchCount == 2 && e.lastInput == .touch)
        e.handle(.at(50, .touchUp(id: TouchID(1)), device: 3))
        #expect(e.touchCount == 1)
        e.handle(.at(60, .touchCancel, device: 3))
        #expect(e.touchCount == 0)
        e.handle(.at(70, .modifiers(ModifierState(depressed: [.shift, .control]))))
        #expect(e.modifiers == [.shift, .control])
    }
}
