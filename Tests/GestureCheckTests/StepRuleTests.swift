// The pass rules of `lodestone check` (issue 21.2), each at and around its named threshold.
import GestureCheck
import InputProtocol
import Testing

/// A stream built by hand: events of one source, `ms` apart.
struct Stream {
    var events: [SourcedEvent] = []
    var time = 1_000_000.0 // µs
    var source: CheckSource
    var device = DeviceID(1)
    init(_ source: CheckSource = .compositor) { self.source = source }

    mutating func add(_ k: InputEventKind, after ms: Double = 10, from src: CheckSource? = nil) {
        time += ms * 1000
        events.append(SourcedEvent(src ?? source, InputEvent(time: Timestamp(rawValue: UInt64(time)), device: device, k)))
    }
    mutating func gesture(_ kind: GestureKind, _ phase: GesturePhase, _ fingers: Int, dx: Double = 0, dy: Double = 0,
                          scale: Double = 1, rotation: Double = 0, cancelled: Bool = false, after ms: Double = 10,
                          from src: CheckSource? = nil) {
        add(.gesture(GestureEvent(kind: kind, phase: phase, fingers: fingers, delta: InputVector(dx: dx, dy: dy),
                                  scale: scale, rotation: rotation, cancelled: cancelled)), after: ms, from: src)
    }
    mutating func pinch(to scale: Double, rotation: Double = 0, steps: Int = 10, from src: CheckSource? = nil) {
        gesture(.pinch, .begin, 2, from: src)
        for i in 1...steps {
            gesture(.pinch, .update, 2, scale: 1 + (scale - 1) * Double(i) / Double(steps),
                    rotation: rotation / Double(steps), from: src)
        }
        gesture(.pinch, .end, 2, scale: scale, from: src)
    }
    mutating func swipe(_ fingers: Int, dx: Double, dy: Double, steps: Int = 10, from src: CheckSource? = nil) {
        gesture(.swipe, .begin, fingers, from: src)
        for _ in 0..<steps { gesture(.swipe, .update, fingers, dx: dx / Double(steps), dy: dy / Double(steps), from: src) }
        gesture(.swipe, .end, fingers, from: src)
    }
    mutating func hold(_ fingers: Int, seconds: Double, cancelled: Bool = false, after ms: Double = 10, from src: CheckSource? = nil) {
        gesture(.hold, .begin, fingers, after: ms, from: src)
        gesture(.hold, .end, fingers, cancelled: cancelled, after: seconds * 1000, from: src)
    }
    mutating func scroll(_ axis: ScrollAxis, total: Double, steps: Int = 10, ms: Double = 10) {
        for _ in 0..<steps { add(.scroll(source: .finger, axis: axis, value: total / Double(steps), value120: nil, stop: false), after: ms); add(.frame, after: 0) }
        add(.scroll(source: .finger, axis: axis, value: 0, value120: nil, stop: true))
    }
    mutating func click(_ b: PointerButton, after ms: Double = 10) {
        add(.button(b, pressed: true), after: ms)
        add(.button(b, pressed: false), after: 60)
    }

    func run(_ step: StepName, input: CheckInput = .wayland) -> StepResult {
        var r = StepRun(step, input: input, start: Timestamp(rawValue: 1_000_000))
        for e in events { r.feed(e) }
        return r.finish(at: Timestamp(rawValue: UInt64(time)), skip: .timeout(seconds: CheckThresholds.stepTimeout))
    }
}

@Suite("Check steps: pass rules at their thresholds (issue 21.2; G1–G11)")
struct StepRuleTests {
    @Test("Pinch: zoom in past 1.3×, zoom out under 0.75×; 1.25× and 0.8× are not enough (G2)")
    func pinch() {
        var s = Stream()
        s.pinch(to: 1.25)
        s.pinch(to: 0.8)
        var r = s.run(.pinch)
        #expect(r.parts.map(\.1) == [false, false])
        #expect(r.outcome == .failed("missing: zoom in, zoom out"))
        s.pinch(to: 1.35)
        s.pinch(to: 0.7)
        r = s.run(.pinch)
        #expect(r.outcome == .passed)
        #expect(r.figures.measured.first { $0.0 == "scale ×" }?.1 == 1.35)
    }

    @Test("Rotate: ≥ 30° summed over one pinch in each direction; 25° is not (G3)")
    func rotate() {
        var s = Stream()
        s.pinch(to: 1.0, rotation: 25)
        #expect(!s.run(.rotate).passed("clockwise"))
        s.pinch(to: 1.0, rotation: 31)
        #expect(s.run(.rotate).passed("clockwise"))
        #expect(!s.run(.rotate).passed("counterclockwise"))
        s.pinch(to: 1.1, rotation: -40)
        #expect(s.run(.rotate).outcome == .passed)
    }

