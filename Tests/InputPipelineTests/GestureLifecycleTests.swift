// The pipeline's gesture lifecycle, without libinput: what it adds so the stream stays well formed
// when a device disappears mid-gesture, and that odd input passes through without a crash (G7).
// (Moved with the logic from LibinputBackend's StreamTranslator, issue 20.2.)
import InputProtocol
import Testing
@testable import InputPipeline

@Suite("GestureLifecycle (G7)")
struct GestureLifecycleTests {
    let pad = DeviceID(1)

    @Test("A pinch update without a begin passes through unchanged, and nothing is cancelled later")
    func updateWithoutBegin() {
        var t = GestureLifecycle()
        let update = GestureEvent(kind: .pinch, phase: .update, fingers: 2, scale: 1.3, rotation: 2)
        #expect(t.gesture(pad, update) == [.gesture(update)])
        #expect(t.activeGesture(on: pad) == nil)
        #expect(t.deviceRemoved(pad).isEmpty)
    }

    @Test("Removal mid-gesture ends that gesture as cancelled, keeping its kind, fingers and scale",
          arguments: GestureKind.allCases)
    func removalCancels(kind: GestureKind) {
        var t = GestureLifecycle()
        _ = t.gesture(pad, GestureEvent(kind: kind, phase: .begin, fingers: 3))
        _ = t.gesture(pad, GestureEvent(kind: kind, phase: .update, fingers: 3, scale: kind == .pinch ? 1.7 : 1))
        let out = t.deviceRemoved(pad)
        #expect(out == [.gesture(GestureEvent(kind: kind, phase: .end, fingers: 3, scale: kind == .pinch ? 1.7 : 1, cancelled: true))])
        #expect(t.deviceRemoved(pad).isEmpty, "only once")
    }

    @Test("A gesture that ended normally is not cancelled again on removal; other devices are untouched")
    func endedGesture() {
        var t = GestureLifecycle()
        _ = t.gesture(pad, GestureEvent(kind: .swipe, phase: .begin, fingers: 4))
        _ = t.gesture(DeviceID(2), GestureEvent(kind: .hold, phase: .begin, fingers: 2))
        _ = t.gesture(pad, GestureEvent(kind: .swipe, phase: .end, fingers: 4))
        #expect(t.deviceRemoved(pad).isEmpty)
        #expect(t.activeGesture(on: DeviceID(2))?.kind == .hold)
    }

    @Test("A begin while another gesture is open closes the old one as cancelled first")
    func beginClosesOpenGesture() {
        var t = GestureLifecycle()
        _ = t.gesture(pad, GestureEvent(kind: .hold, phase: .begin, fingers: 2))
        let begin = GestureEvent(kind: .pinch, phase: .begin, fingers: 2)
        #expect(t.gesture(pad, begin) == [.gesture(GestureEvent(kind: .hold, phase: .end, fingers: 2, cancelled: true)), .gesture(begin)])
    }

    @Test("Touches down at removal are cancelled and the touch frame closed")
    func touchesCancelled() {
        var t = GestureLifecycle()
        _ = t.touch(pad, .touchDown(id: 0, position: .zero))
        _ = t.touch(pad, .touchFrame)
        #expect(t.deviceRemoved(pad) == [.touchCancel, .touchFrame])
        _ = t.touch(pad, .touchDown(id: 1, position: .zero))
        _ = t.touch(pad, .touchUp(id: 1))
        #expect(t.deviceRemoved(pad).isEmpty)
    }

    @Test("Merged (issue 34.7): a gesture the merge refused or cut short is left out to its end, its removal adds nothing; strays are left out")
    func refusedAndCut() {
        var t = GestureLifecycle(passesStrays: false)
        let pinch = GestureEvent(kind: .pinch, phase: .begin, fingers: 2)
        #expect(t.gesture(pad, pinch, admits: false).isEmpty)
        #expect(t.gesture(pad, GestureEvent(kind: .pinch, phase: .update, fingers: 2, scale: 1.2)).isEmpty)
        #expect(t.deviceRemoved(pad).isEmpty)
        #expect(t.gesture(pad, pinch) == [.gesture(pinch)])
        _ = t.gesture(pad, GestureEvent(kind: .pinch, phase: .update, fingers: 2, scale: 1.4))
        _ = t.gesture(DeviceID(2), GestureEvent(kind: .hold, phase: .begin, fingers: 2))
        let cut = t.cut { $0.kind == .pinch }
        #expect(cut.map { $0.device } == [pad])
        #expect(cut.map { $0.end } == [GestureEvent(kind: .pinch, phase: .end, fingers: 2, scale: 1.4, cancelled: true)])
        #expect(t.cut { $0.kind == .pinch }.isEmpty, "only once")
        #expect(t.gesture(pad, GestureEvent(kind: .pinch, phase: .end, fingers: 2)).isEmpty)
        #expect(t.activeGesture(on: pad) == nil, "the end still closes it")
        #expect(t.gesture(pad, GestureEvent(kind: .swipe, phase: .update, fingers: 3)).isEmpty, "a stray")
        #expect(t.activeGesture(on: DeviceID(2))?.kind == .hold)
    }
}
