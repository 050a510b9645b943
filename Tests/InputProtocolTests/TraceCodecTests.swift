import Testing
@testable import InputProtocol

/// One event of every kind, with values that exercise the number writer (fractions, negatives,
/// tiny and huge magnitudes, -0).
let everyKind: [InputEvent] = {
    var t: UInt64 = 1_000
    func at(_ d: UInt32, _ k: InputEventKind) -> InputEvent {
        t += 250
        return InputEvent(time: Timestamp(rawValue: t), device: DeviceID(d), k)
    }
    return [
        at(1, .deviceAdded(name: "Synaptics \"TM3276\" touchpad ✋\n", capabilities: [.pointer, .gesture])),
        at(2, .deviceAdded(name: "keyboard", capabilities: [.keyboard])),
        at(3, .deviceAdded(name: "", capabilities: [])),
        at(1, .pointerEnter(position: InputPoint(x: 12.5, y: -0.0))),
        at(1, .motion(position: InputPoint(x: 100.25, y: 999_999.875), delta: InputVector(dx: 0.1, dy: -3),
                      unaccelerated: InputVector(dx: 1e-300, dy: -1_000_000))),
        at(1, .motion(position: nil, delta: InputVector(dx: 2.0000000000000004, dy: 0), unaccelerated: .zero)),
        at(1, .button(.left, pressed: true)),
        at(1, .button(PointerButton(rawValue: 0x2FF), pressed: false)),
        at(1, .frame),
        at(1, .scroll(source: .wheel, axis: .vertical, value: 15, value120: -120, stop: false)),
        at(1, .scroll(source: .tilt, axis: .horizontal, value: -7.5, value120: Int32.min, stop: false)),
        at(1, .scroll(source: .finger, axis: .horizontal, value: 0.333333333333, value120: nil, stop: false)),
        at(1, .scroll(source: .continuous, axis: .vertical, value: 0, value120: nil, stop: true)),
        at(1, .scrollDirection(.natural)),
        at(1, .scrollDirection(.compositor)),
        at(2, .keyRepeat(KeyRepeat(rate: 25, delay: 600))),
        at(2, .keyRepeat(KeyRepeat(rate: 0, delay: 0))),
        at(1, .gesture(GestureEvent(kind: .hold, phase: .begin, fingers: 1))),
        at(1, .gesture(GestureEvent(kind: .hold, phase: .end, fingers: 2, cancelled: true))),
        at(1, .gesture(GestureEvent(kind: .swipe, phase: .update, fingers: 4, delta: InputVector(dx: -12.75, dy: 0.5)))),
        at(1, .gesture(GestureEvent(kind: .pinch, phase: .update, fingers: 2, delta: InputVector(dx: 1, dy: 1),
                                    scale: 1.4142135623730951, rotation: -359.99))),
        at(1, .gesture(GestureEvent(kind: .pinch, phase: .end, fingers: 10, scale: 1000, rotation: 360))),
        // Values a kind does not use still round-trip exactly.
        at(1, .gesture(GestureEvent(kind: .hold, phase: .update, fingers: 3, delta: InputVector(dx: 1, dy: 0), scale: 2, rotation: 3))),
        at(4, .touchDown(id: 0, position: InputPoint(x: 1, y: 2))),
        at(4, .touchMotion(id: Int32.max, position: InputPoint(x: -1_000_000, y: 1_000_000))),
        at(4, .touchUp(id: -1)),
        at(4, .touchFrame),
        at(4, .touchCancel),
        at(2, .key(KeyCode(rawValue: 56), pressed: true)),
        at(2, .key(.placeholder, pressed: false)),
        at(2, .modifiers(ModifierState(depressed: [.alt, .super], latched: [.shift], locked: [.capsLock, .numLock]))),
        at(2, .modifiers(ModifierState(depressed: [.control], effective: []))),
        at(1, .pointerLeave),
        at(1, .deviceRemoved),
        InputEvent(time: Timestamp(rawValue: t), device: DeviceID(UInt32.max), .frame),  // same time is allowed
        InputEvent(time: Timestamp(rawValue: TraceLimits.maximumTime), device: .synthetic, .frame),
    ]
}()

/// A valid trace text with a header and `events` (no trailing newline added by the caller).
func traceText(header: String = #"{"format": "lodestone-input", "version": 2, "privacy": "redacted"}"#, _ lines: String...) -> String {
    ([header] + lines).map { $0 + "\n" }.joined()
}