    @Test("Three-finger swipes: each direction ≥ 60 pt with 3 fingers; 4 fingers or 50 pt do not count (G5)")
    func swipe3() {
        var s = Stream()
        s.swipe(3, dx: 0, dy: -50)
        s.swipe(4, dx: 0, dy: 100)
        var r = s.run(.swipe3)
        #expect(r.parts.allSatisfy { !$0.1 })
        s.swipe(3, dx: 0, dy: -70)
        s.swipe(3, dx: 10, dy: 80)
        s.swipe(3, dx: -90, dy: 20)
        r = s.run(.swipe3)
        #expect(r.passed("up") && r.passed("down") && r.passed("left") && !r.passed("right"))
        s.swipe(3, dx: 61, dy: 0)
        #expect(s.run(.swipe3).outcome == .passed)
        #expect(!s.run(.swipe4).passed("up"), "a 3-finger swipe is not a 4-finger one")
        #expect(s.run(.swipe4).passed("down"))
    }

    @Test("A cancelled swipe does not count (G7)")
    func cancelledSwipe() {
        var s = Stream()
        s.gesture(.swipe, .begin, 3)
        s.gesture(.swipe, .update, 3, dx: 100)
        s.gesture(.swipe, .end, 3, cancelled: true)
        #expect(!s.run(.swipe3).passed("right"))
    }

    @Test("Hold: ≥ 0.5 s passes, 0.3 s does not (G6)")
    func hold() {
        var s = Stream()
        s.hold(2, seconds: 0.3)
        #expect(s.run(.hold).outcome == .failed("missing: hold"))
        s.hold(3, seconds: 0.55)
        let r = s.run(.hold)
        #expect(r.outcome == .passed)
        #expect(abs((r.figures.measured.first { $0.0 == "held s" }?.1 ?? 0) - 0.55) < 1e-9)
    }

    @Test("Scroll: ≥ 40 pt on each axis, the stop, and momentum when the stop comes at ≥ 300 pt/s (G1)")
    func scroll() {
        var s = Stream()
        s.scroll(.vertical, total: 30, steps: 10, ms: 20) // 150 pt/s, 30 pt: neither
        var r = s.run(.scroll)
        #expect(!r.passed("vertical") && r.passed("stop") && !r.passed("momentum"))
        s.scroll(.vertical, total: 120, steps: 10, ms: 10) // 1200 pt/s
        s.scroll(.horizontal, total: -45)
        r = s.run(.scroll)
        #expect(r.outcome == .passed)
        #expect((r.figures.measured.first { $0.0 == "speed at stop pt/s" }?.1 ?? 0) >= CheckThresholds.flickSpeed)
    }

    @Test("Figures: time to first event, update rate in Hz, and the libinput→compositor offset with --input both")
    func figures() {
        var s = Stream(.libinput)
        s.gesture(.pinch, .begin, 2, after: 500, from: .libinput)      // t = 0.5 s after the start
        s.gesture(.pinch, .begin, 2, after: 4, from: .compositor)      // 4 ms later
        for i in 1...10 {
            s.gesture(.pinch, .update, 2, scale: 1 + 0.05 * Double(i), from: .libinput)
            s.gesture(.pinch, .update, 2, scale: 1 + 0.05 * Double(i), after: 0, from: .compositor)
        }
        let r = s.run(.pinch, input: .both)
        #expect(abs(r.figures.firstEvent! - 0.5) < 1e-6)
        #expect(abs(r.figures.sourceOffset! - 4) < 1e-6)
        // The source with more events gives the rate; on a tie the compositor's: 11 events, 100 ms.
        #expect(abs(r.figures.updateRate! - 100) < 0.01)
        #expect(s.run(.pinch, input: .wayland).figures.sourceOffset == nil)
        // A second pinch 2 s later at the same pace: the pause is no interval, the rate stays.
        s.gesture(.pinch, .begin, 2, after: 2000, from: .compositor)
        for i in 1...10 { s.gesture(.pinch, .update, 2, scale: 1 + 0.05 * Double(i), from: .compositor) }
        #expect(abs(s.run(.pinch, input: .wayland).figures.updateRate! - 100) < 0.01)
    }

