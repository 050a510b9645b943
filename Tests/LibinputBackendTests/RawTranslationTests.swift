// libinput's decoded events → Lodestone's stream, without libinput or umockdev (issue 20.6):
// events carry plain device keys, so these tests make them by hand and check what the stream
// says — device ids, units, the scroll stop, a new device's direction and repeat (T1, G1, G10),
// and the ends a removal turns into cancels (G7).
import InputProtocol
import Testing
@testable import LibinputBackend

@Suite("libinput events translated without libinput (issue 20.6; T1, G1, G7, G10)")
struct RawTranslationTests {
    static let touchpad = RawDevice(key: DeviceKey(rawValue: 0x5000), name: "Synaptics TM3276", capabilities: [.pointer, .gesture],
                                    naturalScroll: true)
    static let keyboard = RawDevice(key: DeviceKey(rawValue: 0x6000), name: "AT keyboard", capabilities: .keyboard, naturalScroll: false)
    static let mouse = RawDevice(key: DeviceKey(rawValue: 0x7000), name: "mouse", capabilities: .pointer, naturalScroll: false)

    func run(_ raw: [RawEvent], messages: inout [String]) -> [InputEvent] {
        var t = RawTranslation(keyboard: nil, keymapProblem: .keymap("no keymap"))
        var out: [InputEvent] = []
        var said: [String] = []
        for e in raw { t.translate(e, into: &out, messages: { said.append($0) }) }
        messages = said
        return out
    }

    func run(_ raw: [RawEvent]) -> [InputEvent] {
        var ignored: [String] = []
        return run(raw, messages: &ignored)
    }

