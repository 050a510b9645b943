// The gesture lifecycle of a source's devices (SPEC G7), so the stream stays well formed: the
// gesture and touches in progress per device. A device that goes away mid-gesture ends that
// gesture as cancelled and cancels its touches; a begin while a gesture is open closes the old
// one as cancelled first. This is the one record of libinput's open gestures in the pipeline
// (issue 34.7): with the merge it also says which of them the consumer gets — the merge decides
// at a begin (`admits`) and cuts gestures short (`cut`), the rest of a gesture the consumer does
// not get is left out here. An update or end without its begin (a stray) passes unchanged when
// `passesStrays` (libinput alone: never a crash, the engine decides what it means) and is left
// out when not (merged: the engine gets only gestures the merge let begin).
import InputProtocol

struct GestureLifecycle {
    /// A gesture in progress: its begin (scale kept current) and whether the consumer gets it.
    struct Open {
        var begin: GestureEvent
        var passes: Bool
    }
    /// Whether an update or end with no begin of its kind open passes.
    let passesStrays: Bool
    private var gestures: [DeviceID: Open] = [:]
    private var touches: [DeviceID: Set<TouchID>] = [:]

    init(passesStrays: Bool = true) { self.passesStrays = passesStrays }

    /// The gesture in progress on `device`, if any (its begin event).
    func activeGesture(on device: DeviceID) -> GestureEvent? { gestures[device]?.begin }

    /// `e` and what must come before it (a cancelled end, a touch cancel) on its device, less
    /// what the consumer does not get. `admits`: whether the consumer gets the gesture `e`
    /// begins, if it begins one.
    mutating func pass(_ e: InputEvent, admits: Bool = true) -> [InputEvent] {
        let kinds: [InputEventKind]
        switch e.kind {
        case .gesture(let g): kinds = gesture(e.device, g, admits: admits)
        case .touchDown, .touchUp, .touchCancel: kinds = touch(e.device, e.kind)
        case .deviceRemoved: kinds = deviceRemoved(e.device) + [e.kind]
        default: return [e]
        }
        return kinds.map { InputEvent(time: e.time, device: e.device, $0) }
    }

    mutating func gesture(_ device: DeviceID, _ g: GestureEvent, admits: Bool = true) -> [InputEventKind] {
        var out: [InputEventKind] = []
        switch g.phase {
        case .begin:
            // libinput ends one gesture before it begins the next; if that ever fails to
            // happen, close the old one as cancelled rather than leave it half-applied.
            if let old = gestures[device], old.passes { out.append(.gesture(Self.cancelledEnd(of: old.begin))) }
            gestures[device] = Open(begin: g, passes: admits)
            if admits { out.append(.gesture(g)) }
        case .update:
            guard gestures[device]?.begin.kind == g.kind else { return passesStrays ? [.gesture(g)] : [] }
            gestures[device]?.begin.scale = g.scale
            if gestures[device]!.passes { out.append(.gesture(g)) }
        case .end:
            guard let open = gestures[device], open.begin.kind == g.kind else { return passesStrays ? [.gesture(g)] : [] }
            gestures[device] = nil
            if open.passes { out.append(.gesture(g)) }
        }
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
        if let g = gestures.removeValue(forKey: device), g.passes { out.append(.gesture(Self.cancelledEnd(of: g.begin))) }
        if let t = touches.removeValue(forKey: device), !t.isEmpty {
            out += [.touchCancel, .touchFrame]
        }
        return out
    }

    /// Ends the gestures the consumer gets that `matches` as cancelled, in device order: the
    /// consumer gets nothing more of them (focus lost, the compositor took their kind over).
    mutating func cut(where matches: (GestureEvent) -> Bool) -> [(device: DeviceID, end: GestureEvent)] {
        let ending = gestures.filter { $0.value.passes && matches($0.value.begin) }.keys.sorted { $0.rawValue < $1.rawValue }
        return ending.map { device in
            gestures[device]!.passes = false
            return (device, Self.cancelledEnd(of: gestures[device]!.begin))
        }
    }

    /// The end of `begin`'s gesture as cancelled, at the scale it last reached.
    static func cancelledEnd(of begin: GestureEvent) -> GestureEvent {
        GestureEvent(kind: begin.kind, phase: .end, fingers: begin.fingers, scale: begin.scale, cancelled: true)
    }
}
