// The bundled demo trace (Tests/Fixtures/traces/demo.trace), generated here so it can be
// regenerated and checked: a person hovering the toolbar (highlight, contiguous regions), an
// app icon (lift), copying a document with Ctrl held (the default conventions' copy key: drag +
// copy accessory), band-selecting in the collection, scrolling the list with two fingers
// (momentum), pinching and rotating the canvas and tapping the minimized toolbar with a finger.
// Deterministic: no randomness, no clock.
import PointerEngine

public enum DemoTrace {
    public static let mouse = DeviceID(1)
    public static let keyboard = DeviceID(2)
    public static let touchpad = DeviceID(3)
    public static let touchscreen = DeviceID(4)

    /// The devices the trace declares, with names and capabilities.
    public static let devices: [(DeviceID, String, DeviceCapabilities)] = [
        (mouse, "Demo Mouse", .pointer), (keyboard, "Demo Keyboard", .keyboard),
        (touchpad, "Demo Touchpad", [.pointer, .gesture]), (touchscreen, "Demo Touchscreen", .touch),
    ]

    /// Pointer samples per second while moving (a 125 Hz mouse).
    static let sampleRate = 125.0

    struct Script {
        var events: [InputEvent] = []
        var t = 0.0 // ms
        var at = Point(700, 500)

        mutating func emit(_ device: DeviceID, _ kind: InputEventKind) {
            events.append(InputEvent(time: .milliseconds(t), device: device, kind))
        }
        mutating func wait(_ ms: Double) { t += ms }

        /// A minimum-jerk movement to `to` taking `ms` (how people move a pointer).
        mutating func move(to: Point, ms: Double, device: DeviceID = DemoTrace.mouse) {
            let from = at
            let n = max(Int((ms / 1000 * DemoTrace.sampleRate).rounded()), 1)
            for k in 1...n {
                let s = Double(k) / Double(n)
                let e = s * s * s * (10 - 15 * s + 6 * s * s)
                let p = Point((from.x + (to.x - from.x) * e).rounded(), (from.y + (to.y - from.y) * e).rounded())
                t += ms / Double(n)
                emit(device, .motion(position: InputPoint(x: p.x, y: p.y), delta: InputVector(dx: p.x - at.x, dy: p.y - at.y),
                                     unaccelerated: InputVector(dx: p.x - at.x, dy: p.y - at.y)))
                emit(device, .frame)
                at = p
            }
        }

        mutating func button(_ pressed: Bool, device: DeviceID = DemoTrace.mouse) {
            emit(device, .button(.left, pressed: pressed)); emit(device, .frame)
        }

        mutating func modifiers(_ m: Modifiers) {
            emit(DemoTrace.keyboard, .modifiers(ModifierState(depressed: m)))
        }
    }

    /// The demo as a trace (header with its devices, private by default: it holds no keys).
    public static func trace() -> Trace {
        Trace(header: TraceHeader(devices: devices.map { TraceDevice(id: $0.0, name: $0.1, capabilities: $0.2) },
                                  meta: ["generator": "Playground.DemoTrace"]),
              events: events())
    }

    /// The demo's events, in time order.
    public static func events() -> [InputEvent] {
        typealias ID = Showcase.ID
        let layout = Showcase.layout()
        func center(_ id: ElementID) -> Point { Showcase.restingFrame(of: id, in: layout)!.center }
        var s = Script()
        for (id, name, caps) in devices { s.emit(id, .deviceAdded(name: name, capabilities: caps)) }
        s.emit(mouse, .pointerEnter(position: InputPoint(x: s.at.x, y: s.at.y)))
        s.wait(100)

        // Toolbar: the platter appears around Share, then slides across its neighbours (E1, M2).
        s.move(to: center(ID.share) + Vector(5, 6), ms: 500)
        s.wait(450)
        s.move(to: center(ID.trash) + Vector(-3, 4), ms: 300)
        s.wait(400)

        // An app icon lifts (E2).
        s.move(to: center(ID.icons[4]) + Vector(6, 5), ms: 650)
        s.wait(500)

        // Copy a document with the copy key held: plus accessory, copy on drop (I2). The trace
        // is replayed with the default settings, whose conventions name the key.
        s.move(to: center(ID.draggables[0]), ms: 500)
        s.wait(150)
        s.modifiers(PointerSettings().conventions.keys(for: .copy))
        s.wait(100)
        s.button(true)
        s.wait(120)
        s.move(to: center(ID.dropTargets[1]) + Vector(0, -8), ms: 700)
        s.wait(350)
        s.button(false)
        s.wait(100)
        s.modifiers([])
        s.wait(300)

        // Band selection in the collection: from the empty margin across six items (I1).
        let coll = Showcase.restingFrame(of: ID.collection, in: layout)!
        s.move(to: Point(coll.minX + 3, coll.minY + 1), ms: 600)
        s.wait(150)
        s.button(true)
        s.move(to: Point(coll.minX + 130, coll.minY + 82), ms: 700)
        s.wait(300)
        s.button(false)
        s.wait(300)

        // Two-finger scroll on the list, then momentum after the fingers lift (G1).
        s.move(to: center(ID.list), ms: 450, device: touchpad)
        s.wait(100)
        // (Negative: the fingers pull the content down past the top, as the version-1 demo did
        // with its values inverted by natural scrolling; issue 16.2.)
        for k in 0..<18 {
            s.t += 12
            s.emit(touchpad, .scroll(source: .finger, axis: .vertical, value: -(6 + Double(k % 3)), value120: nil, stop: false))
            s.emit(touchpad, .frame)
        }
        s.t += 12
        s.emit(touchpad, .scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true))
        s.emit(touchpad, .frame)
        s.wait(700)

        // Pinch and rotate the canvas (G2, G3).
        s.move(to: center(ID.canvas), ms: 450, device: touchpad)
        s.wait(100)
        s.emit(touchpad, .gesture(GestureEvent(kind: .pinch, phase: .begin, fingers: 2)))
        for k in 1...30 {
            s.t += 12
            s.emit(touchpad, .gesture(GestureEvent(kind: .pinch, phase: .update, fingers: 2, scale: 1 + 0.025 * Double(k), rotation: 0.6)))
        }
        s.t += 12
        s.emit(touchpad, .gesture(GestureEvent(kind: .pinch, phase: .end, fingers: 2)))
        s.wait(600)

        // A finger taps the minimized toolbar: it reveals without activating (H1, H2).
        let mini = Showcase.restingFrame(of: ID.miniToolbarArea, in: layout)!
        s.emit(touchscreen, .touchDown(id: 0, position: InputPoint(x: mini.midX, y: mini.midY)))
        s.emit(touchscreen, .touchFrame)
        s.wait(80)
        s.emit(touchscreen, .touchUp(id: 0))
        s.emit(touchscreen, .touchFrame)
        s.wait(700)
        return s.events
    }
}
