// `--input libinput` and `--input both` end to end (issue 4 item 2): the real lodestone program
// in a window under headless sway (input injected into sway's seat by the sway-inject shim) AND
// reading emulated libinput devices (real libinput 1.22 on umockdev) in the same process. The
// program prints every event its engine gets (`--report-input`); the test acts on the compositor
// side when the program's output shows the libinput side got somewhere, so nothing depends on
// guessed delays except where the program must see NOTHING (an unfocused gesture).
import Foundation
import InputProtocol
import LibinputBackend
import InputPipeline
import Testing
import TestSupport

/// What the engine got, split by source (libinput ids are moved past `libinputDeviceOffset`).
struct MergedStream {
    var events: [InputEvent]
    static func isLibinput(_ e: InputEvent) -> Bool { e.device.rawValue >= InputPipeline.libinputDeviceOffset }

    init(_ lines: [String]) throws {
        let body = lines.filter { $0.hasPrefix("input ") }.map { String($0.dropFirst("input ".count)) }
        events = try Harness.decode([TraceEncoder.headerLine(TraceHeader())] + body)
    }
    init(events: [InputEvent]) { self.events = events }

    func gestures(libinput: Bool) -> [GestureEvent] {
        events.filter { Self.isLibinput($0) == libinput }.compactMap { if case .gesture(let g) = $0.kind { g } else { nil } }
    }
    func modifiers(libinput: Bool) -> [ModifierState] {
        events.filter { Self.isLibinput($0) == libinput }.compactMap { if case .modifiers(let m) = $0.kind { m } else { nil } }
    }
    func motions(libinput: Bool) -> [InputEvent] {
        events.filter { Self.isLibinput($0) == libinput && { if case .motion = $0.kind { true } else { false } }($0) }
    }
    /// Begin/end of gestures in order, e.g. "libinput swipe begin", "seat swipe end".
    var gestureOutline: [String] {
        events.compactMap { e in
            guard case .gesture(let g) = e.kind, g.phase != .update else { return nil }
            return "\(Self.isLibinput(e) ? "libinput" : "seat") \(g.kind) \(g.phase)\(g.cancelled ? " cancelled" : "")"
        }
    }
}

extension [String] {
    /// A gesture outline without its holds: libinput also begins a hold when fingers rest a
    /// moment before they move, which a loaded machine replaying the touchpad can make happen
    /// before a swipe (seen as a flaky run at load 5).
    var withoutHolds: [String] { filter { !$0.contains(" hold ") } }
}

/// A line of `--report-input` that is a libinput gesture of `kind` in `phase`.
func isLibinputGesture(_ kind: GestureKind, _ phase: GesturePhase) -> (String) -> Bool {
    { line in
        guard line.hasPrefix("input "), line.contains("\"type\": \"gesture\""), line.contains("\"kind\": \"\(kind.rawValue)\""),
              line.contains("\"phase\": \"\(phase.rawValue)\"") else { return false }
        return (try? MergedStream([line]).events.first.map(MergedStream.isLibinput)) ?? false
    }
}

final class MergedSession {
    let sway: Sway
    let seat: SeatInjector
    let program: EmulatedSession
    /// The window's content rectangle in layout coordinates.
    let content: (x: Int, y: Int, width: Int, height: Int)

    static let touchpad = EmulatedDevice(.touchpad(), eventNumber: 7)
    static let keyboard = EmulatedDevice(.keyboard(), eventNumber: 3)

    /// Starts sway (the lodestone window floats at 400×300 in a corner, so the pointer can
    /// leave it), then lodestone `--input policy` on the emulated touchpad and keyboard; moves
    /// the pointer into the window, which starts playing `pad` and `keyboard`.
    convenience init(policy: InputPolicy, pad: TouchpadScript, keyboard: KeyboardScript) throws {
        try self.init(command: ["playground", "--input", policy.rawValue, "--report-input", "--layout", RoundTripScenario.layoutPath],
                      readyToken: "pointer_enter", pad: pad, keyboard: keyboard)
    }

