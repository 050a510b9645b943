// LibinputBackend: reads input devices directly through libinput (path or udev backend) and
// emits Lodestone's event stream (SPEC T1): pointer motion, buttons, scroll (libinput ≥ 1.19
// scroll events), swipe/pinch/hold gestures, touch, keys and xkb modifier state (SPEC G10),
// device added/removed. It only translates: InputPipeline keeps the stream's time monotonic,
// ends what a removed device was doing, applies key privacy (SPEC T1, G7, T3) and merges it with
// the compositor's seat.
import InputProtocol

/// Why the libinput backend could not start; each case reads as one sentence for the user.
public enum LibinputError: Error, Equatable, CustomStringConvertible {
    /// open(2) said EACCES/EPERM for these device nodes.
    case permissionDenied(paths: [String])
    case cannotOpen(path: String, reason: String)
    /// libinput opened the node but would not use it (not an evdev device, ignored by udev…).
    case notAnInputDevice(path: String, detail: String)
    case contextFailed(String)
    case keymap(String)

    public var description: String {
        switch self {
        case .permissionDenied(let paths):
            "cannot open \(paths.joined(separator: ", ")): permission denied — add your user to the "
                + "`input` group or run `lodestone` with --input wayland"
        case .cannotOpen(let path, let reason): "cannot open \(path): \(reason)"
        case .notAnInputDevice(let path, let detail):
            "\(path) is not an input device libinput can use" + (detail.isEmpty ? "" : " (\(detail))")
        case .contextFailed(let why): "libinput could not start: \(why)"
        case .keymap(let why): why
        }
    }
}

/// Conversions from libinput's units to Lodestone's points, done once, here.
enum Units {
    /// libinput normalizes pointer, scroll and gesture motion to a 1000-dpi mouse; compositors
    /// map one such unit to one logical pixel, and so does Lodestone (1 unit = 1 pt).
    static let pointsPerLibinputUnit = 1.0
    /// Touch positions arrive in millimetres; a point is 1/96 inch (a logical pixel at scale 1).
    static let pointsPerMillimetre = 96.0 / 25.4
}

public final class LibinputBackend: InputSource {
    /// Where the devices come from.
    public enum Source: Hashable, Sendable {
        /// libinput's path backend: exactly these device nodes (e.g. /dev/input/event5).
        case paths([String])
        /// libinput's udev backend: every input device of a seat, with hotplug.
        case seat(String)
        public static let defaultSeat = Source.seat("seat0")
    }

    private let context: LibinputContext
    private let verbose: Bool
    private let messages: (String) -> Void
    private var translation: RawTranslation
    private var reportedOpenFailures = 0

    /// Starts libinput. `messages` receives one line per noteworthy problem (unsupported option,
    /// a device that could not be opened); fatal problems are thrown.
    public init(_ source: Source, settings: DeviceSettings = DeviceSettings(),
                verbose: Bool = false, messages: @escaping (String) -> Void) throws(LibinputError) {
        self.verbose = verbose; self.messages = messages
        do { translation = RawTranslation(keyboard: try XkbKeyboard()) } catch {
            translation = RawTranslation(keyboard: nil, keymapProblem: error)
        }
        // The options go to each pointer device as it appears, before its events are read.
        let configure: (DeviceRef) -> Void = { device in
            guard device.capabilities.contains(.pointer), !settings.isEmpty else { return }
            for line in settings.apply(to: device) { messages(line) }
        }
        switch source {
        case .paths(let paths):
            context = try LibinputContext(kind: .path, verbose: verbose, configure: configure)
            var denied: [String] = []
            for path in paths where context.addPath(path) == nil {
                let failure = context.sink.openFailures.last(where: { $0.path == path })?.failure
                let libinputSaid = context.sink.log.map(\.line).joined(separator: "; ")
                context.sink.log.removeAll()
                switch failure {
                case .permissionDenied: denied.append(path)
                case .other(_, let reason): throw .cannotOpen(path: path, reason: reason)
                case nil: throw .notAnInputDevice(path: path, detail: libinputSaid)
                }
            }
            if !denied.isEmpty { throw .permissionDenied(paths: denied) }
            reportedOpenFailures = context.sink.openFailures.count
        case .seat(let seat):
            context = try LibinputContext(kind: .udev(seat: seat), verbose: verbose, configure: configure)
            let failures = context.sink.openFailures
            let denied = failures.filter { $0.failure == .permissionDenied }.map(\.path)
            if !failures.isEmpty, failures.count == denied.count, !hasQueuedDevices {
                throw .permissionDenied(paths: denied)
            }
        }
    }

