// The seam between libinput's C API and Swift. Everything that touches OpaquePointer, errno or
// libinput's C enums lives in this file; the rest of the module sees typed values only.
import CLibinput
import Glibc
import Posix

/// How a device node open failed, as open(2) said.
enum OpenFailure: Equatable {
    case permissionDenied
    case other(code: Int32, reason: String)
}

/// Receives what the seam cannot return directly: open failures and libinput's log lines.
final class SeamSink {
    var openFailures: [(path: String, failure: OpenFailure)] = []
    var log: [(error: Bool, line: String)] = []
}

/// One libinput device, identified by its C object (valid while libinput holds a reference).
/// It stays in this file and the device settings; events carry its `key`.
struct DeviceRef: Hashable {
    fileprivate let raw: OpaquePointer

    var key: DeviceKey { DeviceKey(rawValue: UInt(bitPattern: Int(bitPattern: raw))) }

    var name: String { String(cString: libinput_device_get_name(raw)) }
    var sysname: String { String(cString: libinput_device_get_sysname(raw)) }

    var capabilities: DeviceCapabilitiesC {
        var caps = DeviceCapabilitiesC()
        if libinput_device_has_capability(raw, LIBINPUT_DEVICE_CAP_POINTER) != 0 { caps.insert(.pointer) }
        if libinput_device_has_capability(raw, LIBINPUT_DEVICE_CAP_KEYBOARD) != 0 { caps.insert(.keyboard) }
        if libinput_device_has_capability(raw, LIBINPUT_DEVICE_CAP_TOUCH) != 0 { caps.insert(.touch) }
        if libinput_device_has_capability(raw, LIBINPUT_DEVICE_CAP_GESTURE) != 0 { caps.insert(.gesture) }
        return caps
    }

    /// Device size in millimetres, when libinput knows it (touchpads, touchscreens).
    var sizeMM: (width: Double, height: Double)? {
        var w = 0.0, h = 0.0
        return libinput_device_get_size(raw, &w, &h) == 0 ? (w, h) : nil
    }
}

/// libinput's device capabilities (LIBINPUT_DEVICE_CAP_*).
struct DeviceCapabilitiesC: OptionSet {
    let rawValue: UInt8
    static let pointer = DeviceCapabilitiesC(rawValue: 1)   // LIBINPUT_DEVICE_CAP_POINTER
    static let keyboard = DeviceCapabilitiesC(rawValue: 2)  // LIBINPUT_DEVICE_CAP_KEYBOARD
    static let touch = DeviceCapabilitiesC(rawValue: 4)     // LIBINPUT_DEVICE_CAP_TOUCH
    static let gesture = DeviceCapabilitiesC(rawValue: 8)   // LIBINPUT_DEVICE_CAP_GESTURE
}

/// A scroll axis value of one libinput scroll event.
struct RawScrollAxis {
    var vertical: Bool
    var value: Double
    var value120: Double?
}

/// A device as the decoded events name it: a plain number (the address of libinput's device
/// object, which libinput keeps from the device's added event to its removed one). Translation
/// knows devices by this key alone, so its tests make events without libinput (issue 20.6).
struct DeviceKey: Hashable {
    let rawValue: UInt
}

/// What translation needs of a device that appeared, read at the seam once its settings were applied.
struct RawDevice: Equatable {
    var key: DeviceKey
    var name: String
    var capabilities: DeviceCapabilitiesC
    /// libinput's natural-scroll option for it, after the settings (G1: the stream records it).
    var naturalScroll: Bool
}

/// A libinput event, decoded into Swift values. `device` is the device it came from. Device
/// added and removed carry the time they were read (libinput stamps neither).
enum RawEvent {
    case deviceAdded(RawDevice, time: UInt64)
    case deviceRemoved(DeviceKey, time: UInt64)
    case keyboardKey(DeviceKey, time: UInt64, key: UInt32, pressed: Bool)
    case pointerMotion(DeviceKey, time: UInt64, dx: Double, dy: Double, rawDX: Double, rawDY: Double)
    case pointerButton(DeviceKey, time: UInt64, button: UInt32, pressed: Bool)
    /// LIBINPUT_EVENT_POINTER_SCROLL_WHEEL / _FINGER / _CONTINUOUS (libinput ≥ 1.19).
    case pointerScroll(DeviceKey, time: UInt64, source: ScrollSourceC, axes: [RawScrollAxis])
    case touch(DeviceKey, time: UInt64, phase: TouchPhaseC, slot: Int32, xMM: Double, yMM: Double)
    case gesture(DeviceKey, time: UInt64, kind: GestureKindC, phase: GesturePhaseC, fingers: Int32,
                 dx: Double, dy: Double, scale: Double, angle: Double, cancelled: Bool)
    /// Everything else (legacy axis events, tablets, switches): not part of Lodestone's stream.
    /// Keeps its device, so a device's last events stay recognisable as one run.
    case ignored(DeviceKey)
}