    @Test("--input wayland counts only the seat; libinput counts libinput's gestures; both counts either")
    func inputPolicy() {
        var s = Stream(.libinput)
        s.hold(2, seconds: 0.6)
        #expect(s.run(.hold, input: .wayland).outcome != .passed)
        #expect(s.run(.hold, input: .libinput).outcome == .passed)
        #expect(s.run(.hold, input: .both).outcome == .passed)
    }

    @Test("Tap: left, right, middle from 1, 2, 3 fingers (G9); click: left and right")
    func tapAndClick() {
        var s = Stream()
        s.click(.left)
        s.click(.right)
        #expect(s.run(.tap).outcome == .failed("missing: three fingers"))
        #expect(s.run(.click).outcome == .passed)
        s.click(.middle)
        #expect(s.run(.tap).outcome == .passed)
    }

    @Test("Smart zoom: two two-finger taps ≤ 0.35 s apart, as right clicks or short holds (G4)")
    func smartZoom() {
        var s = Stream()
        s.click(.right)
        s.click(.right, after: 400) // 460 ms after the first press: too late
        #expect(s.run(.smartZoom).outcome != .passed)
        var t = Stream()
        t.hold(2, seconds: 0.1)
        t.hold(2, seconds: 0.1, after: 0)
        #expect(t.run(.smartZoom).outcome == .passed)
        var u = Stream()
        u.click(.right)
        u.click(.right, after: 200)
        #expect(u.run(.smartZoom).outcome == .passed)
    }

    @Test("Drag: ≥ 40 pt with the left button held, plainly and with each modifier of the convention (I2, G9)")
    func drag() {
        var s = Stream()
        func drag(_ mods: Modifiers, _ d: Double) {
            s.add(.modifiers(ModifierState(depressed: mods)))
            s.add(.button(.left, pressed: true))
            for _ in 0..<5 { s.add(.motion(position: nil, delta: InputVector(dx: d / 5, dy: 0), unaccelerated: .zero)) }
            s.add(.button(.left, pressed: false))
        }
        #expect(StepName.drag.parts(.desktop) == ["plain", "copy (Ctrl)", "move (Shift)", "link (Ctrl+Shift)"])
        #expect(StepName.drag.parts(.mac) == ["plain", "copy (Option)", "link (Option+Command)"])
        drag([], 50)
        drag(.shift, 30)
        var r = s.run(.drag)
        #expect(r.passed("plain") && !r.passed("move (Shift)"), "30 pt is under the 40 pt drag distance")
        // Ctrl+Shift is the link, not a copy and a move as well.
        drag([.control, .shift], 45)
        r = s.run(.drag)
        #expect(r.passed("link (Ctrl+Shift)") && !r.passed("copy (Ctrl)") && !r.passed("move (Shift)"))
        // A lock held along changes nothing; Alt means nothing on the desktop.
        drag([.shift, .capsLock], 45); drag(.alt, 45)
        r = s.run(.drag)
        #expect(r.passed("move (Shift)") && !r.passed("copy (Ctrl)"))
        drag(.control, 45)
        #expect(s.run(.drag).outcome == .passed)
        // The same drags under the Mac's convention: Option copies, Option+Command links.
        var mac = StepRun(.drag, input: .wayland, start: Timestamp(rawValue: 0), convention: .mac)
        for e in s.events { mac.feed(e) }
        #expect(mac.finish(at: Timestamp(rawValue: UInt64(s.time))).outcome == .failed("missing: link (Option+Command)"), "the Alt drag is the Mac's copy")
        drag([.alt, .super], 45)
        mac = StepRun(.drag, input: .wayland, start: Timestamp(rawValue: 0), convention: .mac)
        for e in s.events { mac.feed(e) }
        #expect(mac.finish(at: Timestamp(rawValue: UInt64(s.time))).outcome == .passed)
    }

    @Test("Touch: a tap, a long press ≥ 0.5 s and a drag ≥ 40 pt (G11)")
    func touch() {
        var s = Stream()
        s.add(.touchDown(id: 1, position: InputPoint(x: 10, y: 10))); s.add(.touchUp(id: 1), after: 100)
        s.add(.touchDown(id: 2, position: InputPoint(x: 10, y: 10))); s.add(.touchUp(id: 2), after: 600)
        #expect(s.run(.touch).outcome == .failed("missing: drag"))
        s.add(.touchDown(id: 3, position: InputPoint(x: 10, y: 10)))
        s.add(.touchMotion(id: 3, position: InputPoint(x: 60, y: 10)))
        s.add(.touchUp(id: 3))
        #expect(s.run(.touch).outcome == .passed)
    }

