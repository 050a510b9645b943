// One human-readable line per semantic event for `lodestone events` (like libinput
// debug-events, but after normalisation): time, device, what, and the modifiers in effect.
// wl_pointer / wl_touch frames only group events, so they get no line of their own.
import Foundation
import InputProtocol
import WaylandClient

struct InspectorLine {
    /// The modifier state the latest `.modifiers` event gave (shown on pointer/touch lines).
    private(set) var modifiers = ModifierState.none
    private var deviceNames: [DeviceID: String] = [:]
    private var origin: Timestamp?

    /// The line for `event`, or nil for grouping-only events (frames).
    mutating func line(for event: InputEvent) -> String? {
        let seconds = elapsed(event.time)
        guard let what = describe(event) else { return nil }
        let device = deviceNames[event.device] ?? event.device.description
        return "\(pad(fixed(seconds, 3), 9)) \(pad(device, 16)) \(what)"
    }

    /// Seconds since the first line's time (which becomes the origin).
    private mutating func elapsed(_ time: Timestamp) -> Double {
        let start = origin ?? time
        origin = start
        return time.seconds(since: start)
    }

    private mutating func describe(_ event: InputEvent) -> String? {
        switch event.kind {
        case .deviceAdded(let name, let caps):
            deviceNames[event.device] = name
            return "device-added   \(capabilityNames(caps))"
        case .deviceRemoved:
            return "device-removed"
        case .pointerEnter(let p):
            return "enter          \(point(p))" + held()
        case .pointerLeave:
            return "leave"
        case .motion(let position, let delta, let raw):
            let at = position.map { point($0) + " " } ?? ""
            return "motion         \(at)Δ\(vector(delta)) raw\(vector(raw))" + held()
        case .button(let button, let pressed):
            return "button         \(button) \(pressed ? "pressed" : "released")" + held()
        case .scroll(let source, let axis, let value, let value120, let stop):
            if stop { return "scroll         \(source.rawValue) \(axis.rawValue) stop" + held() }
            let detents = value120.map { " value120 \($0)" } ?? ""
            return "scroll         \(source.rawValue) \(axis.rawValue) \(fixed(value, 2))\(detents)" + held()
        case .gesture(let g):
            return gesture(g) + held()
        case .touchDown(let id, let p):
            return "touch-down     #\(id) \(point(p))" + held()
        case .touchMotion(let id, let p):
            return "touch-motion   #\(id) \(point(p))"
        case .touchUp(let id):
            return "touch-up       #\(id)"
        case .touchCancel:
            return "touch-cancel"
        case .touchFrame, .frame:
            return nil
        case .key(let code, let pressed):
            return "key            \(code) \(pressed ? "pressed" : "released")"
        case .keyRepeat(let r):
            return "key-repeat     \(r)"
        case .scrollDirection(let d):
            return "scroll-dir     \(d.rawValue)"
        case .modifiers(let state):
            modifiers = state
            var parts = ["modifiers      \(names(state.effective))"]
            if !state.locked.isEmpty { parts.append("locked \(names(state.locked))") }
            if !state.latched.isEmpty { parts.append("latched \(names(state.latched))") }
            return parts.joined(separator: "  ")
        }
    }

    /// The line for a data-device event (issue 18.5): what the offer announces and what the
    /// compositor chose, with the modifiers in effect. Never the offer's contents (T3).
    mutating func line(for event: DataDeviceEvent) -> String {
        let seconds = elapsed(event.time)
        let what: String = switch event.kind {
        case let .enter(offer, p):
            if let offer {
                "dnd-enter      \(point(p)) offer \(offer.id) types \(Self.types(offer.mimeTypes)) actions \(offer.sourceActions)" + held()
            } else {
                "dnd-enter      \(point(p)) no offer" + held()
            }
        case .leave: "dnd-leave"
        case let .motion(p): "dnd-motion     \(point(p))" + held()
        case .drop: "dnd-drop" + held()
        case let .sourceActions(a): "dnd-source     actions \(a)" + held()
        case let .action(a): "dnd-action     \(a?.rawValue ?? "none")" + held()
        case let .selection(types): "selection      " + (types.map { "types \(Self.types($0))" } ?? "cleared")
        case let .error(e): "dnd-error      \(e)"
        }
        return "\(pad(fixed(seconds, 3), 9)) \(pad("data-device", 16)) \(what)"
    }

    /// The JSON line for a data-device event (Protocols/lodestone-input-v1.md §2.3).
    func json(for event: DataDeviceEvent) -> String {
        var m: [(String, JSONValue)] = [("time", JSONWriter.number(event.time.rawValue)), ("type", .string("data_device"))]
        func names(_ list: [String]) -> JSONValue { .array(list.map { .string($0) }) }
        func at(_ p: InputPoint) { m += [("x", JSONWriter.number(p.x)), ("y", JSONWriter.number(p.y))] }
        switch event.kind {
        case let .enter(offer, p):
            m.append(("event", .string("enter")))
            if let offer { m.append(("offer", JSONWriter.number(offer.id))) }
            at(p)
            m.append(("mime_types", names(offer?.mimeTypes ?? [])))
            m.append(("source_actions", names(offer?.sourceActions.names ?? [])))
        case .leave: m.append(("event", .string("leave")))
        case let .motion(p): m.append(("event", .string("motion"))); at(p)
        case .drop: m.append(("event", .string("drop")))
        case let .sourceActions(a): m += [("event", .string("source_actions")), ("actions", names(a.names))]
        case let .action(a): m += [("event", .string("action")), ("action", .string(a?.rawValue ?? "none"))]
        case let .selection(types):
            m.append(("event", .string("selection")))
            if let types { m.append(("mime_types", names(types))) }
        case let .error(e): m += [("event", .string("error")), ("message", .string(e.description))]
        }
        return note(m)
    }

