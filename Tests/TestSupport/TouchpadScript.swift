// Scenario generator for emulated devices: a multitouch touchpad driven in millimetres and
// seconds (fingers down, moved along paths, lifted), and a keyboard (keys pressed, released).
// It writes the kernel frames a real touchpad would send (protocol B slots, BTN_TOOL_* finger
// counts, ABS_X/Y of the first touch), sampled every `frameInterval`.
import Foundation

public struct MM: Hashable, Sendable {
    public var x: Double, y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
}

extension EvdevDevice {
    /// Units per millimetre of the emulated touchpad (a common I2C clickpad value).
    public static let touchpadResolution: Int32 = 20
    /// A 5-slot clickpad, 100 × 70 mm, internal (what a laptop has).
    public static func touchpad(name: String = "Lodestone Emulated Touchpad") -> EvdevDevice {
        let r = touchpadResolution
        let x = AbsAxis(minimum: 0, maximum: 100 * r, resolution: r)
        let y = AbsAxis(minimum: 0, maximum: 70 * r, resolution: r)
        return EvdevDevice(
            name: name, bus: 0x18, vendor: 0x6cb, product: 0xce7e, version: 0x100,
            properties: [EV.propPointer, EV.propButtonPad],
            codes: [EV.key: [EV.btnLeft, EV.btnToolFinger, EV.btnToolQuintTap, EV.btnTouch,
                             EV.btnToolDoubleTap, EV.btnToolTripleTap, EV.btnToolQuadTap],
                    EV.abs: [EV.absX, EV.absY, EV.absMTSlot, EV.absMTPositionX, EV.absMTPositionY, EV.absMTTrackingID]],
            axes: [EV.absX: x, EV.absY: y, EV.absMTSlot: AbsAxis(minimum: 0, maximum: 4),
                   EV.absMTPositionX: x, EV.absMTPositionY: y, EV.absMTTrackingID: AbsAxis(minimum: 0, maximum: 65535)],
            udev: ["ID_INPUT": "1", "ID_INPUT_TOUCHPAD": "1", "ID_INPUT_TOUCHPAD_INTEGRATION": "internal"])
    }

    /// A USB keyboard with every key up to KEY_MICMUTE and LEDs (no EV_REP: libinput does its own repeat).
    public static func keyboard(name: String = "Lodestone Emulated Keyboard") -> EvdevDevice {
        EvdevDevice(
            name: name, bus: 0x03, vendor: 0x1, product: 0x1, version: 0x111,
            codes: [EV.key: Set(1...248), EV.msc: [4], EV.led: [0, 1, 2]],
            udev: ["ID_INPUT": "1", "ID_INPUT_KEY": "1", "ID_INPUT_KEYBOARD": "1"])
    }
}

/// Writes touchpad frames. Positions are millimetres from the pad's top-left corner.
public struct TouchpadScript {
    /// 100 Hz, a typical touchpad report rate.
    public static let frameInterval = 0.010
    public private(set) var frames: [EvdevFrame] = []
    public private(set) var time: Double
    private var touches: [Int: MM] = [:]     // slot → position
    private var nextTrackingID: Int32 = 100
    private let resolution: Double

    public init(start: Double = 0.05, resolution: Int32 = EvdevDevice.touchpadResolution) {
        time = start; self.resolution = Double(resolution)
    }

    public var fingerCount: Int { touches.count }

    private func units(_ mm: Double) -> Int32 { Int32((mm * resolution).rounded()) }

    private static let toolCodes = [EV.btnToolFinger, EV.btnToolDoubleTap, EV.btnToolTripleTap,
                                    EV.btnToolQuadTap, EV.btnToolQuintTap]

