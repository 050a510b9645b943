// Trace encoder and decoder (SPEC T1–T4): JSON lines, one header then one event per line, as
// specified in Protocols/lodestone-input-v1.md. The same validation runs when writing and when
// reading, so a trace the recorder wrote always decodes.

// MARK: - Encoding

/// Writes a trace's lines (SPEC T1): the header and events as JSON lines.
public enum TraceEncoder {
    /// The header line, without its newline.
    public static func headerLine(_ header: TraceHeader) -> String {
        var members: [(String, JSONValue)] = [
            ("format", .string(TraceHeader.formatName)),
            ("version", JSONWriter.number(header.version)),
            ("privacy", .string(header.privacy.traceName)),
        ]
        if !header.devices.isEmpty {
            members.append(("devices", .array(header.devices.map { d in
                .object([
                    ("id", JSONWriter.number(d.id.rawValue)),
                    ("name", .string(d.name)),
                    ("capabilities", .array(d.capabilities.names.map { .string($0) })),
                ])
            })))
        }
        if !header.meta.isEmpty {
            members.append(("meta", .object(header.meta.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
        }
        var w = JSONWriter()
        w.write(.object(members))
        return w.text
    }

    /// One event line, without its newline. Throws the reason when the event holds a value the
    /// format does not allow (the recorder adds the line number).
    public static func line(for event: InputEvent, privacy: KeyPrivacy = .keepKeys) throws(TraceError.Reason) -> String {
        try TraceValidation.check(event, privacy: privacy)
        var w = JSONWriter()
        w.write(.object(members(of: event)))
        return w.text
    }

    static func members(of event: InputEvent) -> [(String, JSONValue)] {
        var m: [(String, JSONValue)] = [
            ("time", JSONWriter.number(event.time.rawValue)),
            ("device", JSONWriter.number(event.device.rawValue)),
            ("type", .string(TraceEventType(event.kind).rawValue)),
        ]
        func num(_ name: String, _ v: Double) { m.append((name, JSONWriter.number(v))) }
        switch event.kind {
        case let .deviceAdded(name, capabilities):
            m.append(("name", .string(name)))
            m.append(("capabilities", .array(capabilities.names.map { .string($0) })))
        case .deviceRemoved, .pointerLeave, .touchCancel, .touchFrame, .frame:
            break
        case let .pointerEnter(p):
            num("x", p.x); num("y", p.y)
        case let .motion(position, delta, unaccelerated):
            if let p = position { num("x", p.x); num("y", p.y) }
            num("dx", delta.dx); num("dy", delta.dy)
            num("unaccel_dx", unaccelerated.dx); num("unaccel_dy", unaccelerated.dy)
        case let .button(button, pressed):
            m.append(("button", JSONWriter.number(button.rawValue)))
            m.append(("pressed", .bool(pressed)))
        case let .scroll(source, axis, value, value120, stop):
            m.append(("source", .string(source.rawValue)))
            m.append(("axis", .string(axis.rawValue)))
            num("value", value)
            if let v = value120 { m.append(("value120", JSONWriter.number(v))) }
            m.append(("stop", .bool(stop)))
        case let .scrollDirection(d):
            m.append(("direction", .string(d.rawValue)))
        case let .keyRepeat(r):
            m.append(("rate", JSONWriter.number(r.rate)))
            m.append(("delay", JSONWriter.number(r.delay)))
        case let .gesture(g):
            m.append(("kind", .string(g.kind.rawValue)))
            m.append(("phase", .string(g.phase.rawValue)))
            m.append(("fingers", JSONWriter.number(g.fingers)))
            // Hold gestures carry no motion; write what the kind uses plus anything non-default
            // so that the round trip is exact.
            if g.kind != .hold || g.delta != .zero { num("dx", g.delta.dx); num("dy", g.delta.dy) }
            if g.kind == .pinch || g.scale != 1 { num("scale", g.scale) }
            if g.kind == .pinch || g.rotation != 0 { num("rotation", g.rotation) }
            if g.cancelled { m.append(("cancelled", .bool(true))) }
        case let .touchDown(id, p), let .touchMotion(id, p):
            m.append(("id", JSONWriter.number(id)))
            num("x", p.x); num("y", p.y)
        case let .touchUp(id):
            m.append(("id", JSONWriter.number(id)))
        case let .key(code, pressed):
            m.append(("key", code == .placeholder ? .string("private") : JSONWriter.number(code.rawValue)))
            m.append(("pressed", .bool(pressed)))
        case let .modifiers(s):
            func names(_ mods: Modifiers) -> JSONValue { .array(mods.names.map { .string($0) }) }
            m.append(("depressed", names(s.depressed)))
            m.append(("latched", names(s.latched)))
            m.append(("locked", names(s.locked)))
            m.append(("effective", names(s.effective)))
        }
        return m
    }
}

/// The "type" member of an event line.
public enum TraceEventType: String, CaseIterable, Sendable {
    /// A device appeared.
    case deviceAdded = "device_added"
    /// A device went away.
    case deviceRemoved = "device_removed"
    /// The pointer entered the surface.
    case pointerEnter = "pointer_enter"
    /// The pointer left the surface.
    case pointerLeave = "pointer_leave"
    /// Pointer motion.
    case motion
    /// A button press or release.
    case button
    /// A scroll.
    case scroll
    /// The scroll direction setting.
    case scrollDirection = "scroll_direction"
    /// A touchpad gesture.
    case gesture
    /// A touch point down.
    case touchDown = "touch_down"
    /// A touch point moved.
    case touchMotion = "touch_motion"
    /// A touch point up.
    case touchUp = "touch_up"
    /// Every touch point cancelled.
    case touchCancel = "touch_cancel"
    /// The end of a group of touch events.
    case touchFrame = "touch_frame"
    /// A key press or release.
    case key
    /// The key repeat settings.
    case keyRepeat = "key_repeat"
    /// The modifier state.
    case modifiers
    /// The end of a group of pointer events.
    case frame

    /// The first trace version that has this type.
    public var since: Int {
        switch self {
        case .scrollDirection, .keyRepeat: 2
        default: 1
        }
    }

    /// The type of an event of `kind`.
    public init(_ kind: InputEventKind) {
        switch kind {
        case .deviceAdded: self = .deviceAdded
        case .deviceRemoved: self = .deviceRemoved
        case .pointerEnter: self = .pointerEnter
        case .pointerLeave: self = .pointerLeave
        case .motion: self = .motion
        case .button: self = .button
        case .scroll: self = .scroll
        case .scrollDirection: self = .scrollDirection
        case .gesture: self = .gesture
        case .touchDown: self = .touchDown
        case .touchMotion: self = .touchMotion
        case .touchUp: self = .touchUp
        case .touchCancel: self = .touchCancel
        case .touchFrame: self = .touchFrame
        case .key: self = .key
        case .keyRepeat: self = .keyRepeat
        case .modifiers: self = .modifiers
        case .frame: self = .frame
        }
    }
}

// MARK: - Decoding

/// Reads a trace line by line: the header first, then events. Keeps what cross-line rules need
/// (privacy, the previous timestamp). `TraceDecoder.decode` runs it over a whole input; a live
/// consumer (e.g. a pipe from `lodestone events --json`) can feed lines as they arrive.
public struct TraceReader: Sendable {
    /// The header, once the first line was read.
    public private(set) var header: TraceHeader?
    /// The number of the last line read (1-based; 0 before any).
    public private(set) var lineNumber = 0
    private var lastTime: Timestamp?
    /// The version line 1 gave (the header reads as the current version).
    public private(set) var fileVersion: Int?
    private let legacyNaturalScrolling: Bool

    /// `legacyNaturalScrolling`: how to read a version-1 trace's finger and continuous scroll
    /// values, which were recorded before Lodestone's natural-scrolling setting inverted them
    /// (default on, as that setting was): on, they are inverted as they were when replayed,
    /// so an old trace replays as it did. Version 2 values are read as written.
    public init(legacyNaturalScrolling: Bool = true) {
        self.legacyNaturalScrolling = legacyNaturalScrolling
    }

    /// Reads one line (without its newline). Returns the event it holds, or nil for the header
    /// and for blank lines.
    public mutating func read(line bytes: some Collection<UInt8>) throws(TraceError) -> InputEvent? {
        lineNumber += 1
        let line = lineNumber
        if bytes.count > TraceLimits.maximumLineLength {
            throw TraceError(line: line, .lineTooLong(TraceLimits.maximumLineLength))
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return nil }
        let value: JSONNode
        do {
            value = try JSONReader.parse(Array(bytes), .traceLine)
        } catch {
            if header == nil, line == 1 {
                throw TraceError(line: line, column: error.column, .notATrace("the header is not valid JSON: \(error.message)"))
            }
            throw TraceError(line: line, column: error.column, .syntax(error.message))
        }
        do throws(TraceError.Reason) {
            guard let header else {
                var h = try TraceReader.header(from: value)
                fileVersion = h.version
                h.version = InputProtocolVersion.current
                self.header = h
                return nil
            }
            if TraceReader.isDataDeviceNote(value) { return nil }
            var event = try TraceReader.event(from: value, version: fileVersion ?? InputProtocolVersion.current)
            if fileVersion == 1 { upgradeFromVersion1(&event) }
            try TraceValidation.check(event, privacy: header.privacy)
            if let lastTime, event.time < lastTime {
                throw TraceError.Reason.timeWentBackwards(previous: lastTime, time: event.time)
            }
            lastTime = event.time
            return event
        } catch {
            throw TraceError(line: line, error)
        }
    }

    /// Version 1 scroll values came before the natural-scrolling inversion, which the engine
    /// applied to finger and continuous sources (never to wheels); version 2 values carry it.
    private func upgradeFromVersion1(_ event: inout InputEvent) {
        guard legacyNaturalScrolling, case let .scroll(source, axis, value, value120, stop) = event.kind,
              source == .finger || source == .continuous, value != 0 else { return }
        event.kind = .scroll(source: source, axis: axis, value: -value, value120: value120, stop: stop)
    }

    /// `"type": "data_device"`: what `lodestone events --json` notes about a drag-and-drop offer
    /// (section 2.3). It is not input: replay and the decoder pass over it.
    static let dataDeviceNoteType = "data_device"

    static func isDataDeviceNote(_ value: JSONNode) -> Bool {
        guard case let .object(members) = value.value,
              let type = members.first(where: { $0.key == "type" })?.value,
              case .string(dataDeviceNoteType) = type.value else { return false }
        return true
    }

    // MARK: Header

    static func header(from value: JSONNode) throws(TraceError.Reason) -> TraceHeader {
        guard case let .object(members) = value.value else {
            throw .notATrace("the first line must be a header object, found \(value.typeName)")
        }
        var f = TraceFields(members)
        guard let format = f.take("format") else { throw .notATrace("the header has no \"format\"") }
        guard case let .string(name) = format.value, name == TraceHeader.formatName else {
            let shown: String = if case let .string(s) = format.value { "\"\(s)\"" } else { format.typeName }
            throw .notATrace("format is \(shown), expected \"\(TraceHeader.formatName)\"")
        }
        // The version decides how to read everything else, so it is checked before the rest.
        guard let versionValue = f.take("version") else { throw .missingField("version") }
        guard case let .number(versionText) = versionValue.value else {
            throw .wrongType(field: "version", expected: "an integer", found: versionValue.typeName)
        }
        guard let version = Int(versionText), InputProtocolVersion.readable.contains(version) else {
            throw .unsupportedVersion(versionText)
        }
        let privacyName = try f.string("privacy")
        guard let privacy = KeyPrivacy(traceName: privacyName) else {
            throw .unknownValue(field: "privacy", value: privacyName)
        }
        var devices: [TraceDevice] = []
        if let list = try f.optionalArray("devices") {
            for item in list {
                guard case let .object(dm) = item.value else {
                    throw .wrongType(field: "devices", expected: "an array of objects", found: "an array holding \(item.typeName)")
                }
                var d = TraceFields(dm, context: "header device")
                let id = try d.integer("id", UInt32.self)
                let name = try d.string("name")
                try TraceValidation.checkName(name, field: "name")
                let caps = try d.capabilities("capabilities")
                try d.finish()
                devices.append(TraceDevice(id: DeviceID(id), name: name, capabilities: caps))
            }
        }
        var meta: [String: String] = [:]
        if let m = f.take("meta") {
            guard case let .object(entries) = m.value else {
                throw .wrongType(field: "meta", expected: "an object of strings", found: m.typeName)
            }
            for entry in entries {
                let key = entry.key, v = entry.value
                guard case let .string(s) = v.value else {
                    throw .wrongType(field: "meta.\(key)", expected: "a string", found: v.typeName)
                }
                try TraceValidation.checkName(s, field: "meta.\(key)")
                meta[key] = s
            }
        }
        try f.finish()
        return TraceHeader(version: version, privacy: privacy, devices: devices, meta: meta)
    }

    // MARK: Events

    static func event(from value: JSONNode, version: Int) throws(TraceError.Reason) -> InputEvent {
        guard case let .object(members) = value.value else {
            throw .wrongType(field: "event", expected: "an object", found: value.typeName)
        }
        var f = TraceFields(members)
        let time = try f.integer("time", UInt64.self)
        let device = try f.integer("device", UInt32.self)
        let typeName = try f.string("type")
        guard let type = TraceEventType(rawValue: typeName), type.since <= version else {
            throw .unknownValue(field: "event type", value: typeName)
        }
        f.context = "a \(typeName) event"
        let kind: InputEventKind
        switch type {
        case .deviceAdded:
            kind = .deviceAdded(name: try f.string("name"), capabilities: try f.capabilities("capabilities"))
        case .deviceRemoved: kind = .deviceRemoved
        case .pointerEnter: kind = .pointerEnter(position: try f.point())
        case .pointerLeave: kind = .pointerLeave
        case .motion:
            let position: InputPoint?
            switch (f.has("x"), f.has("y")) {
            case (true, true): position = try f.point()
            case (false, false): position = nil
            case (true, false): throw .inconsistent("x without y: a motion gives both coordinates or neither")
            case (false, true): throw .inconsistent("y without x: a motion gives both coordinates or neither")
            }
            kind = .motion(position: position,
                           delta: InputVector(dx: try f.double("dx"), dy: try f.double("dy")),
                           unaccelerated: InputVector(dx: try f.double("unaccel_dx"), dy: try f.double("unaccel_dy")))
        case .button:
            kind = .button(PointerButton(rawValue: try f.integer("button", UInt32.self)), pressed: try f.bool("pressed"))
        case .scroll:
            let sourceName = try f.string("source")
            guard let source = ScrollSource(rawValue: sourceName) else { throw .unknownValue(field: "scroll source", value: sourceName) }
            let axisName = try f.string("axis")
            guard let axis = ScrollAxis(rawValue: axisName) else { throw .unknownValue(field: "scroll axis", value: axisName) }
            kind = .scroll(source: source, axis: axis, value: try f.double("value"),
                           value120: f.has("value120") ? try f.integer("value120", Int32.self) : nil,
                           stop: try f.bool("stop"))
        case .scrollDirection:
            let name = try f.string("direction")
            guard let d = ScrollDirection(rawValue: name) else { throw .unknownValue(field: "scroll direction", value: name) }
            kind = .scrollDirection(d)
        case .keyRepeat:
            kind = .keyRepeat(KeyRepeat(rate: try f.integer("rate", Int.self), delay: try f.integer("delay", Int.self)))
        case .gesture:
            let kindName = try f.string("kind")
            guard let gk = GestureKind(rawValue: kindName) else { throw .unknownValue(field: "gesture kind", value: kindName) }
            let phaseName = try f.string("phase")
            guard let phase = GesturePhase(rawValue: phaseName) else { throw .unknownValue(field: "gesture phase", value: phaseName) }
            let fingers = try f.integer("fingers", Int.self)
            kind = .gesture(GestureEvent(
                kind: gk, phase: phase, fingers: fingers,
                delta: InputVector(dx: try f.double("dx", default: 0), dy: try f.double("dy", default: 0)),
                scale: try f.double("scale", default: 1), rotation: try f.double("rotation", default: 0),
                cancelled: f.has("cancelled") ? try f.bool("cancelled") : false))
        case .touchDown: kind = .touchDown(id: try f.integer("id", Int32.self), position: try f.point())
        case .touchMotion: kind = .touchMotion(id: try f.integer("id", Int32.self), position: try f.point())
        case .touchUp: kind = .touchUp(id: try f.integer("id", Int32.self))
        case .touchCancel: kind = .touchCancel
        case .touchFrame: kind = .touchFrame
        case .key:
            let code: KeyCode
            guard let keyNode = f.take("key") else { throw .missingField("key") }
            switch keyNode.value {
            case .string("private"): code = .placeholder
            case let .string(other): throw .unknownValue(field: "key", value: other)
            case let .number(text):
                guard let raw = UInt32(text), raw <= TraceLimits.maximumEvdevCode else {
                    throw .outOfRange(field: "key", value: text, allowed: "an evdev code 0...\(TraceLimits.maximumEvdevCode) or \"private\"")
                }
                code = KeyCode(rawValue: raw)
            default: throw .wrongType(field: "key", expected: "an evdev code or \"private\"", found: keyNode.typeName)
            }
            kind = .key(code, pressed: try f.bool("pressed"))
        case .modifiers:
            let depressed = try f.modifiers("depressed")
            let latched = try f.modifiers("latched")
            let locked = try f.modifiers("locked")
            let effective = f.has("effective") ? try f.modifiers("effective") : nil
            kind = .modifiers(ModifierState(depressed: depressed, latched: latched, locked: locked, effective: effective))
        case .frame: kind = .frame
        }
        try f.finish()
        return InputEvent(time: Timestamp(rawValue: time), device: DeviceID(device), kind)
    }
}

/// Reads a whole trace (SPEC T4: all or nothing).
public enum TraceDecoder {
    /// Decodes a whole trace. All or nothing (SPEC T4): either every line is valid and the
    /// trace is returned, or the first fault is thrown and nothing may be replayed.
    /// `legacyNaturalScrolling`: see `TraceReader.init(legacyNaturalScrolling:)`.
    public static func decode(_ bytes: some Collection<UInt8>, legacyNaturalScrolling: Bool = true) throws(TraceError) -> Trace {
        var reader = TraceReader(legacyNaturalScrolling: legacyNaturalScrolling)
        var events: [InputEvent] = []
        var lineStart = bytes.startIndex
        var i = bytes.startIndex
        while i != bytes.endIndex {
            if bytes[i] == 0x0A {
                if let e = try reader.read(line: bytes[lineStart..<i]) { events.append(e) }
                lineStart = bytes.index(after: i)
            }
            i = bytes.index(after: i)
        }
        if lineStart != bytes.endIndex {
            // The last line has no newline: the file was cut. Report a syntax fault in it first
            // (more precise), else the truncation itself.
            var probe = reader
            _ = try probe.read(line: bytes[lineStart...])
            throw TraceError(line: reader.lineNumber + 1, .truncated)
        }
        guard let header = reader.header else {
            throw TraceError(line: max(1, reader.lineNumber), .empty)
        }
        return Trace(header: header, events: events)
    }

    /// Decodes a whole trace from text; see `decode(_:legacyNaturalScrolling:)` for bytes.
    public static func decode(_ text: String, legacyNaturalScrolling: Bool = true) throws(TraceError) -> Trace {
        try decode(Array(text.utf8), legacyNaturalScrolling: legacyNaturalScrolling)
    }
}

extension Trace {
    /// The whole trace as text: header line, then one line per event, each ending in "\n".
    /// Throws when an event holds a value the format does not allow.
    public func encoded() throws(TraceError) -> String {
        var out = TraceEncoder.headerLine(header) + "\n"
        for (i, e) in events.enumerated() {
            do {
                out += try TraceEncoder.line(for: e, privacy: header.privacy) + "\n"
            } catch {
                throw TraceError(line: i + 2, error)
            }
        }
        return out
    }
}