    /// `lodestone ARGUMENTS` (printing `readyToken` when the pointer enters its window) on the
    /// emulated touchpad and keyboard, with the same sway set-up.
    init(command arguments: [String], readyToken: String, pad: TouchpadScript, keyboard: KeyboardScript) throws {
        var script = EmulatedScript()
        script.append(pad.frames, to: Self.touchpad.node)
        script.append(keyboard.frames, to: Self.keyboard.node)
        (sway, seat) = try Sway.startWithInjectedSeat(config: [
            "for_window [app_id=lodestone] floating enable, resize set 400 300, move position 0 0",
        ])
        program = try EmulatedSession(devices: [Self.touchpad, Self.keyboard], script: script, command: [Harness.lodestone] + arguments,
                                      readyToken: readyToken, readyCount: 1, settle: 0.6,
                                      environment: sway.clientEnvironment.merging(["SWAYSOCK": sway.ipcSocket]) { a, _ in a })
        let placed = try sway.waitForSettledWindow(appID: "lodestone")
        content = placed.content
        try seat.move(to: Double(content.x + content.width / 2), Double(content.y + content.height / 2))
        try program.waitForLine("the pointer entering the window") { $0.contains(readyToken) }
    }

    deinit { sway.stop() }

    /// Somewhere on the output outside the window.
    var outside: (Double, Double) { (seat.layoutSize.width - 20, seat.layoutSize.height - 20) }
}

@Suite("--input libinput | both under headless sway with emulated libinput devices (issue 4, G5, G7, G10)", .serialized,
       .enabled(if: Harness.unavailable == nil && SwayInject.library() != nil,
                "needs the umockdev and sway-inject fixtures (scripts/build-fixtures)"))
