// Merging the libinput stream with the compositor's seat stream (issue 4, `--input`):
//   wayland  (default) everything from the compositor; libinput unused.
//   libinput gestures and modifiers from libinput, position/buttons/scroll from wl_pointer;
//            libinput events count only while the surface has pointer focus.
//   both     everything the compositor offers; libinput fills in gestures until the compositor
//            sends one (it has pointer-gestures), then stops, so nothing is counted twice.
// Focus lost in the middle of a libinput gesture ends it as cancelled (SPEC G7). Pure: no C.
import InputProtocol

public enum InputPolicy: String, Hashable, Sendable, CaseIterable {
    case wayland, libinput, both
}

public struct InputMerger {
    public let policy: InputPolicy
    /// libinput device ids are moved by this much so they never collide with the seat's.
    public static let libinputDeviceOffset: UInt32 = 1000

    private var focused = false
    private var compositorGestures = false
    /// The libinput gesture in progress (its begin), per merged device id.
    private var open: [DeviceID: GestureEvent] = [:]

    public init(policy: InputPolicy) { self.policy = policy }

    /// An event from the compositor's seat: what the engine gets.
    public mutating func wayland(_ e: InputEvent) -> [InputEvent] {
        var out: [InputEvent] = []
        switch e.kind {
        case .pointerEnter:
            focused = true
        case .pointerLeave:
            focused = false
            out += cancelOpen(at: e.time)
        case .gesture:
            if policy == .both, !compositorGestures {
                compositorGestures = true
                out += cancelOpen(at: e.time)
            }
        default:
            break
        }
        if takesFromWayland(e.kind) { out.append(e) }
        return out
    }

    /// An event from LibinputBackend: what the engine gets.
    public mutating func libinput(_ e: InputEvent) -> [InputEvent] {
        guard policy != .wayland else { return [] }
        var moved = e
        moved.device = DeviceID(e.device.rawValue + Self.libinputDeviceOffset)
        switch e.kind {
        case .deviceAdded:
            return [moved]
        case .deviceRemoved:
            // The backend ends its gestures before the removal; this covers anything left open.
            if let g = open.removeValue(forKey: moved.device) { return [cancelled(g, moved.device, e.time), moved] }
            return [moved]
        case .gesture(let g):
            guard gesturesFromLibinput else { return [] }
            switch g.phase {
            case .begin:
                // A gesture that starts outside the surface belongs to someone else.
                guard focused else { return [] }
                open[moved.device] = g
                return [moved]
            case .update:
                guard open[moved.device]?.kind == g.kind else { return [] }
                open[moved.device]?.scale = g.scale
                return [moved]
            case .end:
                return open.removeValue(forKey: moved.device)?.kind == g.kind ? [moved] : []
            }
        case .modifiers:
            // With `both` the compositor's keyboard (its keymap) is the authority.
            return policy == .libinput ? [moved] : []
        case .key:
            return policy == .libinput && focused ? [moved] : []
        default:
            // Motion, buttons, scroll, touch: the compositor already delivers them.
            return []
        }
    }

    private var gesturesFromLibinput: Bool {
        switch policy {
        case .wayland: false
        case .libinput: true
        case .both: !compositorGestures
        }
    }

    private func takesFromWayland(_ kind: InputEventKind) -> Bool {
        switch (policy, kind) {
        case (.wayland, _): true
        case (.libinput, .gesture), (.libinput, .modifiers), (.libinput, .key): false
        case (.both, .gesture): compositorGestures
        case (.both, .modifiers), (.both, .key): true
        default: true
        }
    }

    private mutating func cancelOpen(at time: Timestamp) -> [InputEvent] {
        let ended = open.sorted { $0.key.rawValue < $1.key.rawValue }.map { cancelled($0.value, $0.key, time) }
        open.removeAll()
        return ended
    }

    private func cancelled(_ g: GestureEvent, _ device: DeviceID, _ time: Timestamp) -> InputEvent {
        InputEvent(time: time, device: device,
                   .gesture(GestureEvent(kind: g.kind, phase: .end, fingers: g.fingers, scale: g.scale, cancelled: true)))
    }
}
