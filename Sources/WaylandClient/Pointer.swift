// wl_pointer: hides the compositor's cursor over surfaces where Lodestone draws its own
// pointer (set_cursor NULL) and elsewhere shows the window's P4 cursor, by name through
// cursor-shape-v1 where the compositor offers it, else from the XCursor theme (issue 32.2);
// decoded events go to PointerFrames, which assembles them into InputEvents per wl_pointer.frame.
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
    /// wp_cursor_shape_device_v1*, where the compositor offers cursor-shape (issue 32.2).
    private var shapeDevice: OpaquePointer?
    /// The version of wp_cursor_shape_manager_v1 the device's shapes are checked against.
    private var shapeVersion: UInt32 = 0
    /// The serial of the newest enter: set_cursor and set_shape name it.
    private var enterSerial: UInt32?
    /// The XCursor shown over the focused surface ("left_ptr"), nil while the compositor's
    /// cursor is hidden (Lodestone draws its own pointer), shown by cursor-shape, or no theme
    /// cursor could be loaded.
    package private(set) var themedCursor: String?
    /// What the compositor was last asked to show over our surface (issue 19, `--state-out`):
    /// "hidden" (set_cursor with no surface: Lodestone draws its own pointer), the cursor-shape
    /// name asked for (`default`, `nwse-resize` …), the theme cursor's name, or "no theme
    /// cursor"; nil before the pointer first entered.
    public private(set) var cursorRequest: String?
    /// How the compositor's cursor was last set: "cursor-shape-v1" (set_shape), "xcursor" (a
    /// theme image through set_cursor); nil while hidden or before the first enter.
    public private(set) var cursorSource: String?
    /// Natural or traditional scrolling, as the compositor's axis_relative_direction (wl_seat 9)
    /// last said; nil before a v9 compositor's first scroll.
    public var scrollDirection: ScrollDirection? { frames.direction }
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
        lodestone_wl_pointer_add_listener_v9(proxy, Pointer.listener, userData(self))
        let registry = seat.client.registry
        if let manager = registry.relativePointerManager,
           let r = zwp_relative_pointer_manager_v1_get_relative_pointer(manager, proxy) {
            relative = r
            zwp_relative_pointer_v1_add_listener(r, Pointer.relativeListener, userData(self))
        }
        if let manager = registry.cursorShapeManager {
            shapeDevice = lodestone_cursor_shape_get_pointer(manager, proxy)
            shapeVersion = registry.boundVersions["wp_cursor_shape_manager_v1"] ?? 1
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
        if let shapeDevice { lodestone_cursor_shape_device_destroy(shapeDevice) }
        shapeDevice = nil
        if let relative { zwp_relative_pointer_v1_destroy(relative) }
        relative = nil
        if wl_proxy_get_version(proxy) >= 3 { wl_pointer_release(proxy) } else { wl_pointer_destroy(proxy) }
    }

    private func entered(serial: UInt32, surface: OpaquePointer?, x: Double, y: Double) {
        focusedWindow = seat.client.window(for: surface)
        enterSerial = serial
        showCursor()
        frames.enter(x: x, y: y)
    }

    /// Asks the compositor for the focused window's cursor: none where Lodestone draws its own
    /// pointer, else the window's `cursorShape` (P4) by cursor-shape-v1 or from the theme.
    /// Called on enter and when the window's shape changes.
    func showCursor() {
        // A surface of ours that is no window (none yet) gets the arrow, as before issue 32.2.
        guard let serial = enterSerial else { return }
        if focusedWindow?.configuration.drawsOwnPointer ?? false {
            // Lodestone paints the pointer itself: hide the compositor's.
            wl_pointer_set_cursor(proxy, serial, nil, 0, 0)
            themedCursor = nil
            cursorRequest = "hidden"
            cursorSource = nil
            return
        }
        let shape = focusedWindow?.cursorShape ?? .default
        if let shapeDevice {
            let asked = shape.forManager(version: shapeVersion)
            lodestone_cursor_shape_set_shape(shapeDevice, serial, asked.rawValue)
            themedCursor = nil
            cursorRequest = asked.cssName
            cursorSource = "cursor-shape-v1"
            return
        }
        if cursor == nil { cursor = CursorTheme.fromEnvironment(registry: seat.client.registry) }
        // Sized for the surface's scale: a fractional 1.5 loads the theme at twice its size
        // (buffer scale 2), which the compositor shows at 1.5 without blur.
        let scale = Int32(focusedWindow?.scale.rounded(.up) ?? 1)
        let shown = shape.xcursorNames.first { cursor?.show($0, on: proxy, serial: serial, scale: scale) ?? false }
        themedCursor = shown
        cursorRequest = shown ?? "no theme cursor"
        cursorSource = shown == nil ? nil : "xcursor"
    }

    /// Every slot filled, axis_relative_direction (wl_seat 9) too: it only arrives where the seat
    /// was bound at 9, which Registry allows only with a libwayland that dispatches it.
    nonisolated(unsafe) private static let listener = makeListener(lodestone_wl_pointer_listener_v9(
        enter: { data, _, serial, surface, x, y in
            object(data, as: Pointer.self).entered(serial: serial, surface: surface, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
        },
        leave: { data, _, _, _ in
            let p = object(data, as: Pointer.self)
            p.focusedWindow = nil
            p.enterSerial = nil
            p.frames.leave()
        },
        motion: { data, _, time, x, y in
            object(data, as: Pointer.self).frames.motion(time: time, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
        },
        button: { data, _, serial, time, button, state in
            let p = object(data, as: Pointer.self)
            if state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue { p.lastPressSerial = serial }
            p.frames.button(time: time, code: button, pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue)
        },
        axis: { data, _, time, axis, value in
            object(data, as: Pointer.self).frames.axis(time: time, axis: axis, value: wl_fixed_to_double(value))
        },
        frame: { data, _ in object(data, as: Pointer.self).frames.frame() },
        axis_source: { data, _, source in object(data, as: Pointer.self).frames.axisSource(source) },
        axis_stop: { data, _, time, axis in object(data, as: Pointer.self).frames.axisStop(time: time, axis: axis) },
        axis_discrete: { data, _, axis, discrete in object(data, as: Pointer.self).frames.axisDiscrete(axis: axis, discrete: discrete) },
        axis_value120: { data, _, axis, value in object(data, as: Pointer.self).frames.axisValue120(axis: axis, value120: value) },
        axis_relative_direction: { data, _, axis, direction in
            object(data, as: Pointer.self).frames.axisRelativeDirection(axis: axis, inverted: direction == 1)
        }))

    nonisolated(unsafe) private static let relativeListener = makeListener(zwp_relative_pointer_v1_listener(
        relative_motion: { data, _, hi, lo, dx, dy, udx, udy in
            object(data, as: Pointer.self).frames.relativeMotion(
                microseconds: UInt64(hi) << 32 | UInt64(lo),
                delta: InputVector(dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy)),
                unaccelerated: InputVector(dx: wl_fixed_to_double(udx), dy: wl_fixed_to_double(udy)))
        }))
}
