// Reads `lodestone events --json` lines back into InputProtocol events, so tests assert on the
// event model rather than on text.
import Foundation
import InputProtocol

public enum EventLineDecoder {
    public struct Failure: Error, CustomStringConvertible {
        public var line: String, reason: String
        public var description: String { "cannot decode event line (\(reason)): \(line)" }
    }

    public static func decode(_ lines: [String]) throws -> [InputEvent] { try lines.map(decode) }

    public static func decode(_ line: String) throws -> InputEvent {
        func fail(_ why: String) -> Failure { Failure(line: line, reason: why) }
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw fail("not a JSON object")
        }
        func double(_ k: String) throws -> Double {
            guard let n = object[k] as? NSNumber else { throw fail("missing number \(k)") }
            return n.doubleValue
        }
        func int(_ k: String) throws -> Int { Int(try double(k)) }
        func bool(_ k: String) throws -> Bool {
            guard let b = object[k] as? Bool else { throw fail("missing bool \(k)") }
            return b
        }
        func string(_ k: String) throws -> String {
            guard let s = object[k] as? String else { throw fail("missing string \(k)") }
            return s
        }
        func mods(_ k: String) throws -> Modifiers {
            guard let names = object[k] as? [String], let m = Modifiers(names: names) else { throw fail("bad modifiers \(k)") }
            return m
        }
        func vector(_ prefix: String = "") throws -> InputVector {
            InputVector(dx: try double(prefix + "dx"), dy: try double(prefix + "dy"))
        }
        func point() throws -> InputPoint { InputPoint(x: try double("x"), y: try double("y")) }
        let kind: InputEventKind
        switch try string("type") {
        case "device_added":
            var caps = DeviceCapabilities()
            for c in object["capabilities"] as? [String] ?? [] {
                switch c {
                case "pointer": caps.insert(.pointer)
                case "keyboard": caps.insert(.keyboard)
                case "touch": caps.insert(.touch)
                case "gesture": caps.insert(.gesture)
                default: throw fail("unknown capability \(c)")
                }
            }
            kind = .deviceAdded(name: try string("name"), capabilities: caps)
        case "device_removed": kind = .deviceRemoved
        case "enter": kind = .pointerEnter(position: try point())
        case "leave": kind = .pointerLeave
        case "motion":
            kind = .motion(position: object["x"] == nil ? nil : try point(), delta: try vector(), unaccelerated: try vector("unaccel_"))
        case "button": kind = .button(PointerButton(rawValue: UInt32(try int("button"))), pressed: try bool("pressed"))
        case "scroll":
            guard let source = ScrollSource(rawValue: try string("source")), let axis = ScrollAxis(rawValue: try string("axis")) else {
                throw fail("bad scroll source/axis")
            }
            kind = .scroll(source: source, axis: axis, value: try double("value"),
                           value120: object["value120"] == nil ? nil : Int32(try int("value120")), stop: try bool("stop"))
        case "gesture":
            guard let g = GestureKind(rawValue: try string("gesture")), let p = GesturePhase(rawValue: try string("phase")) else {
                throw fail("bad gesture kind/phase")
            }
            kind = .gesture(GestureEvent(
                kind: g, phase: p, fingers: try int("fingers"),
                delta: g == .hold ? .zero : try vector(),
                scale: g == .pinch ? try double("scale") : 1, rotation: g == .pinch ? try double("rotation") : 0,
                cancelled: p == .end ? try bool("cancelled") : false))
        case "touch_down": kind = .touchDown(id: TouchID(try int("id")), position: try point())
        case "touch_motion": kind = .touchMotion(id: TouchID(try int("id")), position: try point())
        case "touch_up": kind = .touchUp(id: TouchID(try int("id")))
        case "touch_cancel": kind = .touchCancel
        case "touch_frame": kind = .touchFrame
        case "key":
            let code: KeyCode = (object["key"] as? String) == "private" ? .placeholder : KeyCode(rawValue: UInt32(try int("key")))
            kind = .key(code, pressed: try bool("pressed"))
        case "modifiers":
            kind = .modifiers(ModifierState(depressed: try mods("depressed"), latched: try mods("latched"),
                                            locked: try mods("locked"), effective: try mods("effective")))
        case "frame": kind = .frame
        case let other: throw fail("unknown type \(other)")
        }
        return InputEvent(time: Timestamp(microseconds: UInt64(try double("time"))), device: DeviceID(UInt32(try int("device"))), kind)
    }
}
