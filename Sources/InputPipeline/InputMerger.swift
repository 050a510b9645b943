// Merging the libinput stream with the compositor's seat stream (issue 4, `--input`):
//   wayland  (default) everything from the compositor; libinput unused.
//   libinput gestures and modifiers from libinput, position/buttons/scroll from wl_pointer;
//            libinput events count only while the surface has pointer focus.
//   both     everything the compositor offers; libinput fills in the gesture kinds the compositor
//            does not deliver. A kind counts as offered once the compositor sent one (its
//            pointer-gestures works for that kind — sway 1.7 advertises holds but never sends
//            them); from then on that kind comes from the compositor only, and a libinput
//            gesture of that kind still open ends cancelled, so nothing is counted twice.
// Libinput events count only while the surface has pointer focus: a gesture begun outside is
// not ours, and focus lost in the middle of one ends it as cancelled (SPEC G7). Modifier state
// still follows the keyboard while unfocused (it is state, not an action). The merged stream's
// times are held to T1 after the merge, by InputPipeline (a seat event stamped in whole
// milliseconds can trail the libinput event before it). Pure: no C. One stage of
// InputPipeline (issue 20.2); the backends only translate.
import InputProtocol

public struct InputMerger {
    public let policy: InputPolicy
    /// libinput device ids are moved by this much so they never collide with the seat's.
    public static let libinputDeviceOffset: UInt32 = 1000

    private var focused = false
    /// Gesture kinds the compositor has delivered (`both`: those are its alone from then on).
    private var compositorKinds: Set<GestureKind> = []
    /// The libinput gesture in progress (its begin), per merged device id.
    private var open: [DeviceID: GestureEvent] = [:]

    public init(policy: InputPolicy) { self.policy = policy }

    /// An event from the compositor's seat: what the engine gets.
    public mutating func wayland(_ e: InputEvent) -> [InputEvent] { fromWayland(e) }

    /// An event from LibinputBackend: what the engine gets.
    public mutating func libinput(_ e: InputEvent) -> [InputEvent] { fromLibinput(e) }

    private mutating func fromWayland(_ e: InputEvent) -> [InputEvent] {
        var out: [InputEvent] = []
        switch e.kind {
        case .pointerEnter:
            focused = true
        case .pointerLeave:
            focused = false
            out += cancelOpen(at: e.time)
        case .gesture(let g):
            if policy == .both, !compositorKinds.contains(g.kind) {
                compositorKinds.insert(g.kind)
                out += cancelOpen(at: e.time) { $0.kind == g.kind }
            }
        default:
            break
        }
        if takesFromWayland(e.kind) { out.append(e) }
        return out
    }

    private mutating func fromLibinput(_ e: InputEvent) -> [InputEvent] {
        guard policy != .wayland else { return [] }
        var moved = e
        moved.device = DeviceID(e.device.rawValue + Self.libinputDeviceOffset)
        switch e.kind {
        case .deviceAdded:
            return [moved]
        case .deviceRemoved:
            // The pipeline's GestureLifecycle, the one place a removal ends a gesture (G7), sent
            // its cancelled end just before, which closed it here.
            open[moved.device] = nil
            return [moved]
        case .gesture(let g):
            guard takesFromLibinput(g.kind) else {
                // An update or end of a gesture the compositor took over: already ended.
                return []
            }
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

    private func takesFromLibinput(_ kind: GestureKind) -> Bool {
        switch policy {
        case .wayland: false
        case .libinput: true
        case .both: !compositorKinds.contains(kind)
        }
    }

    private func takesFromWayland(_ kind: InputEventKind) -> Bool {
        switch (policy, kind) {
        case (.libinput, .gesture), (.libinput, .modifiers), (.libinput, .key): false
        default: true
        }
    }

    private mutating func cancelOpen(at time: Timestamp, where matches: (GestureEvent) -> Bool = { _ in true }) -> [InputEvent] {
        let ending = open.filter { matches($0.value) }.sorted { $0.key.rawValue < $1.key.rawValue }
        for (device, _) in ending { open[device] = nil }
        return ending.map { cancelled($0.value, $0.key, time) }
    }

    private func cancelled(_ g: GestureEvent, _ device: DeviceID, _ time: Timestamp) -> InputEvent {
        InputEvent(time: time, device: device,
                   .gesture(GestureEvent(kind: g.kind, phase: .end, fingers: g.fingers, scale: g.scale, cancelled: true)))
    }
}
