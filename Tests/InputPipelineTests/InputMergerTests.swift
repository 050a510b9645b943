// The `--input` policies: which source feeds the engine, no double counting, focus, and a
// gesture cut by focus loss or by the compositor taking over ends cancelled (G7). The merge is a
// stage of InputPipeline (it decides with the pipeline's GestureLifecycle, issue 34.7): driven
// through the pipeline.
import InputProtocol
import InputPipeline
import Testing

@Suite("InputMerger: --input wayland|libinput|both (G7, T1)")
struct InputMergerTests {
    let seat = DeviceID(1), pad = DeviceID(1)
    var moved: DeviceID { DeviceID(pad.rawValue + InputPipeline.libinputDeviceOffset) }

    func e(_ kind: InputEventKind, _ device: DeviceID = DeviceID(1), at t: UInt64 = 10) -> InputEvent {
        InputEvent(time: Timestamp(microseconds: t), device: device, kind)
    }
    func pinch(_ phase: GesturePhase, cancelled: Bool = false) -> InputEventKind {
        .gesture(GestureEvent(kind: .pinch, phase: phase, fingers: 2, scale: phase == .begin ? 1 : 1.4, cancelled: cancelled))
    }
    /// What the merger emits for a libinput pinch it cuts short, at the scale it last reached.
    func cut(scale: Double) -> InputEventKind {
        .gesture(GestureEvent(kind: .pinch, phase: .end, fingers: 2, scale: scale, cancelled: true))
    }
    let enter = InputEventKind.pointerEnter(position: InputPoint(x: 5, y: 5))
    let motion = InputEventKind.motion(position: InputPoint(x: 6, y: 5), delta: InputVector(dx: 1, dy: 0), unaccelerated: InputVector(dx: 1, dy: 0))
    let alt = InputEventKind.modifiers(ModifierState(depressed: .alt))

    @Test("T1: the merged stream's times never go back: a seat event stamped in whole milliseconds after a later libinput event gets that event's time (held once, by the pipeline)")
    func timesNeverGoBack() {
        var m = InputPipeline(policy: .both)
        _ = m.seat(e(enter, seat, at: 1_000))
        let hold = InputEventKind.gesture(GestureEvent(kind: .hold, phase: .begin, fingers: 2))
        #expect(m.libinput(e(hold, pad, at: 5_700)).map(\.time) == [Timestamp(microseconds: 5_700)])
        // The seat's 5 ms stamp for motion that happened after: raised to 5.7 ms, nothing else changes.
        var later = e(motion, seat, at: 5_000)
        later.time = Timestamp(microseconds: 5_700)
        #expect(m.seat(e(motion, seat, at: 5_000)) == [later])
        #expect(m.seat(e(motion, seat, at: 6_000)).map(\.time) == [Timestamp(microseconds: 6_000)])
    }

    @Test("wayland: the seat's stream passes untouched, libinput is ignored")
    func waylandOnly() {
        var m = InputPipeline(policy: .wayland)
        for k in [enter, motion, pinch(.begin), alt] { #expect(m.seat(e(k)) == [e(k)]) }
        for k in [pinch(.begin), alt, motion] { #expect(m.libinput(e(k)).isEmpty) }
    }

    @Test("libinput: gestures and modifiers from libinput (device ids moved), position from the seat, no double counting")
    func libinputPolicy() {
        var m = InputPipeline(policy: .libinput)
        #expect(m.seat(e(enter)) == [e(enter)])
        #expect(m.seat(e(motion)) == [e(motion)])
        #expect(m.libinput(e(motion)).isEmpty, "the compositor already moved the pointer")
        #expect(m.seat(e(pinch(.begin))).isEmpty && m.seat(e(alt)).isEmpty)
        #expect(m.libinput(e(pinch(.begin))) == [e(pinch(.begin), moved)])
        #expect(m.libinput(e(pinch(.update))) == [e(pinch(.update), moved)])
        #expect(m.libinput(e(alt)) == [e(alt, moved)])
        #expect(m.libinput(e(pinch(.end))) == [e(pinch(.end), moved)])
    }

    @Test("libinput: gestures outside the surface are not ours; focus lost mid-gesture cancels it")
    func focus() {
        var m = InputPipeline(policy: .libinput)
        #expect(m.libinput(e(pinch(.begin))).isEmpty, "no pointer focus yet")
        #expect(m.libinput(e(pinch(.update))).isEmpty, "nor its updates")
        _ = m.seat(e(enter))
        _ = m.libinput(e(pinch(.begin)))
        let leave = m.seat(e(.pointerLeave, seat, at: 20))
        #expect(leave == [e(cut(scale: 1), moved, at: 20), e(.pointerLeave, seat, at: 20)])
        #expect(m.libinput(e(pinch(.update))).isEmpty && m.libinput(e(pinch(.end))).isEmpty)
    }

    @Test("both: libinput gestures of a kind until the compositor sends one of that kind, then the compositor's only; the open libinput gesture ends cancelled")
    func both() {
        var m = InputPipeline(policy: .both)
        _ = m.seat(e(enter))
        #expect(m.seat(e(alt)) == [e(alt)], "the compositor's keyboard is the authority")
        #expect(m.libinput(e(alt)).isEmpty)
        #expect(m.libinput(e(pinch(.begin))) == [e(pinch(.begin), moved)])
        #expect(m.libinput(e(pinch(.update))) == [e(pinch(.update), moved)])
        let takeover = m.seat(e(pinch(.begin), seat, at: 30))
        #expect(takeover == [e(cut(scale: 1.4), moved, at: 30), e(pinch(.begin), seat, at: 30)])
        #expect(m.libinput(e(pinch(.update), at: 40)).isEmpty && m.libinput(e(pinch(.begin), at: 40)).isEmpty)
        #expect(m.seat(e(pinch(.update), at: 40)) == [e(pinch(.update), at: 40)])
    }

    @Test("both: a kind the compositor never sends (holds on sway 1.7) keeps coming from libinput")
    func bothPerKind() {
        var m = InputPipeline(policy: .both)
        _ = m.seat(e(enter))
        let hold = InputEventKind.gesture(GestureEvent(kind: .hold, phase: .begin, fingers: 2))
        #expect(m.libinput(e(hold)) == [e(hold, moved)])
        // The compositor's pinch takes pinches over; the libinput hold in progress is left alone.
        #expect(m.seat(e(pinch(.begin), seat, at: 30)) == [e(pinch(.begin), seat, at: 30)])
        let holdEnd = InputEventKind.gesture(GestureEvent(kind: .hold, phase: .end, fingers: 2))
        #expect(m.libinput(e(holdEnd, at: 40)) == [e(holdEnd, moved, at: 40)])
        #expect(m.libinput(e(hold, at: 50)) == [e(hold, moved, at: 50)], "holds still come from libinput")
        // A pinch begun while that hold is open: the lifecycle closes the hold first (G7); the
        // pinch itself is the compositor's.
        let holdCut = InputEventKind.gesture(GestureEvent(kind: .hold, phase: .end, fingers: 2, cancelled: true))
        #expect(m.libinput(e(pinch(.begin), at: 60)) == [e(holdCut, moved, at: 60)], "pinches do not")
    }
}
