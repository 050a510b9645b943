// The compositor's wl_seat. Capabilities are handled symmetrically: the object for a
// capability is created when it appears and released when it goes, in one function
// (`capabilitiesChanged`). Today the seat serves the pointer; keyboard (xkb), touch,
// gestures and relative motion grow here, each in its own file, emitting InputEvents.
import CWayland
import InputProtocol

public final class Seat {
    /// wl_seat*
    let proxy: OpaquePointer
    let version: UInt32
    unowned let client: Client
    public private(set) var name: String?
    public private(set) var capabilities: DeviceCapabilities = []
    public private(set) var pointer: Pointer?
    /// Every event of this seat, in order.
    public var onEvent: ((InputEvent) -> Void)?
    /// The DeviceID events of this seat carry.
    public let device = DeviceID(1)

    init(client: Client, proxy: OpaquePointer, version: UInt32) {
        self.client = client
        self.proxy = proxy
        self.version = version
        wl_seat_add_listener(proxy, Seat.listener, userData(self))
    }

    deinit {
        pointer = nil
    }

    private var clock = EventClock()

    /// Stamps `kind` (SPEC T1: monotonic µs, never decreasing) and hands it on.
    func emit(_ kind: InputEventKind, _ time: EventTime = .none) {
        let stamp = clock.stamp(time, now: UInt64(Sys.monotonicNow() * 1_000_000))
        onEvent?(InputEvent(time: stamp, device: device, kind))
    }

    /// The one place objects for capabilities are made and released.
    private func capabilitiesChanged(_ new: DeviceCapabilities) {
        let old = capabilities
        capabilities = new
        if new.contains(.pointer), pointer == nil {
            pointer = Pointer(seat: self)
        } else if !new.contains(.pointer), let p = pointer {
            p.release()
            pointer = nil
        }
        if old.isEmpty, !new.isEmpty {
            emit(.deviceAdded(name: name ?? "wl_seat", capabilities: new))
        } else if !old.isEmpty, new.isEmpty {
            emit(.deviceRemoved)
        }
    }

    /// The wl_seat global went away: drop everything.
    func globalRemoved() {
        capabilitiesChanged([])
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