/// Expects `text` to be refused on `line` for a reason matching `matches`; returns the error.
@discardableResult
func expectRefused(_ text: String, line: Int, column: Int? = nil,
                   sourceLocation: SourceLocation = #_sourceLocation,
                   _ matches: (TraceError.Reason) -> Bool) -> TraceError? {
    do {
        let trace = try TraceDecoder.decode(text)
        Issue.record("decoded \(trace.events.count) events instead of failing", sourceLocation: sourceLocation)
        return nil
    } catch {
        #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
        if let column { #expect(error.column == column, "\(error)", sourceLocation: sourceLocation) }
        #expect(matches(error.reason), "\(error)", sourceLocation: sourceLocation)
        return error
    }
}

@Suite("SPEC T1/T2: trace round trip")
struct TraceRoundTripTests {
    @Test("the sample covers every event type of the format")
    func sampleCoversEveryType() {
        let covered = Set(everyKind.map { TraceEventType($0.kind) })
        #expect(covered == Set(TraceEventType.allCases))
    }

    @Test("every event kind survives encode → decode exactly", arguments: everyKind)
    func roundTripOne(event: InputEvent) throws {
        let trace = Trace(header: TraceHeader(privacy: .keepKeys), events: [event])
        let decoded = try TraceDecoder.decode(try trace.encoded())
        #expect(decoded == trace)
        // Bit-exact doubles, including the sign of zero.
        if case let .pointerEnter(p) = decoded.events[0].kind {
            #expect(p.y.sign == .minus)
        }
    }

    @Test("a whole trace with header devices and metadata round-trips, and re-encodes to the same text")
    func roundTripWhole() throws {
        let header = TraceHeader(
            privacy: .keepKeys,
            devices: [TraceDevice(id: DeviceID(1), name: "Touchpad \\ \"x\" \u{1}", capabilities: [.pointer, .gesture]),
                      TraceDevice(id: DeviceID(2), name: "Clavier é 🎹", capabilities: [.keyboard])],
            meta: ["generator": "lodestone test", "backend": "libinput"])
        let trace = Trace(header: header, events: everyKind)
        let text = try trace.encoded()
        let decoded = try TraceDecoder.decode(text)
        #expect(decoded == trace)
        #expect(try decoded.encoded() == text)
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == everyKind.count + 2)
    }

    @Test("the header names the format, version and privacy; every event line has time, device, type")
    func layout() throws {
        let text = try Trace(header: TraceHeader(), events: [everyKind[6]]).encoded()
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == #"{"format": "lodestone-input", "version": 2, "privacy": "redacted"}"#)
        #expect(lines[1] == #"{"time": 2750, "device": 1, "type": "button", "button": 272, "pressed": true}"#)
    }

    @Test("data-device notes (lodestone events --json, issue 18.5) are passed over; an unknown type still fails")
    func dataDeviceNotes() throws {
        let header = #"{"format": "lodestone-input", "version": 2, "privacy": "redacted"}"#
        let note = #"{"time": 7, "type": "data_device", "event": "enter", "offer": 4278190080, "x": 4.5, "y": 9, "mime_types": ["text/plain"], "source_actions": ["copy"], "modifiers": []}"#
        let button = #"{"time": 8, "device": 1, "type": "button", "button": 272, "pressed": true}"#
        let trace = try TraceDecoder.decode([header, note, button].joined(separator: "\n") + "\n")
        #expect(trace.events == [InputEvent(time: Timestamp(rawValue: 8), device: DeviceID(1), .button(.left, pressed: true))])
        #expect(throws: TraceError.self) {
            try TraceDecoder.decode([header, #"{"time": 7, "device": 1, "type": "data_devices"}"#].joined(separator: "\n") + "\n")
        }
    }

    @Test("hand-written traces: blank lines, CRLF, extra spaces and optional fields are accepted")
    func lenientWhitespace() throws {
        let text = "{\"format\":\"lodestone-input\",\"version\":1,\"privacy\":\"keep-keys\"}\r\n\n" +
            "  {\"type\":\"gesture\",\"time\":5,\"device\":1,\"kind\":\"swipe\",\"phase\":\"begin\",\"fingers\":3}  \r\n" +
            "{\"time\":5,\"device\":1,\"type\":\"modifiers\",\"depressed\":[\"alt\"],\"latched\":[],\"locked\":[\"caps\"]}\n"
        let trace = try TraceDecoder.decode(text)
        #expect(trace.header.privacy == .keepKeys)
        #expect(trace.events == [
            InputEvent(time: Timestamp(rawValue: 5), device: DeviceID(1), .gesture(GestureEvent(kind: .swipe, phase: .begin, fingers: 3))),
            InputEvent(time: Timestamp(rawValue: 5), device: DeviceID(1),
                       .modifiers(ModifierState(depressed: [.alt], locked: [.capsLock]))),
        ])
    }

    @Test("a version-1 trace reads as version 2: finger and continuous values inverted as natural scrolling did, wheels and stops untouched (issue 16.2; G1)")
    func versionOneUpgrade() throws {
        let v1 = traceText(header: #"{"format": "lodestone-input", "version": 1, "privacy": "redacted"}"#,
            #"{"time": 1, "device": 1, "type": "scroll", "source": "finger", "axis": "vertical", "value": 12, "stop": false}"#,
            #"{"time": 2, "device": 1, "type": "scroll", "source": "continuous", "axis": "horizontal", "value": -3.5, "stop": false}"#,
            #"{"time": 3, "device": 1, "type": "scroll", "source": "wheel", "axis": "vertical", "value": 15, "value120": 120, "stop": false}"#,
            #"{"time": 4, "device": 1, "type": "scroll", "source": "finger", "axis": "vertical", "value": 0, "stop": true}"#)
        func scroll(_ t: UInt64, _ s: ScrollSource, _ a: ScrollAxis, _ v: Double, _ v120: Int32? = nil, stop: Bool = false) -> InputEvent {
            InputEvent(time: Timestamp(rawValue: t), device: DeviceID(1), .scroll(source: s, axis: a, value: v, value120: v120, stop: stop))
        }
        let upgraded = try TraceDecoder.decode(v1)
        #expect(upgraded.header.version == InputProtocolVersion.current)
        #expect(upgraded.events == [scroll(1, .finger, .vertical, -12), scroll(2, .continuous, .horizontal, 3.5),
                                    scroll(3, .wheel, .vertical, 15, 120), scroll(4, .finger, .vertical, 0, stop: true)])
        // Replayed with natural scrolling off, as the old engine read them then.
        #expect(try TraceDecoder.decode(v1, legacyNaturalScrolling: false).events.map(\.kind)
                == [scroll(1, .finger, .vertical, 12), scroll(2, .continuous, .horizontal, -3.5),
                    scroll(3, .wheel, .vertical, 15, 120), scroll(4, .finger, .vertical, 0, stop: true)].map(\.kind))
        // Written again, it is a version-2 trace that reads back the same.
        #expect(try TraceDecoder.decode(upgraded.encoded()) == upgraded)
    }

    @Test("a header alone is an empty trace")
    func headerOnly() throws {
        let trace = try TraceDecoder.decode(traceText())
        #expect(trace.events.isEmpty)
        #expect(trace.header == TraceHeader())
    }
}