    private mutating func emit(_ body: [EvdevEvent], oldCount: Int) {
        var events = body
        let count = touches.count
        if oldCount != count {
            if oldCount == 0 { events.append(EvdevEvent(type: EV.key, code: EV.btnTouch, value: 1)) }
            if count == 0 { events.append(EvdevEvent(type: EV.key, code: EV.btnTouch, value: 0)) }
            if oldCount > 0 { events.append(EvdevEvent(type: EV.key, code: Self.toolCodes[min(oldCount, 5) - 1], value: 0)) }
            if count > 0 { events.append(EvdevEvent(type: EV.key, code: Self.toolCodes[min(count, 5) - 1], value: 1)) }
        }
        if let first = touches.keys.min(), let p = touches[first] {
            events.append(EvdevEvent(type: EV.abs, code: EV.absX, value: units(p.x)))
            events.append(EvdevEvent(type: EV.abs, code: EV.absY, value: units(p.y)))
        }
        events.append(EvdevEvent(type: EV.syn, code: EV.synReport, value: 0))
        frames.append(EvdevFrame(time: time, events: events))
    }

    /// Puts fingers down at `points` (one frame), in free slots.
    public mutating func down(_ points: [MM]) {
        let old = touches.count
        var body: [EvdevEvent] = []
        for p in points {
            guard let slot = (0..<5).first(where: { touches[$0] == nil }) else { break }
            touches[slot] = p
            body += [EvdevEvent(type: EV.abs, code: EV.absMTSlot, value: Int32(slot)),
                     EvdevEvent(type: EV.abs, code: EV.absMTTrackingID, value: nextTrackingID),
                     EvdevEvent(type: EV.abs, code: EV.absMTPositionX, value: units(p.x)),
                     EvdevEvent(type: EV.abs, code: EV.absMTPositionY, value: units(p.y))]
            nextTrackingID += 1
        }
        emit(body, oldCount: old)
        time += Self.frameInterval
    }

    /// Moves the fingers over `duration` seconds; `path(progress)` gives every finger's
    /// position (in slot order) for progress 0…1.
    public mutating func move(duration: Double, _ path: (Double) -> [MM]) {
        let steps = max(1, Int((duration / Self.frameInterval).rounded()))
        let slots = touches.keys.sorted()
        for step in 1...steps {
            let positions = path(Double(step) / Double(steps))
            var body: [EvdevEvent] = []
            for (slot, p) in zip(slots, positions) where touches[slot] != p {
                touches[slot] = p
                body += [EvdevEvent(type: EV.abs, code: EV.absMTSlot, value: Int32(slot)),
                         EvdevEvent(type: EV.abs, code: EV.absMTPositionX, value: units(p.x)),
                         EvdevEvent(type: EV.abs, code: EV.absMTPositionY, value: units(p.y))]
            }
            emit(body, oldCount: touches.count)
            time += Self.frameInterval
        }
    }

    /// Every finger moves by the same offset (a swipe or a scroll).
    public mutating func translate(by offset: MM, duration: Double) {
        let start = touches.keys.sorted().map { touches[$0]! }
        move(duration: duration) { t in start.map { MM($0.x + offset.x * t, $0.y + offset.y * t) } }
    }

    /// Two or more fingers spread around their centre: the distance scales from `from` to `to`
    /// and the whole arrangement turns by `degrees` (clockwise on the pad, y points down).
    public mutating func pinch(scale from: Double = 1, to: Double, rotate degrees: Double = 0, duration: Double) {
        let start = touches.keys.sorted().map { touches[$0]! }
        let cx = start.map(\.x).reduce(0, +) / Double(start.count)
        let cy = start.map(\.y).reduce(0, +) / Double(start.count)
        move(duration: duration) { t in
            let s = (from + (to - from) * t) / from
            let a = degrees * t * .pi / 180
            return start.map { p in
                let dx = (p.x - cx) * s, dy = (p.y - cy) * s
                return MM(cx + dx * cos(a) - dy * sin(a), cy + dx * sin(a) + dy * cos(a))
            }
        }
    }

    /// Fingers rest without motion (the kernel sends nothing).
    public mutating func rest(_ seconds: Double) { time += seconds }

    /// Lifts every finger (one frame).
    public mutating func up() {
        let old = touches.count
        var body: [EvdevEvent] = []
        for slot in touches.keys.sorted() {
            body += [EvdevEvent(type: EV.abs, code: EV.absMTSlot, value: Int32(slot)),
                     EvdevEvent(type: EV.abs, code: EV.absMTTrackingID, value: -1)]
        }
        touches.removeAll()
        emit(body, oldCount: old)
        time += Self.frameInterval
    }
}