extension RawEvent {
    var device: DeviceKey {
        switch self {
        case .deviceAdded(let d, _): d.key
        case .deviceRemoved(let d, _): d
        case .keyboardKey(let d, _, _, _), .pointerMotion(let d, _, _, _, _, _), .pointerButton(let d, _, _, _),
             .pointerScroll(let d, _, _, _), .touch(let d, _, _, _, _, _), .gesture(let d, _, _, _, _, _, _, _, _, _),
             .ignored(let d):
            d
        }
    }
}

enum ScrollSourceC { case wheel, finger, continuous }
enum TouchPhaseC { case down, motion, up, cancel, frame }
enum GestureKindC { case swipe, pinch, hold }
enum GesturePhaseC { case begin, update, end }

/// Owns one libinput context (path or udev backend) and the udev handle it needs.
final class LibinputContext {
    private let li: OpaquePointer
    private let udev: OpaquePointer?
    private let interface: UnsafeMutablePointer<libinput_interface>
    private let sinkBox: Unmanaged<SeamSink>
    let sink: SeamSink
    /// Applies the user's device options to a device as it appears (before its events are read).
    private let configure: (DeviceRef) -> Void
    /// The devices present, by the key their events carry (from added to removed).
    private var present: [DeviceKey: DeviceRef] = [:]

    /// The device behind `key`, while it is present.
    func device(_ key: DeviceKey) -> DeviceRef? { present[key] }

    enum Kind { case path, udev(seat: String) }

