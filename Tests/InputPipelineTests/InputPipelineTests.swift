// The one input stage (issue 20.2) as the commands use it: each source's time, libinput's
// gesture lifecycle, key privacy and the merge, done once here (T1, T3, G7).
import InputProtocol
import Testing
import InputPipeline

@Suite("InputPipeline: time, lifecycle, privacy and merge in one stage (T1, T3, G7)")
struct InputPipelineTests {
    let seat = DeviceID(1), pad = DeviceID(1)
    var moved: DeviceID { DeviceID(pad.rawValue + InputPipeline.libinputDeviceOffset) }
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

    @Test("T1: a seat stamping its wall clock (KWin 5.27's fake input) lands on the dispatch clock: within tolerance of now, intervals kept, never back, said once")
    func wallClockSeat() {
        var p = InputPipeline()
        var notices: [String] = []
        p.notice = { notices.append($0) }
        // Monotonic: an hour after boot. The wall clock, 2026 in ms since 1970, truncated to
        // wl_pointer's 32 bits: days away from the monotonic clock either way.
        let boot: UInt64 = 3_600_000_000
        let wall = UInt64(1_796_000_000_000 % (1 << 32)) * 1000
        let future = UInt64(SourceClock.futureTolerance.microseconds), past = UInt64(SourceClock.pastTolerance.microseconds)
        #expect(wall > boot + future || wall + past < boot)
        let wallSteps: [UInt64] = [0, 8_000, 16_000, 24_000, 40_000, 48_000, 300_000, 308_000]
        // Dispatched a little after each event, the delay varying with load (0-3 ms).
        let delays: [UInt64] = [1_000, 3_000, 0, 2_000, 1_500, 500, 2_500, 1_000]
        var out: [Timestamp] = []
        for (step, delay) in zip(wallSteps, delays) {
            let now = boot + step + delay
            let placed = p.seat(e(motion, seat, at: wall + step), now: Timestamp(microseconds: now)).map(\.time)
            #expect(placed.count == 1)
            out += placed
            let t = placed[0].rawValue
            #expect(t <= now + future && t + past >= now, "\(t) is not near now \(now)")
            // An event with no protocol time (frame, enter), stamped with the clock: as it is, or
            // raised to the stream's latest time.
            let framed = p.seat(e(.frame, seat, at: now), now: Timestamp(microseconds: now)).map(\.time)
            #expect(framed == [Timestamp(microseconds: max(now, t))])
        }
        // The intervals the compositor gave (velocity, double-click and momentum timing).
        #expect(zip(out.dropFirst(), out).map { $0.rawValue - $1.rawValue } == zip(wallSteps.dropFirst(), wallSteps).map { $0 - $1 })
        #expect(out == out.sorted())
        #expect(notices.count == 1)
        #expect(notices.first?.contains("the compositor") == true)
    }

    @Test("T1: a seat on the monotonic clock (sway, mutter) keeps its times: a millisecond behind or a late dispatch is not another clock")
    func monotonicSeatUnmoved() {
        var p = InputPipeline()
        var notices: [String] = []
        p.notice = { notices.append($0) }
        let now: UInt64 = 3_600_000_000
        #expect(p.seat(e(motion, seat, at: now - 900), now: Timestamp(microseconds: now)).map(\.time) == [Timestamp(microseconds: now - 900)])
        // Held 5 s by a loaded machine: late, not rebased.
        #expect(p.seat(e(motion, seat, at: now + 1_000), now: Timestamp(microseconds: now + 5_000_000)).map(\.time) == [Timestamp(microseconds: now + 1_000)])
        #expect(notices.isEmpty)
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

    @Test("T1: time is held once, on the stream that leaves (issue 34.7): what the merge drops holds no time; a later event stamped before one that left gets its time")
    func timeHeldOnceAfterMerge() {
        var p = InputPipeline(policy: .libinput)
        _ = p.seat(e(enter, seat, at: 1))
        #expect(p.libinput(e(motion, pad, at: 100)).isEmpty, "motion comes from the seat")
        #expect(p.libinput(e(pinch(.begin), pad, at: 90)) == [e(pinch(.begin), moved, at: 90)], "the dropped motion's 100 µs never left")
        #expect(p.seat(e(motion, seat, at: 120)).map(\.time) == [Timestamp(microseconds: 120)])
        #expect(p.libinput(e(pinch(.update), pad, at: 110)).map(\.time) == [Timestamp(microseconds: 120)], "raised to what left last")
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