    @Test("a device that appears gets the next id, its capabilities, its scroll direction or key repeat, at the seam's time")
    func devicesAppear() {
        var said: [String] = []
        let out = run([.deviceAdded(Self.touchpad, time: 10), .deviceAdded(Self.keyboard, time: 20), .deviceAdded(Self.mouse, time: 30)],
                      messages: &said)
        #expect(out == [
            InputEvent(time: Timestamp(microseconds: 10), device: DeviceID(1), .deviceAdded(name: "Synaptics TM3276", capabilities: [.pointer, .gesture])),
            InputEvent(time: Timestamp(microseconds: 10), device: DeviceID(1), .scrollDirection(.natural)),
            InputEvent(time: Timestamp(microseconds: 20), device: DeviceID(2), .deviceAdded(name: "AT keyboard", capabilities: .keyboard)),
            InputEvent(time: Timestamp(microseconds: 20), device: DeviceID(2), .keyRepeat(.desktopDefault)),
            InputEvent(time: Timestamp(microseconds: 30), device: DeviceID(3), .deviceAdded(name: "mouse", capabilities: .pointer)),
            InputEvent(time: Timestamp(microseconds: 30), device: DeviceID(3), .scrollDirection(.traditional)),
        ])
        // The missing keymap is said once, naming the first keyboard.
        #expect(said == ["no keymap; modifiers from AT keyboard are unavailable"])
    }

    @Test("a device removed and plugged in again is a new device; its key means nothing after the removal")
    func removalForgetsTheKey() {
        let pad = Self.touchpad.key
        let out = run([.deviceAdded(Self.touchpad, time: 1), .pointerButton(pad, time: 2, button: 0x110, pressed: true),
                       .deviceRemoved(pad, time: 3), .deviceAdded(Self.touchpad, time: 4)])
        #expect(out.map(\.device) == [DeviceID(1), DeviceID(1), DeviceID(1), DeviceID(1), DeviceID(1), DeviceID(2), DeviceID(2)])
        #expect(out[2].kind == .button(PointerButton(rawValue: 0x110), pressed: true) && out[3].kind == .frame)
        #expect(out[4] == InputEvent(time: Timestamp(microseconds: 3), device: DeviceID(1), .deviceRemoved))
    }

    @Test("motion in libinput units, touches in millimetres, both as points; each pointer event ends its frame")
    func units() {
        let pad = Self.touchpad.key
        let out = run([.deviceAdded(Self.touchpad, time: 0),
                       .pointerMotion(pad, time: 5, dx: 3, dy: -2, rawDX: 1.5, rawDY: -1),
                       .touch(pad, time: 6, phase: .down, slot: 2, xMM: 25.4, yMM: 12.7),
                       .touch(pad, time: 7, phase: .frame, slot: -1, xMM: 0, yMM: 0)]).dropFirst(2)
        let k = Units.pointsPerLibinputUnit
        #expect(Array(out.map(\.kind)) == [
            .motion(position: nil, delta: InputVector(dx: 3 * k, dy: -2 * k), unaccelerated: InputVector(dx: 1.5 * k, dy: -1 * k)),
            .frame,
            .touchDown(id: 2, position: InputPoint(x: 25.4 * Units.pointsPerMillimetre, y: 12.7 * Units.pointsPerMillimetre)),
            .touchFrame,
        ])
        // 25.4 mm is an inch: 96 points (a point is 1/96 inch).
        #expect(abs(25.4 * Units.pointsPerMillimetre - 96) < 1e-9)
        #expect(out.map(\.time.rawValue) == [5, 5, 6, 7].map { Timestamp(microseconds: $0).rawValue })
    }

    @Test("a finger scroll's zero is its stop; a wheel's detents keep their v120 value and never stop")
    func scroll() {
        let pad = Self.touchpad.key, mouse = Self.mouse.key
        let out = run([.deviceAdded(Self.touchpad, time: 0), .deviceAdded(Self.mouse, time: 0),
                       .pointerScroll(pad, time: 1, source: .finger, axes: [RawScrollAxis(vertical: true, value: 4.5, value120: nil)]),
                       .pointerScroll(pad, time: 2, source: .finger, axes: [RawScrollAxis(vertical: true, value: 0, value120: nil),
                                                                          RawScrollAxis(vertical: false, value: 0, value120: nil)]),
                       .pointerScroll(mouse, time: 3, source: .wheel, axes: [RawScrollAxis(vertical: true, value: 0, value120: 119.6)])])
            .dropFirst(4)
        #expect(Array(out.map(\.kind)) == [
            .scroll(source: .finger, axis: .vertical, value: 4.5, value120: nil, stop: false), .frame,
            .scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true),
            .scroll(source: .finger, axis: .horizontal, value: 0, value120: nil, stop: true), .frame,
            .scroll(source: .wheel, axis: .vertical, value: 0, value120: 120, stop: false), .frame,
        ])
    }

    @Test("a removal ends the device's gesture as cancelled and drops its finger-scroll stop; other devices' events stay (G7)")
    func removalCancels() {
        let pad = Self.touchpad.key, mouse = Self.mouse.key
        var raw: [RawEvent] = [
            .deviceAdded(Self.touchpad, time: 0), .deviceAdded(Self.mouse, time: 0),
            .gesture(pad, time: 1, kind: .pinch, phase: .begin, fingers: 2, dx: 0, dy: 0, scale: 1, angle: 0, cancelled: false),
            .pointerButton(mouse, time: 2, button: 0x110, pressed: true),
            .gesture(pad, time: 3, kind: .pinch, phase: .end, fingers: 2, dx: 0, dy: 0, scale: 1.4, angle: 0, cancelled: false),
            .pointerScroll(pad, time: 3, source: .finger, axes: [RawScrollAxis(vertical: true, value: 0, value120: nil)]),
            .deviceRemoved(pad, time: 4),
        ]
        LibinputBackend.markRemovalEndsCancelled(&raw)
        let gestures = run(raw).compactMap { e -> GestureEvent? in if case .gesture(let g) = e.kind { g } else { nil } }
        #expect(gestures.map(\.phase) == [.begin, .end])
        #expect(gestures.map(\.cancelled) == [false, true])
        #expect(gestures.last?.scale == 1.4)
        #expect(!run(raw).contains { if case .scroll = $0.kind { true } else { false } })
        #expect(run(raw).contains { $0.device == DeviceID(2) && $0.kind == .button(PointerButton(rawValue: 0x110), pressed: true) })
    }
}
