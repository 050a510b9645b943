// The trace decoder's reader of one JSON object's members (TraceCodec.swift): each member is
// taken once, and a missing or mistyped one is named in the error.

/// The members of one JSON object, taken one by one; what is left at the end is unknown.
struct TraceFields {
    var members: [JSONNode.Member]
    var context: String

    init(_ members: [JSONNode.Member], context: String = "") {
        self.members = members; self.context = context
    }

    func has(_ name: String) -> Bool { members.contains { $0.key == name } }

    mutating func take(_ name: String) -> JSONNode? {
        guard let i = members.firstIndex(where: { $0.key == name }) else { return nil }
        return members.remove(at: i).value
    }

    mutating func required(_ name: String) throws(TraceError.Reason) -> JSONNode {
        guard let v = take(name) else { throw .missingField(name) }
        return v
    }

    mutating func string(_ name: String) throws(TraceError.Reason) -> String {
        let v = try required(name)
        guard case let .string(s) = v.value else { throw .wrongType(field: name, expected: "a string", found: v.typeName) }
        return s
    }

    mutating func bool(_ name: String) throws(TraceError.Reason) -> Bool {
        let v = try required(name)
        guard case let .bool(b) = v.value else { throw .wrongType(field: name, expected: "true or false", found: v.typeName) }
        return b
    }

    mutating func integer<I: FixedWidthInteger>(_ name: String, _: I.Type) throws(TraceError.Reason) -> I {
        let v = try required(name)
        guard case let .number(text) = v.value else { throw .wrongType(field: name, expected: "an integer", found: v.typeName) }
        guard let i = I(text) else {
            if text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
                throw .wrongType(field: name, expected: "an integer", found: "the number \(text)")
            }
            throw .outOfRange(field: name, value: text, allowed: "\(I.min)...\(I.max)")
        }
        return i
    }

    mutating func double(_ name: String, default fallback: Double? = nil) throws(TraceError.Reason) -> Double {
        guard let v = take(name) else {
            if let fallback { return fallback }
            throw .missingField(name)
        }
        guard case let .number(text) = v.value else { throw .wrongType(field: name, expected: "a number", found: v.typeName) }
        // The reader validated the JSON grammar, so this only fails on overflow to infinity,
        // which the range check reports.
        guard let d = Double(text), d.isFinite else {
            throw .outOfRange(field: name, value: text, allowed: "finite")
        }
        return d
    }

    mutating func point() throws(TraceError.Reason) -> InputPoint {
        InputPoint(x: try double("x"), y: try double("y"))
    }

    mutating func optionalArray(_ name: String) throws(TraceError.Reason) -> [JSONNode]? {
        guard let v = take(name) else { return nil }
        guard case let .array(items) = v.value else { throw .wrongType(field: name, expected: "an array", found: v.typeName) }
        return items
    }

    mutating func names(_ name: String) throws(TraceError.Reason) -> [String] {
        let v = try required(name)
        guard case let .array(items) = v.value else { throw .wrongType(field: name, expected: "an array of names", found: v.typeName) }
        var out: [String] = []
        for item in items {
            guard case let .string(s) = item.value else {
                throw .wrongType(field: name, expected: "an array of names", found: "an array holding \(item.typeName)")
            }
            out.append(s)
        }
        return out
    }

    mutating func capabilities(_ name: String) throws(TraceError.Reason) -> DeviceCapabilities {
        var caps = DeviceCapabilities()
        for n in try names(name) {
            guard let hit = DeviceCapabilities.all.first(where: { $0.1 == n }) else {
                throw .unknownValue(field: "capability", value: n)
            }
            caps.insert(hit.0)
        }
        return caps
    }

    mutating func modifiers(_ name: String) throws(TraceError.Reason) -> Modifiers {
        var mods = Modifiers()
        for n in try names(name) {
            guard let m = Modifiers(names: [n]) else { throw .unknownValue(field: "modifier", value: n) }
            mods.insert(m)
        }
        return mods
    }

    func finish() throws(TraceError.Reason) {
        if let name = members.first?.key {
            throw .unknownField(context.isEmpty ? name : "\(name)\" in \"\(context)")
        }
    }
}