    /// The fd to put in the client's event loop; readable when libinput has work (events or
    /// its internal timers).
    public var fileDescriptor: Int32 { context.fd }

    /// Waits until the fd is readable or `timeoutMS` passes (negative: no timeout).
    @discardableResult
    public func wait(timeoutMS: Int32) -> Bool { context.wait(timeoutMS: timeoutMS) }

    private var queued: [RawEvent] = []
    private var hasQueuedDevices: Bool {
        while let e = context.nextEvent() { queued.append(e) }
        return queued.contains { if case .deviceAdded = $0 { true } else { false } }
    }

    /// Takes every event available now. libinput_dispatch reads what the fd has (its own
    /// non-blocking wait: the caller's loop already polled the fd, so no second poll here).
    public func drain() -> [InputEvent] {
        _ = context.dispatch()
        var raw = queued
        queued.removeAll()
        while let e = context.nextEvent() { raw.append(e) }
        LibinputBackend.markRemovalEndsCancelled(&raw)
        var out: [InputEvent] = []
        for e in raw { translation.translate(e, into: &out, messages: messages) }
        reportLog()
        return out
    }

    /// libinput ends what a device was doing when it goes away as if the fingers had lifted
    /// (tp_clear_state): a gesture in progress gets a normal end, a finger scroll its zero-valued
    /// stop. For Lodestone the gesture was cancelled and the scroll cut, not released (SPEC G7:
    /// a stop would launch kinetic momentum from a device that is gone). Both arrive from the
    /// same dispatch as the removal, among the device's last events: the ends are marked
    /// cancelled and the stops dropped (the removal itself ends the scroll).
    static func markRemovalEndsCancelled(_ raw: inout [RawEvent]) {
        for i in raw.indices {
            guard case .deviceRemoved(let removed, _) = raw[i] else { continue }
            var stops: [Int] = []
            var j = i - 1
            // The device's own run of events (legacy axis twins, ignored, included).
            while j >= 0, raw[j].device == removed {
                switch raw[j] {
                case .gesture(let d, let time, let kind, .end, let fingers, let dx, let dy, let scale, let angle, _):
                    raw[j] = .gesture(d, time: time, kind: kind, phase: .end, fingers: fingers, dx: dx, dy: dy,
                                      scale: scale, angle: angle, cancelled: true)
                case .pointerScroll(_, _, let source, let axes) where source != .wheel && axes.allSatisfy({ $0.value == 0 }):
                    stops.append(j)
                default:
                    break
                }
                j -= 1
            }
            for k in stops { raw[k] = .ignored(removed) }
        }
    }

    /// The devices present with their stream ids, in id order (for what reads their configuration).
    var deviceRefs: [(id: DeviceID, device: DeviceRef)] {
        translation.devices.compactMap { key, id in context.device(key).map { (id, $0) } }.sorted { $0.id.rawValue < $1.id.rawValue }
    }

    private func reportLog() {
        let failures = context.sink.openFailures.dropFirst(reportedOpenFailures)
        if !failures.isEmpty {
            reportedOpenFailures = context.sink.openFailures.count
            let denied = failures.filter { $0.failure == .permissionDenied }.map(\.path)
            if !denied.isEmpty { messages(LibinputError.permissionDenied(paths: denied).description) }
            for f in failures { if case .other(_, let reason) = f.failure { messages("cannot open \(f.path): \(reason)") } }
            context.sink.log.removeAll()   // libinput's own lines about the same failures
        }
        for entry in context.sink.log where entry.error || verbose { messages("libinput: \(entry.line)") }
        context.sink.log.removeAll()
    }
}