    /// Creates the context. Returns nil with `reason` when libinput or udev cannot start.
    init(kind: Kind, verbose: Bool, configure: @escaping (DeviceRef) -> Void = { _ in }) throws(LibinputError) {
        self.configure = configure
        sink = SeamSink()
        sinkBox = Unmanaged.passRetained(sink)
        interface = .allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, flags, userData in
                guard let path else { return -EINVAL }
                let fd = open(path, flags)
                if fd >= 0 { return fd }
                let code = errno
                if let userData {
                    let sink = Unmanaged<SeamSink>.fromOpaque(userData).takeUnretainedValue()
                    let failure: OpenFailure = (code == EACCES || code == EPERM)
                        ? .permissionDenied : .other(code: code, reason: String(cString: strerror(code)))
                    sink.openFailures.append((String(cString: path), failure))
                }
                return -code
            },
            close_restricted: { fd, _ in _ = close(fd) }))
        switch kind {
        case .path:
            udev = nil
            guard let li = libinput_path_create_context(interface, sinkBox.toOpaque()) else {
                interface.deallocate(); sinkBox.release()
                throw .contextFailed("libinput_path_create_context failed")
            }
            self.li = li
        case .udev:
            guard let udev = udev_new() else {
                interface.deallocate(); sinkBox.release()
                throw .contextFailed("udev_new failed: no udev on this system")
            }
            self.udev = udev
            guard let li = libinput_udev_create_context(interface, sinkBox.toOpaque(), udev) else {
                udev_unref(udev); interface.deallocate(); sinkBox.release()
                throw .contextFailed("libinput_udev_create_context failed")
            }
            self.li = li
        }
        libinput_log_set_priority(li, verbose ? LIBINPUT_LOG_PRIORITY_INFO : LIBINPUT_LOG_PRIORITY_ERROR)
        libinput_log_set_handler(li) { li, priority, format, args in
            guard let li, let format, let args, let user = libinput_get_user_data(li) else { return }
            let sink = Unmanaged<SeamSink>.fromOpaque(user).takeUnretainedValue()
            var buffer = [CChar](repeating: 0, count: 1024)
            let n = Int(max(0, min(Int32(buffer.count - 1), vsnprintf(&buffer, buffer.count, format, args))))
            var line = String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            while line.hasSuffix("\n") { line.removeLast() }
            sink.log.append((priority == LIBINPUT_LOG_PRIORITY_ERROR, line))
        }
        if case .udev(let seat) = kind, libinput_udev_assign_seat(li, seat) != 0 {
            // Every stored property is set: deinit releases libinput, udev and the interface.
            let denied = sink.openFailures.filter { $0.failure == .permissionDenied }.map(\.path)
            if !denied.isEmpty { throw .permissionDenied(paths: denied) }
            throw .contextFailed("cannot assign seat \(seat) (libinput_udev_assign_seat failed)")
        }
    }

    deinit {
        libinput_unref(li)
        if let udev { udev_unref(udev) }
        interface.deinitialize(count: 1)
        interface.deallocate()
        sinkBox.release()
    }

    /// The fd to watch for readability (libinput's epoll fd; its timers wake it too).
    var fd: Int32 { libinput_get_fd(li) }

    /// Adds a device node (path backend). Returns nil when libinput refused it.
    func addPath(_ path: String) -> DeviceRef? {
        guard let dev = libinput_path_add_device(li, path) else { return nil }
        return DeviceRef(raw: dev)
    }

    /// Reads the fd and runs libinput's state machines (call when `fd` is readable).
    func dispatch() -> Int32 { libinput_dispatch(li) }

    /// Waits up to `timeoutMS` for the fd (negative: forever); a signal does not end the wait early.
    func wait(timeoutMS: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return Posix.retryingEINTR { poll(&p, 1, timeoutMS) } > 0
    }

    /// Takes the next queued event, decoded.
    func nextEvent() -> RawEvent? {
        guard let ev = libinput_get_event(li) else { return nil }
        defer { libinput_event_destroy(ev) }
        return decode(ev)
    }

    private func decode(_ ev: OpaquePointer) -> RawEvent {
        let ref = DeviceRef(raw: libinput_event_get_device(ev))
        let device = ref.key
        let type = libinput_event_get_type(ev)
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            present[device] = ref
            configure(ref)
            return .deviceAdded(RawDevice(key: device, name: ref.name, capabilities: ref.capabilities, naturalScroll: ref.naturalScroll),
                                time: MonotonicClock.microseconds())
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            present[device] = nil
            return .deviceRemoved(device, time: MonotonicClock.microseconds())
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            let k = libinput_event_get_keyboard_event(ev)
            return .keyboardKey(device, time: libinput_event_keyboard_get_time_usec(k),
                                key: libinput_event_keyboard_get_key(k),
                                pressed: libinput_event_keyboard_get_key_state(k) == LIBINPUT_KEY_STATE_PRESSED)
        case LIBINPUT_EVENT_POINTER_MOTION:
            let p = libinput_event_get_pointer_event(ev)
            return .pointerMotion(device, time: libinput_event_pointer_get_time_usec(p),
                                  dx: libinput_event_pointer_get_dx(p), dy: libinput_event_pointer_get_dy(p),
                                  rawDX: libinput_event_pointer_get_dx_unaccelerated(p),
                                  rawDY: libinput_event_pointer_get_dy_unaccelerated(p))
        case LIBINPUT_EVENT_POINTER_BUTTON:
            let p = libinput_event_get_pointer_event(ev)
            return .pointerButton(device, time: libinput_event_pointer_get_time_usec(p),
                                  button: libinput_event_pointer_get_button(p),
                                  pressed: libinput_event_pointer_get_button_state(p) == LIBINPUT_BUTTON_STATE_PRESSED)
        case LIBINPUT_EVENT_POINTER_SCROLL_WHEEL, LIBINPUT_EVENT_POINTER_SCROLL_FINGER,
             LIBINPUT_EVENT_POINTER_SCROLL_CONTINUOUS:
            let p = libinput_event_get_pointer_event(ev)
            let source: ScrollSourceC = type == LIBINPUT_EVENT_POINTER_SCROLL_WHEEL ? .wheel
                : type == LIBINPUT_EVENT_POINTER_SCROLL_FINGER ? .finger : .continuous
            var axes: [RawScrollAxis] = []
            for (axis, vertical) in [(LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL, true),
                                     (LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL, false)]
            where libinput_event_pointer_has_axis(p, axis) != 0 {
                axes.append(RawScrollAxis(
                    vertical: vertical, value: libinput_event_pointer_get_scroll_value(p, axis),
                    value120: source == .wheel ? libinput_event_pointer_get_scroll_value_v120(p, axis) : nil))
            }
            return .pointerScroll(device, time: libinput_event_pointer_get_time_usec(p), source: source, axes: axes)
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP,
             LIBINPUT_EVENT_TOUCH_CANCEL, LIBINPUT_EVENT_TOUCH_FRAME:
            let t = libinput_event_get_touch_event(ev)
            let phase: TouchPhaseC = switch type {
            case LIBINPUT_EVENT_TOUCH_DOWN: .down
            case LIBINPUT_EVENT_TOUCH_MOTION: .motion
            case LIBINPUT_EVENT_TOUCH_UP: .up
            case LIBINPUT_EVENT_TOUCH_CANCEL: .cancel
            default: .frame
            }
            // x/y exist only for down and motion (libinput logs a bug for the others).
            let positioned = phase == .down || phase == .motion
            let slot = (phase == .frame || phase == .cancel) ? -1 : libinput_event_touch_get_seat_slot(t)
            return .touch(device, time: libinput_event_touch_get_time_usec(t), phase: phase, slot: slot,
                          xMM: positioned ? libinput_event_touch_get_x(t) : 0,
                          yMM: positioned ? libinput_event_touch_get_y(t) : 0)
        case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN, LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE, LIBINPUT_EVENT_GESTURE_SWIPE_END,
             LIBINPUT_EVENT_GESTURE_PINCH_BEGIN, LIBINPUT_EVENT_GESTURE_PINCH_UPDATE, LIBINPUT_EVENT_GESTURE_PINCH_END,
             LIBINPUT_EVENT_GESTURE_HOLD_BEGIN, LIBINPUT_EVENT_GESTURE_HOLD_END:
            let g = libinput_event_get_gesture_event(ev)
            let kind: GestureKindC
            let phase: GesturePhaseC
            switch type {
            case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN: (kind, phase) = (.swipe, .begin)
            case LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE: (kind, phase) = (.swipe, .update)
            case LIBINPUT_EVENT_GESTURE_SWIPE_END: (kind, phase) = (.swipe, .end)
            case LIBINPUT_EVENT_GESTURE_PINCH_BEGIN: (kind, phase) = (.pinch, .begin)
            case LIBINPUT_EVENT_GESTURE_PINCH_UPDATE: (kind, phase) = (.pinch, .update)
            case LIBINPUT_EVENT_GESTURE_PINCH_END: (kind, phase) = (.pinch, .end)
            case LIBINPUT_EVENT_GESTURE_HOLD_BEGIN: (kind, phase) = (.hold, .begin)
            default: (kind, phase) = (.hold, .end)
            }
            // dx/dy exist for swipe/pinch updates; scale and angle for pinch; cancelled for ends.
            let moving = phase == .update && kind != .hold
            return .gesture(device, time: libinput_event_gesture_get_time_usec(g), kind: kind, phase: phase,
                            fingers: libinput_event_gesture_get_finger_count(g),
                            dx: moving ? libinput_event_gesture_get_dx(g) : 0,
                            dy: moving ? libinput_event_gesture_get_dy(g) : 0,
                            scale: kind == .pinch ? libinput_event_gesture_get_scale(g) : 1,
                            angle: kind == .pinch && phase == .update ? libinput_event_gesture_get_angle_delta(g) : 0,
                            cancelled: phase == .end && libinput_event_gesture_get_cancelled(g) != 0)
        default:
            // LIBINPUT_EVENT_POINTER_AXIS is the legacy twin of the scroll events above; taking
            // both would count every scroll twice.
            return .ignored(device)
        }
    }
}

