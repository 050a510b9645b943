// Virtual input through the compositor (issue 33.6; I2, G11): a pointer and a keyboard this
// client drives itself, where the compositor offers wlroots' zwlr_virtual_pointer_manager_v1
// and zwp_virtual_keyboard_manager_v1 (sway, labwc, cage; not mutter, KWin or weston). What
// `lodestone dnd --auto` performs its drags with. The glue is hand-written
// (Modules/CWaylandVirtualInput): no package ships these protocols' XML.
//
// The pointer moves in absolute coordinates over the whole output layout, as fractions of it
// (wlroots maps x / x_extent onto the layout's box), each request followed by a frame. The
// keyboard carries a keymap compiled with xkbcommon (the system's defaults); wlroots does not
// derive modifiers from a virtual keyboard's keys (update_state is false there), so every key
// is followed by the modifier masks this side's own xkb state computes.
import CWayland
import CWaylandVirtualInput
import InputProtocol
import Posix
import Xkb
#if canImport(Glibc)
import Glibc
#endif

/// Why virtual input is unavailable: the globals the compositor does not offer (or no seat).
public struct VirtualInputUnavailable: Error, Equatable, CustomStringConvertible {
    public var missing: [String]
    public var reason: String?
    public var description: String {
        if let reason { return reason }
        return "the compositor offers no \(missing.joined(separator: " and no "))"
    }
}

public final class VirtualInput {
    public static let pointerManagerInterface = "zwlr_virtual_pointer_manager_v1"
    public static let keyboardManagerInterface = "zwp_virtual_keyboard_manager_v1"
    /// The absolute coordinates' extent on each axis: positions are fractions of it.
    static let extent: UInt32 = 1 << 16
    /// evdev BTN_LEFT.
    public static let leftButton: UInt32 = 0x110

    /// The virtual-input globals `client`'s compositor does not advertise, in protocol order.
    public static func missing(on client: Client) -> [String] {
        [pointerManagerInterface, keyboardManagerInterface].filter { client.registry.advertised[$0] == nil }
    }

    private let client: Client
    private let registry: OpaquePointer
    private var pointerManager: OpaquePointer?
    private var keyboardManager: OpaquePointer?
    private var pointer: OpaquePointer?
    private var keyboard: OpaquePointer?
    private let xkb: XkbState
    /// evdev codes held down through the virtual keyboard.
    public private(set) var keysDown: Set<UInt32> = []
    public private(set) var buttonsDown: Set<UInt32> = []
    /// Sync callbacks waiting for their done.
    private var syncs: [SyncWait] = []

    private final class SyncWait {
        var callback: OpaquePointer?
        let done: () -> Void
        weak var owner: VirtualInput?
        init(done: @escaping () -> Void, owner: VirtualInput) { self.done = done; self.owner = owner }
    }

    /// Binds both managers through a registry of its own and makes a pointer and a keyboard on
    /// the client's seat.
    public init(client: Client) throws(VirtualInputUnavailable) {
        let missing = Self.missing(on: client)
        guard missing.isEmpty else { throw VirtualInputUnavailable(missing: missing) }
        guard let seat = client.seat else {
            throw VirtualInputUnavailable(missing: [], reason: "the compositor offers no wl_seat for the virtual pointer and keyboard")
        }
        guard let xkb = XkbState.systemDefault() else {
            throw VirtualInputUnavailable(missing: [], reason: "xkbcommon compiles no keymap from the system's defaults (XKB_DEFAULT_*) for the virtual keyboard")
        }
        self.client = client
        self.xkb = xkb
        registry = wl_display_get_registry(client.display.handle)
        wl_registry_add_listener(registry, Self.registryListener, userData(self))
        _ = client.display.roundtrip()
        guard let pm = pointerManager, let km = keyboardManager else {
            throw VirtualInputUnavailable(missing: Self.missing(on: client), reason: "binding \(Self.pointerManagerInterface) and \(Self.keyboardManagerInterface) failed")
        }
        pointer = lodestone_virtual_pointer_create(pm, seat.proxy)
        keyboard = lodestone_virtual_keyboard_create(km, seat.proxy)
        if let reason = sendKeymap() { throw VirtualInputUnavailable(missing: [], reason: reason) }
        _ = client.display.flush()
    }

    deinit {
        for s in syncs { if let c = s.callback { wl_callback_destroy(c) } }
        if let pointer { lodestone_virtual_pointer_destroy(pointer) }
        if let keyboard { lodestone_virtual_keyboard_destroy(keyboard) }
        if let pointerManager { lodestone_virtual_pointer_manager_destroy(pointerManager) }
        if let keyboardManager { lodestone_virtual_keyboard_manager_release(keyboardManager) }
        wl_registry_destroy(registry)
        _ = client.display.flush()
    }

