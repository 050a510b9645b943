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
// InputPipeline (issue 20.2); the backends only translate. Which libinput gestures are open, and
// which of them the engine gets, is the pipeline's GestureLifecycle's record alone (issue 34.7):
// the merge says which may begin and which are cut short.
import InputProtocol

struct InputMerger {
    let policy: InputPolicy

    private var focused = false
    /// Gesture kinds the compositor has delivered (`both`: those are its alone from then on).
    private var compositorKinds: Set<GestureKind> = []

    init(policy: InputPolicy) { self.policy = policy }

    /// Whether a libinput gesture of `kind` that begins now reaches the engine: one begun
    /// outside the surface belongs to someone else, one the compositor delivers is its.
    func admits(_ kind: GestureKind) -> Bool { focused && takesFromLibinput(kind) }

    /// An event from the compositor's seat: what the engine gets. Focus lost, or a gesture kind
    /// the compositor takes over, cuts short the libinput gestures in `libinputGestures`.
    mutating func wayland(_ e: InputEvent, libinputGestures: inout GestureLifecycle) -> [InputEvent] {
        var out: [InputEvent] = []
        switch e.kind {
        case .pointerEnter:
            focused = true
        case .pointerLeave:
            focused = false
            out += cut(&libinputGestures, at: e.time) { _ in true }
        case .gesture(let g):
            if policy == .both, !compositorKinds.contains(g.kind) {
                compositorKinds.insert(g.kind)
                out += cut(&libinputGestures, at: e.time) { $0.kind == g.kind }
            }
        default:
            break
        }
        if takesFromWayland(e.kind) { out.append(e) }
        return out
    }

    /// An event from LibinputBackend, after the pipeline's GestureLifecycle (which left out the
    /// gestures the engine does not get): what the engine gets.
    func libinput(_ e: InputEvent) -> [InputEvent] {
        guard policy != .wayland else { return [] }
        var moved = e
        moved.device = Self.moved(e.device)
        switch e.kind {
        case .deviceAdded, .deviceRemoved, .gesture:
            return [moved]
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

    /// A libinput device's id in the merged stream.
    static func moved(_ device: DeviceID) -> DeviceID {
        DeviceID(device.rawValue + InputPipeline.libinputDeviceOffset)
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

    private func cut(_ gestures: inout GestureLifecycle, at time: Timestamp,
                     where matches: (GestureEvent) -> Bool) -> [InputEvent] {
        gestures.cut(where: matches).map { InputEvent(time: time, device: Self.moved($0.device), .gesture($0.end)) }
    }
}