// MARK: device configuration (libinput_device_config_*)

/// Result of one configuration call.
enum ConfigOutcome: Equatable {
    case applied
    case unsupported
    case invalid
}

extension DeviceRef {
    private func outcome(_ status: libinput_config_status) -> ConfigOutcome {
        switch status {
        case LIBINPUT_CONFIG_STATUS_SUCCESS: .applied
        case LIBINPUT_CONFIG_STATUS_UNSUPPORTED: .unsupported
        default: .invalid
        }
    }

    func setTapToClick(_ on: Bool) -> ConfigOutcome {
        guard libinput_device_config_tap_get_finger_count(raw) > 0 else { return .unsupported }
        return outcome(libinput_device_config_tap_set_enabled(raw, on ? LIBINPUT_CONFIG_TAP_ENABLED : LIBINPUT_CONFIG_TAP_DISABLED))
    }

    var tapToClick: Bool { libinput_device_config_tap_get_enabled(raw) == LIBINPUT_CONFIG_TAP_ENABLED }

    func setNaturalScroll(_ on: Bool) -> ConfigOutcome {
        guard libinput_device_config_scroll_has_natural_scroll(raw) != 0 else { return .unsupported }
        return outcome(libinput_device_config_scroll_set_natural_scroll_enabled(raw, on ? 1 : 0))
    }