/// Writes keyboard frames (EV_MSC scan code + EV_KEY, as a USB keyboard reports).
public struct KeyboardScript {
    public private(set) var frames: [EvdevFrame] = []
    public private(set) var time: Double
    public init(start: Double = 0.05) { time = start }

    public mutating func key(_ code: Int, pressed: Bool, after: Double = 0.02) {
        time += after
        frames.append(EvdevFrame(time: time, events: [
            EvdevEvent(type: EV.msc, code: 4, value: Int32(0x70000 + code)),
            EvdevEvent(type: EV.key, code: code, value: pressed ? 1 : 0),
            EvdevEvent(type: EV.syn, code: EV.synReport, value: 0),
        ]))
    }

    public mutating func tap(_ code: Int) { key(code, pressed: true); key(code, pressed: false) }
}

extension EvdevDevice {
    /// A USB mouse: relative motion, three buttons, a wheel with high-resolution events.
    public static func mouse(name: String = "Lodestone Emulated Mouse") -> EvdevDevice {
        EvdevDevice(
            name: name, bus: 0x03, vendor: 0x46d, product: 0xc077, version: 0x111,
            codes: [EV.key: [EV.btnLeft, EV.btnLeft + 1, EV.btnLeft + 2],
                    EV.rel: [0x00, 0x01, 0x08, 0x0b], EV.msc: [4]],
            udev: ["ID_INPUT": "1", "ID_INPUT_MOUSE": "1"])
    }

    /// A direct-touch screen, 200 × 120 mm, 10 slots.
    public static func touchscreen(name: String = "Lodestone Emulated Touchscreen") -> EvdevDevice {
        let r = touchpadResolution
        let x = AbsAxis(minimum: 0, maximum: 200 * r, resolution: r)
        let y = AbsAxis(minimum: 0, maximum: 120 * r, resolution: r)
        return EvdevDevice(
            name: name, bus: 0x18, vendor: 0x4f3, product: 0x2a1c, version: 0x100, properties: [0x01],
            codes: [EV.key: [EV.btnTouch],
                    EV.abs: [EV.absX, EV.absY, EV.absMTSlot, EV.absMTPositionX, EV.absMTPositionY, EV.absMTTrackingID]],
            axes: [EV.absX: x, EV.absY: y, EV.absMTSlot: AbsAxis(minimum: 0, maximum: 9),
                   EV.absMTPositionX: x, EV.absMTPositionY: y, EV.absMTTrackingID: AbsAxis(minimum: 0, maximum: 65535)],
            udev: ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"])
    }
}

/// Writes mouse frames: relative motion, buttons, wheel detents (REL_WHEEL + REL_WHEEL_HI_RES).
public struct MouseScript {
    public private(set) var frames: [EvdevFrame] = []
    public private(set) var time: Double
    public init(start: Double = 0.05) { time = start }

    private mutating func frame(_ events: [EvdevEvent], after: Double) {
        time += after
        frames.append(EvdevFrame(time: time, events: events + [EvdevEvent(type: EV.syn, code: EV.synReport, value: 0)]))
    }

    /// `count` motion reports of (dx, dy) device units, 8 ms apart (a 125 Hz mouse).
    public mutating func move(dx: Int32, dy: Int32, count: Int = 1) {
        for _ in 0..<count {
            frame([EvdevEvent(type: EV.rel, code: 0x00, value: dx), EvdevEvent(type: EV.rel, code: 0x01, value: dy)], after: 0.008)
        }
    }

    public mutating func button(_ code: Int, pressed: Bool) {
        frame([EvdevEvent(type: EV.msc, code: 4, value: Int32(0x90000 + code - EV.btnLeft + 1)),
               EvdevEvent(type: EV.key, code: code, value: pressed ? 1 : 0)], after: 0.05)
    }

    /// One wheel detent; positive is toward the user (scroll down) as the kernel reports it negative.
    public mutating func wheel(detents: Int32) {
        frame([EvdevEvent(type: EV.rel, code: 0x08, value: -detents),
               EvdevEvent(type: EV.rel, code: 0x0b, value: -detents * 120)], after: 0.05)
    }
}
