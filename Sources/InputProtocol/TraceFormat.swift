// The trace format's header, limits and errors (SPEC T1–T4). Protocols/lodestone-input-v1.md is
// the normative text; every limit below is quoted there with its reason.

/// The first line of a trace: what it is, which version, and whether key identities were kept.
public struct TraceHeader: Hashable, Sendable {
    /// The value of the header's "format" member.
    public static let formatName = "lodestone-input"

    /// The trace format version it was written with.
    public var version: Int
    /// SPEC T3: `.redactText` (written "redacted") unless the user opted in with --keep-keys.
    public var privacy: KeyPrivacy
    /// Devices present when recording started (descriptive; the stream still carries
    /// device_added for each device it uses).
    public var devices: [TraceDevice]
    /// Free-form string metadata (generator, backend, host …). Never typed text.
    public var meta: [String: String]

    /// A header; by default the current version, private.
    public init(version: Int = InputProtocolVersion.current, privacy: KeyPrivacy = .redactText,
                devices: [TraceDevice] = [], meta: [String: String] = [:]) {
        self.version = version; self.privacy = privacy; self.devices = devices; self.meta = meta
    }
}

/// A device as listed in the header.
public struct TraceDevice: Hashable, Sendable {
    /// The device's identifier in the stream.
    public var id: DeviceID
    /// The device's name.
    public var name: String
    /// What it can do.
    public var capabilities: DeviceCapabilities
    /// A device entry.
    public init(id: DeviceID, name: String, capabilities: DeviceCapabilities) {
        self.id = id; self.name = name; self.capabilities = capabilities
    }
}

/// A whole decoded trace. Decoding is all-or-nothing (SPEC T4): a `Trace` value only exists
/// when every line was valid.
public struct Trace: Hashable, Sendable {
    /// The header line.
    public var header: TraceHeader
    /// The events, in order.
    public var events: [InputEvent]
    /// A trace of `events` under `header`.
    public init(header: TraceHeader, events: [InputEvent]) { self.header = header; self.events = events }
}

extension KeyPrivacy {
    /// The header's "privacy" value.
    public var traceName: String {
        switch self {
        case .redactText: "redacted"
        case .keepKeys: "keep-keys"
        }
    }

    /// The policy the header's "privacy" value names, nil if unknown.
    public init?(traceName: String) {
        switch traceName {
        case "redacted": self = .redactText
        case "keep-keys": self = .keepKeys
        default: return nil
        }
    }
}

extension DeviceCapabilities {
    /// Names used in traces, in a fixed order.
    public static let all: [(DeviceCapabilities, String)] = [
        (.pointer, "pointer"), (.keyboard, "keyboard"), (.touch, "touch"), (.gesture, "gesture"),
    ]
    /// The capabilities' names, as the trace spells them.
    public var names: [String] { DeviceCapabilities.all.filter { contains($0.0) }.map(\.1) }
}

/// Value ranges a trace may hold. Anything outside is refused by the decoder and by the
/// recorder (the same check runs on both sides).
public enum TraceLimits {
    /// |x|, |y|, |dx|, |dy| and |scroll value| in points. No surface or motion is this big; a
    /// larger value is a unit mix-up (device units, pixels × 1000) or garbage.
    public static let maximumMagnitude = 1_000_000.0
    /// Pinch scale is absolute since begin: (0, 1000]. 0 or less is meaningless.
    public static let maximumScale = 1000.0
    /// Rotation per update, degrees: one update never turns more than a full circle.
    public static let maximumRotation = 360.0
    /// Finger count of a gesture: libinput reports 1–5; 10 is all the fingers of two hands.
    public static let fingers: ClosedRange<Int> = 1...10
    /// evdev codes: KEY_MAX (linux/input-event-codes.h) bounds keys and buttons alike.
    public static let maximumEvdevCode: UInt32 = 0x2FF
    /// Timestamps are µs since an arbitrary origin; JSON readers elsewhere lose precision past
    /// 2^53, which is also 285 years of uptime.
    public static let maximumTime: UInt64 = 1 << 53
    /// Bytes per line: an event line is < 400 bytes; a header with many devices stays far below.
    public static let maximumLineLength = 1 << 16
    /// Characters in a device name or a metadata value.
    public static let maximumNameLength = 1024
    /// Key repeats per second: 0 (none) up to 1000, past which each repeat would be under a
    /// millisecond (wl_keyboard.repeat_info gives int32; no desktop offers more than ~100).
    public static let keyRepeatRate: ClosedRange<Int> = 0...1000
    /// Delay before the first repeat, ms: up to 10 s (desktops offer at most ~2 s).
    public static let keyRepeatDelay: ClosedRange<Int> = 0...10_000
}

