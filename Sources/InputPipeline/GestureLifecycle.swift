// The gesture lifecycle of a source's devices (SPEC G7), so the stream stays well formed: the
// gesture and touches in progress per device. A device that goes away mid-gesture ends that
// gesture as cancelled and cancels its touches; a begin while a gesture is open closes the old
// one as cancelled first; an update without a begin passes through unchanged (never a crash;
// the engine decides what it means).
import InputProtocol

struct GestureLifecycle {
    private var gestures: [DeviceID: GestureEvent] = [:]
    private var touches: [DeviceID: Set<TouchID>] = [:]

    /// The gesture in progress on `device`, if any (its begin event).
    func activeGesture(on device: DeviceID) -> GestureEvent? { gestures[device] }

    /// `e` and what must come before it (a cancelled end, a touch cancel) on its device.
    mutating func pass(_ e: InputEvent) -> [InputEvent] {
        let kinds: [InputEventKind]
        switch e.kind {
        case .gesture(let g): kinds = gesture(e.device, g)
        case .touchDown, .touchUp, .touchCancel: kinds = touch(e.device, e.kind)
        case .deviceRemoved: kinds = deviceRemoved(e.device) + [e.kind]
        default: return [e]
        }
        return kinds.map { InputEvent(time: e.time, device: e.device, $0) }
    }

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

    /// Keeps count of the touches down on `device`; `kind` passes unchanged.
    mutating func touch(_ device: DeviceID, _ kind: InputEventKind) -> [InputEventKind] {
        switch kind {
        case .touchDown(let id, _): touches[device, default: []].insert(id)
        case .touchUp(let id): touches[device]?.remove(id)
        case .touchCancel: touches[device] = nil
        default: break
        }
        return [kind]
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
