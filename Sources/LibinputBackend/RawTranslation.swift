// libinput's decoded events (LibinputSeam.swift) as Lodestone's stream (SPEC T1): device ids,
// units (libinput units and millimetres to points), the scroll stop, the scroll direction and
// key repeat a new device starts with (G1, G10), keys with their xkb modifier state. No C here:
// devices are plain keys, so the unit tests feed it events made by hand.
import InputProtocol

struct RawTranslation {
    /// The stream's id for each device present, given in the order devices appear.
    private(set) var devices: [DeviceKey: DeviceID] = [:]
    private var nextDevice: UInt32 = 1
    /// Modifier state from the keys (nil when no keymap could be made).
    let keyboard: XkbKeyboard?
    /// Why there is no keyboard state; said once, when the first keyboard appears.
    let keymapProblem: LibinputError?
    private var keymapProblemReported = false

    init(keyboard: XkbKeyboard?, keymapProblem: LibinputError? = nil) {
        self.keyboard = keyboard; self.keymapProblem = keymapProblem
    }

    private mutating func id(for device: DeviceKey) -> DeviceID {
        if let id = devices[device] { return id }
        let id = DeviceID(nextDevice)
        nextDevice += 1
        devices[device] = id
        return id
    }

    /// Appends the events `raw` stands for to `out`; `messages` gets the keymap problem.
    mutating func translate(_ raw: RawEvent, into out: inout [InputEvent], messages: (String) -> Void) {
        // Times as libinput gives them (InputPipeline keeps the stream's time monotonic, T1).
        func emit(_ time: UInt64, _ device: DeviceKey, _ kind: InputEventKind) {
            out.append(InputEvent(time: Timestamp(microseconds: time), device: id(for: device), kind))
        }
        let k = Units.pointsPerLibinputUnit
        switch raw {
        case .deviceAdded(let device, let time):
            let caps = device.capabilities
            var capabilities = DeviceCapabilities()
            if caps.contains(.pointer) { capabilities.insert(.pointer) }
            if caps.contains(.keyboard) { capabilities.insert(.keyboard) }
            if caps.contains(.touch) { capabilities.insert(.touch) }
            if caps.contains(.gesture) { capabilities.insert(.gesture) }
            emit(time, device.key, .deviceAdded(name: device.name, capabilities: capabilities))
            // The direction is libinput's device option, applied (by the seam) before the values
            // reach the stream (G1); the trace records which.
            if caps.contains(.pointer) {
                emit(time, device.key, .scrollDirection(device.naturalScroll ? .natural : .traditional))
            }
            // No compositor gives these devices a repeat: the desktop's default (G10).
            if caps.contains(.keyboard) { emit(time, device.key, .keyRepeat(.desktopDefault)) }
            if caps.contains(.keyboard), let problem = keymapProblem, !keymapProblemReported {
                keymapProblemReported = true
                messages("\(problem.description); modifiers from \(device.name) are unavailable")
            }
        case .deviceRemoved(let device, let time):
            // InputPipeline ends the device's gesture and touches first (G7).
            emit(time, device, .deviceRemoved)
            devices[device] = nil
        case .keyboardKey(let device, let time, let key, let pressed):
            emit(time, device, .key(KeyCode(rawValue: key), pressed: pressed))
            if let mods = keyboard?.update(evdevKey: key, pressed: pressed) { emit(time, device, .modifiers(mods)) }
        case .pointerMotion(let device, let time, let dx, let dy, let rawDX, let rawDY):
            emit(time, device, .motion(position: nil, delta: InputVector(dx: dx * k, dy: dy * k),
                                       unaccelerated: InputVector(dx: rawDX * k, dy: rawDY * k)))
            emit(time, device, .frame)
        case .pointerButton(let device, let time, let button, let pressed):
            emit(time, device, .button(PointerButton(rawValue: button), pressed: pressed))
            emit(time, device, .frame)
        case .pointerScroll(let device, let time, let source, let axes):
            let src: ScrollSource = switch source { case .wheel: .wheel; case .finger: .finger; case .continuous: .continuous }
            for axis in axes {
                // A zero value on a finger/continuous axis is libinput's scroll stop.
                emit(time, device, .scroll(source: src, axis: axis.vertical ? .vertical : .horizontal,
                                           value: axis.value * k, value120: axis.value120.map { Int32($0.rounded()) },
                                           stop: src != .wheel && axis.value == 0))
            }
            emit(time, device, .frame)
        case .touch(let device, let time, let phase, let slot, let xMM, let yMM):
            let p = InputPoint(x: xMM * Units.pointsPerMillimetre, y: yMM * Units.pointsPerMillimetre)
            let touch: InputEventKind = switch phase {
            case .down: .touchDown(id: slot, position: p)
            case .motion: .touchMotion(id: slot, position: p)
            case .up: .touchUp(id: slot)
            case .cancel: .touchCancel
            case .frame: .touchFrame
            }
            emit(time, device, touch)
        case .gesture(let device, let time, let kind, let phase, let fingers, let dx, let dy, let scale, let angle, let cancelled):
            let gestureKind: GestureKind = switch kind { case .swipe: .swipe; case .pinch: .pinch; case .hold: .hold }
            let gesturePhase: GesturePhase = switch phase { case .begin: .begin; case .update: .update; case .end: .end }
            let g = GestureEvent(
                kind: gestureKind, phase: gesturePhase, fingers: Int(fingers), delta: InputVector(dx: dx * k, dy: dy * k),
                scale: scale, rotation: angle, cancelled: cancelled)
            emit(time, device, .gesture(g))
        case .ignored:
            break
        }
    }
}