    var naturalScroll: Bool { libinput_device_config_scroll_get_natural_scroll_enabled(raw) != 0 }

    func setScrollMethod(_ method: DeviceSettings.ScrollMethod) -> ConfigOutcome {
        let c: libinput_config_scroll_method = switch method {
        case .none: LIBINPUT_CONFIG_SCROLL_NO_SCROLL
        case .twoFinger: LIBINPUT_CONFIG_SCROLL_2FG
        case .edge: LIBINPUT_CONFIG_SCROLL_EDGE
        case .onButtonDown: LIBINPUT_CONFIG_SCROLL_ON_BUTTON_DOWN
        }
        if c != LIBINPUT_CONFIG_SCROLL_NO_SCROLL, libinput_device_config_scroll_get_methods(raw) & c.rawValue == 0 {
            return .unsupported
        }
        return outcome(libinput_device_config_scroll_set_method(raw, c))
    }

    func setAccelProfile(_ profile: DeviceSettings.AccelProfile) -> ConfigOutcome {
        let c = profile == .flat ? LIBINPUT_CONFIG_ACCEL_PROFILE_FLAT : LIBINPUT_CONFIG_ACCEL_PROFILE_ADAPTIVE
        guard libinput_device_config_accel_is_available(raw) != 0,
              libinput_device_config_accel_get_profiles(raw) & c.rawValue != 0 else { return .unsupported }
        return outcome(libinput_device_config_accel_set_profile(raw, c))
    }

    func setAccelSpeed(_ speed: Double) -> ConfigOutcome {
        guard libinput_device_config_accel_is_available(raw) != 0 else { return .unsupported }
        return outcome(libinput_device_config_accel_set_speed(raw, speed))
    }

    var accelSpeed: Double { libinput_device_config_accel_get_speed(raw) }

    func setDisableWhileTyping(_ on: Bool) -> ConfigOutcome {
        guard libinput_device_config_dwt_is_available(raw) != 0 else { return .unsupported }
        return outcome(libinput_device_config_dwt_set_enabled(raw, on ? LIBINPUT_CONFIG_DWT_ENABLED : LIBINPUT_CONFIG_DWT_DISABLED))
    }
}

// MARK: reading a device's configuration (`lodestone check`, issue 21.4)

extension DeviceRef {
    /// libinput's current configuration; nil for an option the device does not have.
    var configuration: LibinputDeviceConfiguration {
        var c = LibinputDeviceConfiguration(name: name, sysname: sysname)
        if libinput_device_config_tap_get_finger_count(raw) > 0 { c.tapToClick = tapToClick }
        if libinput_device_config_scroll_has_natural_scroll(raw) != 0 { c.naturalScroll = naturalScroll }
        if libinput_device_config_scroll_get_methods(raw) != 0 {
            c.scrollMethod = switch libinput_device_config_scroll_get_method(raw) {
            case LIBINPUT_CONFIG_SCROLL_2FG: "two-finger"
            case LIBINPUT_CONFIG_SCROLL_EDGE: "edge"
            case LIBINPUT_CONFIG_SCROLL_ON_BUTTON_DOWN: "on-button-down"
            default: "none"
            }
        }
        if libinput_device_config_click_get_methods(raw) != 0 {
            c.clickMethod = switch libinput_device_config_click_get_method(raw) {
            case LIBINPUT_CONFIG_CLICK_METHOD_BUTTON_AREAS: "button-areas"
            case LIBINPUT_CONFIG_CLICK_METHOD_CLICKFINGER: "clickfinger"
            default: "none"
            }
        }
        if libinput_device_config_dwt_is_available(raw) != 0 {
            c.disableWhileTyping = libinput_device_config_dwt_get_enabled(raw) == LIBINPUT_CONFIG_DWT_ENABLED
        }
        c.threeFingerDrag = ThreeFingerDrag.state(of: raw)
        return c
    }
}
