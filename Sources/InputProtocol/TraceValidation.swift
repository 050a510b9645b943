// The checks every trace event passes, shared by the encoder and the decoder (TraceCodec.swift;
// SPEC T2–T4): a trace the recorder wrote always decodes.

enum TraceValidation {
    static func check(_ event: InputEvent, privacy: KeyPrivacy) throws(TraceError.Reason) {
        if event.time.rawValue > TraceLimits.maximumTime {
            throw .outOfRange(field: "time", value: String(event.time.rawValue), allowed: "0...\(TraceLimits.maximumTime)")
        }
        switch event.kind {
        case let .deviceAdded(name, capabilities):
            try checkName(name, field: "name")
            try checkCapabilities(capabilities)
        case .deviceRemoved, .pointerLeave, .touchCancel, .touchFrame, .frame:
            break
        case let .pointerEnter(p):
            try magnitude("x", p.x); try magnitude("y", p.y)
        case let .motion(position, delta, unaccelerated):
            if let p = position { try magnitude("x", p.x); try magnitude("y", p.y) }
            try magnitude("dx", delta.dx); try magnitude("dy", delta.dy)
            try magnitude("unaccel_dx", unaccelerated.dx); try magnitude("unaccel_dy", unaccelerated.dy)
        case let .button(button, _):
            try evdevCode("button", button.rawValue)
        case let .scroll(source, _, value, value120, stop):
            try magnitude("value", value)
            if value120 != nil, source != .wheel, source != .tilt {
                throw .inconsistent("value120 is only valid for wheel and tilt scrolling, not \(source.rawValue)")
            }
            if stop, value != 0 { throw .inconsistent("a scroll stop carries value 0, found \(value)") }
            if stop, value120 != nil { throw .inconsistent("a scroll stop carries no value120") }
        case .scrollDirection:
            break
        case let .keyRepeat(r):
            guard TraceLimits.keyRepeatRate.contains(r.rate) else {
                throw .outOfRange(field: "rate", value: String(r.rate),
                                  allowed: "\(TraceLimits.keyRepeatRate.lowerBound)...\(TraceLimits.keyRepeatRate.upperBound) per second")
            }
            guard TraceLimits.keyRepeatDelay.contains(r.delay) else {
                throw .outOfRange(field: "delay", value: String(r.delay),
                                  allowed: "\(TraceLimits.keyRepeatDelay.lowerBound)...\(TraceLimits.keyRepeatDelay.upperBound) ms")
            }
        case let .gesture(g):
            guard TraceLimits.fingers.contains(g.fingers) else {
                throw .outOfRange(field: "fingers", value: String(g.fingers),
                                  allowed: "\(TraceLimits.fingers.lowerBound)...\(TraceLimits.fingers.upperBound)")
            }
            try magnitude("dx", g.delta.dx); try magnitude("dy", g.delta.dy)
            guard g.scale.isFinite, g.scale > 0, g.scale <= TraceLimits.maximumScale else {
                throw .outOfRange(field: "scale", value: "\(g.scale)", allowed: "greater than 0, at most \(TraceLimits.maximumScale)")
            }
            try magnitude("rotation", g.rotation, limit: TraceLimits.maximumRotation)
            if g.cancelled, g.phase != .end {
                throw .inconsistent("cancelled is only valid on a gesture's end, not its \(g.phase.rawValue)")
            }
        case let .touchDown(_, p), let .touchMotion(_, p):
            try magnitude("x", p.x); try magnitude("y", p.y)
        case .touchUp:
            break
        case let .key(code, _):
            if code != .placeholder { try evdevCode("key", code.rawValue) }
            if privacy == .redactText, code != .placeholder, !KeyPrivacy.isPublic(code) {
                throw .privateKey(code)
            }
        case let .modifiers(s):
            let known = Modifiers.all.reduce(Modifiers()) { $0.union($1.0) }
            for (field, mods) in [("depressed", s.depressed), ("latched", s.latched), ("locked", s.locked), ("effective", s.effective)]
            where !known.isSuperset(of: mods) {
                throw .outOfRange(field: field, value: "0x" + hex(UInt32(mods.rawValue), width: 2), allowed: Modifiers.all.map(\.1).joined(separator: ", "))
            }
        }
    }

    static func magnitude(_ field: String, _ v: Double, limit: Double = TraceLimits.maximumMagnitude) throws(TraceError.Reason) {
        guard v.isFinite, abs(v) <= limit else {
            throw .outOfRange(field: field, value: "\(v)", allowed: "finite, -\(limit)...\(limit)")
        }
    }

    static func evdevCode(_ field: String, _ code: UInt32) throws(TraceError.Reason) {
        guard code <= TraceLimits.maximumEvdevCode else {
            throw .outOfRange(field: field, value: String(code), allowed: "0...\(TraceLimits.maximumEvdevCode) (evdev codes)")
        }
    }

    static func checkName(_ name: String, field: String) throws(TraceError.Reason) {
        if name.unicodeScalars.count > TraceLimits.maximumNameLength {
            throw .outOfRange(field: field, value: "of \(name.unicodeScalars.count) characters", allowed: "at most \(TraceLimits.maximumNameLength) characters")
        }
    }

    static func checkCapabilities(_ c: DeviceCapabilities) throws(TraceError.Reason) {
        let known = DeviceCapabilities.all.reduce(DeviceCapabilities()) { $0.union($1.0) }
        guard known.isSuperset(of: c) else {
            throw .outOfRange(field: "capabilities", value: "0x" + hex(c.rawValue, width: 2), allowed: DeviceCapabilities.all.map(\.1).joined(separator: ", "))
        }
    }
}
