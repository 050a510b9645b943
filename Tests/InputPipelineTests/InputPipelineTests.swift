// The one input stage (issue 20.2) as the commands use it: each source's time, libinput's
// gesture lifecycle, key privacy and the merge, done once here (T1, T3, G7).
import InputProtocol
import Testing
import InputPipeline

@Suite("InputPipeline: time, lifecycle, privacy and merge in one stage (T1, T3, G7)")
struct InputPipelineTests {
    let seat = DeviceID(1), pad = DeviceID(1)
    var moved: DeviceID { DeviceID(pad.rawValue + InputMerger.libinputDeviceOffset) }
    /// evdev KEY_A (a text key) and KEY_LEFTSHIFT (a modifier, public under T3).
    let a = KeyCode(rawValue: 30), shift = KeyCode(rawValue: 42)

    func e(_ kind: InputEventKind, _ device: DeviceID = DeviceID(1), at t: UInt64) -> InputEvent {
        InputEvent(time: Timestamp(microseconds: t), device: device, kind)
    }
    let enter = InputEventKind.pointerEnter(position: InputPoint(x: 5, y: 5))
    let motion = InputEventKind.motion(position: nil, delta: InputVector(dx: 1, dy: 0), unaccelerated: InputVector(dx: 1, dy: 0))
    func pinch(_ phase: GesturePhase, scale: Double = 1, cancelled: Bool = false) -> InputEventKind {
        .gesture(GestureEvent(kind: .pinch, phase: phase, fingers: 2, scale: scale, cancelled: cancelled))
    }

    @Test("T1: the seat's stream never goes back: a millisecond stamp behind the clock reading before it is raised to it")
    func seatTime() {
        var p = InputPipeline()
        #expect(p.seat(e(enter, seat, at: 5_400)).map(\.time) == [Timestamp(microseconds: 5_400)])
        #expect(p.seat(e(motion, seat, at: 5_000)).map(\.time) == [Timestamp(microseconds: 5_400)])
        #expect(p.seat(e(motion, seat, at: 6_000)).map(\.time) == [Timestamp(microseconds: 6_000)])
    }

    @Test("T3: text keys leave as the placeholder from either source unless the user kept keys; modifiers keep their identity",
          arguments: [KeyPrivacy.redactText, .keepKeys])
    func privacy(_ privacy: KeyPrivacy) {
        var p = InputPipeline(policy: .libinput, privacy: privacy)
        _ = p.seat(e(enter, seat, at: 1))
        let text = privacy == .keepKeys ? a : KeyCode.placeholder
        #expect(p.seat(e(.key(a, pressed: true), seat, at: 2)).map(\.kind) == [], "--input libinput: keys come from libinput")
        #expect(p.libinput(e(.key(a, pressed: true), pad, at: 3)).map(\.kind) == [.key(text, pressed: true)])
        #expect(p.libinput(e(.key(shift, pressed: true), pad, at: 4)).map(\.kind) == [.key(shift, pressed: true)])
        var s = InputPipeline(privacy: privacy)
        #expect(s.seat(e(.key(a, pressed: false), seat, at: 5)).map(\.kind) == [.key(text, pressed: false)])
        var l = InputPipeline.libinputAlone(privacy: privacy)
        #expect(l.libinput(e(.key(a, pressed: true), pad, at: 6)).map(\.kind) == [.key(text, pressed: true)])
    }

    @Test("G7: libinput alone, a device removed mid-pinch ends it cancelled at the removal, with the device's own id")
    func removalAlone() {
        var p = InputPipeline.libinputAlone()
        _ = p.libinput(e(pinch(.begin), pad, at: 10))
        _ = p.libinput(e(pinch(.update, scale: 1.5), pad, at: 20))
        #expect(p.libinput(e(.deviceRemoved, pad, at: 30)) == [e(pinch(.end, scale: 1.5, cancelled: true), pad, at: 30),
                                                              e(.deviceRemoved, pad, at: 30)])
    }

    @Test("G7: merged, the removal cancels the open gesture once (the lifecycle's cancel closes it for the merge too)")
    func removalMerged() {
        var p = InputPipeline(policy: .libinput)
        _ = p.seat(e(enter, seat, at: 1))
        _ = p.libinput(e(pinch(.begin), pad, at: 10))
        #expect(p.libinput(e(.deviceRemoved, pad, at: 30)) == [e(pinch(.end, cancelled: true), moved, at: 30),
                                                              e(.deviceRemoved, moved, at: 30)])
    }

    @Test("T1: libinput's own time counts the events the merge leaves out: a gesture stamped before a dropped motion gets its time")
    func libinputTimeBeforeMerge() {
        var p = InputPipeline(policy: .libinput)
        _ = p.seat(e(enter, seat, at: 1))
        #expect(p.libinput(e(motion, pad, at: 100)).isEmpty, "motion comes from the seat")
        #expect(p.libinput(e(pinch(.begin), pad, at: 90)) == [e(pinch(.begin), moved, at: 100)])
    }

    @Test("a replayed trace passes as recorded (it is this stage's output), held to its header's privacy")
    func replayed() {
        let events = [e(enter, seat, at: 1), e(.key(shift, pressed: true), seat, at: 2), e(.key(.placeholder, pressed: true), seat, at: 2)]
        let trace = Trace(header: TraceHeader(), events: events)
        #expect(InputPipeline.replayed(trace) == trace)
        let kept = Trace(header: TraceHeader(privacy: .keepKeys), events: [e(.key(a, pressed: true), seat, at: 3)])
        #expect(InputPipeline.replayed(kept) == kept)
    }
}
