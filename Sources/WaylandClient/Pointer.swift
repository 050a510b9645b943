// wl_pointer: hides the compositor's cursor over surfaces where Lodestone draws its own
// pointer (set_cursor NULL) and shows the XCursor theme's arrow elsewhere; decoded events go
// to PointerFrames, which assembles them into InputEvents per wl_pointer.frame.
import CWayland
import CWaylandProtocols
import InputProtocol

public final class Pointer {
    /// wl_pointer*
    let proxy: OpaquePointer
    private unowned let seat: Seat
    private var frames: PointerFrames
    /// zwp_relative_pointer_v1*, when the compositor offers relative-pointer.
    private var relative: OpaquePointer?
    /// Swipe, pinch and hold through zwp_pointer_gestures_v1, when offered.
    private var gestures: GestureInput?
    private var cursor: CursorTheme?
    /// The XCursor shown over the focused surface ("left_ptr"), nil while the compositor's
    /// cursor is hidden (Lodestone draws its own pointer) or no theme cursor could be loaded.
    package private(set) var themedCursor: String?
    /// What the compositor was last asked to show over our surface (issue 19, `--state-out`):
    /// "hidden" (set_cursor with no surface: Lodestone draws its own pointer), the theme
    /// cursor's name, or "no theme cursor"; nil before the pointer first entered.
    public private(set) var cursorRequest: String?
    /// The window under the pointer, if it is one of ours.
    public private(set) weak var focusedWindow: Window?
    /// Last position on the focused surface, in logical points.
    public var position: InputPoint? { frames.position }
    /// The serial of the newest button press on our surface: a drag out of the window
    /// (wl_data_device.start_drag) names the press that began it (issue 18.2).
    public private(set) var lastPressSerial: UInt32?

    init(seat: Seat) {
        self.seat = seat
        proxy = wl_seat_get_pointer(seat.proxy)!
        frames = PointerFrames(version: wl_proxy_get_version(proxy)) { [unowned seat] kind, time in
            seat.emit(kind, device: SeatDevice.pointer, time)
        }
        wl_pointer_add_listener(proxy, Pointer.listener, userData(self))
        let registry = seat.client.registry
        if let manager = registry.relativePointerManager,
           let r = zwp_relative_pointer_manager_v1_get_relative_pointer(manager, proxy) {
            relative = r
            zwp_relative_pointer_v1_add_listener(r, Pointer.relativeListener, userData(self))
        }
        if let manager = registry.pointerGestures {
            gestures = GestureInput(manager: manager, pointer: proxy) { [unowned seat] kind, time in
                seat.emit(kind, device: SeatDevice.pointer, time)
            }
        }
    }

    func release() {
        frames.forgetButtons()
        gestures?.destroy()
        gestures = nil
        if let relative { zwp_relative_pointer_v1_destroy(relative) }
        relative = nil
        if wl_proxy_get_version(proxy) >= 3 { wl_pointer_release(proxy) } else { wl_pointer_destroy(proxy) }
    }

    private func entered(serial: UInt32, surface: OpaquePointer?, x: Double, y: Double) {
        focusedWindow = seat.client.window(for: surface)
        if focusedWindow?.configuration.drawsOwnPointer ?? false {
            // Lodestone paints the pointer itself: hide the compositor's.
            wl_pointer_set_cursor(proxy, serial, nil, 0, 0)
            themedCursor = nil
            cursorRequest = "hidden"
        } else {
            if cursor == nil { cursor = CursorTheme.fromEnvironment(registry: seat.client.registry) }
            let shown = cursor?.show("left_ptr", on: proxy, serial: serial, scale: Int32(focusedWindow?.scale.rounded(.up) ?? 1)) ?? false
            themedCursor = shown ? "left_ptr" : nil
            cursorRequest = shown ? "left_ptr" : "no theme cursor"
        }
        frames.enter(x: x, y: y)
    }

    nonisolated(unsafe) private static let listener = makeListener({
        var l = wl_pointer_listener()
        l.enter = { data, _, serial, surface, x, y in
            object(data, as: Pointer.self).entered(serial: serial, surface: surface, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
        }
        l.leave = { data, _, _, _ in
            let p = object(data, as: Pointer.self)
            p.focusedWindow = nil
            p.frames.leave()
        }
        l.motion = { data, _, time, x, y in
            object(data, as: Pointer.self).frames.motion(time: time, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
        }
        l.button = { data, _, serial, time, button, state in
            let p = object(data, as: Pointer.self)
            if state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue { p.lastPressSerial = serial }
            p.frames.button(time: time, code: button, pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue)
        }
        l.axis = { data, _, time, axis, value in
            object(data, as: Pointer.self).frames.axis(time: time, axis: axis, value: wl_fixed_to_double(value))
        }
        l.frame = { data, _ in object(data, as: Pointer.self).frames.frame() }
        l.axis_source = { data, _, source in object(data, as: Pointer.self).frames.axisSource(source) }
        l.axis_stop = { data, _, time, axis in object(data, as: Pointer.self).frames.axisStop(time: time, axis: axis) }
        l.axis_discrete = { data, _, axis, discrete in object(data, as: Pointer.self).frames.axisDiscrete(axis: axis, discrete: discrete) }
        l.axis_value120 = { data, _, axis, value in object(data, as: Pointer.self).frames.axisValue120(axis: axis, value120: value) }
        // Newer headers add slots (libwayland 1.23: axis_relative_direction, wl_pointer v9):
        // no-ops, for the pointer is bound at v8 at most (issue 31, Debian 13).
        lodestone_fill_newer_pointer_slots(&l)
        return l
    }())

    nonisolated(unsafe) private static let relativeListener = makeListener(zwp_relative_pointer_v1_listener(
        relative_motion: { data, _, hi, lo, dx, dy, udx, udy in
            object(data, as: Pointer.self).frames.relativeMotion(
                microseconds: UInt64(hi) << 32 | UInt64(lo),
                delta: InputVector(dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy)),
                unaccelerated: InputVector(dx: wl_fixed_to_double(udx), dy: wl_fixed_to_double(udy)))
        }))
}
