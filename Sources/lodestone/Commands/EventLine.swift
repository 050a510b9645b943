// One event per line for `lodestone events`: JSON (machine-readable) or text (for people).
import Foundation
import InputProtocol

enum EventLine {
    private static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }

    /// A JSON object with the event's time (µs), device and payload fields.
    static func json(_ e: InputEvent) -> String {
        var f: [(String, String)] = [("time", String(e.time.rawValue)), ("device", String(e.device.rawValue))]
        func s(_ v: String) -> String {
            var out = "\""
            for c in v.unicodeScalars {
                switch c {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case _ where c.value < 0x20: out += String(format: "\\u%04x", c.value)
                default: out.unicodeScalars.append(c)
                }
            }
            return out + "\""
        }
        func vector(_ prefix: String, _ v: InputVector) { f += [("\(prefix)dx", number(v.dx)), ("\(prefix)dy", number(v.dy))] }
        switch e.kind {
        case .deviceAdded(let name, let caps):
            let names = [(DeviceCapabilities.pointer, "pointer"), (.keyboard, "keyboard"), (.touch, "touch"), (.gesture, "gesture")]
                .filter { caps.contains($0.0) }.map { s($0.1) }
            f += [("type", s("device_added")), ("name", s(name)), ("capabilities", "[" + names.joined(separator: ",") + "]")]
        case .deviceRemoved: f.append(("type", s("device_removed")))
        case .pointerEnter(let p): f += [("type", s("enter")), ("x", number(p.x)), ("y", number(p.y))]
        case .pointerLeave: f.append(("type", s("leave")))
        case .motion(let position, let delta, let raw):
            f.append(("type", s("motion")))
            if let p = position { f += [("x", number(p.x)), ("y", number(p.y))] }
            vector("", delta); vector("unaccel_", raw)
        case .button(let b, let pressed):
            f += [("type", s("button")), ("button", String(b.rawValue)), ("pressed", String(pressed))]
        case .scroll(let source, let axis, let value, let v120, let stop):
            f += [("type", s("scroll")), ("source", s(source.rawValue)), ("axis", s(axis.rawValue)), ("value", number(value))]
            if let v120 { f.append(("value120", String(v120))) }
            f.append(("stop", String(stop)))
        case .gesture(let g):
            f += [("type", s("gesture")), ("gesture", s(g.kind.rawValue)), ("phase", s(g.phase.rawValue)),
                  ("fingers", String(g.fingers))]
            if g.kind != .hold { vector("", g.delta) }
            if g.kind == .pinch { f += [("scale", number(g.scale)), ("rotation", number(g.rotation))] }
            if g.phase == .end { f.append(("cancelled", String(g.cancelled))) }
        case .touchDown(let id, let p): f += [("type", s("touch_down")), ("id", String(id)), ("x", number(p.x)), ("y", number(p.y))]
        case .touchMotion(let id, let p): f += [("type", s("touch_motion")), ("id", String(id)), ("x", number(p.x)), ("y", number(p.y))]
        case .touchUp(let id): f += [("type", s("touch_up")), ("id", String(id))]
        case .touchCancel: f.append(("type", s("touch_cancel")))
        case .touchFrame: f.append(("type", s("touch_frame")))
        case .key(let code, let pressed):
            f += [("type", s("key")), ("key", code == .placeholder ? s("private") : String(code.rawValue)), ("pressed", String(pressed))]
        case .modifiers(let m):
            func list(_ x: Modifiers) -> String { "[" + x.names.map(s).joined(separator: ",") + "]" }
            f += [("type", s("modifiers")), ("depressed", list(m.depressed)), ("latched", list(m.latched)),
                  ("locked", list(m.locked)), ("effective", list(m.effective))]
        case .frame: f.append(("type", s("frame")))
        }
        return "{" + f.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// A line like `  12.345678 dev1  gesture pinch update 2 fingers scale 1.21 rotation +0.13°`.
    static func text(_ e: InputEvent) -> String {
        let t = String(format: "%12.6f", e.time.seconds)
        let body: String = switch e.kind {
        case .gesture(let g):
            "gesture \(g.kind.rawValue) \(g.phase.rawValue) \(g.fingers) fingers"
                + (g.kind == .hold ? "" : String(format: " Δ(%.2f, %.2f)", g.delta.dx, g.delta.dy))
                + (g.kind == .pinch ? String(format: " scale %.3f rotation %+.2f°", g.scale, g.rotation) : "")
                + (g.cancelled ? " cancelled" : "")
        case .scroll(let source, let axis, let value, let v120, let stop):
            "scroll \(source.rawValue) \(axis.rawValue) \(String(format: "%.3f", value))"
                + (v120.map { " v120 \($0)" } ?? "") + (stop ? " stop" : "")
        case .modifiers(let m): "modifiers [\(m.effective.names.joined(separator: " "))]"
        case .key(let code, let pressed): "key \(code) \(pressed ? "pressed" : "released")"
        default: "\(e.kind)"
        }
        return "\(t) \(e.device) \(body)"
    }
}