struct InputMergingEndToEndTests {
    @Test("libinput: gestures and modifiers come from libinput, position from wl_pointer; libinput gestures outside the window are dropped")
    func libinputPolicy() throws {
        var pad = TouchpadScript(start: 0.3)
        var kbd = KeyboardScript(start: 0.1)
        kbd.key(Key.leftAlt, pressed: true)                 // libinput: Alt
        pad.down([MM(40, 35)]); pad.translate(by: MM(15, 5), duration: 0.2); pad.up()   // libinput motion: not used
        pad.rest(0.2)
        pad.down(fingers(3)); pad.translate(by: MM(25, 0), duration: 0.25); pad.up()   // swipe while focused
        let swipeEnd = pad.time
        // The test moves the pointer out when it sees this swipe end; this pinch comes 3 s later
        // (room for a machine busy compiling).
        pad.rest(3.0)
        pad.down([MM(42, 35), MM(58, 35)]); pad.pinch(to: 1.8, duration: 0.4); pad.up()
        let unfocusedPinchEnd = pad.time
        pad.rest(3.0)                                       // the test moves back in meanwhile
        pad.down(fingers(3)); pad.translate(by: MM(-25, 0), duration: 0.25); pad.up()
        kbd.key(Key.leftAlt, pressed: false, after: pad.time + 0.1 - kbd.time)
        let s = try MergedSession(policy: .libinput, pad: pad, keyboard: kbd)
        let p = s.program
        let firstEnd = try p.waitForLine(timeout: 15, "the libinput swipe's end", isLibinputGesture(.swipe, .end))
        // The compositor's own gesture, keyboard and pointer motion while focused.
        try s.seat.hold(.leftShift) { try s.seat.pinch(scale: 1.5) }
        try s.seat.move(by: 6, 4)
        try s.seat.move(to: s.outside.0, s.outside.1)        // leave: the next libinput pinch is not ours
        try p.waitForLine(after: firstEnd, "the pointer leaving") { $0.hasPrefix("input ") && $0.contains("pointer_leave") }
        usleep(UInt32((unfocusedPinchEnd - swipeEnd + 0.3) * 1e6))
        try s.seat.move(to: Double(s.content.x + 50), Double(s.content.y + 50))
        let (lines, stderr, status) = p.finish()
        #expect(status == 0, "\(stderr)")
        let stream = try MergedStream(lines)

        #expect(stream.gestureOutline.withoutHolds == ["libinput swipe begin", "libinput swipe end", "libinput swipe begin", "libinput swipe end"],
                "both swipes from libinput, the unfocused pinch and the compositor's pinch dropped: \(stream.gestureOutline)")
        #expect(stream.gestures(libinput: true).allSatisfy { $0.fingers == 3 })
        #expect(stream.modifiers(libinput: true).map(\.effective) == [.alt, []], "Alt from libinput's keyboard")
        #expect(stream.modifiers(libinput: false).isEmpty, "the compositor's Shift is not used")
        #expect(stream.motions(libinput: true).isEmpty, "libinput motion is not used")
        #expect(!stream.motions(libinput: false).isEmpty, "the pointer moves with wl_pointer")
        // The gesture after the pointer came back is there: focus gates, it does not latch.
        let enters = stream.events.indices.filter { if case .pointerEnter = stream.events[$0].kind { true } else { false } }
        let lastBegin = try #require(stream.events.lastIndex { if case .gesture(let g) = $0.kind { g.phase == .begin } else { false } })
        #expect(enters.count >= 2 && lastBegin > enters.last!)
    }

    @Test("both: a swipe both sources report is counted once (the compositor's); kinds the compositor never sends (hold on sway 1.7) still come from libinput")
    func bothPolicy() throws {
        var pad = TouchpadScript(start: 0.3)
        var kbd = KeyboardScript(start: 0.1)
        kbd.key(Key.leftAlt, pressed: true)
        kbd.key(Key.leftAlt, pressed: false, after: 0.1)
        // A slow swipe: the compositor's report of "the same" swipe comes while it is under way.
        pad.down(fingers(3)); pad.translate(by: MM(30, 0), duration: 2.5); pad.up()
        pad.rest(0.5)
        // A second one: the compositor has taken swipes over, libinput's is not used at all.
        pad.down(fingers(3)); pad.translate(by: MM(-30, 0), duration: 0.4); pad.up()
        pad.rest(0.5)
        // A hold: sway 1.7 never forwards holds, libinput's is used.
        pad.down(fingers(2)); pad.rest(0.6); pad.up()
        // The test answers the hold with the compositor's second swipe: a late key (not used
        // with both) keeps the program running until that has surely arrived.
        kbd.key(Key.leftShift, pressed: true, after: pad.time + 3 - kbd.time)
        kbd.key(Key.leftShift, pressed: false)
        let s = try MergedSession(policy: .both, pad: pad, keyboard: kbd)
        let p = s.program
        let begin = try p.waitForLine(timeout: 15, "the libinput swipe's begin", isLibinputGesture(.swipe, .begin))
        let deltas = Array(repeating: (dx: 10.0, dy: 0.0), count: 6)
        try s.seat.swipe(fingers: 3, deltas: deltas)
        // The second libinput swipe is not passed on, so there is nothing to see; its hold is.
        try p.waitForLine(after: begin, "the libinput hold after the second swipe", isLibinputGesture(.hold, .begin))
        try s.seat.swipe(fingers: 3, deltas: deltas.map { (-$0.dx, $0.dy) })
        let (lines, stderr, status) = p.finish()
        #expect(status == 0, "\(stderr)")
        let stream = try MergedStream(lines)

        let completed = stream.gestureOutline.filter { $0.hasSuffix("swipe end") }
        #expect(completed == ["seat swipe end", "seat swipe end"], "each swipe counted once: \(stream.gestureOutline)")
        #expect(stream.gestureOutline.withoutHolds.prefix(4) == ["libinput swipe begin", "libinput swipe end cancelled", "seat swipe begin", "seat swipe end"],
                "the compositor's swipe took over the libinput one, which ended cancelled: \(stream.gestureOutline)")
        #expect(stream.gestureOutline.filter { $0.hasPrefix("libinput swipe") }.count == 2, "no libinput swipe after that")
        #expect(stream.gestureOutline.contains("libinput hold begin") && stream.gestureOutline.contains("libinput hold end"))
        #expect(stream.modifiers(libinput: true).isEmpty, "with both, modifiers come from the compositor's keyboard")
        #expect(stream.motions(libinput: true).isEmpty)
    }
}
