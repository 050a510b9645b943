// The compositor's wl_seat. Capabilities are handled symmetrically: the object for a
// capability is created when it appears and released when it goes, in one function
// (`capabilitiesChanged`). Pointer (+ gestures, relative motion), Keyboard (+ Keymap/xkb) and
// Touch live in their own files and emit through `emit`, one DeviceID per capability.
import CWayland
import InputProtocol

/// Device ids of the seat's devices within one stream: one per capability, so a touch screen
/// plugged in later is its own deviceAdded.
public enum SeatDevice {
    public static let pointer = DeviceID(1)
    public static let keyboard = DeviceID(2)
    public static let touch = DeviceID(3)
}

public final class Seat {
    /// wl_seat*
    let proxy: OpaquePointer
    /// The version wl_seat was bound at (9 brings the scroll direction).
    public let version: UInt32
    unowned let client: Client
    public private(set) var name: String?
    public private(set) var capabilities: DeviceCapabilities = []
    public private(set) var pointer: Pointer?
    private(set) var keyboard: KeyboardInput?
    private(set) var touch: TouchInput?
    /// The seat's wl_data_device, when the compositor has wl_data_device_manager v3.
    public private(set) var dataDevice: DataDevice?
    /// Every data-device event of this seat (drag and drop, selection), in order. Events before
    /// it is set are dropped: the device only reports what happens over a window.
    public var onDataDevice: ((DataDeviceEvent) -> Void)?
    /// Every event of this seat, in order. Events that arrive before it is set (the devices
    /// announced during the client's setup roundtrip) are delivered when it is set.
    public var onEvent: ((InputEvent) -> Void)? {
        didSet {
            guard let onEvent, !early.isEmpty else { return }
            let pending = early
            early.removeAll()
            pending.forEach(onEvent)
        }
    }
    private var early: [InputEvent] = []
    /// Where bad input from the compositor is reported (a keymap that does not load).
    public var report: (String) -> Void = Diagnostics.warning
    /// The keyboard's repeat rate (keys/s) and delay (ms) from wl_keyboard.repeat_info.
    public var keyRepeat: (rate: Int32, delay: Int32)? { keyboard?.repeatInfo }
    /// The keyboard focus came to this client (true) or left it (false).
    public var onKeyboardFocus: ((Bool) -> Void)?
    /// The seat's keyboard focus is on one of this client's surfaces.
    public var keyboardFocused: Bool { keyboard?.focused ?? false }
    /// The window with the keyboard focus: the one the key and modifier events go to (nil: none
    /// of this client's). Two windows of one client tell their keys apart by it (issue 33).
    public var keyboardFocusedWindow: Window? { client.window(for: keyboard?.focusedSurface) }

    init(client: Client, proxy: OpaquePointer, version: UInt32) {
        self.client = client
        self.proxy = proxy
        self.version = version
        wl_seat_add_listener(proxy, Seat.listener, userData(self))
        if let manager = client.registry.dataDeviceManager {
            dataDevice = DataDevice(manager: manager, seat: proxy, loop: client.loop,
                                    isOurSurface: { [unowned client] in client.window(for: $0) != nil }) { [unowned self] kind in
                self.onDataDevice?(DataDeviceEvent(time: DataDeviceEvent.now(), kind: kind))
            }
        }
    }

    deinit {
        pointer = nil
        keyboard = nil
        touch = nil
        // No events from a seat being deinitialised (its emit closure holds it unowned).
        dataDevice?.destroy(notify: false)
    }

    /// Stamps `kind` (SPEC T1: monotonic µs) and hands it on. Only a translation: InputPipeline
    /// keeps the stream's time non-decreasing and applies the key privacy policy (SPEC T3).
    func emit(_ kind: InputEventKind, device: DeviceID, _ time: EventTime = .none) {
        let now = Sys.monotonicNow()
        client.latencyProbe?.eventDispatched(at: now, kind: kind)
        let stamp = EventClock.stamp(time, now: UInt64(now * 1_000_000))
        let event = InputEvent(time: stamp, device: device, kind)
        if let onEvent { onEvent(event) } else { early.append(event) }
    }

    /// The one place objects for capabilities are made and released.
    private func capabilitiesChanged(_ new: DeviceCapabilities) {
        capabilities = new
        let seatName = name ?? "wl_seat"
        if new.contains(.pointer), pointer == nil {
            pointer = Pointer(seat: self)
            let gestures: DeviceCapabilities = client.registry.pointerGestures != nil ? .gesture : []
            emit(.deviceAdded(name: "\(seatName) pointer", capabilities: [.pointer, gestures]), device: SeatDevice.pointer)
            // wl_pointer.axis values follow the user's natural-scrolling choice in the compositor
            // (G1). From wl_seat 9 (a compositor and a libwayland that know it: Registry) the
            // pointer's axis_relative_direction says which, as `natural` or `traditional`, before
            // the first scroll (PointerFrames); libwayland 1.21 and sway 1.7 stop at 8.
            emit(.scrollDirection(.compositor), device: SeatDevice.pointer)
        } else if !new.contains(.pointer), let p = pointer {
            p.release()
            pointer = nil
            emit(.deviceRemoved, device: SeatDevice.pointer)
        }
        if new.contains(.keyboard), keyboard == nil, let proxy = wl_seat_get_keyboard(self.proxy) {
            keyboard = KeyboardInput(proxy: proxy, report: { [unowned self] in self.report($0) }) { [unowned self] kind, time in
                self.emit(kind, device: SeatDevice.keyboard, time)
            }
            keyboard?.onFocus = { [unowned self] in self.onKeyboardFocus?($0) }
            emit(.deviceAdded(name: "\(seatName) keyboard", capabilities: .keyboard), device: SeatDevice.keyboard)
        } else if !new.contains(.keyboard), let k = keyboard {
            k.destroy()
            keyboard = nil
            emit(.deviceRemoved, device: SeatDevice.keyboard)
        }
        if new.contains(.touch), touch == nil, let proxy = wl_seat_get_touch(self.proxy) {
            touch = TouchInput(proxy: proxy) { [unowned self] kind, time in self.emit(kind, device: SeatDevice.touch, time) }
            emit(.deviceAdded(name: "\(seatName) touch", capabilities: .touch), device: SeatDevice.touch)
        } else if !new.contains(.touch), let t = touch {
            t.destroy()
            touch = nil
            emit(.deviceRemoved, device: SeatDevice.touch)
        }
    }

    /// The wl_seat global went away: drop everything.
    func globalRemoved() {
        capabilitiesChanged([])
        dataDevice?.destroy()
        dataDevice = nil
    }

    nonisolated(unsafe) private static let listener = makeListener(wl_seat_listener(
        capabilities: { data, _, caps in
            var c: DeviceCapabilities = []
            if caps & WL_SEAT_CAPABILITY_POINTER.rawValue != 0 { c.insert(.pointer) }
            if caps & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0 { c.insert(.keyboard) }
            if caps & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0 { c.insert(.touch) }
            object(data, as: Seat.self).capabilitiesChanged(c)
        },
        name: { data, _, name in
            object(data, as: Seat.self).name = name.map { String(cString: $0) }
        }))
}