/// Why a trace (or an event given to the recorder) was refused, and on which line.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Error, Hashable, Sendable {
        /// The input holds no header line.
        case empty
        /// The first line is not a lodestone-input header.
        case notATrace(String)
        /// The header's version is not one this build reads.
        case unsupportedVersion(String)
        /// The line is not valid JSON (the column says where).
        case syntax(String)
        /// The input ends without a final newline: it was cut short.
        case truncated
        /// A line longer than the format allows (its length).
        case lineTooLong(Int)
        /// A required member is missing.
        case missingField(String)
        /// A member the format does not know.
        case unknownField(String)
        /// A member has the wrong JSON type.
        case wrongType(field: String, expected: String, found: String)
        /// A member's value is not one the format knows.
        case unknownValue(field: String, value: String)
        /// A number outside its range.
        case outOfRange(field: String, value: String, allowed: String)
        /// An event earlier than the one before it.
        case timeWentBackwards(previous: Timestamp, time: Timestamp)
        /// A letter/digit key identity in a trace whose header says "redacted" (SPEC T3).
        case privateKey(KeyCode)
        /// Fields that contradict each other (x without y, stop with a value, …).
        case inconsistent(String)
    }

    /// 1-based line number in the trace (the header is line 1).
    public var line: Int
    /// 1-based column (characters) for syntax errors; nil when the whole line is at fault.
    public var column: Int?
    /// What was wrong.
    public var reason: Reason

    /// An error on `line` (at `column`, for syntax errors).
    public init(line: Int, column: Int? = nil, _ reason: Reason) {
        self.line = line; self.column = column; self.reason = reason
    }

    public var description: String {
        let place = column.map { "line \(line), column \($0)" } ?? "line \(line)"
        return "\(place): \(reason)"
    }
}

extension TraceError.Reason: CustomStringConvertible {
    public var description: String {
        switch self {
        case .empty: "empty trace: expected a \(TraceHeader.formatName) header line"
        case let .notATrace(why): "not a \(TraceHeader.formatName) trace: \(why)"
        case let .unsupportedVersion(v):
            "unsupported trace version \(v) (this lodestone reads versions \(InputProtocolVersion.readable.lowerBound) to \(InputProtocolVersion.readable.upperBound))"
        case let .syntax(why): why
        case .truncated: "truncated trace: the last line does not end with a newline"
        case let .lineTooLong(n): "line longer than \(n) bytes"
        case let .missingField(f): "missing field \"\(f)\""
        case let .unknownField(f): "unknown field \"\(f)\""
        case let .wrongType(f, expected, found): "field \"\(f)\" must be \(expected), found \(found)"
        case let .unknownValue(f, v): "unknown \(f) \"\(v)\""
        case let .outOfRange(f, v, allowed): "\(f) \(v) is out of range (allowed: \(allowed))"
        case let .timeWentBackwards(previous, time):
            "time went backwards: \(time.rawValue) µs after \(previous.rawValue) µs"
        case let .privateKey(code):
            "key \(code.rawValue) keeps its identity in a trace recorded with privacy \"redacted\""
        case let .inconsistent(why): why
        }
    }
}
