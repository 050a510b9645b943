// What the backend remembers between libinput events so the stream stays well formed (SPEC G7):
// the gesture and touches in progress per device. A device that goes away mid-gesture ends that
// gesture as cancelled and cancels its touches; an update without a begin passes through
// unchanged (never a crash; the engine decides what it means).
import InputProtocol

struct StreamTranslator {
    private var gestures: [DeviceID: GestureEvent] = [:]
    private var touches: [DeviceID: Set<TouchID>] = [:]

    /// The gesture in progress on `device`, if any (its begin event).
    func activeGesture(on device: DeviceID) -> GestureEvent? { gestures[device] }

    mutating func gesture(_ device: DeviceID, _ g: GestureEvent) -> [InputEventKind] {
        var out: [InputEventKind] = []
        switch g.phase {
        case .begin:
            // libinput ends one gesture before it begins the next; if that ever fails to
            // happen, close the old one as cancelled rather than leave it half-applied.
            if let old = gestures[device] {
                out.append(.gesture(GestureEvent(kind: old.kind, phase: .end, fingers: old.fingers,
                                                 scale: old.scale, cancelled: true)))
            }
            gestures[device] = g
        case .update:
            if gestures[device]?.kind == g.kind { gestures[device]?.scale = g.scale }
        case .end:
            if gestures[device]?.kind == g.kind { gestures[device] = nil }
        }
        out.append(.gesture(g))
        return out
    }

    mutating func touch(_ device: DeviceID, phase: TouchPhaseC, slot: Int32, position: InputPoint) -> [InputEventKind] {
        switch phase {
        case .down:
            touches[device, default: []].insert(slot)
            return [.touchDown(id: slot, position: position)]
        case .motion:
            return [.touchMotion(id: slot, position: position)]
        case .up:
            touches[device]?.remove(slot)
            return [.touchUp(id: slot)]
        case .cancel:
            touches[device] = nil
            return [.touchCancel]
        case .frame:
            return [.touchFrame]
        }
    }

    /// What must be emitted before `.deviceRemoved` so nothing stays half-done.
    mutating func deviceRemoved(_ device: DeviceID) -> [InputEventKind] {
        var out: [InputEventKind] = []
        if let g = gestures.removeValue(forKey: device) {
            out.append(.gesture(GestureEvent(kind: g.kind, phase: .end, fingers: g.fingers, scale: g.scale, cancelled: true)))
        }
        if let t = touches.removeValue(forKey: device), !t.isEmpty {
            out += [.touchCancel, .touchFrame]
        }
        return out
    }
}