    /// The keymap as wl_keyboard.keymap carries it: xkb_v1 text, NUL-terminated, in a sealed memfd.
    private func sendKeymap() -> String? {
        let text = Array(xkb.text.utf8) + [0]
        guard text.count > 1, let keyboard else { return "the virtual keyboard's keymap is empty" }
        switch Sys.sealedMemfd(name: "lodestone-virtual-keymap", size: text.count) {
        case .failure(let e): return "the virtual keyboard's keymap: \(e)"
        case .success(let fd):
            defer { Sys.close(fd) }
            switch Sys.mapShared(fd: fd, size: text.count) {
            case .failure(let e): return "the virtual keyboard's keymap: \(e)"
            case .success(let p):
                text.withUnsafeBytes { p.copyMemory(from: $0.baseAddress!, byteCount: text.count) }
                Sys.unmap(p, size: text.count)
            }
            lodestone_virtual_keyboard_keymap(keyboard, Keymap.formatXKBv1, fd, UInt32(text.count))
            return nil
        }
    }

    private static func time() -> UInt32 { UInt32(truncatingIfNeeded: MonotonicClock.microseconds() / 1000) }

    /// Moves the pointer to (x, y), fractions of the output layout's width and height.
    public func move(toFraction x: Double, _ y: Double) {
        guard let pointer else { return }
        func scaled(_ v: Double) -> UInt32 { UInt32((min(1, max(0, v)) * Double(Self.extent)).rounded()) }
        lodestone_virtual_pointer_motion_absolute(pointer, Self.time(), scaled(x), scaled(y), Self.extent, Self.extent)
        lodestone_virtual_pointer_frame(pointer)
        _ = client.display.flush()
    }

    /// Presses or releases an evdev button (BTN_LEFT: `leftButton`).
    public func button(_ code: UInt32, pressed: Bool) {
        guard let pointer, Self.track(&buttonsDown, code, pressed) else { return }
        lodestone_virtual_pointer_button(pointer, Self.time(), code, pressed ? 1 : 0)
        lodestone_virtual_pointer_frame(pointer)
        _ = client.display.flush()
    }

    /// Presses or releases an evdev key, then says the modifiers that leaves held.
    public func key(_ code: UInt32, pressed: Bool) {
        guard let keyboard, Self.track(&keysDown, code, pressed) else { return }
        lodestone_virtual_keyboard_key(keyboard, Self.time(), code, pressed ? 1 : 0)
        _ = xkb.update(evdevKey: code, pressed: pressed)
        let m = xkb.modifiers
        lodestone_virtual_keyboard_modifiers(keyboard, xkb.mask(m.depressed), xkb.mask(m.latched), xkb.mask(m.locked), 0)
        _ = client.display.flush()
    }

    /// Notes `code` down or up in `held`; false when it already was (nothing to send).
    private static func track(_ held: inout Set<UInt32>, _ code: UInt32, _ pressed: Bool) -> Bool {
        pressed ? held.insert(code).inserted : held.remove(code) != nil
    }

    /// Lets go of every key and button still held.
    public func releaseAll() {
        for b in buttonsDown.sorted() { button(b, pressed: false) }
        for k in keysDown.sorted(by: >) { key(k, pressed: false) }
    }

    /// Calls `done` once the compositor has handled every request sent so far (wl_display.sync):
    /// the events those requests caused have then arrived.
    public func sync(_ done: @escaping () -> Void) {
        let wait = SyncWait(done: done, owner: self)
        guard let callback = wl_display_sync(client.display.handle) else { client.loop.soon(done); return }
        wait.callback = callback
        syncs.append(wait)
        wl_callback_add_listener(callback, Self.syncListener, userData(wait))
        _ = client.display.flush()
    }

    private func synced(_ wait: SyncWait) {
        if let c = wait.callback { wl_callback_destroy(c) }
        wait.callback = nil
        syncs.removeAll { $0 === wait }
        wait.done()
    }

    private func global(name: UInt32, interface: String) {
        switch interface {
        case Self.pointerManagerInterface where pointerManager == nil:
            pointerManager = OpaquePointer(wl_registry_bind(registry, name, lodestone_virtual_pointer_manager_interface(), 1))
        case Self.keyboardManagerInterface where keyboardManager == nil:
            keyboardManager = OpaquePointer(wl_registry_bind(registry, name, lodestone_virtual_keyboard_manager_interface(), 1))
        default: break
        }
    }

    nonisolated(unsafe) private static let registryListener = makeListener(wl_registry_listener(
        global: { data, _, name, interface, _ in
            object(data, as: VirtualInput.self).global(name: name, interface: String(cString: interface!))
        },
        global_remove: { _, _, _ in }))

    nonisolated(unsafe) private static let syncListener = makeListener(wl_callback_listener(
        done: { data, _, _ in
            let wait = object(data, as: SyncWait.self)
            wait.owner?.synced(wait)
        }))
}