    /// A data-device note: `members`, then the modifiers in effect.
    private func note(_ members: [(String, JSONValue)]) -> String {
        var w = JSONWriter()
        w.write(.object(members + [("modifiers", .array(modifiers.effective.names.map { .string($0) }))]))
        return w.text
    }

    /// The line for a drop's data (`--accept-drops`): its size, or why it did not arrive; the
    /// text itself only with `--keep-keys` (T3).
    mutating func line(for r: DataReceived) -> String {
        let seconds = elapsed(r.time)
        let what: String = switch r.result {
        case let .success(bytes): "dnd-data       offer \(r.offer) \(r.mimeType) \(bytes.count) bytes" + (r.text.map { " text \(String(reflecting: $0))" } ?? "")
        case let .failure(e): "dnd-error      offer \(r.offer): \(e)"
        }
        return "\(pad(fixed(seconds, 3), 9)) \(pad("data-device", 16)) \(what)"
    }

    func json(for r: DataReceived) -> String {
        var m: [(String, JSONValue)] = [("time", JSONWriter.number(r.time.rawValue)), ("type", .string("data_device"))]
        switch r.result {
        case let .success(bytes):
            m += [("event", .string("data")), ("offer", JSONWriter.number(r.offer)), ("mime_type", .string(r.mimeType)),
                  ("bytes", JSONWriter.number(bytes.count))]
            if let text = r.text { m.append(("text", .string(text))) }
        case let .failure(e):
            m += [("event", .string("error")), ("offer", JSONWriter.number(r.offer)), ("message", .string(e.description))]
        }
        return note(m)
    }

    /// At most `shownTypes` types, then how many more.
    private static func types(_ list: [String]) -> String {
        guard !list.isEmpty else { return "none" }
        let shown = list.prefix(shownTypes).joined(separator: ",")
        return list.count > shownTypes ? shown + " (+\(list.count - shownTypes) more)" : shown
    }

    /// Types on one text line: enough for any real drag (GTK offers about a dozen).
    static let shownTypes = 16

    private func gesture(_ g: GestureEvent) -> String {
        var s = pad("\(g.kind.rawValue)-\(g.phase.rawValue)", 14) + " \(g.fingers) fingers"
        switch (g.kind, g.phase) {
        case (.swipe, .update): s += " Δ\(vector(g.delta))"
        case (.pinch, .update): s += " Δ\(vector(g.delta)) scale \(fixed(g.scale, 3)) rotation \(fixed(g.rotation, 1))°"
        case (_, .end) where g.cancelled: s += " cancelled"
        default: break
        }
        return s
    }

    /// "  [alt+super]" while modifiers are in effect.
    private func held() -> String {
        modifiers.effective.isEmpty ? "" : "  [\(names(modifiers.effective))]"
    }

    private func names(_ m: Modifiers) -> String { m.isEmpty ? "none" : m.names.joined(separator: "+") }

    private func capabilityNames(_ c: DeviceCapabilities) -> String {
        let all: [(DeviceCapabilities, String)] = [(.pointer, "pointer"), (.keyboard, "keyboard"), (.touch, "touch"), (.gesture, "gesture")]
        return all.filter { c.contains($0.0) }.map(\.1).joined(separator: ",")
    }

    private func point(_ p: InputPoint) -> String { "(\(fixed(p.x, 2)), \(fixed(p.y, 2)))" }
    private func vector(_ v: InputVector) -> String { "(\(fixed(v.dx, 2)), \(fixed(v.dy, 2)))" }
}

/// `value` with `digits` decimals.
func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

private func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
}

/// A drop's data as `lodestone events --accept-drops` read it.
struct DataReceived {
    var time: Timestamp
    var offer: UInt32
    var mimeType: String
    var result: Result<[UInt8], TransferError>
    /// The text, only when the user opted in (--keep-keys, T3) and the type is text.
    var text: String?

    /// 200 characters: enough to recognise a dropped text on one line.
    static let shownCharacters = 200

    init(time: Timestamp, offer: UInt32, mimeType: String, result: Result<[UInt8], TransferError>, showText: Bool) {
        self.time = time; self.offer = offer; self.mimeType = mimeType; self.result = result
        if showText, mimeType.hasPrefix("text/"), case let .success(bytes) = result {
            text = String(String(decoding: bytes, as: UTF8.self).prefix(Self.shownCharacters))
        }
    }
}