@Suite("SPEC T4: refused traces name the line")
struct TraceErrorTests {
    @Test("an empty input has no header")
    func empty() {
        expectRefused("", line: 1) { $0 == .empty }
        expectRefused("\n\n", line: 2) { $0 == .empty }
    }

    @Test("a first line that is not a lodestone-input header is refused", arguments: [
        "hello\n", "[1, 2]\n", #"{"version": 1}"# + "\n", #"{"format": "evemu", "version": 1}"# + "\n",
        #"{"format": 7, "version": 1}"# + "\n",
    ])
    func notATrace(text: String) {
        expectRefused(text, line: 1) { if case .notATrace = $0 { true } else { false } }
    }

    @Test("an unknown version is refused before anything else in the header is read", arguments: ["3", "0", "1.0", "-1", "99999999999999999999"])
    func unknownVersion(version: String) {
        let err = expectRefused(#"{"format": "lodestone-input", "version": \#(version), "future": true}"# + "\n", line: 1) {
            $0 == .unsupportedVersion(version)
        }
        #expect(err?.description.contains("unsupported trace version \(version)") == true)
    }

    @Test("header faults: missing privacy, unknown privacy, unknown member, bad device list")
    func headerFaults() {
        expectRefused(#"{"format": "lodestone-input", "version": 1}"# + "\n", line: 1) { $0 == .missingField("privacy") }
        expectRefused(#"{"format": "lodestone-input", "version": 1, "privacy": "none"}"# + "\n", line: 1) {
            $0 == .unknownValue(field: "privacy", value: "none")
        }
        expectRefused(#"{"format": "lodestone-input", "version": 1, "privacy": "redacted", "colour": "red"}"# + "\n", line: 1) {
            $0 == .unknownField("colour")
        }
        expectRefused(#"{"format": "lodestone-input", "version": 1, "privacy": "redacted", "devices": [{"id": -1, "name": "x", "capabilities": []}]}"# + "\n", line: 1) {
            if case .outOfRange(field: "id", _, _) = $0 { true } else { false }
        }
        expectRefused(#"{"format": "lodestone-input", "version": 1, "privacy": "redacted", "meta": {"a": 1}}"# + "\n", line: 1) {
            if case .wrongType(field: "meta.a", _, _) = $0 { true } else { false }
        }
    }

    @Test("malformed JSON names line and column")
    func malformed() {
        let ok = #"{"time": 1, "device": 1, "type": "frame"}"#
        expectRefused(traceText(ok, #"{"time": 2, "device": 1, "type": "frame",}"#), line: 3, column: 42) {
            if case .syntax = $0 { true } else { false }
        }
        expectRefused(traceText(ok, ok, #"{"time": 2 "device": 1}"#), line: 4, column: 12) {
            if case .syntax = $0 { true } else { false }
        }
        expectRefused(traceText(#"{"time": 01, "device": 1, "type": "frame"}"#), line: 2, column: 11) {
            $0 == .syntax("numbers must not have leading zeros")
        }
        expectRefused(traceText(#"{"time": 1, "device": 1, "type": "frame"} x"#), line: 2, column: 43) {
            if case .syntax = $0 { true } else { false }
        }
        expectRefused(traceText(#"{"time": 1, "time": 2, "device": 1, "type": "frame"}"#), line: 2, column: 13) {
            $0 == .syntax("duplicate member \"time\"")
        }
    }

    @Test("columns count characters, not bytes")
    func columnsInCharacters() {
        expectRefused(traceText(#"{"type": "é✋", ?}"#), line: 2, column: 16) { if case .syntax = $0 { true } else { false } }
    }

    @Test("a line cut in the middle is reported as truncated on that line")
    func truncatedMidLine() {
        let text = traceText(#"{"time": 1, "device": 1, "type": "frame"}"#) + #"{"time": 2, "device": 1, "ty"#
        let err = expectRefused(text, line: 3) { if case .syntax = $0 { true } else { false } }
        #expect(err?.description.contains("truncated") == true)
    }

    @Test("a last line without its newline is refused as truncated")
    func truncatedAtEnd() {
        let text = traceText(#"{"time": 1, "device": 1, "type": "frame"}"#) + #"{"time": 2, "device": 1, "type": "frame"}"#
        expectRefused(text, line: 3) { $0 == .truncated }
    }

    @Test("every prefix of a trace either fails or yields exactly a prefix of its events (nothing invented, nothing half-way)")
    func everyPrefix() throws {
        let full = Trace(header: TraceHeader(privacy: .keepKeys), events: Array(everyKind.prefix(12)))
        let bytes = Array(try full.encoded().utf8)
        var decodedCuts = 0
        for cut in 0..<bytes.count {
            guard let partial = try? TraceDecoder.decode(bytes[..<cut]) else { continue }
            decodedCuts += 1
            #expect(cut > 0 && bytes[cut - 1] == 0x0A, "a cut at byte \(cut) decoded")
            #expect(Array(full.events.prefix(partial.events.count)) == partial.events)
        }
        #expect(decodedCuts == full.events.count)  // exactly the cuts after each complete event line
    }

    @Test("non-finite numbers are refused", arguments: [
        (#"{"time": 1, "device": 1, "type": "pointer_enter", "x": NaN, "y": 0}"#, 56),
        (#"{"time": 1, "device": 1, "type": "pointer_enter", "x": nan, "y": 0}"#, 56),
        (#"{"time": 1, "device": 1, "type": "pointer_enter", "x": Infinity, "y": 0}"#, 56),
        (#"{"time": 1, "device": 1, "type": "pointer_enter", "x": -Infinity, "y": 0}"#, 57),
    ])
    func nonFinite(line: String, column: Int) {
        expectRefused(traceText(line), line: 2, column: column) { if case .syntax = $0 { true } else { false } }
    }

    @Test("numbers too large to be finite are out of range")
    func overflow() {
        expectRefused(traceText(#"{"time": 1, "device": 1, "type": "pointer_enter", "x": 1e999, "y": 0}"#), line: 2) {
            if case .outOfRange(field: "x", _, _) = $0 { true } else { false }
        }
    }

    @Test("out-of-range values name the field", arguments: [
        (#""type": "gesture", "kind": "swipe", "phase": "update", "fingers": -3"#, "fingers"),
        (#""type": "gesture", "kind": "swipe", "phase": "update", "fingers": 0"#, "fingers"),
        (#""type": "gesture", "kind": "swipe", "phase": "update", "fingers": 11"#, "fingers"),
        (#""type": "gesture", "kind": "pinch", "phase": "update", "fingers": 2, "scale": 0"#, "scale"),
        (#""type": "gesture", "kind": "pinch", "phase": "update", "fingers": 2, "scale": -1.5"#, "scale"),
        (#""type": "gesture", "kind": "pinch", "phase": "update", "fingers": 2, "rotation": 361"#, "rotation"),
        (#""type": "motion", "dx": 1000001, "dy": 0, "unaccel_dx": 0, "unaccel_dy": 0"#, "dx"),
        (#""type": "pointer_enter", "x": 0, "y": -2e6"#, "y"),
        (#""type": "button", "button": 768, "pressed": true"#, "button"),
        (#""type": "button", "button": -1, "pressed": true"#, "button"),
        (#""type": "key", "key": 65535, "pressed": true"#, "key"),
        (#""type": "scroll", "source": "wheel", "axis": "vertical", "value": 1, "value120": 2147483648, "stop": false"#, "value120"),
        (#""type": "touch_down", "id": 2147483648, "x": 0, "y": 0"#, "id"),
        (#""type": "key_repeat", "rate": -1, "delay": 600"#, "rate"),
        (#""type": "key_repeat", "rate": 1001, "delay": 600"#, "rate"),
        (#""type": "key_repeat", "rate": 25, "delay": 10001"#, "delay"),
    ])
    func outOfRange(fields: String, field: String) {
        let line = #"{"time": 9, "device": 1, "# + fields + "}"
        expectRefused(traceText(#"{"time": 1, "device": 1, "type": "frame"}"#, line), line: 3) {
            if case let .outOfRange(f, _, _) = $0 { f == field } else { false }
        }
    }

    @Test("time and device must be non-negative integers")
    func timeAndDevice() {
        expectRefused(traceText(#"{"time": -1, "device": 1, "type": "frame"}"#), line: 2) {
            if case .outOfRange(field: "time", _, _) = $0 { true } else { false }
        }
        expectRefused(traceText(#"{"time": 1.5, "device": 1, "type": "frame"}"#), line: 2) {
            if case .wrongType(field: "time", _, _) = $0 { true } else { false }
        }
        expectRefused(traceText(#"{"time": 9007199254740993, "device": 1, "type": "frame"}"#), line: 2) {
            if case .outOfRange(field: "time", _, _) = $0 { true } else { false }
        }
        expectRefused(traceText(#"{"time": 1, "device": 4294967296, "type": "frame"}"#), line: 2) {
            if case .outOfRange(field: "device", _, _) = $0 { true } else { false }
        }
        expectRefused(traceText(#"{"time": 1, "device": "1", "type": "frame"}"#), line: 2) {
            $0 == .wrongType(field: "device", expected: "an integer", found: "a string")
        }
    }

    @Test("timestamps going backwards are refused on the line where they go back")
    func backwards() {
        let err = expectRefused(traceText(
            #"{"time": 100, "device": 1, "type": "frame"}"#,
            #"{"time": 100, "device": 2, "type": "frame"}"#,
            #"{"time": 99, "device": 1, "type": "frame"}"#), line: 4) {
            $0 == .timeWentBackwards(previous: Timestamp(rawValue: 100), time: Timestamp(rawValue: 99))
        }
        #expect(err?.description == "line 4: time went backwards: 99 µs after 100 µs")
    }

    @Test("unknown types, fields and names are refused, not skipped")
    func unknowns() {
        expectRefused(traceText(#"{"time": 1, "device": 1, "type": "teleport"}"#), line: 2) { $0 == .unknownValue(field: "event type", value: "teleport") }
        expectRefused(traceText(#"{"time": 1, "device": 1, "type": "frame", "fingres": 3}"#), line: 2) {
            $0 == .unknownField("fingres\" in \"a frame event")
        }
        expectRefused(traceText(#"{"time": 1, "device": 1, "type": "scroll", "source": "knob", "axis": "vertical", "value": 1, "stop": false}"#), line: 2) {
            $0 == .unknownValue(field: "scroll source", value: "knob")
        }
        expectRefused(traceText(#"{"time": 1, "device": 1, "type": "modifiers", "depressed": ["hyper"], "latched": [], "locked": []}"#), line: 2) {
            $0 == .unknownValue(field: "modifier", value: "hyper")
        }
        expectRefused(traceText(#"{"time": 1, "device": 1, "type": "device_added", "name": "x", "capabilities": ["tablet"]}"#), line: 2) {
            $0 == .unknownValue(field: "capability", value: "tablet")
        }
        expectRefused(traceText(#"{"time": 1, "device": 1, "type": "key", "key": "a", "pressed": true}"#), line: 2) {
            $0 == .unknownValue(field: "key", value: "a")
        }
        expectRefused(traceText(#"{"time": 1, "device": 1, "type": "scroll_direction", "direction": "upside-down"}"#), line: 2) {
            $0 == .unknownValue(field: "scroll direction", value: "upside-down")
        }
    }

    @Test("types version 2 added are refused in a version-1 trace: that version did not have them", arguments: [
        #"{"time": 1, "device": 1, "type": "scroll_direction", "direction": "compositor"}"#,
        #"{"time": 1, "device": 2, "type": "key_repeat", "rate": 25, "delay": 600}"#,
    ])
    func newTypesNeedVersion2(line: String) {
        expectRefused(traceText(header: #"{"format": "lodestone-input", "version": 1, "privacy": "redacted"}"#, line), line: 2) {
            if case .unknownValue(field: "event type", _) = $0 { true } else { false }
        }
    }

    @Test("missing fields and wrong types are named")
    func missingAndWrong() {
        expectRefused(traceText(#"{"time": 1, "device": 1, "type": "button", "button": 272}"#), line: 2) { $0 == .missingField("pressed") }
        expectRefused(traceText(#"{"device": 1, "type": "frame"}"#), line: 2) { $0 == .missingField("time") }
        expectRefused(traceText(#"{"time": 1, "device": 1, "type": "button", "button": 272, "pressed": 1}"#), line: 2) {
            $0 == .wrongType(field: "pressed", expected: "true or false", found: "a number")
        }
        expectRefused(traceText(#"[1]"#), line: 2) { $0 == .wrongType(field: "event", expected: "an object", found: "an array") }
    }

    @Test("contradicting fields are refused")
    func inconsistent() {
        for fields in [
            #""type": "gesture", "kind": "hold", "phase": "update", "fingers": 2, "cancelled": true"#,
            #""type": "motion", "x": 1, "dx": 0, "dy": 0, "unaccel_dx": 0, "unaccel_dy": 0"#,
            #""type": "motion", "y": 1, "dx": 0, "dy": 0, "unaccel_dx": 0, "unaccel_dy": 0"#,
            #""type": "scroll", "source": "finger", "axis": "vertical", "value": 1, "value120": 120, "stop": false"#,
            #""type": "scroll", "source": "finger", "axis": "vertical", "value": 3, "stop": true"#,
        ] {
            expectRefused(traceText(#"{"time": 1, "device": 1, "# + fields + "}"), line: 2) {
                if case .inconsistent = $0 { true } else { false }
            }
        }
    }

    @Test("JSON faults inside strings: invalid UTF-8, lone surrogates, raw control characters, bad escapes")
    func stringFaults() {
        let prefix = #"{"time": 1, "device": 1, "type": "device_added", "capabilities": [], "name": ""#
        for bad in ["\u{1}", #"\ud800""#, #"\udc00""#, #"\ud800\u0041""#, #"\x""#, #"\u12G4""#] {
            expectRefused(traceText(prefix + bad + #""}"#), line: 2) { if case .syntax = $0 { true } else { false } }
        }
        var bytes = Array(traceText().utf8)
        bytes += Array(prefix.utf8) + [0xC3, 0x28] + Array("\"}\n".utf8)
        #expect(throws: TraceError.self) { try TraceDecoder.decode(bytes) }
        var overlong = Array(traceText().utf8)
        overlong += Array(prefix.utf8) + [0xC0, 0xAF] + Array("\"}\n".utf8)
        #expect(throws: TraceError.self) { try TraceDecoder.decode(overlong) }
    }

    @Test("deep nesting and very long lines are refused without recursion blow-ups")
    func limits() {
        let deep = String(repeating: "[", count: 10_000)
        expectRefused(traceText(deep), line: 2) { if case .syntax = $0 { true } else { false } }
        let long = #"{"time": 1, "device": 1, "type": "device_added", "capabilities": [], "name": ""# + String(repeating: "a", count: TraceLimits.maximumLineLength) + #""}"#
        expectRefused(traceText(long), line: 2) { $0 == .lineTooLong(TraceLimits.maximumLineLength) }
    }

    @Test("device and metadata names are bounded")
    func nameLength() {
        let name = String(repeating: "n", count: TraceLimits.maximumNameLength + 1)
        expectRefused(traceText(#"{"time": 1, "device": 1, "type": "device_added", "capabilities": [], "name": "\#(name)"}"#), line: 2) {
            if case .outOfRange(field: "name", _, _) = $0 { true } else { false }
        }
    }

    @Test("the replayer decodes everything first: a fault on the last line replays nothing")
    func nothingHalfWay() {
        var consumed = 0
        let text = traceText(#"{"time": 1, "device": 1, "type": "frame"}"#, #"{"time": 2, "device": 1, "type": "frame"}"#,
                             #"{"time": 3, "device": 1, "type": "frame", "x": 1}"#)
        do {
            let replayer = try TraceReplayer(decoding: Array(text.utf8))
            replayer.replay { _, _ in consumed += 1 }
            Issue.record("decoded a faulty trace")
        } catch {
            #expect(error.line == 4)
        }
        #expect(consumed == 0)
    }
}

@Suite("SPEC T3: traces are private by default")
struct TracePrivacyTests {
    static let keys: [UInt32] = [30, 2, 16, 57, 56, 42, 103, 59]  // a, 1, q, space, leftalt, leftshift, up, F1

    func record(_ privacy: KeyPrivacy?) throws -> String {
        var out = ""
        let recorder = privacy.map { p in TraceRecorder(privacy: p) { out += $0 } } ?? TraceRecorder { out += $0 }
        for (i, code) in Self.keys.enumerated() {
            try recorder.append(InputEvent(time: Timestamp(rawValue: UInt64(i)), device: DeviceID(2), .key(KeyCode(rawValue: code), pressed: true)))
        }
        try recorder.flush()
        return out
    }

    @Test("by default letters, digits and other text keys are written as the placeholder and the header says redacted")
    func redactedByDefault() throws {
        let text = try record(nil)
        let trace = try TraceDecoder.decode(text)
        #expect(trace.header.privacy == .redactText)
        #expect(text.hasPrefix(#"{"format": "lodestone-input", "version": 2, "privacy": "redacted"}"#))
        let codes = trace.events.map { e -> KeyCode? in if case let .key(c, _) = e.kind { c } else { nil } }
        #expect(codes == Self.keys.map { KeyPrivacy.isPublic(KeyCode(rawValue: $0)) ? KeyCode(rawValue: $0) : .placeholder })
        #expect(codes.filter { $0 == .placeholder }.count == 4)  // a, 1, q, F1
        for secret in ["\"key\": 30,", "\"key\": 2,", "\"key\": 16,", "\"key\": 59,"] { #expect(!text.contains(secret)) }
        #expect(text.contains(#""key": "private""#))
    }

    @Test("--keep-keys keeps every key and says so in the header")
    func keepKeys() throws {
        let text = try record(.keepKeys)
        let trace = try TraceDecoder.decode(text)
        #expect(trace.header.privacy == .keepKeys)
        #expect(text.contains(#""privacy": "keep-keys""#))
        #expect(trace.events.map { e -> KeyCode? in if case let .key(c, _) = e.kind { c } else { nil } } == Self.keys.map { KeyCode(rawValue: $0) })
    }

    @Test("a trace that claims to be redacted but holds a text key is refused")
    func lyingHeader() {
        expectRefused(traceText(#"{"time": 1, "device": 2, "type": "key", "key": 56, "pressed": true}"#,
                                #"{"time": 2, "device": 2, "type": "key", "key": 30, "pressed": true}"#), line: 3) {
            $0 == .privateKey(KeyCode(rawValue: 30))
        }
    }
}

@Suite("SPEC T2: recorder and replayer")
struct TraceRecorderReplayerTests {
    @Test("the recorder's output decodes to the events it was given, and it flushes in batches")
    func recordDecode() throws {
        var chunks: [String] = []
        let recorder = TraceRecorder(privacy: .keepKeys, devices: [TraceDevice(id: DeviceID(1), name: "pad", capabilities: [.pointer])],
                                     meta: ["generator": "test"]) { chunks.append($0) }
        recorder.flushThreshold = 512
        for e in everyKind { try recorder.append(e) }
        try recorder.flush()
        try recorder.flush()  // nothing pending: no empty write
        #expect(chunks.count > 1)
        #expect(chunks.allSatisfy { !$0.isEmpty })
        let trace = try TraceDecoder.decode(chunks.joined())
        #expect(trace.events == everyKind)
        #expect(trace.header.devices.map(\.name) == ["pad"])
        #expect(trace.header.meta == ["generator": "test"])
        #expect(recorder.eventCount == everyKind.count)
    }

    @Test("the recorder refuses what would make the trace unreadable, names the line, and writes nothing for it")
    func recorderRefuses() throws {
        var out = ""
        let recorder = TraceRecorder { out += $0 }
        try recorder.append(InputEvent(time: Timestamp(rawValue: 10), device: DeviceID(1), .frame))
        #expect(throws: TraceError(line: 3, .timeWentBackwards(previous: Timestamp(rawValue: 10), time: Timestamp(rawValue: 9)))) {
            try recorder.append(InputEvent(time: Timestamp(rawValue: 9), device: DeviceID(1), .frame))
        }
        #expect(throws: TraceError.self) {
            try recorder.append(InputEvent(time: Timestamp(rawValue: 11), device: DeviceID(1), .pointerEnter(position: InputPoint(x: .nan, y: 0))))
        }
        #expect(throws: TraceError.self) {
            try recorder.append(InputEvent(time: Timestamp(rawValue: 11), device: DeviceID(1), .gesture(GestureEvent(kind: .swipe, phase: .begin, fingers: -1))))
        }
        try recorder.append(InputEvent(time: Timestamp(rawValue: 12), device: DeviceID(1), .frame))
        try recorder.flush()
        #expect(try TraceDecoder.decode(out).events.map(\.time.rawValue) == [10, 12])
    }

    @Test("the replayer gives each event with now = its timestamp, in order")
    func replayOrder() throws {
        let trace = Trace(header: TraceHeader(), events: everyKind)
        var seen: [InputEvent] = []
        TraceReplayer(trace).replay { e, now in
            #expect(now == e.time)
            seen.append(e)
        }
        #expect(seen == everyKind)
        #expect(TraceReplayer(trace).map(\.event) == everyKind)
    }

    @Test("ticks fall on every interval between events, before the events at or after them; waits add up to the trace's span")
    func ticks() {
        let events = [3, 10, 10, 25].map { InputEvent(time: Timestamp(rawValue: $0), device: DeviceID(1), .frame) }
        var log: [String] = []
        var waited: UInt64 = 0
        TraceReplayer(Trace(header: TraceHeader(), events: events)).replay(
            tickInterval: 10, tick: { log.append("tick \($0.rawValue)") }, wait: { waited += $0 }
        ) { e, _ in log.append("event \(e.time.rawValue)") }
        #expect(log == ["event 3", "tick 10", "event 10", "event 10", "tick 20", "event 25"])
        #expect(waited == 22)
    }

    @Test("replaying the same trace twice gives the same sequence (deterministic)")
    func deterministic() throws {
        // Without the last event: ticks every 333 µs up to 2^53 µs would never end.
        let text = try Trace(header: TraceHeader(privacy: .keepKeys), events: everyKind.dropLast()).encoded()
        func run() throws -> [String] {
            var out: [String] = []
            try TraceReplayer(decoding: Array(text.utf8)).replay(tickInterval: 333, tick: { out.append("t\($0)") }) { e, now in
                out.append("\(e) @\(now)")
            }
            return out
        }
        #expect(try run() == run())
    }
}

@Suite("trace JSON reader")
struct TraceJSONTests {
    @Test("escapes and surrogate pairs decode; the writer escapes what it must")
    func strings() throws {
        let v = try JSONReader.parse(Array(#"["a\"b\\c\/\b\f\n\r\t\u00e9\ud83c\udfb9", "✋"]"#.utf8)).plain
        #expect(v == .array([.string("a\"b\\c/\u{08}\u{0C}\n\r\t\u{E9}🎹"), .string("✋")]))
        var w = JSONWriter()
        w.write(.string("q\"\\\n\u{1}\u{7F}é"))
        #expect(w.text == #""q\"\\\n\u0001\u007Fé""#)
        #expect(try JSONReader.parse(Array(w.text.utf8)).plain == .string("q\"\\\n\u{1}\u{7F}é"))
    }

    @Test("numbers are written in the shortest form that reads back exactly",
          arguments: [0.1, -0.0, 1e-300, Double.leastNonzeroMagnitude, 123456.789, 1e15, 1e16, -2.5e20, 1.7976931348623157e308, 3])
    func numbers(value: Double) throws {
        guard case let .number(text) = JSONWriter.number(value) else { Issue.record("not a number"); return }
        _ = try JSONReader.parse(Array(text.utf8))  // valid JSON
        #expect(Double(text)?.bitPattern == value.bitPattern)
    }
}