    @Test("Keys: each modifier pressed and each lock toggled (G10)")
    func keys() {
        var s = Stream()
        for m: Modifiers in [.shift, .control, .alt, .super] { s.add(.modifiers(ModifierState(depressed: m))) }
        s.add(.modifiers(ModifierState(locked: .capsLock)))
        #expect(s.run(.keys).outcome == .failed("missing: num lock"))
        s.add(.modifiers(ModifierState(locked: [.capsLock, .numLock])))
        #expect(s.run(.keys).outcome == .passed)
    }

    @Test("Nothing arriving is a skip by timeout; S is a skip even after some parts")
    func skips() {
        let r = Stream().run(.pinch)
        #expect(r.outcome == .skipped(.timeout(seconds: CheckThresholds.stepTimeout)))
        var s = Stream()
        s.pinch(to: 1.5)
        var run = StepRun(.pinch, input: .wayland, start: Timestamp(rawValue: 0))
        for e in s.events { run.feed(e) }
        #expect(run.finish(at: Timestamp(rawValue: 9_000_000), skip: .key).outcome == .skipped(.key))
    }

    @Test("A step that got only what it watches, never an attempt at it, is skipped, not failed (issue 30.10)")
    func nothingMeantForIt() {
        // The drag step: plain motion and a click in place are no drag.
        var s = Stream()
        for _ in 0..<10 { s.add(.motion(position: InputPoint(x: 10, y: 10), delta: InputVector(dx: 3, dy: 0), unaccelerated: .zero)) }
        s.click(.left)
        #expect(s.run(.drag).outcome == .skipped(.nothingForIt(seconds: CheckThresholds.stepTimeout)))
        #expect(SkipReason.nothingForIt(seconds: 30).text == "nothing meant for this step within 30 s")
        // A short drag is an attempt: it fails with what is missing.
        s.add(.button(.left, pressed: true))
        s.add(.motion(position: InputPoint(x: 10, y: 10), delta: InputVector(dx: 10, dy: 0), unaccelerated: .zero))
        s.add(.button(.left, pressed: false))
        #expect(s.run(.drag).outcome == .failed("missing: plain, copy (Ctrl), move (Shift), link (Ctrl+Shift)"))
        // The pinch step: a finger resting (a hold) is not a pinch; a pinch short of 1.3× is.
        var p = Stream()
        p.hold(2, seconds: 0.6)
        #expect(p.run(.pinch).outcome == .skipped(.nothingForIt(seconds: CheckThresholds.stepTimeout)))
        p.pinch(to: 1.2)
        #expect(p.run(.pinch).outcome == .failed("missing: zoom in, zoom out"))
        // S after only context: skipped with S.
        var run = StepRun(.pinch, input: .wayland, start: Timestamp(rawValue: 0))
        for e in Stream().events { run.feed(e) }
        #expect(run.finish(at: Timestamp(rawValue: 1), skip: .key).outcome == .skipped(.key))
    }

    @Test("A device removed mid-step ends the step with the reason")
    func deviceRemoved() {
        var s = Stream()
        s.add(.deviceAdded(name: "Pad", capabilities: [.pointer, .gesture]))
        s.gesture(.pinch, .begin, 2)
        s.gesture(.pinch, .update, 2, scale: 1.1)
        s.add(.deviceRemoved)
        s.pinch(to: 2)
        let r = s.run(.pinch)
        #expect(r.outcome == .failed("the device “Pad” was removed during the step"))
    }

    @Test("--steps: names in the check's order; unknown, empty or repeated names are refused with the valid list")
    func stepList() throws {
        #expect(try StepName.parseList("hold,pinch") == [.hold, .pinch], "in the order given (issue 30.10)")
        #expect(try StepName.parseList("drag,click") == [.drag, .click])
        #expect(try StepName.parseList("smart-zoom") == [.smartZoom])
        #expect(try StepName.parseList("all") == StepName.allCases)
        #expect(StepName.allCases.map(\.rawValue) == ["scroll", "wheel", "pinch", "rotate", "smart-zoom", "swipe3",
                                                       "swipe4", "hold", "tap", "click", "drag", "touch", "keys"])
        #expect(throws: StepListError(message: "--steps: unknown step “pinchh”; valid steps: scroll, wheel, pinch, rotate, smart-zoom, swipe3, swipe4, hold, tap, click, drag, touch, keys")) {
            try StepName.parseList("pinch,pinchh")
        }
        #expect(throws: StepListError(message: "--steps: empty step name in “pinch,”")) { try StepName.parseList("pinch,") }
        #expect(throws: StepListError(message: "--steps: “hold” is named twice")) { try StepName.parseList("hold,hold") }
    }
}
